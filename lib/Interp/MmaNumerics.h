//===- MmaNumerics.h - The numeric model of mma and wmma --------*- C++ -*-===//
//
// One element of D = A * B + C, computed as lib/Interp/MatrixOps.cpp's file
// comment ("Numerics") says, for mma.sync (MatrixOps.cpp) and wmma.mma
// (Wmma.cpp) alike: a k-order chain of fused multiply-adds rounded to the
// accumulator type for the floating forms, the exact sum wrapped or clamped
// for the integer ones. Private to lib/Interp.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_MMANUMERICS_H
#define PTXWARP_LIB_INTERP_MMANUMERICS_H

#include "ptxwarp/IR/Wmma.h"

#include "llvm/ADT/FloatingPointMode.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {
namespace mmanum {

using ElemType = ir::wmma::Elem;

/// A matrix element gathered from the fragments: its bits (zero-extended)
/// and whether it is undefined.
struct Element {
  uint64_t Bits = 0;
  bool Undef = true;
};

struct Numerics {
  unsigned K;
  ElemType AType, BType, CType;
  bool Satfinite;
  llvm::RoundingMode RM;
  /// .b1 A and B: d = c + popc(a and b) when set, else c + popc(a xor b).
  bool BitAnd = false;
};

/// d[r][c] of a floating form: \p A is row r of A (K elements), \p B
/// column c of B (element k at B[k * BStride]), \p C the bits of c[r][c]
/// (of CType, the accumulator).
uint64_t floatElement(const Numerics &F, const Element *A, const Element *B,
                      unsigned BStride, uint64_t C);
/// The same for the integer forms (.s8/.u8/.s4/.u4 A and B, .s32 C) and
/// the .b1 forms (BitAnd).
uint64_t intElement(const Numerics &F, const Element *A, const Element *B,
                    unsigned BStride, uint64_t C);

} // namespace mmanum
} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_MMANUMERICS_H
