//===- MmaFragments.h - mma's fragment layouts, shared by mma and mma.sp -*- C++
//-*-===//
//
// The fragment layouts of mma.sync (lib/Interp/MatrixOps.cpp's file comment
// cites the PTX ISA figures each comes from): where element I of the fragment
// held by the lane with groupID G and threadID_in_group T sits in its matrix,
// the fragments as (registers, elements per register, width, layout), and
// the helpers that gather a fragment into a matrix and scatter the
// accumulator back. mma.sp (MmaSparse.cpp) reuses them: its compressed A
// has the layout of the dense A with half the K. Private to lib/Interp.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_MMAFRAGMENTS_H
#define PTXWARP_LIB_INTERP_MMAFRAGMENTS_H

#include "MmaNumerics.h"
#include "ptxwarp/Interp/Collective.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {
namespace mmafrag {

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
inline RowCol posC(unsigned G, unsigned T, unsigned I) {
  return {I < 2 ? G : G + 8, T * 2 + (I & 1)};
}
// m16n8k16 A, .f16/.bf16 (Figure 79): row groupID for 0 <= i < 2 or
// 4 <= i < 6, else groupID + 8; column threadID_in_group * 2 + (i & 0x1),
// plus 8 for i >= 4.
inline RowCol posAK16F16(unsigned G, unsigned T, unsigned I) {
  bool LowRow = I < 2 || (I >= 4 && I < 6);
  return {LowRow ? G : G + 8, T * 2 + (I & 1) + (I >= 4 ? 8 : 0)};
}
// m16n8k16 B, .f16/.bf16 (Figure 81): row threadID_in_group * 2 + (i & 0x1),
// plus 8 for i >= 2; column groupID.
inline RowCol posBK16F16(unsigned G, unsigned T, unsigned I) {
  return {T * 2 + (I & 1) + (I >= 2 ? 8 : 0), G};
}
// m16n8k8 A, .f16/.bf16 (Figure 71): row groupID for a0, a1, groupID + 8
// for a2, a3; column threadID_in_group * 2 + (i & 0x1).
inline RowCol posAK8F16(unsigned G, unsigned T, unsigned I) {
  return {I < 2 ? G : G + 8, T * 2 + (I & 1)};
}
// m16n8k8 B, .f16/.bf16 (Figure 74): row threadID_in_group * 2 + i; column
// groupID.
inline RowCol posBK8F16(unsigned G, unsigned T, unsigned I) {
  return {T * 2 + I, G};
}
// m16n8k8 A, .tf32 and .f64 (Figures 72, 73): row groupID for a0, a2,
// groupID + 8 for a1, a3; column threadID_in_group for a0, a1, plus 4 for
// a2, a3.
inline RowCol posAK8W(unsigned G, unsigned T, unsigned I) {
  return {I % 2 == 0 ? G : G + 8, I < 2 ? T : T + 4};
}
// m16n8k8 B, .tf32 and .f64 (Figures 75, 76): row threadID_in_group for b0,
// plus 4 for b1; column groupID.
inline RowCol posBK8W(unsigned G, unsigned T, unsigned I) {
  return {I == 0 ? T : T + 4, G};
}
// m16n8k16 A, .f64 (Figure 80): row groupID for even i, groupID + 8 for odd
// i; column i * 2 + threadID_in_group for even i, i * 2 - 2 +
// threadID_in_group for odd i.
inline RowCol posAK16F64(unsigned G, unsigned T, unsigned I) {
  if (I % 2 == 0)
    return {G, I * 2 + T};
  return {G + 8, I * 2 - 2 + T};
}
// m16n8k16 B, .f64 (Figure 82): row threadID_in_group + i * 4; column
// groupID.
inline RowCol posBK16F64(unsigned G, unsigned T, unsigned I) {
  return {T + I * 4, G};
}
// m16n8k16 A, .s8/.u8 (Figure 84): row groupID for i < 4, groupID + 8
// otherwise; column threadID_in_group * 4 + (i & 0x3).
inline RowCol posAK16I8(unsigned G, unsigned T, unsigned I) {
  return {I < 4 ? G : G + 8, T * 4 + (I & 3)};
}
// m16n8k16 B, .s8/.u8 (Figure 85): row threadID_in_group * 4 + i; column
// groupID.
inline RowCol posBK16I8(unsigned G, unsigned T, unsigned I) {
  return {T * 4 + I, G};
}
// m16n8k32 A, .s8/.u8 (Figure 88): row groupID for 0 <= i < 4 or
// 8 <= i < 12, else groupID + 8; column threadID_in_group * 4 + (i & 0x3),
// plus 16 for i >= 8.
inline RowCol posAK32I8(unsigned G, unsigned T, unsigned I) {
  bool LowRow = I < 4 || (I >= 8 && I < 12);
  return {LowRow ? G : G + 8, T * 4 + (I & 3) + (I >= 8 ? 16 : 0)};
}
// m16n8k32 B, .s8/.u8 (Figures 90, 91): row threadID_in_group * 4 +
// (i & 0x3), plus 16 for i >= 4; column groupID.
inline RowCol posBK32I8(unsigned G, unsigned T, unsigned I) {
  return {T * 4 + (I & 3) + (I >= 4 ? 16 : 0), G};
}

// m16n8k4 A, .tf32 and .f64 (Figures 65, 66): row groupID for a0,
// groupID + 8 for a1; column threadID_in_group.
inline RowCol posAK4(unsigned G, unsigned T, unsigned I) {
  return {I == 0 ? G : G + 8, T};
}
// m16n8k4 B, .tf32 and .f64 (Figures 67, 68), and m8n8k4 B, .f64 (Figure
// 54: row %laneid % 4, column %laneid >> 2): row threadID_in_group, column
// groupID.
inline RowCol posBK4(unsigned G, unsigned T, unsigned) { return {T, G}; }
// m8n8k4 A, .f64 (Figure 53): row %laneid >> 2, column %laneid % 4.
// Its accumulators (Figure 55) are posC's c0 and c1 (row groupID).
inline RowCol posAM8K4(unsigned G, unsigned T, unsigned) { return {G, T}; }

// m8n8k16 A, .s8/.u8 (Figure 56): row groupID, column threadID_in_group * 4 +
// i. Its B (Figure 57) is posBK16I8's, its C/D (Figure 58) posC's c0 and c1.
inline RowCol posAM8K16I8(unsigned G, unsigned T, unsigned I) {
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
template <unsigned W>
inline RowCol posAPacked(unsigned G, unsigned T, unsigned I) {
  constexpr unsigned P = 32 / W;
  unsigned R = I / P;
  return {R % 2 ? G + 8 : G, T * P + I % P + (R / 2) * 4 * P};
}
template <unsigned W>
inline RowCol posBPacked(unsigned G, unsigned T, unsigned I) {
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

inline constexpr unsigned MmaM = 16, MmaN = 8, MaxK = 256;

/// Reads the fragment \p F of the operand whose first register is source
/// \p First into the row-major matrix \p M with \p Cols columns.
inline void gather(const CollectiveIn &In, const Fragment &F, unsigned First,
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

// Fragments (registers, elements per register, width, layout).
inline constexpr Fragment AK16F16{4, 2, 16, posAK16F16},
    BK16F16{2, 2, 16, posBK16F16}, AK8F16{2, 2, 16, posAK8F16},
    BK8F16{1, 2, 16, posBK8F16}, AK8Tf32{4, 1, 32, posAK8W},
    BK8Tf32{2, 1, 32, posBK8W}, AK8F64{4, 1, 64, posAK8W},
    BK8F64{2, 1, 64, posBK8W}, AK16F64{8, 1, 64, posAK16F64},
    BK16F64{4, 1, 64, posBK16F64}, AK16I8{2, 4, 8, posAK16I8},
    BK16I8{1, 4, 8, posBK16I8}, AK32I8{4, 4, 8, posAK32I8},
    BK32I8{2, 4, 8, posBK32I8}, CF32{4, 1, 32, posC}, CF16{2, 2, 16, posC},
    CF64{4, 1, 64, posC}, CS32{4, 1, 32, posC}, AK4Tf32{2, 1, 32, posAK4},
    BK4Tf32{1, 1, 32, posBK4}, AK4F64{2, 1, 64, posAK4},
    BK4F64{1, 1, 64, posBK4}, AM8K4F64{1, 1, 64, posAM8K4},
    CM8F64{2, 1, 64, posC}, AM8K16I8{1, 4, 8, posAM8K16I8},
    CM8S32{2, 1, 32, posC}, AK32I4{2, 8, 4, posAPacked<4>},
    BK32I4{1, 8, 4, posBPacked<4>}, AK64I4{4, 8, 4, posAPacked<4>},
    BK64I4{2, 8, 4, posBPacked<4>}, AK128B1{2, 32, 1, posAPacked<1>},
    BK128B1{1, 32, 1, posBPacked<1>}, AK256B1{4, 32, 1, posAPacked<1>},
    BK256B1{2, 32, 1, posBPacked<1>};
// .s4/.u4 and .b1: the m8n8 shapes hold A in one register (row groupID) and
// C/D in two; the m16n8 shapes in two or four, and four.
inline constexpr Fragment AM8K32I4{1, 8, 4, posAPacked<4>},
    AM8K128B1{1, 32, 1, posAPacked<1>};

/// Writes the M x 8 result (M = 16, or 8 for the m8n8 fragments) \p D (and
/// which elements are undefined) into the accumulator fragment \p C of every
/// active lane.
inline void scatterAccumulator(const Fragment &C, const uint64_t (*D)[MmaN],
                               const bool (*DUndef)[MmaN],
                               const CollectiveIn &In, CollectiveOut &Out) {
  Out.NumDst = C.Regs;
  for (unsigned Reg = 0; Reg < C.Regs; ++Reg) {
    Out.Dst[Reg] = {};
    Out.DstUndef[Reg] = 0;
  }
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!hasLane(In.S.Active, Lane))
      continue;
    for (unsigned I = 0; I < C.Regs * C.PerReg; ++I) {
      unsigned Reg = I / C.PerReg;
      RowCol P = C.Pos(Lane >> 2, Lane % 4, I);
      Out.Dst[Reg][Lane] |= D[P.Row][P.Col] << ((I % C.PerReg) * C.Bits);
      if (DUndef[P.Row][P.Col])
        Out.DstUndef[Reg] |= LaneMask(1) << Lane;
    }
  }
}

} // namespace mmafrag
} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_MMAFRAGMENTS_H
