//===- PostDominatorsTest.cpp - The shared post-dominator helper ----------===//
//
// Each expected tree is worked out by hand from the definition: B
// post-dominates A when every path from A to the exit passes through B; the
// immediate one is the closest such B.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Support/PostDominators.h"

#include "gtest/gtest.h"

using namespace ptxwarp;

namespace {
using Graph = std::vector<llvm::SmallVector<unsigned, 2>>;
constexpr unsigned None = NoPostDominator;

TEST(PostDominators, StraightLine) {
  // 0 -> 1 -> 2 -> exit(3)
  Graph G = {{1}, {2}, {3}};
  EXPECT_EQ(immediatePostDominators(G), (std::vector<unsigned>{1, 2, 3, 3}));
}

TEST(PostDominators, DiamondJoinsAtTheMerge) {
  // 0 -> {1, 2}; 1 -> 3; 2 -> 3; 3 -> exit(4)
  Graph G = {{1, 2}, {3}, {3}, {4}};
  EXPECT_EQ(immediatePostDominators(G), (std::vector<unsigned>{3, 3, 3, 4, 4}));
}

TEST(PostDominators, EarlyExitJoinsOnlyAtTheExit) {
  // 0 -> {1, 2}; 1 -> exit(4); 2 -> 3 -> exit: the branches meet at the exit.
  Graph G = {{1, 2}, {4}, {3}, {4}};
  EXPECT_EQ(immediatePostDominators(G), (std::vector<unsigned>{4, 4, 3, 4, 4}));
}

TEST(PostDominators, LoopBackEdge) {
  // 0 -> 1; 1 -> {2, 3}; 2 -> 1 (back edge); 3 -> exit(4)
  Graph G = {{1}, {2, 3}, {1}, {4}};
  EXPECT_EQ(immediatePostDominators(G), (std::vector<unsigned>{1, 3, 1, 4, 4}));
}

TEST(PostDominators, EndlessLoopHasNoPostDominator) {
  // 0 -> {1, 3}; 1 -> 2; 2 -> 1 (never leaves); 3 -> exit(4).
  // 0 can still reach the exit, only through 3.
  Graph G = {{1, 3}, {2}, {1}, {4}};
  EXPECT_EQ(immediatePostDominators(G),
            (std::vector<unsigned>{3, None, None, 4, 4}));
}

TEST(PostDominators, NestedBranches) {
  // 0 -> {1, 4}; 1 -> {2, 3}; 2 -> 5; 3 -> 5; 4 -> 6; 5 -> 6; 6 -> exit(7)
  Graph G = {{1, 4}, {2, 3}, {5}, {5}, {6}, {6}, {7}};
  EXPECT_EQ(immediatePostDominators(G),
            (std::vector<unsigned>{6, 5, 5, 5, 6, 6, 7, 7}));
}

TEST(PostDominators, EmptyGraph) {
  EXPECT_EQ(immediatePostDominators(Graph{}), (std::vector<unsigned>{0}));
}
} // namespace
