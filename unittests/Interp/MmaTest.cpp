//===- MmaTest.cpp - mma.sync.aligned semantics ---------------------------===//
//
// The mma semantics functions (lib/Interp/MatrixOps.cpp) against references
// written here: matrices of small integers (exact in every element type, so
// the exact result needs no rounding) are multiplied by a plain loop in
// double or 64-bit integer arithmetic, distributed to the lanes by the
// fragment layouts of MmaTestSupport.h (re-typed from the PTX ISA text),
// and the result read back by the same layouts and compared element by
// element. Each shape also has a hand-worked case (one nonzero element in A
// and in B, positions read off the ISA formulas by hand and written as
// literal lanes and registers) as a check on the layouts themselves. The
// numeric model and undefined values: MmaNumericsTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "MmaTestSupport.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace mmatest;

namespace {

TEST(Mma, TestLayoutsCoverTheirMatrices) {
  expectBijective(AccF32, 16, 8, "C");
  expectBijective(AccF16, 16, 8, "C f16");
  expectBijective(A16816F16, 16, 16, "A m16n8k16 f16");
  expectBijective(B16816F16, 16, 8, "B m16n8k16 f16");
  expectBijective(A1688F16, 16, 8, "A m16n8k8 f16");
  expectBijective(B1688F16, 8, 8, "B m16n8k8 f16");
  expectBijective(A1688Tf32, 16, 8, "A m16n8k8 tf32");
  expectBijective(B1688Tf32, 8, 8, "B m16n8k8 tf32");
  expectBijective(A16816F64, 16, 16, "A m16n8k16 f64");
  expectBijective(B16816F64, 16, 8, "B m16n8k16 f64");
  expectBijective(A16816I8, 16, 16, "A m16n8k16 s8");
  expectBijective(B16816I8, 16, 8, "B m16n8k16 s8");
  expectBijective(A16832I8, 16, 32, "A m16n8k32 s8");
  expectBijective(A1684Tf32, 16, 4, "A m16n8k4");
  expectBijective(B1684Tf32, 4, 8, "B m16n8k4");
  expectBijective(A884F64, 8, 4, "A m8n8k4");
  expectBijective(B884F64, 4, 8, "B m8n8k4");
  expectBijective(Acc884F64, 8, 8, "C m8n8k4");
  expectBijective(A8816I8, 8, 16, "A m8n8k16");
  expectBijective(B8816I8, 16, 8, "B m8n8k16");
  expectBijective(Acc8816S32, 8, 8, "C m8n8k16");
  expectBijective(B16832I8, 32, 8, "B m16n8k32 s8");
}

//===----------------------------------------------------------------------===//
// Random exact products, floating point
//===----------------------------------------------------------------------===//

struct FloatCase {
  Form F;
  const llvm::fltSemantics &AB, &Acc;
};

// \p TowardNegative: an exact zero sum of nonzero terms is -0 (IEEE 754
// 6.3), so zeros are compared by value only.
void randomFloat(const FloatCase &FC, unsigned Rounds,
                 bool TowardNegative = false) {
  const Form &F = FC.F;
  std::mt19937 Gen(1234 + F.K);
  std::uniform_int_distribution<int> Small(-6, 6), Acc(-100, 100);
  for (unsigned Round = 0; Round < Rounds; ++Round) {
    const unsigned M = F.m();
    std::vector<double> AV(M * F.K), BV(F.K * 8), CV(M * 8);
    Mat A(M, F.K), B(F.K, 8), C(M, 8);
    for (unsigned R = 0; R < M; ++R)
      for (unsigned K = 0; K < F.K; ++K)
        A.at(R, K) = fbits(FC.AB, AV[R * F.K + K] = Small(Gen));
    for (unsigned K = 0; K < F.K; ++K)
      for (unsigned Col = 0; Col < 8; ++Col)
        B.at(K, Col) = fbits(FC.AB, BV[K * 8 + Col] = Small(Gen));
    for (unsigned R = 0; R < M; ++R)
      for (unsigned Col = 0; Col < 8; ++Col)
        C.at(R, Col) = fbits(FC.Acc, CV[R * 8 + Col] = Acc(Gen));
    CollectiveOut Out = run(F, inputs(F, A, B, C));
    for (unsigned Reg = 0; Reg < F.C.Regs; ++Reg)
      EXPECT_EQ(Out.DstUndef[Reg], 0u) << F.Name;
    Mat D = take(F.C, Out);
    for (unsigned R = 0; R < M; ++R)
      for (unsigned Col = 0; Col < 8; ++Col) {
        double Expected = CV[R * 8 + Col];
        for (unsigned K = 0; K < F.K; ++K)
          Expected += AV[R * F.K + K] * BV[K * 8 + Col];
        if (TowardNegative && Expected == 0) {
          ASSERT_EQ(fvalue(FC.Acc, D.at(R, Col)), 0.0) << F.Name;
          continue;
        }
        ASSERT_EQ(D.at(R, Col), fbits(FC.Acc, Expected))
            << F.Name << " d[" << R << "][" << Col
            << "] = " << fvalue(FC.Acc, D.at(R, Col)) << ", expected "
            << Expected;
      }
  }
}

TEST(Mma, RandomExactFloat) {
  randomFloat({M16n8k4F32Tf32, Single, Single}, 20);
  randomFloat({M8n8k4F64, Double, Double}, 20);
  randomFloat({M16n8k4F64, Double, Double}, 20);
  randomFloat({M16n8k16F32F16, Half, Single}, 20);
  randomFloat({M16n8k16F16F16, Half, Half}, 20);
  randomFloat({M16n8k8F32F16, Half, Single}, 20);
  randomFloat({M16n8k8F16F16, Half, Half}, 20);
  randomFloat({M16n8k16F32Bf16, BF, Single}, 20);
  randomFloat({M16n8k8F32Bf16, BF, Single}, 20);
  randomFloat({M16n8k8F32Tf32, Single, Single}, 20);
  randomFloat({M16n8k8F64, Double, Double}, 20);
  randomFloat({M16n8k16F64, Double, Double}, 20);
  const Form F64Modes[] = {
      {"m8n8k4.f64.rz", mmaM8n8k4F64Rz, 4, A884F64, B884F64, Acc884F64},
      {"m8n8k4.f64.rm", mmaM8n8k4F64Rm, 4, A884F64, B884F64, Acc884F64},
      {"m8n8k4.f64.rp", mmaM8n8k4F64Rp, 4, A884F64, B884F64, Acc884F64},
      {"m16n8k4.f64.rz", mmaM16n8k4F64Rz, 4, A1684F64, B1684F64, AccF64},
      {"m16n8k4.f64.rm", mmaM16n8k4F64Rm, 4, A1684F64, B1684F64, AccF64},
      {"m16n8k4.f64.rp", mmaM16n8k4F64Rp, 4, A1684F64, B1684F64, AccF64},
      {"m16n8k8.f64.rz", mmaM16n8k8F64Rz, 8, A1688F64, B1688F64, AccF64},
      {"m16n8k8.f64.rm", mmaM16n8k8F64Rm, 8, A1688F64, B1688F64, AccF64},
      {"m16n8k8.f64.rp", mmaM16n8k8F64Rp, 8, A1688F64, B1688F64, AccF64},
      {"m16n8k16.f64.rz", mmaM16n8k16F64Rz, 16, A16816F64, B16816F64, AccF64},
      {"m16n8k16.f64.rm", mmaM16n8k16F64Rm, 16, A16816F64, B16816F64, AccF64},
      {"m16n8k16.f64.rp", mmaM16n8k16F64Rp, 16, A16816F64, B16816F64, AccF64}};
  for (const Form &F : F64Modes)
    randomFloat({F, Double, Double}, 5,
                std::string(F.Name).find(".rm") != std::string::npos);
}

//===----------------------------------------------------------------------===//
// Random integer products
//===----------------------------------------------------------------------===//

struct IntForm {
  const char *Name;
  MmaFn Fn;
  unsigned K;
  bool ASigned, BSigned, Satfinite;
};

int64_t elem(bool Signed, uint64_t Bits) {
  return Signed ? int64_t(int8_t(uint8_t(Bits))) : int64_t(uint8_t(Bits));
}

void randomInt(const IntForm &IF, unsigned Rounds, bool NearOverflow) {
  const bool M8 = std::string(IF.Name).find("m8n8k16") == 0;
  const Layout &LA = M8 ? A8816I8 : IF.K == 32 ? A16832I8 : A16816I8;
  const Layout &LB = M8 ? B8816I8 : IF.K == 32 ? B16832I8 : B16816I8;
  const Layout &LC = M8 ? Acc8816S32 : AccS32;
  Form F{IF.Name, IF.Fn, IF.K, LA, LB, LC};
  const unsigned M = F.m();
  std::mt19937 Gen(99 + IF.K + IF.ASigned * 2 + IF.BSigned);
  for (unsigned Round = 0; Round < Rounds; ++Round) {
    Mat A(M, IF.K), B(IF.K, 8), C(M, 8);
    for (uint64_t &V : A.V)
      V = Gen() & 0xff;
    for (uint64_t &V : B.V)
      V = Gen() & 0xff;
    for (uint64_t &V : C.V) {
      V = Gen();
      if (NearOverflow) // Within 2^20 of INT32_MAX or INT32_MIN.
        V = (Gen() & 1 ? 0x7fffffffu - (V & 0xfffff)
                       : 0x80000000u + (V & 0xfffff));
    }
    CollectiveOut Out = run(F, inputs(F, A, B, C));
    Mat D = take(LC, Out);
    for (unsigned R = 0; R < M; ++R)
      for (unsigned Col = 0; Col < 8; ++Col) {
        int64_t Sum = int32_t(uint32_t(C.at(R, Col)));
        for (unsigned K = 0; K < IF.K; ++K)
          Sum += elem(IF.ASigned, A.at(R, K)) * elem(IF.BSigned, B.at(K, Col));
        uint32_t Expected;
        if (IF.Satfinite && Sum > INT32_MAX)
          Expected = uint32_t(INT32_MAX);
        else if (IF.Satfinite && Sum < INT32_MIN)
          Expected = uint32_t(INT32_MIN);
        else
          Expected = uint32_t(uint64_t(Sum) & 0xffffffffu);
        ASSERT_EQ(D.at(R, Col), Expected)
            << IF.Name << " d[" << R << "][" << Col << "]";
      }
  }
}

const IntForm IntForms[] = {
    {"m8n8k16.s8.s8", mmaM8n8k16S32S8S8, 16, true, true, false},
    {"m8n8k16.s8.u8", mmaM8n8k16S32S8U8, 16, true, false, false},
    {"m8n8k16.u8.s8", mmaM8n8k16S32U8S8, 16, false, true, false},
    {"m8n8k16.u8.u8", mmaM8n8k16S32U8U8, 16, false, false, false},
    {"m8n8k16.satfinite.s8.s8", mmaM8n8k16S32S8S8Satfinite, 16, true, true,
     true},
    {"m8n8k16.satfinite.s8.u8", mmaM8n8k16S32S8U8Satfinite, 16, true, false,
     true},
    {"m8n8k16.satfinite.u8.s8", mmaM8n8k16S32U8S8Satfinite, 16, false, true,
     true},
    {"m8n8k16.satfinite.u8.u8", mmaM8n8k16S32U8U8Satfinite, 16, false, false,
     true},
    {"m16n8k32.s8.s8", mmaM16n8k32S32S8S8, 32, true, true, false},
    {"m16n8k32.s8.u8", mmaM16n8k32S32S8U8, 32, true, false, false},
    {"m16n8k32.u8.s8", mmaM16n8k32S32U8S8, 32, false, true, false},
    {"m16n8k32.u8.u8", mmaM16n8k32S32U8U8, 32, false, false, false},
    {"m16n8k32.satfinite.s8.s8", mmaM16n8k32S32S8S8Satfinite, 32, true, true,
     true},
    {"m16n8k32.satfinite.s8.u8", mmaM16n8k32S32S8U8Satfinite, 32, true, false,
     true},
    {"m16n8k32.satfinite.u8.s8", mmaM16n8k32S32U8S8Satfinite, 32, false, true,
     true},
    {"m16n8k32.satfinite.u8.u8", mmaM16n8k32S32U8U8Satfinite, 32, false, false,
     true},
    {"m16n8k16.s8.s8", mmaM16n8k16S32S8S8, 16, true, true, false},
    {"m16n8k16.s8.u8", mmaM16n8k16S32S8U8, 16, true, false, false},
    {"m16n8k16.u8.s8", mmaM16n8k16S32U8S8, 16, false, true, false},
    {"m16n8k16.u8.u8", mmaM16n8k16S32U8U8, 16, false, false, false},
    {"m16n8k16.satfinite.s8.s8", mmaM16n8k16S32S8S8Satfinite, 16, true, true,
     true},
    {"m16n8k16.satfinite.s8.u8", mmaM16n8k16S32S8U8Satfinite, 16, true, false,
     true},
    {"m16n8k16.satfinite.u8.s8", mmaM16n8k16S32U8S8Satfinite, 16, false, true,
     true},
    {"m16n8k16.satfinite.u8.u8", mmaM16n8k16S32U8U8Satfinite, 16, false, false,
     true},
};

TEST(Mma, RandomInteger) {
  for (const IntForm &IF : IntForms) {
    randomInt(IF, 10, false);
    randomInt(IF, 10, true);
  }
}

//===----------------------------------------------------------------------===//
// Random sub-byte and .b1 products
//===----------------------------------------------------------------------===//

struct PackedForm {
  const char *Name;
  MmaFn Fn;
  unsigned K;
  const Layout &A, &B, &C;
  /// .s4/.u4 elements (signedness of A and B), or .b1 with and/xor.
  bool B1, ASigned, BSigned, Satfinite, And;
};

int64_t nibble(bool Signed, uint64_t Bits) {
  int64_t V = int64_t(Bits & 0xf);
  return Signed && V >= 8 ? V - 16 : V;
}

const PackedForm PackedForms[] = {
    {"m8n8k32.s4.s4", mmaM8n8k32S32S4S4, 32, A8832I4, B8832I4, Acc8816S32,
     false, true, true, false, false},
    {"m8n8k32.u4.s4", mmaM8n8k32S32U4S4, 32, A8832I4, B8832I4, Acc8816S32,
     false, false, true, false, false},
    {"m8n8k32.satfinite.s4.u4", mmaM8n8k32S32S4U4Satfinite, 32, A8832I4,
     B8832I4, Acc8816S32, false, true, false, true, false},
    {"m16n8k32.u4.u4", mmaM16n8k32S32U4U4, 32, A16832I4, B16832I4, AccS32,
     false, false, false, false, false},
    {"m16n8k32.satfinite.s4.s4", mmaM16n8k32S32S4S4Satfinite, 32, A16832I4,
     B16832I4, AccS32, false, true, true, true, false},
    {"m16n8k64.s4.u4", mmaM16n8k64S32S4U4, 64, A16864I4, B16864I4, AccS32,
     false, true, false, false, false},
    {"m16n8k64.satfinite.u4.s4", mmaM16n8k64S32U4S4Satfinite, 64, A16864I4,
     B16864I4, AccS32, false, false, true, true, false},
    {"m8n8k128.xor.popc", mmaM8n8k128S32B1Xor, 128, A88128B1, B88128B1,
     Acc8816S32, true, false, false, false, false},
    {"m8n8k128.and.popc", mmaM8n8k128S32B1And, 128, A88128B1, B88128B1,
     Acc8816S32, true, false, false, false, true},
    {"m16n8k128.xor.popc", mmaM16n8k128S32B1Xor, 128, A168128B1, B88128B1,
     AccS32, true, false, false, false, false},
    {"m16n8k256.and.popc", mmaM16n8k256S32B1And, 256, A168256B1, B168256B1,
     AccS32, true, false, false, false, true},
    {"m16n8k256.xor.popc", mmaM16n8k256S32B1Xor, 256, A168256B1, B168256B1,
     AccS32, true, false, false, false, false},
};

TEST(Mma, PackedLayoutsCoverTheirMatrices) {
  for (const PackedForm &P : PackedForms) {
    unsigned M = P.C.Regs * P.C.PerReg * 4;
    expectBijective(P.A, M, P.K, P.Name);
    expectBijective(P.B, P.K, 8, P.Name);
  }
}

TEST(Mma, RandomPacked) {
  for (const PackedForm &P : PackedForms) {
    Form F{P.Name, P.Fn, P.K, P.A, P.B, P.C};
    const unsigned M = F.m();
    const uint64_t Mask = P.B1 ? 1 : 0xf;
    std::mt19937 Gen(7 + P.K);
    for (unsigned Round = 0; Round < 20; ++Round) {
      Mat A(M, P.K), B(P.K, 8), C(M, 8);
      for (uint64_t &V : A.V)
        V = Gen() & Mask;
      for (uint64_t &V : B.V)
        V = Gen() & Mask;
      for (uint64_t &V : C.V) // half the rounds within 2^10 of the limits
        V = Round % 2 ? (Gen() & 1 ? 0x7fffffffu - (Gen() & 0x3ff)
                                   : 0x80000000u + (Gen() & 0x3ff))
                      : uint32_t(Gen());
      CollectiveOut Out = run(F, inputs(F, A, B, C));
      Mat D = take(P.C, Out);
      for (unsigned R = 0; R < M; ++R)
        for (unsigned Col = 0; Col < 8; ++Col) {
          int64_t Sum = int32_t(uint32_t(C.at(R, Col)));
          for (unsigned K = 0; K < P.K; ++K) {
            uint64_t X = A.at(R, K), Y = B.at(K, Col);
            Sum += P.B1 ? int64_t(P.And ? (X & Y) : (X ^ Y))
                        : nibble(P.ASigned, X) * nibble(P.BSigned, Y);
          }
          if (P.Satfinite)
            Sum =
                std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, Sum));
          ASSERT_EQ(D.at(R, Col), uint32_t(uint64_t(Sum) & 0xffffffffu))
              << P.Name << " d[" << R << "][" << Col << "] round " << Round;
        }
    }
  }
}

