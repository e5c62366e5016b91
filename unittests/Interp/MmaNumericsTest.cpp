//===- MmaNumericsTest.cpp - mma.sync: numerics and undefined values ------===//
//
// The numeric model of the mma semantics functions (lib/Interp/MatrixOps.cpp
// file comment) by hand-computed cases: k order with round to nearest even
// at each addition and an exact product, the .tf32 truncation, NaNs, the
// .f64 rounding modifiers, wrapping and .satfinite; and the undefined-value
// rule, by hand and against an element-level reference through the layouts
// of MmaTestSupport.h.
//
//===----------------------------------------------------------------------===//

#include "MmaTestSupport.h"

#include <cstdint>
#include <random>
#include <vector>

using namespace mmatest;

namespace {

//===----------------------------------------------------------------------===//
// The numeric model, by hand
//===----------------------------------------------------------------------===//

TEST(Mma, RoundsAtEachAdditionInKOrder) {
  // c = 2048, eight products 1 * 1: each 2048 + 1 is a tie in f16 and goes
  // to the even 2048; the exact sum 2056 would be representable.
  Mat A(16, 8), B(8, 8), C(16, 8);
  for (uint64_t &V : A.V)
    V = 0x3c00;
  for (uint64_t &V : B.V)
    V = 0x3c00;
  for (uint64_t &V : C.V)
    V = 0x6800;
  Mat D = take(AccF16, run(M16n8k8F16F16, inputs(M16n8k8F16F16, A, B, C)));
  for (uint64_t V : D.V)
    EXPECT_EQ(V, 0x6800u);
  // f32: c = 2^24, sixteen products 1 * 1 each lost (2^24 + 1 ties to even).
  Mat A2(16, 16), B2(16, 8), C2(16, 8);
  for (uint64_t &V : A2.V)
    V = 0x3c00;
  for (uint64_t &V : B2.V)
    V = 0x3c00;
  for (uint64_t &V : C2.V)
    V = 0x4b800000;
  D = take(AccF32, run(M16n8k16F32F16, inputs(M16n8k16F32F16, A2, B2, C2)));
  for (uint64_t V : D.V)
    EXPECT_EQ(V, 0x4b800000u);
}

TEST(Mma, ProductIsExact) {
  // (1 + 2^-10) * (1 - 2^-11) - 1 = 2^-11 - 2^-21 = 1023 * 2^-21, an f16
  // (0x0ffe); rounding the product to f16 first would give 0.
  EXPECT_EQ(single(M16n8k8F16F16, 0x3c01, 0x3bff, 0xbc00), 0x0ffeu);
  // In f32: 1023 * 2^-21 = 1.1111111110b * 2^-12 = 0x39ffc000.
  EXPECT_EQ(single(M16n8k8F32F16, 0x3c01, 0x3bff, 0xbf800000), 0x39ffc000u);
  // bf16: (1 + 2^-7)^2 - 1 = 2^-6 * (1 + 2^-8) exactly in f32: 0x3c808000.
  EXPECT_EQ(single(M16n8k8F32Bf16, 0x3f81, 0x3f81, 0xbf800000), 0x3c808000u);
}

TEST(Mma, Tf32IgnoresTheLow13Bits) {
  // 0x3f801fff = 1 + 2^-10 - 2^-23: truncated to 1.0 (round to nearest
  // would give 1 + 2^-10).
  EXPECT_EQ(single(M16n8k8F32Tf32, 0x3f801fff, 0x3f800000, 0), 0x3f800000u);
  EXPECT_EQ(single(M16n8k8F32Tf32, 0x3f800000, 0x40001fff, 0), 0x40000000u);
  // The top 19 bits are kept: 1 + 2^-10 is 0x3f802000.
  EXPECT_EQ(single(M16n8k8F32Tf32, 0x3f802000, 0x3f800000, 0), 0x3f802000u);
}

TEST(Mma, F64RoundingModifiers) {
  // c = +-1, eight products 2^-30 * 2^-30 = +2^-60, each far below half
  // an ulp: .rn keeps +-1; from +1, .rp steps up by one ulp (2^-52) at each
  // addition, .rz and .rm stay; from -1, .rz and .rp step toward zero by one
  // ulp of the binade below (2^-53) at each addition, .rm stays.
  const uint64_t One = 0x3ff0000000000000, MinusOne = 0xbff0000000000000,
                 Tiny = 0x3e10000000000000, // 2^-30
      MinusAlmostOne = 0xbfeffffffffffff8;  // -(1 - 8 * 2^-53)
  struct {
    MmaFn Fn;
    uint64_t Plus, Minus;
  } Cases[] = {{mmaM16n8k8F64Rn, One, MinusOne},
               {mmaM16n8k8F64Rz, One, MinusAlmostOne},
               {mmaM16n8k8F64Rp, One + 8, MinusAlmostOne},
               {mmaM16n8k8F64Rm, One, MinusOne}};
  for (const auto &Case : Cases) {
    Form F{"f64", Case.Fn, 8, A1688F64, B1688F64, AccF64};
    Mat A(16, 8), B(8, 8), C(16, 8);
    for (uint64_t &V : A.V)
      V = Tiny;
    for (uint64_t &V : B.V)
      V = Tiny;
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned Col = 0; Col < 8; ++Col)
        C.at(R, Col) = R % 2 ? MinusOne : One;
    Mat D = take(AccF64, run(F, inputs(F, A, B, C)));
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned Col = 0; Col < 8; ++Col)
        EXPECT_EQ(D.at(R, Col), R % 2 ? Case.Minus : Case.Plus) << R;
  }
}

