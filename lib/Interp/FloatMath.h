//===- FloatMath.h - Correctly rounded sqrt and the ISA's approximations --===//
//
// Private to the interpreter (used by Alu.cpp). Values are raw bit patterns.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_FLOATMATH_H
#define PTXWARP_LIB_INTERP_FLOATMATH_H

#include "llvm/ADT/APFloat.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// sqrt of a value of \p Sem (f16, f32 or f64), correctly rounded in mode
/// \p RM (PTX ISA 9.7.3.15, sqrt.rnd: "IEEE 754 compliant rounding").
llvm::APFloat sqrtRounded(const llvm::APFloat &X, llvm::RoundingMode RM);

/// rcp.approx.ftz.f64 (\p Rsqrt false, PTX ISA 9.7.3.14) and
/// rsqrt.approx.ftz.f64 (\p Rsqrt true, 9.7.3.17): the operation on the
/// upper word of \p A (1.11.20 format), the result's lower word zero.
uint64_t grossApproxF64(uint64_t A, bool Rsqrt);

/// div.approx.f32 (PTX ISA 9.7.3.8): a / b, except that for
/// 2^126 < |b| < 2^128 the result is NaN if a is infinite, else a
/// sign-preserving zero. Inputs are already flushed when .ftz is given.
uint64_t divApproxF32(uint64_t A, uint64_t B);

/// The f64 result of an operation with \p NumSrc sources when one of them
/// is a NaN: the first NaN source, quieted ("NaN payloads are supported for
/// double-precision instructions", PTX ISA 9.7.3); 0 when none is a NaN.
uint64_t nanPayloadF64(unsigned NumSrc, uint64_t A, uint64_t B, uint64_t C);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_FLOATMATH_H