//===----------------------------------------------------------------------===//
// .e4m3/.e5m2: random codes whose products and sums are exact in f32
//===----------------------------------------------------------------------===//

/// The value of an fp8 code, decoded from the format's definition (sign,
/// exponent with bias 7 (e4m3) or 15 (e5m2), 3 or 2 fraction bits; an
/// exponent of 0 is subnormal), independent of lib/Interp/SmallFloat.cpp.
double fp8Value(bool E4M3, uint64_t Code) {
  unsigned FracBits = E4M3 ? 3 : 2, Bias = E4M3 ? 7 : 15;
  unsigned Exp = unsigned(Code >> FracBits) & (E4M3 ? 0xf : 0x1f);
  unsigned Frac = unsigned(Code) & ((1u << FracBits) - 1);
  double Mant =
      Exp ? 1.0 + Frac / double(1u << FracBits) : Frac / double(1u << FracBits);
  double V = std::ldexp(Mant, int(Exp ? Exp : 1) - int(Bias));
  return Code & 0x80 ? -V : V;
}

/// A random code with an exponent near the bias: values of magnitude 1/4
/// to 8 (and subnormals never), so that 32 products and a small C sum
/// exactly in f32 (and in f16 for the f16 accumulators, values below 2^11
/// with at most 11 significant bits: checked by the caller).
uint64_t fp8Code(bool E4M3, std::mt19937 &Gen) {
  unsigned FracBits = E4M3 ? 3 : 2, Bias = E4M3 ? 7 : 15;
  unsigned Exp = Bias - 2 + Gen() % 5;
  return (uint64_t(Gen() & 1) << 7) | (uint64_t(Exp) << FracBits) |
         (Gen() & ((1u << FracBits) - 1));
}

