//===- MmaTest.cpp - mma.sync.aligned semantics ---------------------------===//
//
// The mma semantics functions (lib/Interp/MatrixOps.cpp) against references
// written here: matrices of small integers (exact in every element type, so
// the exact result needs no rounding) are multiplied by a plain loop in
// double or 64-bit integer arithmetic, distributed to the lanes by the
// fragment layouts re-typed below from the PTX ISA text ("Matrix Fragments
// for mma.m16n8k8", "... for mma.m16n8k16 with floating point type",
// "... for mma.m16n8k16 with integer type", "... for mma.m16n8k32"; groupID
// = %laneid >> 2, threadID_in_group = %laneid % 4), and the result read
// back by the same layouts and compared element by element. Each shape also
// has a hand-worked case (one nonzero element in A and in B, positions read
// off the ISA formulas by hand and written as literal lanes and registers)
// as a check on the layouts themselves, and the rounding model (k order,
// round to nearest even at each addition, product exact), the .tf32
// truncation, the .f64 rounding modifiers, wrapping and .satfinite have
// hand-computed cases.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/MatrixOps.h"

#include "llvm/ADT/APFloat.h"
#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace ptxwarp::interp;
using llvm::APFloat;

namespace {

constexpr LaneMask AllLanes = 0xffffffffu;

//===----------------------------------------------------------------------===//
// Layouts, re-typed from the ISA text
//===----------------------------------------------------------------------===//

struct Pos {
  unsigned Row, Col;
};

struct Layout {
  unsigned Regs, PerReg, Bits;
  std::function<Pos(unsigned Lane, unsigned I)> At;
};

unsigned grp(unsigned Lane) { return Lane >> 2; }
unsigned tig(unsigned Lane) { return Lane % 4; }

// Accumulators C/D of m16n8k8 (Figure 77/78), m16n8k16 (83, 86), m16n8k32
// (92): row = groupID for c0 and c1, groupID + 8 for c2 and c3; col =
// (threadID_in_group * 2) + (i & 0x1).
Pos accPos(unsigned L, unsigned I) {
  unsigned Row = (I == 0 || I == 1) ? grp(L) : grp(L) + 8;
  return {Row, tig(L) * 2 + (I & 0x1)};
}

const Layout AccF32{4, 1, 32, accPos}, AccF16{2, 2, 16, accPos},
    AccF64{4, 1, 64, accPos}, AccS32{4, 1, 32, accPos};

// m16n8k16 .f16/.bf16 A (Figure 79).
const Layout A16816F16{4, 2, 16, [](unsigned L, unsigned I) {
                         unsigned Row =
                             (I < 2 || (4 <= I && I < 6)) ? grp(L) : grp(L) + 8;
                         unsigned Col = I < 4 ? (tig(L) * 2) + (I & 0x1)
                                              : (tig(L) * 2) + (I & 0x1) + 8;
                         return Pos{Row, Col};
                       }};
// m16n8k16 .f16/.bf16 B (Figure 81).
const Layout B16816F16{2, 2, 16, [](unsigned L, unsigned I) {
                         unsigned Row = I < 2 ? (tig(L) * 2) + (I & 0x1)
                                              : (tig(L) * 2) + (I & 0x1) + 8;
                         return Pos{Row, grp(L)};
                       }};
// m16n8k8 .f16/.bf16 A (Figure 71) and B (Figure 74).
const Layout A1688F16{2, 2, 16, [](unsigned L, unsigned I) {
                        unsigned Row = (I == 0 || I == 1) ? grp(L) : grp(L) + 8;
                        return Pos{Row, tig(L) * 2 + (I & 0x1)};
                      }};
const Layout B1688F16{1, 2, 16, [](unsigned L, unsigned I) {
                        return Pos{(tig(L) * 2) + I, grp(L)};
                      }};
// m16n8k8 .tf32/.f64 A (Figures 72, 73) and B (Figures 75, 76).
Pos a1688Wide(unsigned L, unsigned I) {
  unsigned Row = (I == 0 || I == 2) ? grp(L) : grp(L) + 8;
  unsigned Col = (I == 0 || I == 1) ? tig(L) : tig(L) + 4;
  return {Row, Col};
}
Pos b1688Wide(unsigned L, unsigned I) {
  return {I == 0 ? tig(L) : tig(L) + 4, grp(L)};
}
const Layout A1688Tf32{4, 1, 32, a1688Wide}, B1688Tf32{2, 1, 32, b1688Wide},
    A1688F64{4, 1, 64, a1688Wide}, B1688F64{2, 1, 64, b1688Wide};
// m16n8k16 .f64 A (Figure 80) and B (Figure 82).
const Layout A16816F64{8, 1, 64, [](unsigned L, unsigned I) {
                         if (I % 2 == 0)
                           return Pos{grp(L), (I * 2) + tig(L)};
                         return Pos{grp(L) + 8, (I * 2) - 2 + tig(L)};
                       }};
const Layout B16816F64{4, 1, 64, [](unsigned L, unsigned I) {
                         return Pos{tig(L) + (I * 4), grp(L)};
                       }};
// m16n8k16 .s8/.u8 A (Figure 84) and B (Figure 85).
const Layout A16816I8{2, 4, 8, [](unsigned L, unsigned I) {
                        unsigned Row = I < 4 ? grp(L) : grp(L) + 8;
                        return Pos{Row, (tig(L) * 4) + (I & 0x3)};
                      }};
const Layout B16816I8{1, 4, 8, [](unsigned L, unsigned I) {
                        return Pos{(tig(L) * 4) + I, grp(L)};
                      }};
// m16n8k32 .s8/.u8 A (Figure 88) and B (Figures 90, 91).
const Layout A16832I8{4, 4, 8, [](unsigned L, unsigned I) {
                        unsigned Row =
                            (I < 4 || (8 <= I && I < 12)) ? grp(L) : grp(L) + 8;
                        unsigned Col = I < 8 ? (tig(L) * 4) + (I & 0x3)
                                             : (tig(L) * 4) + (I & 0x3) + 16;
                        return Pos{Row, Col};
                      }};
const Layout B16832I8{2, 4, 8, [](unsigned L, unsigned I) {
                        unsigned Row = I < 4 ? (tig(L) * 4) + (I & 0x3)
                                             : (tig(L) * 4) + (I & 0x3) + 16;
                        return Pos{Row, grp(L)};
                      }};

/// A row-major matrix of raw element bits.
struct Mat {
  unsigned Rows = 0, Cols = 0;
  std::vector<uint64_t> V;
  Mat(unsigned R, unsigned C) : Rows(R), Cols(C), V(R * C, 0) {}
  uint64_t &at(unsigned R, unsigned C) { return V[R * Cols + C]; }
  uint64_t at(unsigned R, unsigned C) const { return V[R * Cols + C]; }
};

// Every element of the Rows x Cols matrix is held exactly once.
void expectBijective(const Layout &L, unsigned Rows, unsigned Cols,
                     const char *Name) {
  std::vector<int> Count(Rows * Cols, 0);
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
      Pos P = L.At(Lane, I);
      ASSERT_LT(P.Row, Rows) << Name;
      ASSERT_LT(P.Col, Cols) << Name;
      ++Count[P.Row * Cols + P.Col];
    }
  for (int C : Count)
    EXPECT_EQ(C, 1) << Name;
}

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
  expectBijective(B16832I8, 32, 8, "B m16n8k32 s8");
}

