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
// m16n8k4 .tf32/.f64 A (Figures 65, 66) and B (Figures 67, 68).
Pos a1684(unsigned L, unsigned I) {
  return {I == 0 ? grp(L) : grp(L) + 8, tig(L)};
}
Pos b1684(unsigned L, unsigned) { return {tig(L), grp(L)}; }
const Layout A1684Tf32{2, 1, 32, a1684}, B1684Tf32{1, 1, 32, b1684},
    A1684F64{2, 1, 64, a1684}, B1684F64{1, 1, 64, b1684};
// m8n8k4 .f64 (Figures 53-55): A row %laneid >> 2, col %laneid % 4; B row
// %laneid % 4, col %laneid >> 2; C/D row groupID, col threadID_in_group * 2
// + (i & 0x1) for i = {0, 1}.
const Layout A884F64{1, 1, 64,
                     [](unsigned L, unsigned) {
                       return Pos{L >> 2, L % 4};
                     }},
    B884F64{1, 1, 64,
            [](unsigned L, unsigned) {
              return Pos{L % 4, L >> 2};
            }},
    Acc884F64{2, 1, 64, [](unsigned L, unsigned I) {
                return Pos{grp(L), (tig(L) * 2) + (I & 0x1)};
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
  expectBijective(A1684Tf32, 16, 4, "A m16n8k4");
  expectBijective(B1684Tf32, 4, 8, "B m16n8k4");
  expectBijective(A884F64, 8, 4, "A m8n8k4");
  expectBijective(B884F64, 4, 8, "B m8n8k4");
  expectBijective(Acc884F64, 8, 8, "C m8n8k4");
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
  /// M: 32 lanes hold the M x 8 accumulator.
  unsigned m() const { return C.Regs * C.PerReg * 4; }
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
  Mat M(L.Regs * L.PerReg * 4, 8);
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

const Form M16n8k4F32Tf32{"m16n8k4.f32.tf32", mmaM16n8k4F32Tf32, 4,
                          A1684Tf32,          B1684Tf32,         AccF32};
const Form M8n8k4F64{"m8n8k4.f64", mmaM8n8k4F64Rn, 4,
                     A884F64,      B884F64,        Acc884F64};
const Form M16n8k4F64{"m16n8k4.f64.rn", mmaM16n8k4F64Rn, 4,
                      A1684F64,         B1684F64,        AccF64};

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

//===----------------------------------------------------------------------===//
// Hand-worked layouts: one nonzero a and b, positions worked out by hand
// from the ISA formulas (g = groupID, t = threadID_in_group)
//===----------------------------------------------------------------------===//

struct Poke {
  unsigned Src, Lane;
  uint64_t Value;
};

/// Runs \p Fn on all-zero registers but the \p Pokes, and expects every
/// destination zero but \p Lane's register \p Reg, which is \p Expected.
void expectSingle(MmaFn Fn, unsigned NumSrc, unsigned NumDst,
                  std::vector<Poke> Pokes, unsigned Lane, unsigned Reg,
                  uint64_t Expected, const char *Name) {
  CollectiveIn In;
  In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
  In.NumSrc = NumSrc;
  for (const Poke &P : Pokes)
    In.Src[P.Src][P.Lane] = P.Value;
  CollectiveOut Out;
  Fn(In, Out);
  ASSERT_EQ(Out.NumDst, NumDst) << Name;
  for (unsigned R = 0; R < NumDst; ++R) {
    EXPECT_EQ(Out.DstUndef[R], 0u) << Name;
    for (unsigned L = 0; L < 32; ++L)
      EXPECT_EQ(Out.Dst[R][L], (L == Lane && R == Reg) ? Expected : 0u)
          << Name << ": lane " << L << " d" << R;
  }
}

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
}

//===----------------------------------------------------------------------===//
// The numeric model, by hand
//===----------------------------------------------------------------------===//

/// d[0][0] of \p F with only a[0][0], b[0][0] and c[0][0] nonzero.
uint64_t single(const Form &F, uint64_t A00, uint64_t B00, uint64_t C00) {
  Mat A(16, F.K), B(F.K, 8), C(16, 8);
  A.at(0, 0) = A00;
  B.at(0, 0) = B00;
  C.at(0, 0) = C00;
  return take(F.C, run(F, inputs(F, A, B, C))).at(0, 0);
}

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
      {"m16n8k16.u8.u8", mmaM16n8k16S32U8U8, 16, A16816I8, B16816I8, AccS32}};
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
