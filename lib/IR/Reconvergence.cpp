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
#include "ptxwarp/IR/Successors.h"
#include "ptxwarp/Support/PostDominators.h"

namespace ptxwarp {
namespace ir {

void computeReconvergence(Function &F) {
  const unsigned N = unsigned(F.Insts.size()); // the virtual exit node
  std::vector<unsigned> IPDom = immediatePostDominators(successors(F));
  for (unsigned I = 0; I < N; ++I)
    F.Insts[I].Reconverge = IPDom[I] == NoPostDominator ? N : IPDom[I];
}

} // namespace ir
} // namespace ptxwarp
