//===- Reconvergence.cpp - Immediate post-dominators of branches ----------===//
//
// The reconvergence point of a branch is its immediate post-dominator: the
// first instruction every path from the branch must reach. The lockstep
// (pre-Volta IPDOM stack) policy pushes it when a warp diverges. Computed once
// per function on the instruction-level CFG by the post-dominator helper the
// divergence lint shares (ptxwarp/Support/PostDominators.h).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/Reconvergence.h"
#include "ptxwarp/Support/PostDominators.h"

#include <vector>

namespace ptxwarp {
namespace ir {

void computeReconvergence(Function &F) {
  const unsigned N = unsigned(F.Insts.size()); // the virtual exit node
  std::vector<llvm::SmallVector<unsigned, 2>> Succs(N);
  for (unsigned I = 0; I < N; ++I) {
    const Inst &In = F.Insts[I];
    switch (In.Op) {
    case Opcode::Bra:
      Succs[I].push_back(In.Target);
      if (In.Guard >= 0)
        Succs[I].push_back(I + 1);
      break;
    case Opcode::Ret:
      Succs[I].push_back(In.Target);
      break;
    case Opcode::BrxIdx:
      for (uint32_t T : F.JumpTables[In.Target])
        Succs[I].push_back(T);
      if (In.Guard >= 0)
        Succs[I].push_back(I + 1);
      break;
    case Opcode::Exit:
    case Opcode::Trap:
      if (In.Guard >= 0)
        Succs[I].push_back(I + 1);
      Succs[I].push_back(N);
      break;
    default:
      Succs[I].push_back(I + 1);
    }
  }
  std::vector<unsigned> IPDom = immediatePostDominators(Succs);
  for (unsigned I = 0; I < N; ++I)
    F.Insts[I].Reconverge = IPDom[I] == NoPostDominator ? N : IPDom[I];
}

} // namespace ir
} // namespace ptxwarp