//===----------------------------------------------------------------------===//
// The harness
//===----------------------------------------------------------------------===//

using MmaFn = void (*)(const CollectiveIn &, CollectiveOut &);

struct Form {
  const char *Name;
  MmaFn Fn;
  unsigned K;
  const Layout &A, &B, &C;
};

void put(const Layout &L, const Mat &M, CollectiveIn &In, unsigned First) {
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
      Pos P = L.At(Lane, I);
      In.Src[First + I / L.PerReg][Lane] |= M.at(P.Row, P.Col)
                                            << (L.Bits * (I % L.PerReg));
    }
}

Mat take(const Layout &L, const CollectiveOut &Out) {
  Mat M(16, 8);
  uint64_t Mask = L.Bits == 64 ? ~uint64_t(0) : (uint64_t(1) << L.Bits) - 1;
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
      Pos P = L.At(Lane, I);
      M.at(P.Row, P.Col) =
          (Out.Dst[I / L.PerReg][Lane] >> (L.Bits * (I % L.PerReg))) & Mask;
    }
  return M;
}

CollectiveIn inputs(const Form &F, const Mat &A, const Mat &B, const Mat &C,
                    LaneMask Active = AllLanes) {
  CollectiveIn In;
  In.S = WarpStep::uniform(Active, 0, AllLanes);
  In.NumSrc = F.A.Regs + F.B.Regs + F.C.Regs;
  put(F.A, A, In, 0);
  put(F.B, B, In, F.A.Regs);
  put(F.C, C, In, F.A.Regs + F.B.Regs);
  return In;
}

