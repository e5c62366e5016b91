//===- LoadMatrixTest.cpp - ldmatrix / stmatrix fragments -----------------===//
//
// The .m8n8 .b16 functions of lib/Interp/LoadMatrix.cpp against a reference
// written here from the PTX ISA's figure ("ldmatrix fragments", 9.7.14.5.15)
// in the other direction: for every element (row r, column c) of matrix m,
// the lane and half that must hold it in register m:
//   without .trans: lane 4r + c/2, half c%2 (a group of four lanes holds a
//                   row, two elements each, lower column in the low half);
//   with .trans:    lane 4c + r/2, half r%2 (the matrix read column-major).
// The rows are what lanes 8m..8m+7 load: row r of matrix m at lane 8m + r,
// as four .b32 words, element c in word c/2, half c%2.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Collective.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <random>

using namespace ptxwarp::interp;

namespace {

constexpr LaneMask AllLanes = 0xffffffffu;

struct Matrices {
  uint16_t E[4][8][8]; // [matrix][row][column]
};

Matrices randomMatrices(unsigned Seed) {
  std::mt19937 G(Seed);
  Matrices M;
  for (auto &Mat : M.E)
    for (auto &Row : Mat)
      for (uint16_t &X : Row)
        X = uint16_t(G());
  return M;
}

// The loaded rows: source K is word K of every lane's 16-byte row.
CollectiveIn rowInputs(const Matrices &M, unsigned N, LaneMask Undef[4]) {
  CollectiveIn In;
  In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
  In.NumSrc = 4;
  for (unsigned W = 0; W < 4; ++W) {
    In.SrcUndef[W] = Undef ? Undef[W] : 0;
    for (unsigned L = 0; L < 32; ++L)
      In.Src[W][L] = 0xdeadbeef; // lanes >= 8N: whatever they hold
    for (unsigned Mi = 0; Mi < N; ++Mi)
      for (unsigned R = 0; R < 8; ++R)
        In.Src[W][8 * Mi + R] =
            uint64_t(M.E[Mi][R][2 * W]) | uint64_t(M.E[Mi][R][2 * W + 1]) << 16;
  }
  if (!Undef)
    for (unsigned W = 0; W < 4; ++W)
      In.SrcUndef[W] = N == 4 ? 0 : ~((LaneMask(1) << (8 * N)) - 1);
  return In;
}

// The fragments the figure gives: register m of every lane.
LaneArray<uint64_t> fragments(const Matrices &M, unsigned Mi, bool Trans) {
  LaneArray<uint64_t> F{};
  for (unsigned R = 0; R < 8; ++R)
    for (unsigned C = 0; C < 8; ++C) {
      unsigned Lane = Trans ? 4 * C + R / 2 : 4 * R + C / 2;
      unsigned Half = Trans ? R % 2 : C % 2;
      F[Lane] |= uint64_t(M.E[Mi][R][C]) << (16 * Half);
    }
  return F;
}

using Fn = void (*)(const CollectiveIn &, CollectiveOut &);

struct Form {
  unsigned N;
  bool Trans;
  Fn Load, Store;
};

const Form Forms[] = {
    {1, false, ldmatrixM8n8X1, stmatrixM8n8X1},
    {2, false, ldmatrixM8n8X2, stmatrixM8n8X2},
    {4, false, ldmatrixM8n8X4, stmatrixM8n8X4},
    {1, true, ldmatrixM8n8X1Trans, stmatrixM8n8X1Trans},
    {2, true, ldmatrixM8n8X2Trans, stmatrixM8n8X2Trans},
    {4, true, ldmatrixM8n8X4Trans, stmatrixM8n8X4Trans},
};

TEST(LoadMatrixTest, LdmatrixGivesTheFigureFragments) {
  for (const Form &F : Forms)
    for (unsigned Seed = 0; Seed < 4; ++Seed) {
      Matrices M = randomMatrices(Seed * 7 + F.N);
      CollectiveIn In = rowInputs(M, F.N, nullptr);
      CollectiveOut Out;
      F.Load(In, Out);
      ASSERT_EQ(Out.NumDst, F.N);
      for (unsigned Mi = 0; Mi < F.N; ++Mi) {
        LaneArray<uint64_t> Want = fragments(M, Mi, F.Trans);
        for (unsigned L = 0; L < 32; ++L)
          EXPECT_EQ(Out.Dst[Mi][L], Want[L])
              << "x" << F.N << (F.Trans ? ".trans" : "") << " matrix " << Mi
              << " lane " << L;
        // Only lanes 0..8N-1 supply rows: the others' words are unread.
        EXPECT_EQ(Out.DstUndef[Mi], 0u);
      }
    }
}

TEST(LoadMatrixTest, StmatrixGivesTheRowsBack) {
  for (const Form &F : Forms) {
    Matrices M = randomMatrices(100 + F.N + 10 * F.Trans);
    CollectiveIn In;
    In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
    In.NumSrc = F.N;
    for (unsigned Mi = 0; Mi < F.N; ++Mi)
      In.Src[Mi] = fragments(M, Mi, F.Trans);
    CollectiveOut Out;
    F.Store(In, Out);
    ASSERT_EQ(Out.NumDst, 4u);
    for (unsigned Mi = 0; Mi < F.N; ++Mi)
      for (unsigned R = 0; R < 8; ++R)
        for (unsigned W = 0; W < 4; ++W)
          EXPECT_EQ(Out.Dst[W][8 * Mi + R], uint64_t(M.E[Mi][R][2 * W]) |
                                                uint64_t(M.E[Mi][R][2 * W + 1])
                                                    << 16)
              << "x" << F.N << (F.Trans ? ".trans" : "") << " matrix " << Mi
              << " row " << R << " word " << W;
  }
}

// An undefined word of one row makes exactly the fragments holding its two
// elements undefined.
TEST(LoadMatrixTest, UndefinedRowWordsReachTheirHolders) {
  for (bool Trans : {false, true}) {
    Matrices M = randomMatrices(5);
    LaneMask Undef[4] = {0, 0, 0, 0};
    Undef[2] = LaneMask(1) << 11; // matrix 1, row 3, columns 4 and 5
    CollectiveIn In = rowInputs(M, 2, Undef);
    CollectiveOut Out;
    (Trans ? ldmatrixM8n8X2Trans : ldmatrixM8n8X2)(In, Out);
    EXPECT_EQ(Out.DstUndef[0], 0u);
    LaneMask Want = 0;
    for (unsigned C : {4u, 5u})
      Want |= LaneMask(1) << (Trans ? 4 * C + 3 / 2 : 4 * 3 + C / 2);
    EXPECT_EQ(Out.DstUndef[1], Want) << (Trans ? ".trans" : "");
  }
}

} // namespace
