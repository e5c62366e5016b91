//===- MmaSparse.cpp - mma.sp and mma.sp::ordered_metadata
//-----------------===//
//
// mma.sp{::ordered_metadata}.sync.aligned (PTX ISA 9.0, 9.7.14.6 "Matrix
// multiply-accumulate operation using mma.sp instruction with sparse matrix
// A"; the section numbers shift by one between ISA versions), d, a, b, c,
// e, f: D = A * B + C, where A (16 x K) is structured sparse, half of each
// row zero, and operand a holds only the K/2 stored elements of each row.
// The metadata e says where they sit; the sparsity selector f (a constant)
// says which threads of each group of four hold the metadata.
//
// Operands (MatrixOps.cpp's convention): In.Src holds the a registers, the b
// registers, the c registers, then e and f; Out.Dst the d registers.
//
// Compressed A. Its fragment is the dense mma A fragment of the same type
// with K/2 columns (9.7.14.6.2: "each register containing two non-zero
// .f16 elements out of 4 consecutive elements"; the row/firstcol formulas
// of the ISA 9.x text): m16n8k16 .f16/.bf16 holds A as m16n8k8 does,
// m16n8k32 as m16n8k16; .tf32 m16n8k8 as m16n8k4, m16n8k16 as m16n8k8;
// .s8/.u8 (and .e4m3/.e5m2) m16n8k32 as m16n8k16, m16n8k64 as m16n8k32;
// .s4/.u4 m16n8k64 as m16n8k32, m16n8k128 as m16n8k64. Column j of the
// compressed row is the j-th stored element of the dense row. B, C and D
// are the dense fragments of the full K (the B of m16n8k32 .f16: row
// threadID_in_group * 2 + (i & 1) + 8 * (i >> 1), of m16n8k16 .tf32: row
// threadID_in_group + 4 * i, of m16n8k64 .s8 and m16n8k128 .s4: the packed
// rule of MmaFragments.h; column groupID).
//
// Sparse storage (9.7.14.6.1). A row is cut into chunks; a 4-bit metadata
// field per chunk holds two 2-bit indices, the first (low bits) for the
// first stored element of the chunk, the second (high bits) for the second:
// - .f16/.bf16, .s8/.u8, .e4m3/.e5m2: 2:4, chunks of 4 elements, the index
//   is the element's position in the chunk;
// - .s4/.u4: pair-wise 4:8, chunks of 8 elements, the index names a pair
//   (elements 2 * index and 2 * index + 1), each stored pair two elements;
// - .tf32: 1:2, chunks of 2 elements holding one: the 4-bit field is 0b0100
//   (the first element) or 0b1110 (the second); "any other values result in
//   an undefined behavior".
// Undefined metadata values: .sp: 0b0000, 0b0101, 0b1010, 0b1111 (equal
// indices); .sp::ordered_metadata: all but 0b0100, 0b1000, 0b1001,
// 0b1100, 0b1101, 0b1110 (the indices must increase). Both are reported
// (ub-matrix-operand), as is a sparsity selector outside the shape's range.
//
// Metadata layout (9.7.14.6.2's metadata figures, "Tk: [m..n] in cell
// [x][y..z]": bits m..n of lane k's e index chunk [x][y..z]). The 2 x
// K/CW chunks of rows groupID and groupID + 8 (CW the chunk width) need
// K/CW/4 lanes of the group's four (9.7.14.6.1: one lane, selector 0..3, for
// m16n8k16 .f16 and m16n8k8 .tf32; a pair, selector 0 (T0, T1) or 1 (T2,
// T3), for m16n8k32 .f16, m16n8k16 .tf32, m16n8k32 .s8, m16n8k64 .s4; all
// four, selector 0, for m16n8k64 .s8 and .e4m3/.e5m2, m16n8k128 .s4). With
// n such lanes, chunk c of row r is held by the lane with threadID_in_group
// f * n + c / 4, in bits [B + 4 * (c % 4) + 3 : B + 4 * (c % 4)], B = 0 for
// row groupID and 16 for row groupID + 8: each lane covers four consecutive
// chunks of both rows. The metadata of the other lanes is not read.
//
// Numerics: those of mma (MatrixOps.cpp's file comment) over the stored
// elements only: acc = c; for each stored element of the row in increasing
// column order, acc = fma(a, b[column], acc), rounded to the accumulator type;
// the integer forms take the exact sum, wrapped or (.satfinite) clamped. The
// zeros of A are not multiplied (so B's elements at columns the metadata does
// not name take no part: an infinity there gives no NaN, an undefined value
// there no undefined result).
//
// Undefined values: d[r][c] is undefined when c[r][c], a stored element of
// row r, the B element it multiplies, or the metadata lane of row r's
// chunks is undefined (or outside Active).
//
//===----------------------------------------------------------------------===//

