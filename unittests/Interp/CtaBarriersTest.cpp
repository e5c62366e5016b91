//===- CtaBarriersTest.cpp - The CTA barrier state machine ----------------===//
//
// Expected behaviour from PTX ISA 9.7.13.1 ("bar, barrier"): a warp arrives
// once its non-exited threads all have; .sync waits for b threads (each
// arrived warp counts 32) or for every warp of the CTA; .arrive does not
// wait; the barrier resets for its next use.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/CtaBarriers.h"

#include "gtest/gtest.h"

using namespace ptxwarp::interp;

namespace {
constexpr LaneMask All = 0xffffffffu;

CtaBarriers::Arrival arrival(unsigned Barrier, unsigned Count, unsigned Warp,
                             LaneMask Lanes, bool Waits = true) {
  CtaBarriers::Arrival A;
  A.Barrier = Barrier;
  A.Count = Count;
  A.Warp = Warp;
  A.Lanes = Lanes;
  A.PC = 7;
  A.Line = 3;
  A.Aligned = true;
  A.Waits = Waits;
  return A;
}

TEST(CtaBarriers, WholeCtaWaitsForEveryLiveWarp) {
  CtaBarriers B;
  B.reset(2);
  std::vector<CtaBarriers::Release> Out;
  EXPECT_EQ(B.arrive(arrival(0, 0, 0, All)), "");
  B.settle({All, All}, Out);
  EXPECT_TRUE(Out.empty()); // warp 1 has not arrived
  EXPECT_EQ(B.arrive(arrival(0, 0, 1, All)), "");
  B.settle({All, All}, Out);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Warp, 0u);
  EXPECT_EQ(Out[0].Lanes, All);
  EXPECT_EQ(Out[1].Warp, 1u);
}

TEST(CtaBarriers, ExitedThreadsNeedNotArrive) {
  CtaBarriers B;
  B.reset(2);
  std::vector<CtaBarriers::Release> Out;
  // Warp 0: lanes 16-31 exited; warp 1 exited entirely.
  EXPECT_EQ(B.arrive(arrival(0, 0, 0, 0x0000ffffu)), "");
  B.settle({0x0000ffffu, 0}, Out);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Lanes, 0x0000ffffu);
}

TEST(CtaBarriers, PartOfAWarpHasNotArrived) {
  CtaBarriers B;
  B.reset(1);
  std::vector<CtaBarriers::Release> Out;
  EXPECT_EQ(B.arrive(arrival(0, 0, 0, 0x0000ffffu)), "");
  B.settle({All}, Out);
  EXPECT_TRUE(Out.empty());
  // The other half exits: now every live thread has arrived.
  B.settle({0x0000ffffu}, Out);
  ASSERT_EQ(Out.size(), 1u);
}

TEST(CtaBarriers, CountCompletesWithoutTheOtherWarps) {
  CtaBarriers B;
  B.reset(3);
  std::vector<CtaBarriers::Release> Out;
  // Warp 0 arrives (does not wait), warp 1 syncs: 64 threads, warp 2 free.
  EXPECT_EQ(B.arrive(arrival(1, 64, 0, All, /*Waits=*/false)), "");
  B.settle({All, All, All}, Out);
  ASSERT_EQ(Out.size(), 1u); // .arrive lets its warp go at once
  EXPECT_EQ(Out[0].Warp, 0u);
  Out.clear();
  EXPECT_EQ(B.arrive(arrival(1, 64, 1, All)), "");
  B.settle({All, All, All}, Out);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Warp, 1u);
  // Reset: the next phase starts empty, with no count fixed.
  Out.clear();
  EXPECT_EQ(B.arrive(arrival(1, 96, 2, All)), "");
  B.settle({All, All, All}, Out);
  EXPECT_TRUE(Out.empty());
  EXPECT_EQ(B.describe(1), "barrier 1: 32 threads arrived of 96");
}

