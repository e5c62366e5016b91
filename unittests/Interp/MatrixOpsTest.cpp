//===- MatrixOpsTest.cpp - The warp-level matrix instructions -------------===//
//
// movmatrixTrans against a reference written here: an 8x8 matrix of
// distinct 16-bit values is distributed over the warp by the row-fragment
// layout of PTX ISA 9.7.14.5.17 ("Warp-level matrix transpose instruction:
// movmatrix", Figure 109: lanes 4r..4r+3 hold row r, two elements each,
// lower column in the low half), transposed as a plain 2-D array, and the
// transpose read back in the same layout (Figure 110). The undefined lanes
// are found the same way, by transposing a matrix of source-lane tags.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Collective.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <random>
#include <set>

using namespace ptxwarp::interp;

namespace {

using Matrix = uint32_t[8][8];

constexpr LaneMask AllLanes = 0xffffffffu;

// Lane L's register in the layout: (L / 4, 2 * (L % 4)) in the low half,
// (L / 4, 2 * (L % 4) + 1) in the high half.
LaneArray<uint64_t> distribute(const Matrix &M) {
  LaneArray<uint64_t> R{};
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned Pair = 0; Pair < 4; ++Pair)
      R[Row * 4 + Pair] =
          uint64_t(M[Row][2 * Pair]) | uint64_t(M[Row][2 * Pair + 1]) << 16;
  return R;
}

void transpose(const Matrix &M, Matrix &T) {
  for (unsigned I = 0; I < 8; ++I)
    for (unsigned J = 0; J < 8; ++J)
      T[J][I] = M[I][J];
}

CollectiveIn inputs(const LaneArray<uint64_t> &A, LaneMask Undef,
                    LaneMask Active) {
  CollectiveIn In;
  In.S = WarpStep::uniform(Active, 0, AllLanes);
  In.NumSrc = 1;
  In.Src[0] = A;
  In.SrcUndef[0] = Undef;
  return In;
}

CollectiveOut run(const CollectiveIn &In) {
  CollectiveOut Out;
  movmatrixTrans(In, Out);
  return Out;
}

// The lanes whose d reads an element held by a lane in \p Bad: tag every
// element with the lane that holds it, transpose the tags, and collect the
// lanes that hold a bad tag afterwards.
LaneMask readersOf(LaneMask Bad) {
  Matrix Tags, Moved;
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned Col = 0; Col < 8; ++Col)
      Tags[Row][Col] = Row * 4 + Col / 2;
  transpose(Tags, Moved);
  LaneMask R = 0;
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned Col = 0; Col < 8; ++Col)
      if (hasLane(Bad, Moved[Row][Col]))
        R |= LaneMask(1) << (Row * 4 + Col / 2);
  return R;
}

TEST(MovMatrix, TransposesDistinctValues) {
  Matrix M, T;
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned Col = 0; Col < 8; ++Col)
      M[Row][Col] = 0xa000u | Row << 8 | Col << 4 | (Row ^ Col);
  transpose(M, T);
  LaneArray<uint64_t> Expected = distribute(T);
  CollectiveOut Out = run(inputs(distribute(M), 0, AllLanes));
  EXPECT_EQ(Out.NumDst, 1u);
  EXPECT_EQ(Out.DstUndef[0], 0u);
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    EXPECT_EQ(Out.Dst[0][Lane], Expected[Lane]) << "lane " << Lane;
}

TEST(MovMatrix, RandomMatrices) {
  std::mt19937 Gen(20261125);
  for (int Round = 0; Round < 50; ++Round) {
    // Distinct values, so that any misplaced element shows.
    std::set<uint32_t> Seen;
    Matrix M, T;
    for (unsigned Row = 0; Row < 8; ++Row)
      for (unsigned Col = 0; Col < 8; ++Col) {
        uint32_t V;
        do
          V = Gen() & 0xffffu;
        while (!Seen.insert(V).second);
        M[Row][Col] = V;
      }
    transpose(M, T);
    LaneArray<uint64_t> Expected = distribute(T);
    CollectiveOut Out = run(inputs(distribute(M), 0, AllLanes));
    EXPECT_EQ(Out.DstUndef[0], 0u);
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      ASSERT_EQ(Out.Dst[0][Lane], Expected[Lane]) << "lane " << Lane;
  }
}

// Worked by hand from Figures 109/110: element (r, c) = 8r + c, so lane L's a
// is (8(L/4) + 2(L%4) + 1) << 16 | (8(L/4) + 2(L%4)) and its d is
// element (2(L%4) + 1, L/4) << 16 | element (2(L%4), L/4).
TEST(MovMatrix, HandComputedLanes) {
  LaneArray<uint64_t> A{};
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    A[Lane] = uint64_t(2 * Lane + 1) << 16 | 2 * Lane;
  CollectiveOut Out = run(inputs(A, 0, AllLanes));
  EXPECT_EQ(Out.Dst[0][0], 0x00080000u);  // (0,0)=0, (1,0)=8
  EXPECT_EQ(Out.Dst[0][1], 0x00180010u);  // (2,0)=16, (3,0)=24
  EXPECT_EQ(Out.Dst[0][3], 0x00380030u);  // (6,0)=48, (7,0)=56
  EXPECT_EQ(Out.Dst[0][4], 0x00090001u);  // (0,1)=1, (1,1)=9
  EXPECT_EQ(Out.Dst[0][13], 0x001b0013u); // (2,3)=19, (3,3)=27
  EXPECT_EQ(Out.Dst[0][31], 0x003f0037u); // (6,7)=55, (7,7)=63
}

