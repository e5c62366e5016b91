//===- RowOperands.cpp - What a general instruction's row says of operands
//-===//
//
// Two operand rules ptxas 13.0 applies to every general instruction, with
// what the instruction's syntax row (lib/ISA/td/Forms) says of them:
// - a negated register (`-%r1`, `-%r2.b1`) is refused ("Operand negation
//   not allowed for instruction 'lop3'"), except in vmad, whose product
//   (a xor b negated) or addend c may be negated, not both (PTX ISA 9.0,
//   Video Instructions: vmad; test/Sema/syntax-video.ptx);
// - a predicate-output pair `d|p` as the first operand: where the row says
//   it is required or not allowed (lop3's PTX 8.2 form; syntax-logic.ptx);
//   `d|_` is none (ptxas takes it where none is allowed).
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

/// ptxas's message with the instruction's name in {instr}.
std::string withName(StringRef Msg, StringRef Name) {
  std::string Out = Msg.str();
  size_t At = Out.find("{instr}");
  if (At != std::string::npos)
    Out.replace(At, 7, Name.str());
  return Out;
}

} // namespace

const Symbol *SemaState::negatedRegister(const ast::Operand &O) const {
  StringRef Name;
  if (const auto *N = dyn_cast<ast::NameOperand>(&O); N && O.Minus)
    Name = N->Name;
  const auto *Imm = dyn_cast<ast::ImmOperand>(&O);
  const auto *U = Imm ? dyn_cast<ast::UnaryExpr>(Imm->Value) : nullptr;
  if (const auto *N = U && U->Op == ast::UnaryOp::Neg
                          ? dyn_cast<ast::NameExpr>(U->Sub)
                          : nullptr)
    Name = N->Name;
  const Symbol *Sym = Name.empty() ? nullptr : lookup(Name);
  return Sym && Sym->Space == ast::StateSpace::Reg ? Sym : nullptr;
}

bool SemaState::checkRowOperands(const ast::InstructionStmt &I,
                                 const isa::SyntaxRow &Row, bool Listed) {
  // The name for the messages, worked out only when one is reported.
  auto Name = [&I] {
    std::string N = I.Opcode.str();
    if (!I.Qualifiers.empty() &&
        isa::listContains(isa::variantWords(I.Opcode), I.Qualifiers[0].Text))
      N += "." + I.Qualifiers[0].Text.split("::").first.str();
    return N;
  };
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  if (!Ops.empty() && Row.PredOutput != 2) {
    const auto *Pair = dyn_cast<ast::PairOperand>(Ops[0]);
    bool HasP = Pair && !llvm::isa<ast::SinkOperand>(Pair->Second);
    // A register d without its `|p` in a listed row: after d's own check
    // (checkListedOperands), as ptxas 13.0 matches a register's type first.
    const auto *D = dyn_cast<ast::NameOperand>(Ops[0]);
    const Symbol *DSym = D ? lookup(D->Name) : nullptr;
    bool Deferred = Listed && DSym && DSym->Space == ast::StateSpace::Reg;
    if (HasP != (Row.PredOutput == 1) && (HasP || !Deferred)) {
      report(DiagID::OperandType, Ops[0]->Range)
          << (HasP ? "Predicate output not allowed for instruction '"
                   : "Predicate output expected for instruction '")
          << Name() << "'";
      return false;
    }
  }
  SmallVector<bool, 6> Neg;
  for (const ast::Operand *O : Ops) {
    const Symbol *Sym = negatedRegister(*O);
    Neg.push_back(Sym);
    // ptxas negates only 32-bit integer registers.
    if (Sym &&
        !(Sym->Type == isa::PtxType::B32 || Sym->Type == isa::PtxType::U32 ||
          Sym->Type == isa::PtxType::S32)) {
      report(DiagID::OperandType, O->Range)
          << "Illegal argument to unary minus";
      return false;
    }
  }
  // ptxas gives vmad's message for a negated operand outside vmad's
  // sources a, b, c (the destination, bfi's fifth operand), whatever the
  // instruction.
  for (unsigned K = 0; K != Neg.size(); ++K)
    if (Neg[K] && (K == 0 || K > 3)) {
      report(DiagID::OperandType, Ops[K]->Range)
          << "Operand negation limited to either (source A xor source B) or "
             "source C";
      return false;
    }
  bool Refused = false;
  if (Row.NegatesProductOrAddend && Ops.size() == 4)
    // a*b (exactly one of a, b) or c.
    Refused = (Neg[1] != Neg[2]) && Neg[3];
  else
    Refused = llvm::is_contained(Neg, true);
  if (!Refused)
    return true;
  unsigned K = llvm::find(Neg, true) - Neg.begin();
  report(DiagID::OperandType, Ops[K]->Range)
      << withName(Row.NegationMessage, Name());
  return false;
}

} // namespace sema
} // namespace ptxwarp
