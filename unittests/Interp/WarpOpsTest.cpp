//===- WarpOpsTest.cpp - Hand-written cases for the warp semantics --------===//
//
// Small cases that pin down the rules the oracle vectors leave implicit:
// per-lane membermasks (UB c), mask 0 (UB e), undefined inputs flowing
// through shfl, and the %lanemask_* registers.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/WarpOps.h"

#include "gtest/gtest.h"

using namespace ptxwarp::interp;

namespace {

LaneArray<uint32_t> iota() {
  LaneArray<uint32_t> A;
  for (unsigned I = 0; I < WarpSize; ++I)
    A[I] = I;
  return A;
}

LaneArray<uint32_t> splat(uint32_t V) {
  LaneArray<uint32_t> A;
  A.fill(V);
  return A;
}

TEST(WarpOps, ShflBflyFullWarp) {
  WarpStep S = WarpStep::uniform(~0u, 0, ~0u);
  WarpResult R = shfl(S, ShflMode::Bfly, iota(), 0, splat(1), splat(0x1f));
  for (unsigned L = 0; L < WarpSize; ++L)
    EXPECT_EQ(R.D[L], L ^ 1);
  EXPECT_EQ(R.P, ~0u);
  EXPECT_EQ(R.UndefD, 0u);
  EXPECT_FALSE(R.UB.any());
}

TEST(WarpOps, ShflUndefinedInputPropagates) {
  WarpStep S = WarpStep::uniform(~0u, 0, ~0u);
  // Lane 3's a is undefined: only lane 2 (which reads lane 3) gets undef.
  WarpResult R =
      shfl(S, ShflMode::Down, iota(), 1u << 3, splat(1), splat(0x1f));
  EXPECT_EQ(R.UndefD, 1u << 2);
  EXPECT_EQ(R.UndefP, 0u);
  // Lane 3 takes part: the undefinedness is a's, no absent source.
  EXPECT_EQ(R.ReadAbsent, 0u);
  EXPECT_EQ(R.AbsentSources, 0u);
}

TEST(WarpOps, ShflNamesTheAbsentSources) {
  // Lanes 0..15 with membermask 0xffff read lane + 8 (PTX ISA 9.7.9.6,
  // shfl.sync pseudocode: j = lane + b <= 31): lanes 8..15 read 16..23, which
  // are not members. Lane 4 reads lane 12, whose a is undefined but which takes
  // part.
  WarpStep S = WarpStep::uniform(0xffff, 0, 0xffff);
  WarpResult R =
      shfl(S, ShflMode::Down, iota(), 1u << 12, splat(8), splat(0x1f));
  EXPECT_EQ(R.UndefD, 0xff00u | (1u << 4));
  EXPECT_EQ(R.ReadAbsent, 0xff00u);
  EXPECT_EQ(R.AbsentSources, 0x00ff0000u);
}

TEST(WarpOps, ShflFromInactiveLaneIsUndefined) {
  // Lanes 0..15 execute with membermask 0xffff; lane 15 reads lane 16.
  WarpStep S = WarpStep::uniform(0xffff, 0, 0xffff);
  WarpResult R = shfl(S, ShflMode::Down, iota(), 0, splat(1), splat(0x1f));
  EXPECT_EQ(R.UndefD, 1u << 15);
  EXPECT_FALSE(R.UB.any());
}

TEST(WarpOps, ZeroMaskIsReported) {
  WarpStep S = WarpStep::uniform(0x1, 0, 0);
  WarpResult R = vote(S, VoteMode::Any, 1, false);
  EXPECT_EQ(R.UB.ZeroMask, 1u);
  EXPECT_EQ(R.UB.ExecNotMember, 1u);
  EXPECT_EQ(R.UndefD, 1u);
}

TEST(WarpOps, MaskMismatchNamesConflictingLanes) {
  WarpStep S = WarpStep::uniform(0xf, 0, 0xf);
  S.MemberMask[2] = 0x7; // lane 2 names 0,1,2 but not 3
  S.MemberMask[3] = 0x8; // lane 3 names only itself
  WarpUB UB = checkMembership(S);
  EXPECT_EQ(UB.MaskMismatch, 0xfu);
}

TEST(WarpOps, ExitedMembersDoNotBlock) {
  WarpStep S = WarpStep::uniform(0x0000ffff, 0xffff0000, ~0u);
  WarpResult R = elect(S);
  EXPECT_FALSE(R.UB.any());
  EXPECT_EQ(R.P, 1u);
  EXPECT_EQ(R.D[7], 0u);
}

TEST(WarpOps, ReduxF32SignedZeroAndNaN) {
  WarpStep S = WarpStep::uniform(0x3, 0, 0x3);
  LaneArray<uint32_t> A{};
  A[0] = 0x80000000u; // -0.0
  A[1] = 0x00000000u; // +0.0
  EXPECT_EQ(redux(S, ReduxOp::Min, ReduxType::F32, false, false, A).D[0],
            0x80000000u);
  EXPECT_EQ(redux(S, ReduxOp::Max, ReduxType::F32, false, false, A).D[0], 0u);
  A[1] = 0xffc00000u; // NaN
  EXPECT_EQ(redux(S, ReduxOp::Max, ReduxType::F32, false, false, A).D[1],
            0x80000000u);
  EXPECT_EQ(redux(S, ReduxOp::Max, ReduxType::F32, false, true, A).D[1],
            CanonicalF32NaN);
}

TEST(WarpOps, LaneMasks) {
  EXPECT_EQ(laneMaskEq(5), 0x20u);
  EXPECT_EQ(laneMaskLt(5), 0x1fu);
  EXPECT_EQ(laneMaskLe(5), 0x3fu);
  EXPECT_EQ(laneMaskGt(5), 0xffffffc0u);
  EXPECT_EQ(laneMaskGe(5), 0xffffffe0u);
  EXPECT_EQ(laneMaskGe(0), ~0u);
  EXPECT_EQ(laneMaskGt(31), 0u);
  EXPECT_EQ(laneMaskLt(0), 0u);
}

} // namespace
