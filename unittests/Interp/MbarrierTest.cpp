//===- MbarrierTest.cpp - The mbarrier state machine ----------------------===//
//
// Expected values from PTX ISA "Parallel Synchronization and Communication
// Instructions: mbarrier" ("Contents of the mbarrier object", "Phase
// completion", "Arrive-on operation", "expect-tx/complete-tx operation",
// mbarrier.arrive_drop, mbarrier.test_wait, mbarrier.pending_count).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Mbarrier.h"

#include "gtest/gtest.h"

using namespace ptxwarp::interp;

namespace {

TEST(Mbarrier, InitSetsPhaseZeroAndCounts) {
  Mbarrier M;
  EXPECT_FALSE(M.valid());
  EXPECT_EQ(M.init(3), "");
  EXPECT_TRUE(M.valid());
  EXPECT_EQ(M.phase(), 0u);
  EXPECT_EQ(M.pending(), 3);
  EXPECT_EQ(M.expected(), 3);
  EXPECT_EQ(M.txCount(), 0);
}

TEST(Mbarrier, InitCountRange) {
  // Expected arrival count: 1 .. 2^20 - 1.
  Mbarrier M;
  EXPECT_NE(M.init(0), "");
  EXPECT_FALSE(M.valid());
  EXPECT_NE(M.init(1 << 20), "");
  EXPECT_EQ(M.init((1 << 20) - 1), "");
  EXPECT_EQ(M.pending(), (1 << 20) - 1);
}

TEST(Mbarrier, LastArrivalCompletesThePhaseAndReloadsTheCount) {
  Mbarrier M;
  ASSERT_EQ(M.init(2), "");
  uint64_t S0, S1;
  EXPECT_EQ(M.arrive(1, 0, false, false, S0), "");
  EXPECT_EQ(M.phase(), 0u);
  EXPECT_EQ(M.pending(), 1);
  EXPECT_FALSE(M.phaseDone(S0));
  EXPECT_FALSE(M.parityDone(0));
  EXPECT_TRUE(M.parityDone(1)); // the (notional) phase before phase 0
  EXPECT_EQ(M.arrive(1, 0, false, false, S1), "");
  EXPECT_EQ(M.phase(), 1u);
  EXPECT_EQ(M.pending(), 2);
  EXPECT_TRUE(M.phaseDone(S0));
  EXPECT_TRUE(M.phaseDone(S1));
  EXPECT_TRUE(M.parityDone(0));
  EXPECT_FALSE(M.parityDone(1));
  // Parity flips with every phase.
  uint64_t S2;
  EXPECT_EQ(M.arrive(2, 0, false, false, S2), "");
  EXPECT_EQ(M.phase(), 2u);
  EXPECT_FALSE(M.parityDone(0));
  EXPECT_TRUE(M.parityDone(1));
  EXPECT_TRUE(M.phaseDone(S2));
}

TEST(Mbarrier, PendingCountIsTheCountBeforeTheArrive) {
  Mbarrier M;
  ASSERT_EQ(M.init(5), "");
  uint64_t S;
  ASSERT_EQ(M.arrive(2, 0, true, false, S), "");
  EXPECT_EQ(Mbarrier::pendingCount(S), 5u);
  ASSERT_EQ(M.arrive(1, 0, true, false, S), "");
  EXPECT_EQ(Mbarrier::pendingCount(S), 3u);
}

TEST(Mbarrier, ArrivingMoreThanPendingIsUndefined) {
  Mbarrier M;
  ASSERT_EQ(M.init(2), "");
  uint64_t S;
  EXPECT_NE(M.arrive(3, 0, false, false, S), "");
  EXPECT_EQ(M.pending(), 2); // unchanged
  EXPECT_NE(M.arrive(0, 0, false, false, S), "");
}

TEST(Mbarrier, NoCompleteMustNotCompleteThePhase) {
  Mbarrier M;
  ASSERT_EQ(M.init(2), "");
  uint64_t S;
  EXPECT_EQ(M.arrive(1, 0, true, false, S), "");
  EXPECT_NE(M.arrive(1, 0, true, false, S), "");
  EXPECT_EQ(M.phase(), 0u);
  // With tx bytes outstanding the same arrival does not complete it.
  ASSERT_EQ(M.expectTx(4), "");
  EXPECT_EQ(M.arrive(1, 0, true, false, S), "");
  EXPECT_EQ(M.phase(), 0u);
}

TEST(Mbarrier, TxCountHoldsThePhaseUntilZero) {
  Mbarrier M;
  ASSERT_EQ(M.init(1), "");
  uint64_t S;
  // arrive.expect_tx: expect-tx first, then the arrive-on.
  ASSERT_EQ(M.arrive(1, 0x40, false, false, S), "");
  EXPECT_EQ(M.pending(), 0);
  EXPECT_EQ(M.txCount(), 0x40);
  EXPECT_EQ(M.phase(), 0u);
  ASSERT_EQ(M.completeTx(0x30), "");
  EXPECT_EQ(M.phase(), 0u);
  ASSERT_EQ(M.completeTx(0x10), "");
  EXPECT_EQ(M.phase(), 1u);
  EXPECT_EQ(M.pending(), 1);
  EXPECT_EQ(M.txCount(), 0);
  EXPECT_TRUE(M.phaseDone(S));
}

TEST(Mbarrier, TxCountMayGoNegativeWithinRange) {
  // complete-tx before expect-tx: tx-count in [-(2^20-1), 2^20-1].
  Mbarrier M;
  ASSERT_EQ(M.init(1), "");
  ASSERT_EQ(M.completeTx(8), "");
  EXPECT_EQ(M.txCount(), -8);
  uint64_t S;
  ASSERT_EQ(M.arrive(1, 0, false, false, S), "");
  EXPECT_EQ(M.phase(), 0u); // pending 0 but tx-count -8
  ASSERT_EQ(M.expectTx(8), "");
  EXPECT_EQ(M.phase(), 1u);
  // The next phase starts from tx-count 0: down to -(2^20 - 1), no less.
  EXPECT_EQ(M.txCount(), 0);
  EXPECT_EQ(M.completeTx((1 << 20) - 1), "");
  EXPECT_NE(M.completeTx(1), "");
  EXPECT_EQ(M.txCount(), -((1 << 20) - 1));
}

TEST(Mbarrier, TxCountRange) {
  Mbarrier M;
  ASSERT_EQ(M.init(1), "");
  EXPECT_EQ(M.expectTx((1 << 20) - 1), "");
  EXPECT_NE(M.expectTx(1), "");
  EXPECT_EQ(M.txCount(), (1 << 20) - 1);
  Mbarrier N;
  ASSERT_EQ(N.init(1), "");
  EXPECT_EQ(N.completeTx((1 << 20) - 1), "");
  EXPECT_NE(N.completeTx(1), "");
}

TEST(Mbarrier, ArriveDropLowersTheExpectedCount) {
  Mbarrier M;
  ASSERT_EQ(M.init(3), "");
  uint64_t S;
  ASSERT_EQ(M.arrive(1, 0, false, /*Drop=*/true, S), "");
  EXPECT_EQ(M.expected(), 2);
  EXPECT_EQ(M.pending(), 2);
  ASSERT_EQ(M.arrive(2, 0, false, false, S), "");
  EXPECT_EQ(M.phase(), 1u);
  EXPECT_EQ(M.pending(), 2); // the next phase expects 2
  ASSERT_EQ(M.arrive(1, 0, false, true, S), "");
  ASSERT_EQ(M.arrive(1, 0, false, false, S), "");
  EXPECT_EQ(M.phase(), 2u);
  EXPECT_EQ(M.pending(), 1);
}

TEST(Mbarrier, AddPendingDelaysCompletion) {
  // cp.async.mbarrier.arrive without .noinc: pending + 1, then the
  // asynchronous arrive-on takes it back.
  Mbarrier M;
  ASSERT_EQ(M.init(1), "");
  ASSERT_EQ(M.addPending(1), "");
  uint64_t S;
  ASSERT_EQ(M.arrive(1, 0, false, false, S), "");
  EXPECT_EQ(M.phase(), 0u);
  ASSERT_EQ(M.arrive(1, 0, false, false, S), "");
  EXPECT_EQ(M.phase(), 1u);
  EXPECT_EQ(M.pending(), 1);
}

TEST(Mbarrier, InvalThenInitStartsAgain) {
  Mbarrier M;
  ASSERT_EQ(M.init(1), "");
  uint64_t S;
  ASSERT_EQ(M.arrive(1, 0, false, false, S), "");
  M.inval();
  EXPECT_FALSE(M.valid());
  ASSERT_EQ(M.init(4), "");
  EXPECT_EQ(M.phase(), 0u);
  EXPECT_EQ(M.pending(), 4);
}

} // namespace
