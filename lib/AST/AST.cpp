//===- AST.cpp - Helpers of the AST node classes
//---------------------------===//
//
// Spellings of operators and linkage, constant folding of integer
// expressions, and the Module's convenience accessors.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/AST/AST.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>

using namespace llvm;

namespace ptxwarp {
namespace ast {

StringRef textOf(SMRange R) {
  if (!R.isValid())
    return {};
  return StringRef(R.Start.getPointer(),
                   R.End.getPointer() - R.Start.getPointer());
}

double FloatExpr::asDouble() const {
  if (Spell == Spelling::HexF32) {
    uint32_t B = static_cast<uint32_t>(Bits);
    float F;
    std::memcpy(&F, &B, sizeof(F));
    return F;
  }
  double D;
  std::memcpy(&D, &Bits, sizeof(D));
  return D;
}

StringRef spelling(UnaryOp Op) {
  switch (Op) {
  case UnaryOp::Neg:
    return "-";
  case UnaryOp::BitNot:
    return "~";
  case UnaryOp::LogNot:
    return "!";
  case UnaryOp::Plus:
    return "+";
  }
  return "?";
}

StringRef spelling(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::Rem:
    return "%";
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Shl:
    return "<<";
  case BinaryOp::Shr:
    return ">>";
  case BinaryOp::Lt:
    return "<";
  case BinaryOp::Gt:
    return ">";
  case BinaryOp::Le:
    return "<=";
  case BinaryOp::Ge:
    return ">=";
  case BinaryOp::Eq:
    return "==";
  case BinaryOp::Ne:
    return "!=";
  case BinaryOp::BitAnd:
    return "&";
  case BinaryOp::BitXor:
    return "^";
  case BinaryOp::BitOr:
    return "|";
  case BinaryOp::LogAnd:
    return "&&";
  case BinaryOp::LogOr:
    return "||";
  }
  return "?";
}

unsigned precedence(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::Rem:
    return 10;
  case BinaryOp::Add:
  case BinaryOp::Sub:
    return 9;
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    return 8;
  case BinaryOp::Lt:
  case BinaryOp::Gt:
  case BinaryOp::Le:
  case BinaryOp::Ge:
    return 7;
  case BinaryOp::Eq:
  case BinaryOp::Ne:
    return 6;
  case BinaryOp::BitAnd:
    return 5;
  case BinaryOp::BitXor:
    return 4;
  case BinaryOp::BitOr:
    return 3;
  case BinaryOp::LogAnd:
    return 2;
  case BinaryOp::LogOr:
    return 1;
  }
  return 0;
}

namespace {
/// A folded value and whether it is unsigned (PTX ISA 4.6.1: a U literal
/// makes the expression unsigned).
struct Folded {
  uint64_t V;
  bool U;
};

Optional<Folded> fold(const Expr &E, unsigned Depth) {
  if (Depth > 1000)
    return None;
  switch (E.getKind()) {
  case Expr::Kind::Int: {
    const auto &I = cast<IntExpr>(E);
    return Folded{I.Value, I.Unsigned};
  }
  case Expr::Kind::Float:
  case Expr::Kind::Name:
    return None;
  case Expr::Kind::Unary: {
    const auto &U = cast<UnaryExpr>(E);
    auto S = fold(*U.Sub, Depth + 1);
    if (!S)
      return None;
    switch (U.Op) {
    case UnaryOp::Neg:
      return Folded{0 - S->V, S->U};
    case UnaryOp::BitNot:
      return Folded{~S->V, S->U};
    case UnaryOp::LogNot:
      return Folded{S->V == 0 ? 1u : 0u, false};
    case UnaryOp::Plus:
      return S;
    }
    return None;
  }
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(E);
    auto L = fold(*B.LHS, Depth + 1);
    auto R = fold(*B.RHS, Depth + 1);
    if (!L || !R)
      return None;
    bool U = L->U || R->U;
    uint64_t A = L->V, C = R->V;
    int64_t SA = static_cast<int64_t>(A), SC = static_cast<int64_t>(C);
    auto Bool = [](bool X) { return Folded{X ? 1u : 0u, false}; };
    switch (B.Op) {
    case BinaryOp::Mul:
      return Folded{A * C, U};
    case BinaryOp::Div:
    case BinaryOp::Rem: {
      if (C == 0)
        return None;
      bool IsDiv = B.Op == BinaryOp::Div;
      if (U)
        return Folded{IsDiv ? A / C : A % C, U};
      if (SA == INT64_MIN && SC == -1) // wraps
        return Folded{IsDiv ? A : 0, U};
      return Folded{static_cast<uint64_t>(IsDiv ? SA / SC : SA % SC), U};
    }
    case BinaryOp::Add:
      return Folded{A + C, U};
    case BinaryOp::Sub:
      return Folded{A - C, U};
    case BinaryOp::Shl:
      return Folded{C >= 64 ? 0 : A << C, U};
    case BinaryOp::Shr:
      if (U)
        return Folded{C >= 64 ? 0 : A >> C, U};
      return Folded{
          static_cast<uint64_t>(C >= 64 ? (SA < 0 ? -1 : 0) : SA >> C), U};
    case BinaryOp::Lt:
      return Bool(U ? A < C : SA < SC);
    case BinaryOp::Gt:
      return Bool(U ? A > C : SA > SC);
    case BinaryOp::Le:
      return Bool(U ? A <= C : SA <= SC);
    case BinaryOp::Ge:
      return Bool(U ? A >= C : SA >= SC);
    case BinaryOp::Eq:
      return Bool(A == C);
    case BinaryOp::Ne:
      return Bool(A != C);
    case BinaryOp::BitAnd:
      return Folded{A & C, U};
    case BinaryOp::BitXor:
      return Folded{A ^ C, U};
    case BinaryOp::BitOr:
      return Folded{A | C, U};
    case BinaryOp::LogAnd:
      return Bool(A && C);
    case BinaryOp::LogOr:
      return Bool(A || C);
    }
    return None;
  }
  case Expr::Kind::Conditional: {
    const auto &C = cast<ConditionalExpr>(E);
    auto Cond = fold(*C.Cond, Depth + 1);
    if (!Cond)
      return None;
    return fold(Cond->V ? *C.Then : *C.Else, Depth + 1);
  }
  }
  return None;
}
} // namespace

