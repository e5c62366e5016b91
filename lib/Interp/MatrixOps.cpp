//===- MatrixOps.cpp - Semantics of the warp-level matrix instructions ----===//
//
// The home of every warp-level matrix instruction's semantics (movmatrix
// now; ldmatrix, stmatrix, mma and wmma fragments later): pure functions over
// the whole warp's registers with the collective signature of
// ptxwarp/Interp/Collective.h, so that each family is its table entry plus
// one function here.
//
// The fragment layouts are the PTX ISA's (section numbers of PTX ISA 9.2):
// 9.7.14.5.17 "Warp-level matrix transpose instruction: movmatrix", Figures
// 109 (source) and 110 (result).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Collective.h"

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

} // namespace interp
} // namespace ptxwarp
