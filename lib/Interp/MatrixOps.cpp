//===- MatrixOps.cpp - Semantics of the warp-level matrix instructions ----===//
//
// The home of every warp-level matrix instruction's semantics (movmatrix and
// mma.sync now; ldmatrix, stmatrix and wmma fragments later): pure functions
// over the whole warp's registers with the collective signature of
// ptxwarp/Interp/Collective.h, so that each family is its table entry plus
// one function here.
//
// The fragment layouts are the PTX ISA's. movmatrix: 9.7.14.5.17
// "Warp-level matrix transpose instruction: movmatrix", Figures 109
// (source) and 110 (result) (PTX ISA 9.2 numbering). mma (section numbers
// of the PTX ISA text read, which shift by one between versions; the names
// do not): 9.7.14.5.2 "Matrix Fragments for mma.m8n8k4 with .f64 floating
// point type" (Figures 53-55), 9.7.14.5.3 "Matrix Fragments for
// mma.m8n8k16" (Figures 56-58), 9.7.14.5.6 "Matrix Fragments for
// mma.m16n8k4" (Figures 65-70), 9.7.14.5.7 "Matrix Fragments for
// mma.m16n8k8" (Figures 71-78), 9.7.14.5.8 "Matrix Fragments for
// mma.m16n8k16 with floating point type" (Figures 79-83), 9.7.14.5.9
// "Matrix Fragments for mma.m16n8k16 with integer type" (Figures 84-86) and
// 9.7.14.5.10 "Matrix Fragments for mma.m16n8k32" (Figures 88, 90-92), each
// with its groupID = %laneid >> 2, threadID_in_group = %laneid % 4 formulas.
//
// mma.sync.aligned (PTX ISA 9.7.14.5.14, "Warp-level matrix multiply-
// accumulate instructions: mma"), .row.col, D = A * B + C with A MxK, B KxN,
// C and D MxN; N = 8, and M = 16 except for m8n8k4.f64 and m8n8k16 (M = 8).
//
// Operand convention (the lowering follows it): vector operands are
// flattened, one register per source or destination, in PTX order. Out.Dst
// holds the d registers; In.Src the a registers, then the b registers, then
// the c registers. A register holding several elements holds element i of
// the fragment's "elements (low to high)" list in its bits
// [w * (i % n), w * (i % n) + w) (w the element width, n the elements per
// register), the register index being i / n. E.g. m16n8k16.f32.f16.f16.f32:
// a = 4 .b32 (two f16 each), b = 2 .b32, c = 4 .f32, d = 4 .f32: NumSrc = 10,
// NumDst = 4. Values arrive zero-extended in uint64_t (an f32 as its bit
// pattern in the low 32 bits, an f64 as its 64-bit pattern).
//
// Numerics. The ISA leaves the accumulation order, the rounding and the
// handling of subnormal inputs of the f16/bf16/tf32 forms unspecified
// ("Precision and rounding", 9.7.14.5.14). What is implemented, for every
// element d[r][c]: acc = c[r][c]; for k = 0, 1, ..., K-1 in that order:
// acc = fma(a[r][k], b[k][c], acc), i.e. the product is exact and the sum is
// rounded once, to nearest even, to the accumulator type (f32 for the .f32
// forms, f16 for the .f16 forms; llvm::APFloat fusedMultiplyAdd). Subnormal
// inputs and results are kept (no flush to zero). A NaN result is the
// canonical NaN (0x7fffffff for f32, 0x7fff for f16). .tf32 inputs: only the
// top 19 bits (sign, exponent, 10 fraction bits) of each .b32 are used, the
// low 13 bits are ignored (treated as zero, i.e. truncated), as the ISA says
// of wgmma.mma_async ("will truncate lower 13 bits of the 32-bit input data
// before multiplication is issued"); the mma text does not say. (So a
// .b32 NaN whose fraction is only in those 13 bits reads as an infinity.)
// .f64: "identical to that of .f64 precision fused multiply-add" with the
// .rn/.rz/.rm/.rp rounding modifier: the same k-order chain of fma.f64 in
// that rounding mode, with fma.f64's NaN rule (a NaN source gives the first
// NaN source quieted, in the order a, b, acc; an invalid operation gives the
// canonical NaN 0x7fffffffffffffff). The mma text says nothing of NaNs; the
// canonical NaNs of the other forms are this interpreter's choice too.
// Integer forms (.s8/.u8 A and B, .s32 C and D): the exact sum c + sum of
// the products (computed in 64 bits, which cannot overflow), then wrapped to
// 32 bits, or with .satfinite clamped to [INT32_MIN, INT32_MAX] ("on
// overflow, the accumulated value is limited to the range MIN_INT32..
// MAX_INT32 ... If .satfinite is not specified, the accumulated value is
// wrapped instead"). Wrapping does not depend on the order; the clamp is
// applied to the final sum.
//
// Undefined values: an element of A, B or C is undefined when its register
// is undefined in the lane holding it, or that lane is not in In.S.Active
// (the .aligned contract wants the whole warp; reporting the violation is
// the scheduler's job). d[r][c] is undefined when c[r][c], any a[r][k] or
// any b[k][c] is; a d register is undefined when any element it holds is.
// Lanes outside Active get no result (zero, not marked).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/MatrixOps.h"