TEST(Mma, RandomFp8F32) {
  struct Case {
    const char *Name;
    MmaFn Fn;
    unsigned K;
    const Layout &A, &B;
    bool AE4M3, BE4M3;
  } Cases[] = {
      {"m16n8k32.e4m3.e5m2", mmaM16n8k32F32E4m3E5m2, 32, A16832I8, B16832I8,
       true, false},
      {"m16n8k32.e5m2.e4m3", mmaM16n8k32F32E5m2E4m3, 32, A16832I8, B16832I8,
       false, true},
      {"m16n8k16.e4m3.e4m3", mmaM16n8k16F32E4m3E4m3, 16, A16816I8, B16816I8,
       true, true},
      {"m16n8k16.e5m2.e5m2", mmaM16n8k16F32E5m2E5m2, 16, A16816I8, B16816I8,
       false, false},
  };
  for (const Case &C : Cases) {
    Form F{C.Name, C.Fn, C.K, C.A, C.B, AccF32};
    std::mt19937 Gen(31 + C.K + C.AE4M3);
    for (unsigned Round = 0; Round < 20; ++Round) {
      Mat A(16, C.K), B(C.K, 8), Acc(16, 8);
      for (uint64_t &V : A.V)
        V = fp8Code(C.AE4M3, Gen);
      for (uint64_t &V : B.V)
        V = fp8Code(C.BE4M3, Gen);
      for (uint64_t &V : Acc.V) {
        float X = float(int(Gen() % 64) - 32) / 4;
        uint32_t Bits;
        std::memcpy(&Bits, &X, 4);
        V = Bits;
      }
      CollectiveOut Out = run(F, inputs(F, A, B, Acc));
      Mat D = take(AccF32, Out);
      for (unsigned R = 0; R < 16; ++R)
        for (unsigned Col = 0; Col < 8; ++Col) {
          float CV;
          uint32_t CB = uint32_t(Acc.at(R, Col));
          std::memcpy(&CV, &CB, 4);
          double Sum = CV; // exact: products have <= 8 significant bits
          for (unsigned K = 0; K < C.K; ++K)
            Sum +=
                fp8Value(C.AE4M3, A.at(R, K)) * fp8Value(C.BE4M3, B.at(K, Col));
          float Expected = float(Sum);
          ASSERT_EQ(double(Expected), Sum) << "the test's sum must be exact";
          uint32_t EB;
          std::memcpy(&EB, &Expected, 4);
          ASSERT_EQ(D.at(R, Col), EB)
              << C.Name << " d[" << R << "][" << Col << "]";
        }
    }
  }
}