TEST(Mma, NaNs) {
  // f16 inf * 0 is an invalid operation: the canonical NaN.
  EXPECT_EQ(single(M16n8k8F32F16, 0x7c00, 0, 0), 0x7fffffffu);
  EXPECT_EQ(single(M16n8k8F16F16, 0x7c00, 0, 0), 0x7fffu);
  // NaN inputs, signaling ones too, give the canonical NaN.
  EXPECT_EQ(single(M16n8k8F32F16, 0x7c01, 0x3c00, 0), 0x7fffffffu);
  EXPECT_EQ(single(M16n8k8F16F16, 0x3c00, 0x7e00, 0), 0x7fffu);
  EXPECT_EQ(single(M16n8k8F32Bf16, 0x7f81, 0x3f80, 0), 0x7fffffffu);
  EXPECT_EQ(single(M16n8k8F32Tf32, 0x7fc00000, 0x3f800000, 0), 0x7fffffffu);
  EXPECT_EQ(single(M16n8k8F32F16, 0, 0, 0x7f800001), 0x7fffffffu);
  // A tf32 NaN must have a fraction bit in the top 10: 0x7f800001 reads as
  // +inf (its low 13 bits are ignored), so inf * 1 + 0 = inf.
  EXPECT_EQ(single(M16n8k8F32Tf32, 0x7f800001, 0x3f800000, 0), 0x7f800000u);
  // f64 follows fma.f64: a NaN source comes out quieted.
  EXPECT_EQ(single(M16n8k8F64, 0x7ff0000000000123, 0x3ff0000000000000, 0),
            0x7ff8000000000123u);
  EXPECT_EQ(single(M16n8k8F64, 0x7ff0000000000000, 0, 0), 0x7fffffffffffffffu);
}

