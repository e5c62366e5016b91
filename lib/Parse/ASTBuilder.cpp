//===- ASTBuilder.cpp - ANTLR parse tree of one chunk -> AST: expressions ===//
//
// One function per grammar rule. The tree is walked through the generated
// context classes; every node's range comes from its first and last token,
// and all text stays a StringRef into the source buffer. This file builds
// literals, expressions, operands and declarations; ASTStatements.cpp the
// statements and top-level items, and the entry points.
//
//===----------------------------------------------------------------------===//

#include "ASTBuilderImpl.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Error.h"

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace build {

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

const ast::IntExpr *Builder::intLit(const PtxToken *T) {
  return makeIntLiteral(*T, Ctx, [&](char C) {
    error(T->range(), "invalid digit '" + Twine(C) + "' in octal constant '" +
                          T->text() + "'");
  });
}

const ast::FloatExpr *Builder::floatLit(const PtxToken *T) {
  return makeFloatLiteral(*T, Ctx);
}

uint64_t Builder::intValue(TerminalNode *N) {
  const ast::IntExpr *I = intLit(tokOf(N));
  if (I->Overflow)
    error(I->Range,
          "integer constant '" + I->text() + "' does not fit in 64 bits");
  return I->Value;
}

//===----------------------------------------------------------------------===//
// Expressions and operands
//===----------------------------------------------------------------------===//

const ast::Expr *Builder::expr(P::ExprContext *C) {
  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  } G(Depth);
  if (Depth > MaxExprDepth) {
    if (!Failed)
      error(rangeOf(C), "expression nested more than " + Twine(MaxExprDepth) +
                            " levels deep");
    return Ctx.create<ast::IntExpr>(rangeOf(C), 0, ast::IntExpr::Radix::Decimal,
                                    false, false);
  }
  if (is<P::IntExprContext>(C))
    return intLit(tokAt(C, 0));
  if (is<P::NameExprContext>(C)) {
    const PtxToken *T = tokAt(C, 0);
    return Ctx.create<ast::NameExpr>(T->range(), T->text());
  }
  if (is<P::BinaryExprContext>(C)) {
    const ast::Expr *L = expr(exprAt(C, 0));
    const ast::Expr *R = expr(exprAt(C, 2));
    ast::BinaryOp Op;
    switch (tokAt(C, 1)->Type) {
    case Tok::STAR:
      Op = ast::BinaryOp::Mul;
      break;
    case Tok::SLASH:
      Op = ast::BinaryOp::Div;
      break;
    case Tok::PERCENT:
      Op = ast::BinaryOp::Rem;
      break;
    case Tok::PLUS:
      Op = ast::BinaryOp::Add;
      break;
    case Tok::MINUS:
      Op = ast::BinaryOp::Sub;
      break;
    case Tok::SHL:
      Op = ast::BinaryOp::Shl;
      break;
    case Tok::SHR:
      Op = ast::BinaryOp::Shr;
      break;
    case Tok::LT:
      Op = ast::BinaryOp::Lt;
      break;
    case Tok::GT:
      Op = ast::BinaryOp::Gt;
      break;
    case Tok::LE:
      Op = ast::BinaryOp::Le;
      break;
    case Tok::GE:
      Op = ast::BinaryOp::Ge;
      break;
    case Tok::EQEQ:
      Op = ast::BinaryOp::Eq;
      break;
    case Tok::NE:
      Op = ast::BinaryOp::Ne;
      break;
    case Tok::AMP:
      Op = ast::BinaryOp::BitAnd;
      break;
    case Tok::CARET:
      Op = ast::BinaryOp::BitXor;
      break;
    case Tok::PIPE:
      Op = ast::BinaryOp::BitOr;
      break;
    case Tok::ANDAND:
      Op = ast::BinaryOp::LogAnd;
      break;
    default:
      Op = ast::BinaryOp::LogOr;
      break;
    }
    return Ctx.create<ast::BinaryExpr>(rangeOf(C), Op, L, R);
  }
  if (is<P::UnaryExprContext>(C)) {
    ast::UnaryOp Op = ast::UnaryOp::Plus;
    switch (tokAt(C, 0)->Type) {
    case Tok::MINUS:
      Op = ast::UnaryOp::Neg;
      break;
    case Tok::TILDE:
      Op = ast::UnaryOp::BitNot;
      break;
    case Tok::BANG:
      Op = ast::UnaryOp::LogNot;
      break;
    default:
      break;
    }
    return Ctx.create<ast::UnaryExpr>(rangeOf(C), Op, expr(exprAt(C, 1)));
  }
  if (is<P::FloatExprContext>(C))
    return floatLit(tokAt(C, 0));
  if (is<P::ParenExprContext>(C))
    return expr(exprAt(C, 1));
  const ast::Expr *A = expr(exprAt(C, 0));
  const ast::Expr *B = expr(exprAt(C, 2));
  const ast::Expr *E = expr(exprAt(C, 4));
  return Ctx.create<ast::ConditionalExpr>(rangeOf(C), A, B, E);
}

