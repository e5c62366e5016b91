//===- ShapeReplay.cpp - Statements rebuilt from their templates ---------===//
//
// replayShape (ShapeCache.h): runs a template's program (ShapeProgram.h)
// over another statement of the same key, building its AST in the chunk's
// arena without ANTLR.
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

const ast::Stmt *replayShape(const ShapeTemplate &T, ArrayRef<PtxToken> Unit,
                             ast::ASTContext &Ctx) {
  return Replayer(T, Unit, Ctx).run();
}

} // namespace parse
} // namespace ptxwarp