#include "FloatMath.h"
#include "MmaNumerics.h"
#include "ptxwarp/Interp/SmallFloat.h"

#include "llvm/ADT/APFloat.h"

#include <cassert>
#include <cstdint>
#include <limits>

namespace ptxwarp {
namespace interp {

namespace {

/// Where element (Row, Col) of an 8x8 matrix of 16-bit elements lives in the
/// row-fragment layout of movmatrix's source (PTX ISA 9.7.14.5.17, Figure
/// 109): a group of four lanes holds one row, two elements per lane, lane 0
/// holding the first, the lower-numbered column in the low half.
struct FragmentSlot {
  unsigned Lane;
  unsigned Shift; ///< 0 for the low half, 16 for the high half.
};

FragmentSlot rowFragmentSlot(unsigned Row, unsigned Col) {
  return {Row * 4 + Col / 2, (Col % 2) * 16};
}

} // namespace

// movmatrix.sync.aligned.m8n8.trans.b16 d, a (PTX ISA 9.7.14.5.17). The
// result is the transpose of the source, held in the same row-fragment layout
// (Figure 110 draws it in the source's coordinates: lane 0 holds the first
// two elements of column 0, a group of four lanes holds one column). So the
// half Half of lane Lane's d is element (Lane / 4, 2 * (Lane % 4) + Half) of
// the transpose, which is source element (2 * (Lane % 4) + Half, Lane / 4).
//
// A d is undefined when it reads an undefined a or the a of a lane that does
// not execute the instruction together with it (the .aligned contract wants
// the whole warp; reporting the violation is the scheduler's job). Lanes
// outside Active get no result.
void movmatrixTrans(const CollectiveIn &In, CollectiveOut &Out) {
  Out.NumDst = 1;
  Out.Dst[0] = {};
  Out.DstUndef[0] = 0;
  const LaneArray<uint64_t> &A = In.Src[0];
  const LaneMask Active = In.S.Active;
  const LaneMask Defined = Active & ~In.SrcUndef[0];
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!hasLane(Active, Lane))
      continue;
    uint64_t D = 0;
    bool Undef = false;
    for (unsigned Half = 0; Half < 2; ++Half) {
      FragmentSlot From = rowFragmentSlot(2 * (Lane % 4) + Half, Lane / 4);
      if (!hasLane(Defined, From.Lane)) {
        Undef = true;
        continue;
      }
      uint64_t Element = (A[From.Lane] >> From.Shift) & 0xffff;
      D |= Element << (16 * Half);
    }
    Out.Dst[0][Lane] = D;
    if (Undef)
      Out.DstUndef[0] |= LaneMask(1) << Lane;
  }
}

//===----------------------------------------------------------------------===//
// mma.sync.aligned (see the file comment for the convention and numerics)
//===----------------------------------------------------------------------===//

