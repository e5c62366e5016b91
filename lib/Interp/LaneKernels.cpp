//===- LaneKernels.cpp - Which instructions run as lane kernels -----------===//
//
// Chooses the kernel and its constants for one instruction; the formulas are
// in LaneKernels.h.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/LaneKernels.h"

using ptxwarp::ir::CmpOp;
using ptxwarp::ir::Inst;
using ptxwarp::ir::Opcode;
using ptxwarp::ir::Type;

namespace ptxwarp {
namespace interp {

namespace {

/// The low \p Bits bits; Bits 0 (an untyped destination) keeps all of them.
uint64_t widthMask(unsigned Bits) {
  return Bits >= 64 || Bits == 0 ? ~0ull : (1ull << Bits) - 1;
}

/// A plain integer type of a known width (not a predicate or a float).
bool isIntType(Type T) {
  return (T.K == Type::B || T.K == Type::U || T.K == Type::S) && T.Bits != 0 &&
         !T.Packed;
}

} // namespace

LaneKernel laneKernelOf(const Inst &I) {
  // The carry chain (.cc, addc...) lives outside the lanes' registers.
  if (I.CarryIn || I.CarryOut)
    return LaneKernel::None;
  Type T = I.Ty;
  switch (I.Op) {
  case Opcode::Mov:
    // mov copies the bits of any non-predicate type.
    return T.K != Type::Pred && T.Bits != 0 ? LaneKernel::Mov
                                            : LaneKernel::None;
  case Opcode::Selp:
    return LaneKernel::Selp;
  case Opcode::Cvta:
  case Opcode::CvtaTo:
    // Global and const addresses are generic addresses already (their
    // window starts at 0, Alu.cpp windowBase): cvta is a mov of the type.
    return isIntType(T) && (ir::Space(I.Sub) == ir::Space::Global ||
                            ir::Space(I.Sub) == ir::Space::Const)
               ? LaneKernel::Mov
               : LaneKernel::None;
  case Opcode::Setp:
    if (!isIntType(I.SrcTy) || ir::BoolOp(I.Sub2) != ir::BoolOp::None)
      return LaneKernel::None;
    return I.SrcTy.Bits <= 32 ? LaneKernel::Setp32 : LaneKernel::Setp;
  default:
    break;
  }
  // Packed pairs and the integer .relu clamp: Packed.cpp.
  if (!isIntType(T) || I.Relu)
    return LaneKernel::None;
  bool Signed = T.isSigned();
  switch (I.Op) {
  case Opcode::Add:
    return I.Sat ? LaneKernel::None : LaneKernel::Add;
  case Opcode::Sub:
    return I.Sat ? LaneKernel::None : LaneKernel::Sub;
  case Opcode::Mul:
    if (I.Sub == 2 && T.Bits <= 32) // .wide (PTX ISA 9.7.1.3)
      return Signed ? LaneKernel::MulWideS : LaneKernel::MulWideU;
    if (I.Sub != 0)
      return LaneKernel::None;
    return T.Bits <= 32 ? LaneKernel::Mul32 : LaneKernel::Mul;
  case Opcode::Mad:
    return I.Sub == 0 ? LaneKernel::Mad : LaneKernel::None;
  case Opcode::Neg:
    return LaneKernel::Neg;
  case Opcode::Not:
    return LaneKernel::Not;
  case Opcode::And:
    return LaneKernel::And;
  case Opcode::Or:
    return LaneKernel::Or;
  case Opcode::Xor:
    return LaneKernel::Xor;
  case Opcode::Shl:
    return LaneKernel::Shl;
  case Opcode::Shr:
    return Signed ? LaneKernel::ShrS : LaneKernel::ShrU;
  case Opcode::Min:
    return Signed ? LaneKernel::MinS : LaneKernel::MinU;
  case Opcode::Max:
    return Signed ? LaneKernel::MaxS : LaneKernel::MaxU;
  default:
    return LaneKernel::None;
  }
}

LaneArgs compareArgs(CmpOp Op, Type Ty) {
  LaneArgs P;
  P.Bits = Ty.Bits;
  P.Shift = Ty.Bits ? 64 - Ty.Bits : 0;
  P.SrcMask = widthMask(Ty.Bits);
  // Bits of CmpTable: a < b, a == b, a > b.
  constexpr uint8_t Lt = 1, Eq = 2, Gt = 4;
  switch (Op) {
  case CmpOp::Eq:
    P.CmpTable = Eq;
    break;
  case CmpOp::Ne:
    P.CmpTable = Lt | Gt;
    break;
  case CmpOp::Lt:
  case CmpOp::Lo:
    P.CmpTable = Lt;
    break;
  case CmpOp::Le:
  case CmpOp::Ls:
    P.CmpTable = Lt | Eq;
    break;
  case CmpOp::Gt:
  case CmpOp::Hi:
    P.CmpTable = Gt;
    break;
  case CmpOp::Ge:
  case CmpOp::Hs:
    P.CmpTable = Gt | Eq;
    break;
  default:
    // The unordered float comparisons are false on integers.
    P.CmpTable = 0;
    break;
  }
  // lo/ls/hi/hs compare unsigned whatever the type.
  bool Unsigned =
      Op == CmpOp::Lo || Op == CmpOp::Ls || Op == CmpOp::Hi || Op == CmpOp::Hs;
  if (!Unsigned && Ty.isSigned())
    P.Flip = 1ull << 63;
  return P;
}

LaneArgs laneArgsOf(const Inst &I, Type DstTy) {
  if (I.Op == Opcode::Setp)
    return compareArgs(CmpOp(I.Sub), I.SrcTy);
  LaneArgs P;
  P.Bits = I.Ty.Bits;
  P.Shift = I.Ty.Bits ? 64 - I.Ty.Bits : 0;
  P.SrcMask = widthMask(I.Ty.Bits);
  uint64_t DstMask = widthMask(DstTy.Bits);
  // mul.wide's product is twice as wide as its type.
  if (I.Op == Opcode::Mul && I.Sub == 2 && I.Ty.Bits <= 32) {
    P.Mask = widthMask(2 * I.Ty.Bits) & DstMask;
    return P;
  }
  // selp returns the chosen source unchanged; only the register truncates.
  P.Mask = I.Op == Opcode::Selp ? DstMask : P.SrcMask & DstMask;
  return P;
}

LaneKernel wholeWarpKernel(const Inst &I, LaneKernel K, LaneArgs &P) {
  switch (K) {
  case LaneKernel::Mad:
    return I.Ty.Bits <= 32 ? LaneKernel::Mad32 : K;
  case LaneKernel::MulWideU:
    return I.Ty.Bits == 32 ? LaneKernel::MulWideU32 : K;
  case LaneKernel::Shl:
  case LaneKernel::ShrU:
  case LaneKernel::ShrS: {
    // d, a, b: a count the same in every lane.
    if (I.Ops.size() != 3 || I.Ops[2].K != ir::Operand::Immediate ||
        I.Ops[2].Negated)
      return K;
    P.Count = uint32_t(I.Ops[2].Imm);
    return K == LaneKernel::Shl    ? LaneKernel::ShlN
           : K == LaneKernel::ShrU ? LaneKernel::ShrUN
                                   : LaneKernel::ShrSN;
  }
  default:
    return K;
  }
}

} // namespace interp
} // namespace ptxwarp
