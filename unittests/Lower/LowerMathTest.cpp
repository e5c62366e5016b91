//===- LowerMathTest.cpp - Lowering of the scalar math qualifiers ---------===//
//
// What the lowering hands the ALU: operand widths (mad.wide's c), the
// min/max .abs/.xorsign and cvt .satfinite flags, and the refusal of the
// forms the interpreter cannot run.
//
//===----------------------------------------------------------------------===//

#include "LowerTestUtil.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using ir::Opcode;

namespace {

irtest::Lowered lower(llvm::StringRef Body) {
  return irtest::lowerKernel(".version 8.5\n.target sm_90\n.address_size 64\n",
                             ".param .u64 p", Body, "");
}

const ir::Inst *find(const ir::Function &F, Opcode Op) {
  for (const ir::Inst &I : F.Insts)
    if (I.Op == Op)
      return &I;
  return nullptr;
}

TEST(LowerMath, MadWideAddendHasTwiceTheWidth) {
  // PTX ISA 9.7.1.4: in mad.wide.u32/.s32 c is 64-bit, in .u16/.s16 32-bit.
  // The immediate was read at the instruction type's width: 0x100000000
  // became 0 and -1 became 0xffffffff.
  auto L = lower(".reg .b32 %r<3>; .reg .b64 %rd<3>;\n"
                 "mad.wide.u32 %rd1, %r1, %r1, 0x100000000;\n");
  ASSERT_TRUE(L.F);
  const ir::Inst *I = find(*L.F, Opcode::Mad);
  ASSERT_TRUE(I);
  ASSERT_EQ(I->Ops.size(), 4u);
  EXPECT_EQ(I->Ops[3].Imm, 0x100000000ull);
  auto S = lower(".reg .b32 %r<3>; .reg .b64 %rd<3>;\n"
                 "mad.wide.s32 %rd1, %r1, %r1, -1;\n");
  ASSERT_TRUE(S.F);
  I = find(*S.F, Opcode::Mad);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Ops[3].Imm, ~0ull);
}

TEST(LowerMath, MinMaxAbsXorsignFlags) {
  auto L = lower(".reg .f32 %f<4>;\n"
                 "min.xorsign.abs.f32 %f1, %f2, %f3;\n");
  ASSERT_TRUE(L.F);
  const ir::Inst *I = find(*L.F, Opcode::Min);
  ASSERT_TRUE(I);
  EXPECT_TRUE(I->Abs);
  EXPECT_EQ(I->Sub, 1u);
  auto M = lower(".reg .f32 %f<4>;\nmax.NaN.f32 %f1, %f2, %f3;\n");
  ASSERT_TRUE(M.F);
  I = find(*M.F, Opcode::Max);
  ASSERT_TRUE(I);
  EXPECT_FALSE(I->Abs);
  EXPECT_EQ(I->Sub, 0u);
  EXPECT_TRUE(I->NaN);
}

TEST(LowerMath, CvtSatFiniteFlag) {
  auto L = lower(".reg .f32 %f<2>; .reg .b16 %h<2>;\n"
                 "cvt.rn.satfinite.f16.f32 %h1, %f1;\n");
  ASSERT_TRUE(L.F);
  const ir::Inst *I = find(*L.F, Opcode::Cvt);
  ASSERT_TRUE(I);
  EXPECT_TRUE(I->SatFinite);
}

TEST(LowerMath, AtomB128IsRefusedWithItsReason) {
  auto L = lower(".reg .b64 %rd<3>; .reg .b128 %q<3>;\n"
                 "ld.param.u64 %rd1, [p];\n"
                 "atom.global.exch.b128 %q1, [%rd1], %q2;\n");
  bool Found = false;
  for (const Diagnostic &D : L.Diags)
    Found |= D.Message.find("'atom.global.exch.b128' is not supported by the "
                            "interpreter: 128-bit registers are not "
                            "modelled") != std::string::npos;
  EXPECT_TRUE(Found);
}

} // namespace