namespace {

struct RowCol {
  unsigned Row, Col;
};

/// Where element I of a fragment held by the lane with groupID G and
/// threadID_in_group T sits in its matrix.
using PositionFn = RowCol (*)(unsigned G, unsigned T, unsigned I);

struct Fragment {
  unsigned Regs;   ///< Registers of the vector operand.
  unsigned PerReg; ///< Elements per register (element 0 in the low bits).
  unsigned Bits;   ///< Element width.
  PositionFn Pos;
};

// The accumulator layout shared by every m16n8 form here (Figures 77, 78,
// 83, 86 and 92): row groupID for c0, c1 and groupID + 8 for c2, c3; column
// threadID_in_group * 2 + (i & 0x1).
RowCol posC(unsigned G, unsigned T, unsigned I) {
  return {I < 2 ? G : G + 8, T * 2 + (I & 1)};
}
// m16n8k16 A, .f16/.bf16 (Figure 79): row groupID for 0 <= i < 2 or
// 4 <= i < 6, else groupID + 8; column threadID_in_group * 2 + (i & 0x1),
// plus 8 for i >= 4.
RowCol posAK16F16(unsigned G, unsigned T, unsigned I) {
  bool LowRow = I < 2 || (I >= 4 && I < 6);
  return {LowRow ? G : G + 8, T * 2 + (I & 1) + (I >= 4 ? 8 : 0)};
}
// m16n8k16 B, .f16/.bf16 (Figure 81): row threadID_in_group * 2 + (i & 0x1),
// plus 8 for i >= 2; column groupID.
RowCol posBK16F16(unsigned G, unsigned T, unsigned I) {
  return {T * 2 + (I & 1) + (I >= 2 ? 8 : 0), G};
}
// m16n8k8 A, .f16/.bf16 (Figure 71): row groupID for a0, a1, groupID + 8
// for a2, a3; column threadID_in_group * 2 + (i & 0x1).
RowCol posAK8F16(unsigned G, unsigned T, unsigned I) {
  return {I < 2 ? G : G + 8, T * 2 + (I & 1)};
}
// m16n8k8 B, .f16/.bf16 (Figure 74): row threadID_in_group * 2 + i; column
// groupID.
RowCol posBK8F16(unsigned G, unsigned T, unsigned I) { return {T * 2 + I, G}; }
// m16n8k8 A, .tf32 and .f64 (Figures 72, 73): row groupID for a0, a2,
// groupID + 8 for a1, a3; column threadID_in_group for a0, a1, plus 4 for
// a2, a3.
RowCol posAK8W(unsigned G, unsigned T, unsigned I) {
  return {I % 2 == 0 ? G : G + 8, I < 2 ? T : T + 4};
}
// m16n8k8 B, .tf32 and .f64 (Figures 75, 76): row threadID_in_group for b0,
// plus 4 for b1; column groupID.
RowCol posBK8W(unsigned G, unsigned T, unsigned I) {
  return {I == 0 ? T : T + 4, G};
}
// m16n8k16 A, .f64 (Figure 80): row groupID for even i, groupID + 8 for odd
// i; column i * 2 + threadID_in_group for even i, i * 2 - 2 +
// threadID_in_group for odd i.
RowCol posAK16F64(unsigned G, unsigned T, unsigned I) {
  if (I % 2 == 0)
    return {G, I * 2 + T};
  return {G + 8, I * 2 - 2 + T};
}
// m16n8k16 B, .f64 (Figure 82): row threadID_in_group + i * 4; column
// groupID.
RowCol posBK16F64(unsigned G, unsigned T, unsigned I) { return {T + I * 4, G}; }
// m16n8k16 A, .s8/.u8 (Figure 84): row groupID for i < 4, groupID + 8
// otherwise; column threadID_in_group * 4 + (i & 0x3).
RowCol posAK16I8(unsigned G, unsigned T, unsigned I) {
  return {I < 4 ? G : G + 8, T * 4 + (I & 3)};
}
// m16n8k16 B, .s8/.u8 (Figure 85): row threadID_in_group * 4 + i; column
// groupID.
RowCol posBK16I8(unsigned G, unsigned T, unsigned I) { return {T * 4 + I, G}; }
// m16n8k32 A, .s8/.u8 (Figure 88): row groupID for 0 <= i < 4 or
// 8 <= i < 12, else groupID + 8; column threadID_in_group * 4 + (i & 0x3),
// plus 16 for i >= 8.
RowCol posAK32I8(unsigned G, unsigned T, unsigned I) {
  bool LowRow = I < 4 || (I >= 8 && I < 12);
  return {LowRow ? G : G + 8, T * 4 + (I & 3) + (I >= 8 ? 16 : 0)};
}
// m16n8k32 B, .s8/.u8 (Figures 90, 91): row threadID_in_group * 4 +
// (i & 0x3), plus 16 for i >= 4; column groupID.
RowCol posBK32I8(unsigned G, unsigned T, unsigned I) {
  return {T * 4 + (I & 3) + (I >= 4 ? 16 : 0), G};
}

// m16n8k4 A, .tf32 and .f64 (Figures 65, 66): row groupID for a0,
// groupID + 8 for a1; column threadID_in_group.
RowCol posAK4(unsigned G, unsigned T, unsigned I) {
  return {I == 0 ? G : G + 8, T};
}
// m16n8k4 B, .tf32 and .f64 (Figures 67, 68), and m8n8k4 B, .f64 (Figure
// 54: row %laneid % 4, column %laneid >> 2): row threadID_in_group, column
// groupID.
RowCol posBK4(unsigned G, unsigned T, unsigned) { return {T, G}; }
// m8n8k4 A, .f64 (Figure 53): row %laneid >> 2, column %laneid % 4.
// Its accumulators (Figure 55) are posC's c0 and c1 (row groupID).
RowCol posAM8K4(unsigned G, unsigned T, unsigned) { return {G, T}; }

// m8n8k16 A, .s8/.u8 (Figure 56): row groupID, column threadID_in_group * 4 +
// i. Its B (Figure 57) is posBK16I8's, its C/D (Figure 58) posC's c0 and c1.
RowCol posAM8K16I8(unsigned G, unsigned T, unsigned I) {
  return {G, T * 4 + I};
}

// The sub-byte and .b1 fragments ("Matrix Fragments for mma.m8n8k32",
// "mma.m16n8k32" and "mma.m16n8k64" with .s4/.u4, Figures 59-61 and 93-95;
// "mma.m8n8k128", "mma.m16n8k128" and "mma.m16n8k256" with .b1, Figures
// 62-64 and 97-99): a .b32 register holds P = 32 / w consecutive elements
// (w the element width), element i in its bits [w * (i % P), w * (i % P) +
// w). A: register r holds row groupID (groupID + 8 for odd r of the m16
// shapes), columns threadID_in_group * P + (i % P), plus 4P for r >= 2
// (e.g. m16n8k64: row groupID for 0 <= i < 8 || 16 <= i < 24, column
// threadID_in_group * 8 + (i & 0x7), plus 32 for i >= 16). B: register r
// holds rows threadID_in_group * P + (i % P) + 4P * r of column groupID.
// The .s8/.u8 fragments of m16n8k32 (posAK32I8, posBK32I8) are the same
// rule with w = 8.
template <unsigned W> RowCol posAPacked(unsigned G, unsigned T, unsigned I) {
  constexpr unsigned P = 32 / W;
  unsigned R = I / P;
  return {R % 2 ? G + 8 : G, T * P + I % P + (R / 2) * 4 * P};
}
template <unsigned W> RowCol posBPacked(unsigned G, unsigned T, unsigned I) {
  constexpr unsigned P = 32 / W;
  return {T * P + I % P + (I / P) * 4 * P, G};
}

using mmanum::Element;
using mmanum::ElemType;

struct MmaForm {
  unsigned K;
  Fragment A, B, C; ///< D has C's fragment.
  ElemType AType, BType, CType;
  bool Satfinite;
  llvm::RoundingMode RM;
  /// .b1: d = c + popc(a and b) when set, else c + popc(a xor b).
  bool BitAnd = false;
  mmanum::Numerics numerics() const {
    return {K, AType, BType, CType, Satfinite, RM, BitAnd};
  }
  /// M: the warp's 32 lanes hold the M x 8 accumulator between them.
  unsigned m() const { return C.Regs * C.PerReg * 4; }
};

constexpr unsigned MmaM = 16, MmaN = 8, MaxK = 256;

/// Reads the fragment \p F of the operand whose first register is source
/// \p First into the row-major matrix \p M with \p Cols columns.
void gather(const CollectiveIn &In, const Fragment &F, unsigned First,
            Element *M, unsigned Cols) {
  const uint64_t Mask =
      F.Bits == 64 ? ~uint64_t(0) : (uint64_t(1) << F.Bits) - 1;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    for (unsigned I = 0; I < F.Regs * F.PerReg; ++I) {
      unsigned Reg = First + I / F.PerReg;
      unsigned Shift = (I % F.PerReg) * F.Bits;
      RowCol P = F.Pos(Lane >> 2, Lane % 4, I);
      Element &E = M[P.Row * Cols + P.Col];
      E.Bits = (In.Src[Reg][Lane] >> Shift) & Mask;
      E.Undef = !hasLane(In.S.Active & ~In.SrcUndef[Reg], Lane);
    }
  }
}

} // namespace