#include "MmaFragments.h"
#include "MmaNumerics.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cassert>
#include <string>

namespace ptxwarp {
namespace interp {

using namespace mmafrag;

namespace {

/// How A's rows are cut into chunks (see the file comment).
enum class Granule : uint8_t {
  TwoOfFour,    ///< 2:4, a 2-bit index per stored element.
  PairsOfEight, ///< 4:8 in pairs, a 2-bit index per stored pair.
  OneOfTwo,     ///< .tf32 1:2, a 4-bit field per chunk.
};

struct SparseForm {
  MmaForm Dense; ///< K is A's full K; Dense.A the compressed A's fragment.
  Granule G;
  bool Ordered;
  const char *Name; ///< For messages: "m16n8k16 .f16".
};

unsigned chunkWidth(Granule G) {
  return G == Granule::TwoOfFour ? 4 : G == Granule::PairsOfEight ? 8 : 2;
}

std::string binary4(unsigned V) {
  std::string S = "0b";
  for (int B = 3; B >= 0; --B)
    S += char('0' + ((V >> B) & 1));
  return S;
}

/// Why the 4-bit metadata field \p V is undefined, or null when it is not.
const char *badField(const SparseForm &F, unsigned V) {
  if (F.G == Granule::OneOfTwo)
    return V == 0x4 || V == 0xe ? nullptr
                                : ".tf32 takes only 0b0100 and 0b1110";
  unsigned I0 = V & 3, I1 = V >> 2;
  if (F.Ordered)
    return I0 < I1 ? nullptr
                   : ".sp::ordered_metadata needs two increasing indices";
  return I0 != I1 ? nullptr : "its two indices are equal";
}

void runMmaSp(const SparseForm &F, const CollectiveIn &In, CollectiveOut &Out) {
  const MmaForm &M = F.Dense;
  const unsigned ERegIdx = M.A.Regs + M.B.Regs + M.C.Regs;
  assert(In.NumSrc == ERegIdx + 2 && "mma.sp operands: a, b, c, e and f");
  const unsigned K = M.K, CW = chunkWidth(F.G), Chunks = K / CW;
  const unsigned PerGroup = Chunks / 4; // metadata lanes of each group
  Out.NumDst = M.C.Regs;
  const LaneMask Active = In.S.Active;
  if (!Active)
    return;

  // The sparsity selector: a constant, the same in every lane.
  const unsigned FirstLane = unsigned(__builtin_ctz(Active));
  const uint64_t Sel = In.Src[ERegIdx + 1][FirstLane];
  if (Sel * PerGroup + PerGroup > 4) {
    Out.UBLanes = Active;
    Out.UB = (llvm::Twine("sparsity selector ") + llvm::Twine(Sel) +
              " is undefined for " + F.Name + " (" +
              (PerGroup == 1   ? "one thread of each group of four holds the "
                                 "metadata: 0..3"
               : PerGroup == 2 ? "a thread pair holds the metadata: 0 or 1"
                               : "all four threads hold the metadata: 0") +
              ")")
                 .str();
    return;
  }

  Element Ac[MmaM][MaxK / 2], B[MaxK][MmaN], C[MmaM][MmaN];
  gather(In, M.A, 0, &Ac[0][0], MaxK / 2);
  gather(In, M.B, M.A.Regs, &B[0][0], MmaN);
  gather(In, M.C, M.A.Regs + M.B.Regs, &C[0][0], MmaN);

  // Where each stored element of each row sits in the dense row.
  unsigned Col[MmaM][MaxK / 2];
  bool MetaUndef[MmaM] = {};
  const LaneArray<uint64_t> &E = In.Src[ERegIdx];
  const LaneMask EDefined = Active & ~In.SrcUndef[ERegIdx];
  for (unsigned R = 0; R < MmaM; ++R) {
    for (unsigned Ch = 0; Ch < Chunks; ++Ch) {
      unsigned Lane = 4 * (R % 8) + unsigned(Sel) * PerGroup + Ch / 4;
      unsigned Bit = (R >= 8 ? 16 : 0) + 4 * (Ch % 4);
      unsigned V = unsigned(E[Lane] >> Bit) & 0xf;
      if (!hasLane(EDefined, Lane)) {
        MetaUndef[R] = true;
        V = 0x4; // Valid for every granule; the row's results are undefined.
      } else if (const char *Why = badField(F, V)) {
        Out.UBLanes |= LaneMask(1) << Lane;
        if (Out.UB.empty())
          Out.UB =
              (llvm::Twine("metadata ") + binary4(V) + " in bits [" +
               llvm::Twine(Bit + 3) + ":" + llvm::Twine(Bit) + "] of lane " +
               llvm::Twine(Lane) + " (row " + llvm::Twine(R) + ", columns " +
               llvm::Twine(Ch * CW) + ".." + llvm::Twine(Ch * CW + CW - 1) +
               " of A) is undefined for " +
               (F.Ordered ? "mma.sp::ordered_metadata " : "mma.sp ") + F.Name +
               ": " + Why)
                  .str();
        continue;
      }
      unsigned I0 = V & 3, I1 = V >> 2;
      switch (F.G) {
      case Granule::TwoOfFour:
        Col[R][2 * Ch] = Ch * 4 + I0;
        Col[R][2 * Ch + 1] = Ch * 4 + I1;
        break;
      case Granule::PairsOfEight:
        for (unsigned J = 0; J < 2; ++J) {
          Col[R][4 * Ch + J] = Ch * 8 + 2 * I0 + J;
          Col[R][4 * Ch + 2 + J] = Ch * 8 + 2 * I1 + J;
        }
        break;
      case Granule::OneOfTwo:
        Col[R][Ch] = Ch * 2 + (V == 0xe ? 1 : 0);
        break;
      }
    }
  }
  if (Out.UBLanes) {
    if (unsigned More = unsigned(__builtin_popcount(Out.UBLanes)) - 1)
      Out.UB += " (and the metadata of " + std::to_string(More) +
                (More == 1 ? " more lane)" : " more lanes)");
    return;
  }

  const unsigned Stored = K / 2;
  mmanum::Numerics Num = M.numerics();
  Num.K = Stored;
  const bool IsInt = M.CType == ElemType::S32;
  uint64_t D[MmaM][MmaN];
  bool DUndef[MmaM][MmaN];
  for (unsigned R = 0; R < MmaM; ++R) {
    // The stored elements in increasing column order (.sp may name a
    // chunk's two in either order).
    unsigned Order[MaxK / 2];
    for (unsigned J = 0; J < Stored; ++J)
      Order[J] = J;
    for (unsigned J = 0; J + 1 < Stored; J += 2)
      if (F.G == Granule::TwoOfFour && Col[R][J] > Col[R][J + 1])
        std::swap(Order[J], Order[J + 1]);
    if (F.G == Granule::PairsOfEight)
      for (unsigned J = 0; J < Stored; J += 4)
        if (Col[R][J] > Col[R][J + 2]) {
          std::swap(Order[J], Order[J + 2]);
          std::swap(Order[J + 1], Order[J + 3]);
        }
    Element As[MaxK / 2];
    for (unsigned J = 0; J < Stored; ++J)
      As[J] = Ac[R][Order[J]];
    for (unsigned N = 0; N < MmaN; ++N) {
      Element Bs[MaxK / 2];
      bool Undef = C[R][N].Undef || MetaUndef[R];
      for (unsigned J = 0; J < Stored; ++J) {
        Bs[J] = B[Col[R][Order[J]]][N];
        Undef |= As[J].Undef || Bs[J].Undef;
      }
      DUndef[R][N] = Undef;
      D[R][N] = IsInt ? mmanum::intElement(Num, As, Bs, 1, C[R][N].Bits)
                      : mmanum::floatElement(Num, As, Bs, 1, C[R][N].Bits);
    }
  }
  scatterAccumulator(M.C, D, DUndef, In, Out);
}

// The B fragments no dense form has (file comment).
RowCol posBK32F16(unsigned G, unsigned T, unsigned I) {
  return {T * 2 + (I & 1) + 8 * (I >> 1), G};
}
constexpr Fragment BK32F16{4, 2, 16, posBK32F16},
    BK16Tf32{4, 1, 32, posBK16F64}, BK64I8{4, 4, 8, posBPacked<8>},
    BK128I4{4, 8, 4, posBPacked<4>};

constexpr auto RNE = llvm::RoundingMode::NearestTiesToEven;

} // namespace

#define PTXWARP_MMA_SP(Name, Ord, K, A, B, C, AT, BT, CT, Sat, G, Text)        \
  void Name(const CollectiveIn &In, CollectiveOut &Out) {                      \
    runMmaSp(                                                                  \
        {{K, A, B, C, ElemType::AT, ElemType::BT, ElemType::CT, Sat, RNE},     \
         Granule::G,                                                           \
         Ord,                                                                  \
         Text},                                                                \
        In, Out);                                                              \
  }

#define PTXWARP_MMA_SP_FLOAT(V, Ord)                                           \
  PTXWARP_MMA_SP(mma##V##M16n8k16F32F16, Ord, 16, AK8F16, BK16F16, CF32, F16,  \
                 F16, F32, false, TwoOfFour, "m16n8k16 .f16")                  \
  PTXWARP_MMA_SP(mma##V##M16n8k16F16F16, Ord, 16, AK8F16, BK16F16, CF16, F16,  \
                 F16, F16, false, TwoOfFour, "m16n8k16 .f16")                  \
  PTXWARP_MMA_SP(mma##V##M16n8k32F32F16, Ord, 32, AK16F16, BK32F16, CF32, F16, \
                 F16, F32, false, TwoOfFour, "m16n8k32 .f16")                  \
  PTXWARP_MMA_SP(mma##V##M16n8k32F16F16, Ord, 32, AK16F16, BK32F16, CF16, F16, \
                 F16, F16, false, TwoOfFour, "m16n8k32 .f16")                  \
  PTXWARP_MMA_SP(mma##V##M16n8k16F32Bf16, Ord, 16, AK8F16, BK16F16, CF32,      \
                 Bf16, Bf16, F32, false, TwoOfFour, "m16n8k16 .bf16")          \
  PTXWARP_MMA_SP(mma##V##M16n8k32F32Bf16, Ord, 32, AK16F16, BK32F16, CF32,     \
                 Bf16, Bf16, F32, false, TwoOfFour, "m16n8k32 .bf16")          \
  PTXWARP_MMA_SP(mma##V##M16n8k8F32Tf32, Ord, 8, AK4Tf32, BK8Tf32, CF32, Tf32, \
                 Tf32, F32, false, OneOfTwo, "m16n8k8 .tf32")                  \
  PTXWARP_MMA_SP(mma##V##M16n8k16F32Tf32, Ord, 16, AK8Tf32, BK16Tf32, CF32,    \
                 Tf32, Tf32, F32, false, OneOfTwo, "m16n8k16 .tf32")           \
  PTXWARP_MMA_SP(mma##V##M16n8k64F32E4m3E4m3, Ord, 64, AK32I8, BK64I8, CF32,   \
                 E4M3, E4M3, F32, false, TwoOfFour, "m16n8k64 .e4m3")          \
  PTXWARP_MMA_SP(mma##V##M16n8k64F32E4m3E5m2, Ord, 64, AK32I8, BK64I8, CF32,   \
                 E4M3, E5M2, F32, false, TwoOfFour, "m16n8k64 .e4m3")          \
  PTXWARP_MMA_SP(mma##V##M16n8k64F32E5m2E4m3, Ord, 64, AK32I8, BK64I8, CF32,   \
                 E5M2, E4M3, F32, false, TwoOfFour, "m16n8k64 .e5m2")          \
  PTXWARP_MMA_SP(mma##V##M16n8k64F32E5m2E5m2, Ord, 64, AK32I8, BK64I8, CF32,   \
                 E5M2, E5M2, F32, false, TwoOfFour, "m16n8k64 .e5m2")

#define PTXWARP_MMA_SP_INT4(V, Ord, Shape, K, A, B, AT, BT, G, Text)           \
  PTXWARP_MMA_SP(mma##V##Shape##S32##AT##BT, Ord, K, A, B, CS32, AT, BT, S32,  \
                 false, G, Text)                                               \
  PTXWARP_MMA_SP(mma##V##Shape##S32##AT##BT##Satfinite, Ord, K, A, B, CS32,    \
                 AT, BT, S32, true, G, Text)
#define PTXWARP_MMA_SP_INT(V, Ord, Shape, K, A, B, S, U, G, Text)              \
  PTXWARP_MMA_SP_INT4(V, Ord, Shape, K, A, B, S, S, G, Text)                   \
  PTXWARP_MMA_SP_INT4(V, Ord, Shape, K, A, B, S, U, G, Text)                   \
  PTXWARP_MMA_SP_INT4(V, Ord, Shape, K, A, B, U, S, G, Text)                   \
  PTXWARP_MMA_SP_INT4(V, Ord, Shape, K, A, B, U, U, G, Text)
#define PTXWARP_MMA_SP_ALL(V, Ord)                                             \
  PTXWARP_MMA_SP_FLOAT(V, Ord)                                                 \
  PTXWARP_MMA_SP_INT(V, Ord, M16n8k32, 32, AK16I8, BK32I8, S8, U8, TwoOfFour,  \
                     "m16n8k32 .s8/.u8")                                       \
  PTXWARP_MMA_SP_INT(V, Ord, M16n8k64, 64, AK32I8, BK64I8, S8, U8, TwoOfFour,  \
                     "m16n8k64 .s8/.u8")                                       \
  PTXWARP_MMA_SP_INT(V, Ord, M16n8k64, 64, AK32I4, BK64I4, S4, U4,             \
                     PairsOfEight, "m16n8k64 .s4/.u4")                         \
  PTXWARP_MMA_SP_INT(V, Ord, M16n8k128, 128, AK64I4, BK128I4, S4, U4,          \
                     PairsOfEight, "m16n8k128 .s4/.u4")

PTXWARP_MMA_SP_ALL(Sp, false)
PTXWARP_MMA_SP_ALL(SpOrd, true)

// .sp::ordered_metadata with .f16 accumulators and .e4m3/.e5m2 A and B (the
// sm_120a family).
PTXWARP_MMA_SP(mmaSpOrdM16n8k64F16E4m3E4m3, true, 64, AK32I8, BK64I8, CF16,
               E4M3, E4M3, F16, false, TwoOfFour, "m16n8k64 .e4m3")
PTXWARP_MMA_SP(mmaSpOrdM16n8k64F16E4m3E5m2, true, 64, AK32I8, BK64I8, CF16,
               E4M3, E5M2, F16, false, TwoOfFour, "m16n8k64 .e4m3")
PTXWARP_MMA_SP(mmaSpOrdM16n8k64F16E5m2E4m3, true, 64, AK32I8, BK64I8, CF16,
               E5M2, E4M3, F16, false, TwoOfFour, "m16n8k64 .e5m2")
PTXWARP_MMA_SP(mmaSpOrdM16n8k64F16E5m2E5m2, true, 64, AK32I8, BK64I8, CF16,
               E5M2, E5M2, F16, false, TwoOfFour, "m16n8k64 .e5m2")

#undef PTXWARP_MMA_SP_ALL
#undef PTXWARP_MMA_SP_INT
#undef PTXWARP_MMA_SP_INT4
#undef PTXWARP_MMA_SP_FLOAT
#undef PTXWARP_MMA_SP

} // namespace interp
} // namespace ptxwarp
