//===- Wmma.h - wmma.load/store/mma: forms and fragment geometry ----------===//
//
// What the lowering (lib/Lower/LowerWmma.cpp) and the semantics
// (lib/Interp/Wmma.cpp) share about the warp-level wmma instructions (PTX
// ISA 9.7.14.4, "Warp Level Matrix Multiply-Accumulate Instructions":
// wmma.load, wmma.store, wmma.mma): the description of one form, packed
// into the 64-bit immediate the lowering passes as the collectives' last
// source, and the geometry of a fragment.
//
// The fragment layout. The ISA leaves it open: "The distribution of
// fragments loaded by the threads in a warp is unspecified and is target
// architecture dependent" (9.7.14.4.1, "Matrix Fragments for WMMA"). This
// interpreter uses one layout for every shape, type and matrix, independent
// of the .row/.col of the instruction that made the fragment: number the
// elements of the logical matrix (A: MxK, B: KxN, C and D: MxN) row-major,
// j = row * Cols + col (T = Rows * Cols of them). The fragment of a lane
// holds F elements (F = the registers of the fragment times the elements
// per register); element i of lane L is matrix element
//     j = (L * F + i) mod T,
// element i being bits [w * (i % n), w * (i % n) + w) of register i / n (w
// the element width, n the elements per register). When 32 * F > T (only
// the .f16 A and B fragments, which the ISA gives eight .f16x2 registers
// whatever the shape) the matrix is held 32 * F / T times over: lanes
// 0..T/F-1 hold one copy, the next T/F lanes the next. wmma.mma reads the
// copy of lanes 0..T/F-1.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_WMMA_H
#define PTXWARP_IR_WMMA_H

#include <cstdint>

