//===- Successors.cpp - The instruction-level CFG of an IR function -------===//

#include "ptxwarp/IR/Successors.h"

namespace ptxwarp {
namespace ir {

std::vector<llvm::SmallVector<unsigned, 2>> successors(const Function &F) {
  const unsigned N = unsigned(F.Insts.size()); // the virtual exit node
  std::vector<llvm::SmallVector<unsigned, 2>> Succs(N);
  for (unsigned I = 0; I < N; ++I) {
    const Inst &In = F.Insts[I];
    switch (In.Op) {
    case Opcode::Bra:
    case Opcode::Ret:
      Succs[I].push_back(In.Target);
      break;
    case Opcode::BrxIdx:
      for (uint32_t T : F.JumpTables[In.Target])
        Succs[I].push_back(T);
      break;
    case Opcode::Exit:
    case Opcode::Trap:
      Succs[I].push_back(N);
      break;
    default:
      Succs[I].push_back(I + 1);
      continue;
    }
    if (In.Guard >= 0)
      Succs[I].push_back(I + 1);
  }
  return Succs;
}

} // namespace ir
} // namespace ptxwarp
