//===- SmallFloatTest.cpp - fp8 and tf32 conversions against references ---===//
//
// The e4m3/e5m2 codecs (PTX ISA 5.2.5.1, 9.7.9.21) checked exhaustively
// against a brute-force reference that lists every value of the format from
// its definition and rounds by exact comparison with the midpoints; tf32
// against rounding of a scaled double.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/SmallFloat.h"

#include "llvm/ADT/APFloat.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::Rounding;
using ir::SmallFormat;

namespace {

/// Every finite non-negative value of the format with its code, ascending,
/// from the format's definition (PTX ISA 5.2.5.1): E exponent bits, M
/// mantissa bits, bias B; e4m3 loses only S.1111.111 (NaN), e5m2 the whole
/// top binade (inf/NaN).
std::vector<std::pair<double, unsigned>> finiteValues(SmallFormat F) {
  unsigned E = F == SmallFormat::E4M3 ? 4 : 5, M = 7 - E;
  int B = F == SmallFormat::E4M3 ? 7 : 15;
  std::vector<std::pair<double, unsigned>> V;
  for (unsigned Man = 0; Man < (1u << M); ++Man) // zero and subnormals
    V.push_back({double(Man) / double(1u << M) * std::pow(2.0, 1 - B), Man});
  for (unsigned Exp = 1; Exp < (1u << E); ++Exp)
    for (unsigned Man = 0; Man < (1u << M); ++Man) {
      if (F == SmallFormat::E5M2 && Exp == (1u << E) - 1)
        continue;
      if (F == SmallFormat::E4M3 && Exp == 15 && Man == 7)
        continue;
      V.push_back(
          {(1.0 + double(Man) / double(1u << M)) * std::pow(2.0, int(Exp) - B),
           (Exp << M) | Man});
    }
  return V;
}

/// Round-to-nearest-even with .satfinite by brute force: the two values
/// around |X|, compared through their midpoint (2|X| against lo + hi is
/// exact in a double for these formats and f32/f16 inputs).
uint8_t refEncode(SmallFormat F, double X, bool Relu) {
  if (std::isnan(X))
    return 0x7f;
  unsigned Sign = std::signbit(X) ? 0x80 : 0;
  if (Relu && Sign)
    return 0;
  auto V = finiteValues(F);
  double A = std::fabs(X);
  if (A >= V.back().first)
    return uint8_t(Sign | V.back().second);
  size_t K = 0;
  while (V[K + 1].first <= A)
    ++K;
  auto Lo = V[K], Hi = V[K + 1];
  unsigned Code;
  if (A == Lo.first || 2 * A < Lo.first + Hi.first)
    Code = Lo.second;
  else if (2 * A > Lo.first + Hi.first)
    Code = Hi.second;
  else
    Code = (Lo.second & 1) ? Hi.second : Lo.second;
  return uint8_t(Sign | Code);
}

double halfValue(uint16_t H) {
  return llvm::APFloat(llvm::APFloat::IEEEhalf(), llvm::APInt(16, H))
      .convertToDouble();
}

float asFloat(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

TEST(SmallFloat, DecodeKnownValues) {
  // PTX ISA 5.2.5.1: e4m3 max 448, min subnormal 2^-9; e5m2 max 57344,
  // min subnormal 2^-16, 0x7c infinity.
  EXPECT_EQ(decodeF8(SmallFormat::E4M3, 0x7e), 448.0);
  EXPECT_EQ(decodeF8(SmallFormat::E4M3, 0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(decodeF8(SmallFormat::E4M3, 0x38), 1.0);
  EXPECT_EQ(decodeF8(SmallFormat::E4M3, 0xc0), -2.0);
  EXPECT_TRUE(std::isnan(decodeF8(SmallFormat::E4M3, 0x7f)));
  EXPECT_TRUE(std::isnan(decodeF8(SmallFormat::E4M3, 0xff)));
  EXPECT_EQ(decodeF8(SmallFormat::E5M2, 0x7b), 57344.0);
  EXPECT_EQ(decodeF8(SmallFormat::E5M2, 0x01), std::ldexp(1.0, -16));
  EXPECT_EQ(decodeF8(SmallFormat::E5M2, 0x7c), HUGE_VAL);
  EXPECT_TRUE(std::isnan(decodeF8(SmallFormat::E5M2, 0x7d)));
}

TEST(SmallFloat, DecodeMatchesDefinitionForEveryCode) {
  for (SmallFormat F : {SmallFormat::E4M3, SmallFormat::E5M2})
    for (auto [Val, Code] : finiteValues(F)) {
      EXPECT_EQ(decodeF8(F, uint8_t(Code)), Val) << Code;
      EXPECT_EQ(decodeF8(F, uint8_t(Code | 0x80)), -Val) << Code;
      // Round trip: every finite code encodes back to itself.
      EXPECT_EQ(encodeF8(F, Val, false), Code) << Code;
      EXPECT_EQ(encodeF8(F, -Val, false), Code | 0x80) << Code;
    }
}

TEST(SmallFloat, EncodeEveryF16AgainstBruteForce) {
  // Exhaustive over the f16 inputs of cvt.rn.satfinite.e4m3x2.f16x2.
  for (SmallFormat F : {SmallFormat::E4M3, SmallFormat::E5M2})
    for (bool Relu : {false, true})
      for (unsigned H = 0; H < 0x10000; ++H) {
        double X = halfValue(uint16_t(H));
        ASSERT_EQ(encodeF8(F, X, Relu), refEncode(F, X, Relu))
            << std::hex << H << " relu " << Relu;
      }
}

TEST(SmallFloat, EncodeF32MidpointsAndNeighbours) {
  // For f32 inputs: every midpoint between adjacent values, and the f32
  // values one ulp either side of it, of both signs.
  for (SmallFormat F : {SmallFormat::E4M3, SmallFormat::E5M2}) {
    auto V = finiteValues(F);
    for (size_t K = 0; K + 1 < V.size(); ++K) {
      float Mid = float((V[K].first + V[K + 1].first) / 2);
      for (float X : {Mid, std::nextafter(Mid, 0.0f),
                      std::nextafter(Mid, HUGE_VALF), -Mid})
        ASSERT_EQ(encodeF8(F, X, false), refEncode(F, X, false)) << X;
    }
    // Saturation: infinities and values past the largest finite value.
    uint8_t Max = uint8_t(V.back().second);
    EXPECT_EQ(encodeF8(F, HUGE_VAL, false), Max);
    EXPECT_EQ(encodeF8(F, -HUGE_VAL, false), Max | 0x80);
    EXPECT_EQ(encodeF8(F, 1e30, false), Max);
    EXPECT_EQ(encodeF8(F, NAN, false), 0x7f);
    EXPECT_EQ(encodeF8(F, NAN, true), 0x7f);
    EXPECT_EQ(encodeF8(F, -0.0, false), 0x80);
    EXPECT_EQ(encodeF8(F, -0.0, true), 0x00);
    EXPECT_EQ(encodeF8(F, -3.0, true), 0x00);
  }
  // Hand-computed: 0.3 in e4m3 is 1.25 * 2^-2 (0x2a), 460 rounds to 448,
  // 470 would round to 480 (the NaN code) and saturates to 448.
  EXPECT_EQ(encodeF8(SmallFormat::E4M3, 0.3f, false), 0x2a);
  EXPECT_EQ(encodeF8(SmallFormat::E4M3, 460.0, false), 0x7e);
  EXPECT_EQ(encodeF8(SmallFormat::E4M3, 470.0, false), 0x7e);
  // 2^-10 is half the smallest e4m3 subnormal: a tie, to even (0).
  EXPECT_EQ(encodeF8(SmallFormat::E4M3, std::ldexp(1.0, -10), false), 0x00);
  EXPECT_EQ(encodeF8(SmallFormat::E4M3, 3 * std::ldexp(1.0, -10), false), 0x02);
}

TEST(SmallFloat, ToF16EveryCode) {
  for (SmallFormat F : {SmallFormat::E4M3, SmallFormat::E5M2})
    for (bool Relu : {false, true})
      for (unsigned C = 0; C < 256; ++C) {
        double X = decodeF8(F, uint8_t(C));
        uint16_t Got = f8ToF16(F, uint8_t(C), Relu);
        if (std::isnan(X)) {
          EXPECT_EQ(Got, 0x7fff);
          continue;
        }
        if (Relu && std::signbit(X)) {
          EXPECT_EQ(Got, 0);
          continue;
        }
        llvm::APFloat H(X);
        bool Loses;
        H.convert(llvm::APFloat::IEEEhalf(),
                  llvm::RoundingMode::NearestTiesToEven, &Loses);
        EXPECT_FALSE(Loses);
        EXPECT_EQ(Got, H.bitcastToAPInt().getZExtValue()) << C;
      }
}

/// tf32 by scaling to an integer significand in a double and rounding it
/// (10 fraction bits; the binade of the smallest normal for subnormals).
uint32_t refTf32(uint32_t Bits, Rounding R, bool Sat) {
  float X = asFloat(Bits);
  if (std::isnan(X))
    return 0x7fffffffu;
  double D = X;
  if (std::isinf(X))
    return Sat ? (Bits & 0x80000000u) | 0x7f7fe000u : Bits;
  if (D == 0)
    return Bits;
  int E = std::max(std::ilogb(D), -126);
  double S = std::ldexp(D, 10 - E), Q;
  if (R == Rounding::Rz)
    Q = std::trunc(S);
  else if (R == Rounding::Rn)
    Q = std::nearbyint(S); // the default mode: ties to even
  else
    Q = std::round(S); // ties away from zero
  float Y = float(std::ldexp(Q, E - 10));
  if (std::isinf(Y) && Sat)
    Y = std::copysign(asFloat(0x7f7fe000u), X);
  uint32_t Out;
  std::memcpy(&Out, &Y, 4);
  if (Q == 0) // keeps the sign of a zero
    Out = Bits & 0x80000000u;
  return Out;
}

TEST(SmallFloat, Tf32AgainstScaledRounding) {
  for (uint64_t Hi = 0; Hi < (1u << 16); ++Hi)
    for (uint32_t Lo : {0x0000u, 0x0fffu, 0x1000u, 0x1001u, 0x2fffu, 0x3000u,
                        0x5123u, 0xffffu}) {
      uint32_t B = uint32_t(Hi << 16) | Lo;
      for (Rounding R : {Rounding::None, Rounding::Rn, Rounding::Rz})
        for (bool Sat : {false, true})
          ASSERT_EQ(cvtTf32(B, R, Sat), refTf32(B, R, Sat))
              << std::hex << B << " rounding " << int(R) << " sat " << Sat;
    }
  // Hand-computed ties: 1 + 2^-11 is halfway between 1 and 1 + 2^-10.
  EXPECT_EQ(cvtTf32(0x3f801000u, Rounding::None, false), 0x3f802000u); // rna
  EXPECT_EQ(cvtTf32(0x3f801000u, Rounding::Rn, false), 0x3f800000u);
  EXPECT_EQ(cvtTf32(0x3f803000u, Rounding::Rn, false), 0x3f804000u);
  EXPECT_EQ(cvtTf32(0x7f7fffffu, Rounding::None, false), 0x7f800000u);
  EXPECT_EQ(cvtTf32(0x7f7fffffu, Rounding::None, true), 0x7f7fe000u);
  EXPECT_EQ(cvtTf32(0xff800000u, Rounding::None, true), 0xff7fe000u);
}

} // namespace