namespace ptxwarp {
namespace ir {
namespace wmma {

enum class Elem : uint8_t {
  F16,
  Bf16,
  Tf32,
  F32,
  F64,
  S8,
  U8,
  S4,
  U4,
  B1,
  S32,
  E4M3, ///< mma.sync's fp8 inputs (no wmma form takes them)
  E5M2,
  /// mma.sync .kind::f8f6f4's fp6 and fp4 inputs, each in an 8-bit
  /// container (PTX ISA 9.7.14.5.14: .e3m2/.e2m3 in its low 6 bits, .e2m1
  /// in bits 2..5).
  E3M2,
  E2M3,
  E2M1
};
enum class Matrix : uint8_t { A, B, C }; ///< C also names D.
enum class Kind : uint8_t { Load, Store, Mma };
/// wmma.mma's .op of the .b1 forms ("wmma.mma.xor.popc", ".and.popc").
enum class BitOp : uint8_t { None, Xor, And };
/// The .rnd of the .f64 forms (absent: .rn).
enum class Rnd : uint8_t { Rn, Rz, Rm, Rp };

/// One wmma form. Load/Store: Mat, Ty (the element type), Col (the memory
/// layout). Mma: the types of A, B, C and D, .satfinite, the .b1 op and
/// the .f64 rounding; the .row/.col of an mma do not matter (the layout
/// above does not depend on them).
struct Form {
  Kind K = Kind::Load;
  uint8_t M = 0, N = 0, KDim = 0;
  Matrix Mat = Matrix::A;
  Elem Ty = Elem::F16;
  bool Col = false;
  Elem AT = Elem::F16, BT = Elem::F16, CT = Elem::F32, DT = Elem::F32;
  bool Satfinite = false;
  BitOp Op = BitOp::None;
  Rnd R = Rnd::Rn;
};

inline uint64_t pack(const Form &F) {
  auto B = [](auto V, unsigned At) { return uint64_t(V) << At; };
  return B(F.K, 0) | B(F.M, 4) | B(F.N, 12) | B(F.KDim, 20) | B(F.Mat, 28) |
         B(F.Ty, 32) | B(F.Col, 36) | B(F.AT, 40) | B(F.BT, 44) | B(F.CT, 48) |
         B(F.DT, 52) | B(F.Satfinite, 56) | B(F.Op, 58) | B(F.R, 60);
}

inline Form unpack(uint64_t Bits) {
  auto Get = [&](unsigned At, unsigned Width) {
    return unsigned((Bits >> At) & ((uint64_t(1) << Width) - 1));
  };
  Form F;
  F.K = Kind(Get(0, 4));
  F.M = uint8_t(Get(4, 8));
  F.N = uint8_t(Get(12, 8));
  F.KDim = uint8_t(Get(20, 8));
  F.Mat = Matrix(Get(28, 4));
  F.Ty = Elem(Get(32, 4));
  F.Col = Get(36, 1);
  F.AT = Elem(Get(40, 4));
  F.BT = Elem(Get(44, 4));
  F.CT = Elem(Get(48, 4));
  F.DT = Elem(Get(52, 4));
  F.Satfinite = Get(56, 1);
  F.Op = BitOp(Get(58, 2));
  F.R = Rnd(Get(60, 2));
  return F;
}

/// The bits of one element.
inline unsigned elemBits(Elem E) {
  switch (E) {
  case Elem::F16:
  case Elem::Bf16:
    return 16;
  case Elem::F64:
    return 64;
  case Elem::S8:
  case Elem::U8:
  case Elem::E4M3:
  case Elem::E5M2:
  case Elem::E3M2:
  case Elem::E2M3:
  case Elem::E2M1:
    return 8; // the fp6/fp4 ones: their container
  case Elem::S4:
  case Elem::U4:
    return 4;
  case Elem::B1:
    return 1;
  default: // Tf32 (in a .b32), F32, S32
    return 32;
  }
}

/// A fragment's geometry (see the file comment).
struct Geometry {
  unsigned Rows = 0, Cols = 0; ///< of the logical matrix
  unsigned Bits = 0;           ///< element width
  unsigned RegBits = 0;        ///< register width: 64 for .f64, else 32
  unsigned Regs = 0;           ///< registers of the fragment
  unsigned perReg() const { return RegBits / Bits; }
  unsigned perLane() const { return Regs * perReg(); }
  unsigned total() const { return Rows * Cols; }
  /// Bytes of the fragment: the alignment the ISA asks of every row (or
  /// column) start in memory (9.7.14.4.2, "Matrix Storage for WMMA",
  /// Address Alignment).
  unsigned bytes() const { return Regs * RegBits / 8; }
};

/// The fragment of \p Mat of shape MxNxK with elements \p Ty: the register
/// counts of the ISA's wmma.load syntax (9.7.14.4.3): .f16 A and B eight
/// .f16x2 registers for every shape, every other fragment T / 32 elements.
inline Geometry geometry(unsigned M, unsigned N, unsigned K, Matrix Mat,
                         Elem Ty) {
  Geometry G;
  G.Rows = Mat == Matrix::B ? K : M;
  G.Cols = Mat == Matrix::A ? K : N;
  G.Bits = elemBits(Ty);
  G.RegBits = Ty == Elem::F64 ? 64 : 32;
  unsigned PerLane =
      (Ty == Elem::F16 && Mat != Matrix::C) ? 16 : G.total() / 32;
  G.Regs = PerLane / G.perReg();
  return G;
}

/// Memory side of wmma.load/wmma.store. Lane L reads or writes the F
/// elements (L * F + i) mod T, i = 0..F-1, of the matrix in its memory
/// order (row-major for .row, column-major for .col): they lie in one row
/// (or column), or are whole consecutive ones when F exceeds a row's
/// length. So each lane accesses Pieces() pieces of pieceBytes() bytes;
/// the collective wmmaLoad/wmmaStore moves the elements between that order
/// and the fragment layout.
struct MemoryPlan {
  unsigned LineLen = 0;   ///< elements of a row (.row) or column (.col)
  unsigned Pieces = 0;    ///< accesses per lane
  unsigned PieceBits = 0; ///< bits of each (a multiple of 32)
};
inline MemoryPlan memoryPlan(const Form &F) {
  Geometry G = geometry(F.M, F.N, F.KDim, F.Mat, F.Ty);
  MemoryPlan P;
  P.LineLen = F.Col ? G.Rows : G.Cols;
  unsigned PerLane = G.perLane();
  P.Pieces = PerLane > P.LineLen ? PerLane / P.LineLen : 1;
  P.PieceBits = (PerLane / P.Pieces) * G.Bits;
  return P;
}

} // namespace wmma
} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_WMMA_H
