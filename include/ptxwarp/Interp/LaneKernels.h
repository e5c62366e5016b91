//===- LaneKernels.h - Integer instructions as one loop over a warp -------===//
//
// The commonest integer instructions (mov, add, sub, mul.lo, mad.lo, neg,
// not, and/or/xor, shl/shr, min/max, selp and the integer setp) reduced to a
// formula over raw 64-bit lane values and a few constants chosen once per
// instruction (LaneArgs). The interpreter chooses the kernel when it prepares
// a function and runs it over the 32 lanes of a warp in one loop (which the
// compiler vectorises when every lane executes); evalAlu and evalCompare use
// the same formulas for one lane, so these instructions' semantics are
// written once, here (PTX ISA 9.7.1, 9.7.4, 9.7.5).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_LANEKERNELS_H
#define PTXWARP_INTERP_LANEKERNELS_H

#include "ptxwarp/IR/IR.h"

#include "llvm/Support/Endian.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace ptxwarp {
namespace interp {

enum class LaneKernel : uint8_t {
  None,
  Mov,
  Add,
  Sub,
  Mul,      ///< mul.lo
  Mul32,    ///< mul.lo on a type of at most 32 bits
  Mad,      ///< mad.lo
  MulWideU, ///< mul.wide.u16/u32: the whole product of zero-extended sources
  MulWideS, ///< mul.wide.s16/s32: of sign-extended sources
  Neg,
  Not,
  And,
  Or,
  Xor,
  Shl,
  ShrU,
  ShrS,
  MinU,
  MinS,
  MaxU,
  MaxS,
  Selp,
  Setp,   ///< the integer comparison, without the .and/.or/.xor
  Setp32, ///< Setp on a type of at most 32 bits, in 32-bit arithmetic
  // What wholeWarpKernel chooses instead of one of the above, for the
  // operands of one instruction:
  Mad32,      ///< mad.lo on a type of at most 32 bits
  MulWideU32, ///< mul.wide.u32
  ShlN,       ///< shl by LaneArgs::Count, the same in every lane
  ShrUN,      ///< shr.u by LaneArgs::Count
  ShrSN,      ///< shr.s by LaneArgs::Count
};

/// The integer comparison kernels, which write a predicate (0/1).
inline bool isSetpKernel(LaneKernel K) {
  return K == LaneKernel::Setp || K == LaneKernel::Setp32;
}

/// The constants of one instruction's kernel.
struct LaneArgs {
  /// The result's bits: the instruction type's, and the destination
  /// register's when the interpreter knows it.
  uint64_t Mask = ~0ull;
  /// The instruction type's bits (zero-extends a source).
  uint64_t SrcMask = ~0ull;
  /// The instruction (setp: comparison) type's width.
  unsigned Bits = 64;
  /// 64 - Bits: `A << Shift` puts a source's sign bit at bit 63, which both
  /// sign-extends (arithmetic shift back) and orders values (setp).
  unsigned Shift = 0;
  /// setp: flips bit 63 of the shifted sources so that a signed order
  /// becomes an unsigned one.
  uint64_t Flip = 0;
  /// setp: the result when a < b (bit 0), a == b (bit 1), a > b (bit 2).
  uint8_t CmpTable = 0;
  /// ShlN, ShrUN, ShrSN: the shift count (the low 32 bits of b).
  uint32_t Count = 0;
};

/// The kernel that computes \p I (None when its type, modifiers or
/// sub-mode need the general path: floats, .sat, .cc, .hi/.wide,
/// predicates, setp with a boolean op).
LaneKernel laneKernelOf(const ir::Inst &I);

/// \p I's constants; \p DstTy is the destination register's type (or a
/// type with Bits 0 when it is not known).
LaneArgs laneArgsOf(const ir::Inst &I, ir::Type DstTy);

/// The constants of the integer comparison \p Op on \p Ty.
LaneArgs compareArgs(ir::CmpOp Op, ir::Type Ty);

/// A kernel that computes what kernel \p K (laneKernelOf(I)) computes for
/// \p I's operands, in fewer instructions over a warp: a 32-bit multiply
/// for mad.lo on 32-bit types and for mul.wide.u32 (SSE2 has no 64-bit
/// one), a shift by an immediate count as one count for all lanes (SSE2
/// has no per-lane shifts); else K. \p P, K's constants, gets the count.
LaneKernel wholeWarpKernel(const ir::Inst &I, LaneKernel K, LaneArgs &P);

/// One lane of kernel \p K; sources are raw register contents.
template <LaneKernel K>
inline uint64_t laneOp(const LaneArgs &P, uint64_t A, uint64_t B, uint64_t C) {
  auto SExt = [&](uint64_t V) { return int64_t(V << P.Shift) >> P.Shift; };
  // Shift counts are the low 32 bits of b (PTX ISA 9.7.8.8); counts past the
  // width give 0 (shl, shr.u) or the sign (shr.s).
  uint64_t N = uint32_t(B);
  switch (K) {
  case LaneKernel::None:
    return 0;
  case LaneKernel::Mov:
    return A & P.Mask;
  case LaneKernel::Add:
    return (A + B) & P.Mask;
  case LaneKernel::Sub:
    return (A - B) & P.Mask;
  case LaneKernel::Mul:
    return (A * B) & P.Mask;
  case LaneKernel::Mul32:
    // The product's low 32 bits need only the sources' low 32 bits: a
    // 32-bit multiply instead of a 64-bit one (which SSE2 lacks).
    return uint64_t(uint32_t(A) * uint32_t(B)) & P.Mask;
  case LaneKernel::Mad:
    return (A * B + C) & P.Mask;
  case LaneKernel::Mad32:
    // The low 32 bits of a * b + c need only the sources' low 32 bits.
    return uint64_t(uint32_t(A) * uint32_t(B) + uint32_t(C)) & P.Mask;
  case LaneKernel::MulWideU:
    // PTX ISA 9.7.1.3 mul.wide: d is twice as wide as the sources (Mask
    // keeps 2 x Bits bits), so the 64-bit product of two 32-bit sources
    // is exact.
    return ((A & P.SrcMask) * (B & P.SrcMask)) & P.Mask;
  case LaneKernel::MulWideU32:
    return (uint64_t(uint32_t(A)) * uint32_t(B)) & P.Mask;
  case LaneKernel::MulWideS:
    return uint64_t(SExt(A) * SExt(B)) & P.Mask;
  case LaneKernel::Neg:
    return (uint64_t(0) - A) & P.Mask;
  case LaneKernel::Not:
    return ~A & P.Mask;
  case LaneKernel::And:
    return A & B & P.Mask;
  case LaneKernel::Or:
    return (A | B) & P.Mask;
  case LaneKernel::Xor:
    return (A ^ B) & P.Mask;
  case LaneKernel::Shl:
    return N >= P.Bits ? 0 : (A << N) & P.Mask;
  case LaneKernel::ShrU:
    return N >= P.Bits ? 0 : ((A & P.SrcMask) >> N) & P.Mask;
  case LaneKernel::ShrS:
    return uint64_t(SExt(A) >> std::min<uint64_t>(N, P.Bits - 1)) & P.Mask;
  case LaneKernel::ShlN:
    return P.Count >= P.Bits ? 0 : (A << P.Count) & P.Mask;
  case LaneKernel::ShrUN:
    return P.Count >= P.Bits ? 0 : ((A & P.SrcMask) >> P.Count) & P.Mask;
  case LaneKernel::ShrSN:
    return uint64_t(SExt(A) >> std::min<uint32_t>(P.Count, P.Bits - 1)) &
           P.Mask;
  case LaneKernel::MinU:
    return std::min(A & P.SrcMask, B & P.SrcMask) & P.Mask;
  case LaneKernel::MinS:
    return uint64_t(std::min(SExt(A), SExt(B))) & P.Mask;
  case LaneKernel::MaxU:
    return std::max(A & P.SrcMask, B & P.SrcMask) & P.Mask;
  case LaneKernel::MaxS:
    return uint64_t(std::max(SExt(A), SExt(B))) & P.Mask;
  case LaneKernel::Selp:
    return (C ? A : B) & P.Mask;
  case LaneKernel::Setp: {
    uint64_t X = (A << P.Shift) ^ P.Flip, Y = (B << P.Shift) ^ P.Flip;
    // X < Y is the borrow out of X - Y (Hacker's Delight 2-12) and X != Y
    // the sign of (X - Y) | (Y - X), computed without a compare so that the
    // loop vectorises (SSE2 has no unsigned 64-bit compare).
    uint64_t Diff = X - Y;
    uint64_t Lt = ((~X & Y) | (~(X ^ Y) & Diff)) >> 63;
    uint64_t Ne = (Diff | (0 - Diff)) >> 63;
    uint64_t Eq = Ne ^ 1, Gt = Ne & ~Lt;
    return (Lt & P.CmpTable) | (Eq & (P.CmpTable >> 1)) |
           (Gt & (P.CmpTable >> 2));
  }
  case LaneKernel::Setp32: {
    // The same order on the low 32 bits, which hold the whole value: the
    // shift puts its sign bit at bit 31, and a signed 32-bit compare (which
    // SSE2 has) orders it once unsigned comparisons flip that bit.
    unsigned Sh = P.Shift - 32;
    uint32_t Flip = uint32_t(P.Flip >> 32) ^ 0x80000000u;
    int32_t X = int32_t((uint32_t(A) << Sh) ^ Flip);
    int32_t Y = int32_t((uint32_t(B) << Sh) ^ Flip);
    // Exactly one of <, ==, > holds: start from the == entry of the table
    // and flip it where < or > holds and their entry differs (two compares
    // instead of three, and no per-entry masks).
    uint32_t EqBit = (P.CmpTable >> 1) & 1;
    uint32_t LtFlip = (P.CmpTable ^ EqBit) & 1;
    uint32_t GtFlip = ((P.CmpTable >> 2) ^ EqBit) & 1;
    return EqBit ^ (uint32_t(-uint32_t(X < Y)) & LtFlip) ^
           (uint32_t(-uint32_t(X > Y)) & GtFlip);
  }
  }
  return 0;
}

/// Calls \p Fn with std::integral_constant<LaneKernel, K> for \p K, so that
/// a loop over lanes is compiled once per kernel with its formula inlined.
template <typename FnT> inline auto visitLaneKernel(LaneKernel K, FnT Fn) {
#define LANE_KERNEL_CASE(NAME)                                                 \
  case LaneKernel::NAME:                                                       \
    return Fn(std::integral_constant<LaneKernel, LaneKernel::NAME>());
  switch (K) {
    LANE_KERNEL_CASE(Mov)
    LANE_KERNEL_CASE(Add)
    LANE_KERNEL_CASE(Sub)
    LANE_KERNEL_CASE(Mul)
    LANE_KERNEL_CASE(Mul32)
    LANE_KERNEL_CASE(Mad)
    LANE_KERNEL_CASE(MulWideU)
    LANE_KERNEL_CASE(MulWideS)
    LANE_KERNEL_CASE(Neg)
    LANE_KERNEL_CASE(Not)
    LANE_KERNEL_CASE(And)
    LANE_KERNEL_CASE(Or)
    LANE_KERNEL_CASE(Xor)
    LANE_KERNEL_CASE(Shl)
    LANE_KERNEL_CASE(ShrU)
    LANE_KERNEL_CASE(ShrS)
    LANE_KERNEL_CASE(MinU)
    LANE_KERNEL_CASE(MinS)
    LANE_KERNEL_CASE(MaxU)
    LANE_KERNEL_CASE(MaxS)
    LANE_KERNEL_CASE(Selp)
    LANE_KERNEL_CASE(Setp)
    LANE_KERNEL_CASE(Setp32)
    LANE_KERNEL_CASE(Mad32)
    LANE_KERNEL_CASE(MulWideU32)
    LANE_KERNEL_CASE(ShlN)
    LANE_KERNEL_CASE(ShrUN)
    LANE_KERNEL_CASE(ShrSN)
  case LaneKernel::None:
    break;
  }
#undef LANE_KERNEL_CASE
  return Fn(std::integral_constant<LaneKernel, LaneKernel::None>());
}

/// Kernel \p K for one lane.
inline uint64_t evalLaneKernel(LaneKernel K, const LaneArgs &P, uint64_t A,
                               uint64_t B, uint64_t C) {
  return visitLaneKernel(
      K, [&](auto KC) { return laneOp<decltype(KC)::value>(P, A, B, C); });
}

/// Kernel \p K over the lanes in \p E (bit i = lane i) of 32-lane arrays:
/// the destination's lanes are TD, the sources' TS (uint32_t for registers
/// of at most 32 bits, uint64_t for the others), and selp's predicate c is
/// always uint32_t. \p D may be one of the sources.
template <LaneKernel K, typename TD, typename TS>
void laneLoop(const LaneArgs &P, uint32_t E, void *DV, const void *AV,
              const void *BV, const void *CV) {
  using TC = std::conditional_t<K == LaneKernel::Selp, uint32_t, TS>;
  // A local copy: stores through D (uint32_t lanes) could otherwise alias
  // P's fields, which would then be reloaded in every lane.
  const LaneArgs Q = P;
  TD *D = static_cast<TD *>(DV);
  const TS *A = static_cast<const TS *>(AV), *B = static_cast<const TS *>(BV);
  const TC *C = static_cast<const TC *>(CV);
  if (E == ~0u) {
    // Every lane: a loop without the mask, which vectorises (in 32-bit
    // lanes when TD and TS are). Lane L only reads lane L, so D may equal a
    // source (the compiler's run-time overlap check allows that: registers
    // never partly overlap).
    for (unsigned L = 0; L < 32; ++L)
      D[L] = TD(laneOp<K>(Q, A[L], B[L], C[L]));
    return;
  }
  for (uint32_t X = E; X; X &= X - 1) {
    unsigned L = unsigned(__builtin_ctz(X));
    D[L] = TD(laneOp<K>(Q, A[L], B[L], C[L]));
  }
}

/// Bit L set where \p V[L] != 0, for the 32 lanes of \p V (a guard or selp
/// predicate). The first loop vectorises; its 0/1 bytes are then gathered
/// eight at a time by one multiply, which adds byte i of X into bit 56 + i.
template <typename T> uint32_t nonZeroLanes(const T *V) {
  uint8_t B[32];
  for (unsigned L = 0; L < 32; ++L) // x | -x has its top bit set iff x != 0
    B[L] = uint8_t((V[L] | (T(0) - V[L])) >> (8 * sizeof(T) - 1));
  uint32_t R = 0;
  for (unsigned K = 0; K < 4; ++K) {
    uint64_t X = llvm::support::endian::read64le(B + 8 * K);
    R |= uint32_t((X * 0x0102040810204080ull) >> 56) << (8 * K);
  }
  return R;
}

#ifdef __SSE2__
/// 32-bit lanes (predicates): four lanes per compare, their sign bits
/// gathered by movmskps, which the loop above does not become.
template <> inline uint32_t nonZeroLanes<uint32_t>(const uint32_t *V) {
  const __m128i Zero = _mm_setzero_si128();
  uint32_t Z = 0;
  for (unsigned K = 0; K < 8; ++K) {
    __m128i X = _mm_loadu_si128(reinterpret_cast<const __m128i *>(V + 4 * K));
    __m128 IsZero = _mm_castsi128_ps(_mm_cmpeq_epi32(X, Zero));
    Z |= uint32_t(_mm_movemask_ps(IsZero)) << (4 * K);
  }
  return ~Z;
}
#endif

using LaneLoopFn = void (*)(const LaneArgs &, uint32_t, void *, const void *,
                            const void *, const void *);

/// laneLoop<K, TD, TS>, chosen once per instruction rather than per
/// execution: \p NarrowD / \p NarrowS say that the destination / sources
/// have 32-bit lanes.
inline LaneLoopFn laneLoopOf(LaneKernel K, bool NarrowD = false,
                             bool NarrowS = false) {
  return visitLaneKernel(K, [&](auto KC) -> LaneLoopFn {
    constexpr LaneKernel KV = decltype(KC)::value;
    if (NarrowD)
      return NarrowS ? &laneLoop<KV, uint32_t, uint32_t>
                     : &laneLoop<KV, uint32_t, uint64_t>;
    return NarrowS ? &laneLoop<KV, uint64_t, uint32_t>
                   : &laneLoop<KV, uint64_t, uint64_t>;
  });
}

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_LANEKERNELS_H
