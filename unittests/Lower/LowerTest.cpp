//===- LowerTest.cpp - From PTX text to IR: layout, labels, calls ---------===//
//
// Parses small modules and checks the lowered IR: parameter layout, label
// resolution, reconvergence points (immediate post-dominators), call
// inlining, the table-driven warp instructions, and located
// `unsupported-instruction` errors.
//
//===----------------------------------------------------------------------===//

#include "LowerTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using ir::Opcode;

namespace {

using irtest::Lowered;

Lowered lower(llvm::StringRef Body, llvm::StringRef Params = "",
              llvm::StringRef Extra = "") {
  return irtest::lowerKernel(".version 8.0\n.target sm_90\n.address_size 64\n",
                             Params, Body, Extra);
}

std::vector<Opcode> opcodes(const ir::Function &F) {
  std::vector<Opcode> Ops;
  for (const ir::Inst &I : F.Insts)
    Ops.push_back(I.Op);
  return Ops;
}

TEST(Lower, ParamLayoutIsNaturallyAligned) {
  Lowered L = lower("ret;", ".param .u32 n, .param .u64 p, .param .u8 c");
  ASSERT_TRUE(L.F);
  ASSERT_EQ(L.F->Params.size(), 3u);
  EXPECT_EQ(L.F->Params[0].Offset, 0u);
  EXPECT_EQ(L.F->Params[1].Offset, 8u);
  EXPECT_EQ(L.F->Params[2].Offset, 16u);
  EXPECT_EQ(L.F->ParamBytes, 17u);
}

TEST(Lower, IfElseReconvergesAtTheJoin) {
  Lowered L = lower(".reg .pred %p;\n.reg .b32 %r<3>;\n"
                    "setp.eq.u32 %p, %r1, 0;\n"     // 0
                    "@%p bra ELSE;\n"               // 1
                    "mov.u32 %r2, 1;\n"             // 2
                    "bra JOIN;\n"                   // 3
                    "ELSE:\nmov.u32 %r2, 2;\n"      // 4
                    "JOIN:\nadd.u32 %r1, %r2, 1;\n" // 5
                    "ret;");                        // 6
  ASSERT_TRUE(L.F);
  const auto &I = L.F->Insts;
  ASSERT_EQ(I[1].Op, Opcode::Bra);
  EXPECT_EQ(I[1].Target, 4u);
  EXPECT_EQ(I[1].Reconverge, 5u);
  EXPECT_EQ(I[3].Target, 5u);
  EXPECT_EQ(I[6].Op, Opcode::Exit);
}

TEST(Lower, CallsAreInlinedAndReturnToTheContinuation) {
  llvm::StringRef Callee =
      ".func (.param .b32 r) twice(.param .b32 a)\n{\n"
      ".reg .b32 %x;\nld.param.b32 %x, [a];\nadd.u32 %x, %x, %x;\n"
      "st.param.b32 [r], %x;\nret;\n}\n";
  Lowered L = lower(".reg .b32 %r<3>;\nmov.u32 %r1, 21;\n"
                    "{\n.param .b32 p0;\n.param .b32 r0;\n"
                    "st.param.b32 [p0], %r1;\n"
                    "call.uni (r0), twice, (p0);\n"
                    "ld.param.b32 %r2, [r0];\n}\nret;",
                    "", Callee);
  ASSERT_TRUE(L.F) << (L.Diags.empty() ? "" : L.Diags[0].Message);
  std::vector<Opcode> Want = {Opcode::Mov, Opcode::St,   Opcode::Ld,
                              Opcode::Add, Opcode::St,   Opcode::Ret,
                              Opcode::Ld,  Opcode::Exit, Opcode::Exit};
  EXPECT_EQ(opcodes(*L.F), Want);
  EXPECT_EQ(L.F->Insts[5].Target, 6u); // ret -> after the call
  // The callee's formal `a` aliases the caller's `p0`.
  EXPECT_EQ(L.F->Insts[1].Ops[0].Imm, L.F->Insts[2].Ops[1].Imm);
}

TEST(Lower, WarpInstructionsComeFromTheTable) {
  Lowered L = lower(".reg .b32 %r<4>;\n.reg .pred %p;\n"
                    "shfl.sync.idx.b32 %r1|%p, %r2, 3, 0x1f, -1;\n"
                    "vote.sync.ballot.b32 %r3, !%p, -1;\n"
                    "redux.sync.min.u32 %r1, %r2, 0xff;\n"
                    "ret;");
  ASSERT_TRUE(L.F) << (L.Diags.empty() ? "" : L.Diags[0].Message);
  EXPECT_EQ(L.F->Insts[0].Op, Opcode::Shfl);
  EXPECT_EQ(L.F->Insts[0].Ops.size(), 6u); // d, p, a, b, c, mask
  EXPECT_EQ(L.F->Insts[0].Ops[5].Imm, 0xffffffffu);
  EXPECT_EQ(L.F->Insts[1].Op, Opcode::Vote);
  EXPECT_TRUE(L.F->Insts[1].Ops[1].Negated);
  EXPECT_EQ(L.F->Insts[2].Op, Opcode::Redux);
  EXPECT_EQ(L.F->Insts[2].Ops.back().Imm, 0xffu);
}

// Variants that share an operation: the table's flags and the qualifiers
// decide (addc reads the carry, cvta.to converts the other way).
TEST(Lower, ExecTableDrivesVariants) {
  Lowered L = lower(".reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n"
                    "add.cc.u32 %r1, %r2, %r3;\naddc.u32 %r1, %r2, %r3;\n"
                    "cvta.to.global.u64 %rd1, %rd2;\nmembar.gl;\nret;");
  ASSERT_TRUE(L.F) << (L.Diags.empty() ? "" : L.Diags[0].Message);
  EXPECT_EQ(L.F->Insts[0].Op, Opcode::Add);
  EXPECT_TRUE(L.F->Insts[0].CarryOut);
  EXPECT_FALSE(L.F->Insts[0].CarryIn);
  EXPECT_EQ(L.F->Insts[1].Op, Opcode::Add);
  EXPECT_TRUE(L.F->Insts[1].CarryIn);
  EXPECT_EQ(L.F->Insts[2].Op, Opcode::CvtaTo);
  EXPECT_EQ(L.F->Insts[3].Op, Opcode::Fence);
  EXPECT_EQ(L.F->Insts[4].Op, Opcode::Exit); // ret in an entry
}

TEST(Lower, UnsupportedInstructionIsALocatedError) {
  Lowered L =
      lower(".reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n"
            "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 "
            "[%rd1], [%r1], 16;\nret;");
  EXPECT_FALSE(L.F);
  ASSERT_EQ(L.Diags.size(), 1u);
  EXPECT_EQ(L.Diags[0].ID, DiagID::UnsupportedInstruction);
  EXPECT_EQ(L.Diags[0].Message,
            "'cp.reduce.async.bulk.global.shared::cta.bulk_group.add' is "
            "not supported by the interpreter: reductions into memory "
            "(cp.reduce.async.bulk) are not modelled");
  EXPECT_TRUE(L.Diags[0].Range.isValid());
}

TEST(Lower, PrinterShowsTargetsAndReconvergence) {
  Lowered L = lower(".reg .pred %p;\n@%p bra END;\nEND:\nret;");
  ASSERT_TRUE(L.F);
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::print(*L.F, OS);
  EXPECT_NE(OS.str().find("Bra -> 1 (reconverge 1)"), std::string::npos)
      << OS.str();
}

} // namespace