namespace mmanum {
namespace {

const llvm::fltSemantics &semanticsOf(ElemType T) {
  switch (T) {
  case ElemType::F16:
    return llvm::APFloat::IEEEhalf();
  case ElemType::Bf16:
    return llvm::APFloat::BFloat();
  case ElemType::F64:
    return llvm::APFloat::IEEEdouble();
  default:
    return llvm::APFloat::IEEEsingle();
  }
}

unsigned widthOf(ElemType T) { return ir::wmma::elemBits(T); }

/// An A or B element as a value of the accumulator's semantics (exact: every
/// input type here is a subset of its accumulator type).
llvm::APFloat toAccumulator(ElemType T, uint64_t Bits,
                            const llvm::fltSemantics &Acc) {
  if (T == ElemType::Tf32)
    Bits &= 0xffffe000u; // The low 13 bits are ignored (file comment).
  if (T == ElemType::E4M3 || T == ElemType::E5M2) {
    // Every .e4m3/.e5m2 value is an f16 (SmallFloat.h); from there on as
    // an f16 input (a NaN code gives the f16 NaN).
    Bits = f8ToF16(T == ElemType::E4M3 ? ir::SmallFormat::E4M3
                                       : ir::SmallFormat::E5M2,
                   uint8_t(Bits), /*Relu=*/false);
    T = ElemType::F16;
  }
  llvm::APFloat V(semanticsOf(T), llvm::APInt(widthOf(T), Bits));
  bool LosesInfo = false;
  V.convert(Acc, llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
  // Exact, but for a signaling NaN, which comes out quiet (and the result
  // is the canonical NaN anyway).
  assert((!LosesInfo || V.isNaN()) && "inputs are subsets of accumulators");
  return V;
}

} // namespace

uint64_t floatElement(const Numerics &F, const Element *A, const Element *B,
                      unsigned BStride, uint64_t C) {
  const llvm::fltSemantics &Sem = semanticsOf(F.CType);
  const unsigned Width = widthOf(F.CType);
  if (F.CType == ElemType::F64) {
    uint64_t Acc = C;
    for (unsigned K = 0; K < F.K; ++K) {
      uint64_t X = A[K].Bits, Y = B[K * BStride].Bits;
      if (uint64_t NaN = nanPayloadF64(3, X, Y, Acc)) {
        Acc = NaN;
        continue;
      }
      // APFloat's fusedMultiplyAdd is *this = *this * M + A.
      llvm::APFloat R(Sem, llvm::APInt(64, X));
      R.fusedMultiplyAdd(llvm::APFloat(Sem, llvm::APInt(64, Y)),
                         llvm::APFloat(Sem, llvm::APInt(64, Acc)), F.RM);
      Acc =
          R.isNaN() ? 0x7fffffffffffffffull : R.bitcastToAPInt().getZExtValue();
    }
    return Acc;
  }
  llvm::APFloat Acc(Sem, llvm::APInt(Width, C));
  for (unsigned K = 0; K < F.K; ++K) {
    llvm::APFloat R = toAccumulator(F.AType, A[K].Bits, Sem);
    R.fusedMultiplyAdd(toAccumulator(F.BType, B[K * BStride].Bits, Sem), Acc,
                       F.RM);
    Acc = R;
  }
  if (Acc.isNaN())
    return Width == 16 ? 0x7fffu : 0x7fffffffu;
  return Acc.bitcastToAPInt().getZExtValue();
}

namespace {
int64_t intValue(ElemType T, uint64_t Bits) {
  switch (T) {
  case ElemType::S8:
    return int8_t(uint8_t(Bits));
  case ElemType::U8:
    return uint8_t(Bits);
  case ElemType::S4: // Sign-extends bit 3.
    return int64_t(Bits & 0xf) - int64_t((Bits & 0x8) << 1);
  case ElemType::U4:
    return Bits & 0xf;
  case ElemType::B1:
    return int64_t(Bits & 1);
  default: // S32
    return int32_t(uint32_t(Bits));
  }
}

} // namespace

uint64_t intElement(const Numerics &F, const Element *A, const Element *B,
                    unsigned BStride, uint64_t C) {
  int64_t Sum = intValue(ElemType::S32, C);
  if (F.AType == ElemType::B1) {
    // .b1: "D = popc(A op B) + C" over the K bits of a row and a column.
    for (unsigned K = 0; K < F.K; ++K) {
      uint64_t X = A[K].Bits & 1, Y = B[K * BStride].Bits & 1;
      Sum += int64_t(F.BitAnd ? X & Y : X ^ Y);
    }
    return uint32_t(uint64_t(Sum));
  }
  for (unsigned K = 0; K < F.K; ++K)
    Sum +=
        intValue(F.AType, A[K].Bits) * intValue(F.BType, B[K * BStride].Bits);
  if (F.Satfinite) {
    if (Sum > std::numeric_limits<int32_t>::max())
      Sum = std::numeric_limits<int32_t>::max();
    if (Sum < std::numeric_limits<int32_t>::min())
      Sum = std::numeric_limits<int32_t>::min();
  }
  return uint32_t(uint64_t(Sum)); // Wraps modulo 2^32.
}

} // namespace mmanum

namespace {

void runMma(const MmaForm &F, const CollectiveIn &In, CollectiveOut &Out) {
  assert(In.NumSrc == F.A.Regs + F.B.Regs + F.C.Regs &&
         "mma operands: a, b and c registers");
  Element A[MmaM][MaxK], B[MaxK][MmaN], C[MmaM][MmaN];
  gather(In, F.A, 0, &A[0][0], MaxK);
  gather(In, F.B, F.A.Regs, &B[0][0], MmaN);
  gather(In, F.C, F.A.Regs + F.B.Regs, &C[0][0], MmaN);

  const bool IsInt = F.CType == ElemType::S32;
  uint64_t D[MmaM][MmaN];
  bool DUndef[MmaM][MmaN];
  for (unsigned R = 0; R < F.m(); ++R) {
    for (unsigned Col = 0; Col < MmaN; ++Col) {
      bool Undef = C[R][Col].Undef;
      for (unsigned K = 0; K < F.K; ++K)
        Undef |= A[R][K].Undef || B[K][Col].Undef;
      DUndef[R][Col] = Undef;
      D[R][Col] = IsInt ? mmanum::intElement(F.numerics(), A[R], &B[0][Col],
                                             MmaN, C[R][Col].Bits)
                        : mmanum::floatElement(F.numerics(), A[R], &B[0][Col],
                                               MmaN, C[R][Col].Bits);
    }
  }

  Out.NumDst = F.C.Regs;
  for (unsigned Reg = 0; Reg < F.C.Regs; ++Reg) {
    Out.Dst[Reg] = {};
    Out.DstUndef[Reg] = 0;
  }
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!hasLane(In.S.Active, Lane))
      continue;
    for (unsigned I = 0; I < F.C.Regs * F.C.PerReg; ++I) {
      unsigned Reg = I / F.C.PerReg;
      RowCol P = F.C.Pos(Lane >> 2, Lane % 4, I);
      Out.Dst[Reg][Lane] |= D[P.Row][P.Col] << ((I % F.C.PerReg) * F.C.Bits);
      if (DUndef[P.Row][P.Col])
        Out.DstUndef[Reg] |= LaneMask(1) << Lane;
    }
  }
}

