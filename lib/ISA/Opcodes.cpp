//===- Opcodes.cpp - Lookups over the per-opcode rows ---------------------===//
//
// The rows themselves are td/Opcodes.td, emitted into Opcodes.inc.
//
//===----------------------------------------------------------------------===//

#include "InstrTableImpl.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace ptxwarp {
namespace isa {

#include "ptxwarp/ISA/Generated/Opcodes.inc"

int opcodeIndex(StringRef Opcode) { return opcodeRowIndex(Opcode); }

OpcodeRef::OpcodeRef(StringRef Mnemonic)
    : Name(Mnemonic), Row(opcodeRowIndex(Mnemonic)) {}

namespace {
const OpcodeRow *findRow(OpcodeRef Opcode) {
  return Opcode.known() ? &OpcodeRows[Opcode.row()] : nullptr;
}
} // namespace

ArrayRef<StringRef> allOpcodes() {
  static const std::vector<StringRef> Names = [] {
    std::vector<StringRef> N;
    for (const OpcodeRow &R : opcodeRows())
      N.push_back(R.Exec.Mnemonic);
    return N;
  }();
  return Names;
}

bool isKnownOpcode(OpcodeRef Opcode) { return findRow(Opcode) != nullptr; }

bool isKnownModifier(StringRef Q) { return isKnownModifierWord(Q); }

std::vector<const ExecInfo *> execTable() {
  std::vector<const ExecInfo *> Entries;
  for (const OpcodeRow &R : opcodeRows())
    if (R.Exec.runs() || !R.Exec.NotRun.empty())
      Entries.push_back(&R.Exec);
  return Entries;
}

const ExecInfo *findExec(OpcodeRef Mnemonic) {
  // Warp families have no entry: their forms carry the SemanticOp.
  const OpcodeRow *R = findRow(Mnemonic);
  return R && (R->Exec.runs() || !R->Exec.NotRun.empty()) ? &R->Exec : nullptr;
}

ControlFlow controlFlowOf(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? R->Flow : ControlFlow::None;
}

bool resultVariesPerLane(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R && R->ResultVariesPerLane;
}

unsigned exactTypedOperands(OpcodeRef Opcode, bool Wide) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? (Wide ? R->ExactTypedWide : R->ExactTyped) : 0;
}

int memoryOperandOf(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? R->AddressOperand : -1;
}

StringRef refusedStateSpaces(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? StringRef(R->RefusedSpaces) : StringRef();
}

int cachePolicyOperandOf(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? R->CachePolicyOperand : -1;
}

int imageDataOperand(OpcodeRef Opcode, bool &BitData) {
  const OpcodeRow *R = findRow(Opcode);
  BitData = R && R->ImageBits;
  return R ? R->ImageData : -1;
}

StringRef code32Rule(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? StringRef(R->Code32) : StringRef();
}

std::optional<StringRef> typeRequirement(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  if (!R || !R->TypeRequired)
    return std::nullopt;
  return StringRef(R->TypeNameModes);
}

StringRef variantWords(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? StringRef(R->TypeNameModes) : StringRef();
}

IndexArith indexArithOf(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? R->Arith : IndexArith::Other;
}

ConstFold constFoldOf(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? R->Fold : ConstFold::None;
}

OperandSizeRule operandSizeRuleOf(OpcodeRef Opcode) {
  const OpcodeRow *R = findRow(Opcode);
  return R ? R->OperandSize : OperandSizeRule::Exact;
}

} // namespace isa
} // namespace ptxwarp
