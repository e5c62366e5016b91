//===- MmaKindTest.cpp - mma.sync .kind::f8f6f4 semantics -----------------===//
//
// The .kind::f8f6f4 m16n8k32 functions (lib/Interp/MatrixOps.cpp) against
// a plain-loop reference: A and B of small values every one of .e4m3,
// .e5m2, .e3m2, .e2m3 and .e2m1 holds exactly, encoded here from the
// formats' definitions (PTX ISA 5.2.5.1: sign, E exponent bits with bias
// 2^(E-1) - 1, M fraction bits) and placed in their 8-bit containers as PTX
// ISA 9.7.14.5.14 says (.e2m1 in the central 4 bits, .e3m2/.e2m3 in the low 6
// bits), distributed by the m16n8k32 .e4m3 fragment layouts of
// MmaTestSupport.h (9.7.14.5.10 lists every one of these types there), for
// all 25 type pairs and both accumulators. Then the padding bits (ignored)
// and a hand-worked element.
//
//===----------------------------------------------------------------------===//

#include "MmaTestSupport.h"

#include <cmath>
#include <random>
#include <string>

using namespace mmatest;

namespace {

struct Format {
  const char *Name;
  unsigned E, M;
  unsigned Shift; ///< where the code sits in its container
};
const Format E4m3{"e4m3", 4, 3, 0}, E5m2{"e5m2", 5, 2, 0},
    E3m2{"e3m2", 3, 2, 0}, E2m3{"e2m3", 2, 3, 0}, E2m1{"e2m1", 2, 1, 2};

/// The container of the value \p V (a small integer or half-integer that
/// \p F holds exactly, normal in it).
uint64_t container(const Format &F, double V) {
  if (V == 0)
    return 0;
  uint64_t Sign = V < 0 ? 1 : 0;
  double A = std::fabs(V);
  int Exp = std::ilogb(A);
  double Frac = A / std::ldexp(1.0, Exp) - 1; // in [0, 1)
  uint64_t Man = uint64_t(Frac * double(1u << F.M));
  EXPECT_EQ(double(Man), Frac * double(1u << F.M)) << F.Name << " " << V;
  int Bias = (1 << (F.E - 1)) - 1;
  EXPECT_GE(Exp + Bias, 1) << F.Name << " " << V;
  uint64_t Code = Sign << (F.E + F.M) | uint64_t(Exp + Bias) << F.M | Man;
  return Code << F.Shift;
}

struct KindForm {
  MmaFn Fn;
  const Format &A, &B;
  bool F16;
};

// Values every format holds exactly as normal numbers: .e2m1's largest is
// 6, its normals 1, 1.5, 2, 3, 4, 6; .e2m3 has no value above 7.5.
const double Values[] = {1, 1.5, 2, 3, 4, 6, -1, -1.5, -2, -3, -4, -6, 0};
// With an .f16 accumulator every partial sum must be exact in .f16 (11
// significant bits): integers only, below 2^11 in magnitude.
const double IntValues[] = {1, 2, 3, 4, 6, -1, -2, -3, -4, -6, 0};

void checkRandom(const KindForm &KF, std::string Name) {
  const Form F{Name.c_str(), KF.Fn,    32,
               A16832I8,     B16832I8, KF.F16 ? AccF16 : AccF32};
  const llvm::fltSemantics &Acc = KF.F16 ? Half : Single;
  std::mt19937 Gen(99);
  const double *Vals = KF.F16 ? IntValues : Values;
  const int NVals = KF.F16 ? int(std::size(IntValues)) : int(std::size(Values));
  std::uniform_int_distribution<int> Pick(0, NVals - 1), CV(-50, 50);
  for (unsigned Round = 0; Round < 4; ++Round) {
    Mat A(16, 32), B(32, 8), C(16, 8);
    std::vector<double> AV(16 * 32), BV(32 * 8), CVal(16 * 8);
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned K = 0; K < 32; ++K)
        A.at(R, K) = container(KF.A, AV[R * 32 + K] = Vals[Pick(Gen)]);
    for (unsigned K = 0; K < 32; ++K)
      for (unsigned N = 0; N < 8; ++N)
        B.at(K, N) = container(KF.B, BV[K * 8 + N] = Vals[Pick(Gen)]);
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned N = 0; N < 8; ++N)
        C.at(R, N) = fbits(Acc, CVal[R * 8 + N] = CV(Gen));
    Mat D = take(F.C, run(F, inputs(F, A, B, C)));
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned N = 0; N < 8; ++N) {
        double Want = CVal[R * 8 + N];
        for (unsigned K = 0; K < 32; ++K)
          Want += AV[R * 32 + K] * BV[K * 8 + N]; // exact in the accumulator
        ASSERT_EQ(D.at(R, N), fbits(Acc, Want))
            << Name << " d[" << R << "][" << N
            << "] = " << fvalue(Acc, D.at(R, N)) << ", want " << Want;
      }
  }
}