CollectiveOut run(const Form &F, const CollectiveIn &In) {
  CollectiveOut Out;
  F.Fn(In, Out);
  EXPECT_EQ(Out.NumDst, F.C.Regs) << F.Name;
  return Out;
}

/// Bits of the value \p X (exactly representable) in the semantics \p S.
uint64_t fbits(const llvm::fltSemantics &S, double X) {
  APFloat V(X);
  bool Loses = false;
  V.convert(S, APFloat::rmNearestTiesToEven, &Loses);
  EXPECT_FALSE(Loses) << X;
  return V.bitcastToAPInt().getZExtValue();
}

double fvalue(const llvm::fltSemantics &S, uint64_t Bits) {
  APFloat V(S, llvm::APInt(APFloat::getSizeInBits(S), Bits));
  bool Loses = false;
  V.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &Loses);
  return V.convertToDouble();
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
    std::vector<double> AV(16 * F.K), BV(F.K * 8), CV(16 * 8);
    Mat A(16, F.K), B(F.K, 8), C(16, 8);
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned K = 0; K < F.K; ++K)
        A.at(R, K) = fbits(FC.AB, AV[R * F.K + K] = Small(Gen));
    for (unsigned K = 0; K < F.K; ++K)
      for (unsigned Col = 0; Col < 8; ++Col)
        B.at(K, Col) = fbits(FC.AB, BV[K * 8 + Col] = Small(Gen));
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned Col = 0; Col < 8; ++Col)
        C.at(R, Col) = fbits(FC.Acc, CV[R * 8 + Col] = Acc(Gen));
    CollectiveOut Out = run(F, inputs(F, A, B, C));
    for (unsigned Reg = 0; Reg < F.C.Regs; ++Reg)
      EXPECT_EQ(Out.DstUndef[Reg], 0u) << F.Name;
    Mat D = take(F.C, Out);
    for (unsigned R = 0; R < 16; ++R)
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

const llvm::fltSemantics &Half = APFloat::IEEEhalf();
const llvm::fltSemantics &Single = APFloat::IEEEsingle();
const llvm::fltSemantics &Double = APFloat::IEEEdouble();
const llvm::fltSemantics &BF = APFloat::BFloat();

const Form M16n8k16F32F16{"m16n8k16.f32.f16", mmaM16n8k16F32F16, 16,
                          A16816F16,          B16816F16,         AccF32};
const Form M16n8k16F16F16{"m16n8k16.f16.f16", mmaM16n8k16F16F16, 16,
                          A16816F16,          B16816F16,         AccF16};
const Form M16n8k8F32F16{"m16n8k8.f32.f16", mmaM16n8k8F32F16, 8,
                         A1688F16,          B1688F16,         AccF32};
const Form M16n8k8F16F16{"m16n8k8.f16.f16", mmaM16n8k8F16F16, 8,
                         A1688F16,          B1688F16,         AccF16};
const Form M16n8k16F32Bf16{"m16n8k16.f32.bf16", mmaM16n8k16F32Bf16, 16,
                           A16816F16,           B16816F16,          AccF32};
const Form M16n8k8F32Bf16{"m16n8k8.f32.bf16", mmaM16n8k8F32Bf16, 8,
                          A1688F16,           B1688F16,          AccF32};
const Form M16n8k8F32Tf32{"m16n8k8.f32.tf32", mmaM16n8k8F32Tf32, 8,
                          A1688Tf32,          B1688Tf32,         AccF32};
const Form M16n8k8F64{"m16n8k8.f64.rn", mmaM16n8k8F64Rn, 8,
                      A1688F64,         B1688F64,        AccF64};
const Form M16n8k16F64{"m16n8k16.f64.rn", mmaM16n8k16F64Rn, 16,
                       A16816F64,         B16816F64,        AccF64};

TEST(Mma, RandomExactFloat) {
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
  const Layout &LA = IF.K == 32 ? A16832I8 : A16816I8;
  const Layout &LB = IF.K == 32 ? B16832I8 : B16816I8;
  Form F{IF.Name, IF.Fn, IF.K, LA, LB, AccS32};
  std::mt19937 Gen(99 + IF.K + IF.ASigned * 2 + IF.BSigned);
  for (unsigned Round = 0; Round < Rounds; ++Round) {
    Mat A(16, IF.K), B(IF.K, 8), C(16, 8);
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
    Mat D = take(AccS32, Out);
    for (unsigned R = 0; R < 16; ++R)
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

} // namespace
