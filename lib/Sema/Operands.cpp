//===- Operands.cpp - Operand counts, kinds, register types, immediates --===//
//
// What ptxas 13.0 enforces (test/Sema/operands.ptx): the register type per
// slot class, immediates, the sink, counts and `|p`. Each message starts with
// ptxas's own text and then says what exactly is wrong.
//
//===----------------------------------------------------------------------===//

#include "OperandChecker.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

std::optional<uint64_t> intValueOf(const ast::Operand &O) {
  const auto *I = dyn_cast<ast::ImmOperand>(&O);
  if (!I || O.Negated)
    return std::nullopt;
  if (Optional<uint64_t> V = ast::evaluateInt(*I->Value))
    return *V;
  return std::nullopt;
}

namespace {

/// ptxas's own overflow test, reconstructed by probing ptxas 13.0: it
/// accumulates digits into 64 bits and reports "Constant overflow" when the
/// value before a multiply already has its top bit set. So 2^64 and
/// 0x1ffffffffffffffff pass while 20 nines or 0xfffffffffffffffff fail.
bool ptxasOverflows(StringRef Text) {
  unsigned Base = 10;
  if (Text.startswith_insensitive("0x")) {
    Base = 16;
    Text = Text.drop_front(2);
  } else if (Text.startswith_insensitive("0b")) {
    Base = 2;
    Text = Text.drop_front(2);
  } else if (Text.size() > 1 && Text.front() == '0') {
    Base = 8;
  }
  uint64_t V = 0;
  for (char C : Text) {
    unsigned D;
    if (C >= '0' && C <= '9')
      D = C - '0';
    else if (C >= 'a' && C <= 'f')
      D = C - 'a' + 10;
    else if (C >= 'A' && C <= 'F')
      D = C - 'A' + 10;
    else
      break; // the U suffix
    if (D >= Base)
      break;
    if (V >> 63)
      return true;
    V = V * Base + D;
  }
  return false;
}

const ast::IntExpr *findOverflow(const ast::Expr &E) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Int: {
    const auto *I = cast<ast::IntExpr>(&E);
    return I->Overflow && ptxasOverflows(I->text()) ? I : nullptr;
  }
  case ast::Expr::Kind::Unary:
    return findOverflow(*cast<ast::UnaryExpr>(&E)->Sub);
  case ast::Expr::Kind::Binary: {
    const auto *B = cast<ast::BinaryExpr>(&E);
    if (const ast::IntExpr *L = findOverflow(*B->LHS))
      return L;
    return findOverflow(*B->RHS);
  }
  default:
    return nullptr;
  }
}

} // namespace

bool SemaState::reportOverflow(const ast::Expr &E) {
  const ast::IntExpr *Big = findOverflow(E);
  if (Big)
    report(DiagID::LiteralOverflow, Big->Range)
        << "Constant overflow: '" << Big->text() << "' does not fit in 64 bits";
  return Big;
}

bool SemaState::checkOperands(const ast::InstructionStmt &I,
                              const isa::InstrFamily &F,
                              const isa::InstrForm &Form,
                              const ResolvedQuals &Q) {
  std::optional<isa::PtxType> InstrType;
  if (!Q.Type.empty())
    InstrType = isa::parseType(Q.Type);
  std::optional<isa::SmTarget> A = arch();
  bool F16x2VotePred = Form.Legacy || (A && A->Number >= 90);
  OperandChecker C(*this, F.DiagName, InstrType, F16x2VotePred);
  C.VectorSize = I.vectorWidth(); // mov.v4 (OperandChecker::checkPacking)
  ArrayRef<isa::OperandSlot> Slots = Form.Operands;
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  if (!Ops.empty() && llvm::isa<ast::PairOperand>(Ops[0]) &&
      !Slots.front().has(isa::SF_PredOut)) {
    C.Ok = false;
    report(DiagID::PredicateOutput, Ops[0]->Range)
        << "Predicate output not allowed for instruction '"
        << (isa::warpOpKind(Form.Op) == isa::WarpOpKind::Match
                ? StringRef("match.any")
                : F.DiagName)
        << "': '" << Form.Name << "' has no '|p' output";
  }
  if (Ops.size() != Slots.size()) {
    report(DiagID::OperandCount, I.OpcodeRange)
        << "Arguments mismatch for instruction '" << F.DiagName << "': '"
        << Form.Name << "' takes " << Slots.size() << " operand"
        << (Slots.size() == 1 ? "" : "s") << " (" << Form.Syntax << "), got "
        << Ops.size();
    for (const ast::Operand *O : Ops)
      checkDeclaredNames(*O);
    return false;
  }
  for (unsigned N = 0; N != Slots.size(); ++N) {
    C.ArgIndex = N;
    C.checkSlot(Slots[N], *Ops[N]);
  }
  return C.Ok;
}

} // namespace sema
} // namespace ptxwarp
