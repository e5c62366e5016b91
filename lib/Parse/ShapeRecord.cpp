//===- ShapeRecord.cpp - Templates recorded from the builder's AST -------===//
//
// recordShape (ShapeCache.h): walks the AST the builder made from ANTLR's
// tree for one statement and writes the program (ShapeProgram.h) that
// rebuilds it from the statement's tokens, checking each field it records.
//
//===----------------------------------------------------------------------===//

#include "ShapeCache.h"
#include "ShapeProgram.h"

#include "ASTBuilder.h"

#include <algorithm>

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace {

using namespace shape;

class Recorder {
public:
  Recorder(ArrayRef<PtxToken> U, ShapeTemplate &Out) : U(U), Out(Out) {}

  void stmt(const ast::Stmt &S);
  bool Ok = true;

private:
  void w(uint32_t V) { Out.push_back(V); }
  void u64(uint64_t V) {
    w(static_cast<uint32_t>(V));
    w(static_cast<uint32_t>(V >> 32));
  }
  uint32_t fail() {
    Ok = false;
    return NullRef;
  }
  uint32_t pack(size_t Tok, bool FromEnd, ptrdiff_t Off) {
    if (Tok > 0xFFFF || Off < -OffsetBias || Off >= OffsetBias)
      return fail();
    return static_cast<uint32_t>(Tok) | (FromEnd ? 1u << 16 : 0u) |
           (static_cast<uint32_t>(Off + OffsetBias) << 17);
  }
  /// The first token starting at or after \p P.
  size_t lowerBound(const char *P) const {
    return std::lower_bound(
               U.begin(), U.end(), P,
               [](const PtxToken &T, const char *X) { return T.Start < X; }) -
           U.begin();
  }
  /// A position where something starts: the token starting there, else the
  /// token containing it (offset from its start).
  uint32_t beginRef(const char *P) {
    if (!P)
      return NullRef;
    size_t I = lowerBound(P);
    if (I < U.size() && U[I].Start == P)
      return pack(I, false, 0);
    if (I > 0 && P < U[I - 1].Start + U[I - 1].Len)
      return pack(I - 1, false, P - U[I - 1].Start);
    return fail();
  }
  /// A position where something ends: the token ending there, else the
  /// token containing it (offset from its end).
  uint32_t endRef(const char *P) {
    if (!P)
      return NullRef;
    size_t I = lowerBound(P);
    if (I == 0)
      return fail();
    const PtxToken &T = U[I - 1];
    const char *E = T.Start + T.Len;
    if (P > E)
      return fail();
    return pack(I - 1, true, P - E);
  }
  void range(SMRange R) {
    w(beginRef(R.Start.getPointer()));
    w(endRef(R.End.getPointer()));
  }
  void str(StringRef S) {
    if (!S.data()) {
      w(NullRef);
      w(NullRef);
      return;
    }
    w(beginRef(S.begin()));
    w(endRef(S.end()));
  }
  /// The index of the token that \p R covers exactly.
  uint32_t wholeToken(SMRange R) {
    size_t I = lowerBound(R.Start.getPointer());
    if (I >= U.size() || U[I].Start != R.Start.getPointer() ||
        U[I].Start + U[I].Len != R.End.getPointer())
      return fail();
    return static_cast<uint32_t>(I);
  }
  /// The index of the INT token at \p I whose value is \p V (checked).
  uint32_t intToken(size_t I, uint64_t V) {
    if (I >= U.size() || U[I].Type != Tok::INT)
      return fail();
    bool Bad = false;
    const ast::IntExpr *E =
        makeIntLiteral(U[I], Scratch, [&](char) { Bad = true; });
    if (Bad || E->Overflow || E->Value != V)
      return fail();
    return static_cast<uint32_t>(I);
  }

  void expr(const ast::Expr *E);
  void operand(const ast::Operand *O);
  void initializer(const ast::Initializer *I);
  void flagsAndRange(const ast::Operand *O) {
    w((O->Negated ? 1u : 0u) | (O->Minus ? 2u : 0u));
    range(O->Range);
  }

  ArrayRef<PtxToken> U;
  ShapeTemplate &Out;
  ast::ASTContext Scratch; ///< literals decoded again, to check them
};

void Recorder::expr(const ast::Expr *E) {
  switch (E->getKind()) {
  case ast::Expr::Kind::Int: {
    const auto *I = cast<ast::IntExpr>(E);
    uint32_t K = wholeToken(E->Range);
    if (!Ok || U[K].Type != Tok::INT)
      return void(fail());
    bool Bad = false;
    const ast::IntExpr *Again =
        makeIntLiteral(U[K], Scratch, [&](char) { Bad = true; });
    if (Bad || Again->Value != I->Value || Again->Rdx != I->Rdx ||
        Again->Unsigned != I->Unsigned || Again->Overflow != I->Overflow)
      return void(fail());
    w(OpInt);
    w(K);
    return;
  }
  case ast::Expr::Kind::Float: {
    const auto *F = cast<ast::FloatExpr>(E);
    uint32_t K = wholeToken(E->Range);
    if (!Ok || U[K].Type != Tok::FLOAT)
      return void(fail());
    const ast::FloatExpr *Again = makeFloatLiteral(U[K], Scratch);
    if (Again->Spell != F->Spell || Again->Bits != F->Bits)
      return void(fail());
    w(OpFloat);
    w(K);
    return;
  }
  case ast::Expr::Kind::Name:
    w(OpNameExpr);
    range(E->Range);
    str(cast<ast::NameExpr>(E)->Name);
    return;
  case ast::Expr::Kind::Unary: {
    const auto *X = cast<ast::UnaryExpr>(E);
    expr(X->Sub);
    w(OpUnary);
    range(E->Range);
    w(static_cast<uint32_t>(X->Op));
    return;
  }
  case ast::Expr::Kind::Binary: {
    const auto *X = cast<ast::BinaryExpr>(E);
    expr(X->LHS);
    expr(X->RHS);
    w(OpBinary);
    range(E->Range);
    w(static_cast<uint32_t>(X->Op));
    return;
  }
  case ast::Expr::Kind::Conditional: {
    const auto *X = cast<ast::ConditionalExpr>(E);
    expr(X->Cond);
    expr(X->Then);
    expr(X->Else);
    w(OpCond);
    range(E->Range);
    return;
  }
  }
  fail();
}

void Recorder::operand(const ast::Operand *O) {
  switch (O->getKind()) {
  case ast::Operand::Kind::Name: {
    const auto *N = cast<ast::NameOperand>(O);
    w(OpNameOperand);
    flagsAndRange(O);
    str(N->Name);
    str(N->Component);
    return;
  }
  case ast::Operand::Kind::Imm:
    expr(cast<ast::ImmOperand>(O)->Value);
    w(OpImm);
    flagsAndRange(O);
    return;
  case ast::Operand::Kind::Sink:
    w(OpSink);
    flagsAndRange(O);
    return;
  case ast::Operand::Kind::Pair:
    operand(cast<ast::PairOperand>(O)->First);
    operand(cast<ast::PairOperand>(O)->Second);
    w(OpPair);
    flagsAndRange(O);
    return;
  case ast::Operand::Kind::Vector: {
    ArrayRef<const ast::Operand *> Es = cast<ast::VectorOperand>(O)->Elements;
    for (const ast::Operand *E : Es)
      operand(E);
    w(OpVector);
    flagsAndRange(O);
    w(Es.size());
    return;
  }
  case ast::Operand::Kind::Address: {
    const auto *A = cast<ast::AddressOperand>(O);
    expr(A->Base);
    for (const ast::Operand *E : A->Rest)
      operand(E);
    w(OpAddress);
    flagsAndRange(O);
    w(A->Rest.size());
    return;
  }
  case ast::Operand::Kind::List: {
    ArrayRef<const ast::Operand *> Es = cast<ast::ListOperand>(O)->Elements;
    for (const ast::Operand *E : Es)
      operand(E);
    w(OpList);
    flagsAndRange(O);
    w(Es.size());
    return;
  }
  case ast::Operand::Kind::String:
    w(OpString);
    flagsAndRange(O);
    str(cast<ast::StringOperand>(O)->Value);
    return;
  }
  fail();
}

void Recorder::initializer(const ast::Initializer *I) {
  switch (I->getKind()) {
  case ast::Initializer::Kind::Expr:
    expr(I->Value);
    w(OpInitExpr);
    range(I->Range);
    return;
  case ast::Initializer::Kind::Generic:
    expr(I->Value);
    if (I->Offset)
      expr(I->Offset);
    w(OpInitGeneric);
    range(I->Range);
    w(I->Offset != nullptr);
    return;
  case ast::Initializer::Kind::List:
    for (const ast::Initializer *E : I->Elements)
      initializer(E);
    w(OpInitList);
    range(I->Range);
    w(I->Elements.size());
    return;
  }
  fail();
}

void Recorder::stmt(const ast::Stmt &S) {
  switch (S.getKind()) {
  case ast::Stmt::Kind::Instruction: {
    const auto &I = cast<ast::InstructionStmt>(S);
    for (const ast::Operand *O : I.Operands)
      operand(O);
    w(OpInstr);
    range(S.Range);
    str(I.G.Pred);
    w(I.G.Negated);
    range(I.G.Range);
    str(I.Opcode);
    range(I.OpcodeRange);
    w(I.Qualifiers.size());
    for (const ast::Qualifier &Q : I.Qualifiers) {
      str(Q.Text);
      w(beginRef(Q.Loc.getPointer()));
    }
    w(I.Operands.size());
    return;
  }
  case ast::Stmt::Kind::Label:
    w(OpLabel);
    range(S.Range);
    str(cast<ast::LabelStmt>(S).Name);
    return;
  case ast::Stmt::Kind::BranchTargets:
  case ast::Stmt::Kind::CallTargets: {
    const auto &T = cast<ast::TargetListStmt>(S);
    for (const ast::Operand *O : T.Targets)
      operand(O);
    w(OpTargets);
    w(static_cast<uint32_t>(S.getKind()));
    range(S.Range);
    str(T.Label);
    w(T.Targets.size());
    return;
  }
  case ast::Stmt::Kind::Directive: {
    const auto &D = cast<ast::DirectiveStmt>(S);
    for (const ast::Operand *O : D.Args)
      operand(O);
    w(OpDirective);
    range(S.Range);
    str(D.Name);
    w(D.Args.size());
    return;
  }
  case ast::Stmt::Kind::Pragma: {
    const auto &P = cast<ast::PragmaStmt>(S);
    for (const ast::Operand *O : P.Strings)
      operand(O);
    w(OpPragma);
    range(S.Range);
    w(P.Strings.size());
    return;
  }
  case ast::Stmt::Kind::Loc: {
    // LOC INT INT INT (grammar rule locDir); `inlined_at F L C` is the last
    // attribute so named (the key holds the attribute words).
    const auto &L = cast<ast::LocStmt>(S);
    w(OpLoc);
    range(S.Range);
    w(intToken(1, L.FileIndex));
    w(intToken(2, L.Line));
    w(intToken(3, L.Column));
    str(L.FunctionName);
    w(L.HasInlinedAt);
    if (L.HasInlinedAt) {
      size_t J = U.size();
      for (size_t K = 4; K + 3 < U.size(); ++K)
        if (U[K].Type == Tok::IDENT && U[K - 1].Type == Tok::COMMA &&
            U[K].text() == "inlined_at")
          J = K;
      w(intToken(J + 1, L.InlinedFile));
      w(intToken(J + 2, L.InlinedLine));
      w(intToken(J + 3, L.InlinedColumn));
    } else if (L.InlinedFile || L.InlinedLine || L.InlinedColumn) {
      fail();
    }
    return;
  }
  case ast::Stmt::Kind::VarDecl: {
    const auto &D = cast<ast::VarDeclStmt>(S);
    uint32_t Children = 0;
    for (const ast::Declarator &X : D.Declarators) {
      for (const ast::ArrayDim &Dim : X.Dims)
        if (Dim.Size) {
          expr(Dim.Size);
          ++Children;
        }
      if (X.Init) {
        initializer(X.Init);
        ++Children;
      }
    }
    w(OpVarDecl);
    w(Children);
    range(S.Range);
    w(static_cast<uint32_t>(D.Link));
    w(static_cast<uint32_t>(D.Space));
    str(D.SpaceText);
    u64(D.Align);
    w(D.VectorWidth);
    str(D.Type);
    w(D.IsPtr);
    str(D.PtrSpace);
    u64(D.PtrAlign);
    w(D.Attributes.size());
    for (const ast::Qualifier &Q : D.Attributes) {
      str(Q.Text);
      w(beginRef(Q.Loc.getPointer()));
    }
    w(D.Declarators.size());
    for (const ast::Declarator &X : D.Declarators) {
      str(X.Name);
      range(X.Range);
      w(X.HasRangeCount);
      u64(X.RangeCount);
      w(X.Dims.size());
      for (const ast::ArrayDim &Dim : X.Dims) {
        range(Dim.Range);
        w(Dim.Size != nullptr);
      }
      w(X.Init != nullptr);
    }
    return;
  }
  case ast::Stmt::Kind::DataDirective: {
    const auto &D = cast<ast::DataDirectiveStmt>(S);
    for (const ast::Operand *O : D.Values)
      operand(O);
    w(OpData);
    range(S.Range);
    str(D.Type);
    w(D.Values.size());
    return;
  }
  default:
    // Blocks are structure (MemoParser); call prototypes are rare and hold
    // parameter declarations whose words the key does not cover.
    fail();
    return;
  }
}

} // namespace

bool recordShape(ArrayRef<PtxToken> Unit, const ast::Stmt &S,
                 ShapeTemplate &Out) {
  Out.clear();
  if (Unit.empty() || Unit.size() > MaxShapeTokens)
    return false;
  Recorder R(Unit, Out);
  R.stmt(S);
  return R.Ok;
}

} // namespace parse
} // namespace ptxwarp
