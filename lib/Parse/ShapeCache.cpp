//===- ShapeCache.cpp - Parse-shape memoisation of body statements -------===//
//
// A template is a post-order program for a small stack machine: each
// instruction builds one node from the values on the stack (its children)
// and pushes it. Source positions are packed token references: (token index
// in the statement, from its start or its end, byte offset). Literals are
// decoded again from their token by the builder's own functions
// (makeIntLiteral, makeFloatLiteral). Everything else in a template is a
// plain copy: the key (shapeKey) includes the text of every token whose text
// the builder branches on, so those fields are equal for every statement of
// the key.
//
//===----------------------------------------------------------------------===//

#include "ShapeCache.h"

#include "ASTBuilder.h"

#include <algorithm>

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace {

enum Op : uint32_t {
  OpInt,
  OpFloat,
  OpNameExpr,
  OpUnary,
  OpBinary,
  OpCond,
  OpNameOperand,
  OpImm,
  OpSink,
  OpPair,
  OpVector,
  OpAddress,
  OpList,
  OpString,
  OpInitExpr,
  OpInitGeneric,
  OpInitList,
  OpInstr,
  OpLabel,
  OpTargets,
  OpDirective,
  OpPragma,
  OpLoc,
  OpVarDecl,
  OpData,
};

constexpr uint32_t NullRef = ~0u;
constexpr int32_t OffsetBias = 1 << 14;

/// How a statement's key treats token text (see shapeKey).
enum class KeyMode : char { Types = 1, Decl = 2, Loc = 3, Section = 4 };

bool isSpaceToken(size_t T) {
  return T == Tok::REG || T == Tok::SREG || T == Tok::LOCAL ||
         T == Tok::SHARED || T == Tok::PARAM || T == Tok::CONST ||
         T == Tok::GLOBAL || T == Tok::TEX;
}

char typeByte(size_t T) {
  return T == antlr4::Token::EOF ? 0 : static_cast<char>(T);
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Replay
//===----------------------------------------------------------------------===//

class Replayer {
public:
  Replayer(const ShapeTemplate &T, ArrayRef<PtxToken> U, ast::ASTContext &Ctx)
      : P(T.data()), End(T.data() + T.size()), U(U), Ctx(Ctx) {}

  const ast::Stmt *run();

private:
  LLVM_ATTRIBUTE_ALWAYS_INLINE uint32_t r() { return *P++; }
  uint64_t u64() {
    uint64_t Lo = r();
    return Lo | (uint64_t(r()) << 32);
  }
  LLVM_ATTRIBUTE_ALWAYS_INLINE const char *at(uint32_t R) const {
    if (R == NullRef)
      return nullptr;
    const PtxToken &T = U[R & 0xFFFF];
    const char *B = T.Start + ((R >> 16) & 1 ? T.Len : 0);
    return B + (static_cast<int32_t>(R >> 17) - OffsetBias);
  }
  LLVM_ATTRIBUTE_ALWAYS_INLINE SMLoc loc() {
    return SMLoc::getFromPointer(at(r()));
  }
  LLVM_ATTRIBUTE_ALWAYS_INLINE SMRange range() {
    SMLoc B = loc();
    return SMRange(B, loc());
  }
  LLVM_ATTRIBUTE_ALWAYS_INLINE StringRef str() {
    const char *B = at(r());
    const char *E = at(r());
    if (!B)
      return StringRef();
    return StringRef(B, E - B);
  }
  template <typename T> const T *pop() {
    return static_cast<const T *>(Stack.pop_back_val());
  }
  /// The top \p N values as a list in the arena (and off the stack),
  /// written straight into the arena: a list built first and then copied was
  /// read back with wide loads right after its narrow stores, which stalls.
  template <typename T> ArrayRef<const T *> popList(size_t N) {
    if (N == 0)
      return {};
    MutableArrayRef<const T *> L = Ctx.allocateList<const T *>(N);
    const void *const *From = Stack.end() - N;
    for (size_t I = 0; I < N; ++I)
      L[I] = static_cast<const T *>(From[I]);
    Stack.resize(Stack.size() - N);
    return L;
  }
  /// \p N qualifiers read from the program, into the arena.
  ArrayRef<ast::Qualifier> qualifiers(size_t N) {
    MutableArrayRef<ast::Qualifier> Q = Ctx.allocateList<ast::Qualifier>(N);
    for (ast::Qualifier &X : Q) {
      X.Text = str();
      X.Loc = loc();
    }
    return Q;
  }
  void push(const void *V) { Stack.push_back(V); }
  template <typename T> T *operandNode(T *O, uint32_t Flags) {
    O->Negated = Flags & 1;
    O->Minus = Flags & 2;
    return O;
  }

  const uint32_t *P, *End;
  ArrayRef<PtxToken> U;
  ast::ASTContext &Ctx;
  SmallVector<const void *, 32> Stack;
};

const ast::Stmt *Replayer::run() {
  while (P < End) {
    switch (r()) {
    case OpInt: {
      bool Bad = false;
      const ast::IntExpr *E =
          makeIntLiteral(U[r()], Ctx, [&](char) { Bad = true; });
      if (Bad)
        return nullptr;
      push(E);
      break;
    }
    case OpFloat:
      push(makeFloatLiteral(U[r()], Ctx));
      break;
    case OpNameExpr: {
      SMRange R = range();
      push(Ctx.create<ast::NameExpr>(R, str()));
      break;
    }
    case OpUnary: {
      SMRange R = range();
      auto Op = static_cast<ast::UnaryOp>(r());
      push(Ctx.create<ast::UnaryExpr>(R, Op, pop<ast::Expr>()));
      break;
    }
    case OpBinary: {
      SMRange R = range();
      auto Op = static_cast<ast::BinaryOp>(r());
      const ast::Expr *Rhs = pop<ast::Expr>();
      const ast::Expr *Lhs = pop<ast::Expr>();
      push(Ctx.create<ast::BinaryExpr>(R, Op, Lhs, Rhs));
      break;
    }
    case OpCond: {
      SMRange R = range();
      const ast::Expr *E = pop<ast::Expr>();
      const ast::Expr *T = pop<ast::Expr>();
      const ast::Expr *C = pop<ast::Expr>();
      push(Ctx.create<ast::ConditionalExpr>(R, C, T, E));
      break;
    }
    case OpNameOperand: {
      uint32_t F = r();
      SMRange R = range();
      StringRef Name = str();
      StringRef Comp = str();
      push(operandNode(Ctx.create<ast::NameOperand>(R, Name, Comp), F));
      break;
    }
    case OpImm: {
      uint32_t F = r();
      SMRange R = range();
      push(operandNode(Ctx.create<ast::ImmOperand>(R, pop<ast::Expr>()), F));
      break;
    }
    case OpSink: {
      uint32_t F = r();
      push(operandNode(Ctx.create<ast::SinkOperand>(range()), F));
      break;
    }
    case OpPair: {
      uint32_t F = r();
      SMRange R = range();
      const ast::Operand *B = pop<ast::Operand>();
      const ast::Operand *A = pop<ast::Operand>();
      push(operandNode(Ctx.create<ast::PairOperand>(R, A, B), F));
      break;
    }
    case OpVector: {
      uint32_t F = r();
      SMRange R = range();
      auto Es = popList<ast::Operand>(r());
      push(operandNode(Ctx.create<ast::VectorOperand>(R, Es), F));
      break;
    }
    case OpAddress: {
      uint32_t F = r();
      SMRange R = range();
      auto Rest = popList<ast::Operand>(r());
      const ast::Expr *Base = pop<ast::Expr>();
      push(operandNode(Ctx.create<ast::AddressOperand>(R, Base, Rest), F));
      break;
    }
    case OpList: {
      uint32_t F = r();
      SMRange R = range();
      auto Es = popList<ast::Operand>(r());
      push(operandNode(Ctx.create<ast::ListOperand>(R, Es), F));
      break;
    }
    case OpString: {
      uint32_t F = r();
      SMRange R = range();
      push(operandNode(Ctx.create<ast::StringOperand>(R, str()), F));
      break;
    }
    case OpInitExpr: {
      SMRange R = range();
      push(Ctx.create<ast::Initializer>(R, pop<ast::Expr>(), false));
      break;
    }
    case OpInitGeneric: {
      SMRange R = range();
      const ast::Expr *Off = r() ? pop<ast::Expr>() : nullptr;
      auto *I = Ctx.create<ast::Initializer>(R, pop<ast::Expr>(), true);
      I->Offset = Off;
      push(I);
      break;
    }
    case OpInitList: {
      SMRange R = range();
      push(Ctx.create<ast::Initializer>(R, popList<ast::Initializer>(r())));
      break;
    }
    case OpInstr: {
      auto *I = Ctx.create<ast::InstructionStmt>(range());
      I->G.Pred = str();
      I->G.Negated = r();
      I->G.Range = range();
      I->Opcode = str();
      I->OpcodeRange = range();
      I->Qualifiers = qualifiers(r());
      I->Operands = popList<ast::Operand>(r());
      push(I);
      break;
    }
    case OpLabel: {
      SMRange R = range();
      push(Ctx.create<ast::LabelStmt>(R, str()));
      break;
    }
    case OpTargets: {
      auto K = static_cast<ast::Stmt::Kind>(r());
      SMRange R = range();
      StringRef Label = str();
      auto Ts = popList<ast::Operand>(r());
      push(Ctx.create<ast::TargetListStmt>(K, R, Label, Ts));
      break;
    }
    case OpDirective: {
      SMRange R = range();
      StringRef Name = str();
      auto Args = popList<ast::Operand>(r());
      push(Ctx.create<ast::DirectiveStmt>(R, Name, Args));
      break;
    }
    case OpPragma: {
      SMRange R = range();
      push(Ctx.create<ast::PragmaStmt>(R, popList<ast::Operand>(r())));
      break;
    }
    case OpLoc: {
      auto *L = Ctx.create<ast::LocStmt>(range());
      // As the builder's intValue: a malformed or too large number is its
      // error to report.
      bool Bad = false;
      auto Value = [&](uint32_t K) -> uint64_t {
        const ast::IntExpr *E =
            makeIntLiteral(U[K], Ctx, [&](char) { Bad = true; });
        Bad |= E->Overflow;
        return E->Value;
      };
      L->FileIndex = Value(r());
      L->Line = Value(r());
      L->Column = Value(r());
      L->FunctionName = str();
      L->HasInlinedAt = r();
      if (L->HasInlinedAt) {
        L->InlinedFile = Value(r());
        L->InlinedLine = Value(r());
        L->InlinedColumn = Value(r());
      }
      if (Bad)
        return nullptr;
      push(L);
      break;
    }
    case OpVarDecl: {
      uint32_t Children = r();
      size_t Next = Stack.size() - Children;
      auto *D = Ctx.create<ast::VarDeclStmt>(range());
      D->Link = static_cast<ast::Linkage>(r());
      D->Space = static_cast<ast::StateSpace>(r());
      D->SpaceText = str();
      D->Align = u64();
      D->VectorWidth = r();
      D->Type = str();
      D->IsPtr = r();
      D->PtrSpace = str();
      D->PtrAlign = u64();
      D->Attributes = qualifiers(r());
      SmallVector<ast::Declarator, 4> Ds(r());
      for (ast::Declarator &X : Ds) {
        X.Name = str();
        X.Range = range();
        X.HasRangeCount = r();
        X.RangeCount = u64();
        SmallVector<ast::ArrayDim, 2> Dims(r());
        for (ast::ArrayDim &Dim : Dims) {
          Dim.Range = range();
          if (r())
            Dim.Size = static_cast<const ast::Expr *>(Stack[Next++]);
        }
        X.Dims = Ctx.copy(ArrayRef<ast::ArrayDim>(Dims));
        if (r())
          X.Init = static_cast<const ast::Initializer *>(Stack[Next++]);
      }
      D->Declarators = Ctx.copy(ArrayRef<ast::Declarator>(Ds));
      Stack.resize(Stack.size() - Children);
      push(D);
      break;
    }
    case OpData: {
      SMRange R = range();
      StringRef Type = str();
      auto Vs = popList<ast::Operand>(r());
      push(Ctx.create<ast::DataDirectiveStmt>(R, Type, Vs));
      break;
    }
    default:
      return nullptr;
    }
  }
  return Stack.size() == 1 ? static_cast<const ast::Stmt *>(Stack[0]) : nullptr;
}

} // namespace

bool shapeKey(ArrayRef<PtxToken> Unit, const PtxToken &Next, bool InSection,
              SmallVectorImpl<char> &Key) {
  if (Unit.empty() || Unit.size() > MaxShapeTokens)
    return false;
  Key.clear();
  // A declaration's words (space, .align N, .v4, type, .ptr, `generic(`)
  // and a .loc's attribute names decide what the builder does with them.
  // (A `.section` item is another rule than a body statement of the same
  // tokens.)
  KeyMode M = InSection                    ? KeyMode::Section
              : isSpaceToken(Unit[0].Type) ? KeyMode::Decl
              : Unit[0].Type == Tok::LOC   ? KeyMode::Loc
                                           : KeyMode::Types;
  if (M == KeyMode::Types || M == KeyMode::Section) { // the common case
    Key.resize(Unit.size() + 2);
    char *K = Key.data();
    *K++ = static_cast<char>(M);
    for (const PtxToken &T : Unit)
      *K++ = typeByte(T.Type);
    *K = typeByte(Next.Type);
    return true;
  }
  Key.push_back(static_cast<char>(M));
  for (size_t I = 0; I < Unit.size(); ++I) {
    size_t T = Unit[I].Type;
    Key.push_back(typeByte(T));
    bool Text = false;
    if (M == KeyMode::Decl) {
      size_t After = I + 1 < Unit.size() ? Unit[I + 1].Type : Next.Type;
      Text = T != Tok::IDENT || After == Tok::LPAREN;
    } else if (M == KeyMode::Loc) {
      Text = T == Tok::IDENT;
    }
    if (Text) {
      uint32_t L = Unit[I].Len;
      Key.append(reinterpret_cast<const char *>(&L),
                 reinterpret_cast<const char *>(&L) + sizeof L);
      Key.append(Unit[I].Start, Unit[I].Start + L);
    }
  }
  Key.push_back(typeByte(Next.Type));
  return true;
}

bool recordShape(ArrayRef<PtxToken> Unit, const ast::Stmt &S,
                 ShapeTemplate &Out) {
  Out.clear();
  if (Unit.empty() || Unit.size() > MaxShapeTokens)
    return false;
  Recorder R(Unit, Out);
  R.stmt(S);
  return R.Ok;
}

const ast::Stmt *replayShape(const ShapeTemplate &T, ArrayRef<PtxToken> Unit,
                             ast::ASTContext &Ctx) {
  return Replayer(T, Unit, Ctx).run();
}

size_t ShapeCache::recentSlot(StringRef Key) {
  // FNV-1a: the keys are a byte per token.
  uint64_t H = 14695981039346656037ULL;
  for (char C : Key)
    H = (H ^ uint8_t(C)) * 1099511628211ULL;
  return (H ^ (H >> 29)) & (RecentSlots - 1);
}

const ShapeTemplate *ShapeCache::find(StringRef Key) {
  Recent &R = RecentFound[recentSlot(Key)];
  if (R.Generation == Generation && R.E->getKey() == Key)
    return &R.E->second;
  auto Y = Young.find(Key);
  if (Y == Young.end()) {
    auto O = Old.find(Key);
    if (O == Old.end())
      return nullptr;
    // In use again: back to the young generation.
    ShapeTemplate T = std::move(O->second);
    OldBytes -= cost(Key, T);
    Old.erase(O);
    ++Generation;
    insert(Key, std::move(T));
    Y = Young.find(Key);
    if (Y == Young.end())
      return nullptr;
  }
  R.E = &*Y;
  R.Generation = Generation;
  return &Y->second;
}

void ShapeCache::insert(StringRef Key, ShapeTemplate T) {
  T.shrink_to_fit(); // charged by capacity: no slack from recording
  size_t C = cost(Key, T);
  if (C > MaxBytes / 2 || Young.count(Key))
    return;
  if (YoungBytes + C > MaxBytes / 2) {
    ++Generation;
    Old = std::move(Young);
    OldBytes = YoungBytes;
    Young = StringMap<ShapeTemplate>();
    YoungBytes = 0;
    ++Dropped;
  }
  Young.try_emplace(Key, std::move(T));
  YoungBytes += C;
}

void ShapeCache::clear() {
  ++Generation;
  Young.clear();
  Old.clear();
  YoungBytes = OldBytes = 0;
}

} // namespace parse
} // namespace ptxwarp
