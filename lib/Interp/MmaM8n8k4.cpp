//===- MmaM8n8k4.cpp - mma.sync.aligned.m8n8k4 with .f16 A and B ----------===//
//
// mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype (PTX ISA
// 9.7.14.5.14; fragments: 9.7.14.5.1 "Matrix Fragments for mma.m8n8k4 with
// .f16 floating point type", Figures 46-52). Unlike every other mma form,
// the warp computes FOUR independent 8x8x4 products: computation q (0..3)
// belongs to lanes 4q..4q+3 (the low group) and 16+4q..16+4q+3 (the high
// group). Within a computation, with t = %laneid % 4 and h = 4 for the high
// group (0 for the low one):
//   A (two .f16x2 registers, a0..a3): row-major row t + h, column i;
//     column-major row i + h, column t.
//   B (two .f16x2 registers, b0..b3): row-major row t, column i + h;
//     column-major row i, column t + h.
//   C/D .f16 (four .f16x2 registers, c0..c7): row t + h, column i.
//   C/D .f32 (eight .f32 registers, c0..c7): row (%laneid & 1) + (i & 2) + h,
//     column (i & 4) + (%laneid & 2) + (i & 1).
// Both layouts of A and B are accepted (the other .f16 forms are .row.col
// only), so each row of lib/ISA/td/Forms/Matrix.td names its own function.
//
// Operands and numerics are those of MatrixOps.cpp's file comment (and
// README's mma numeric model): a, b, c registers in that order; each d
// element is the k-order chain of fused multiply-adds rounded to nearest
// even to the accumulator, which is .dtype. For .f32.f16.f16.f16 the .f16
// c element is first widened (exactly) to .f32. Undefined elements and the
// .aligned whole-warp contract as there: an element held by a lane outside
// Active, or in an undefined register, is undefined, and so is every d
// element that reads it; lanes outside Active get no result.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/MatrixOps.h"

#include "MmaFragments.h"
#include "MmaNumerics.h"

#include "llvm/ADT/APFloat.h"

#include <cassert>
#include <cstdint>