/// An operand written as an expression: a bare name is a NameOperand, a
/// leading `!` is the Negated flag (`!p`, `!1`), anything else an ImmOperand.
const ast::Operand *Builder::exprOperand(const ast::Expr *E, SMRange R) {
  bool Negated = false;
  const ast::Expr *Inner = E;
  if (const auto *U = dyn_cast<ast::UnaryExpr>(E))
    if (U->Op == ast::UnaryOp::LogNot) {
      Negated = true;
      Inner = U->Sub;
    }
  ast::Operand *O;
  if (const auto *N = dyn_cast<ast::NameExpr>(Inner))
    O = Ctx.create<ast::NameOperand>(R, N->Name);
  else
    O = Ctx.create<ast::ImmOperand>(R, Inner);
  O->Negated = Negated;
  return O;
}

/// `a|b|c` and `-1|p` parse as `|` expressions; ptxas rejects them as
/// syntax errors (ptxas 13.0; cases count-00017 and imm-00003 of
/// test/Inputs/ptxas/cases.txt). A `|` inside
/// parentheses is an ordinary constant expression.
void Builder::checkNotBitOr(const ast::Operand *O) {
  const auto *Imm = dyn_cast<ast::ImmOperand>(O);
  if (!Imm || O->text().startswith("(") || O->text().startswith("!("))
    return;
  const auto *B = dyn_cast<ast::BinaryExpr>(Imm->Value);
  if (!B || B->Op != ast::BinaryOp::BitOr)
    return;
  const ast::Expr *Bad = isa<ast::NameExpr>(B->LHS) ? B->RHS : B->LHS;
  if (const auto *BB = dyn_cast<ast::BinaryExpr>(B->LHS))
    if (BB->Op == ast::BinaryOp::BitOr)
      Bad = B->RHS;
  error(Bad->Range, "invalid pair operand: expected a register or '_' on "
                    "each side of '|', and exactly two elements");
}

const ast::Operand *Builder::stringOperand(TerminalNode *N) {
  StringRef S = textOf(N);
  return Ctx.create<ast::StringOperand>(tokOf(N)->range(),
                                        S.drop_front().drop_back());
}

