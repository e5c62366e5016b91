//===- LowerRefusalTest.cpp - Forms outside the ISA the lowering refuses --===//
//
// The lowering runs on unchecked PTX when its caller checked it already or
// chose not to (LowerOptions::Check = false): a form outside the PTX ISA's
// syntax must then be refused with its reason, never lowered to a guessed
// meaning. The checker refuses these same lines with ptxas 13.0's messages
// (test/Run/scalar-packed.test, scalar-convert.test); here nothing checks
// first.
//
//===----------------------------------------------------------------------===//

#include "LowerTestUtil.h"

#include "gtest/gtest.h"

using namespace ptxwarp;

namespace {

TEST(LowerRefusal, FormsOutsideTheIsa) {
  struct Case {
    const char *Line, *Why;
  } Cases[] = {
      // PTX ISA 9.7.1: the packed 16-bit integer forms are add, min, max.
      {"sub.s16x2 %r1, %r2, %r3;", "defined for add, min and max only"},
      // 9.7.1.10-11: .relu on .s16x2 and .s32 only.
      {"min.u16x2.relu %r1, %r2, %r3;", ".relu is defined on .s16x2 and .s32"},
      // The three-input form is f32's: an integer one would drop c.
      {"max.s32 %r1, %r2, %r3, %r4;", "three-source integer form"},
      // 9.7.9.21: .satfinite on cvt from .f32 to .f16/.bf16 (and pairs).
      {"cvt.rn.satfinite.f32.f16 %f1, %h1;", ".satfinite is defined on cvt"},
  };
  for (const Case &C : Cases) {
    irtest::Lowered L = irtest::lowerKernel(
        ".version 8.0\n.target sm_90\n.address_size 64\n", "",
        ".reg .b32 %r<8>;\n.reg .f32 %f<4>;\n.reg .b16 %h<4>;\n" +
            std::string(C.Line),
        "");
    EXPECT_FALSE(L.F) << C.Line;
    bool Found = false;
    for (const Diagnostic &D : L.Diags)
      Found |= D.Sev == Severity::Error &&
               D.Message.find(C.Why) != std::string::npos;
    EXPECT_TRUE(Found) << C.Line << ": "
                       << (L.Diags.empty() ? "no diagnostic"
                                           : L.Diags[0].Message);
  }
}

} // namespace
