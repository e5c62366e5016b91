//===- MmaM8n8k4Test.cpp - mma.m8n8k4 with .f16 A and B
//---------------------===//
//
// The twelve m8n8k4 .f16 semantics functions (lib/Interp/MmaM8n8k4.cpp)
// against a plain-loop reference. The fragment layouts below are re-typed
// from the PTX ISA text (9.7.14.5.1 "Matrix Fragments for mma.m8n8k4 with
// .f16 floating point type"), not taken from the implementation: four
// independent 8x8x4 computations, computation q held by lanes 4q..4q+3 (low
// group) and 16+4q..16+4q+3 (high group).
//
//===----------------------------------------------------------------------===//

#include "MmaTestSupport.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace mmatest;

namespace {

// Which computation a lane takes part in.
unsigned computationOf(unsigned Lane) { return (Lane % 16) / 4; }

// Figures 46, 47: A row-major: row %laneid % 4 (+ 4 for %laneid >= 16),
// col i; column-major: row i % 4 (+ 4 for %laneid >= 16), col %laneid % 4.
Pos aAt(bool RowMajor, unsigned Lane, unsigned I) {
  if (RowMajor)
    return {Lane < 16 ? Lane % 4 : Lane % 4 + 4, I};
  return {Lane < 16 ? I % 4 : I % 4 + 4, Lane % 4};
}
// Figures 48, 49: B row-major: row %laneid % 4, col i (+ 4 for
// %laneid >= 16); column-major: row i, col %laneid % 4 (+ 4 for
// %laneid >= 16).
Pos bAt(bool RowMajor, unsigned Lane, unsigned I) {
  if (RowMajor)
    return {Lane % 4, Lane < 16 ? I : I + 4};
  return {I, Lane < 16 ? Lane % 4 : Lane % 4 + 4};
}
// Figure 50 (.f16 C/D): row %laneid % 4 (+ 4 for %laneid >= 16), col i.
// Figure 51 (.f32 C/D): X = (%laneid & 0b1) + (i & 0b10); row X (+ 4 for
// %laneid >= 16); col (i & 0b100) + (%laneid & 0b10) + (i & 0b1).
Pos cAt(bool F32, unsigned Lane, unsigned I) {
  if (!F32)
    return {Lane < 16 ? Lane % 4 : Lane % 4 + 4, I};
  unsigned X = (Lane & 0b1) + (I & 0b10);
  return {Lane < 16 ? X : X + 4, (I & 0b100) + (Lane & 0b10) + (I & 0b1)};
}

struct Form884 {
  const char *Name;
  MmaFn Fn;
  bool ARow, BRow, DF32, CF32;
};

const Form884 Forms[] = {
    {"row.row.f16.f16", mmaM8n8k4RowRowF16F16, true, true, false, false},
    {"row.row.f32.f16", mmaM8n8k4RowRowF32F16, true, true, true, false},
    {"row.row.f32.f32", mmaM8n8k4RowRowF32F32, true, true, true, true},
    {"row.col.f16.f16", mmaM8n8k4RowColF16F16, true, false, false, false},
    {"row.col.f32.f16", mmaM8n8k4RowColF32F16, true, false, true, false},
    {"row.col.f32.f32", mmaM8n8k4RowColF32F32, true, false, true, true},
    {"col.row.f16.f16", mmaM8n8k4ColRowF16F16, false, true, false, false},
    {"col.row.f32.f16", mmaM8n8k4ColRowF32F16, false, true, true, false},
    {"col.row.f32.f32", mmaM8n8k4ColRowF32F32, false, true, true, true},
    {"col.col.f16.f16", mmaM8n8k4ColColF16F16, false, false, false, false},
    {"col.col.f32.f16", mmaM8n8k4ColColF32F16, false, false, true, false},
    {"col.col.f32.f32", mmaM8n8k4ColColF32F32, false, false, true, true},
};

// The four computations' matrices, as doubles.
struct Problem {
  double A[4][8][4], B[4][4][8], C[4][8][8];
};

// Element I of a 16-bit (two per register) or 32-bit (one per register)
// fragment: its register and shift.
unsigned regOf(bool Wide, unsigned I) { return Wide ? I : I / 2; }
unsigned shiftOf(bool Wide, unsigned I) { return Wide ? 0 : (I % 2) * 16; }

CollectiveIn distribute(const Form884 &F, const Problem &P, LaneMask Active) {
  CollectiveIn In;
  In.S = WarpStep::uniform(Active, 0, AllLanes);
  In.NumSrc = 4 + (F.CF32 ? 8 : 4);
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    unsigned Q = computationOf(Lane);
    for (unsigned I = 0; I < 4; ++I) {
      Pos A = aAt(F.ARow, Lane, I), B = bAt(F.BRow, Lane, I);
      In.Src[regOf(false, I)][Lane] |= fbits(Half, P.A[Q][A.Row][A.Col])
                                       << shiftOf(false, I);
      In.Src[2 + regOf(false, I)][Lane] |= fbits(Half, P.B[Q][B.Row][B.Col])
                                           << shiftOf(false, I);
    }
    for (unsigned I = 0; I < 8; ++I) {
      Pos C = cAt(F.CF32, Lane, I);
      In.Src[4 + regOf(F.CF32, I)][Lane] |=
          fbits(F.CF32 ? Single : Half, P.C[Q][C.Row][C.Col])
          << shiftOf(F.CF32, I);
    }
  }
  return In;
}

