//===- ASTBuilder.cpp - ANTLR parse tree of one chunk -> AST
//---------------===//
//
// One function per grammar rule. The tree is walked through the generated
// context classes; every node's range comes from its first and last token,
// and all text stays a StringRef into the source buffer.
//
//===----------------------------------------------------------------------===//

#include "ASTBuilder.h"
#include "Token.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Error.h"

using namespace llvm;
using P = ptxwarp_antlr::PTXParser;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;

namespace ptxwarp {
namespace parse {
namespace {

/// Expressions nested deeper than this are rejected (keeps every recursive
/// walk of the AST, here and in its users, far from the stack limit).
constexpr unsigned MaxExprDepth = 512;

/// Exact-type test by type_info identity, for the generated context classes
/// only: their key functions are in the generated parser compiled into this
/// library, so their type_info objects are unique. This replaces
/// dynamic_cast, which dominated the builder's profile.
template <typename T> T *as(ParseTree *N) {
  return &typeid(*N) == &typeid(T) ? static_cast<T *>(N) : nullptr;
}
template <typename T> bool is(ParseTree *N) {
  return &typeid(*N) == &typeid(T);
}
/// Whether \p N is a terminal (or error) node. TerminalNodeImpl's
/// type_info may exist twice (in the ANTLR runtime library and as a weak copy
/// in the executable), so its address cannot be compared; instead each
/// dynamic type seen is classified once with dynamic_cast and cached.
bool isTerminal(ParseTree *N) {
  struct Entry {
    const std::type_info *TI;
    bool Terminal;
  };
  static thread_local Entry Cache[96];
  static thread_local unsigned Size = 0;
  const std::type_info *TI = &typeid(*N);
  for (unsigned I = 0; I < Size; ++I)
    if (Cache[I].TI == TI) {
      bool T = Cache[I].Terminal;
      if (I > 0) // move towards the front: a few types are most of the hits
        std::swap(Cache[I], Cache[I - 1]);
      return T;
    }
  bool T = dynamic_cast<TerminalNode *>(N) != nullptr;
  if (Size < 96)
    Cache[Size++] = {TI, T};
  return T;
}
/// Children are terminals or rule contexts; rule contexts know their rule.
size_t ruleOf(ParseTree *N) {
  if (isTerminal(N))
    return ~size_t(0);
  return static_cast<antlr4::RuleContext *>(N)->getRuleIndex();
}
const PtxToken *tokAt(antlr4::ParserRuleContext *C, size_t I) {
  return static_cast<const PtxToken *>(
      static_cast<TerminalNode *>(C->children[I])->getSymbol());
}
P::ExprContext *exprAt(antlr4::ParserRuleContext *C, size_t I) {
  return static_cast<P::ExprContext *>(C->children[I]);
}

const PtxToken *tokOf(TerminalNode *N) {
  return static_cast<const PtxToken *>(N->getSymbol());
}
StringRef textOf(TerminalNode *N) { return tokOf(N)->text(); }

SMRange rangeOf(antlr4::ParserRuleContext *C) {
  auto *S = static_cast<const PtxToken *>(C->getStart());
  auto *E = static_cast<const PtxToken *>(C->getStop());
  if (!E || E->Start < S->Start)
    E = S;
  return SMRange(S->loc(), SMLoc::getFromPointer(E->Start + E->Len));
}
SMRange span(const PtxToken *S, const PtxToken *E) {
  return SMRange(S->loc(), SMLoc::getFromPointer(E->Start + E->Len));
}

class Builder {
public:
  Builder(ast::ASTContext &Ctx, std::vector<SyntaxIssue> &Issues)
      : Ctx(Ctx), Issues(Issues) {}

  const ast::Stmt *topItem(P::TopItemContext *C);
  const ast::Stmt *statement(P::StatementContext *C);

private:
  template <typename T> ArrayRef<T> copy(const SmallVectorImpl<T> &V) {
    return Ctx.copy(ArrayRef<T>(V));
  }
  void error(SMRange R, const Twine &Msg) {
    Failed = true;
    Issues.push_back({R, Msg.str()});
  }

