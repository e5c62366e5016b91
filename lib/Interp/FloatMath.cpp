//===- FloatMath.cpp - Correctly rounded sqrt and the ISA's approximations ===//
//
// sqrt.rnd must be correctly rounded in every mode; APFloat has no sqrt, so
// the host's (correctly rounded to nearest) sqrt gives a candidate that an
// exact comparison in IEEE quad precision moves by one ulp when the mode
// asks for the other neighbour. The .approx forms whose result the ISA
// defines beyond an error bound (rcp/rsqrt.approx.ftz.f64, div.approx.f32's
// large divisors) follow the ISA text here.
//
//===----------------------------------------------------------------------===//

#include "FloatMath.h"

#include "llvm/ADT/bit.h"

#include <cmath>

using namespace llvm;

namespace ptxwarp {
namespace interp {

APFloat sqrtRounded(const APFloat &X, RoundingMode RM) {
  const fltSemantics &Sem = X.getSemantics();
  if (X.isNaN() || X.isZero() || (X.isInfinity() && !X.isNegative()))
    return X; // sqrt(+-0) = +-0, sqrt(+Inf) = +Inf (IEEE 754 9.2)
  if (X.isNegative())
    return APFloat::getQNaN(Sem);
  // Every f16/f32/f64 is exactly a double; the host's sqrt is correctly
  // rounded to 53 bits, and rounding that again to 24 (or 11) bits to
  // nearest is still correctly rounded (53 >= 2 * 24 + 2).
  bool Loses;
  APFloat D = X;
  D.convert(APFloat::IEEEdouble(), RoundingMode::NearestTiesToEven, &Loses);
  APFloat R(std::sqrt(D.convertToDouble()));
  R.convert(Sem, RoundingMode::NearestTiesToEven, &Loses);
  if (RM == RoundingMode::NearestTiesToEven)
    return R;
  // R * R is exact in quad (2 * 53 <= 113 bits, and quad's exponent range
  // holds the square of any double), so comparing it with X tells on which
  // side of the exact root R lies.
  APFloat RQ = R, XQ = X;
  RQ.convert(APFloat::IEEEquad(), RoundingMode::NearestTiesToEven, &Loses);
  XQ.convert(APFloat::IEEEquad(), RoundingMode::NearestTiesToEven, &Loses);
  APFloat Sq = RQ;
  Sq.multiply(RQ, RoundingMode::NearestTiesToEven);
  APFloat::cmpResult C = Sq.compare(XQ);
  bool Up = RM == RoundingMode::TowardPositive;
  if (C == APFloat::cmpGreaterThan && !Up)
    R.next(/*nextDown=*/true); // R is above the root: toward zero / -inf
  else if (C == APFloat::cmpLessThan && Up)
    R.next(/*nextDown=*/false);
  return R;
}

uint64_t grossApproxF64(uint64_t A, bool Rsqrt) {
  // "Input NaNs map to a canonical NaN with encoding 0x7fffffff00000000";
  // a negative input to rsqrt gives that NaN too.
  const uint64_t NaN = 0x7fffffff00000000ull;
  uint64_t Hi = A & 0xffffffff00000000ull;
  // Subnormal inputs are flushed to a sign-preserving zero.
  if ((Hi & 0x7ff0000000000000ull) == 0)
    Hi &= 0x8000000000000000ull;
  double X = llvm::bit_cast<double>(Hi);
  if (std::isnan(X) || (Rsqrt && X < 0))
    return NaN;
  double R = Rsqrt ? 1.0 / std::sqrt(X) : 1.0 / X;
  uint64_t Bits = llvm::bit_cast<uint64_t>(R);
  // The numeric model: the correctly rounded double result, rounded to
  // nearest-even at the 20 mantissa bits the upper word keeps (a carry may
  // reach the exponent, as in any rounding); the ISA gives no error bound.
  if ((Bits & 0x7ff0000000000000ull) != 0x7ff0000000000000ull) {
    uint64_t Half = 0x7fffffffull + ((Bits >> 32) & 1);
    Bits = (Bits + Half) & 0xffffffff00000000ull;
  }
  // Subnormal results are flushed to a sign-preserving zero.
  if ((Bits & 0x7ff0000000000000ull) == 0)
    Bits &= 0x8000000000000000ull;
  return Bits;
}

uint64_t divApproxF32(uint64_t A, uint64_t B) {
  uint32_t AB = uint32_t(A), BB = uint32_t(B);
  float X = llvm::bit_cast<float>(AB), Y = llvm::bit_cast<float>(BB);
  float AbsY = std::fabs(Y);
  if (AbsY > 0x1p126f && AbsY < INFINITY) {
    // |b| < 2^128 holds for every finite f32.
    if (std::isinf(X))
      return 0x7fffffffu;
    return (AB ^ BB) & 0x80000000u;
  }
  // Elsewhere the model is the correctly rounded quotient, which is within
  // the ISA's 2 ulp.
  float Q = X / Y;
  if (std::isnan(Q))
    return 0x7fffffffu;
  return llvm::bit_cast<uint32_t>(Q);
}

uint64_t nanPayloadF64(unsigned NumSrc, uint64_t A, uint64_t B, uint64_t C) {
  const uint64_t Src[3] = {A, B, C};
  for (unsigned K = 0; K < NumSrc && K < 3; ++K)
    if ((Src[K] & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
        (Src[K] & 0x000fffffffffffffull) != 0)
      return Src[K] | 0x0008000000000000ull; // the quiet bit
  return 0;
}

} // namespace interp
} // namespace ptxwarp
