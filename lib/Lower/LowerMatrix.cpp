//===- LowerMatrix.cpp - Lowering the warp-level rows (mma.sync) ----------===//
//
// An opcode whose table row runs as "Collective" (mma) is lowered from the
// syntax row its qualifiers select (lib/ISA/td/Forms/Matrix.td): the row
// names the collective function and the contract, and lists the operands
// as brace lists, flattened here one register per element (destinations,
// then sources), as lib/Interp/MatrixOps.cpp's operand convention says. A
// row without a function is refused, naming the form.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/ISA/SyntaxRows.h"
#include "ptxwarp/Sema/Checker.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

void Lowerer::lowerRowCollective(const ast::InstructionStmt &I, Inst &In,
                                 Scope &S) {
  const isa::SyntaxRow *R = sema::findSyntaxRow(I);
  if (!R || R->VectorOperands.size() != I.Operands.size()) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' matches no form of the instruction table");
    return;
  }
  if (!R->HasOp) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) +
              "' is not supported by the interpreter: the form '" + R->Pattern +
              "' has no semantics function yet");
    return;
  }
  In.Op = Opcode::Collective;
  In.Sub = uint8_t(R->Op);
  In.AlignedWarp = R->Contract == isa::WarpContract::AlignedWarp;
  emitCollective(
      I, R->VectorOperands.size(),
      [&](size_t K) { return R->VectorOperands[K].Role; },
      [&](size_t K) {
        return Type::fromName(R->VectorOperands[K].Regs.split(',').first);
      },
      /*Mask=*/nullptr, In, S);
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
