//===- AluTest.cpp - Per-lane scalar semantics: rounding, cvt, bit ops ----===//
//
// Exact IEEE results for every rounding mode, cvt saturation and NaN rules,
// unordered comparisons and the bit-field instructions (PTX ISA 9.7.1-9.7.5,
// 9.7.9.21).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Alu.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::Opcode;
using ir::Rounding;
using ir::Type;

namespace {

Type ty(Type::Kind K, unsigned Bits) { return Type{K, uint8_t(Bits)}; }

ir::Inst inst(Opcode Op, Type T, Rounding R = Rounding::None) {
  ir::Inst I;
  I.Op = Op;
  I.Ty = T;
  I.Rnd = R;
  return I;
}

uint64_t f32(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

uint64_t cvt(Type D, Type S, uint64_t V, Rounding R = Rounding::None,
             bool Sat = false) {
  ir::Inst I = inst(Opcode::Cvt, D, R);
  I.SrcTy = S;
  I.Sat = Sat;
  return evalAlu(I, V, 0, 0);
}

const Type F32 = ty(Type::F, 32), F64 = ty(Type::F, 64), S32 = ty(Type::S, 32),
           U32 = ty(Type::U, 32), U8 = ty(Type::U, 8), B32 = ty(Type::B, 32);

TEST(Alu, AddRoundingModes) {
  // 1 + 2^-30 is not representable in f32: rn/rz/rm give 1, rp the next up.
  uint64_t One = f32(1.0f), Tiny = f32(0x1p-30f);
  EXPECT_EQ(evalAlu(inst(Opcode::Add, F32, Rounding::Rn), One, Tiny, 0), One);
  EXPECT_EQ(evalAlu(inst(Opcode::Add, F32, Rounding::Rz), One, Tiny, 0), One);
  EXPECT_EQ(evalAlu(inst(Opcode::Add, F32, Rounding::Rm), One, Tiny, 0), One);
  EXPECT_EQ(evalAlu(inst(Opcode::Add, F32, Rounding::Rp), One, Tiny, 0),
            One + 1);
  // -1 - 2^-30 rounds away from zero under rm.
  uint64_t MinusOne = f32(-1.0f);
  EXPECT_EQ(evalAlu(inst(Opcode::Sub, F32, Rounding::Rm), MinusOne, Tiny, 0),
            MinusOne + 1);
}

TEST(Alu, NaNResultsAreCanonical) {
  uint64_t Inf = f32(__builtin_inff()), NegInf = f32(-__builtin_inff());
  EXPECT_EQ(evalAlu(inst(Opcode::Add, F32), Inf, NegInf, 0), 0x7fffffffu);
  EXPECT_EQ(evalAlu(inst(Opcode::Add, F32, Rounding::Rz), Inf, NegInf, 0),
            0x7fffffffu);
}

TEST(Alu, FloatMinMaxSignedZeroAndNaN) {
  uint64_t NZ = 0x80000000u, PZ = 0, NaN = 0x7fc00000u, One = f32(1.0f);
  EXPECT_EQ(evalAlu(inst(Opcode::Min, F32), PZ, NZ, 0), NZ);
  EXPECT_EQ(evalAlu(inst(Opcode::Max, F32), NZ, PZ, 0), PZ);
  EXPECT_EQ(evalAlu(inst(Opcode::Min, F32), NaN, One, 0), One);
  EXPECT_EQ(evalAlu(inst(Opcode::Max, F32), NaN, NaN, 0), 0x7fffffffu);
}

TEST(Alu, FtzFlushesSubnormals) {
  ir::Inst I = inst(Opcode::Add, F32);
  I.Ftz = true;
  EXPECT_EQ(evalAlu(I, 0x00000001u, 0, 0), 0u);
  I.Ftz = false;
  EXPECT_EQ(evalAlu(I, 0x00000001u, 0, 0), 1u);
}

TEST(Alu, CvtIntToFloatRounds) {
  // 2^24 + 1 is between two f32 values.
  EXPECT_EQ(cvt(F32, U32, 16777217, Rounding::Rn), 0x4b800000u);
  EXPECT_EQ(cvt(F32, U32, 16777217, Rounding::Rp), 0x4b800001u);
  EXPECT_EQ(cvt(F32, S32, uint32_t(-16777217), Rounding::Rz), 0xcb800000u);
}

TEST(Alu, CvtFloatToIntRoundsAndSaturates) {
  // A signed result comes back sign-extended to 64 bits, ready for a
  // register wider than the type (PTX ISA 9.4.1).
  EXPECT_EQ(cvt(S32, F32, f32(-2.7f), Rounding::Rzi), uint64_t(-2));
  EXPECT_EQ(cvt(S32, F32, f32(-2.7f), Rounding::Rmi), uint64_t(-3));
  EXPECT_EQ(cvt(S32, F32, f32(2.5f), Rounding::Rni), 2u);
  EXPECT_EQ(cvt(S32, F32, f32(3.5f), Rounding::Rni), 4u);
  EXPECT_EQ(cvt(S32, F32, f32(2.1f), Rounding::Rpi), 3u);
  EXPECT_EQ(cvt(S32, F32, f32(3e9f), Rounding::Rzi), 0x7fffffffu);
  EXPECT_EQ(cvt(S32, F32, f32(-3e9f), Rounding::Rzi), uint64_t(INT32_MIN));
  EXPECT_EQ(cvt(U32, F32, f32(-1.0f), Rounding::Rzi), 0u);
  EXPECT_EQ(cvt(S32, F32, 0x7fc00000u, Rounding::Rzi), 0u);
}

TEST(Alu, CvtFloatToFloat) {
  double Tenth = 0.1;
  uint64_t Bits;
  std::memcpy(&Bits, &Tenth, 8);
  uint64_t Rn = cvt(F32, F64, Bits, Rounding::Rn);
  uint64_t Rz = cvt(F32, F64, Bits, Rounding::Rz);
  EXPECT_EQ(Rn, f32(0.1f));
  EXPECT_EQ(Rz, f32(0.1f) - 1); // 0.1f rounds up; truncation is one below
  EXPECT_EQ(cvt(F32, F32, f32(2.5f), Rounding::Rni), f32(2.0f));
  EXPECT_EQ(cvt(F32, F32, f32(-0.5f), Rounding::Rpi), f32(-0.0f));
  EXPECT_EQ(cvt(F32, F32, f32(1.5f), Rounding::None, true), f32(1.0f));
}

TEST(Alu, CvtIntSaturation) {
  EXPECT_EQ(cvt(U8, S32, 300, Rounding::None, true), 255u);
  EXPECT_EQ(cvt(U8, S32, uint32_t(-5), Rounding::None, true), 0u);
  EXPECT_EQ(cvt(U8, S32, 300), 300u & 0xff);
  EXPECT_EQ(cvt(S32, ty(Type::S, 8), 0x80), uint64_t(-128));
  // cvt.s16.s8 / cvt.u16.u8 of 0x1c2: the source is chopped to 8 bits, the
  // s16 result sign-extends, the u16 one does not (PTX ISA 9.4.1).
  EXPECT_EQ(cvt(ty(Type::S, 16), ty(Type::S, 8), 0x1c2), uint64_t(-62));
  EXPECT_EQ(cvt(ty(Type::U, 16), ty(Type::U, 8), 0x1c2), 0xc2u);
}

TEST(Alu, UnorderedComparisons) {
  uint64_t NaN = 0x7fc00000u, One = f32(1.0f);
  EXPECT_FALSE(evalCompare(ir::CmpOp::Lt, F32, NaN, One));
  EXPECT_TRUE(evalCompare(ir::CmpOp::Ltu, F32, NaN, One));
  EXPECT_FALSE(evalCompare(ir::CmpOp::Ne, F32, NaN, One));
  EXPECT_TRUE(evalCompare(ir::CmpOp::Neu, F32, NaN, One));
  EXPECT_TRUE(evalCompare(ir::CmpOp::Nan, F32, NaN, One));
  EXPECT_TRUE(evalCompare(ir::CmpOp::Lt, S32, uint32_t(-1), 0));
  EXPECT_FALSE(evalCompare(ir::CmpOp::Lo, U32, uint32_t(-1), 0));
}

TEST(Alu, BitFieldOps) {
  ir::Inst Bfe = inst(Opcode::Bfe, S32);
  EXPECT_EQ(evalAlu(Bfe, 0x80, 4, 4), 0xfffffff8u);
  Bfe.Ty = U32;
  EXPECT_EQ(evalAlu(Bfe, 0x80, 4, 4), 0x8u);
  EXPECT_EQ(evalBfi(inst(Opcode::Bfi, B32), 0xf, 0, 8, 4), 0xf00u);
  EXPECT_EQ(evalAlu(inst(Opcode::Prmt, B32), 0x44332211, 0x88776655, 0x3210),
            0x44332211u);
  EXPECT_EQ(evalAlu(inst(Opcode::Prmt, B32), 0x44332211, 0x88776655, 0x7654),
            0x88776655u);
  EXPECT_EQ(evalAlu(inst(Opcode::Brev, B32), 1, 0, 0), 0x80000000u);
  EXPECT_EQ(evalAlu(inst(Opcode::Clz, B32), 1, 0, 0), 31u);
  EXPECT_EQ(evalAlu(inst(Opcode::Popc, B32), 0xf0f0, 0, 0), 8u);
  ir::Inst Bfind = inst(Opcode::Bfind, U32);
  EXPECT_EQ(evalAlu(Bfind, 0x10, 0, 0), 4u);
  EXPECT_EQ(evalAlu(Bfind, 0, 0, 0), 0xffffffffu);
  Bfind.Sub = 1; // .shiftamt
  EXPECT_EQ(evalAlu(Bfind, 0x10, 0, 0), 27u);
}

// bmsk and fns: the PTX ISA's examples, and its Semantics pseudocode at the
// edges (positions and widths of 32 and more, both modes).
TEST(Alu, BmskAndFns) {
  auto Bmsk = [](bool Wrap, uint32_t A, uint32_t B) {
    ir::Inst I = inst(Opcode::Bmsk, B32);
    I.Sub = Wrap;
    return evalAlu(I, A, B, 0);
  };
  EXPECT_EQ(Bmsk(true, 1, 2), 0x6u); // the ISA's example
  EXPECT_EQ(Bmsk(false, 0, 32), 0xffffffffu);
  EXPECT_EQ(Bmsk(false, 4, 0), 0u);
  EXPECT_EQ(Bmsk(false, 20, 20), 0xfff00000u); // a + b past bit 31
  EXPECT_EQ(Bmsk(false, 32, 1), 0u);           // clamp: position >= 32
  EXPECT_EQ(Bmsk(false, 256, 4), 0u);          // ... whatever its low bits
  EXPECT_EQ(Bmsk(false, 3, 256), 0xfffffff8u); // clamp: width >= 32
  EXPECT_EQ(Bmsk(true, 33, 2), 0x6u);          // wrap: both modulo 32
  EXPECT_EQ(Bmsk(true, 4, 32), 0u);            // wrap: width 32 is 0

  auto Fns = [](uint32_t Mask, uint32_t Base, int32_t Offset) {
    return evalAlu(inst(Opcode::Fns, B32), Mask, Base, uint32_t(Offset));
  };
  EXPECT_EQ(Fns(0xaaaaaaaa, 3, 1), 3u); // the ISA's four examples
  EXPECT_EQ(Fns(0xaaaaaaaa, 3, -1), 3u);
  EXPECT_EQ(Fns(0xaaaaaaaa, 2, 1), 3u);
  EXPECT_EQ(Fns(0xaaaaaaaa, 2, -1), 1u);
  EXPECT_EQ(Fns(0xaaaaaaaa, 2, 0), 0xffffffffu); // offset 0: bit base only
  EXPECT_EQ(Fns(0xaaaaaaaa, 3, 0), 3u);
  EXPECT_EQ(Fns(0xf0f0f0f0, 0, 5), 12u); // the 5th set bit upwards
  EXPECT_EQ(Fns(0xf0f0f0f0, 31, -9), 15u);
  EXPECT_EQ(Fns(0x1, 0, 2), 0xffffffffu); // not found
  EXPECT_EQ(Fns(0xffffffff, 0, INT32_MIN), 0xffffffffu);
}

TEST(Alu, IntegerEdgeCases) {
  ir::Inst Hi = inst(Opcode::Mul, S32);
  Hi.Sub = 1;
  EXPECT_EQ(evalAlu(Hi, uint32_t(-2), 0x40000000, 0), 0xffffffffu);
  ir::Inst Wide = inst(Opcode::Mul, S32);
  Wide.Sub = 2;
  EXPECT_EQ(evalAlu(Wide, uint32_t(-2), 3, 0), uint64_t(-6));
  EXPECT_EQ(evalAlu(inst(Opcode::Div, S32), 0x80000000u, uint32_t(-1), 0),
            0x80000000u);
  EXPECT_EQ(evalAlu(inst(Opcode::Shr, S32), 0x80000000u, 40, 0), 0xffffffffu);
  EXPECT_EQ(evalAlu(inst(Opcode::Shl, B32), 1, 32, 0), 0u);
  ir::Inst Sat = inst(Opcode::Add, S32);
  Sat.Sat = true;
  EXPECT_EQ(evalAlu(Sat, 0x7fffffff, 1, 0), 0x7fffffffu);
}

} // namespace