TEST(Mma, WrapAndSatfinite) {
  Form S8S8{"s8.s8", mmaM16n8k16S32S8S8, 16, A16816I8, B16816I8, AccS32};
  Form S8S8Sat{"sat s8.s8", mmaM16n8k16S32S8S8Satfinite, 16, A16816I8, B16816I8,
               AccS32};
  Form U8S8{"u8.s8", mmaM16n8k32S32U8S8, 32, A16832I8, B16832I8, AccS32};
  Form U8S8Sat{"sat u8.s8", mmaM16n8k32S32U8S8Satfinite, 32, A16832I8, B16832I8,
               AccS32};
  // INT32_MAX - 10 + 100.
  EXPECT_EQ(single(S8S8, 10, 10, 0x7ffffff5), 0x80000059u);
  EXPECT_EQ(single(S8S8Sat, 10, 10, 0x7ffffff5), 0x7fffffffu);
  // INT32_MIN + 5 + 255 * -128.
  EXPECT_EQ(single(U8S8, 0xff, 0x80, 0x80000005), 0x7fff8085u);
  EXPECT_EQ(single(U8S8Sat, 0xff, 0x80, 0x80000005), 0x80000000u);
  // In range: no change.
  EXPECT_EQ(single(U8S8Sat, 0xff, 0x80, 5), uint32_t(5 - 255 * 128));
}

//===----------------------------------------------------------------------===//
// Undefined values
//===----------------------------------------------------------------------===//

/// The undefined destination lanes from the dependence rule (file comment of
/// MatrixOps.cpp) worked out element by element through the test layouts.
std::vector<LaneMask> expectedUndef(const Form &F, const CollectiveIn &In) {
  auto Bad = [&](const Layout &L, unsigned First, unsigned Rows,
                 unsigned Cols) {
    std::vector<bool> M(Rows * Cols, false);
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
        unsigned Reg = First + I / L.PerReg;
        bool Undef =
            !hasLane(In.S.Active, Lane) || hasLane(In.SrcUndef[Reg], Lane);
        Pos P = L.At(Lane, I);
        M[P.Row * Cols + P.Col] = Undef;
      }
    return M;
  };
  std::vector<bool> A = Bad(F.A, 0, F.m(), F.K), B = Bad(F.B, F.A.Regs, F.K, 8),
                    C = Bad(F.C, F.A.Regs + F.B.Regs, F.m(), 8);
  std::vector<LaneMask> R(F.C.Regs, 0);
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    if (!hasLane(In.S.Active, Lane))
      continue;
    for (unsigned I = 0; I < F.C.Regs * F.C.PerReg; ++I) {
      Pos P = F.C.At(Lane, I);
      bool U = C[P.Row * 8 + P.Col];
      for (unsigned K = 0; K < F.K; ++K)
        U = U || A[P.Row * F.K + K] || B[K * 8 + P.Col];
      if (U)
        R[I / F.C.PerReg] |= LaneMask(1) << Lane;
    }
  }
  return R;
}

TEST(Mma, UndefinedByHand) {
  CollectiveIn In;
  In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
  In.NumSrc = 10;
  // Register a2 of lane 5 holds A(1, 10) and A(1, 11): row 1 of D, held by
  // lanes 4-7 in d0 and d1.
  In.SrcUndef[2] = 1u << 5;
  CollectiveOut Out;
  mmaM16n8k16F32F16(In, Out);
  EXPECT_EQ(Out.DstUndef[0], 0xf0u);
  EXPECT_EQ(Out.DstUndef[1], 0xf0u);
  EXPECT_EQ(Out.DstUndef[2], 0u);
  EXPECT_EQ(Out.DstUndef[3], 0u);
  // Register b1 of lane 13 holds B(10, 3) and B(11, 3): column 3 of D, held
  // in d1 (rows 0-7) and d3 (rows 8-15) of the lanes with t 1.
  In.SrcUndef[2] = 0;
  In.SrcUndef[5] = 1u << 13;
  mmaM16n8k16F32F16(In, Out);
  EXPECT_EQ(Out.DstUndef[0], 0u);
  EXPECT_EQ(Out.DstUndef[1], 0x22222222u);
  EXPECT_EQ(Out.DstUndef[2], 0u);
  EXPECT_EQ(Out.DstUndef[3], 0x22222222u);
  // Register c2 of lane 0 is C(8, 0): only d2 of lane 0.
  In.SrcUndef[5] = 0;
  In.SrcUndef[8] = 1u;
  mmaM16n8k16F32F16(In, Out);
  EXPECT_EQ(Out.DstUndef[0], 0u);
  EXPECT_EQ(Out.DstUndef[1], 0u);
  EXPECT_EQ(Out.DstUndef[2], 1u);
  EXPECT_EQ(Out.DstUndef[3], 0u);
  // With .f16 accumulators (c0, c1 share register 0): an undefined a of
  // lane 5 register a2 again spoils row 1, all in d register 0.
  In.NumSrc = 8;
  In.SrcUndef = {};
  In.SrcUndef[2] = 1u << 5;
  mmaM16n8k16F16F16(In, Out);
  EXPECT_EQ(Out.NumDst, 2u);
  EXPECT_EQ(Out.DstUndef[0], 0xf0u);
  EXPECT_EQ(Out.DstUndef[1], 0u);
}

