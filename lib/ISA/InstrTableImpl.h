//===- InstrTableImpl.h - Private pieces shared by the table's files -----===//

#ifndef PTXWARP_LIB_ISA_INSTRTABLEIMPL_H
#define PTXWARP_LIB_ISA_INSTRTABLEIMPL_H

#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/Modes.h"

namespace ptxwarp {
namespace isa {

/// The warp-level families (emitted from td/WarpInstrs.td).
llvm::ArrayRef<InstrFamily> warpFamilies();
/// The general families with operand rules (emitted from td/Opcodes.td).
llvm::ArrayRef<InstrFamily> generalFamilies();

/// One row per PTX opcode (td/Opcodes.td), sorted by name: what it executes
/// as and what the analyses ask of it.
struct OpcodeRow {
  ExecInfo Exec; ///< Exec.Mnemonic is the opcode
  ControlFlow Flow;
  IndexArith Arith;
  ConstFold Fold;
  OperandSizeRule OperandSize;
  bool ResultVariesPerLane;
  uint8_t ExactTyped, ExactTypedWide; ///< see exactTypedOperands
  int8_t AddressOperand;              ///< see memoryOperandOf
  const char *RefusedSpaces;          ///< see refusedStateSpaces
  bool TypeRequired;                  ///< see typeRequirement
  const char *TypeNameModes;
  int8_t CachePolicyOperand; ///< see cachePolicyOperandOf
  int8_t ImageData;          ///< see imageDataOperand
  bool ImageBits;
  const char *Code32; ///< see code32Rule
};
llvm::ArrayRef<OpcodeRow> opcodeRows();
/// The index of \p Opcode's row in opcodeRows(), or -1 (a generated string
/// switch: no hashing), for tables keyed by opcode.
int opcodeIndex(llvm::StringRef Opcode);

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_LIB_ISA_INSTRTABLEIMPL_H
