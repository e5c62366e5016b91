//===- LowerVectorsCallsTest.cpp - Vector registers and calls in the IR ---===//
//
// Vector registers (PTX ISA 5.4.2 "Vectors"): one IR register per element,
// the component names x y z w and r g b a; mov.v2/.v4 reading every source
// before it writes; .b128 as two .b64 halves. Calls (PTX ISA 9.7.13.3
// "call"): .reg formals, register and immediate actuals, results, .param
// formals in .local memory, and recursion inlined to a bounded depth.
//
//===----------------------------------------------------------------------===//

#include "LowerTestUtil.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using ir::Opcode;

namespace {

using irtest::Lowered;

Lowered lower(llvm::StringRef Body, llvm::StringRef Extra = "") {
  return irtest::lowerKernel(".version 8.8\n.target sm_100\n.address_size 64\n",
                             "", Body, Extra);
}

std::string regName(const ir::Function &F, const ir::Operand &O) {
  return O.isReg() ? F.Regs[O.RegNo].Name : "";
}

std::string firstError(const Lowered &L) {
  return L.Diags.empty() ? "" : L.Diags[0].Message;
}

TEST(LowerVectors, ComponentsNameTheElements) {
  // .x/.r element 0, .y/.g 1, .z/.b 2, .w/.a 3.
  Lowered L = lower(".reg .v4 .u32 %v;\n.reg .b32 %r<8>;\n"
                    "mov.u32 %r0, %v.x;\nmov.u32 %r1, %v.g;\n"
                    "mov.u32 %r2, %v.b;\nmov.u32 %r3, %v.a;\n"
                    "mov.u32 %r4, %v.r;\nmov.u32 %r5, %v.y;\n"
                    "mov.u32 %r6, %v.z;\nmov.u32 %r7, %v.w;\nret;");
  ASSERT_TRUE(L.F) << firstError(L);
  const char *Want[] = {"%v.x", "%v.y", "%v.z", "%v.w",
                        "%v.x", "%v.y", "%v.z", "%v.w"};
  for (unsigned K = 0; K < 8; ++K) {
    ASSERT_EQ(L.F->Insts[K].Op, Opcode::Mov);
    EXPECT_EQ(regName(*L.F, L.F->Insts[K].Ops[1]), Want[K]) << K;
  }
  // The elements have the element type.
  for (const ir::RegInfo &R : L.F->Regs) {
    if (llvm::StringRef(R.Name).startswith("%v.")) {
      EXPECT_EQ(R.Ty.str(), "u32");
    }
  }
}

TEST(LowerVectors, ComponentBeyondTheVectorIsNotARegister) {
  Lowered L = lower(".reg .v2 .u32 %w;\n.reg .b32 %r;\nmov.u32 %r, %w.z;\n"
                    "ret;");
  EXPECT_FALSE(L.F);
  EXPECT_NE(firstError(L).find("%w.z"), std::string::npos) << firstError(L);
}

TEST(LowerVectors, MovReadsEverySourceBeforeWriting) {
  // A swap: each destination is also a source, so both sources go through
  // temporaries before the elements are written.
  Lowered L = lower(".reg .v2 .u32 %w;\nmov.v2.u32 %w, {%w.y, %w.x};\nret;");
  ASSERT_TRUE(L.F) << firstError(L);
  const auto &I = L.F->Insts;
  ASSERT_GE(I.size(), 4u);
  for (unsigned K = 0; K < 4; ++K)
    ASSERT_EQ(I[K].Op, Opcode::Mov) << K;
  // No element is written before both are read.
  EXPECT_EQ(regName(*L.F, I[0].Ops[1]), "%w.y");
  EXPECT_EQ(regName(*L.F, I[1].Ops[1]), "%w.x");
  EXPECT_EQ(regName(*L.F, I[2].Ops[0]), "%w.x");
  EXPECT_EQ(I[2].Ops[1].RegNo, I[0].Ops[0].RegNo);
  EXPECT_EQ(regName(*L.F, I[3].Ops[0]), "%w.y");
  EXPECT_EQ(I[3].Ops[1].RegNo, I[1].Ops[0].RegNo);
}

TEST(LowerVectors, WholeVectorOperandsAreTheirElements) {
  Lowered L = lower(".reg .v4 .f32 %v;\n.reg .b64 %rd;\n.reg .v2 .b16 %h;\n"
                    ".reg .b32 %r;\n"
                    "ld.global.v4.f32 %v, [%rd];\n"
                    "st.global.v4.f32 [%rd], %v;\n"
                    "mov.b32 %r, %h;\n"       // pack the vector register
                    "mov.b32 %h, %r;\nret;"); // unpack into it
  ASSERT_TRUE(L.F) << firstError(L);
  const auto &I = L.F->Insts;
  ASSERT_EQ(I[0].Op, Opcode::Ld);
  EXPECT_EQ(I[0].Vec, 4u);
  EXPECT_EQ(regName(*L.F, I[0].Ops[3]), "%v.w");
  EXPECT_EQ(I[0].Ops[4].K, ir::Operand::Addr);
  ASSERT_EQ(I[1].Op, Opcode::St);
  EXPECT_EQ(I[1].Vec, 4u);
  EXPECT_EQ(regName(*L.F, I[1].Ops[1]), "%v.x");
  ASSERT_EQ(I[2].Op, Opcode::Pack);
  EXPECT_EQ(regName(*L.F, I[2].Ops[1]), "%h.x");
  EXPECT_EQ(regName(*L.F, I[2].Ops[2]), "%h.y");
  ASSERT_EQ(I[3].Op, Opcode::Unpack);
  EXPECT_EQ(regName(*L.F, I[3].Ops[0]), "%h.x");
}

TEST(LowerVectors, B128IsTwoB64Halves) {
  Lowered L = lower(".reg .b128 %q;\n.reg .b64 %rd<3>;\n"
                    "mov.b128 %q, {%rd1, %rd2};\n"
                    "st.global.b128 [%rd0], %q;\nret;");
  ASSERT_TRUE(L.F) << firstError(L);
  const auto &I = L.F->Insts;
  ASSERT_EQ(I[0].Op, Opcode::Mov);
  ASSERT_EQ(I[1].Op, Opcode::Mov);
  EXPECT_EQ(I[0].Ty.str(), "b64");
  EXPECT_EQ(regName(*L.F, I[0].Ops[0]), "%q.x"); // the low half
  EXPECT_EQ(regName(*L.F, I[0].Ops[1]), "%rd1");
  ASSERT_EQ(I[2].Op, Opcode::St);
  EXPECT_EQ(I[2].Vec, 2u);
  EXPECT_EQ(I[2].Ty.str(), "b64");
}

TEST(LowerVectors, VectorAtomicsAreOnePerElement) {
  Lowered L = lower(".reg .f32 %f<8>;\n.reg .b64 %rd;\n"
                    "atom.global.add.v4.f32 {%f0, %f1, %f2, %f3}, [%rd+16], "
                    "{%f4, %f5, %f6, %f7};\nret;");
  ASSERT_TRUE(L.F) << firstError(L);
  for (unsigned K = 0; K < 4; ++K) {
    const ir::Inst &A = L.F->Insts[K];
    ASSERT_EQ(A.Op, Opcode::Atom);
    EXPECT_EQ(A.Vec, 1u);
    EXPECT_EQ(A.Ops[1].Imm, 16u + 4 * K); // the element's own address
    EXPECT_EQ(regName(*L.F, A.Ops[0]), "%f" + std::to_string(K));
    EXPECT_EQ(regName(*L.F, A.Ops[2]), "%f" + std::to_string(K + 4));
  }
}

const char *Add2 = ".func (.reg .b32 r) add2 (.reg .b32 a, .reg .b32 b)\n"
                   "{\nadd.u32 r, a, b;\nret;\n}\n";

TEST(LowerCalls, RegFormalsAreFreshRegistersPerCall) {
  Lowered L = lower(".reg .b32 %r<4>;\ncall (%r1), add2, (%r0, 5);\n"
                    "call (%r2), add2, (%r1, %r1);\nret;",
                    Add2);
  ASSERT_TRUE(L.F) << firstError(L);
  // mov a, %r0; mov b, 5; add r, a, b; ret; mov %r1, r; (twice)
  std::vector<Opcode> Want = {Opcode::Mov, Opcode::Mov, Opcode::Add,
                              Opcode::Ret, Opcode::Mov, Opcode::Mov,
                              Opcode::Mov, Opcode::Add, Opcode::Ret,
                              Opcode::Mov, Opcode::Exit};
  std::vector<Opcode> Got;
  for (const ir::Inst &I : L.F->Insts)
    Got.push_back(I.Op);
  Got.pop_back(); // the end-of-kernel exit
  EXPECT_EQ(Got, Want);
  const auto &I = L.F->Insts;
  EXPECT_EQ(I[1].Ops[1].K, ir::Operand::Immediate);
  EXPECT_EQ(I[1].Ops[1].Imm, 5u);
  EXPECT_EQ(I[3].Target, 4u); // ret -> the result copy
  EXPECT_EQ(regName(*L.F, I[4].Ops[0]), "%r1");
  EXPECT_NE(I[0].Ops[0].RegNo, I[5].Ops[0].RegNo); // two copies of `a`
}

TEST(LowerCalls, WrongArgumentCountIsALocatedError) {
  Lowered L = lower(".reg .b32 %r<4>;\ncall (%r1), add2, (%r0);\nret;", Add2);
  EXPECT_FALSE(L.F);
  ASSERT_FALSE(L.Diags.empty());
  EXPECT_EQ(L.Diags[0].ID, DiagID::UnsupportedInstruction);
  EXPECT_NE(firstError(L).find("'b' of 'add2'"), std::string::npos)
      << firstError(L);
  EXPECT_TRUE(L.Diags[0].Range.isValid());
}

TEST(LowerCalls, ParamFormalWithRegisterActualIsStoredAndLoaded) {
  Lowered L = lower(".reg .b32 %r<4>;\ncall (%r1), id, (%r0);\nret;",
                    ".func (.param .b32 r) id (.param .b32 a)\n{\n"
                    ".reg .b32 %x;\nld.param.u32 %x, [a];\n"
                    "st.param.b32 [r], %x;\nret;\n}\n");
  ASSERT_TRUE(L.F) << firstError(L);
  const auto &I = L.F->Insts;
  // st [a], %r0; ld %x, [a]; st [r], %x; ret; ld %r1, [r]
  ASSERT_EQ(I[0].Op, Opcode::St);
  EXPECT_EQ(I[0].Ops[0].Sp, ir::Space::Local);
  ASSERT_EQ(I[1].Op, Opcode::Ld);
  EXPECT_EQ(I[1].Ops[1].Imm, I[0].Ops[0].Imm);
  ASSERT_EQ(I[4].Op, Opcode::Ld);
  EXPECT_EQ(regName(*L.F, I[4].Ops[0]), "%r1");
  EXPECT_EQ(I[4].Ops[1].Imm, I[2].Ops[0].Imm);
}

TEST(LowerCalls, RecursionIsInlinedAsDeepAsTheBudgetAllows) {
  // Double recursion: the depth is cut until the copies fit the budget,
  // and the innermost calls become located run-time errors. 12 levels take
  // 40,953 instructions and a 13th would double them past the budget's
  // 65,536, so the search must settle on 12 (as the bisection over 1..64
  // it replaced did, with the same IR).
  Lowered L = lower(".reg .b32 %r<2>;\ncall (%r1), fib, (%r0);\nret;",
                    ".func (.reg .b32 r) fib (.reg .b32 n)\n{\n"
                    ".reg .b32 %a<3>;\n.reg .pred %p;\n"
                    "mov.u32 r, n;\nsetp.lt.u32 %p, n, 2;\n@%p bra D;\n"
                    "sub.u32 %a0, n, 1;\ncall (%a1), fib, (%a0);\n"
                    "sub.u32 %a0, n, 2;\ncall (%a2), fib, (%a0);\n"
                    "add.u32 r, %a1, %a2;\nD:\nret;\n}\n");
  ASSERT_TRUE(L.F) << firstError(L);
  EXPECT_LT(L.F->Insts.size(), size_t(1) << 16);
  unsigned Traps = 0;
  for (const ir::Inst &I : L.F->Insts)
    if (I.Op == Opcode::Trap) {
      ++Traps;
      EXPECT_EQ(I.Sub, 1u);
      EXPECT_NE(I.Text.find("call to 'fib' recurses deeper than 12 levels"),
                std::string::npos)
          << I.Text;
      EXPECT_TRUE(I.Loc.isValid());
    }
  EXPECT_EQ(Traps, 4096u); // 2^12 cut calls at the 13th level
}

TEST(LowerCalls, ShallowRecursionHasNoDepthError) {
  // A single recursive call inlines all 64 levels within the budget.
  Lowered L = lower(".reg .b32 %r<2>;\ncall (%r1), down, (%r0);\nret;",
                    ".func (.reg .b32 r) down (.reg .b32 n)\n{\n"
                    ".reg .pred %p;\nmov.u32 r, n;\nsetp.eq.u32 %p, n, 0;\n"
                    "@%p bra D;\nsub.u32 n, n, 1;\ncall (r), down, (n);\n"
                    "D:\nret;\n}\n");
  ASSERT_TRUE(L.F) << firstError(L);
  unsigned Rets = 0, Traps = 0;
  for (const ir::Inst &I : L.F->Insts) {
    Rets += I.Op == Opcode::Ret;
    Traps += I.Op == Opcode::Trap;
  }
  EXPECT_EQ(Rets, 64u); // one inlined copy per level
  EXPECT_EQ(Traps, 1u); // the 65th level
}

} // namespace