// Fragments (registers, elements per register, width, layout).
constexpr Fragment AK16F16{4, 2, 16, posAK16F16}, BK16F16{2, 2, 16, posBK16F16},
    AK8F16{2, 2, 16, posAK8F16}, BK8F16{1, 2, 16, posBK8F16},
    AK8Tf32{4, 1, 32, posAK8W}, BK8Tf32{2, 1, 32, posBK8W},
    AK8F64{4, 1, 64, posAK8W}, BK8F64{2, 1, 64, posBK8W},
    AK16F64{8, 1, 64, posAK16F64}, BK16F64{4, 1, 64, posBK16F64},
    AK16I8{2, 4, 8, posAK16I8}, BK16I8{1, 4, 8, posBK16I8},
    AK32I8{4, 4, 8, posAK32I8}, BK32I8{2, 4, 8, posBK32I8},
    CF32{4, 1, 32, posC}, CF16{2, 2, 16, posC}, CF64{4, 1, 64, posC},
    CS32{4, 1, 32, posC}, AK4Tf32{2, 1, 32, posAK4}, BK4Tf32{1, 1, 32, posBK4},
    AK4F64{2, 1, 64, posAK4}, BK4F64{1, 1, 64, posBK4},
    AM8K4F64{1, 1, 64, posAM8K4}, CM8F64{2, 1, 64, posC},
    AM8K16I8{1, 4, 8, posAM8K16I8}, CM8S32{2, 1, 32, posC},
    AK32I4{2, 8, 4, posAPacked<4>}, BK32I4{1, 8, 4, posBPacked<4>},
    AK64I4{4, 8, 4, posAPacked<4>}, BK64I4{2, 8, 4, posBPacked<4>},
    AK128B1{2, 32, 1, posAPacked<1>}, BK128B1{1, 32, 1, posBPacked<1>},
    AK256B1{4, 32, 1, posAPacked<1>}, BK256B1{2, 32, 1, posBPacked<1>};