namespace ptxwarp {
namespace interp {

namespace {

using mmafrag::RowCol;
using mmanum::Element;
using mmanum::ElemType;

struct M8n8k4Form {
  bool ARowMajor, BRowMajor;
  bool DF32, CF32;
};

unsigned highOffset(unsigned Lane) { return Lane >= 16 ? 4 : 0; }

RowCol posA(bool RowMajor, unsigned Lane, unsigned I) {
  unsigned H = highOffset(Lane);
  if (RowMajor)
    return {Lane % 4 + H, I};
  return {I % 4 + H, Lane % 4};
}

RowCol posB(bool RowMajor, unsigned Lane, unsigned I) {
  unsigned H = highOffset(Lane);
  if (RowMajor)
    return {Lane % 4, I + H};
  return {I, Lane % 4 + H};
}

RowCol posC(bool F32, unsigned Lane, unsigned I) {
  unsigned H = highOffset(Lane);
  if (!F32)
    return {Lane % 4 + H, I};
  return {(Lane & 1) + (I & 2) + H, (I & 4) + (Lane & 2) + (I & 1)};
}

/// Element \p I of a fragment of 16-bit (or, \p Wide, 32-bit) elements whose
/// first register is source \p First, in lane \p Lane.
Element fragmentElement(const CollectiveIn &In, unsigned First, bool Wide,
                        unsigned Lane, unsigned I) {
  unsigned Reg = First + (Wide ? I : I / 2);
  unsigned Shift = Wide ? 0 : (I % 2) * 16;
  uint64_t Mask = Wide ? 0xffffffffu : 0xffffu;
  Element E;
  E.Bits = (In.Src[Reg][Lane] >> Shift) & Mask;
  E.Undef = !hasLane(In.S.Active & ~In.SrcUndef[Reg], Lane);
  return E;
}

/// An f16 accumulator element as an f32 (exact).
uint64_t widenF16(uint64_t Bits) {
  llvm::APFloat V(llvm::APFloat::IEEEhalf(), llvm::APInt(16, Bits));
  bool LosesInfo = false;
  V.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &LosesInfo);
  return V.bitcastToAPInt().getZExtValue();
}

void runM8n8k4(const M8n8k4Form &F, const CollectiveIn &In,
               CollectiveOut &Out) {
  // Sources: a 0-1, b 2-3, c 4-7 (.f16) or 4-11 (.f32).
  assert(In.NumSrc == 4u + (F.CF32 ? 8u : 4u) && "mma operands: a, b and c");
  const unsigned DRegs = F.DF32 ? 8 : 4;
  const mmanum::Numerics Num{4,
                             ElemType::F16,
                             ElemType::F16,
                             F.DF32 ? ElemType::F32 : ElemType::F16,
                             false,
                             llvm::RoundingMode::NearestTiesToEven};
  Out.NumDst = DRegs;
  for (unsigned R = 0; R < DRegs; ++R) {
    Out.Dst[R] = {};
    Out.DstUndef[R] = 0;
  }
  for (unsigned Q = 0; Q < 4; ++Q) {
    Element A[8][4], B[4][8], C[8][8];
    uint64_t D[8][8];
    bool DUndef[8][8];
    unsigned Lanes[8];
    for (unsigned J = 0; J < 8; ++J)
      Lanes[J] = (J < 4 ? 0 : 16) + 4 * Q + J % 4;
    for (unsigned Lane : Lanes) {
      for (unsigned I = 0; I < 4; ++I) {
        RowCol P = posA(F.ARowMajor, Lane, I);
        A[P.Row][P.Col] = fragmentElement(In, 0, false, Lane, I);
        P = posB(F.BRowMajor, Lane, I);
        B[P.Row][P.Col] = fragmentElement(In, 2, false, Lane, I);
      }
      for (unsigned I = 0; I < 8; ++I) {
        RowCol P = posC(F.CF32, Lane, I);
        Element E = fragmentElement(In, 4, F.CF32, Lane, I);
        if (F.DF32 && !F.CF32)
          E.Bits = widenF16(E.Bits);
        C[P.Row][P.Col] = E;
      }
    }
    for (unsigned R = 0; R < 8; ++R) {
      for (unsigned Col = 0; Col < 8; ++Col) {
        bool Undef = C[R][Col].Undef;
        for (unsigned K = 0; K < 4; ++K)
          Undef |= A[R][K].Undef || B[K][Col].Undef;
        DUndef[R][Col] = Undef;
        D[R][Col] =
            mmanum::floatElement(Num, A[R], &B[0][Col], 8, C[R][Col].Bits);
      }
    }
    for (unsigned Lane : Lanes) {
      if (!hasLane(In.S.Active, Lane))
        continue;
      for (unsigned I = 0; I < 8; ++I) {
        RowCol P = posC(F.DF32, Lane, I);
        unsigned Reg = F.DF32 ? I : I / 2;
        unsigned Shift = F.DF32 ? 0 : (I % 2) * 16;
        Out.Dst[Reg][Lane] |= D[P.Row][P.Col] << Shift;
        if (DUndef[P.Row][P.Col])
          Out.DstUndef[Reg] |= LaneMask(1) << Lane;
      }
    }
  }
}

} // namespace

#define PTXWARP_MMA_M8N8K4(AL, BL, DC, ARow, BRow, DF32, CF32)                 \
  void mmaM8n8k4##AL##BL##DC(const CollectiveIn &In, CollectiveOut &Out) {     \
    runM8n8k4({ARow, BRow, DF32, CF32}, In, Out);                              \
  }
#define PTXWARP_MMA_M8N8K4_TYPES(AL, BL, ARow, BRow)                           \
  PTXWARP_MMA_M8N8K4(AL, BL, F16F16, ARow, BRow, false, false)                 \
  PTXWARP_MMA_M8N8K4(AL, BL, F32F16, ARow, BRow, true, false)                  \
  PTXWARP_MMA_M8N8K4(AL, BL, F32F32, ARow, BRow, true, true)
PTXWARP_MMA_M8N8K4_TYPES(Row, Row, true, true)
PTXWARP_MMA_M8N8K4_TYPES(Row, Col, true, false)
PTXWARP_MMA_M8N8K4_TYPES(Col, Row, false, true)
PTXWARP_MMA_M8N8K4_TYPES(Col, Col, false, false)
#undef PTXWARP_MMA_M8N8K4_TYPES
#undef PTXWARP_MMA_M8N8K4

} // namespace interp
} // namespace ptxwarp