//===----------------------------------------------------------------------===//
// Hand-worked layouts: one nonzero a and b, positions worked out by hand
// from the ISA formulas (g = groupID, t = threadID_in_group)
//===----------------------------------------------------------------------===//

TEST(Mma, HandWorkedM16n8k16F16) {
  // a5 of lane 5 (g 1, t 1; register a2, high half) is A(1, 2t+1+8 = 11);
  // B(11, 3) is b3 (register b1, high half) of the lane with t 1 (11 =
  // 2t + 1 + 8) and g 3: lane 13; D(1, 3) is d1 of the lane with g 1,
  // t 1: lane 5. Sources: a0-a3 = 0-3, b0-b1 = 4-5, c = 6-.
  expectSingle(mmaM16n8k16F32F16, 10, 4,
               {{2, 5, 0x3c00ull << 16}, {5, 13, 0x3c00ull << 16}}, 5, 1,
               0x3f800000, "f32 1*1");
  // With .f16 accumulators d1 is the high half of d register 0.
  expectSingle(mmaM16n8k16F16F16, 8, 2,
               {{2, 5, 0x3c00ull << 16}, {5, 13, 0x3c00ull << 16}}, 5, 0,
               0x3c00ull << 16, "f16 1*1");
  // a6 of lane 30 (g 7, t 2; register a3, low half) is A(g+8 = 15,
  // 2t+8 = 12); B(12, 6) is b2 (register b1, low half) of t 2, g 6: lane 26;
  // D(15, 6) is d2 of g 7, t 3: lane 31.
  expectSingle(mmaM16n8k16F32F16, 10, 4, {{3, 30, 0x3c00}, {5, 26, 0x4000}}, 31,
               2, 0x40000000, "f32 1*2");
  expectSingle(mmaM16n8k16F16F16, 8, 2, {{3, 30, 0x3c00}, {5, 26, 0x4000}}, 31,
               1, 0x4000, "f16 1*2");
  // The same positions in bf16 (1.0 = 0x3f80, 3.0 = 0x4040).
  expectSingle(mmaM16n8k16F32Bf16, 10, 4,
               {{2, 5, 0x3f80ull << 16}, {5, 13, 0x4040ull << 16}}, 5, 1,
               0x40400000, "bf16 1*3");
}