constexpr auto RNE = llvm::RoundingMode::NearestTiesToEven;

MmaForm floatForm(unsigned K, Fragment A, Fragment B, Fragment C, ElemType AB,
                  ElemType CT, llvm::RoundingMode RM = RNE) {
  return {K, A, B, C, AB, AB, CT, false, RM};
}

MmaForm intForm(unsigned M, unsigned K, ElemType AT, ElemType BT,
                bool Satfinite) {
  if (M == 8)
    return {K, AM8K16I8, BK16I8, CM8S32, AT, BT, ElemType::S32, Satfinite, RNE};
  if (K == 32)
    return {K, AK32I8, BK32I8, CS32, AT, BT, ElemType::S32, Satfinite, RNE};
  return {K, AK16I8, BK16I8, CS32, AT, BT, ElemType::S32, Satfinite, RNE};
}

} // namespace

#define PTXWARP_MMA_FLOAT(Name, K, A, B, C, AB, CT, RM)                        \
  void Name(const CollectiveIn &In, CollectiveOut &Out) {                      \
    runMma(floatForm(K, A, B, C, ElemType::AB, ElemType::CT,                   \
                     llvm::RoundingMode::RM),                                  \
           In, Out);                                                           \
  }
PTXWARP_MMA_FLOAT(mmaM16n8k16F32F16, 16, AK16F16, BK16F16, CF32, F16, F32,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k16F16F16, 16, AK16F16, BK16F16, CF16, F16, F16,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k8F32F16, 8, AK8F16, BK8F16, CF32, F16, F32,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k8F16F16, 8, AK8F16, BK8F16, CF16, F16, F16,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k16F32Bf16, 16, AK16F16, BK16F16, CF32, Bf16, F32,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k8F32Bf16, 8, AK8F16, BK8F16, CF32, Bf16, F32,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k8F32Tf32, 8, AK8Tf32, BK8Tf32, CF32, Tf32, F32,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k4F32Tf32, 4, AK4Tf32, BK4Tf32, CF32, Tf32, F32,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM8n8k4F64Rn, 4, AM8K4F64, BK4F64, CM8F64, F64, F64,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM8n8k4F64Rz, 4, AM8K4F64, BK4F64, CM8F64, F64, F64,
                  TowardZero)
PTXWARP_MMA_FLOAT(mmaM8n8k4F64Rm, 4, AM8K4F64, BK4F64, CM8F64, F64, F64,
                  TowardNegative)
PTXWARP_MMA_FLOAT(mmaM8n8k4F64Rp, 4, AM8K4F64, BK4F64, CM8F64, F64, F64,
                  TowardPositive)
PTXWARP_MMA_FLOAT(mmaM16n8k4F64Rn, 4, AK4F64, BK4F64, CF64, F64, F64,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k4F64Rz, 4, AK4F64, BK4F64, CF64, F64, F64,
                  TowardZero)
PTXWARP_MMA_FLOAT(mmaM16n8k4F64Rm, 4, AK4F64, BK4F64, CF64, F64, F64,
                  TowardNegative)
PTXWARP_MMA_FLOAT(mmaM16n8k4F64Rp, 4, AK4F64, BK4F64, CF64, F64, F64,
                  TowardPositive)
