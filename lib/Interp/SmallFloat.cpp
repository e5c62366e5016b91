//===- SmallFloat.cpp - The fp8 and tf32 formats of cvt -------------------===//
//
// PTX ISA 5.2.5.1 "Alternate Floating Point Data Formats" and 9.7.9.21 "cvt"
// (.e4m3x2/.e5m2x2/.tf32 and .satfinite/.relu). See SmallFloat.h.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/SmallFloat.h"

#include <cmath>
#include <limits>

using ptxwarp::ir::Rounding;
using ptxwarp::ir::SmallFormat;

namespace ptxwarp {
namespace interp {

namespace {

enum class NaNs { IEEE, E4M3, None };

struct Layout {
  int ExpBits, ManBits, Bias;
  uint8_t MaxFinite; ///< the code of the largest finite value
  /// IEEE: all-ones exponent = inf/NaN (e5m2); E4M3: only S.1111.111 is
  /// NaN; None: every code is finite (fp6, fp4).
  NaNs Kind;
  uint8_t signBit() const { return uint8_t(1u << (ExpBits + ManBits)); }
};

Layout layoutOf(SmallFormat F) {
  switch (F) {
  case SmallFormat::E5M2:
    return {5, 2, 15, 0x7b, NaNs::IEEE};
  case SmallFormat::E2M3: // largest 7.5
    return {2, 3, 1, 0x1f, NaNs::None};
  case SmallFormat::E3M2: // largest 28
    return {3, 2, 3, 0x1f, NaNs::None};
  case SmallFormat::E2M1: // largest 6
    return {2, 1, 1, 0x7, NaNs::None};
  default:
    return {4, 3, 7, 0x7e, NaNs::E4M3};
  }
}

} // namespace

double decodeF8(SmallFormat F, uint8_t V) {
  Layout L = layoutOf(F);
  uint8_t SignBit = L.signBit();
  bool Neg = V & SignBit;
  unsigned Mag = V & (SignBit - 1);
  unsigned Exp = Mag >> L.ManBits;
  unsigned Man = V & ((1u << L.ManBits) - 1);
  unsigned ExpMax = (1u << L.ExpBits) - 1;
  double R;
  if (L.Kind == NaNs::IEEE && Exp == ExpMax)
    R = Man ? std::numeric_limits<double>::quiet_NaN()
            : std::numeric_limits<double>::infinity();
  else if (L.Kind == NaNs::E4M3 && Mag == 0x7f)
    R = std::numeric_limits<double>::quiet_NaN();
  else if (Exp == 0) // subnormal: Man * 2^(1 - Bias - ManBits)
    R = std::ldexp(double(Man), 1 - L.Bias - L.ManBits);
  else
    R = std::ldexp(double(Man | (1u << L.ManBits)),
                   int(Exp) - L.Bias - L.ManBits);
  return Neg ? -R : R;
}

uint8_t encodeF8(SmallFormat F, double X, bool Relu) {
  Layout L = layoutOf(F);
  // A format without NaN gives the largest finite value, positive (as
  // cuda_fp6.hpp / cuda_fp4.hpp emulate cvt.rn.satfinite).
  if (std::isnan(X))
    return L.Kind == NaNs::None ? L.MaxFinite : 0x7f;
  uint8_t Sign = std::signbit(X) ? L.signBit() : 0;
  if (Relu && Sign)
    return 0; // a negative result (or -0) becomes +0
  double A = std::fabs(X);
  double Max = decodeF8(F, L.MaxFinite);
  if (A >= Max) // infinity and overflow saturate (.satfinite)
    return Sign | L.MaxFinite;
  // The quantum of A's binade (subnormals share the smallest binade's):
  // A / Q is exact in a double, and rounding it to an integer is the
  // rounding to the format.
  int E = std::ilogb(A);
  int EMin = 1 - L.Bias;
  if (A == 0 || E < EMin)
    E = EMin;
  double Q = std::ldexp(1.0, E - L.ManBits);
  double N = A / Q;
  double Fl = std::floor(N);
  double Frac = N - Fl;
  if (Frac > 0.5 || (Frac == 0.5 && std::fmod(Fl, 2.0) != 0))
    Fl += 1;
  // Fl * Q is representable; its code follows from the binade: the integer
  // significand Fl < 2^(ManBits+1) (or exactly that after a carry).
  uint64_t M = uint64_t(Fl);
  int Exp = E - EMin + 1; // biased exponent of a normal in binade E
  if (M >> (L.ManBits + 1)) {
    M >>= 1;
    ++Exp;
  }
  if (!(M >> L.ManBits))
    Exp = 0; // subnormal (or zero)
  unsigned Code =
      (unsigned(Exp) << L.ManBits) | unsigned(M & ((1u << L.ManBits) - 1));
  if (Code > L.MaxFinite) // rounded above the largest finite value
    Code = L.MaxFinite;
  return uint8_t(Sign | Code);
}

uint16_t f8ToF16(SmallFormat F, uint8_t V, bool Relu) {
  double X = decodeF8(F, V);
  if (std::isnan(X))
    return 0x7fff;
  if (Relu && std::signbit(X))
    return 0;
  if (std::isinf(X))
    return X < 0 ? 0xfc00 : 0x7c00;
  // Exact: every e4m3/e5m2 value is an f16 (|X| <= 57344, quantum >= 2^-17).
  uint16_t Sign = std::signbit(X) ? 0x8000 : 0;
  double A = std::fabs(X);
  if (A == 0)
    return Sign;
  int E = std::ilogb(A);
  if (E < -14) // f16 subnormal: A / 2^-24 is an integer
    return uint16_t(Sign | uint16_t(std::ldexp(A, 24)));
  uint16_t Man = uint16_t(std::ldexp(A, 10 - E)) & 0x3ff;
  return uint16_t(Sign | uint16_t((E + 15) << 10) | Man);
}

uint32_t cvtTf32(uint32_t A, Rounding R, bool SatFinite) {
  uint32_t Sign = A & 0x80000000u, Mag = A & 0x7fffffffu;
  if (Mag > 0x7f800000u)
    return 0x7fffffffu;
  if (Mag == 0x7f800000u)
    return SatFinite ? Sign | 0x7f7fe000u : A;
  // The f32 encoding of a magnitude is monotonic, so rounding the
  // magnitude's bits at bit 13 rounds the value (a carry moves into the
  // exponent, and past the largest finite value into infinity).
  uint32_t Low = Mag & 0x1fffu, Trunc = Mag & ~0x1fffu;
  bool Up = false;
  if (R == Rounding::Rz)
    Up = false;
  else if (R == Rounding::Rn)
    Up = Low > 0x1000u || (Low == 0x1000u && (Trunc & 0x2000u));
  else // rna
    Up = Low >= 0x1000u;
  uint32_t M = Trunc + (Up ? 0x2000u : 0);
  if (M >= 0x7f800000u && SatFinite)
    M = 0x7f7fe000u;
  return Sign | M;
}

} // namespace interp
} // namespace ptxwarp