TEST(Mma, HandWorkedM16n8k8F16) {
  // a3 of lane 9 (g 2, t 1; register a1, high half) is A(g+8 = 10,
  // 2t+1 = 3); B(3, 5) is b1 (register b0, high half) of t 1, g 5: lane
  // 21; D(10, 5) is d3 of g 2, t 2: lane 10. Sources: a 0-1, b 2, c 3-.
  expectSingle(mmaM16n8k8F32F16, 7, 4,
               {{1, 9, 0x3c00ull << 16}, {2, 21, 0x4200ull << 16}}, 10, 3,
               0x40400000, "f32 1*3");
  expectSingle(mmaM16n8k8F16F16, 5, 2,
               {{1, 9, 0x3c00ull << 16}, {2, 21, 0x4200ull << 16}}, 10, 1,
               0x4200ull << 16, "f16 1*3");
  expectSingle(mmaM16n8k8F32Bf16, 7, 4,
               {{1, 9, 0x3f80ull << 16}, {2, 21, 0x4000ull << 16}}, 10, 3,
               0x40000000, "bf16 1*2");
}

TEST(Mma, HandWorkedM16n8k8Tf32AndF64) {
  // a2 of lane 6 (g 1, t 2) is A(g = 1, t+4 = 6); B(6, 0) is b1 of t 2,
  // g 0: lane 2; D(1, 0) is d0 of g 1, t 0: lane 4. Sources: a 0-3, b 4-5.
  expectSingle(mmaM16n8k8F32Tf32, 10, 4,
               {{2, 6, 0x3f800000}, {5, 2, 0x40400000}}, 4, 0, 0x40400000,
               "tf32 1*3");
  // a1 of lane 6 is A(g+8 = 9, t = 2); B(2, 7) is b0 of t 2, g 7: lane 30;
  // D(9, 7) is d3 of g 1, t 3: lane 7. 1.5 * 2.0 = 3.0.
  expectSingle(mmaM16n8k8F64Rn, 10, 4,
               {{1, 6, 0x3ff8000000000000}, {4, 30, 0x4000000000000000}}, 7, 3,
               0x4008000000000000, "f64 1.5*2");
}