// Transposing twice gives the source back.
TEST(MovMatrix, TwiceIsIdentity) {
  std::mt19937 Gen(7);
  LaneArray<uint64_t> A{};
  for (uint64_t &V : A)
    V = Gen();
  CollectiveOut Once = run(inputs(A, 0, AllLanes));
  CollectiveOut Twice = run(inputs(Once.Dst[0], 0, AllLanes));
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    EXPECT_EQ(Twice.Dst[0][Lane], A[Lane]) << "lane " << Lane;
}

// Lane 5 holds elements (1,2) and (1,3), which the transpose puts at (2,1)
// and (3,1): the high halves of lanes 8 and 12. Lane 0 holds (0,0) and
// (0,1), which go to (0,0) and (1,0): lanes 0 and 4.
TEST(MovMatrix, OneUndefinedSourceByHand) {
  LaneArray<uint64_t> A{};
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    A[Lane] = uint64_t(2 * Lane + 1) << 16 | 2 * Lane;
  CollectiveOut Out = run(inputs(A, LaneMask(1) << 5, AllLanes));
  EXPECT_EQ(Out.DstUndef[0], (1u << 8) | (1u << 12));
  // The other lanes' results are still the transpose.
  EXPECT_EQ(Out.Dst[0][4], 0x00090001u);
  EXPECT_EQ(Out.Dst[0][31], 0x003f0037u);
  Out = run(inputs(A, 1u, AllLanes));
  EXPECT_EQ(Out.DstUndef[0], 1u | (1u << 4));
}

TEST(MovMatrix, EachUndefinedSourceLane) {
  Matrix M, T;
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned Col = 0; Col < 8; ++Col)
      M[Row][Col] = 8 * Row + Col + 0x100;
  transpose(M, T);
  LaneArray<uint64_t> Expected = distribute(T);
  for (unsigned Bad = 0; Bad < WarpSize; ++Bad) {
    LaneMask BadMask = LaneMask(1) << Bad;
    CollectiveOut Out = run(inputs(distribute(M), BadMask, AllLanes));
    LaneMask Readers = readersOf(BadMask);
    // Each lane's two elements go to two different lanes.
    EXPECT_EQ(__builtin_popcount(Readers), 2) << "lane " << Bad;
    EXPECT_EQ(Out.DstUndef[0], Readers) << "undefined a in lane " << Bad;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      if (!hasLane(Readers, Lane)) {
        EXPECT_EQ(Out.Dst[0][Lane], Expected[Lane]) << "lane " << Lane;
      }
    }
  }
}

TEST(MovMatrix, SeveralUndefinedSources) {
  LaneArray<uint64_t> A{};
  LaneMask Bad = (1u << 3) | (1u << 17) | (1u << 30);
  CollectiveOut Out = run(inputs(A, Bad, AllLanes));
  EXPECT_EQ(Out.DstUndef[0], readersOf(Bad));
  Out = run(inputs(A, AllLanes, AllLanes));
  EXPECT_EQ(Out.DstUndef[0], AllLanes);
}

// Not the whole warp (a contract violation the scheduler reports): the
// lanes that execute get undefined results where they read a lane that does
// not, and the lanes that do not execute get nothing.
TEST(MovMatrix, PartialWarp) {
  LaneArray<uint64_t> A{};
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    A[Lane] = uint64_t(2 * Lane + 1) << 16 | 2 * Lane;
  LaneMask Absent = LaneMask(1) << 5;
  CollectiveOut Out = run(inputs(A, 0, AllLanes & ~Absent));
  EXPECT_EQ(Out.DstUndef[0], (1u << 8) | (1u << 12));
  EXPECT_EQ(Out.Dst[0][5], 0u);
  EXPECT_EQ(Out.Dst[0][4], 0x00090001u);

  // The lower half of the warp only (rows 0-3 of the source): lane L's d
  // reads source rows 2(L%4) and 2(L%4)+1, so the lanes with L%4 in {2, 3}
  // read rows 4-7, held by lanes 16-31, which do not execute.
  LaneMask Low = 0x0000ffffu;
  Out = run(inputs(A, 0, Low));
  EXPECT_EQ(Out.DstUndef[0], Low & readersOf(~Low));
  EXPECT_EQ(Out.DstUndef[0], 0x0000ccccu);
  EXPECT_EQ(Out.Dst[0][1], 0x00180010u);
  for (unsigned Lane = 16; Lane < WarpSize; ++Lane)
    EXPECT_EQ(Out.Dst[0][Lane], 0u);

  Out = run(inputs(A, 0, 0));
  EXPECT_EQ(Out.DstUndef[0], 0u);
}

} // namespace