PTXWARP_MMA_FLOAT(mmaM16n8k8F64Rn, 8, AK8F64, BK8F64, CF64, F64, F64,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k8F64Rz, 8, AK8F64, BK8F64, CF64, F64, F64,
                  TowardZero)
PTXWARP_MMA_FLOAT(mmaM16n8k8F64Rm, 8, AK8F64, BK8F64, CF64, F64, F64,
                  TowardNegative)
PTXWARP_MMA_FLOAT(mmaM16n8k8F64Rp, 8, AK8F64, BK8F64, CF64, F64, F64,
                  TowardPositive)
PTXWARP_MMA_FLOAT(mmaM16n8k16F64Rn, 16, AK16F64, BK16F64, CF64, F64, F64,
                  NearestTiesToEven)
PTXWARP_MMA_FLOAT(mmaM16n8k16F64Rz, 16, AK16F64, BK16F64, CF64, F64, F64,
                  TowardZero)
PTXWARP_MMA_FLOAT(mmaM16n8k16F64Rm, 16, AK16F64, BK16F64, CF64, F64, F64,
                  TowardNegative)
PTXWARP_MMA_FLOAT(mmaM16n8k16F64Rp, 16, AK16F64, BK16F64, CF64, F64, F64,
                  TowardPositive)
#undef PTXWARP_MMA_FLOAT

#define PTXWARP_MMA_INT(Name, M, K, AT, BT, Sat)                               \
  void Name(const CollectiveIn &In, CollectiveOut &Out) {                      \
    runMma(intForm(M, K, ElemType::AT, ElemType::BT, Sat), In, Out);           \
  }
PTXWARP_MMA_INT(mmaM16n8k32S32S8S8, 16, 32, S8, S8, false)
PTXWARP_MMA_INT(mmaM16n8k32S32S8U8, 16, 32, S8, U8, false)
PTXWARP_MMA_INT(mmaM16n8k32S32U8S8, 16, 32, U8, S8, false)
PTXWARP_MMA_INT(mmaM16n8k32S32U8U8, 16, 32, U8, U8, false)
PTXWARP_MMA_INT(mmaM16n8k32S32S8S8Satfinite, 16, 32, S8, S8, true)
PTXWARP_MMA_INT(mmaM16n8k32S32S8U8Satfinite, 16, 32, S8, U8, true)
PTXWARP_MMA_INT(mmaM16n8k32S32U8S8Satfinite, 16, 32, U8, S8, true)
PTXWARP_MMA_INT(mmaM16n8k32S32U8U8Satfinite, 16, 32, U8, U8, true)
PTXWARP_MMA_INT(mmaM16n8k16S32S8S8, 16, 16, S8, S8, false)
PTXWARP_MMA_INT(mmaM16n8k16S32S8U8, 16, 16, S8, U8, false)
PTXWARP_MMA_INT(mmaM16n8k16S32U8S8, 16, 16, U8, S8, false)
PTXWARP_MMA_INT(mmaM16n8k16S32U8U8, 16, 16, U8, U8, false)
PTXWARP_MMA_INT(mmaM16n8k16S32S8S8Satfinite, 16, 16, S8, S8, true)
PTXWARP_MMA_INT(mmaM16n8k16S32S8U8Satfinite, 16, 16, S8, U8, true)
PTXWARP_MMA_INT(mmaM16n8k16S32U8S8Satfinite, 16, 16, U8, S8, true)
PTXWARP_MMA_INT(mmaM16n8k16S32U8U8Satfinite, 16, 16, U8, U8, true)
PTXWARP_MMA_INT(mmaM8n8k16S32S8S8, 8, 16, S8, S8, false)
PTXWARP_MMA_INT(mmaM8n8k16S32S8U8, 8, 16, S8, U8, false)
PTXWARP_MMA_INT(mmaM8n8k16S32U8S8, 8, 16, U8, S8, false)
PTXWARP_MMA_INT(mmaM8n8k16S32U8U8, 8, 16, U8, U8, false)
PTXWARP_MMA_INT(mmaM8n8k16S32S8S8Satfinite, 8, 16, S8, S8, true)
PTXWARP_MMA_INT(mmaM8n8k16S32S8U8Satfinite, 8, 16, S8, U8, true)
PTXWARP_MMA_INT(mmaM8n8k16S32U8S8Satfinite, 8, 16, U8, S8, true)
PTXWARP_MMA_INT(mmaM8n8k16S32U8U8Satfinite, 8, 16, U8, U8, true)
#undef PTXWARP_MMA_INT

// .s4/.u4 and .b1: the m8n8 shapes hold A in one register (row groupID) and
// C/D in two; the m16n8 shapes in two or four, and four.
constexpr Fragment AM8K32I4{1, 8, 4, posAPacked<4>},
    AM8K128B1{1, 32, 1, posAPacked<1>};

