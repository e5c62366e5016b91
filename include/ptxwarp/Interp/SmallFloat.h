//===- SmallFloat.h - The fp8 and tf32 formats of cvt ---------------------===//
//
// Encoders and decoders for the small float formats PTX converts to and from
// (PTX ISA 5.2.5.1 "Alternate Floating Point Data Formats"; 9.7.9.21 "cvt"):
//   e4m3: 1 sign, 4 exponent (bias 7), 3 mantissa bits; no infinity, the one
//         NaN is S.1111.111; largest finite 448 (0x7e).
//   e5m2: 1 sign, 5 exponent (bias 15), 2 mantissa bits, IEEE-like (inf
//         0x7c, NaNs 0x7d-0x7f); largest finite 57344 (0x7b).
//   tf32: an f32 bit pattern whose 13 low mantissa bits are zero.
//   e2m3, e3m2 (fp6, bias 1 and 3; largest 7.5 and 28) and e2m1 (fp4, bias
//         1, largest 6): no infinity or NaN; the sign is the top bit of the
//         6 or 4 bits.
// Written with explicit bit layouts: LLVM 14's APFloat has no 8-bit formats.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_SMALLFLOAT_H
#define PTXWARP_INTERP_SMALLFLOAT_H

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/IR/ScalarModes.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// The value of the code \p V of format \p F (any but TF32) as a
/// double (exact); a NaN code gives a quiet NaN, e5m2 infinities infinity.
double decodeF8(ir::SmallFormat F, uint8_t V);

/// cvt.rn.satfinite{.relu} to \p F (E4M3 or E5M2) of the value \p X (an f32
/// or f16 value, exact in a double): round to nearest even; a magnitude
/// above the largest finite value (infinity included) gives the largest
/// finite value of the same sign (.satfinite); NaN gives the NaN 0x7f (the
/// largest finite value, positive, in the formats without NaN);
/// .relu turns a negative result (and -0) into +0 and keeps NaN.
uint8_t encodeF8(ir::SmallFormat F, double X, bool Relu);

/// cvt.rn{.relu}.f16x2.e4m3x2 for one element: the f16 bits of the code
/// \p V (every e4m3/e5m2 value is an f16; NaN gives the f16 NaN 0x7fff).
uint16_t f8ToF16(ir::SmallFormat F, uint8_t V, bool Relu);

/// cvt.{rna,rn,rz}{.satfinite}.tf32.f32 of the f32 bits \p A: the f32 bits
/// rounded to tf32 precision (rna: nearest, ties away from zero). NaN gives
/// the canonical NaN 0x7fffffff; with .satfinite a result that would be
/// infinite (or an infinite input) is the largest finite tf32 0x7f7fe000
/// with the sign of the input.
uint32_t cvtTf32(uint32_t A, ir::Rounding R, bool SatFinite);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_SMALLFLOAT_H
