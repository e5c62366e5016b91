//===- PackedTest.cpp - Packed integers, set/setp on halves, narrow cvt ---===//
//
// Expected values computed by hand from the PTX ISA text (sections cited per
// test) or by a plain per-half reference written here.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Packed.h"
#include "ptxwarp/IR/ScalarModes.h"
#include "ptxwarp/Interp/Alu.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::CmpOp;
using ir::Opcode;
using ir::Type;

namespace {

ir::Inst inst(Opcode Op, Type T) {
  ir::Inst I;
  I.Op = Op;
  I.Ty = T;
  return I;
}

const Type U16x2{Type::U, 32, true}, S16x2{Type::S, 32, true}, S32{Type::S, 32},
    U32{Type::U, 32}, F16x2{Type::F, 32, true}, BF16x2{Type::BF, 32, true},
    F32{Type::F, 32}, F16{Type::F, 16}, BF16{Type::BF, 16}, U16{Type::U, 16};

TEST(Packed, AddWrapsPerHalf) {
  // PTX ISA 9.7.1.1: .u16x2/.s16x2 add each half, wrapping around; no carry
  // crosses from the low half into the high one.
  for (Type T : {U16x2, S16x2}) {
    ir::Inst I = inst(Opcode::Add, T);
    EXPECT_EQ(evalAlu(I, 0x7fff0001, 0x0001ffff, 0), 0x80000000u);
    EXPECT_EQ(evalAlu(I, 0xffffffff, 0x00010001, 0), 0x00000000u);
  }
}

TEST(Packed, MinMaxPerHalfAgainstReference) {
  // PTX ISA 9.7.1.10-11: min/max on each 16-bit half, signed or unsigned;
  // .relu (s16x2, s32) clamps a negative result to 0.
  const uint32_t Vals[] = {0x00000000, 0x7fff8000, 0x8000ffff, 0x0001fffe,
                           0x12345678, 0xfedcba98, 0xffff0001};
  for (Opcode Op : {Opcode::Min, Opcode::Max})
    for (Type T : {U16x2, S16x2})
      for (bool Relu : {false, true}) {
        if (Relu && !T.isSigned())
          continue;
        ir::Inst I = inst(Op, T);
        I.Relu = Relu;
        for (uint32_t A : Vals)
          for (uint32_t B : Vals) {
            uint32_t Want = 0;
            for (unsigned Sh : {0u, 16u}) {
              int X = T.isSigned() ? int(int16_t(A >> Sh))
                                   : int((A >> Sh) & 0xffff);
              int Y = T.isSigned() ? int(int16_t(B >> Sh))
                                   : int((B >> Sh) & 0xffff);
              int R = Op == Opcode::Min ? std::min(X, Y) : std::max(X, Y);
              if (Relu)
                R = std::max(R, 0);
              Want |= (uint32_t(R) & 0xffff) << Sh;
            }
            EXPECT_EQ(evalAlu(I, A, B, 0), Want) << std::hex << A << " " << B;
          }
      }
}

TEST(Packed, ReluS32) {
  ir::Inst Max = inst(Opcode::Max, S32), Min = inst(Opcode::Min, S32);
  Max.Relu = Min.Relu = true;
  EXPECT_EQ(evalAlu(Max, uint32_t(-7), uint32_t(-3), 0), 0u);
  EXPECT_EQ(evalAlu(Max, uint32_t(-7), 5, 0), 5u);
  EXPECT_EQ(evalAlu(Min, uint32_t(-7), 5, 0), 0u);
  EXPECT_EQ(evalAlu(Min, 9, 5, 0), 5u);
  EXPECT_EQ(evalAlu(Min, 0x80000000u, 0x7fffffffu, 0), 0u);
}

uint64_t setp(CmpOp C, Type T, uint64_t A, uint64_t B, uint64_t &Q,
              ir::BoolOp Bo = ir::BoolOp::None, uint64_t P = 0,
              bool Ftz = false) {
  ir::Inst I = inst(Opcode::Setp, ir::Type{Type::Pred, 1});
  I.SrcTy = T;
  I.Sub = uint8_t(C);
  I.Sub2 = uint8_t(Bo);
  I.Ftz = Ftz;
  uint64_t D;
  evalSetLane(I, A, B, P, D, Q);
  return D;
}

uint64_t set(CmpOp C, Type D, Type S, uint64_t A, uint64_t B,
             ir::BoolOp Bo = ir::BoolOp::None, uint64_t P = 0) {
  ir::Inst I = inst(Opcode::Set, D);
  I.SrcTy = S;
  I.Sub = uint8_t(C);
  I.Sub2 = uint8_t(Bo);
  uint64_t R, Q;
  evalSetLane(I, A, B, P, R, Q);
  return R;
}

TEST(Packed, SetpHalves) {
  // Half precision setp (PTX ISA "Half Precision Comparison Instructions:
  // setp"): p from the lower halves, q from the upper; the boolean op
  // combines each with c. a = {lo -2.0, hi 1.0}, b = {lo 2.0, hi 1.0}.
  uint64_t Q;
  EXPECT_EQ(setp(CmpOp::Lt, F16x2, 0x3c00c000, 0x3c004000, Q), 1u);
  EXPECT_EQ(Q, 0u);
  EXPECT_EQ(setp(CmpOp::Eq, F16x2, 0x3c00c000, 0x3c004000, Q), 0u);
  EXPECT_EQ(Q, 1u);
  EXPECT_EQ(
      setp(CmpOp::Eq, F16x2, 0x3c00c000, 0x3c004000, Q, ir::BoolOp::Xor, 1),
      1u);
  EXPECT_EQ(Q, 0u);
  // NaN halves: ordered comparisons false, unordered true.
  EXPECT_EQ(setp(CmpOp::Ne, BF16x2, 0x7fc03f80, 0x3f803f80, Q), 0u);
  EXPECT_EQ(Q, 0u);
  EXPECT_EQ(setp(CmpOp::Neu, BF16x2, 0x7fc03f80, 0x3f803f80, Q), 0u);
  EXPECT_EQ(Q, 1u);
  // Scalar f16: a subnormal equals zero only under .ftz.
  EXPECT_EQ(setp(CmpOp::Eq, F16, 0x0001, 0x0000, Q), 0u);
  EXPECT_EQ(setp(CmpOp::Eq, F16, 0x0001, 0x0000, Q, ir::BoolOp::None, 0, true),
            1u);
  // f32 .ftz as well (PTX ISA 9.7.4.4: subnormal sources flush to zero).
  EXPECT_EQ(setp(CmpOp::Gt, F32, 0x00000001, 0x80000000, Q), 1u);
  EXPECT_EQ(setp(CmpOp::Gt, F32, 0x00000001, 0x80000000, Q, ir::BoolOp::None, 0,
                 true),
            0u);
}

TEST(Packed, SetResults) {
  // PTX ISA 9.7.4.3: 1.0f or 0xffffffff; the f16/bf16 forms give 1.0 in
  // their own format or all ones in the integer type, per half for x2.
  EXPECT_EQ(set(CmpOp::Gt, F32, S32, 2, 1), 0x3f800000u);
  EXPECT_EQ(set(CmpOp::Gt, U32, S32, 2, 1), 0xffffffffu);
  EXPECT_EQ(set(CmpOp::Lt, U32, S32, 2, 1), 0u);
  EXPECT_EQ(set(CmpOp::Gt, S32, S32, 2, 1, ir::BoolOp::And, 0), 0u);
  EXPECT_EQ(set(CmpOp::Lt, U32, S32, 2, 1, ir::BoolOp::Or, 1), 0xffffffffu);
  EXPECT_EQ(set(CmpOp::Lt, F16, F16, 0x3c00, 0x4000), 0x3c00u);
  EXPECT_EQ(set(CmpOp::Lt, BF16, BF16, 0x3f80, 0x4000), 0x3f80u);
  EXPECT_EQ(set(CmpOp::Lt, U16, F16, 0x3c00, 0x4000), 0xffffu);
  EXPECT_EQ(set(CmpOp::Lt, F16x2, F16x2, 0x3c00c000, 0x3c004000), 0x3c00u);
  EXPECT_EQ(set(CmpOp::Le, F16x2, F16x2, 0x3c00c000, 0x3c004000), 0x3c003c00u);
  EXPECT_EQ(set(CmpOp::Eq, U32, F16x2, 0x3c00c000, 0x3c004000), 0xffff0000u);
  EXPECT_EQ(set(CmpOp::Lt, BF16x2, BF16x2, 0x3c00c000, 0x3c004000), 0x3f80u);
}

uint64_t pack(Type T, uint64_t A, uint64_t B, uint64_t C) {
  return evalAlu(inst(Opcode::CvtPack, T), A, B, C);
}

TEST(Packed, CvtPackSat) {
  // PTX ISA 9.7.9.22: b saturated into the low bits, a above it, then c;
  // two instructions pack four bytes (b0 = x, b1 = y, b2 = z, b3 = w from
  // cvt t, w, z, 0; cvt d, y, x, t).
  Type S8{Type::S, 8}, U8{Type::U, 8}, S16{Type::S, 16}, U4{Type::U, 4};
  uint64_t T = pack(S8, uint32_t(-200), 5, 0);
  EXPECT_EQ(T, 0x8005u);
  EXPECT_EQ(pack(S8, 127, uint32_t(-1), T), 0x80057fffu);
  EXPECT_EQ(pack(U8, 300, uint32_t(-5), 0x1234), 0x1234ff00u);
  EXPECT_EQ(pack(S16, uint32_t(-40000), 40000, 0), 0x80007fffu);
  EXPECT_EQ(pack(U16, 65536, 7, 0), 0xffff0007u);
  EXPECT_EQ(pack(U4, 16, 3, 0xabcdef), 0xabcdeff3u); // c above 8 bits
}

uint64_t prmt(ir::PrmtMode M, uint64_t C) {
  ir::Inst I = inst(Opcode::Prmt, Type{Type::B, 32});
  I.Sub = uint8_t(M);
  return evalAlu(I, 0x33221100, 0x77665544, C);
}

TEST(Packed, PrmtModes) {
  // PTX ISA 9.7.9.7, the mode table (bytes 0-3 of a = 00..33, 4-7 of b =
  // 44..77; only c[1:0] matters).
  using ir::PrmtMode;
  EXPECT_EQ(prmt(PrmtMode::F4e, 0), 0x33221100u);
  EXPECT_EQ(prmt(PrmtMode::F4e, 3), 0x66554433u);
  EXPECT_EQ(prmt(PrmtMode::F4e, 7), 0x66554433u);
  EXPECT_EQ(prmt(PrmtMode::B4e, 0), 0x55667700u);
  EXPECT_EQ(prmt(PrmtMode::B4e, 1), 0x66770011u);
  EXPECT_EQ(prmt(PrmtMode::B4e, 3), 0x00112233u);
  EXPECT_EQ(prmt(PrmtMode::Rc8, 2), 0x22222222u);
  EXPECT_EQ(prmt(PrmtMode::Ecl, 1), 0x33221111u);
  EXPECT_EQ(prmt(PrmtMode::Ecl, 2), 0x33222222u);
  EXPECT_EQ(prmt(PrmtMode::Ecr, 1), 0x11111100u);
  EXPECT_EQ(prmt(PrmtMode::Ecr, 2), 0x22221100u);
  EXPECT_EQ(prmt(PrmtMode::Rc16, 0), 0x11001100u);
  EXPECT_EQ(prmt(PrmtMode::Rc16, 1), 0x33223322u);
}

TEST(Packed, Szext) {
  // PTX ISA 9.7.1.24: N = 0 gives 0; N >= 32 with .clamp leaves a; .wrap
  // takes N mod 32.
  auto Sz = [](Type T, bool Wrap, uint32_t A, uint32_t N) {
    ir::Inst I = inst(Opcode::Szext, T);
    I.Sub = Wrap;
    return evalAlu(I, A, N, 0);
  };
  EXPECT_EQ(Sz(S32, false, 0xf0, 5), 0xfffffff0u);
  EXPECT_EQ(Sz(S32, false, 0xf0, 4), 0x0u);
  EXPECT_EQ(Sz(U32, false, 0xf0, 5), 0x10u);
  EXPECT_EQ(Sz(U32, true, 0xffffffff, 0), 0u);
  EXPECT_EQ(Sz(S32, false, 0x80000000, 40), 0x80000000u);
  EXPECT_EQ(Sz(S32, true, 0x80000000, 32), 0u);
  EXPECT_EQ(Sz(S32, true, 0x3, 34), 0xffffffffu);
}

} // namespace
