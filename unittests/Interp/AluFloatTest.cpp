//===- AluFloatTest.cpp - Float instructions against the ISA and IEEE -----===//
//
// Exact forms (.rn/.rz/.rm/.rp) are checked against the host FPU run in the
// same rounding mode (fesetround; SSE honours it for + - * / sqrt and the
// int/float conversions) and, for sqrt, against the rounding inequality
// checked exactly in IEEE quad. The .approx forms are checked against the
// special-value tables and error bounds of PTX ISA 9.7.3.x; the numeric
// model of ptx-run for them is the correctly rounded result of the exact
// function (except rcp/rsqrt.approx.ftz.f64, which follow the ISA's 1.11.20
// description), which is within every bound the ISA states.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Alu.h"

#include "llvm/ADT/APFloat.h"

#include "gtest/gtest.h"

#include <cfenv>
#include <cmath>
#include <cstring>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::Opcode;
using ir::Rounding;
using ir::Type;
using llvm::APFloat;
using llvm::APInt;

namespace {

Type ty(Type::Kind K, unsigned Bits) { return Type{K, uint8_t(Bits)}; }
const Type F32 = ty(Type::F, 32), F64 = ty(Type::F, 64), F16 = ty(Type::F, 16),
           BF16 = ty(Type::BF, 16), S32 = ty(Type::S, 32),
           U32 = ty(Type::U, 32), S64 = ty(Type::S, 64), U64 = ty(Type::U, 64),
           S16 = ty(Type::S, 16), U8 = ty(Type::U, 8);

ir::Inst inst(Opcode Op, Type T, Rounding R = Rounding::None,
              bool Ftz = false) {
  ir::Inst I;
  I.Op = Op;
  I.Ty = T;
  I.Rnd = R;
  I.Ftz = Ftz;
  return I;
}

uint32_t b32(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}
float f32(uint64_t B) {
  uint32_t V = uint32_t(B);
  float F;
  std::memcpy(&F, &V, 4);
  return F;
}
uint64_t b64(double D) {
  uint64_t B;
  std::memcpy(&B, &D, 8);
  return B;
}
double f64(uint64_t B) {
  double D;
  std::memcpy(&D, &B, 8);
  return D;
}

const Rounding Modes[] = {Rounding::Rn, Rounding::Rz, Rounding::Rm,
                          Rounding::Rp};
int feMode(Rounding R) {
  switch (R) {
  case Rounding::Rz:
    return FE_TOWARDZERO;
  case Rounding::Rm:
    return FE_DOWNWARD;
  case Rounding::Rp:
    return FE_UPWARD;
  default:
    return FE_TONEAREST;
  }
}

/// Runs \p Fn with the host FPU in rounding mode \p R.
template <typename FnT> auto hostRounded(Rounding R, FnT Fn) {
  std::fesetround(feMode(R));
  // The volatile store keeps the computation before the mode is restored.
  volatile auto V = Fn();
  std::fesetround(FE_TONEAREST);
  return decltype(Fn())(V);
}

bool isNaN32(uint64_t B) { return std::isnan(f32(B)); }

// Operands covering normals, subnormals, zeros, infinities and values whose
// results are inexact.
const float Vals32[] = {
    1.0f,  -1.0f,       3.0f,        0.1f,       -0.7f,
    1e30f, -3e38f,      1e-30f,      1e-40f,     -1e-42f,
    0.0f,  -0.0f,       INFINITY,    -INFINITY,  1.17549435e-38f,
    7.0f,  1.0f / 3.0f, 123456.789f, 16777217.0f};
const double Vals64[] = {1.0,      -1.0,      3.0,
                         0.1,      -0.7,      1e300,
                         -1e308,   1e-300,    4.9e-324,
                         -2e-310,  0.0,       -0.0,
                         INFINITY, -INFINITY, 2.2250738585072014e-308,
                         7.0,      1.0 / 3.0, 9007199254740993.0};

TEST(AluFloat, BinaryOpsEveryRoundingModeF32F64) {
  for (Rounding R : Modes)
    for (Opcode Op : {Opcode::Add, Opcode::Sub, Opcode::Mul, Opcode::Div}) {
      for (float X : Vals32)
        for (float Y : Vals32) {
          volatile float VX = X, VY = Y;
          float E = hostRounded(R, [&] {
            switch (Op) {
            case Opcode::Add:
              return VX + VY;
            case Opcode::Sub:
              return VX - VY;
            case Opcode::Mul:
              return VX * VY;
            default:
              return VX / VY;
            }
          });
          uint64_t Got = evalAlu(inst(Op, F32, R), b32(X), b32(Y), 0);
          if (std::isnan(E))
            ASSERT_EQ(Got, 0x7fffffffu); // canonical NaN
          else
            ASSERT_EQ(Got, b32(E)) << X << " op " << unsigned(Op) << " " << Y
                                   << " mode " << unsigned(R);
        }
      for (double X : Vals64)
        for (double Y : Vals64) {
          volatile double VX = X, VY = Y;
          double E = hostRounded(R, [&] {
            switch (Op) {
            case Opcode::Add:
              return VX + VY;
            case Opcode::Sub:
              return VX - VY;
            case Opcode::Mul:
              return VX * VY;
            default:
              return VX / VY;
            }
          });
          uint64_t Got = evalAlu(inst(Op, F64, R), b64(X), b64(Y), 0);
          if (std::isnan(E))
            ASSERT_TRUE(std::isnan(f64(Got)));
          else
            ASSERT_EQ(Got, b64(E)) << X << " " << Y << " " << unsigned(R);
        }
    }
}

TEST(AluFloat, FmaEveryRoundingModeAgainstAPFloat) {
  // APFloat's fusedMultiplyAdd is the reference (one rounding of a*b+c).
  const llvm::RoundingMode RM[] = {
      llvm::RoundingMode::NearestTiesToEven, llvm::RoundingMode::TowardZero,
      llvm::RoundingMode::TowardNegative, llvm::RoundingMode::TowardPositive};
  for (unsigned K = 0; K < 4; ++K)
    for (float X : {1.0f + 0x1p-23f, 3.0f, -0.1f, 1e-20f})
      for (float Y : {1.0f - 0x1p-24f, 7.0f, 1e-20f})
        for (float Z : {-1.0f, 1e-30f, 0.0f, -0.0f}) {
          APFloat E(X);
          E.fusedMultiplyAdd(APFloat(Y), APFloat(Z), RM[K]);
          ASSERT_EQ(
              evalAlu(inst(Opcode::Fma, F32, Modes[K]), b32(X), b32(Y), b32(Z)),
              b32(E.convertToFloat()));
          ASSERT_EQ(
              evalAlu(inst(Opcode::Mad, F32, Modes[K]), b32(X), b32(Y), b32(Z)),
              b32(E.convertToFloat()));
        }
  // fma.rn.sat.f32 clamps; .ftz flushes the subnormal inputs (1e-40 * 1e10
  // would be 1e-30 without the flush).
  ir::Inst I = inst(Opcode::Fma, F32, Rounding::Rn);
  I.Sat = true;
  EXPECT_EQ(evalAlu(I, b32(2.0f), b32(3.0f), b32(0.0f)), b32(1.0f));
  EXPECT_EQ(evalAlu(I, b32(-2.0f), b32(3.0f), b32(0.0f)), 0u);
  ir::Inst J = inst(Opcode::Fma, F32, Rounding::Rn, true);
  EXPECT_EQ(evalAlu(J, b32(1e-40f), b32(1e10f), b32(0.0f)), 0u);
}

TEST(AluFloat, SatS32AndF32) {
  for (Opcode Op : {Opcode::Add, Opcode::Sub, Opcode::Mul}) {
    ir::Inst I = inst(Op, F32, Rounding::Rn);
    I.Sat = true;
    // NaN results are flushed to +0 (PTX ISA 9.7.3.3).
    EXPECT_EQ(evalAlu(I, b32(INFINITY),
                      b32(Op == Opcode::Mul   ? 0.0f
                          : Op == Opcode::Add ? -INFINITY
                                              : INFINITY),
                      0),
              0u);
    EXPECT_EQ(evalAlu(I, b32(0.75f), b32(0.5f), 0),
              b32(Op == Opcode::Add   ? 1.0f
                  : Op == Opcode::Sub ? 0.25f
                                      : 0.375f));
  }
}

TEST(AluFloat, TestpEveryClass) {
  // PTX ISA 9.7.3.1, with "positive and negative zero are considered normal
  // numbers" (the old code said zero was not normal).
  auto Check = [](Type T, uint64_t Bits, int Class) {
    bool NaN = Class == FP_NAN, Inf = Class == FP_INFINITE;
    bool Expect[6] = {!NaN && !Inf,
                      Inf,
                      !NaN,
                      NaN,
                      Class == FP_NORMAL || Class == FP_ZERO,
                      Class == FP_SUBNORMAL};
    for (unsigned K = 0; K < 6; ++K) {
      ir::Inst I = inst(Opcode::Testp, T);
      I.Sub = uint8_t(K);
      EXPECT_EQ(evalAlu(I, Bits, 0, 0), uint64_t(Expect[K]))
          << "class " << Class << " op " << K << " bits " << Bits;
    }
  };
  for (float X : Vals32)
    Check(F32, b32(X), std::fpclassify(X));
  Check(F32, 0x7fc00000, FP_NAN);
  Check(F32, 0xff800001, FP_NAN);
  for (double X : Vals64)
    Check(F64, b64(X), std::fpclassify(X));
  Check(F64, 0x7ff0000000000001ull, FP_NAN);
  // testp.normal of +-0 is true.
  ir::Inst I = inst(Opcode::Testp, F32);
  I.Sub = 4;
  EXPECT_EQ(evalAlu(I, 0x80000000u, 0, 0), 1u);
}

TEST(AluFloat, NegAbsCopysign) {
  EXPECT_EQ(evalAlu(inst(Opcode::Neg, F32), b32(1.0f), 0, 0), b32(-1.0f));
  EXPECT_EQ(evalAlu(inst(Opcode::Abs, F32), b32(-0.0f), 0, 0), 0u);
  // .ftz flushes the subnormal input, keeping the sign: neg(1e-40) = -0.
  EXPECT_EQ(
      evalAlu(inst(Opcode::Neg, F32, Rounding::None, true), b32(1e-40f), 0, 0),
      0x80000000u);
  EXPECT_EQ(
      evalAlu(inst(Opcode::Abs, F32, Rounding::None, true), b32(-1e-40f), 0, 0),
      0u);
  EXPECT_EQ(evalAlu(inst(Opcode::Neg, F32), b32(1e-40f), 0, 0), b32(-1e-40f));
  EXPECT_EQ(evalAlu(inst(Opcode::Abs, F64), b64(-2.5), 0, 0), b64(2.5));
  // copysign d, a, b: the sign of a on the value of b (PTX ISA 9.7.3.2).
  EXPECT_EQ(evalAlu(inst(Opcode::Copysign, F32), b32(-1.0f), b32(2.0f), 0),
            b32(-2.0f));
  EXPECT_EQ(evalAlu(inst(Opcode::Copysign, F64), b64(1.0), b64(-0.0), 0),
            b64(0.0));
}

TEST(AluFloat, F64KeepsNaNPayloads) {
  // PTX ISA 9.7.3: "NaN payloads are supported for double-precision
  // instructions"; abs.f64 passes a NaN through unchanged (9.7.3.9). The
  // model: the first NaN source, quieted (the old code returned the
  // canonical 0x7fffffffffffffff and cleared abs's sign bit).
  const uint64_t SNaN = 0x7ff0000000001234ull, QNaN = 0xfff8000000005678ull;
  const uint64_t Quieted = SNaN | 0x0008000000000000ull;
  for (Rounding M : Modes) {
    EXPECT_EQ(evalAlu(inst(Opcode::Add, F64, M), SNaN, b64(1.0), 0), Quieted);
    EXPECT_EQ(evalAlu(inst(Opcode::Mul, F64, M), b64(2.0), QNaN, 0), QNaN);
    EXPECT_EQ(evalAlu(inst(Opcode::Div, F64, M), QNaN, SNaN, 0), QNaN);
    EXPECT_EQ(evalAlu(inst(Opcode::Fma, F64, M), b64(1.0), b64(2.0), SNaN),
              Quieted);
    EXPECT_EQ(evalAlu(inst(Opcode::Sqrt, F64, M), QNaN, 0, 0), QNaN);
    EXPECT_EQ(evalAlu(inst(Opcode::Rcp, F64, M), SNaN, 0, 0), Quieted);
  }
  EXPECT_EQ(evalAlu(inst(Opcode::Abs, F64), QNaN, 0, 0), QNaN);
  // An invalid operation on numbers still gives the canonical NaN.
  EXPECT_EQ(evalAlu(inst(Opcode::Sub, F64), b64(INFINITY), b64(INFINITY), 0),
            0x7fffffffffffffffull);
}

TEST(AluFloat, SetpAndSlctFtz) {
  // setp/set .ftz and slct.ftz flush f32 subnormal sources to a signed zero
  // before comparing (the old code ignored .ftz): 2^-149 > 0 is false, and
  // slct picks a for c = -2^-149 (read as -0, which is >= 0).
  uint64_t Tiny = 1, NegTiny = 0x80000001u;
  EXPECT_TRUE(evalCompare(ir::CmpOp::Gt, F32, Tiny, 0));
  EXPECT_FALSE(evalCompare(ir::CmpOp::Gt, F32, Tiny, 0, /*Ftz=*/true));
  EXPECT_TRUE(evalCompare(ir::CmpOp::Eq, F32, Tiny, NegTiny, true));
  EXPECT_TRUE(evalCompare(ir::CmpOp::Lt, F32, NegTiny, Tiny));
  ir::Inst I = inst(Opcode::Slct, S32);
  I.SrcTy = F32;
  EXPECT_EQ(evalAlu(I, 1, 2, NegTiny), 2u);
  I.Ftz = true;
  EXPECT_EQ(evalAlu(I, 1, 2, NegTiny), 1u);
  EXPECT_EQ(evalAlu(I, 1, 2, 0x7fc00000u), 2u); // NaN selects b
}

// min/max per the pseudocode of PTX ISA 9.7.3.11-12.
uint64_t minMax(Opcode Op, uint64_t A, uint64_t B, bool NaN = false,
                bool Abs = false, bool XorSign = false, bool Ftz = false,
                const uint64_t *C = nullptr) {
  ir::Inst I = inst(Op, F32, Rounding::None, Ftz);
  I.NaN = NaN;
  I.Abs = Abs;
  I.Sub = XorSign;
  I.Ops.resize(C ? 4 : 3);
  return evalAlu(I, A, B, C ? *C : 0);
}

TEST(AluFloat, MinMaxNaNZeroFtzAbsXorsign) {
  uint64_t PZ = 0, NZ = 0x80000000u, QNaN = 0x7fc00000u, One = b32(1.0f);
  EXPECT_EQ(minMax(Opcode::Min, PZ, NZ), NZ);
  EXPECT_EQ(minMax(Opcode::Max, NZ, PZ), PZ);
  EXPECT_EQ(minMax(Opcode::Min, QNaN, One), One);
  EXPECT_EQ(minMax(Opcode::Max, One, QNaN), One);
  EXPECT_TRUE(isNaN32(minMax(Opcode::Min, QNaN, QNaN)));
  EXPECT_EQ(minMax(Opcode::Min, QNaN, One, /*NaN=*/true), 0x7fffffffu);
  EXPECT_EQ(minMax(Opcode::Min, b32(1e-40f), b32(1e-39f), false, false, false,
                   /*Ftz=*/true),
            0u);
  // .abs (the old code ignored it): max(|-3|, |2|) = 3.
  EXPECT_EQ(minMax(Opcode::Max, b32(-3.0f), b32(2.0f), false, true), b32(3.0f));
  EXPECT_EQ(minMax(Opcode::Min, b32(-3.0f), b32(2.0f), false, true), b32(2.0f));
  // .xorsign.abs: the magnitude of min(|a|, |b|), the sign a ^ b.
  EXPECT_EQ(minMax(Opcode::Min, b32(-3.0f), b32(2.0f), false, true, true),
            b32(-2.0f));
  EXPECT_EQ(minMax(Opcode::Max, b32(-3.0f), b32(-2.0f), false, true, true),
            b32(3.0f));
  // ... but not on a NaN result.
  EXPECT_EQ(minMax(Opcode::Max, b32(-3.0f), QNaN, true, true, true),
            0x7fffffffu);
  // Three inputs (sm_100): min(min(a, b), c), with .abs.
  uint64_t C = b32(-1.0f);
  EXPECT_EQ(minMax(Opcode::Min, b32(-3.0f), b32(2.0f), false, false, false,
                   false, &C),
            b32(-3.0f));
  EXPECT_EQ(
      minMax(Opcode::Min, b32(-3.0f), b32(2.0f), false, true, false, false, &C),
      b32(1.0f));
  uint64_t N = QNaN;
  EXPECT_EQ(
      minMax(Opcode::Max, b32(-3.0f), b32(2.0f), true, false, false, false, &N),
      0x7fffffffu);
  // f16 .xorsign.abs on one element.
  ir::Inst H = inst(Opcode::Min, F16);
  H.Abs = true;
  H.Sub = 1;
  EXPECT_EQ(evalAlu(H, 0xc200 /*-3*/, 0x4000 /*2*/, 0), 0xc000u /*-2*/);
}

/// Checks that \p R is sqrt(X) correctly rounded in mode \p M: R^2 and the
/// squares of its neighbours compared exactly with X in IEEE quad.
void checkSqrt(const llvm::fltSemantics &Sem, const APFloat &X, Rounding M,
               uint64_t RBits) {
  APFloat R(Sem, APInt(APFloat::getSizeInBits(Sem), RBits));
  bool L;
  auto Sq = [&](APFloat V) {
    V.convert(APFloat::IEEEquad(), llvm::RoundingMode::NearestTiesToEven, &L);
    APFloat S = V;
    S.multiply(V, llvm::RoundingMode::NearestTiesToEven);
    return S;
  };
  APFloat XQ = X;
  XQ.convert(APFloat::IEEEquad(), llvm::RoundingMode::NearestTiesToEven, &L);
  APFloat Up = R, Down = R;
  Up.next(false);
  Down.next(true);
  auto Cmp = [&](APFloat V) { return Sq(V).compare(XQ); };
  using C = APFloat::cmpResult;
  switch (M) {
  case Rounding::Rz:
  case Rounding::Rm: // r^2 <= x < next(r)^2
    EXPECT_NE(Cmp(R), C::cmpGreaterThan);
    EXPECT_EQ(Cmp(Up), C::cmpGreaterThan);
    break;
  case Rounding::Rp: // prev(r)^2 < x <= r^2
    EXPECT_NE(Cmp(R), C::cmpLessThan);
    EXPECT_EQ(Cmp(Down), C::cmpLessThan);
    break;
  default: {
    // |r - sqrt(x)| <= half an ulp: the midpoints' squares bracket x.
    APFloat RQ = R, UQ = Up, DQ = Down;
    RQ.convert(APFloat::IEEEquad(), llvm::RoundingMode::NearestTiesToEven, &L);
    UQ.convert(APFloat::IEEEquad(), llvm::RoundingMode::NearestTiesToEven, &L);
    DQ.convert(APFloat::IEEEquad(), llvm::RoundingMode::NearestTiesToEven, &L);
    APFloat Hi = RQ, Lo = RQ;
    Hi.add(UQ, llvm::RoundingMode::NearestTiesToEven);
    Lo.add(DQ, llvm::RoundingMode::NearestTiesToEven);
    APFloat Half(APFloat::IEEEquad(), "0.5");
    Hi.multiply(Half, llvm::RoundingMode::NearestTiesToEven);
    Lo.multiply(Half, llvm::RoundingMode::NearestTiesToEven);
    // Midpoint squares need 2 * 54 bits <= 113: exact.
    EXPECT_NE(Sq(Lo).compare(XQ), C::cmpGreaterThan);
    EXPECT_NE(Sq(Hi).compare(XQ), C::cmpLessThan);
    break;
  }
  }
}

TEST(AluFloat, SqrtCorrectlyRoundedEveryMode) {
  // The old code rounded f64 sqrt.rz/.rm/.rp to nearest: sqrt(3) in f64 is
  // below the exact root when rounded to nearest, so .rp must be one ulp up.
  EXPECT_EQ(evalAlu(inst(Opcode::Sqrt, F64, Rounding::Rp), b64(3.0), 0, 0),
            0x3ffbb67ae8584cabull);
  EXPECT_EQ(evalAlu(inst(Opcode::Sqrt, F64, Rounding::Rn), b64(3.0), 0, 0),
            0x3ffbb67ae8584caaull);
  for (Rounding M : Modes) {
    for (double X : {2.0, 3.0, 5.0, 0.1, 1e-300, 4.9e-324, 2e-310, 1e300,
                     1.7976931348623157e308, 9007199254740993.0, 1.0 / 3.0}) {
      uint64_t R = evalAlu(inst(Opcode::Sqrt, F64, M), b64(X), 0, 0);
      checkSqrt(APFloat::IEEEdouble(), APFloat(X), M, R);
      // The host's sqrt in the same mode agrees.
      volatile double V = X;
      EXPECT_EQ(R, b64(hostRounded(M, [&] { return std::sqrt(V); })));
    }
    for (float X : {2.0f, 3.0f, 5.0f, 0.1f, 1e-40f, 1e-45f, 3e38f, 7.0f}) {
      uint64_t R = evalAlu(inst(Opcode::Sqrt, F32, M), b32(X), 0, 0);
      checkSqrt(APFloat::IEEEsingle(), APFloat(X), M, R);
      volatile float V = X;
      EXPECT_EQ(R, b32(hostRounded(M, [&] { return std::sqrt(V); })));
    }
    // Special values: sqrt(-0) = -0, sqrt(+inf) = +inf, negative -> NaN.
    EXPECT_EQ(evalAlu(inst(Opcode::Sqrt, F64, M), b64(-0.0), 0, 0), b64(-0.0));
    EXPECT_EQ(evalAlu(inst(Opcode::Sqrt, F64, M), b64(INFINITY), 0, 0),
              b64(INFINITY));
    EXPECT_TRUE(
        std::isnan(f64(evalAlu(inst(Opcode::Sqrt, F64, M), b64(-1.0), 0, 0))));
    EXPECT_TRUE(
        isNaN32(evalAlu(inst(Opcode::Sqrt, F32, M), b32(-1e-40f), 0, 0)));
  }
  // sqrt.rn.ftz.f32 of a subnormal is +0.
  EXPECT_EQ(
      evalAlu(inst(Opcode::Sqrt, F32, Rounding::Rn, true), b32(1e-40f), 0, 0),
      0u);
}

TEST(AluFloat, RcpEveryModeF32F64) {
  for (Rounding M : Modes) {
    for (float X : Vals32) {
      volatile float V = X;
      float E = hostRounded(M, [&] { return 1.0f / V; });
      EXPECT_EQ(evalAlu(inst(Opcode::Rcp, F32, M), b32(X), 0, 0), b32(E));
    }
    for (double X : Vals64) {
      volatile double V = X;
      double E = hostRounded(M, [&] { return 1.0 / V; });
      EXPECT_EQ(evalAlu(inst(Opcode::Rcp, F64, M), b64(X), 0, 0), b64(E));
    }
  }
}

uint64_t approx(Opcode Op, Type T, uint64_t A, bool Ftz = false,
                uint64_t B = 0) {
  ir::Inst I = inst(Op, T, Rounding::None, Ftz);
  if (Op == Opcode::Sqrt || Op == Opcode::Rcp || Op == Opcode::Div)
    I.Sub = 1; // .approx
  return evalAlu(I, A, B, 0);
}

TEST(AluFloat, RcpSqrtRsqrtApproxF32Tables) {
  // PTX ISA 9.7.3.13 rcp.approx.f32.
  EXPECT_EQ(approx(Opcode::Rcp, F32, b32(-INFINITY)), 0x80000000u);
  EXPECT_EQ(approx(Opcode::Rcp, F32, b32(-0.0f)), b32(-INFINITY));
  EXPECT_EQ(approx(Opcode::Rcp, F32, b32(0.0f)), b32(INFINITY));
  EXPECT_EQ(approx(Opcode::Rcp, F32, b32(INFINITY)), 0u);
  EXPECT_TRUE(isNaN32(approx(Opcode::Rcp, F32, 0x7fc00000)));
  EXPECT_EQ(approx(Opcode::Rcp, F32, b32(-1e-40f), true), b32(-INFINITY));
  // 9.7.3.15 sqrt.approx.f32.
  EXPECT_TRUE(isNaN32(approx(Opcode::Sqrt, F32, b32(-INFINITY))));
  EXPECT_TRUE(isNaN32(approx(Opcode::Sqrt, F32, b32(-2.0f))));
  EXPECT_EQ(approx(Opcode::Sqrt, F32, b32(-0.0f)), 0x80000000u);
  EXPECT_EQ(approx(Opcode::Sqrt, F32, b32(INFINITY)), b32(INFINITY));
  // 9.7.3.16 rsqrt.approx.f32.
  EXPECT_TRUE(isNaN32(approx(Opcode::Rsqrt, F32, b32(-INFINITY))));
  EXPECT_TRUE(isNaN32(approx(Opcode::Rsqrt, F32, b32(-4.0f))));
  EXPECT_EQ(approx(Opcode::Rsqrt, F32, b32(-0.0f)), b32(-INFINITY));
  EXPECT_EQ(approx(Opcode::Rsqrt, F32, b32(0.0f)), b32(INFINITY));
  EXPECT_EQ(approx(Opcode::Rsqrt, F32, b32(INFINITY)), 0u);
  EXPECT_EQ(approx(Opcode::Rsqrt, F32, b32(1e-40f), true), b32(INFINITY));
  // Error bounds: rcp 1 ulp, sqrt 2^-23 relative, rsqrt 2^-22.9 relative.
  for (float X = 1e-37f; X < 1e37f; X *= 3.7f) {
    long double LX = X;
    float Rc = f32(approx(Opcode::Rcp, F32, b32(X)));
    EXPECT_LE(std::fabs((long double)Rc - 1.0L / LX),
              (long double)std::nextafter(Rc, INFINITY) - Rc);
    float Sq = f32(approx(Opcode::Sqrt, F32, b32(X)));
    EXPECT_LE(std::fabs(Sq / std::sqrt(LX) - 1.0L), std::pow(2.0L, -23));
    float Rs = f32(approx(Opcode::Rsqrt, F32, b32(X)));
    EXPECT_LE(std::fabs(Rs * std::sqrt(LX) - 1.0L), std::pow(2.0L, -22.9L));
  }
}

TEST(AluFloat, RcpRsqrtApproxFtzF64FollowTheIsa) {
  // PTX ISA 9.7.3.14 / 9.7.3.17: the upper word of a in 1.11.20 format, the
  // result's lower 32 bits zero, subnormals flushed, canonical NaN
  // 0x7fffffff00000000. The old code computed the full-precision 1/a and
  // did not flush f64 subnormals (1/2^-1023 was 2^1023, not +Inf).
  const uint64_t CanonNaN = 0x7fffffff00000000ull;
  struct {
    double In;
    double Rcp, Rsqrt; // NaN: canonical NaN expected
  } Table[] = {
      {-INFINITY, -0.0, NAN},
      {-0x1p-1030, -INFINITY, -INFINITY},
      {-0.0, -INFINITY, -INFINITY},
      {0.0, INFINITY, INFINITY},
      {0x1p-1023, INFINITY, INFINITY},
      {INFINITY, 0.0, 0.0},
      {NAN, NAN, NAN},
      {-4.0, -0.25, NAN},
  };
  for (auto &Row : Table) {
    uint64_t R = approx(Opcode::Rcp, F64, b64(Row.In), true);
    uint64_t S = approx(Opcode::Rsqrt, F64, b64(Row.In), true);
    EXPECT_EQ(R, std::isnan(Row.Rcp) ? CanonNaN : b64(Row.Rcp)) << Row.In;
    EXPECT_EQ(S, std::isnan(Row.Rsqrt) ? CanonNaN : b64(Row.Rsqrt)) << Row.In;
  }
  // The lower word of a is ignored and the result's lower word is zero; the
  // upper word is within 2^-20 relative of the exact value (the 20 mantissa
  // bits it keeps).
  for (double X : {3.0, 0.1, 1e-300, 7e300, 1.0 / 3.0, 12345.678}) {
    uint64_t R = approx(Opcode::Rcp, F64, b64(X), true);
    uint64_t S = approx(Opcode::Rsqrt, F64, b64(X), true);
    EXPECT_EQ(R & 0xffffffffu, 0u);
    EXPECT_EQ(S & 0xffffffffu, 0u);
    double Hi = f64(b64(X) & 0xffffffff00000000ull);
    EXPECT_EQ(R, approx(Opcode::Rcp, F64, b64(Hi), true));
    EXPECT_LE(std::fabs(f64(R) * Hi - 1.0), 0x1p-20);
    EXPECT_LE(std::fabs(f64(S) * std::sqrt(Hi) - 1.0), 0x1p-20);
  }
  // The result of 1/3 keeps the upper word of 0x3fd5555555555555.
  EXPECT_EQ(approx(Opcode::Rcp, F64, b64(3.0), true), 0x3fd5555500000000ull);
}

TEST(AluFloat, DivApproxFullAndRounded) {
  // PTX ISA 9.7.3.8: for 2^126 < |b| < 2^128 div.approx.f32 returns a
  // sign-preserving zero, NaN when a is infinite (the old code returned the
  // subnormal quotient).
  EXPECT_EQ(approx(Opcode::Div, F32, b32(1.0f), false, b32(0x1p127f)), 0u);
  EXPECT_EQ(approx(Opcode::Div, F32, b32(-1.0f), false, b32(0x1p127f)),
            0x80000000u);
  EXPECT_EQ(approx(Opcode::Div, F32, b32(1.0f), false, b32(-3e38f)),
            0x80000000u);
  EXPECT_TRUE(
      isNaN32(approx(Opcode::Div, F32, b32(INFINITY), false, b32(0x1p127f))));
  // In range the error is at most 2 ulp.
  for (float A : {1.0f, 3.0f, -7.5f, 1e5f})
    for (float B : {3.0f, 0.1f, -1e-20f, 0x1p126f}) {
      float Q = f32(approx(Opcode::Div, F32, b32(A), false, b32(B)));
      long double E = (long double)A / B;
      float Ulp = std::nextafter(std::fabs(Q), INFINITY) - std::fabs(Q);
      EXPECT_LE(std::fabs(Q - E), 2.0L * Ulp) << A << "/" << B;
    }
  // div.full (Sub 0, no rounding) is within 2 ulp over the full range; the
  // model is the correctly rounded quotient.
  EXPECT_EQ(evalAlu(inst(Opcode::Div, F32), b32(1.0f), b32(0x1p127f), 0),
            b32(0x1p-127f));
  // div.approx.ftz flushes the subnormal result.
  EXPECT_EQ(approx(Opcode::Div, F32, b32(0x1p-120f), true, b32(0x1p10f)), 0u);
}

TEST(AluFloat, TranscendentalSpecialValuesAndBounds) {
  auto A = [](Opcode Op, float X, bool Ftz = false) {
    return approx(Op, F32, b32(X), Ftz);
  };
  // ex2 (PTX ISA 9.7.3.21): -Inf -> +0, +-0 -> 1, +Inf -> +Inf, NaN -> NaN.
  EXPECT_EQ(A(Opcode::Ex2, -INFINITY), 0u);
  EXPECT_EQ(A(Opcode::Ex2, -0.0f), b32(1.0f));
  EXPECT_EQ(A(Opcode::Ex2, INFINITY), b32(INFINITY));
  EXPECT_TRUE(isNaN32(A(Opcode::Ex2, NAN)));
  EXPECT_EQ(A(Opcode::Ex2, -140.0f, true), 0u); // subnormal result flushed
  // lg2 (9.7.3.20): -Inf/-x -> NaN, +-0 -> -Inf, +Inf -> +Inf.
  EXPECT_TRUE(isNaN32(A(Opcode::Lg2, -1.0f)));
  EXPECT_EQ(A(Opcode::Lg2, -0.0f), b32(-INFINITY));
  EXPECT_EQ(A(Opcode::Lg2, INFINITY), b32(INFINITY));
  EXPECT_EQ(A(Opcode::Lg2, 1e-40f, true), b32(-INFINITY)); // .ftz
  // sin/cos (9.7.3.18-19).
  EXPECT_EQ(A(Opcode::Sin, -0.0f), 0x80000000u);
  EXPECT_TRUE(isNaN32(A(Opcode::Sin, INFINITY)));
  EXPECT_EQ(A(Opcode::Cos, -0.0f), b32(1.0f));
  EXPECT_TRUE(isNaN32(A(Opcode::Cos, -INFINITY)));
  // tanh (9.7.3.22): +-0 -> +-0, +-Inf -> +-1.
  EXPECT_EQ(A(Opcode::Tanh, -0.0f), 0x80000000u);
  EXPECT_EQ(A(Opcode::Tanh, INFINITY), b32(1.0f));
  EXPECT_EQ(A(Opcode::Tanh, -INFINITY), b32(-1.0f));
  // Bounds of the ISA text: sin/cos absolute error 2^-20.5 on [-2pi, 2pi];
  // tanh 2^-11 relative.
  for (float X = -6.28f; X <= 6.28f; X += 0.0137f) {
    EXPECT_LE(std::fabs(f32(A(Opcode::Sin, X)) - std::sin((long double)X)),
              std::pow(2.0L, -20.5L));
    EXPECT_LE(std::fabs(f32(A(Opcode::Cos, X)) - std::cos((long double)X)),
              std::pow(2.0L, -20.5L));
    long double T = std::tanh((long double)X);
    EXPECT_LE(std::fabs(f32(A(Opcode::Tanh, X)) - T),
              std::fabs(T) * std::pow(2.0L, -11));
    // ex2: at most 2 ulp from the correctly rounded result.
    float Y = X * 10;
    float CR = float(std::exp2((long double)Y));
    float Ulp = std::nextafter(CR, INFINITY) - CR;
    EXPECT_LE(std::fabs(f32(A(Opcode::Ex2, Y)) - CR), 2 * Ulp) << Y;
    // lg2: 2^-22 absolute in (0.5, 2), relative elsewhere.
    float Z = std::exp2(X); // positive, from 2^-6.28 to 2^6.28
    long double L = std::log2((long double)Z);
    long double Err = std::fabs(f32(A(Opcode::Lg2, Z)) - L);
    EXPECT_LE(Err, (Z > 0.5f && Z < 2.0f ? 1.0L : std::fabs(L)) *
                       std::pow(2.0L, -22))
        << Z;
  }
}

TEST(AluFloat, Ex2AndTanhF16AllInputs) {
  // Every f16 input: the result is one of the two f16 values around the
  // exact function value (a bound tighter than the ISA's), and the special
  // values of the f32 table hold.
  const llvm::fltSemantics &H = APFloat::IEEEhalf();
  for (uint32_t Bits = 0; Bits < 0x10000; ++Bits) {
    APFloat X(H, APInt(16, Bits));
    if (X.isNaN())
      continue;
    bool L;
    APFloat XD = X;
    XD.convert(APFloat::IEEEdouble(), llvm::RoundingMode::NearestTiesToEven,
               &L);
    for (Opcode Op : {Opcode::Ex2, Opcode::Tanh}) {
      long double V = Op == Opcode::Ex2
                          ? std::exp2((long double)XD.convertToDouble())
                          : std::tanh((long double)XD.convertToDouble());
      APFloat Lo((double)V), Hi((double)V);
      Lo.convert(H, llvm::RoundingMode::TowardNegative, &L);
      Hi.convert(H, llvm::RoundingMode::TowardPositive, &L);
      uint64_t R = approx(Op, F16, Bits);
      ASSERT_TRUE(R == Lo.bitcastToAPInt().getZExtValue() ||
                  R == Hi.bitcastToAPInt().getZExtValue())
          << "op " << unsigned(Op) << " input 0x" << std::hex << Bits;
    }
  }
  // Packed forms work on each half: ex2.approx.f16x2 of (0, 1) is (1, 2)
  // (the first element in the low half); tanh.approx.bf16x2 of (-inf, 0) is
  // (-1, 0); ex2.approx.ftz.bf16x2 of (0, -130) is (1, +0).
  Type F16x2 = F16, BF16x2 = BF16;
  F16x2.Bits = BF16x2.Bits = 32;
  F16x2.Packed = BF16x2.Packed = true;
  EXPECT_EQ(approx(Opcode::Ex2, F16x2, 0x3c000000), 0x40003c00u);
  EXPECT_EQ(approx(Opcode::Tanh, BF16x2, 0x0000ff80), 0x0000bf80u);
  EXPECT_EQ(approx(Opcode::Ex2, BF16x2, 0xc3020000, true), 0x00003f80u);
  // ex2.approx.ftz.bf16: a subnormal bf16 result is flushed (2^-130).
  EXPECT_EQ(approx(Opcode::Ex2, BF16, 0xc302 /*-130*/, true), 0u);
  EXPECT_NE(approx(Opcode::Ex2, BF16, 0xc302, false), 0u);
}

// --- cvt (PTX ISA 9.7.9.21) ---

uint64_t cvt(Type D, Type S, uint64_t V, Rounding R = Rounding::None,
             bool Sat = false, bool Ftz = false) {
  ir::Inst I = inst(Opcode::Cvt, D, R, Ftz);
  I.SrcTy = S;
  I.Sat = Sat;
  // The value's bits at the destination type's width (evalAlu extends
  // signed results to 64 bits for wider registers).
  return truncTo(D, evalAlu(I, V, 0, 0));
}

TEST(AluFloat, CvtFloatToIntEveryModeSaturatesNaNIsZero) {
  const Rounding IModes[] = {Rounding::Rni, Rounding::Rzi, Rounding::Rmi,
                             Rounding::Rpi};
  const double In[] = {0.5,      1.5,       2.5,   -0.5,  -1.5,   -2.5,
                       0.49,     -0.7,      1e10,  -1e10, 3e9,    -3e9,
                       1e20,     -1e20,     255.5, 127.5, -128.5, 65535.7,
                       INFINITY, -INFINITY, NAN};
  struct {
    Type T;
    long double Lo, Hi;
  } Dst[] = {{S32, -2147483648.0L, 2147483647.0L},
             {U32, 0, 4294967295.0L},
             {S64, -9223372036854775808.0L, 9223372036854775807.0L},
             {U64, 0, 18446744073709551615.0L},
             {S16, -32768, 32767},
             {U8, 0, 255}};
  for (Rounding M : IModes)
    for (double X : In)
      for (auto &D : Dst) {
        long double R;
        if (std::isnan(X))
          R = 0; // NaN converts to 0
        else {
          switch (M) {
          case Rounding::Rni:
            R = std::nearbyint((long double)X); // ties to even by default
            break;
          case Rounding::Rzi:
            R = std::trunc((long double)X);
            break;
          case Rounding::Rmi:
            R = std::floor((long double)X);
            break;
          default:
            R = std::ceil((long double)X);
          }
          R = std::max(D.Lo, std::min(D.Hi, R)); // saturates
        }
        uint64_t Expect = D.T.isSigned() ? uint64_t((int64_t)R) : (uint64_t)R;
        if (D.T.Bits < 64)
          Expect &= (1ull << D.T.Bits) - 1;
        ASSERT_EQ(cvt(D.T, F64, b64(X), M), Expect)
            << X << " to " << unsigned(D.T.Bits) << " mode " << unsigned(M);
        float FX = float(X);
        if (std::isnan(X) || double(FX) == X) {
          ASSERT_EQ(cvt(D.T, F32, b32(FX), M), Expect) << X;
        }
      }
  // .ftz on an f32 source: a subnormal reads as 0 (rpi would give 1).
  EXPECT_EQ(cvt(S32, F32, b32(1e-40f), Rounding::Rpi), 1u);
  EXPECT_EQ(cvt(S32, F32, b32(1e-40f), Rounding::Rpi, false, true), 0u);
}

TEST(AluFloat, CvtIntToFloatEveryModeAndSat) {
  const int64_t In[] = {0,          1,
                        -1,         16777217,
                        -16777217,  33554435,
                        INT64_MAX,  INT64_MIN,
                        0x7fffffff, (int64_t)0x8000000000000401ll};
  for (Rounding M : Modes)
    for (int64_t V : In) {
      volatile int64_t VV = V;
      volatile uint64_t UV = uint64_t(V);
      float EF = hostRounded(M, [&] { return float(VV); });
      double ED = hostRounded(M, [&] { return double(VV); });
      float EU = hostRounded(M, [&] { return float(UV); });
      EXPECT_EQ(cvt(F32, S64, uint64_t(V), M), b32(EF)) << V;
      EXPECT_EQ(cvt(F64, S64, uint64_t(V), M), b64(ED)) << V;
      EXPECT_EQ(cvt(F32, U64, uint64_t(V), M), b32(EU)) << V;
    }
  // .sat clamps the float result to [0, 1] (the old code ignored it for an
  // integer source).
  EXPECT_EQ(cvt(F32, S32, 5, Rounding::Rn, true), b32(1.0f));
  EXPECT_EQ(cvt(F32, S32, uint32_t(-5), Rounding::Rn, true), 0u);
  EXPECT_EQ(cvt(F32, S32, 0, Rounding::Rn, true), 0u);
  EXPECT_EQ(cvt(F64, U32, 1, Rounding::Rn, true), b64(1.0));
}

TEST(AluFloat, CvtFloatToFloat) {
  // f64 -> f32 every mode against the host.
  for (Rounding M : Modes)
    for (double X : Vals64) {
      volatile double V = X;
      float E = hostRounded(M, [&] { return float(V); });
      uint64_t Got = cvt(F32, F64, b64(X), M);
      if (std::isnan(E))
        EXPECT_TRUE(isNaN32(Got));
      else
        EXPECT_EQ(Got, b32(E)) << X << " " << unsigned(M);
    }
  // Integral rounding f32 -> f32 (rni ties to even).
  EXPECT_EQ(cvt(F32, F32, b32(2.5f), Rounding::Rni), b32(2.0f));
  EXPECT_EQ(cvt(F32, F32, b32(-2.5f), Rounding::Rzi), b32(-2.0f));
  EXPECT_EQ(cvt(F32, F32, b32(-2.5f), Rounding::Rmi), b32(-3.0f));
  EXPECT_EQ(cvt(F32, F32, b32(2.1f), Rounding::Rpi), b32(3.0f));
  EXPECT_EQ(cvt(F64, F64, b64(-0.3), Rounding::Rpi), b64(-0.0));
  // .sat: NaN -> +0, clamp to [0, 1].
  EXPECT_EQ(cvt(F32, F64, b64(NAN), Rounding::Rn, true), 0u);
  EXPECT_EQ(cvt(F32, F64, b64(7.0), Rounding::Rn, true), b32(1.0f));
  // Every f16 widens exactly to f32 (decoded here from the bit fields) and
  // narrows back to itself.
  for (uint32_t H = 0; H < 0x10000; ++H) {
    uint32_t Sign = H >> 15, Exp = (H >> 10) & 0x1f, Man = H & 0x3ff;
    float Mag = Exp == 0    ? std::ldexp(float(Man), -24)
                : Exp == 31 ? (Man ? NAN : INFINITY)
                            : std::ldexp(float(Man | 0x400), int(Exp) - 25);
    float E = Sign ? -Mag : Mag;
    uint64_t W = cvt(F32, F16, H);
    if (std::isnan(E)) {
      ASSERT_TRUE(isNaN32(W));
      continue;
    }
    ASSERT_EQ(W, b32(E)) << std::hex << H;
    ASSERT_EQ(cvt(F16, F32, W, Rounding::Rn), H) << std::hex << H;
  }
  // f32 -> f16 rounding: 1 + 2^-11 is halfway (ties to even 1.0), rp up.
  EXPECT_EQ(cvt(F16, F32, b32(1.0f + 0x1p-11f), Rounding::Rn), 0x3c00u);
  EXPECT_EQ(cvt(F16, F32, b32(1.0f + 0x1p-11f), Rounding::Rp), 0x3c01u);
  EXPECT_EQ(cvt(F16, F32, b32(65520.0f), Rounding::Rn), 0x7c00u);
  EXPECT_EQ(cvt(F16, F32, b32(65520.0f), Rounding::Rz), 0x7bffu);
  // cvt .ftz concerns f32 only: cvt.ftz.f32.f16 keeps an f16 subnormal
  // (2^-24 is a normal f32); the old code flushed it.
  EXPECT_EQ(cvt(F32, F16, 0x0001, Rounding::None, false, true), b32(0x1p-24f));
  EXPECT_EQ(cvt(F16, F32, b32(0x1p-24f), Rounding::Rn, false, true), 1u);
  EXPECT_EQ(cvt(F64, F32, b32(1e-40f), Rounding::None, false, true), 0u);
}

} // namespace