const ast::Operand *Builder::operand(P::OperandContext *C) {
  SMRange R = rangeOf(C);
  if (is<P::NameOperandContext>(C))
    return Ctx.create<ast::NameOperand>(R, tokAt(C, 0)->text());
  if (is<P::IntOperandContext>(C))
    return Ctx.create<ast::ImmOperand>(R, intLit(tokAt(C, 0)));
  if (is<P::ExprOperandContext>(C)) {
    const ast::Expr *X = expr(exprAt(C, 0));
    return exprOperand(X, R);
  }
  if (as<P::SinkOperandContext>(C))
    return Ctx.create<ast::SinkOperand>(R);
  if (is<P::ComponentOperandContext>(C))
    return Ctx.create<ast::NameOperand>(R, tokAt(C, 0)->text(),
                                        tokAt(C, 1)->text().drop_front());
  if (is<P::NegComponentOperandContext>(C)) {
    auto *N = Ctx.create<ast::NameOperand>(R, tokAt(C, 1)->text(),
                                           tokAt(C, 2)->text().drop_front());
    N->Minus = true;
    return N;
  }
  if (auto *Pr = as<P::PairOperandContext>(C)) {
    TerminalNode *A = Pr->IDENT(0);
    const ast::Operand *First =
        Ctx.create<ast::NameOperand>(tokOf(A)->range(), textOf(A));
    const ast::Operand *Second;
    if (TerminalNode *U = Pr->UNDERSCORE())
      Second = Ctx.create<ast::SinkOperand>(tokOf(U)->range());
    else
      Second = Ctx.create<ast::NameOperand>(tokOf(Pr->IDENT(1))->range(),
                                            textOf(Pr->IDENT(1)));
    return Ctx.create<ast::PairOperand>(R, First, Second);
  }
  if (auto *SP = as<P::SinkPairOperandContext>(C)) {
    const ast::Operand *First =
        Ctx.create<ast::SinkOperand>(tokOf(SP->UNDERSCORE())->range());
    const ast::Operand *Second = Ctx.create<ast::NameOperand>(
        tokOf(SP->IDENT())->range(), textOf(SP->IDENT()));
    return Ctx.create<ast::PairOperand>(R, First, Second);
  }
  if (is<P::AddressOperandContext>(C)) {
    const ast::Expr *Base = expr(exprAt(C, 1));
    SmallVector<const ast::Operand *, 4> Rest;
    for (size_t I = 3; I + 1 < C->children.size(); I += 2)
      Rest.push_back(operand(static_cast<P::OperandContext *>(C->children[I])));
    return Ctx.create<ast::AddressOperand>(R, Base, copy(Rest));
  }
  if (auto *VP = as<P::VectorPairOperandContext>(C)) {
    SmallVector<const ast::Operand *, 4> Elems;
    SMRange VR = R;
    for (P::OperandContext *O : VP->operand()) {
      Elems.push_back(operand(O));
      VR.End = Elems.back()->Range.End;
    }
    const ast::Operand *First = Ctx.create<ast::VectorOperand>(VR, copy(Elems));
    const ast::Operand *Second = Ctx.create<ast::NameOperand>(
        tokOf(VP->IDENT())->range(), textOf(VP->IDENT()));
    return Ctx.create<ast::PairOperand>(R, First, Second);
  }
  if (auto *V = as<P::VectorOperandContext>(C)) {
    SmallVector<const ast::Operand *, 4> Elems;
    for (P::OperandContext *O : V->operand())
      Elems.push_back(operand(O));
    return Ctx.create<ast::VectorOperand>(R, copy(Elems));
  }
  if (auto *L = as<P::ListOperandContext>(C)) {
    SmallVector<const ast::Operand *, 4> Elems;
    for (P::OperandContext *O : L->operand())
      Elems.push_back(operand(O));
    // `(1+2)` is a parenthesised immediate, not a call list (call lists
    // hold names only).
    if (Elems.size() == 1 && isa<ast::ImmOperand>(Elems[0]) &&
        !Elems[0]->Negated)
      return Ctx.create<ast::ImmOperand>(
          R, cast<ast::ImmOperand>(Elems[0])->Value);
    return Ctx.create<ast::ListOperand>(R, copy(Elems));
  }
  auto *S = static_cast<P::StringOperandContext *>(C);
  return stringOperand(S->STRING());
}

void Builder::operands(antlr4::ParserRuleContext *Stmt,
                       SmallVectorImpl<const ast::Operand *> &Out) {
  for (ParseTree *Ch : Stmt->children)
    if (ruleOf(Ch) == P::RuleOperand)
      Out.push_back(operand(static_cast<P::OperandContext *>(Ch)));
}