TEST(Mma, HandWorkedK4) {
  // m16n8k4: a1 of lane 14 (g 3, t 2) is A(g+8 = 11, t = 2); B(2, 5) is b0
  // of t 2, g 5: lane 22; D(11, 5) is d3 of g 3, t 2: lane 14. Sources:
  // a 0-1, b 2, c 3-6.
  expectSingle(mmaM16n8k4F32Tf32, 7, 4,
               {{1, 14, 0x3fc00000}, {2, 22, 0x40000000}}, 14, 3, 0x40400000,
               "tf32 1.5*2");
  expectSingle(mmaM16n8k4F64Rn, 7, 4,
               {{1, 14, 0x3ff8000000000000}, {2, 22, 0x4000000000000000}}, 14,
               3, 0x4008000000000000, "f64 1.5*2");
  // m8n8k4.f64: a0 of lane 27 is A(27 >> 2 = 6, 27 % 4 = 3); B(3, 1) is b0
  // of the lane with %laneid % 4 = 3, %laneid >> 2 = 1: lane 7; D(6, 1) is
  // d1 of g 6, t 0: lane 24. Sources: a 0, b 1, c 2-3.
  expectSingle(mmaM8n8k4F64Rn, 4, 2,
               {{0, 27, 0x3ff8000000000000}, {1, 7, 0x4000000000000000}}, 24, 1,
               0x4008000000000000, "m8n8k4 1.5*2");
}

