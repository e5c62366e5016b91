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
  // {exponent bits, mantissa bits, bias} from PTX ISA 5.2.5.1.
  unsigned E = 4, M = 3;
  int B = 7;
  if (F == SmallFormat::E5M2)
    E = 5, M = 2, B = 15;
  else if (F == SmallFormat::E2M3)
    E = 2, M = 3, B = 1;
  else if (F == SmallFormat::E3M2)
    E = 3, M = 2, B = 3;
  else if (F == SmallFormat::E2M1)
    E = 2, M = 1, B = 1;
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

/// The sign bit of the format's codes.
unsigned signOf(SmallFormat F) {
  return F == SmallFormat::E2M1                             ? 0x8
         : F == SmallFormat::E2M3 || F == SmallFormat::E3M2 ? 0x20
                                                            : 0x80;
}

bool hasNaN(SmallFormat F) {
  return F == SmallFormat::E4M3 || F == SmallFormat::E5M2;
}

const SmallFormat AllFormats[] = {SmallFormat::E4M3, SmallFormat::E5M2,
                                  SmallFormat::E2M3, SmallFormat::E3M2,
                                  SmallFormat::E2M1};

/// Round-to-nearest-even with .satfinite by brute force: the two values
/// around |X|, compared through their midpoint (2|X| against lo + hi is
/// exact in a double for these formats and f32/f16 inputs).
uint8_t refEncode(SmallFormat F, double X, bool Relu) {
  static std::vector<std::pair<double, unsigned>> Cache[6];
  auto &V = Cache[unsigned(F)];
  if (V.empty())
    V = finiteValues(F);
  // NaN: the format's NaN 0x7f, or (fp6/fp4, which have none) the largest
  // finite value, positive, as cuda_fp6.hpp/cuda_fp4.hpp emulate it.
  if (std::isnan(X))
    return hasNaN(F) ? 0x7f : uint8_t(V.back().second);
  unsigned Sign = std::signbit(X) ? signOf(F) : 0;
  if (Relu && Sign)
    return 0;
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
  for (SmallFormat F : AllFormats)
    for (auto [Val, Code] : finiteValues(F)) {
      EXPECT_EQ(decodeF8(F, uint8_t(Code)), Val) << Code;
      EXPECT_EQ(decodeF8(F, uint8_t(Code | signOf(F))), -Val) << Code;
      // Round trip: every finite code encodes back to itself.
      EXPECT_EQ(encodeF8(F, Val, false), Code) << Code;
      EXPECT_EQ(encodeF8(F, -Val, false), Code | signOf(F)) << Code;
    }
  // The fp6/fp4 largest values (PTX ISA 5.2.5.1): 7.5, 28, 6.
  EXPECT_EQ(decodeF8(SmallFormat::E2M3, 0x1f), 7.5);
  EXPECT_EQ(decodeF8(SmallFormat::E3M2, 0x1f), 28.0);
  EXPECT_EQ(decodeF8(SmallFormat::E2M1, 0x7), 6.0);
  EXPECT_EQ(decodeF8(SmallFormat::E2M1, 0x1), 0.5);
}

TEST(SmallFloat, EncodeEveryF16AgainstBruteForce) {
  // Exhaustive over the f16 inputs of cvt.rn.satfinite.e4m3x2.f16x2 (and
  // for fp6/fp4, over the f16 values as inputs of the f32 forms).
  for (SmallFormat F : AllFormats)
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
  for (SmallFormat F : AllFormats) {
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
    EXPECT_EQ(encodeF8(F, -HUGE_VAL, false), Max | signOf(F));
    EXPECT_EQ(encodeF8(F, 1e30, false), Max);
    EXPECT_EQ(encodeF8(F, NAN, false), hasNaN(F) ? 0x7f : Max);
    EXPECT_EQ(encodeF8(F, -NAN, false), hasNaN(F) ? 0x7f : Max);
    EXPECT_EQ(encodeF8(F, -0.0, false), signOf(F));
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
  for (SmallFormat F : AllFormats)
    for (bool Relu : {false, true})
      for (unsigned C = 0; C < 2 * signOf(F); ++C) {
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