Optional<uint64_t> evaluateInt(const Expr &E) {
  if (auto F = fold(E, 0))
    return F->V;
  return None;
}

Optional<AddressOperand::BaseOffset> AddressOperand::splitBaseOffset() const {
  BaseOffset R;
  const Expr *E = Base;
  if (!E)
    return None;
  if (const auto *N = dyn_cast<NameExpr>(E)) {
    R.Name = N->Name;
    return R;
  }
  if (auto V = evaluateInt(*E)) {
    R.Offset = static_cast<int64_t>(*V);
    return R;
  }
  const auto *B = dyn_cast<BinaryExpr>(E);
  if (!B || (B->Op != BinaryOp::Add && B->Op != BinaryOp::Sub))
    return None;
  const auto *N = dyn_cast<NameExpr>(B->LHS);
  auto Off = evaluateInt(*B->RHS);
  if (!N || !Off)
    return None;
  R.Name = N->Name;
  R.Offset = static_cast<int64_t>(B->Op == BinaryOp::Add ? *Off : 0 - *Off);
  return R;
}

bool InstructionStmt::hasQualifier(StringRef Q) const {
  for (const Qualifier &X : Qualifiers)
    if (X.Text == Q)
      return true;
  return false;
}

uint64_t InstructionStmt::computeWordsHash() const {
  // FNV-1a, 64 bits, over the words with a separator before each.
  uint64_t H = 14695981039346656037ULL;
  auto Byte = [&](uint8_t B) { H = (H ^ B) * 1099511628211ULL; };
  auto Bytes = [&](StringRef S) {
    for (char C : S)
      Byte(uint8_t(C));
  };
  Bytes(Opcode);
  for (const Qualifier &Q : Qualifiers) {
    Byte('.');
    Bytes(Q.Text);
  }
  Byte('/');
  for (size_t N = Operands.size(); N; N >>= 8)
    Byte(uint8_t(N));
  for (const Operand *O : Operands)
    Byte(llvm::isa<VectorOperand>(O)    ? 'v'
         : llvm::isa<AddressOperand>(O) ? 'a'
                                        : 's');
  return H ? H : 1;
}

unsigned InstructionStmt::vectorWidth() const {
  unsigned N = 0;
  for (const Qualifier &X : Qualifiers)
    if (X.Text == "v2" || X.Text == "v4" || X.Text == "v8")
      N = unsigned(X.Text[1] - '0');
  return N;
}

StringRef spelling(Linkage L) {
  switch (L) {
  case Linkage::None:
    return "";
  case Linkage::Visible:
    return "visible";
  case Linkage::Extern:
    return "extern";
  case Linkage::Weak:
    return "weak";
  case Linkage::Common:
    return "common";
  }
  return "";
}

StringRef stateSpaceBase(StringRef Name) {
  // The first "::" found a character at a time: a substring search was a
  // tenth of the state-space checks of every ld and st.
  size_t At = Name.find(':');
  while (At != StringRef::npos && !Name.substr(At).startswith("::"))
    At = Name.find(':', At + 1);
  return Name.substr(0, At);
}

StateSpace stateSpaceFromName(StringRef Name) {
  // `.shared::cta` / `.shared::cluster` are shared memory too.
  return StringSwitch<StateSpace>(stateSpaceBase(Name))
      .Case("reg", StateSpace::Reg)
      .Case("sreg", StateSpace::SReg)
      .Case("local", StateSpace::Local)
      .Case("shared", StateSpace::Shared)
      .Case("param", StateSpace::Param)
      .Case("const", StateSpace::Const)
      .Case("global", StateSpace::Global)
      .Case("tex", StateSpace::Tex)
      .Default(StateSpace::Other);
}

StringRef Module::bufferName() const {
  return SM->getMemoryBuffer(BufferID)->getBufferIdentifier();
}

StringRef Module::bufferText() const {
  return SM->getMemoryBuffer(BufferID)->getBuffer();
}

template <typename T> static const T *firstOf(ArrayRef<const Stmt *> Items) {
  for (const Stmt *S : Items)
    if (const auto *X = dyn_cast<T>(S))
      return X;
  return nullptr;
}

const VersionStmt *Module::version() const {
  return firstOf<VersionStmt>(Items);
}
const TargetStmt *Module::target() const { return firstOf<TargetStmt>(Items); }
const AddressSizeStmt *Module::addressSize() const {
  return firstOf<AddressSizeStmt>(Items);
}

std::vector<const FunctionStmt *> Module::functions() const {
  std::vector<const FunctionStmt *> R;
  for (const Stmt *S : Items)
    if (const auto *F = dyn_cast<FunctionStmt>(S))
      R.push_back(F);
  return R;
}

} // namespace ast
} // namespace ptxwarp