TEST(CtaBarriers, RedReducesOverThePhase) {
  CtaBarriers B;
  B.reset(2);
  std::vector<CtaBarriers::Release> Out;
  CtaBarriers::Arrival A = arrival(2, 0, 0, All);
  A.Red = true;
  A.PredTrue = 0x7; // 3 threads
  EXPECT_EQ(B.arrive(A), "");
  A.Warp = 1;
  A.PredTrue = 0xff; // 8 threads
  EXPECT_EQ(B.arrive(A), "");
  B.settle({All, All}, Out);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].PopcCount, 11u);
  EXPECT_EQ(Out[0].Participants, 64u);
}

TEST(CtaBarriers, Misuse) {
  CtaBarriers B;
  B.reset(2);
  EXPECT_EQ(B.arrive(arrival(3, 64, 0, 0x1u)), "");
  CtaBarriers::Arrival Other = arrival(3, 64, 0, 0x2u);
  Other.PC = 9;
  Other.Line = 5;
  EXPECT_EQ(B.arrive(Other),
            "threads of one warp arrive at barrier 3 from different "
            "instructions (lines 3 and 5) although the barrier is .aligned");
  // Another warp at another instruction is fine (producer/consumer).
  Other.Warp = 1;
  EXPECT_EQ(B.arrive(Other), "");
  Other.Count = 128;
  Other.Lanes = 0x4u;
  EXPECT_EQ(B.arrive(Other), "threads arrive at barrier 3 with different "
                             "thread counts (64 and 128)");
}

TEST(CtaBarriers, AlignedSplitIsAskedBeforeArriving) {
  CtaBarriers B;
  B.reset(1);
  CtaBarriers::Arrival First = arrival(0, 0, 0, 0x0000ffffu);
  EXPECT_EQ(B.alignedSplit(First), ""); // nobody there yet
  EXPECT_EQ(B.arrive(First), "");
  EXPECT_EQ(B.arrived(0, 0), 0x0000ffffu);
  CtaBarriers::Arrival Second = arrival(0, 0, 0, 0xffff0000u);
  EXPECT_EQ(B.alignedSplit(Second), ""); // the same instruction
  Second.PC = 9;
  Second.Line = 5;
  EXPECT_EQ(B.alignedSplit(Second),
            "threads of one warp arrive at barrier 0 from different "
            "instructions (lines 3 and 5) although the barrier is .aligned");
  // Neither .aligned (barrier.sync): threads count one by one.
  CtaBarriers U;
  U.reset(1);
  First.Aligned = Second.Aligned = false;
  EXPECT_EQ(U.arrive(First), "");
  EXPECT_EQ(U.alignedSplit(Second), "");
}
} // namespace

TEST(CtaBarriers, ResetForgetsAPhaseLeftOpen) {
  // A CTA ends with barrier 1 half arrived (warp 0's bar.arrive) and
  // barrier 0 completed: the next CTA starts both from nothing, whichever
  // reset skips as already clean.
  CtaBarriers B;
  B.reset(2);
  std::vector<CtaBarriers::Release> Out;
  EXPECT_EQ(B.arrive(arrival(1, 64, 0, All, /*Waits=*/false)), "");
  EXPECT_EQ(B.arrive(arrival(0, 0, 0, All)), "");
  EXPECT_EQ(B.arrive(arrival(0, 0, 1, All)), "");
  B.settle({All, All}, Out);
  EXPECT_EQ(B.arrived(1, 0), All);
  B.reset(2);
  EXPECT_EQ(B.arrived(0, 0), 0u);
  EXPECT_EQ(B.arrived(1, 0), 0u);
  EXPECT_EQ(B.barrierOf(0, 0), -1);
  // Barrier 1 with another count is no misuse now, and warp 1 alone at it
  // is not enough: warp 0's earlier arrival is gone.
  Out.clear();
  EXPECT_EQ(B.arrive(arrival(1, 96, 1, All)), "");
  B.settle({All, All}, Out);
  EXPECT_TRUE(Out.empty());
  // A reset to more warps sizes every barrier anew.
  B.reset(3);
  Out.clear();
  EXPECT_EQ(B.arrive(arrival(0, 0, 2, All)), "");
  B.settle({0, 0, All}, Out);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Warp, 2u);
}
