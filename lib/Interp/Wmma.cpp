//===- Wmma.cpp - Semantics of wmma.load, wmma.store and wmma.mma ---------===//
//
// PTX ISA 9.7.14.4 "Warp Level Matrix Multiply-Accumulate Instructions"
// (9.7.14.4.3 wmma.load, 9.7.14.4.4 wmma.store, 9.7.14.4.5 wmma.mma). The
// fragment layout is this interpreter's (the ISA leaves it unspecified,
// 9.7.14.4.1); include/ptxwarp/IR/Wmma.h defines it, and the memory
// order each lane reads or writes.
//
// A collective cannot touch memory, so wmma.load and wmma.store are lowered
// (lib/Lower/LowerWmma.cpp) to
//   wmma.load:  wmmaAddr {p0..}, base, stride, form   (per-lane addresses)
//               ld.b32/.b64 pieces of each lane at p0.. (checked accesses)
//               wmmaLoad {d..}, {t..}, form           (memory order ->
//               fragment)
//   wmma.store: wmmaAddr {p0..}, base, stride, form
//               wmmaStore {t..}, {r..}, form          (fragment -> memory
//               order) st.b32/.b64 pieces of each lane
// and wmma.mma to one collective, wmmaMma {d..}, {a..}, {b..}, {c..}, form.
// `form` is the immediate wmma::pack() of the form, the last source.
//
// Numerics of wmma.mma: those of mma.sync (MatrixOps.cpp's file comment;
// MmaNumerics.h), element by element: a chain in k order of fused
// multiply-adds, rounded once each to the accumulator type; the .f16 forms
// accumulate in .f32 when C or D is .f32 (an .f16 C converts exactly) and
// round the result to D's type at the end (to nearest even; a NaN gives
// the canonical NaN); .f64 in its .rnd mode (.rn when absent). Integer
// forms (.s8/.u8, .s4/.u4): the exact sum, wrapped to 32 bits or, with
// .satfinite, clamped to the .s32 range. .b1 (9.7.14.4.5: "d = c +
// popc(a .op b)" over each row of A and column of B): c plus the number of
// k whose bit a[r][k] .xor/.and b[k][c] is 1, wrapped.
//
// Undefined values: as for mma (an element is undefined when its register
// is undefined in the lane holding it, or that lane does not execute); a
// moved element carries its undefinedness to the register receiving it.
//
//===----------------------------------------------------------------------===//

#include "MmaNumerics.h"

#include "ptxwarp/IR/Wmma.h"
#include "ptxwarp/Interp/Collective.h"

#include "llvm/ADT/APFloat.h"

#include <cassert>
#include <vector>

namespace ptxwarp {
namespace interp {

using namespace ir::wmma;

namespace {

uint64_t elemMask(unsigned Bits) {
  return Bits == 64 ? ~uint64_t(0) : (uint64_t(1) << Bits) - 1;
}

/// A lane's fragment element: register and shift.
struct Slot {
  unsigned Reg, Shift;
};
Slot slotOf(const Geometry &G, unsigned I) {
  return {I / G.perReg(), (I % G.perReg()) * G.Bits};
}

/// The matrix (row-major, T elements) read from the fragment held in the
/// sources First.. (the copy of lanes 0..T/F-1).
std::vector<mmanum::Element> gatherMatrix(const CollectiveIn &In,
                                          const Geometry &G, unsigned First) {
  std::vector<mmanum::Element> M(G.total());
  const unsigned F = G.perLane();
  for (unsigned J = 0; J < G.total(); ++J) {
    unsigned Lane = J / F;
    Slot S = slotOf(G, J % F);
    M[J].Bits = (In.Src[First + S.Reg][Lane] >> S.Shift) & elemMask(G.Bits);
    M[J].Undef = !hasLane(In.S.Active & ~In.SrcUndef[First + S.Reg], Lane);
  }
  return M;
}

/// Moves elements between two arrangements of the same geometry: lane L's
/// element I of the destinations is element \p From(L, I) (a lane and an
/// element index) of the sources.
template <typename FromFn>
void moveElements(const CollectiveIn &In, CollectiveOut &Out, const Geometry &G,
                  FromFn From) {
  Out.NumDst = G.Regs;
  for (unsigned R = 0; R < G.Regs; ++R) {
    Out.Dst[R] = {};
    Out.DstUndef[R] = 0;
  }
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!hasLane(In.S.Active, Lane))
      continue;
    for (unsigned I = 0; I < G.perLane(); ++I) {
      auto [SrcLane, SrcI] = From(Lane, I);
      Slot S = slotOf(G, SrcI), D = slotOf(G, I);
      uint64_t V = (In.Src[S.Reg][SrcLane] >> S.Shift) & elemMask(G.Bits);
      Out.Dst[D.Reg][Lane] |= V << D.Shift;
      if (!hasLane(In.S.Active & ~In.SrcUndef[S.Reg], SrcLane))
        Out.DstUndef[D.Reg] |= LaneMask(1) << Lane;
    }
  }
}

struct LaneElem {
  unsigned Lane, I;
};

/// Where linear index \p J of one order lives in the other: row-major
/// index <-> column-major index of a Rows x Cols matrix.
unsigned rowToCol(const Geometry &G, unsigned J) {
  return (J % G.Cols) * G.Rows + J / G.Cols;
}
unsigned colToRow(const Geometry &G, unsigned S) {
  return (S % G.Rows) * G.Cols + S / G.Rows;
}

Geometry geometryOf(const Form &F) {
  return geometry(F.M, F.N, F.KDim, F.Mat, F.Ty);
}

Form formOf(const CollectiveIn &In) {
  assert(In.NumSrc > 0 && "the form is the last source");
  return unpack(In.Src[In.NumSrc - 1][0]);
}

} // namespace

