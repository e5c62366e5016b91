//===- LoadMatrix.cpp - ldmatrix / stmatrix: rows <-> fragments -----------===//
//
// PTX ISA 9.0, 9.7.14.5.15 "ldmatrix" and 9.7.14.5.16 "stmatrix", the .m8n8
// .b16 forms. The lowering (lib/Lower/LowerMatrix.cpp) turns the memory
// side into ordinary per-lane row accesses: lane L < 8N loads (ldmatrix) or
// stores (stmatrix) the 16-byte row r = L % 8 of matrix m = L / 8 at the
// address it supplies, as four .b32 words (word w holds elements 2w, 2w+1,
// the lower-numbered element in the low half). The functions here move the
// elements between those rows and the fragments:
//
// - fragment (PTX ISA Figure "ldmatrix fragments"): register m of lane l
//   holds row l/4, elements 2(l%4) and 2(l%4)+1 of matrix m, i.e. word l%4
//   of the row lane 8m + l/4 supplied;
// - .trans: the matrix is read column-major: register m of lane l holds
//   element l/4 of rows 2(l%4) (low half) and 2(l%4)+1 (high half);
// - stmatrix is the inverse map (the row word of lane 8m + r, word w, is
//   register m of lane 4r + w; with .trans, element c of row r is the half
//   r%2 of register m of lane 4c + r/2).
//
// Operands: ldmatrix's destinations are d0..dN-1 and its sources the four
// row words t0..t3 of each lane; stmatrix's destinations are t0..t3 and its
// sources r0..rN-1. Rows of lanes >= 8N are neither read nor written; an
// element read from an undefined word is undefined.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Collective.h"

namespace ptxwarp {
namespace interp {

namespace {

/// Where one b16 element lives: a lane and the bit offset in a 32-bit word.
struct Where {
  unsigned Lane;
  unsigned Shift;
};

/// The row word (lane 8m + r, word w) that holds element c of row r of
/// matrix m, with its half.
Where rowElement(unsigned M, unsigned R, unsigned C) {
  return {8 * M + R, 16 * (C % 2)};
}

/// ldmatrix: each of the N destinations of every active lane.
void loadFragments(const CollectiveIn &In, CollectiveOut &Out, unsigned N,
                   bool Trans) {
  Out.NumDst = N;
  for (unsigned M = 0; M < N; ++M) {
    Out.Dst[M] = {};
    Out.DstUndef[M] = 0;
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!hasLane(In.S.Active, L))
        continue;
      uint64_t D = 0;
      bool Undef = false;
      for (unsigned Half = 0; Half < 2; ++Half) {
        // The element (row R, column C) of matrix M this half holds.
        unsigned R = Trans ? 2 * (L % 4) + Half : L / 4;
        unsigned C = Trans ? L / 4 : 2 * (L % 4) + Half;
        Where W = rowElement(M, R, C);
        unsigned Word = C / 2;
        if (hasLane(In.SrcUndef[Word], W.Lane)) {
          Undef = true;
          continue;
        }
        D |= ((In.Src[Word][W.Lane] >> W.Shift) & 0xffff) << (16 * Half);
      }
      Out.Dst[M][L] = D;
      if (Undef)
        Out.DstUndef[M] |= LaneMask(1) << L;
    }
  }
}

/// stmatrix: the four row words of lanes 0..8N-1.
void storeRows(const CollectiveIn &In, CollectiveOut &Out, unsigned N,
               bool Trans) {
  Out.NumDst = 4;
  for (unsigned W = 0; W < 4; ++W) {
    Out.Dst[W] = {};
    Out.DstUndef[W] = 0;
  }
  for (unsigned L = 0; L < 8 * N && L < WarpSize; ++L) {
    if (!hasLane(In.S.Active, L))
      continue;
    unsigned M = L / 8, R = L % 8;
    for (unsigned W = 0; W < 4; ++W) {
      uint64_t D = 0;
      bool Undef = false;
      for (unsigned Half = 0; Half < 2; ++Half) {
        unsigned C = 2 * W + Half;
        // The fragment lane and half holding element (R, C) of matrix M.
        unsigned From = Trans ? 4 * C + R / 2 : 4 * R + C / 2;
        unsigned Shift = Trans ? 16 * (R % 2) : 16 * (C % 2);
        if (hasLane(In.SrcUndef[M], From)) {
          Undef = true;
          continue;
        }
        D |= ((In.Src[M][From] >> Shift) & 0xffff) << (16 * Half);
      }
      Out.Dst[W][L] = D;
      if (Undef)
        Out.DstUndef[W] |= LaneMask(1) << L;
    }
  }
}

} // namespace

void ldmatrixM8n8X1(const CollectiveIn &In, CollectiveOut &Out) {
  loadFragments(In, Out, 1, false);
}
void ldmatrixM8n8X2(const CollectiveIn &In, CollectiveOut &Out) {
  loadFragments(In, Out, 2, false);
}
void ldmatrixM8n8X4(const CollectiveIn &In, CollectiveOut &Out) {
  loadFragments(In, Out, 4, false);
}
void ldmatrixM8n8X1Trans(const CollectiveIn &In, CollectiveOut &Out) {
  loadFragments(In, Out, 1, true);
}
void ldmatrixM8n8X2Trans(const CollectiveIn &In, CollectiveOut &Out) {
  loadFragments(In, Out, 2, true);
}
void ldmatrixM8n8X4Trans(const CollectiveIn &In, CollectiveOut &Out) {
  loadFragments(In, Out, 4, true);
}
void stmatrixM8n8X1(const CollectiveIn &In, CollectiveOut &Out) {
  storeRows(In, Out, 1, false);
}
void stmatrixM8n8X2(const CollectiveIn &In, CollectiveOut &Out) {
  storeRows(In, Out, 2, false);
}
void stmatrixM8n8X4(const CollectiveIn &In, CollectiveOut &Out) {
  storeRows(In, Out, 4, false);
}
void stmatrixM8n8X1Trans(const CollectiveIn &In, CollectiveOut &Out) {
  storeRows(In, Out, 1, true);
}
void stmatrixM8n8X2Trans(const CollectiveIn &In, CollectiveOut &Out) {
  storeRows(In, Out, 2, true);
}
void stmatrixM8n8X4Trans(const CollectiveIn &In, CollectiveOut &Out) {
  storeRows(In, Out, 4, true);
}

} // namespace interp
} // namespace ptxwarp