TEST(Mma, HandWorkedM16n8k16F64) {
  // a5 of lane 1 (g 0, t 1; odd) is A(g+8 = 8, 5*2-2+t = 9); B(9, 4) is
  // b2 of t 1 (9 = t + 2*4), g 4: lane 17; D(8, 4) is d2 of g 0, t 2:
  // lane 2. Sources: a 0-7, b 8-11, c 12-15.
  expectSingle(mmaM16n8k16F64Rn, 16, 4,
               {{5, 1, 0x3ff8000000000000}, {10, 17, 0x4000000000000000}}, 2, 2,
               0x4008000000000000, "f64 1.5*2");
}

TEST(Mma, HandWorkedIntegers) {
  // m16n8k16: a6 of lane 14 (g 3, t 2; register a1, byte 2) is A(g+8 = 11,
  // 4t+2 = 10); B(10, 1) is b2 (byte 2) of t 2, g 1: lane 6; D(11, 1) is
  // d3 of g 3, t 0: lane 12. Sources: a 0-1, b 2, c 3-6.
  std::vector<Poke> P16 = {{1, 14, 0xfdull << 16}, {2, 6, 7ull << 16}};
  expectSingle(mmaM16n8k16S32S8S8, 7, 4, P16, 12, 3, 0xffffffeb, "-3*7");
  expectSingle(mmaM16n8k16S32U8S8, 7, 4, P16, 12, 3, 253 * 7, "253*7");
  // m16n8k32: a13 of lane 23 (g 5, t 3; register a3, byte 1) is A(g+8 =
  // 13, 4t+1+16 = 29); B(29, 2) is b5 (register b1, byte 1) of t 3, g 2:
  // lane 11; D(13, 2) is d2 of g 5, t 1: lane 21. Sources: a 0-3, b 4-5.
  std::vector<Poke> P32 = {{3, 23, 0x7full << 8}, {5, 11, 0x80ull << 8}};
  expectSingle(mmaM16n8k32S32S8S8, 10, 4, P32, 21, 2, uint32_t(-127 * 128),
               "127*-128");
  expectSingle(mmaM16n8k32S32S8U8, 10, 4, P32, 21, 2, 127 * 128, "127*128");
  // m8n8k16: a2 of lane 9 (g 2, t 1; byte 2) is A(2, 4t+2 = 6); B(6, 7) is
  // b2 (byte 2) of t 1, g 7: lane 29; D(2, 7) is d1 of g 2, t 3: lane 11.
  // Sources: a 0, b 1, c 2-3.
  std::vector<Poke> P8 = {{0, 9, 0xfeull << 16}, {1, 29, 0xfdull << 16}};
  expectSingle(mmaM8n8k16S32S8S8, 4, 2, P8, 11, 1, 6, "-2*-3");
  expectSingle(mmaM8n8k16S32U8U8, 4, 2, P8, 11, 1, 254 * 253, "254*253");
}

} // namespace