// D of computation Q, read back from the destinations (Figures 50, 51).
void collect(const Form884 &F, const CollectiveOut &Out, unsigned Lane,
             double (*D)[8][8]) {
  unsigned Q = computationOf(Lane);
  for (unsigned I = 0; I < 8; ++I) {
    Pos P = cAt(F.DF32, Lane, I);
    uint64_t Bits = (Out.Dst[regOf(F.DF32, I)][Lane] >> shiftOf(F.DF32, I)) &
                    (F.DF32 ? 0xffffffffu : 0xffffu);
    D[Q][P.Row][P.Col] = fvalue(F.DF32 ? Single : Half, Bits);
  }
}

// Small values (multiples of 1/4 in [-2, 2], C integers in [-8, 8]) make
// every product and sum exact in .f16 as in .f32, so the reference is plain
// double arithmetic.
Problem randomProblem(std::mt19937 &R) {
  std::uniform_int_distribution<int> Q(-8, 8);
  Problem P;
  for (unsigned M = 0; M < 4; ++M) {
    for (unsigned I = 0; I < 8; ++I)
      for (unsigned K = 0; K < 4; ++K)
        P.A[M][I][K] = Q(R) / 4.0;
    for (unsigned K = 0; K < 4; ++K)
      for (unsigned J = 0; J < 8; ++J)
        P.B[M][K][J] = Q(R) / 4.0;
    for (unsigned I = 0; I < 8; ++I)
      for (unsigned J = 0; J < 8; ++J)
        P.C[M][I][J] = Q(R);
  }
  return P;
}

TEST(MmaM8n8k4, FourComputationsEveryLayoutAndType) {
  std::mt19937 R(884);
  for (const Form884 &F : Forms) {
    for (unsigned Trial = 0; Trial < 4; ++Trial) {
      Problem P = randomProblem(R);
      CollectiveOut Out;
      F.Fn(distribute(F, P, AllLanes), Out);
      ASSERT_EQ(Out.NumDst, F.DF32 ? 8u : 4u) << F.Name;
      for (unsigned Reg = 0; Reg < Out.NumDst; ++Reg)
        EXPECT_EQ(Out.DstUndef[Reg], 0u) << F.Name;
      double D[4][8][8] = {};
      for (unsigned Lane = 0; Lane < 32; ++Lane)
        collect(F, Out, Lane, D);
      for (unsigned Q = 0; Q < 4; ++Q)
        for (unsigned I = 0; I < 8; ++I)
          for (unsigned J = 0; J < 8; ++J) {
            double Want = P.C[Q][I][J];
            for (unsigned K = 0; K < 4; ++K)
              Want += P.A[Q][I][K] * P.B[Q][K][J];
            EXPECT_EQ(D[Q][I][J], Want) << F.Name << " computation " << Q
                                        << " d[" << I << "][" << J << "]";
          }
    }
  }
}

TEST(MmaM8n8k4, AccumulatorTypeRounds) {
  // d = 2048 + 1 * 1: 2049 is not an .f16 (it rounds to even, 2048) but is
  // an .f32. Computation 2, element (5, 6) of every matrix.
  for (const Form884 &F : Forms) {
    Problem P{};
    P.A[2][5][3] = 1;
    P.B[2][3][6] = 1;
    P.C[2][5][6] = 2048;
    CollectiveOut Out;
    F.Fn(distribute(F, P, AllLanes), Out);
    double D[4][8][8] = {};
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      collect(F, Out, Lane, D);
    EXPECT_EQ(D[2][5][6], F.DF32 ? 2049.0 : 2048.0) << F.Name;
    EXPECT_EQ(D[1][5][6], 0.0) << F.Name;
  }
}

TEST(MmaM8n8k4, InactiveLaneMakesItsElementsUndefined) {
  // Lane 21 (computation 1, high group) does not execute: every d element
  // that reads an element it holds is undefined, in the lanes that hold
  // that d element; lane 21 gets no result. The other computations are
  // unaffected.
  const unsigned Off = 21;
  const LaneMask Active = AllLanes & ~(LaneMask(1) << Off);
  std::mt19937 R(21);
  for (const Form884 &F : Forms) {
    Problem P = randomProblem(R);
    CollectiveOut Out;
    F.Fn(distribute(F, P, Active), Out);
    bool AFrom[8][4] = {}, BFrom[4][8] = {}, CFrom[8][8] = {};
    for (unsigned I = 0; I < 4; ++I) {
      Pos A = aAt(F.ARow, Off, I), B = bAt(F.BRow, Off, I);
      AFrom[A.Row][A.Col] = true;
      BFrom[B.Row][B.Col] = true;
    }
    for (unsigned I = 0; I < 8; ++I) {
      Pos C = cAt(F.CF32, Off, I);
      CFrom[C.Row][C.Col] = true;
    }
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      for (unsigned I = 0; I < 8; ++I) {
        unsigned Reg = regOf(F.DF32, I);
        bool Undef = (Out.DstUndef[Reg] >> Lane) & 1;
        if (Lane == Off) {
          EXPECT_FALSE(Undef) << F.Name;
          EXPECT_EQ(Out.Dst[Reg][Lane], 0u) << F.Name;
          continue;
        }
        Pos D = cAt(F.DF32, Lane, I);
        bool Want = false;
        if (computationOf(Lane) == computationOf(Off)) {
          Want = CFrom[D.Row][D.Col];
          for (unsigned K = 0; K < 4; ++K)
            Want = Want || AFrom[D.Row][K] || BFrom[K][D.Col];
        }
        // A register holding two .f16 elements is undefined when either is.
        if (!F.DF32 && !Want && computationOf(Lane) == computationOf(Off)) {
          Pos Other = cAt(false, Lane, I ^ 1);
          Want = CFrom[Other.Row][Other.Col];
          for (unsigned K = 0; K < 4; ++K)
            Want = Want || AFrom[Other.Row][K] || BFrom[K][Other.Col];
        }
        EXPECT_EQ(Undef, Want) << F.Name << " lane " << Lane << " c" << I;
      }
    }
  }
}

} // namespace