#define KIND_ROW(CT, F16, A)                                                   \
  {mmaKindM16n8k32##CT##A##E4m3, A, E4m3, F16},                                \
      {mmaKindM16n8k32##CT##A##E5m2, A, E5m2, F16},                            \
      {mmaKindM16n8k32##CT##A##E3m2, A, E3m2, F16},                            \
      {mmaKindM16n8k32##CT##A##E2m3, A, E2m3, F16}, {                          \
    mmaKindM16n8k32##CT##A##E2m1, A, E2m1, F16                                 \
  }
#define KIND_ALL(CT, F16)                                                      \
  KIND_ROW(CT, F16, E4m3), KIND_ROW(CT, F16, E5m2), KIND_ROW(CT, F16, E3m2),   \
      KIND_ROW(CT, F16, E2m3), KIND_ROW(CT, F16, E2m1)

const KindForm Forms[] = {KIND_ALL(F32, false), KIND_ALL(F16, true)};

TEST(MmaKind, EveryTypePairAgainstPlainProduct) {
  for (const KindForm &KF : Forms)
    checkRandom(KF, std::string(KF.F16 ? "f16." : "f32.") + KF.A.Name + "." +
                        KF.B.Name);
}

// The padding bits of the fp6/fp4 containers take no part: set to ones, the
// results stay.
TEST(MmaKind, PaddingBitsAreIgnored) {
  for (const KindForm &KF : Forms) {
    if (KF.A.E + KF.A.M == 7 && KF.B.E + KF.B.M == 7)
      continue; // two fp8 types: no padding
    const Form F{"pad",    KF.Fn,    32,
                 A16832I8, B16832I8, KF.F16 ? AccF16 : AccF32};
    Mat A(16, 32), B(32, 8), C(16, 8);
    for (unsigned R = 0; R < 16; ++R)
      for (unsigned K = 0; K < 32; ++K)
        A.at(R, K) = container(KF.A, Values[(R + K) % 13]);
    for (unsigned K = 0; K < 32; ++K)
      for (unsigned N = 0; N < 8; ++N)
        B.at(K, N) = container(KF.B, Values[(K * 3 + N) % 13]);
    Mat Want = take(F.C, run(F, inputs(F, A, B, C)));
    auto Pad = [](const Format &Fm) -> uint64_t {
      return Fm.E + Fm.M == 7 ? 0 : Fm.Shift ? 0xc3 : 0xc0;
    };
    for (uint64_t &V : A.V)
      V |= Pad(KF.A);
    for (uint64_t &V : B.V)
      V |= Pad(KF.B);
    Mat Got = take(F.C, run(F, inputs(F, A, B, C)));
    EXPECT_EQ(Got.V, Want.V) << KF.A.Name << "." << KF.B.Name;
  }
}

// A hand-worked element: a[0][0] = 1.5 as .e2m1 (code 0b0011 in bits 2..5:
// 0x0c), b[0][0] = -3 as .e3m2 (sign, exponent 1 + 3 = 0b100, fraction 0b10:
// 0b110010 = 0x32), c[0][0] = 1: d[0][0] = 1 - 4.5 = -3.5 (f32 0xc0600000),
// lane 0's d0; a[0][0] is lane 0's a0 byte 0, b[0][0] lane 0's b0 byte 0.
TEST(MmaKind, HandWorked) {
  expectSingle(mmaKindM16n8k32F32E2m1E3m2, 4 + 2 + 4, 4,
               {{0, 0, 0x0c}, {4, 0, 0x32}, {6, 0, 0x3f800000}}, 0, 0,
               0xc0600000u, "f32.e2m1.e3m2");
}

} // namespace
