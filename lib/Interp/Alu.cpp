//===- Alu.cpp - Per-lane semantics of the scalar PTX instructions --------===//
//
// PTX ISA 9.7.1 (integer), 9.7.2-9.7.3 (floating point), 9.7.4 (comparison
// and selection), 9.7.5 (logic and shift), 9.7.9.21 (cvt). Floating point
// follows IEEE 754 exactly: round-to-nearest-even uses the host's IEEE
// arithmetic, the other rounding modes llvm::APFloat. NaN results are the
// canonical NaN the GPU produces (0x7fffffff for f32).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Alu.h"

#include "BitField.h"
#include "FloatMath.h"
#include "ptxwarp/IR/Layout.h"
#include "ptxwarp/Interp/LaneKernels.h"
#include "ptxwarp/Interp/Packed.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstring>

using namespace llvm;
using ptxwarp::ir::Inst;
using ptxwarp::ir::Opcode;
using ptxwarp::ir::Rounding;
using ptxwarp::ir::Type;

namespace ptxwarp {
namespace interp {

int64_t sext(uint64_t V, unsigned Bits) {
  if (Bits >= 64)
    return int64_t(V);
  return SignExtend64(V, Bits);
}

namespace {

const fltSemantics &semOf(Type T) {
  if (T.K == Type::BF)
    return APFloat::BFloat();
  if (T.Bits == 16)
    return APFloat::IEEEhalf();
  if (T.Bits == 64)
    return APFloat::IEEEdouble();
  return APFloat::IEEEsingle();
}

APFloat toAP(Type T, uint64_t Bits) {
  return APFloat(semOf(T), APInt(T.Bits, truncTo(T, Bits)));
}

uint64_t canonicalNaN(Type T) {
  return T.Bits == 64   ? 0x7fffffffffffffffull
         : T.Bits == 16 ? 0x7fffull
                        : 0x7fffffffull;
}

uint64_t fromAP(Type T, const APFloat &F) {
  if (F.isNaN())
    return canonicalNaN(T);
  return F.bitcastToAPInt().getZExtValue();
}

RoundingMode rmOf(Rounding R) {
  switch (R) {
  case Rounding::Rz:
  case Rounding::Rzi:
    return RoundingMode::TowardZero;
  case Rounding::Rm:
  case Rounding::Rmi:
    return RoundingMode::TowardNegative;
  case Rounding::Rp:
  case Rounding::Rpi:
    return RoundingMode::TowardPositive;
  default:
    return RoundingMode::NearestTiesToEven;
  }
}

bool isNearest(Rounding R) {
  return R == Rounding::None || R == Rounding::Rn || R == Rounding::Rni;
}

/// Flushes an f32, f16 or bf16 subnormal to a zero of the same sign (.ftz;
/// bf16 has it on ex2.approx.ftz.bf16, PTX ISA 9.7.4.10).
uint64_t ftz(Type T, uint64_t V) {
  if (T.Bits == 32 && (V & 0x7f800000u) == 0)
    return V & 0x80000000u;
  if (T.Bits == 16 && T.K == Type::F && (V & 0x7c00u) == 0)
    return V & 0x8000u;
  if (T.Bits == 16 && T.K == Type::BF && (V & 0x7f80u) == 0)
    return V & 0x8000u;
  return V;
}

/// cvt's .ftz concerns single precision only (PTX ISA 9.7.9.21: "applies
/// only to .f32 inputs and results"): f16 subnormals are kept.
uint64_t ftzF32(Type T, uint64_t V) { return T.Bits == 32 ? ftz(T, V) : V; }

float asF32(uint64_t V) {
  uint32_t B = uint32_t(V);
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}
uint64_t bitsF32(float F) {
  if (std::isnan(F))
    return 0x7fffffffu;
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}
double asF64(uint64_t V) {
  double D;
  std::memcpy(&D, &V, 8);
  return D;
}
uint64_t bitsF64(double D) {
  if (std::isnan(D))
    return 0x7fffffffffffffffull;
  uint64_t B;
  std::memcpy(&B, &D, 8);
  return B;
}

/// The value of a float of any width as a double (exact: every f16, bf16 and
/// f32 is a double), and a double rounded to nearest in type \p T.
double asDouble(Type T, uint64_t V) {
  if (T.Bits == 64)
    return asF64(V);
  if (T.Bits == 32)
    return double(asF32(V));
  return toAP(T, V).convertToDouble();
}
uint64_t fromDouble(Type T, double D) {
  if (T.Bits == 64)
    return bitsF64(D);
  if (T.Bits == 32)
    return bitsF32(float(D));
  APFloat X(D);
  bool Loses;
  X.convert(semOf(T), RoundingMode::NearestTiesToEven, &Loses);
  return fromAP(T, X);
}

bool fnan(Type T, uint64_t V) { return toAP(T, V).isNaN(); }

/// IEEE total order on non-NaN values with -0.0 < +0.0.
bool fless(Type T, uint64_t A, uint64_t B) {
  APFloat X = toAP(T, A), Y = toAP(T, B);
  if (X.isZero() && Y.isZero())
    return X.isNegative() && !Y.isNegative();
  return X.compare(Y) == APFloat::cmpLessThan;
}

/// min/max (PTX ISA 9.7.3.11-12, 9.7.4.8-9), after .ftz: two_inputs_min /
/// two_inputs_max of the ISA's pseudocode, applied to (a, b) and then to
/// (d, c) when c is present (sm_100), with .abs and .xorsign.
uint64_t minMax(const Inst &I, Type T, uint64_t A, uint64_t B, uint64_t C) {
  uint64_t Sign = 1ull << (T.Bits - 1);
  uint64_t XorSign = (A ^ B) & Sign;
  bool HasC = I.Ops.size() >= 4;
  if (I.Abs) {
    A &= ~Sign;
    B &= ~Sign;
    C &= ~Sign;
  }
  auto Two = [&](uint64_t X, uint64_t Y) {
    bool NX = fnan(T, X), NY = fnan(T, Y);
    if ((NX && NY) || (I.NaN && (NX || NY)))
      return canonicalNaN(T);
    if (NX)
      return Y;
    if (NY)
      return X;
    // -0.0 < +0.0 here.
    return (I.Op == Opcode::Min) == fless(T, X, Y) ? X : Y;
  };
  uint64_t R = Two(A, B);
  if (HasC)
    R = Two(R, C);
  if (I.Sub && !HasC && !fnan(T, R)) // .xorsign
    R = (R & ~Sign) | XorSign;
  return I.Ftz ? ftz(T, R) : R;
}

uint64_t floatOpRaw(const Inst &I, Type T, uint64_t A, uint64_t B, uint64_t C) {
  if (I.Ftz) {
    A = ftz(T, A);
    B = ftz(T, B);
    C = ftz(T, C);
  }
  if (T.Bits == 64 && !I.Ftz) {
    // PTX ISA 9.7.3: f64 keeps NaN payloads; "for abs.f64, NaN input is
    // passed through unchanged" (9.7.3.9).
    unsigned N =
        I.Op == Opcode::Fma || I.Op == Opcode::Mad ? 3
        : I.Op == Opcode::Add || I.Op == Opcode::Sub || I.Op == Opcode::Mul ||
                I.Op == Opcode::Div
            ? 2
        : I.Op == Opcode::Sqrt || I.Op == Opcode::Rcp || I.Op == Opcode::Rsqrt
            ? 1
            : 0;
    if (uint64_t NaN = nanPayloadF64(N, A, B, C))
      return NaN;
    if (I.Op == Opcode::Abs && fnan(T, A))
      return A;
  }
  uint64_t R = 0;
  bool Fast = isNearest(I.Rnd) && (T.Bits == 32 || T.Bits == 64);
  switch (I.Op) {
  case Opcode::Neg:
    return A ^ (1ull << (T.Bits - 1));
  case Opcode::Abs:
    return A & ~(1ull << (T.Bits - 1));
  case Opcode::Min:
  case Opcode::Max:
    return minMax(I, T, A, B, C);
  default:
    break;
  }
  switch (I.Op) {
  case Opcode::Copysign: {
    uint64_t Sign = 1ull << (T.Bits - 1);
    return (B & ~Sign) | (A & Sign);
  }
  case Opcode::Testp: {
    APFloat X = toAP(T, A);
    switch (ir::TestpClass(I.Sub)) {
    case ir::TestpClass::Finite:
      return X.isFinite();
    case ir::TestpClass::Infinite:
      return X.isInfinity();
    case ir::TestpClass::Number:
      return !X.isNaN();
    case ir::TestpClass::NotANumber:
      return X.isNaN();
    case ir::TestpClass::Normal:
      // "As a special case, positive and negative zero are considered
      // normal numbers" (PTX ISA 9.7.3.1).
      return X.isNormal() || X.isZero();
    case ir::TestpClass::Subnormal:
      return X.isDenormal();
    }
    return 0;
  }
  case Opcode::Rcp:
  case Opcode::Rsqrt:
    if (T.Bits == 64 && I.Ftz) // rcp/rsqrt.approx.ftz.f64
      return grossApproxF64(A, I.Op == Opcode::Rsqrt);
    if (I.Op == Opcode::Rcp)
      break;
    [[fallthrough]];
  case Opcode::Ex2:
  case Opcode::Lg2:
  case Opcode::Sin:
  case Opcode::Cos:
  case Opcode::Tanh: {
    // The .approx functions: the host's libm, correctly rounded to the
    // type; the GPU's approximations differ in the last bits.
    double X = asDouble(T, A);
    double R = I.Op == Opcode::Rsqrt ? 1.0 / std::sqrt(X)
               : I.Op == Opcode::Ex2 ? std::exp2(X)
               : I.Op == Opcode::Lg2 ? std::log2(X)
               : I.Op == Opcode::Sin ? std::sin(X)
               : I.Op == Opcode::Cos ? std::cos(X)
                                     : std::tanh(X);
    uint64_t Bits = fromDouble(T, R);
    return I.Ftz ? ftz(T, Bits) : Bits;
  }
  case Opcode::Div:
    if (I.Sub == 1 && T.Bits == 32) { // div.approx.f32
      R = divApproxF32(A, B);
      return I.Ftz ? ftz(T, R) : R;
    }
    break;
  default:
    break;
  }
  if (Fast && T.Bits == 32) {
    float X = asF32(A), Y = asF32(B), Z = asF32(C);
    switch (I.Op) {
    case Opcode::Add:
      R = bitsF32(X + Y);
      break;
    case Opcode::Sub:
      R = bitsF32(X - Y);
      break;
    case Opcode::Mul:
      R = bitsF32(X * Y);
      break;
    case Opcode::Div:
      R = bitsF32(X / Y);
      break;
    case Opcode::Fma:
    case Opcode::Mad:
      R = bitsF32(std::fma(X, Y, Z));
      break;
    case Opcode::Sqrt:
      R = bitsF32(std::sqrt(X));
      break;
    case Opcode::Rcp:
      R = bitsF32(1.0f / X);
      break;
    default:
      return 0;
    }
    return I.Ftz ? ftz(T, R) : R;
  }
  if (Fast && T.Bits == 64) {
    double X = asF64(A), Y = asF64(B), Z = asF64(C);
    switch (I.Op) {
    case Opcode::Add:
      return bitsF64(X + Y);
    case Opcode::Sub:
      return bitsF64(X - Y);
    case Opcode::Mul:
      return bitsF64(X * Y);
    case Opcode::Div:
      return bitsF64(X / Y);
    case Opcode::Fma:
    case Opcode::Mad:
      return bitsF64(std::fma(X, Y, Z));
    case Opcode::Sqrt:
      return bitsF64(std::sqrt(X));
    case Opcode::Rcp:
      return bitsF64(1.0 / X);
    default:
      return 0;
    }
  }
  // Directed rounding (and f16) through APFloat.
  RoundingMode RM = rmOf(I.Rnd);
  APFloat X = toAP(T, A), Y = toAP(T, B), Z = toAP(T, C);
  switch (I.Op) {
  case Opcode::Add:
    X.add(Y, RM);
    break;
  case Opcode::Sub:
    X.subtract(Y, RM);
    break;
  case Opcode::Mul:
    X.multiply(Y, RM);
    break;
  case Opcode::Div:
    X.divide(Y, RM);
    break;
  case Opcode::Fma:
  case Opcode::Mad:
    X.fusedMultiplyAdd(Y, Z, RM);
    break;
  case Opcode::Rcp: {
    APFloat One(semOf(T), 1);
    One.divide(X, RM);
    X = One;
    break;
  }
  case Opcode::Sqrt:
    X = sqrtRounded(X, RM);
    break;
  default:
    return 0;
  }
  R = fromAP(T, X);
  return I.Ftz ? ftz(T, R) : R;
}

/// .relu (PTX ISA 9.7.4, the f16/bf16 fma/min/max and cvt): a negative
/// result becomes +0; NaN stays NaN.
uint64_t relu(Type T, uint64_t R) {
  APFloat X = toAP(T, R);
  return !X.isNaN() && X.isNegative() ? 0 : R;
}

/// Adds .relu and the arithmetic .sat
/// (clamp to [0, 1], NaN to 0) around floatOpRaw, for one element of type
/// \p T (the instruction type, or the element type of a packed one).
uint64_t floatOp(const Inst &I, Type T, uint64_t A, uint64_t B, uint64_t C) {
  uint64_t R = floatOpRaw(I, T, A, B, C);
  if (I.Relu)
    R = relu(T, R);
  if (!I.Sat || I.Op == Opcode::Testp)
    return R;
  APFloat X = toAP(T, R);
  if (X.isNaN() || X.isNegative())
    return fromAP(T, APFloat::getZero(semOf(T)));
  if (X.compare(APFloat(semOf(T), 1)) == APFloat::cmpGreaterThan)
    return fromAP(T, APFloat(semOf(T), 1));
  return R;
}

/// Where state space \p Sp starts in the generic space (ir/Layout.h): what
/// cvta adds and cvta.to subtracts. Global and const addresses are generic
/// addresses already.
uint64_t windowBase(ir::Space Sp) {
  switch (Sp) {
  case ir::Space::Shared:
    return ir::SharedWindow;
  case ir::Space::Local:
    return ir::LocalWindow;
  case ir::Space::KernelParam:
    return ir::KernelParamWindow;
  default:
    return 0;
  }
}

uint64_t intMin(Type T) {
  return T.isSigned() ? uint64_t(1) << (T.Bits - 1) : 0;
}

/// cvt (PTX ISA 9.7.9.21): every int/float combination, to the type \p D
/// (the instruction's, or the element type of a packed destination).
uint64_t convert(const Inst &I, Type D, uint64_t A) {
  Type S = I.SrcTy;
  bool DF = D.isFloat(), SF = S.isFloat();
  if (!DF && !SF) {
    int64_t SV = S.isSigned() ? sext(A, S.Bits) : int64_t(truncTo(S, A));
    if (I.Sat) {
      // Clamp to the destination range, comparing as the source says.
      if (D.Bits < 64 || D.isSigned() != S.isSigned()) {
        int64_t Hi = D.isSigned()   ? int64_t((1ull << (D.Bits - 1)) - 1)
                     : D.Bits >= 64 ? INT64_MAX
                                    : int64_t((1ull << D.Bits) - 1);
        // -Hi - 1: negating 2^63 would overflow (cvt.sat.s64.u64).
        int64_t Lo = D.isSigned() ? -Hi - 1 : 0;
        bool SrcUnsignedBig = !S.isSigned() && S.Bits == 64 && SV < 0;
        if (SrcUnsignedBig)
          return truncTo(D, uint64_t(Hi));
        if (SV > Hi)
          SV = Hi;
        if (SV < Lo)
          SV = Lo;
      }
    }
    if (D.isSigned() || S.isSigned())
      return truncTo(D, uint64_t(SV));
    return truncTo(D, uint64_t(SV));
  }
  if (DF && !SF) {
    APInt V(S.Bits, truncTo(S, A));
    APFloat F(semOf(D));
    F.convertFromAPInt(V, S.isSigned(), rmOf(I.Rnd));
    // .sat clamps a float result to [0.0, 1.0] whatever the source.
    if (I.Sat && F.isNegative())
      F = APFloat::getZero(semOf(D));
    else if (I.Sat &&
             F.compare(APFloat(semOf(D), 1)) == APFloat::cmpGreaterThan)
      F = APFloat(semOf(D), 1);
    uint64_t R = fromAP(D, F);
    return I.Ftz ? ftzF32(D, R) : R;
  }
  APFloat F = toAP(S, I.Ftz ? ftzF32(S, A) : A);
  if (!DF) {
    if (F.isNaN())
      return 0;
    APSInt Out(D.Bits, !D.isSigned());
    bool Exact;
    APFloat::opStatus St = F.convertToInteger(Out, rmOf(I.Rnd), &Exact);
    if (St & APFloat::opInvalidOp) {
      // Out of range: saturate (cvt float-to-integer always clamps).
      if (F.isNegative())
        return truncTo(D, intMin(D));
      return truncTo(D, D.isSigned() ? (1ull << (D.Bits - 1)) - 1 : ~0ull);
    }
    return truncTo(D, Out.getExtValue());
  }
  bool Loses;

  if (I.Rnd == Rounding::Rni || I.Rnd == Rounding::Rzi ||
      I.Rnd == Rounding::Rmi || I.Rnd == Rounding::Rpi)
    F.roundToIntegral(rmOf(I.Rnd));
  F.convert(semOf(D), rmOf(I.Rnd), &Loses);
  if (I.Sat) {
    if (F.isNaN() || F.isNegative())
      F = APFloat::getZero(semOf(D));
    else if (F.compare(APFloat(semOf(D), 1)) == APFloat::cmpGreaterThan)
      F = APFloat(semOf(D), 1);
  }
  uint64_t R = fromAP(D, F);
  if (I.Relu)
    R = relu(D, R);
  return I.Ftz ? ftzF32(D, R) : R;
}

uint64_t mulHi(Type T, uint64_t A, uint64_t B) {
  if (T.Bits == 64) {
    if (T.isSigned())
      return uint64_t((__int128(int64_t(A)) * __int128(int64_t(B))) >> 64);
    return uint64_t((unsigned __int128)A * (unsigned __int128)B >> 64);
  }
  if (T.isSigned())
    return uint64_t((sext(A, T.Bits) * sext(B, T.Bits)) >> T.Bits);
  return (truncTo(T, A) * truncTo(T, B)) >> T.Bits;
}

uint64_t mulWide(Type T, uint64_t A, uint64_t B) {
  if (T.isSigned())
    return uint64_t(sext(A, T.Bits) * sext(B, T.Bits));
  return truncTo(T, A) * truncTo(T, B);
}

/// prmt.b32 default mode: each nibble of c picks a byte of {b, a}.
uint64_t prmt(uint64_t A, uint64_t B, uint64_t C) {
  uint64_t Bytes =
      (truncTo(Type{Type::B, 32}, B) << 32) | truncTo(Type{Type::B, 32}, A);
  uint64_t D = 0;
  for (unsigned I = 0; I < 4; ++I) {
    unsigned Sel = (C >> (4 * I)) & 0xf;
    uint64_t Byte = (Bytes >> (8 * (Sel & 7))) & 0xff;
    if (Sel & 8)
      Byte = (Byte & 0x80) ? 0xff : 0;
    D |= Byte << (8 * I);
  }
  return D;
}

} // namespace

bool evalCompare(ir::CmpOp Op, Type T, uint64_t A, uint64_t B, bool Ftz) {
  using ir::CmpOp;
  if (Ftz && T.isFloat() && !T.Packed) { // setp/set .ftz (PTX ISA 9.7.3)
    A = ftz(T, A);
    B = ftz(T, B);
  }
  if (T.isFloat()) {
    APFloat X = toAP(T, A), Y = toAP(T, B);
    bool Unordered = X.isNaN() || Y.isNaN();
    APFloat::cmpResult R = X.compare(Y);
    switch (Op) {
    case CmpOp::Eq:
      return R == APFloat::cmpEqual;
    case CmpOp::Ne:
      return !Unordered && R != APFloat::cmpEqual;
    case CmpOp::Lt:
      return R == APFloat::cmpLessThan;
    case CmpOp::Le:
      return R == APFloat::cmpLessThan || R == APFloat::cmpEqual;
    case CmpOp::Gt:
      return R == APFloat::cmpGreaterThan;
    case CmpOp::Ge:
      return R == APFloat::cmpGreaterThan || R == APFloat::cmpEqual;
    case CmpOp::Equ:
      return Unordered || R == APFloat::cmpEqual;
    case CmpOp::Neu:
      return Unordered || R != APFloat::cmpEqual;
    case CmpOp::Ltu:
      return Unordered || R == APFloat::cmpLessThan;
    case CmpOp::Leu:
      return Unordered || R == APFloat::cmpLessThan || R == APFloat::cmpEqual;
    case CmpOp::Gtu:
      return Unordered || R == APFloat::cmpGreaterThan;
    case CmpOp::Geu:
      return Unordered || R == APFloat::cmpGreaterThan ||
             R == APFloat::cmpEqual;
    case CmpOp::Num:
      return !Unordered;
    case CmpOp::Nan:
      return Unordered;
    default:
      return false;
    }
  }
  // Integers through the setp kernel; predicates (0/1) compare unsigned.
  Type KeyTy = T.K == Type::Pred || T.Bits == 0 ? Type{Type::U, 64} : T;
  return evalLaneKernel(LaneKernel::Setp, compareArgs(Op, KeyTy), truncTo(T, A),
                        truncTo(T, B), 0) != 0;
}

uint64_t evalAlu(const Inst &I, uint64_t A, uint64_t B, uint64_t C) {
  if (isPackedScalar(I)) // packed integers, .relu, fp8/tf32 cvt...
    return evalPacked(I, A, B, C);
  // The instructions with a lane kernel have their semantics there only;
  // the cases below are the forms the kernels leave out.
  LaneKernel K = laneKernelOf(I);
  if (K != LaneKernel::None && !isSetpKernel(K))
    return evalLaneKernel(K, laneArgsOf(I, Type()), A, B, C);
  return evalAluGeneral(I, A, B, C);
}

uint64_t evalAluGeneral(const Inst &I, uint64_t A, uint64_t B, uint64_t C) {
  Type T = I.Ty;
  switch (I.Op) {
  case Opcode::Mov:
    return truncTo(T, A);
  case Opcode::Slct: {
    if (I.Ftz && I.SrcTy.isFloat()) // slct.ftz: a subnormal c reads as +-0
      C = ftz(I.SrcTy, C);
    bool Ge = I.SrcTy.isFloat()
                  ? !toAP(I.SrcTy, C).isNegative() || toAP(I.SrcTy, C).isZero()
                  : sext(C, I.SrcTy.Bits) >= 0;
    if (I.SrcTy.isFloat() && toAP(I.SrcTy, C).isNaN())
      Ge = false;
    return Ge ? A : B;
  }
  case Opcode::Cvt:
    // cvt.f16x2.f32 d, a, b: a goes to the upper half, b to the lower.
    if (T.Packed)
      return convert(I, T.elem(), B) | convert(I, T.elem(), A) << 16;
    // A destination register wider than the type gets the result
    // sign-extended for signed integer types and zero-extended otherwise
    // (PTX ISA 9.4.1 "Operand Size Exceeding Instruction-Type Size", and
    // the cvt notes of 9.7.9.21); the caller truncates to the register.
    if (T.isSigned())
      return uint64_t(sext(convert(I, T, A), T.Bits));
    return convert(I, T, A);
  case Opcode::Cvta:
    return truncTo(T, A + windowBase(ir::Space(I.Sub)));
  case Opcode::CvtaTo:
    return truncTo(T, A - windowBase(ir::Space(I.Sub)));
  default:
    break;
  }
  if (T.Packed) {
    // f16x2 / bf16x2 arithmetic (PTX ISA 9.7.4): each half on its own.
    Type E = T.elem();
    auto Half = [&](unsigned Shift) {
      return floatOp(I, E, (A >> Shift) & 0xffff, (B >> Shift) & 0xffff,
                     (C >> Shift) & 0xffff);
    };
    return Half(0) | Half(16) << 16;
  }
  if (T.isFloat())
    return floatOp(I, T, A, B, C);
  unsigned Bits = T.Bits;
  bool Signed = T.isSigned();
  int64_t SA = sext(A, Bits), SB = sext(B, Bits);
  uint64_t UA = truncTo(T, A), UB = truncTo(T, B);
  switch (I.Op) {
  case Opcode::Add:
    if (I.Sat && Signed) {
      int64_t R = SA + SB;
      return truncTo(T, uint64_t(std::max<int64_t>(
                            INT32_MIN, std::min<int64_t>(INT32_MAX, R))));
    }
    return truncTo(T, A + B);
  case Opcode::Sub:
    if (I.Sat && Signed) {
      int64_t R = SA - SB;
      return truncTo(T, uint64_t(std::max<int64_t>(
                            INT32_MIN, std::min<int64_t>(INT32_MAX, R))));
    }
    return truncTo(T, A - B);
  case Opcode::Mul:
    if (I.Sub == 1)
      return truncTo(T, mulHi(T, A, B));
    if (I.Sub == 2)
      return truncTo(Type{T.K, uint8_t(Bits * 2)}, mulWide(T, A, B));
    return truncTo(T, A * B);
  case Opcode::Mad:
    if (I.Sub == 1 && I.Sat) {
      // mad.hi.sat.s32 (PTX ISA 9.7.1.4): the sum clamped to the s32 range.
      int64_t R = sext(mulHi(T, A, B), 32) + sext(C, 32);
      return truncTo(T, uint64_t(std::max<int64_t>(
                            INT32_MIN, std::min<int64_t>(INT32_MAX, R))));
    }
    if (I.Sub == 1)
      return truncTo(T, mulHi(T, A, B) + C);
    if (I.Sub == 2)
      return truncTo(Type{T.K, uint8_t(Bits * 2)}, mulWide(T, A, B) + C);
    return truncTo(T, A * B + C);
  case Opcode::Div:
    if (UB == 0)
      return truncTo(T, ~0ull);
    if (Signed) {
      if (SB == -1)
        return truncTo(T, uint64_t(0) - uint64_t(SA));
      return truncTo(T, uint64_t(SA / SB));
    }
    return UA / UB;
  case Opcode::Rem:
    if (UB == 0)
      return UA;
    if (Signed) {
      if (SB == -1)
        return 0;
      return truncTo(T, uint64_t(SA % SB));
    }
    return UA % UB;
  case Opcode::Abs:
    return truncTo(T, SA < 0 ? uint64_t(0) - uint64_t(SA) : uint64_t(SA));
  case Opcode::And:
    return T.K == Type::Pred ? (A & B) & 1 : truncTo(T, A & B);
  case Opcode::Or:
    return T.K == Type::Pred ? (A | B) & 1 : truncTo(T, A | B);
  case Opcode::Xor:
    return T.K == Type::Pred ? (A ^ B) & 1 : truncTo(T, A ^ B);
  case Opcode::Not:
    return T.K == Type::Pred ? !A : truncTo(T, ~A);
  case Opcode::CNot:
    return UA == 0 ? 1 : 0;
  case Opcode::Popc:
    return uint64_t(countPopulation(UA));
  case Opcode::Clz:
    return Bits == 64 ? countLeadingZeros(UA)
                      : countLeadingZeros(uint32_t(UA)) - (32 - Bits);
  case Opcode::Brev: {
    uint64_t R = reverseBits(UA);
    return Bits == 64 ? R : R >> (64 - Bits);
  }
  case Opcode::Bfind: {
    // Position of the most significant non-sign bit; 0xffffffff if none.
    uint64_t V = Signed && SA < 0
                     ? ~UA & ((Bits == 64) ? ~0ull : ((1ull << Bits) - 1))
                     : UA;
    if (V == 0)
      return 0xffffffffu;
    unsigned Pos = 63 - countLeadingZeros(V);
    return I.Sub ? (Bits - 1 - Pos) : Pos;
  }
  case Opcode::Bfe:
    return bfe(T, UA, B, C);
  case Opcode::Bfi:
  case Opcode::Lop3:
    return 0; // four sources: evalBfi / evalLop3
  case Opcode::Shf: {
    // Funnel shift of the 64-bit {b, a} (PTX ISA 9.7.8.7).
    uint64_t N = uint32_t(C);
    N = I.Sub2 ? (N & 31) : std::min<uint64_t>(N, 32);
    uint64_t Pair = (uint64_t(uint32_t(B)) << 32) | uint32_t(A);
    if (I.Sub)
      return uint32_t(Pair >> N);
    return uint32_t((Pair << N) >> 32);
  }
  case Opcode::Mul24:
  case Opcode::Mad24: {
    int64_t SExtC = sext(C, 32);
    int64_t X = Signed ? sext(A, 24) : int64_t(A & 0xffffff);
    int64_t Y = Signed ? sext(B, 24) : int64_t(B & 0xffffff);
    uint64_t P = uint64_t(X * Y);
    uint64_t R = I.Sub ? (P >> 16) : P;
    if (I.Op == Opcode::Mad24 && I.Sat) // mad24.hi.sat.s32 (PTX ISA 9.7.1.8)
      return truncTo(
          T,
          uint64_t(std::max<int64_t>(
              INT32_MIN, std::min<int64_t>(INT32_MAX, sext(R, 32) + SExtC))));
    if (I.Op == Opcode::Mad24)
      R += C;
    return truncTo(T, R);
  }
  case Opcode::Sad: {
    // |a - b| in unsigned arithmetic (s64 operands can differ by 2^64 - 1).
    uint64_t Diff = Signed ? (SA > SB ? uint64_t(SA) - uint64_t(SB)
                                      : uint64_t(SB) - uint64_t(SA))
                           : (UA > UB ? UA - UB : UB - UA);
    return truncTo(T, C + Diff);
  }
  case Opcode::Bmsk:
    return bmsk(uint32_t(A), uint32_t(B), /*Wrap=*/I.Sub);
  case Opcode::Fns:
    return fns(uint32_t(A), uint32_t(B), int32_t(C));
  case Opcode::Prmt:
    return prmt(A, B, C);
  default:
    return 0;
  }
}

uint64_t evalBfi(const Inst &I, uint64_t A, uint64_t B, uint64_t C,
                 uint64_t D) {
  if (I.Op == Opcode::Lop3) {
    // Each result bit indexes the 8-bit truth table with (a, b, c).
    uint64_t R = 0;
    for (unsigned K = 0; K < 32; ++K) {
      unsigned Idx =
          (((A >> K) & 1) << 2) | (((B >> K) & 1) << 1) | ((C >> K) & 1);
      R |= uint64_t((D >> Idx) & 1) << K;
    }
    return R;
  }
  return bfi(I.Ty, A, B, C, D);
}

} // namespace interp
} // namespace ptxwarp
