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
// (m8n8k4 with .f16 A and B, four independent products by 8 lanes each, is
// in MmaM8n8k4.cpp.)
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
// before multiplication is issued"); the mma text does not say.
// .e4m3/.e5m2 inputs (and .kind::f8f6f4's .e3m2/.e2m3/.e2m1, read from
// their 8-bit containers: .e2m1 in bits 2..5, the fp6 types in bits 0..5,
// the padding bits ignored; PTX ISA 9.7.14.5.14) are widened exactly to the
// accumulator type, so every product is exact. (So a
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
#include "MmaFragments.h"
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

using namespace mmafrag;

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
  if (T == ElemType::E3M2 || T == ElemType::E2M3 || T == ElemType::E2M1) {
    // The code sits in its 8-bit container (PTX ISA 9.7.14.5.14): .e2m1 in
    // bits 2..5, .e3m2/.e2m3 in bits 0..5; the padding bits are ignored.
    // Every value is finite and exact in a double and in every accumulator.
    ir::SmallFormat F = T == ElemType::E3M2   ? ir::SmallFormat::E3M2
                        : T == ElemType::E2M3 ? ir::SmallFormat::E2M3
                                              : ir::SmallFormat::E2M1;
    uint8_t Code =
        T == ElemType::E2M1 ? uint8_t((Bits >> 2) & 0xf) : uint8_t(Bits & 0x3f);
    llvm::APFloat V(decodeF8(F, Code));
    bool LosesInfo = false;
    V.convert(Acc, llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
    assert(!LosesInfo && "fp6/fp4 values are exact in every accumulator");
    return V;
  }
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

  scatterAccumulator(F.C, D, DUndef, In, Out);
}

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

// .kind::f8f6f4 (sm_100a/sm_120a families): m16n8k32 with any two of
// .e4m3/.e5m2/.e3m2/.e2m3/.e2m1 as A and B, .f32 or .f16 accumulators. The
// fragments are those of the .e4m3/.e5m2 m16n8k32 form (9.7.14.5.10 lists
// every one of these types beside .s8/.u8), one element per byte; the
// numerics are the fp8 forms' (each element exact in the accumulator type).
#define PTXWARP_MMA_KIND_B(CT, CF, A, AT)                                      \
  PTXWARP_MMA_F8(mmaKindM16n8k32##CT##A##E4m3, 32, AK32I8, BK32I8, CF, AT,     \
                 E4M3, CT)                                                     \
  PTXWARP_MMA_F8(mmaKindM16n8k32##CT##A##E5m2, 32, AK32I8, BK32I8, CF, AT,     \
                 E5M2, CT)                                                     \
  PTXWARP_MMA_F8(mmaKindM16n8k32##CT##A##E3m2, 32, AK32I8, BK32I8, CF, AT,     \
                 E3M2, CT)                                                     \
  PTXWARP_MMA_F8(mmaKindM16n8k32##CT##A##E2m3, 32, AK32I8, BK32I8, CF, AT,     \
                 E2M3, CT)                                                     \
  PTXWARP_MMA_F8(mmaKindM16n8k32##CT##A##E2m1, 32, AK32I8, BK32I8, CF, AT,     \
                 E2M1, CT)
#define PTXWARP_MMA_KIND(CT, CF)                                               \
  PTXWARP_MMA_KIND_B(CT, CF, E4m3, E4M3)                                       \
  PTXWARP_MMA_KIND_B(CT, CF, E5m2, E5M2)                                       \
  PTXWARP_MMA_KIND_B(CT, CF, E3m2, E3M2)                                       \
  PTXWARP_MMA_KIND_B(CT, CF, E2m3, E2M3)                                       \
  PTXWARP_MMA_KIND_B(CT, CF, E2m1, E2M1)
PTXWARP_MMA_KIND(F32, CF32)
PTXWARP_MMA_KIND(F16, CF16)
#undef PTXWARP_MMA_KIND
#undef PTXWARP_MMA_KIND_B
#undef PTXWARP_MMA_F8

} // namespace interp
} // namespace ptxwarp