  // Literals.
  const ast::IntExpr *intLit(const PtxToken *T);
  const ast::FloatExpr *floatLit(const PtxToken *T);
  uint64_t intValue(TerminalNode *N);

  // Expressions and operands.
  const ast::Expr *expr(P::ExprContext *C);
  const ast::Operand *operand(P::OperandContext *C);
  const ast::Operand *exprOperand(const ast::Expr *E, SMRange R);
  void operands(antlr4::ParserRuleContext *Stmt,
                SmallVectorImpl<const ast::Operand *> &Out);
  ArrayRef<const ast::Operand *> directiveArgs(P::DirectiveArgsContext *C);
  const ast::Operand *stringOperand(TerminalNode *N);
  void checkNotBitOr(const ast::Operand *O);

  // Declarations.
  const ast::VarDeclStmt *varDecl(antlr4::ParserRuleContext *Whole,
                                  P::SpaceContext *Space,
                                  ArrayRef<P::DeclAttrContext *> Attrs,
                                  ArrayRef<P::DeclaratorContext *> Decls,
                                  ast::Linkage Link,
                                  ArrayRef<ast::Qualifier> LinkQuals);
  const ast::Initializer *initializer(P::InitializerContext *C);
  ArrayRef<const ast::VarDeclStmt *> params(ArrayRef<P::ParamContext *> Ps);

  // Statements.
  const ast::BlockStmt *block(P::BlockContext *C);
  const ast::Stmt *instruction(antlr4::ParserRuleContext *Whole,
                               P::GuardContext *G, TerminalNode *Opcode);
  const ast::Stmt *labelTail(P::IdentStmtContext *C, P::LabelTailContext *T);
  const ast::Stmt *function(P::FunctionContext *C, ast::Linkage Link,
                            SMRange LinkRange, SMRange Whole);
  const ast::Stmt *section(P::SectionDirContext *C);

public:
  const ast::Stmt *sectionItem(P::SectionItemContext *I);

private:
  const ast::PragmaStmt *pragma(P::PragmaDirContext *C);