// Sources: the base address, the stride (elements), the form. Destinations:
// each piece's address (MemoryPlan). A row (column) starting inside a byte
// (a sub-byte stride that is no multiple of 8 bits) gets an odd address,
// which the access then reports as misaligned: the ISA asks each start to
// be aligned to the fragment's size.
void wmmaAddr(const CollectiveIn &In, CollectiveOut &Out) {
  const Form F = unpack(In.Src[2][0]);
  const Geometry G = geometryOf(F);
  const MemoryPlan P = memoryPlan(F);
  const unsigned PerLane = G.perLane();
  Out.NumDst = P.Pieces;
  for (unsigned K = 0; K < P.Pieces; ++K) {
    Out.Dst[K] = {};
    Out.DstUndef[K] = In.SrcUndef[0] | In.SrcUndef[1];
  }
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!hasLane(In.S.Active, Lane))
      continue;
    unsigned S0 = (Lane * PerLane) % G.total();
    unsigned Line = S0 / P.LineLen, Off = S0 % P.LineLen;
    uint64_t Stride = uint32_t(In.Src[1][Lane]);
    for (unsigned K = 0; K < P.Pieces; ++K) {
      uint64_t BitOff = (Line + K) * Stride * G.Bits + Off * uint64_t(G.Bits);
      uint64_t Addr = In.Src[0][Lane] + (BitOff >> 3);
      if (BitOff & 7)
        Addr |= 1;
      Out.Dst[K][Lane] = Addr;
    }
  }
}

// Sources: the registers as loaded (lane L holds memory-order elements
// (L * F + i) mod T), the form. Destinations: the fragment.
void wmmaLoad(const CollectiveIn &In, CollectiveOut &Out) {
  const Form F = formOf(In);
  const Geometry G = geometryOf(F);
  const unsigned PerLane = G.perLane();
  moveElements(In, Out, G, [&](unsigned Lane, unsigned I) {
    unsigned J = (Lane * PerLane + I) % G.total();
    unsigned S = F.Col ? rowToCol(G, J) : J;
    return LaneElem{S / PerLane, S % PerLane};
  });
}

// Sources: the fragment, the form. Destinations: the registers each lane
// stores (memory-order elements (L * F + i) mod T).
void wmmaStore(const CollectiveIn &In, CollectiveOut &Out) {
  const Form F = formOf(In);
  const Geometry G = geometryOf(F);
  const unsigned PerLane = G.perLane();
  moveElements(In, Out, G, [&](unsigned Lane, unsigned I) {
    unsigned S = (Lane * PerLane + I) % G.total();
    unsigned J = F.Col ? colToRow(G, S) : S;
    return LaneElem{J / PerLane, J % PerLane};
  });
}