#define PTXWARP_MMA_PACKED(Name, K, A, B, C, AT, BT, Sat, BitAnd)              \
  void Name(const CollectiveIn &In, CollectiveOut &Out) {                      \
    runMma({K, A, B, C, ElemType::AT, ElemType::BT, ElemType::S32, Sat, RNE,   \
            BitAnd},                                                           \
           In, Out);                                                           \
  }
#define PTXWARP_MMA_I4(Shape, K, A, B, C)                                      \
  PTXWARP_MMA_PACKED(mma##Shape##S32S4S4, K, A, B, C, S4, S4, false, false)    \
  PTXWARP_MMA_PACKED(mma##Shape##S32S4U4, K, A, B, C, S4, U4, false, false)    \
  PTXWARP_MMA_PACKED(mma##Shape##S32U4S4, K, A, B, C, U4, S4, false, false)    \
  PTXWARP_MMA_PACKED(mma##Shape##S32U4U4, K, A, B, C, U4, U4, false, false)    \
  PTXWARP_MMA_PACKED(mma##Shape##S32S4S4Satfinite, K, A, B, C, S4, S4, true,   \
                     false)                                                    \
  PTXWARP_MMA_PACKED(mma##Shape##S32S4U4Satfinite, K, A, B, C, S4, U4, true,   \
                     false)                                                    \
  PTXWARP_MMA_PACKED(mma##Shape##S32U4S4Satfinite, K, A, B, C, U4, S4, true,   \
                     false)                                                    \
  PTXWARP_MMA_PACKED(mma##Shape##S32U4U4Satfinite, K, A, B, C, U4, U4, true,   \
                     false)
PTXWARP_MMA_I4(M8n8k32, 32, AM8K32I4, BK32I4, CM8S32)
PTXWARP_MMA_I4(M16n8k32, 32, AK32I4, BK32I4, CS32)
PTXWARP_MMA_I4(M16n8k64, 64, AK64I4, BK64I4, CS32)
#undef PTXWARP_MMA_I4
#define PTXWARP_MMA_B1(Shape, K, A, B, C)                                      \
  PTXWARP_MMA_PACKED(mma##Shape##S32B1Xor, K, A, B, C, B1, B1, false, false)   \
  PTXWARP_MMA_PACKED(mma##Shape##S32B1And, K, A, B, C, B1, B1, false, true)
PTXWARP_MMA_B1(M8n8k128, 128, AM8K128B1, BK128B1, CM8S32)
PTXWARP_MMA_B1(M16n8k128, 128, AK128B1, BK128B1, CS32)
PTXWARP_MMA_B1(M16n8k256, 256, AK256B1, BK256B1, CS32)
#undef PTXWARP_MMA_B1
#undef PTXWARP_MMA_PACKED

// .e4m3/.e5m2 A and B (sm_89): the fragments of the .s8/.u8 forms of the
// same shape ("Matrix Fragments for mma.m16n8k16 with integer type" and
// "... mma.m16n8k32" list .e4m3/.e5m2 beside .u8/.s8), four elements to a
// .b32; the numerics of the other floating forms (file comment), each
// element exact in the accumulator type.
#define PTXWARP_MMA_F8(Name, K, A, B, C, AT, BT, CT)                           \
  void Name(const CollectiveIn &In, CollectiveOut &Out) {                      \
    runMma({K, A, B, C, ElemType::AT, ElemType::BT, ElemType::CT, false, RNE}, \
           In, Out);                                                           \
  }
#define PTXWARP_MMA_F8_SHAPE(Shape, K, A, B)                                   \
  PTXWARP_MMA_F8(mma##Shape##F32E4m3E4m3, K, A, B, CF32, E4M3, E4M3, F32)      \
  PTXWARP_MMA_F8(mma##Shape##F32E4m3E5m2, K, A, B, CF32, E4M3, E5M2, F32)      \
  PTXWARP_MMA_F8(mma##Shape##F32E5m2E4m3, K, A, B, CF32, E5M2, E4M3, F32)      \
  PTXWARP_MMA_F8(mma##Shape##F32E5m2E5m2, K, A, B, CF32, E5M2, E5M2, F32)      \
  PTXWARP_MMA_F8(mma##Shape##F16E4m3E4m3, K, A, B, CF16, E4M3, E4M3, F16)      \
  PTXWARP_MMA_F8(mma##Shape##F16E4m3E5m2, K, A, B, CF16, E4M3, E5M2, F16)      \
  PTXWARP_MMA_F8(mma##Shape##F16E5m2E4m3, K, A, B, CF16, E5M2, E4M3, F16)      \
  PTXWARP_MMA_F8(mma##Shape##F16E5m2E5m2, K, A, B, CF16, E5M2, E5M2, F16)
PTXWARP_MMA_F8_SHAPE(M16n8k16, 16, AK16I8, BK16I8)
PTXWARP_MMA_F8_SHAPE(M16n8k32, 32, AK32I8, BK32I8)
#undef PTXWARP_MMA_F8_SHAPE
#undef PTXWARP_MMA_F8

} // namespace interp
} // namespace ptxwarp
