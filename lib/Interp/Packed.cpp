//===- Packed.cpp - Packed integers, set/setp on halves, narrow cvt -------===//
//
// See Packed.h for the PTX ISA sections. Values are raw bit patterns.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Packed.h"

#include "ptxwarp/IR/Layout.h"
#include "ptxwarp/IR/ScalarModes.h"
#include "ptxwarp/Interp/Alu.h"
#include "ptxwarp/Interp/SmallFloat.h"

#include "llvm/ADT/APFloat.h"

#include <algorithm>

using namespace llvm;
using ptxwarp::ir::Inst;
using ptxwarp::ir::Opcode;
using ptxwarp::ir::Type;

namespace ptxwarp {
namespace interp {

namespace {

int64_t sext16(uint64_t V) { return int64_t(int16_t(uint16_t(V))); }

/// add/min/max on one 16-bit half (PTX ISA 9.7.1.1 "add", 9.7.1.10 "min",
/// 9.7.1.11 "max": the .u16x2/.s16x2 forms operate on each half; add wraps
/// around; .relu clamps a negative min/max to 0).
uint64_t halfOp(const Inst &I, bool Signed, uint64_t A, uint64_t B) {
  A &= 0xffff;
  B &= 0xffff;
  if (I.Op == Opcode::Add)
    return (A + B) & 0xffff;
  int64_t X = Signed ? sext16(A) : int64_t(A);
  int64_t Y = Signed ? sext16(B) : int64_t(B);
  int64_t R = I.Op == Opcode::Min ? std::min(X, Y) : std::max(X, Y);
  if (I.Relu && R < 0)
    R = 0;
  return uint64_t(R) & 0xffff;
}

/// cvt.pack.sat.{u16,s16}.s32 d, a, b and cvt.pack.sat.{u8,s8,u4,s4,u2,s2}
/// .s32.b32 d, a, b, c (PTX ISA 9.7.9.22): a and b saturated to the
/// element type, b in the low bits and a above it; with c, c's low bits fill
/// the rest (so two instructions pack four bytes).
uint64_t cvtPack(const Inst &I, uint64_t A, uint64_t B, uint64_t C) {
  unsigned Size = I.Ty.Bits;
  int64_t Hi = I.Ty.isSigned() ? (int64_t(1) << (Size - 1)) - 1
                               : (int64_t(1) << Size) - 1;
  int64_t Lo = I.Ty.isSigned() ? -(int64_t(1) << (Size - 1)) : 0;
  uint64_t Mask = (uint64_t(1) << Size) - 1;
  auto Sat = [&](uint64_t V) {
    int64_t X = int64_t(int32_t(uint32_t(V)));
    return uint64_t(std::min(Hi, std::max(Lo, X))) & Mask;
  };
  uint64_t D = Sat(B) | Sat(A) << Size;
  if (2 * Size < 32)
    D |= (C << (2 * Size)) & 0xffffffffu;
  return D;
}

/// prmt.b32.mode (PTX ISA 9.7.9.7, the table of the modes): the byte of
/// {b, a} each result byte takes, for the two low bits of c.
uint64_t prmtMode(ir::PrmtMode M, uint64_t A, uint64_t B, uint64_t C) {
  using ir::PrmtMode;
  // Selectors per result byte, byte 0 first, for c[1:0] = 0..3.
  static const uint8_t Table[6][4][4] = {
      // f4e: forward 4 extract
      {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
      // b4e: backward 4 extract
      {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
      // rc8: replicate 8
      {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
      // ecl: edge clamp left
      {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
      // ecr: edge clamp right
      {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
      // rc16: replicate 16
      {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
  };
  uint64_t Bytes = uint64_t(uint32_t(B)) << 32 | uint32_t(A);
  const uint8_t *Sel = Table[unsigned(M) - 1][C & 3];
  uint64_t D = 0;
  for (unsigned K = 0; K < 4; ++K)
    D |= ((Bytes >> (8 * Sel[K])) & 0xff) << (8 * K);
  return D;
}

/// szext.{clamp,wrap}.{u32,s32} d, a, b (PTX ISA 9.7.1.24, its Semantics
/// pseudocode): extend the low b bits of a.
uint64_t szext(const Inst &I, uint64_t A, uint64_t B) {
  uint32_t X = uint32_t(A), N = uint32_t(B);
  uint32_t N1 = N & 0x1f;
  bool TooLarge = N >= 32 && I.Sub == 0; // .clamp
  uint32_t Mask = TooLarge ? 0 : ~0u << N1;
  bool SignBit = false;
  if (N1 != 0 && !TooLarge && I.Ty.isSigned())
    SignBit = (X >> ((N1 - 1) & 0x1f)) & 1;
  return (X & ~Mask) | (SignBit ? Mask : 0);
}

/// cvt with an fp8 or tf32 side (PTX ISA 9.7.9.21).
uint64_t cvtNarrow(const Inst &I, uint64_t A, uint64_t B) {
  auto Fmt = ir::SmallFormat(I.Sub2);
  auto F32 = [](uint64_t V) {
    return APFloat(APFloat::IEEEsingle(), APInt(32, V & 0xffffffffu))
        .convertToDouble();
  };
  auto F16 = [](uint64_t V) {
    return APFloat(APFloat::IEEEhalf(), APInt(16, V & 0xffff))
        .convertToDouble();
  };
  // fp8 and fp6 pairs take a byte each, fp4 pairs (.b8) a nibble each; the
  // first source (or upper half) goes to the upper element.
  unsigned W = Fmt == ir::SmallFormat::E2M1 ? 4 : 8;
  uint64_t ElemMask = (uint64_t(1) << W) - 1;
  switch (ir::NarrowCvt(I.Sub)) {
  case ir::NarrowCvt::FromF32x2:
    return uint64_t(encodeF8(Fmt, F32(A), I.Relu)) << W |
           encodeF8(Fmt, F32(B), I.Relu);
  case ir::NarrowCvt::FromF16x2:
    return uint64_t(encodeF8(Fmt, F16(A >> 16), I.Relu)) << W |
           encodeF8(Fmt, F16(A), I.Relu);
  case ir::NarrowCvt::ToF16x2:
    return uint64_t(f8ToF16(Fmt, uint8_t((A >> W) & ElemMask), I.Relu)) << 16 |
           f8ToF16(Fmt, uint8_t(A & ElemMask), I.Relu);
  case ir::NarrowCvt::Tf32FromF32:
    return cvtTf32(uint32_t(A), I.Rnd, I.Sat);
  }
  return 0;
}

/// cvt.{rn,rz}{.relu}.satfinite.{f16,bf16}.f32 for one element (PTX ISA
/// 9.7.9.21): NaN gives the canonical NaN; a result beyond the largest
/// finite value (an infinite input included) gives that value, signed.
uint64_t cvtSatFinite(const Inst &I, Type D, uint64_t A) {
  APFloat X(APFloat::IEEEsingle(), APInt(32, A & 0xffffffffu));
  if (X.isNaN())
    return 0x7fff;
  const fltSemantics &Sem =
      D.K == Type::BF ? APFloat::BFloat() : APFloat::IEEEhalf();
  bool Loses;
  X.convert(Sem,
            I.Rnd == ir::Rounding::Rz ? RoundingMode::TowardZero
                                      : RoundingMode::NearestTiesToEven,
            &Loses);
  if (X.isInfinity())
    X = APFloat::getLargest(Sem, X.isNegative());
  if (I.Relu && X.isNegative())
    return 0;
  return X.bitcastToAPInt().getZExtValue();
}

/// 1.0 in float type \p T, or all ones in integer type \p T (set's true).
uint64_t trueValue(Type T) {
  if (T.K == Type::F)
    return T.Bits == 32 ? 0x3f800000u : 0x3c00u;
  if (T.K == Type::BF)
    return 0x3f80u;
  return truncTo(T, ~uint64_t(0));
}

/// .ftz on a comparison source: an f32 or f16 subnormal reads as zero.
uint64_t ftzIn(Type T, uint64_t V) {
  if (T.K == Type::F && T.Bits == 32 && (V & 0x7f800000u) == 0)
    return V & 0x80000000u;
  if (T.K == Type::F && T.Bits == 16 && (V & 0x7c00u) == 0)
    return V & 0x8000u;
  return V;
}

} // namespace

bool isPackedScalar(const Inst &I) {
  switch (I.Op) {
  case Opcode::CvtPack:
  case Opcode::CvtNarrow:
  case Opcode::Szext:
  case Opcode::Isspacep:
    return true;
  case Opcode::Prmt:
    return I.Sub != 0;
    case Opcode::Cvt:
    return I.SatFinite;
  case Opcode::Add:
  case Opcode::Min:
  case Opcode::Max:
    return !I.Ty.isFloat() && (I.Ty.Packed || I.Relu);
  default:
    return false;
  }
}

uint64_t evalPacked(const Inst &I, uint64_t A, uint64_t B, uint64_t C) {
  switch (I.Op) {
  case Opcode::CvtPack:
    return cvtPack(I, A, B, C);
  case Opcode::CvtNarrow:
    return cvtNarrow(I, A, B);
  case Opcode::Szext:
    return szext(I, A, B);
  case Opcode::Cvt: // .satfinite; f16x2.f32 d, a, b: a to the upper half
    if (I.Ty.Packed)
      return cvtSatFinite(I, I.Ty.elem(), B) | cvtSatFinite(I, I.Ty.elem(), A)
                                                   << 16;
    return cvtSatFinite(I, I.Ty, A);
  case Opcode::Prmt:
    return prmtMode(ir::PrmtMode(I.Sub), A, B, C);
  case Opcode::Isspacep: {
    // isspacep (PTX ISA 9.7.9.17): whether the generic address a lies in
    // the window of the space (Layout.h); .global is everything else.
    bool Shared = A - ir::SharedWindow < ir::WindowSize;
    bool Local = A - ir::LocalWindow < ir::WindowSize;
    switch (ir::SpaceTest(I.Sub)) {
    case ir::SpaceTest::Shared:
      return Shared;
    case ir::SpaceTest::Local:
      return Local;
    case ir::SpaceTest::Global:
      return !Shared && !Local;
    }
    return 0;
  }
  default:
    break;
  }
  bool Signed = I.Ty.isSigned();
  if (I.Ty.Packed)
    return halfOp(I, Signed, A, B) | halfOp(I, Signed, A >> 16, B >> 16) << 16;
  // min/max.relu.s32 (PTX ISA 9.7.1.10-11): the result clamped at 0.
  int64_t X = sext(A, I.Ty.Bits), Y = sext(B, I.Ty.Bits);
  int64_t R = I.Op == Opcode::Min ? std::min(X, Y) : std::max(X, Y);
  return truncTo(I.Ty, uint64_t(std::max<int64_t>(R, 0)));
}

void evalSetLane(const Inst &I, uint64_t A, uint64_t B, uint64_t C, uint64_t &D,
                 uint64_t &D2) {
  Type S = I.SrcTy;
  auto Cmp = [&](Type T, uint64_t X, uint64_t Y) {
    if (I.Ftz) {
      X = ftzIn(T, X);
      Y = ftzIn(T, Y);
    }
    return evalCompare(ir::CmpOp(I.Sub), T, X, Y);
  };
  // BoolOp(t, c) of the Semantics of setp/set (PTX ISA 9.7.4.3-4).
  auto Combine = [&](bool T) {
    bool Q = C != 0;
    switch (ir::BoolOp(I.Sub2)) {
    case ir::BoolOp::And:
      return T && Q;
    case ir::BoolOp::Or:
      return T || Q;
    case ir::BoolOp::Xor:
      return T != Q;
    default:
      return T;
    }
  };
  if (!S.Packed) {
    bool T = Cmp(S, A, B);
    D = Combine(T);
    D2 = Combine(!T);
    if (I.Op == Opcode::Set)
      D = D ? trueValue(I.Ty) : 0;
    return;
  }
  // .f16x2/.bf16x2 (PTX ISA "Half Precision Comparison Instructions"):
  // each half compared on its own; setp's p takes the lower half, q the
  // upper (the ISA's Semantics: p = BoolOp(t[0], c) with t[0] from a[0:15];
  // LLVM's NVPTX backend relies on the same order in its f16x2 tests); set
  // writes 1.0 (.f16x2/.bf16x2) or 0xffff (.u32/.s32) into each half that
  // compares true.
  Type E = S.elem();
  bool Lo = Combine(Cmp(E, A & 0xffff, B & 0xffff));
  bool Hi = Combine(Cmp(E, (A >> 16) & 0xffff, (B >> 16) & 0xffff));
  if (I.Op == Opcode::Setp) {
    D = Lo;
    D2 = Hi;
    return;
  }
  uint64_t True = I.Ty.isFloat() ? trueValue(I.Ty.elem()) : 0xffff;
  D = (Lo ? True : 0) | (Hi ? True : 0) << 16;
}

} // namespace interp
} // namespace ptxwarp