namespace {

bool isInt(Elem E) {
  return E == Elem::S8 || E == Elem::U8 || E == Elem::S4 || E == Elem::U4;
}

llvm::RoundingMode roundingOf(Rnd R) {
  switch (R) {
  case Rnd::Rz:
    return llvm::RoundingMode::TowardZero;
  case Rnd::Rm:
    return llvm::RoundingMode::TowardNegative;
  case Rnd::Rp:
    return llvm::RoundingMode::TowardPositive;
  default:
    return llvm::RoundingMode::NearestTiesToEven;
  }
}

/// An .f16 C as .f32 bits (exact), or the result of an .f32 accumulation
/// as .f16 bits (to nearest even; NaN: the canonical 0x7fff).
uint64_t f16ToF32(uint64_t Bits) {
  llvm::APFloat V(llvm::APFloat::IEEEhalf(), llvm::APInt(16, Bits));
  bool Loses = false;
  V.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &Loses);
  return V.isNaN() ? 0x7fffffffu : V.bitcastToAPInt().getZExtValue();
}
uint64_t f32ToF16(uint64_t Bits) {
  llvm::APFloat V(llvm::APFloat::IEEEsingle(), llvm::APInt(32, Bits));
  bool Loses = false;
  V.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
            &Loses);
  return V.isNaN() ? 0x7fffu : V.bitcastToAPInt().getZExtValue();
}

} // namespace

// Sources: A's, B's and C's registers, the form. Destinations: D's.
void wmmaMma(const CollectiveIn &In, CollectiveOut &Out) {
  const Form F = formOf(In);
  const Geometry GA = geometry(F.M, F.N, F.KDim, Matrix::A, F.AT),
                 GB = geometry(F.M, F.N, F.KDim, Matrix::B, F.BT),
                 GC = geometry(F.M, F.N, F.KDim, Matrix::C, F.CT),
                 GD = geometry(F.M, F.N, F.KDim, Matrix::C, F.DT);
  assert(In.NumSrc == GA.Regs + GB.Regs + GC.Regs + 1 && "a, b, c, form");
  std::vector<mmanum::Element> A = gatherMatrix(In, GA, 0),
                               B = gatherMatrix(In, GB, GA.Regs),
                               C = gatherMatrix(In, GC, GA.Regs + GB.Regs);
  const unsigned M = F.M, N = F.N, K = F.KDim;
  // The accumulator: .f32 if C or D is (the .f16 forms), else C's type.
  Elem Acc = F.CT;
  if (F.CT == Elem::F16 && F.DT == Elem::F32)
    Acc = Elem::F32;
  const mmanum::Numerics Num{
      K, F.AT, F.BT, Acc, F.Satfinite, roundingOf(F.R), F.Op == BitOp::And};
  std::vector<uint64_t> D(M * N);
  std::vector<bool> DUndef(M * N);
  for (unsigned R = 0; R < M; ++R) {
    for (unsigned Col = 0; Col < N; ++Col) {
      bool Undef = C[R * N + Col].Undef;
      for (unsigned I = 0; I < K; ++I)
        Undef |= A[R * K + I].Undef || B[I * N + Col].Undef;
      DUndef[R * N + Col] = Undef;
      uint64_t CBits = C[R * N + Col].Bits;
      if (Acc != F.CT)
        CBits = f16ToF32(CBits);
      const mmanum::Element *Row = &A[R * K], *Column = &B[Col];
      uint64_t V;
      if (F.AT == Elem::B1 || isInt(F.AT))
        V = mmanum::intElement(Num, Row, Column, N, CBits);
      else
        V = mmanum::floatElement(Num, Row, Column, N, CBits);
      if (Acc == Elem::F32 && F.DT == Elem::F16)
        V = f32ToF16(V);
      D[R * N + Col] = V;
    }
  }
  // Spread D over the lanes in the fragment layout.
  Out.NumDst = GD.Regs;
  for (unsigned Reg = 0; Reg < GD.Regs; ++Reg) {
    Out.Dst[Reg] = {};
    Out.DstUndef[Reg] = 0;
  }
  const unsigned PerLane = GD.perLane();
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!hasLane(In.S.Active, Lane))
      continue;
    for (unsigned I = 0; I < PerLane; ++I) {
      unsigned J = (Lane * PerLane + I) % GD.total();
      Slot S = slotOf(GD, I);
      Out.Dst[S.Reg][Lane] |= D[J] << S.Shift;
      if (DUndef[J])
        Out.DstUndef[S.Reg] |= LaneMask(1) << Lane;
    }
  }
}

} // namespace interp
} // namespace ptxwarp