ArrayRef<const ast::Operand *>
Builder::directiveArgs(P::DirectiveArgsContext *C) {
  if (!C)
    return {};
  SmallVector<const ast::Operand *, 4> Args;
  for (P::DirectiveArgContext *A : C->directiveArg()) {
    if (TerminalNode *S = A->STRING())
      Args.push_back(stringOperand(S));
    else
      Args.push_back(exprOperand(expr(A->expr()), rangeOf(A)));
  }
  return copy(Args);
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

const ast::Initializer *Builder::initializer(P::InitializerContext *C) {
  SMRange R = rangeOf(C);
  if (auto *E = as<P::ExprInitContext>(C))
    return Ctx.create<ast::Initializer>(R, expr(E->expr()), false);
  if (auto *G = as<P::GenericInitContext>(C)) {
    if (textOf(G->IDENT()) != "generic")
      error(tokOf(G->IDENT())->range(),
            "unexpected '" + textOf(G->IDENT()) +
                "(' in initializer; only generic(symbol) is allowed");
    auto *In = Ctx.create<ast::Initializer>(R, expr(G->expr(0)), true);
    if (G->expr().size() > 1)
      In->Offset = expr(G->expr(1));
    return In;
  }
  auto *L = static_cast<P::ListInitContext *>(C);
  SmallVector<const ast::Initializer *, 8> Elems;
  for (P::InitializerContext *I : L->initializer())
    Elems.push_back(initializer(I));
  return Ctx.create<ast::Initializer>(R, copy(Elems));
}

const ast::VarDeclStmt *Builder::varDecl(antlr4::ParserRuleContext *Whole,
                                         P::SpaceContext *Space,
                                         ArrayRef<P::DeclAttrContext *> Attrs,
                                         ArrayRef<P::DeclaratorContext *> Decls,
                                         ast::Linkage Link,
                                         ArrayRef<ast::Qualifier> LinkQuals) {
  auto *D = Ctx.create<ast::VarDeclStmt>(rangeOf(Whole));
  D->Link = Link;
  SmallVector<ast::Qualifier, 8> Quals(LinkQuals.begin(), LinkQuals.end());
  const PtxToken *ST = static_cast<const PtxToken *>(Space->getStart());
  D->SpaceText = ST->text().drop_front();
  D->Space = ast::stateSpaceFromName(D->SpaceText);
  Quals.push_back({D->SpaceText, ST->loc()});
  for (P::DeclAttrContext *A : Attrs) {
    const PtxToken *T = static_cast<const PtxToken *>(A->getStart());
    StringRef W = T->text().drop_front();
    Quals.push_back({W, T->loc()});
    if (TerminalNode *N = A->INT()) {
      uint64_t V = intValue(N);
      (D->IsPtr ? D->PtrAlign : D->Align) = V;
    } else if (A->PTR()) {
      D->IsPtr = true;
    } else if (A->space()) {
      if (D->IsPtr)
        D->PtrSpace = W;
      else
        D->Type = W; // an odd spelling; Sema reports
    } else if (W.size() == 2 && W[0] == 'v' &&
               (W[1] == '2' || W[1] == '4' || W[1] == '8')) {
      D->VectorWidth = W[1] - '0';
    } else if (D->IsPtr) {
      D->PtrSpace = W;
    } else {
      D->Type = W;
    }
  }
  D->Attributes = copy(Quals);
  SmallVector<ast::Declarator, 4> Out;
  for (P::DeclaratorContext *DC : Decls) {
    ast::Declarator X;
    X.Range = rangeOf(DC);
    X.Name = static_cast<const PtxToken *>(DC->getStart())->text();
    if (TerminalNode *N = DC->INT()) {
      X.HasRangeCount = true;
      X.RangeCount = intValue(N);
    }
    SmallVector<ast::ArrayDim, 2> Dims;
    for (P::ArrayDimContext *AD : DC->arrayDim()) {
      ast::ArrayDim Dim;
      Dim.Range = rangeOf(AD);
      if (P::ExprContext *E = AD->expr())
        Dim.Size = expr(E);
      Dims.push_back(Dim);
    }
    X.Dims = copy(Dims);
    if (P::InitializerContext *I = DC->initializer())
      X.Init = initializer(I);
    Out.push_back(X);
  }
  D->Declarators = copy(Out);
  return D;
}

ArrayRef<const ast::VarDeclStmt *>
Builder::params(ArrayRef<P::ParamContext *> Ps) {
  SmallVector<const ast::VarDeclStmt *, 8> Out;
  for (P::ParamContext *PC : Ps) {
    P::DeclaratorContext *One[] = {PC->declarator()};
    Out.push_back(
        varDecl(PC, PC->space(), PC->declAttr(), One, ast::Linkage::None, {}));
  }
  return copy(Out);
}

} // namespace build