TEST(Mma, UndefinedRandom) {
  const Form Forms[] = {
      M16n8k16F32F16,
      M16n8k16F16F16,
      M16n8k8F32F16,
      M16n8k8F16F16,
      M16n8k8F32Tf32,
      M16n8k16F64,
      M16n8k4F32Tf32,
      M8n8k4F64,
      {"m16n8k32.s8.s8", mmaM16n8k32S32S8S8, 32, A16832I8, B16832I8, AccS32},
      {"m16n8k16.u8.u8", mmaM16n8k16S32U8U8, 16, A16816I8, B16816I8, AccS32},
      {"m8n8k16.s8.u8", mmaM8n8k16S32S8U8, 16, A8816I8, B8816I8, Acc8816S32}};
  std::mt19937 Gen(5);
  for (const Form &F : Forms) {
    for (int Round = 0; Round < 20; ++Round) {
      CollectiveIn In;
      In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
      In.NumSrc = F.A.Regs + F.B.Regs + F.C.Regs;
      // One or two undefined registers in one lane each.
      for (int N = 0; N < 1 + Round % 2; ++N)
        In.SrcUndef[Gen() % In.NumSrc] |= LaneMask(1) << (Gen() % 32);
      CollectiveOut Out = run(F, In);
      std::vector<LaneMask> Expected = expectedUndef(F, In);
      for (unsigned R = 0; R < F.C.Regs; ++R)
        ASSERT_EQ(Out.DstUndef[R], Expected[R]) << F.Name << " d" << R;
    }
  }
}

// Not the whole warp (a contract violation the scheduler reports): a lane
// that does not execute holds A rows g and g+8, B column g and its C
// elements, all unknown; it gets no result itself.
TEST(Mma, PartialWarp) {
  CollectiveIn In;
  In.S = WarpStep::uniform(AllLanes & ~(1u << 5), 0, AllLanes);
  In.NumSrc = 10;
  CollectiveOut Out = run(M16n8k16F32F16, In);
  std::vector<LaneMask> Expected = expectedUndef(M16n8k16F32F16, In);
  for (unsigned R = 0; R < 4; ++R) {
    EXPECT_EQ(Out.DstUndef[R], Expected[R]);
    EXPECT_FALSE(hasLane(Out.DstUndef[R], 5));
  }
  // By hand: lane 5 (g 1) holds rows 1 and 9 of A and column 1 of B. Rows 1
  // and 9 of D are the four registers of lanes 4-7 (lane 5 itself
  // excluded); column 1 is d1 and d3 of the lanes with t 0.
  EXPECT_EQ(Out.DstUndef[0], 0xd0u);
  EXPECT_EQ(Out.DstUndef[1], 0xd0u | 0x11111111u);
  EXPECT_EQ(Out.DstUndef[2], 0xd0u);
  EXPECT_EQ(Out.DstUndef[3], 0xd0u | 0x11111111u);

  In.S = WarpStep::uniform(0, 0, AllLanes);
  Out = run(M16n8k16F32F16, In);
  for (unsigned R = 0; R < 4; ++R)
    EXPECT_EQ(Out.DstUndef[R], 0u);
}

} // namespace
