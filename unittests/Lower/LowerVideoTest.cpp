//===- LowerVideoTest.cpp - Video selectors and qualifiers in the IR ------===//
//
// What lib/Lower/LowerVideo.cpp reads into ir::VideoModes: types, .sat, .op2,
// comparisons, .clamp/.wrap, vmad's negations/.po/.shr, dp2a .lo/.hi, the
// scalar selectors (.b0-.b3, .h0, .h1), the SIMD masks (.h10, .b31) and
// element selectors (.h32, .b7654) with their defaults (PTX ISA 9.7.18,
// 9.7.1.23-24); and the forms it refuses.
//
//===----------------------------------------------------------------------===//

#include "LowerTestUtil.h"

#include "ptxwarp/IR/VideoModes.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using ir::Opcode;
using ir::VCmp;
using ir::VideoModes;
using ir::VOp2;
using ir::VSel;

namespace {

using irtest::Lowered;

Lowered lower(llvm::StringRef Line) {
  return irtest::lowerKernel(".version 8.0\n.target sm_80\n.address_size 64\n",
                             "", ".reg .b32 %r<8>;\n" + Line.str(), "");
}

/// The one instruction \p Line lowers to.
const ir::Inst &only(const Lowered &L) {
  EXPECT_TRUE(L.F) << (L.Diags.empty() ? "" : L.Diags[0].Message);
  static ir::Inst None;
  if (!L.F || L.F->Insts.empty())
    return None;
  return L.F->Insts[0];
}

std::string firstError(const Lowered &L) {
  return L.Diags.empty() ? "" : L.Diags[0].Message;
}

TEST(LowerVideo, ScalarSelectorsAndModes) {
  Lowered L = lower("vadd.s32.u32.s32.sat %r1, %r2.b3, %r3.h1;");
  const ir::Inst &I = only(L);
  EXPECT_EQ(I.Op, Opcode::VAdd);
  ASSERT_EQ(I.Ops.size(), 3u);
  VideoModes M = VideoModes::unpack(I.Modes);
  EXPECT_TRUE(M.DSigned);
  EXPECT_FALSE(M.ASigned);
  EXPECT_TRUE(M.BSigned);
  EXPECT_TRUE(M.Sat);
  EXPECT_EQ(VSel(M.ASel), VSel::B3);
  EXPECT_EQ(VSel(M.BSel), VSel::H1);
  EXPECT_EQ(VSel(M.DSel), VSel::None);
  EXPECT_EQ(M.Op2, VOp2::None);

  L = lower("vabsdiff.u32.u32.u32 %r1.b2, %r2, %r3.b0, %r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(VSel(M.DSel), VSel::B2);
  EXPECT_EQ(VSel(M.BSel), VSel::B0);
  EXPECT_EQ(only(L).Ops.size(), 4u);

  L = lower("vmax.u32.u32.u32.min %r1, %r2, %r3, 7;");
  EXPECT_EQ(VideoModes::unpack(only(L).Modes).Op2, VOp2::Min);

  L = lower("vset.u32.s32.ge.add %r1, %r2, %r3.h0, %r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(only(L).Op, Opcode::VSet);
  EXPECT_EQ(M.Cmp, VCmp::Ge);
  EXPECT_EQ(M.Op2, VOp2::Add);
  EXPECT_FALSE(M.ASigned);
  EXPECT_TRUE(M.BSigned);

  L = lower("vshr.s32.s32.u32.clamp %r1, %r2, %r3;");
  EXPECT_TRUE(VideoModes::unpack(only(L).Modes).Clamp);
  L = lower("vshl.u32.u32.u32.wrap %r1, %r2, %r3;");
  EXPECT_FALSE(VideoModes::unpack(only(L).Modes).Clamp);
}

TEST(LowerVideo, VmadNegationsAndScale) {
  Lowered L = lower("vmad.s32.s32.s32.sat.shr15 %r1, -%r2.b1, %r3.h1, %r4;");
  VideoModes M = VideoModes::unpack(only(L).Modes);
  EXPECT_TRUE(M.NegA);
  EXPECT_FALSE(M.NegB);
  EXPECT_FALSE(M.NegC);
  EXPECT_EQ(M.Shr, 15);
  EXPECT_EQ(VSel(M.ASel), VSel::B1);
  EXPECT_EQ(VSel(M.BSel), VSel::H1);
  // `-%r4` (no selector) is the negated c, not a constant.
  L = lower("vmad.s32.u32.u32 %r1, %r2, %r3, -%r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_TRUE(M.NegC);
  ASSERT_EQ(only(L).Ops.size(), 4u);
  EXPECT_TRUE(only(L).Ops[3].isReg());
  L = lower("vmad.u32.u32.u32.po.shr7 %r1, %r2, %r3, %r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_TRUE(M.Po);
  EXPECT_EQ(M.Shr, 7);
}

TEST(LowerVideo, SimdMasksAndSelectors) {
  // Defaults: mask all elements, a .b3210, b .b7654.
  Lowered L = lower("vadd4.u32.u32.u32 %r1, %r2, %r3, %r4;");
  VideoModes M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(M.DSel, 0xf);
  EXPECT_EQ(M.ASel, 03210);
  EXPECT_EQ(M.BSel, 07654);
  L = lower("vavrg4.u32.u32.u32 %r1.b31, %r2.b7531, %r3.b6420, %r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(M.DSel, 0xa);
  EXPECT_EQ(M.ASel, 07531); // element 0 <- byte 1, ..., element 3 <- 7
  EXPECT_EQ(M.BSel, 06420);
  // 2-forms: .h10 / .h32 by default.
  L = lower("vmin2.s32.s32.s32.add %r1, %r2, %r3, %r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(M.DSel, 0x3);
  EXPECT_EQ(M.ASel, 010);
  EXPECT_EQ(M.BSel, 032);
  EXPECT_EQ(M.Op2, VOp2::Add);
  L = lower("vset2.u32.u32.lt %r1.h1, %r2.h01, %r3.h33, %r4;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(M.DSel, 0x2);
  EXPECT_EQ(M.ASel, 001);
  EXPECT_EQ(M.BSel, 033);
  EXPECT_EQ(M.Cmp, VCmp::Lt);
}

TEST(LowerVideo, DotProducts) {
  Lowered L = lower("dp2a.hi.s32.u32 %r1, %r2, %r3, %r4;");
  VideoModes M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(only(L).Op, Opcode::Dp2a);
  EXPECT_TRUE(M.Hi);
  EXPECT_TRUE(M.ASigned);
  EXPECT_FALSE(M.BSigned);
  L = lower("dp4a.u32.s32 %r1, 7, %r3, 9;");
  M = VideoModes::unpack(only(L).Modes);
  EXPECT_EQ(only(L).Op, Opcode::Dp4a);
  EXPECT_FALSE(M.ASigned);
  EXPECT_TRUE(M.BSigned);
}

TEST(LowerVideo, RefusesFormsOutsideTheSyntax) {
  struct Case {
    const char *Line, *Why;
  } Cases[] = {
      {"vadd4.u32.u32.u32.sat.add %r1, %r2, %r3, %r4;", ".sat cannot"},
      {"vmad.s32.s32.s32 %r1, -%r2, %r3, -%r4;", "negates both"},
      {"vmad.s32.s32.s32.po %r1, %r2, -%r3, %r4;", ".po does not allow"},
      {"vadd.u32.u32.u32 %r1.b0, %r2, %r3;", "merge form"},
      {"vadd.u32.u32.u32.max %r1.h0, %r2, %r3, %r4;", "merge form"},
      {"vadd.u32.u32.u32 %r1, %r2.h2, %r3;", "scalar video selector"},
      {"vadd2.u32.u32.u32 %r1.h01, %r2, %r3, %r4;", "the mask is"},
      {"vadd4.u32.u32.u32 %r1, %r2.b8000, %r3, %r4;", "each digit in 0-7"},
      {"vadd4.u32.u32.u32 %r1, %r2.b01, %r3, %r4;", "each digit in 0-7"},
      {"vadd2.u32.u32.u32 %r1, %r2, %r3, 5;", "sources are registers"},
      {"vshl.u32.u32.u32 %r1, %r2, %r3;", ".clamp or .wrap"},
      {"vshl.u32.u32.s32.wrap %r1, %r2, %r3;", ".clamp or .wrap"},
      {"vset.u32.u32 %r1, %r2, %r3;", "comparison"},
      {"vset.u32.u32.lt.sat %r1, %r2, %r3;", "'.sat' is not a qualifier"},
      {"vadd.u32.u32.u16 %r1, %r2, %r3;", "not .u16"},
      {"dp2a.u32.u32 %r1, %r2, %r3, %r4;", ".lo or .hi"},
      {"dp4a.u32.u32 %r1, %r2.b0, %r3, %r4;", "no selectors"},
      {"vadd.u32.u32.u32 %r1, -%r2, %r3;", "only vmad negates"},
      {"vmad.u32.u32.u32 %r1.h0, %r2, %r3, %r4;", "merge form"},
      {"vadd4.u32.u32.u32 %r1, %r2, %r3;", "number of operands"},
  };
  for (const Case &C : Cases) {
    Lowered L = lower(C.Line);
    EXPECT_FALSE(L.F) << C.Line;
    EXPECT_NE(firstError(L).find(C.Why), std::string::npos)
        << C.Line << ": " << firstError(L);
  }
}

} // namespace