  ast::ASTContext &Ctx;
  std::vector<SyntaxIssue> &Issues;
  unsigned Depth = 0;

public:
  bool Failed = false;
};

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

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

const ast::Stmt *Builder::instruction(antlr4::ParserRuleContext *Whole,
                                      P::GuardContext *G,
                                      TerminalNode *Opcode) {
  auto *I = Ctx.create<ast::InstructionStmt>(rangeOf(Whole));
  if (G) {
    I->G.Pred = textOf(G->IDENT());
    I->G.Negated = G->BANG() != nullptr;
    I->G.Range = rangeOf(G);
  }
  I->Opcode = textOf(Opcode);
  I->OpcodeRange = tokOf(Opcode)->range();
  // Qualifiers are the terminals right after the opcode (an inline token
  // set in the grammar).
  SmallVector<ast::Qualifier, 8> Q;
  size_t K = 0;
  while (Whole->children[K] != Opcode)
    ++K;
  for (++K; K < Whole->children.size(); ++K) {
    ParseTree *Ch = Whole->children[K];
    if (ruleOf(Ch) != ~size_t(0))
      break;
    const PtxToken *T = tokOf(static_cast<TerminalNode *>(Ch));
    if (T->Type == Tok::SEMI)
      break;
    Q.push_back({T->text().drop_front(), T->loc()});
  }
  I->Qualifiers = copy(Q);
  SmallVector<const ast::Operand *, 8> O;
  operands(Whole, O);
  // ptxas accepts the sink `_` only as the destination (first operand);
  // anywhere else it is a syntax error (ptxas 13.0; cases sink-00004,
  // sink-00025 of test/Inputs/ptxas/cases.txt: vote/redux/match/mov sources).
  for (const ast::Operand *Op : O)
    checkNotBitOr(Op);
  // Likewise a `d|p` pair (case rand-01207).
  for (size_t K = 1; K < O.size(); ++K) {
    if (isa<ast::SinkOperand>(O[K]))
      error(O[K]->Range, "the sink '_' is only allowed as the destination "
                         "(first operand)");
    else if (isa<ast::PairOperand>(O[K]))
      error(O[K]->Range, "a 'd|p' pair is only allowed as the destination "
                         "(first operand)");
  }
  I->Operands = copy(O);
  return I;
}

const ast::Stmt *Builder::labelTail(P::IdentStmtContext *C,
                                    P::LabelTailContext *T) {
  StringRef Label = textOf(C->IDENT());
  if (T->CALLPROTOTYPE()) {
    auto *S = Ctx.create<ast::CallPrototypeStmt>(rangeOf(C));
    S->Label = Label;
    if (P::ReturnListContext *RL = T->returnList()) {
      S->HasReturnList = true;
      S->ReturnParams = params(RL->param());
    }
    if (P::ParamListContext *PL = T->paramList())
      S->Params = params(PL->param());
    SmallVector<ast::Qualifier, 2> Attrs;
    for (TerminalNode *D : T->DOT_IDENT())
      Attrs.push_back({textOf(D).drop_front(), tokOf(D)->loc()});
    S->Attributes = copy(Attrs);
    return S;
  }
  SmallVector<const ast::Operand *, 8> Targets;
  for (TerminalNode *N : T->IDENT())
    Targets.push_back(
        Ctx.create<ast::NameOperand>(tokOf(N)->range(), textOf(N)));
  return Ctx.create<ast::TargetListStmt>(T->BRANCHTARGETS()
                                             ? ast::Stmt::Kind::BranchTargets
                                             : ast::Stmt::Kind::CallTargets,
                                         rangeOf(C), Label, copy(Targets));
}

const ast::PragmaStmt *Builder::pragma(P::PragmaDirContext *C) {
  SmallVector<const ast::Operand *, 2> Strs;
  for (TerminalNode *S : C->STRING())
    Strs.push_back(stringOperand(S));
  return Ctx.create<ast::PragmaStmt>(rangeOf(C), copy(Strs));
}

const ast::Stmt *Builder::statement(P::StatementContext *C) {
  if (auto *I = as<P::IdentStmtContext>(C)) {
    if (C->children.size() > 1 && ruleOf(C->children[1]) == ~size_t(0) &&
        tokAt(C, 1)->Type == Tok::COLON) {
      if (P::LabelTailContext *T = I->labelTail())
        return labelTail(I, T);
      return Ctx.create<ast::LabelStmt>(rangeOf(C), textOf(I->IDENT()));
    }
    return instruction(C, nullptr, static_cast<TerminalNode *>(C->children[0]));
  }
  if (is<P::GuardedInstrContext>(C))
    return instruction(C, static_cast<P::GuardContext *>(C->children[0]),
                       static_cast<TerminalNode *>(C->children[1]));
  if (auto *V = as<P::LocalVarContext>(C)) {
    P::VarDeclContext *VD = V->varDecl();
    return varDecl(C, VD->space(), VD->declAttr(), VD->declarator(),
                   ast::Linkage::None, {});
  }
  if (auto *L = as<P::LocDirContext>(C)) {
    auto *S = Ctx.create<ast::LocStmt>(rangeOf(C));
    auto Ints = L->INT();
    S->FileIndex = intValue(Ints[0]);
    S->Line = intValue(Ints[1]);
    S->Column = intValue(Ints[2]);
    for (P::LocAttrContext *A : L->locAttr()) {
      auto Ids = A->IDENT();
      StringRef Key = textOf(Ids[0]);
      auto AI = A->INT();
      if (Key == "function_name" && Ids.size() == 2) {
        const PtxToken *E = A->PLUS() ? tokOf(AI[0]) : tokOf(Ids[1]);
        S->FunctionName = ast::textOf(span(tokOf(Ids[1]), E));
      } else if (Key == "inlined_at" && AI.size() == 3) {
        S->HasInlinedAt = true;
        S->InlinedFile = intValue(AI[0]);
        S->InlinedLine = intValue(AI[1]);
        S->InlinedColumn = intValue(AI[2]);
      } else {
        error(tokOf(Ids[0])->range(),
              "unexpected '" + Key +
                  "' in .loc; expected function_name or inlined_at");
      }
    }
    return S;
  }
  if (auto *Pr = as<P::BodyPragmaContext>(C))
    return pragma(Pr->pragmaDir());
  if (auto *D = as<P::BodyDirectiveContext>(C))
    return Ctx.create<ast::DirectiveStmt>(rangeOf(C),
                                          textOf(D->DOT_IDENT()).drop_front(),
                                          directiveArgs(D->directiveArgs()));
  auto *B = static_cast<P::BlockStmtContext *>(C);
  return block(B->block());
}

const ast::BlockStmt *Builder::block(P::BlockContext *C) {
  SmallVector<const ast::Stmt *, 32> Body;
  for (ParseTree *Ch : C->children)
    if (ruleOf(Ch) == P::RuleStatement)
      Body.push_back(statement(static_cast<P::StatementContext *>(Ch)));
  return Ctx.create<ast::BlockStmt>(rangeOf(C), copy(Body));
}

const ast::Stmt *Builder::function(P::FunctionContext *C, ast::Linkage Link,
                                   SMRange LinkRange, SMRange Whole) {
  auto *F = Ctx.create<ast::FunctionStmt>(Whole);
  F->IsEntry = C->ENTRY() != nullptr;
  F->Link = Link;
  F->LinkageRange = LinkRange;
  F->Name = textOf(C->IDENT());
  F->NameRange = tokOf(C->IDENT())->range();
  if (P::ReturnListContext *RL = C->returnList()) {
    F->HasReturnList = true;
    F->ReturnParams = params(RL->param());
  }
  if (P::ParamListContext *PL = C->paramList()) {
    F->HasParamList = true;
    F->Params = params(PL->param());
  }
  SmallVector<const ast::DirectiveStmt *, 4> Dirs;
  for (P::FuncAttrContext *A : C->funcAttr()) {
    if (TerminalNode *D = A->DOT_IDENT()) {
      Dirs.push_back(
          Ctx.create<ast::DirectiveStmt>(rangeOf(A), textOf(D).drop_front(),
                                         directiveArgs(A->directiveArgs())));
      continue;
    }
    SmallVector<const ast::Operand *, 2> Strs;
    for (TerminalNode *S : A->STRING())
      Strs.push_back(stringOperand(S));
    Dirs.push_back(
        Ctx.create<ast::DirectiveStmt>(rangeOf(A), "pragma", copy(Strs)));
  }
  F->Directives = copy(Dirs);
  if (P::BlockContext *B = C->block())
    F->Body = block(B);
  return F;
}

const ast::Stmt *Builder::section(P::SectionDirContext *C) {
  auto *S = Ctx.create<ast::SectionStmt>(rangeOf(C));
  S->Name = textOf(C->DOT_IDENT());
  SmallVector<const ast::Stmt *, 64> Body;
  for (P::SectionItemContext *I : C->sectionItem())
    Body.push_back(sectionItem(I));
  S->Body = copy(Body);
  return S;
}

const ast::Stmt *Builder::sectionItem(P::SectionItemContext *I) {
  if (auto *L = as<P::SectionLabelContext>(I))
    return Ctx.create<ast::LabelStmt>(rangeOf(I), textOf(L->IDENT()));
  auto *D = static_cast<P::SectionDataContext *>(I);
  // A dwarf line ends at the end of its line (PTX ISA 11.5.2, .section);
  // ptxas 13.0 rejects `.b8 1;` there ("Parsing error near ';'").
  if (TerminalNode *Semi = D->SEMI())
    error(tokOf(Semi)->range(), "a data line inside a .section takes no ';'");
  SmallVector<const ast::Operand *, 16> Vals;
  for (P::DataValueContext *V : D->dataValue()) {
    if (TerminalNode *Str = V->STRING()) {
      Vals.push_back(stringOperand(Str));
    } else if (TerminalNode *Sec = V->DOT_IDENT()) {
      // `.debug_loc+131` (PTX ISA 11.5.2): the section's name, as nvcc -G
      // writes it, plus an offset.
      const ast::Expr *X =
          Ctx.create<ast::NameExpr>(tokOf(Sec)->range(), textOf(Sec));
      if (P::ExprContext *Off = V->expr())
        X = Ctx.create<ast::BinaryExpr>(rangeOf(V), ast::BinaryOp::Add, X,
                                        expr(Off));
      Vals.push_back(exprOperand(X, rangeOf(V)));
    } else
      Vals.push_back(exprOperand(expr(V->expr()), rangeOf(V)));
  }
  return Ctx.create<ast::DataDirectiveStmt>(
      rangeOf(I), textOf(D->DOT_IDENT()).drop_front(), copy(Vals));
}

const ast::Stmt *Builder::topItem(P::TopItemContext *C) {
  SMRange R = rangeOf(C);
  if (auto *L = as<P::LinkedItemContext>(C)) {
    ast::Linkage Link = ast::Linkage::None;
    SMRange LinkRange;
    SmallVector<ast::Qualifier, 2> LinkQuals;
    for (P::LinkageContext *LC : L->linkage()) {
      const PtxToken *T = static_cast<const PtxToken *>(LC->getStart());
      LinkRange = T->range();
      LinkQuals.push_back({T->text().drop_front(), T->loc()});
      switch (T->Type) {
      case Tok::VISIBLE:
        Link = ast::Linkage::Visible;
        break;
      case Tok::EXTERN:
        Link = ast::Linkage::Extern;
        break;
      case Tok::WEAK:
        Link = ast::Linkage::Weak;
        break;
      default:
        Link = ast::Linkage::Common;
        break;
      }
    }
    P::DeclOrFuncContext *DF = L->declOrFunc();
    if (auto *F = as<P::FunctionContext>(DF))
      return function(F, Link, LinkRange, R);
    auto *G = static_cast<P::GlobalVarContext *>(DF);
    P::VarDeclContext *VD = G->varDecl();
    return varDecl(C, VD->space(), VD->declAttr(), VD->declarator(), Link,
                   LinkQuals);
  }
  if (auto *V = as<P::VersionDirContext>(C)) {
    auto *S = Ctx.create<ast::VersionStmt>(R);
    TerminalNode *N = V->FLOAT() ? V->FLOAT() : V->INT();
    S->VersionText = textOf(N);
    StringRef Maj, Min;
    std::tie(Maj, Min) = S->VersionText.split('.');
    // Two integers: to ptxas 13.0 `6.10` is newer than `6.5`
    // (unittests/ISA/TargetTests.cpp, test/Sema/version-5-10.ptx).
    if (Maj.getAsInteger(10, S->Major) ||
        (!Min.empty() && Min.getAsInteger(10, S->Minor)))
      error(tokOf(N)->range(),
            "invalid .version '" + S->VersionText + "'; expected MAJOR.MINOR");
    return S;
  }
  if (auto *T = as<P::TargetDirContext>(C)) {
    SmallVector<ast::TargetStmt::Entry, 2> Es;
    for (TerminalNode *N : T->IDENT())
      Es.push_back({textOf(N), tokOf(N)->range()});
    return Ctx.create<ast::TargetStmt>(R, copy(Es));
  }
  if (auto *A = as<P::AddressSizeDirContext>(C))
    return Ctx.create<ast::AddressSizeStmt>(R, intLit(tokOf(A->INT())));
  if (auto *F = as<P::FileDirContext>(C)) {
    auto *S = Ctx.create<ast::FileStmt>(R);
    auto Ints = F->INT();
    S->Index = intValue(Ints[0]);
    S->FileName = textOf(F->STRING()).drop_front().drop_back();
    if (Ints.size() == 3) {
      S->HasTimestamp = true;
      S->Timestamp = intValue(Ints[1]);
      S->Size = intValue(Ints[2]);
    } else if (Ints.size() != 1) {
      error(tokOf(Ints.back())->range(),
            ".file takes a timestamp and a size after the name, or neither");
    }
    return S;
  }
  if (auto *Pr = as<P::TopPragmaContext>(C))
    return pragma(Pr->pragmaDir());
  if (auto *S = as<P::SectionDirContext>(C))
    return section(S);
  auto *D = static_cast<P::TopDirectiveContext *>(C);
  return Ctx.create<ast::DirectiveStmt>(R, textOf(D->DOT_IDENT()).drop_front(),
                                        directiveArgs(D->directiveArgs()));
}

void shapeErrors(ParseTree *T, std::vector<SyntaxIssue> &Out) {
  size_t Rule = ruleOf(T);
  if (Rule == P::RuleExpr || Rule == P::RuleOperand ||
      Rule == P::RuleInitializer || Rule == ~size_t(0))
    return; // no statements below; expression chains can be very deep
  auto *C = static_cast<antlr4::ParserRuleContext *>(T);
  size_t I = 0; // operand index within an instruction statement
  for (ParseTree *O : C->children) {
    if (ruleOf(O) != P::RuleOperand) {
      shapeErrors(O, Out);
      continue;
    }
    auto *OC = static_cast<antlr4::ParserRuleContext *>(O);
    ++I;
    if (I > 1 && is<P::SinkOperandContext>(O))
      Out.push_back({rangeOf(OC), "the sink '_' is only allowed as the "
                                  "destination (first operand)"});
    else if (I > 1 && (is<P::PairOperandContext>(O) ||
                       is<P::SinkPairOperandContext>(O) ||
                       is<P::VectorPairOperandContext>(O)))
      Out.push_back({rangeOf(OC), "a 'd|p' pair is only allowed as the "
                                  "destination (first operand)"});
    else if (is<P::ExprOperandContext>(O) && !OC->children.empty() &&
             is<P::BinaryExprContext>(OC->children[0])) {
      auto *B = static_cast<antlr4::ParserRuleContext *>(OC->children[0]);
      if (B->children.size() < 3 || ruleOf(B->children[1]) != ~size_t(0) ||
          tokAt(B, 1)->Type != Tok::PIPE)
        continue;
      ParseTree *L = B->children[0];
      auto *LC = static_cast<antlr4::ParserRuleContext *>(L);
      bool LeftIsPipe = is<P::BinaryExprContext>(L) &&
                        LC->children.size() == 3 &&
                        ruleOf(LC->children[1]) == ~size_t(0) &&
                        tokAt(LC, 1)->Type == Tok::PIPE;
      ParseTree *Bad =
          (LeftIsPipe || is<P::NameExprContext>(L)) ? B->children[2] : L;
      if (ruleOf(Bad) == ~size_t(0))
        continue;
      Out.push_back({rangeOf(static_cast<antlr4::ParserRuleContext *>(Bad)),
                     "invalid pair operand: expected a register or '_' on "
                     "each side of '|', and exactly two elements"});
    }
  }
}

} // namespace

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

void operandShapeErrors(antlr4::tree::ParseTree *Chunk,
                        std::vector<SyntaxIssue> &Out) {
  shapeErrors(Chunk, Out);
}

bool buildStatementsAST(P::StatementsContext *Slice, ast::ASTContext &Ctx,
                        std::vector<SyntaxIssue> &Issues,
                        std::vector<const ast::Stmt *> &Out) {
  Builder B(Ctx, Issues);
  for (ParseTree *Ch : Slice->children)
    if (ruleOf(Ch) == P::RuleStatement)
      Out.push_back(B.statement(static_cast<P::StatementContext *>(Ch)));
  return !B.Failed;
}

const ast::Stmt *buildStatementAST(P::StatementContext *Stmt,
                                   ast::ASTContext &Ctx,
                                   std::vector<SyntaxIssue> &Issues) {
  Builder B(Ctx, Issues);
  const ast::Stmt *S = B.statement(Stmt);
  return B.Failed ? nullptr : S;
}

const ast::Stmt *buildSectionItemAST(P::SectionItemContext *Item,
                                     ast::ASTContext &Ctx,
                                     std::vector<SyntaxIssue> &Issues) {
  Builder B(Ctx, Issues);
  const ast::Stmt *S = B.sectionItem(Item);
  return B.Failed ? nullptr : S;
}

bool buildChunkAST(P::ChunkContext *Chunk, ast::ASTContext &Ctx,
                   std::vector<SyntaxIssue> &Issues,
                   function_ref<void(const ast::Stmt *)> Emit) {
  Builder B(Ctx, Issues);
  for (ParseTree *Ch : Chunk->children) {
    if (ruleOf(Ch) != P::RuleTopItem)
      continue;
    auto *T = static_cast<P::TopItemContext *>(Ch);
    const ast::Stmt *S = B.topItem(T);
    if (B.Failed)
      return false;
    Emit(S);
  }
  return true;
}

} // namespace parse
} // namespace ptxwarp
