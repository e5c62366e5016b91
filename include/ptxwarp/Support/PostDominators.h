//===- PostDominators.h - Immediate post-dominators of a small graph ------===//
//
// The one post-dominator computation of the project, shared by the divergence
// lint (lib/Sema/Divergence.cpp: the join block of a divergent branch), the
// IR (lib/IR/Reconvergence.cpp: where the lockstep policy reconverges a
// warp) and, on the reversed graph, the constant propagation's dominators
// (lib/Sema/ConstProp.cpp). Cooper, Harvey and Kennedy's iterative algorithm
// ("A Simple, Fast Dominance Algorithm", 2001) on the reversed graph, rooted at
// a virtual exit node. Header-only and internal: not part of the installed API.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_SUPPORT_POSTDOMINATORS_H
#define PTXWARP_SUPPORT_POSTDOMINATORS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>
#include <vector>

namespace ptxwarp {

/// The value immediatePostDominators gives a node that cannot reach the exit
/// (an endless loop).
constexpr unsigned NoPostDominator = ~0u;

/// Immediate post-dominators of the nodes 0..N-1 of a graph whose successor
/// lists are \p Succs (N = Succs.size()). Node N is a virtual exit: a node
/// leaves the graph by naming N as a successor. The result has N + 1 entries;
/// entry N is N itself, and a node from which the exit cannot be reached gets
/// NoPostDominator.
inline std::vector<unsigned>
immediatePostDominators(llvm::ArrayRef<llvm::SmallVector<unsigned, 2>> Succs) {
  const unsigned Exit = unsigned(Succs.size());
  std::vector<llvm::SmallVector<unsigned, 2>> Preds(Exit + 1);
  for (unsigned N = 0; N < Exit; ++N)
    for (unsigned S : Succs[N])
      Preds[S].push_back(N);

  // Post-order of the reversed graph, by an iterative depth-first search
  // from the exit over predecessors.
  std::vector<unsigned> PostOrderIndex(Exit + 1, NoPostDominator);
  std::vector<unsigned> Order;
  std::vector<bool> Seen(Exit + 1, false);
  std::vector<std::pair<unsigned, unsigned>> Stack{{Exit, 0}};
  Seen[Exit] = true;
  while (!Stack.empty()) {
    auto &[Node, Next] = Stack.back();
    if (Next < Preds[Node].size()) {
      unsigned P = Preds[Node][Next++];
      if (!Seen[P]) {
        Seen[P] = true;
        Stack.push_back({P, 0});
      }
      continue;
    }
    PostOrderIndex[Node] = unsigned(Order.size());
    Order.push_back(Node);
    Stack.pop_back();
  }

  std::vector<unsigned> IPDom(Exit + 1, NoPostDominator);
  IPDom[Exit] = Exit;
  auto Intersect = [&](unsigned A, unsigned B) {
    while (A != B) {
      while (PostOrderIndex[A] < PostOrderIndex[B])
        A = IPDom[A];
      while (PostOrderIndex[B] < PostOrderIndex[A])
        B = IPDom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    // Reverse post-order of the reversed graph; the root (last) is skipped.
    for (auto It = Order.rbegin() + 1; It != Order.rend(); ++It) {
      unsigned Node = *It;
      unsigned New = NoPostDominator;
      for (unsigned S : Succs[Node]) {
        if (IPDom[S] == NoPostDominator)
          continue;
        New = New == NoPostDominator ? S : Intersect(S, New);
      }
      if (New != IPDom[Node]) {
        IPDom[Node] = New;
        Changed = true;
      }
    }
  }
  return IPDom;
}

} // namespace ptxwarp

#endif // PTXWARP_SUPPORT_POSTDOMINATORS_H