const ast::IntExpr *makeIntLiteral(const PtxToken &T, ast::ASTContext &Ctx,
                                   function_ref<void(char)> BadDigit) {
  StringRef S = T.text();
  bool Unsigned = S.consume_back("U");
  ast::IntExpr::Radix Rdx = ast::IntExpr::Radix::Decimal;
  unsigned Base = 10;
  if (S.size() > 2 && S[0] == '0' && (S[1] == 'x' || S[1] == 'X')) {
    Rdx = ast::IntExpr::Radix::Hex;
    Base = 16;
    S = S.drop_front(2);
  } else if (S.size() > 2 && S[0] == '0' && (S[1] == 'b' || S[1] == 'B')) {
    Rdx = ast::IntExpr::Radix::Binary;
    Base = 2;
    S = S.drop_front(2);
  } else if (S.size() > 1 && S[0] == '0') {
    Rdx = ast::IntExpr::Radix::Octal;
    Base = 8;
    S = S.drop_front(1);
  }
  uint64_t V = 0;
  bool Overflow = false;
  for (char C : S) {
    unsigned D;
    if (C >= '0' && C <= '9')
      D = C - '0';
    else if (C >= 'a' && C <= 'f')
      D = C - 'a' + 10;
    else
      D = C - 'A' + 10;
    if (D >= Base) {
      BadDigit(C);
      D = 0;
    }
    uint64_t N;
    if (__builtin_mul_overflow(V, static_cast<uint64_t>(Base), &N) ||
        __builtin_add_overflow(N, static_cast<uint64_t>(D), &N))
      Overflow = true;
    V = V * Base + D; // value modulo 2^64
  }
  return Ctx.create<ast::IntExpr>(T.range(), V, Rdx, Unsigned, Overflow);
}

const ast::FloatExpr *makeFloatLiteral(const PtxToken &T,
                                       ast::ASTContext &Ctx) {
  StringRef S = T.text();
  if (S.size() > 2 && S[0] == '0' &&
      (S[1] == 'f' || S[1] == 'F' || S[1] == 'd' || S[1] == 'D')) {
    uint64_t Bits = 0;
    S.drop_front(2).getAsInteger(16, Bits);
    bool F32 = S[1] == 'f' || S[1] == 'F';
    return Ctx.create<ast::FloatExpr>(T.range(),
                                      F32 ? ast::FloatExpr::Spelling::HexF32
                                          : ast::FloatExpr::Spelling::HexF64,
                                      Bits);
  }
  APFloat F(APFloat::IEEEdouble());
  auto St = F.convertFromString(S, APFloat::rmNearestTiesToEven);
  if (!St)
    consumeError(St.takeError());
  return Ctx.create<ast::FloatExpr>(T.range(),
                                    ast::FloatExpr::Spelling::Decimal,
                                    F.bitcastToAPInt().getZExtValue());
}

} // namespace parse
} // namespace ptxwarp
