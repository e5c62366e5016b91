//===- Reconvergence.cpp - Immediate post-dominators of branches ----------===//
//
// The reconvergence point of a branch is its immediate post-dominator: the
// first instruction every path from the branch must reach. The lockstep
// (pre-Volta IPDOM stack) policy pushes it when a warp diverges. Computed once
// per function with the Cooper-Harvey-Kennedy iterative algorithm on the
// reversed instruction-level CFG, whose root is a virtual exit node.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/Lower.h"

#include <vector>

namespace ptxwarp {
namespace ir {

void computeReconvergence(Function &F) {
  const unsigned N = unsigned(F.Insts.size()); // virtual exit node
  std::vector<std::vector<unsigned>> Succ(N + 1), Pred(N + 1);
  auto Edge = [&](unsigned A, unsigned B) {
    Succ[A].push_back(B);
    Pred[B].push_back(A);
  };
  for (unsigned I = 0; I < N; ++I) {
    const Inst &In = F.Insts[I];
    switch (In.Op) {
    case Opcode::Bra:
      Edge(I, In.Target);
      if (In.Guard >= 0)
        Edge(I, I + 1 <= N ? I + 1 : N);
      break;
    case Opcode::Ret:
      Edge(I, In.Target);
      break;
    case Opcode::Exit:
    case Opcode::Trap:
      if (In.Guard >= 0)
        Edge(I, I + 1);
      Edge(I, N);
      break;
    default:
      Edge(I, I + 1);
    }
  }
  // Postorder of the reversed graph from the exit.
  std::vector<int> PO(N + 1, -1);
  std::vector<unsigned> Order;
  std::vector<std::pair<unsigned, size_t>> Stack{{N, 0}};
  std::vector<bool> Seen(N + 1, false);
  Seen[N] = true;
  while (!Stack.empty()) {
    auto &[Node, Next] = Stack.back();
    if (Next < Pred[Node].size()) {
      unsigned P = Pred[Node][Next++];
      if (!Seen[P]) {
        Seen[P] = true;
        Stack.push_back({P, 0});
      }
      continue;
    }
    PO[Node] = int(Order.size());
    Order.push_back(Node);
    Stack.pop_back();
  }
  const unsigned Undef = ~0u;
  std::vector<unsigned> IPDom(N + 1, Undef);
  IPDom[N] = N;
  auto Intersect = [&](unsigned A, unsigned B) {
    while (A != B) {
      while (PO[A] < PO[B])
        A = IPDom[A];
      while (PO[B] < PO[A])
        B = IPDom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
      unsigned Node = *It;
      if (Node == N)
        continue;
      unsigned New = Undef;
      for (unsigned S : Succ[Node]) {
        if (IPDom[S] == Undef || PO[S] < 0)
          continue;
        New = New == Undef ? S : Intersect(S, New);
      }
      if (New != Undef && IPDom[Node] != New) {
        IPDom[Node] = New;
        Changed = true;
      }
    }
  }
  for (unsigned I = 0; I < N; ++I)
    F.Insts[I].Reconverge = IPDom[I] == Undef ? N : IPDom[I];
}

} // namespace ir
} // namespace ptxwarp
