//===- OperandSize.cpp - Register sizes against the instruction type -----===//
//
// PTX ISA 9.4.1 "Operand Size Exceeding Instruction-Type Size": ld, st and
// cvt take data registers wider than the instruction type (the interpreter
// chops sources and sign- or zero-extends destinations), but never
// narrower ones, and a floating-point type takes only a bit-size register
// or its own type (isa::isRelaxedTypeCompatible holds the tables). ptxas
// 13.0 reports the rest as "Arguments mismatch for instruction 'ld'".
// The other instructions take registers of exactly the type's size (9.4,
// Table 26); checkExactOperands covers the general ALU families the
// instruction table does not describe operand by operand
// (isa::exactTypedOperands says which operands follow the type).
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

void SemaState::checkRelaxedOperands(const ast::InstructionStmt &I,
                                     const isa::OperandList *Args) {
  isa::OperandSizeRule Rule = isa::operandSizeRuleOf(opcodeOf(I));
  bool Load = Rule == isa::OperandSizeRule::Load;
  bool Store = Rule == isa::OperandSizeRule::Store;
  bool Cvt = Rule == isa::OperandSizeRule::Convert;
  if (!Load && !Store && !Cvt)
    return;
  SmallVector<isa::PtxType, 2> Types;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto T = isa::parseType(Q.Text))
      Types.push_back(*T);
  // Only the plain forms: a type the table does not know (e4m3x2, ...)
  // leaves the instruction to the other checks.
  if (Types.size() != (Cvt ? 2u : 1u) || I.Operands.size() < 2)
    return;
  auto Check = [&](size_t K, isa::PtxType T) {
    const ast::Operand *O = I.Operands[K];
    if (Args && !Args->Slots.empty()) {
      isa::SlotClass C = Args->Slots[std::min(K, Args->Slots.size() - 1)].Class;
      if (C != isa::SlotClass::Relaxed && C != isa::SlotClass::SourceRelaxed)
        return;
    }
    SmallVector<const ast::Operand *, 4> Regs;
    if (const auto *V = dyn_cast<ast::VectorOperand>(O))
      Regs.append(V->Elements.begin(), V->Elements.end());
    else
      Regs.push_back(O);
    for (const ast::Operand *R : Regs) {
      const auto *N = dyn_cast<ast::NameOperand>(R);
      const Symbol *S = N ? lookup(N->Name) : nullptr;
      if (!S || !S->Type || S->Space != ast::StateSpace::Reg ||
          isa::isRelaxedTypeCompatible(T, *S->Type))
        continue;
      report(DiagID::OperandType, R->Range)
          << "Arguments mismatch for instruction '" << I.Opcode << "': '"
          << R->text() << "' is declared ." << isa::typeName(*S->Type)
          << ", which a ." << isa::typeName(T) << " operand of '" << I.Opcode
          << "' cannot use (a register may be wider than the type, not "
             "narrower, and a floating-point type takes only its own type "
             "or a bit-size register; PTX ISA 9.4.1)";
    }
  };
  if (Load) {
    Check(0, Types[0]);
  } else if (Store) {
    Check(1, Types[0]);
  } else {
    Check(0, Types[0]);
    for (size_t K = 1; K < I.Operands.size(); ++K)
      Check(K, Types[1]);
  }
}

void SemaState::checkExactOperands(const ast::InstructionStmt &I) {
  unsigned Slots = isa::exactTypedOperands(opcodeOf(I), I.hasQualifier("wide"));
  if (!Slots)
    return;
  std::optional<isa::PtxType> T;
  unsigned NTypes = 0;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto X = isa::parseType(Q.Text)) {
      T = X;
      ++NTypes;
    }
  if (!T || NTypes != 1)
    return;
  for (size_t K = 0; K < I.Operands.size() && K < 8; ++K) {
    if (!(Slots >> K & 1))
      continue;
    const auto *N = dyn_cast<ast::NameOperand>(I.Operands[K]);
    const Symbol *S = N ? lookup(N->Name) : nullptr;
    if (!S || !S->Type || S->Space != ast::StateSpace::Reg ||
        isa::isTypeCompatible(*T, *S->Type))
      continue;
    report(DiagID::OperandType, N->Range)
        << "Arguments mismatch for instruction '" << I.Opcode << "': '"
        << N->text() << "' is declared ." << isa::typeName(*S->Type)
        << ", not a register of the instruction type ." << isa::typeName(*T)
        << " (only ld, st and cvt take wider registers; PTX ISA 9.4)";
  }
}

} // namespace sema
} // namespace ptxwarp
