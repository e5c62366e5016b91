//===- ConstPropTest.cpp - The constant propagation of the warp lints ----===//
//
// Each test builds one function, solves it, and asks what a register holds
// at one instruction. Expected values are computed here with plain unsigned
// C++ arithmetic at the register width, independently of APInt.
//
//===----------------------------------------------------------------------===//

#include "ConstProp.h"
#include "FunctionCFG.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Parse/Parser.h"

#include "gtest/gtest.h"

#include <string>

using namespace ptxwarp;
using namespace ptxwarp::sema;

namespace {

/// One function's body, solved. `at(N, K)` is operand K of instruction N
/// (labels are not counted).
class Solved {
public:
  explicit Solved(const std::string &Body) {
    std::string Text = ".version 9.0\n.target sm_80\n.address_size 64\n"
                       ".visible .entry k(.param .u64 p)\n{\n"
                       "\t.reg .pred %p<8>;\n\t.reg .b16 %h<8>;\n"
                       "\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<8>;\n" +
                       Body + "\tret;\n}\n";
    M = parseBuffer(Text, "k.ptx", Diags);
    EXPECT_TRUE(M);
    EXPECT_EQ(Diags.errorCount(), 0u) << Text;
    const ast::FunctionStmt *F = *M->functions().begin();
    Built = G.build(*F->Body);
    EXPECT_TRUE(Built);
    CV.emplace(G);
  }
  /// The value as an unsigned number, or -1 when unknown.
  std::optional<uint64_t> at(unsigned N, unsigned K) const {
    EXPECT_LT(N, G.Insts.size());
    if (N >= G.Insts.size() || K >= G.Insts[N]->Operands.size())
      return std::nullopt;
    std::optional<llvm::APInt> V = CV->valueAt(*G.Insts[N]->Operands[K]);
    if (!V)
      return std::nullopt;
    return V->getZExtValue();
  }
  /// Element E of the list operand K of instruction N.
  std::optional<uint64_t> listAt(unsigned N, unsigned K, unsigned E) const {
    const auto *L = llvm::dyn_cast<ast::ListOperand>(G.Insts[N]->Operands[K]);
    EXPECT_TRUE(L);
    if (!L || E >= L->Elements.size())
      return std::nullopt;
    std::optional<llvm::APInt> V = CV->valueAt(*L->Elements[E]);
    if (!V)
      return std::nullopt;
    return V->getZExtValue();
  }
  unsigned widthAt(unsigned N, unsigned K) const {
    return CV->valueAt(*G.Insts[N]->Operands[K])->getBitWidth();
  }

private:
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M;
  FunctionCFG G;
  bool Built = false;
  std::optional<ConstantValues> CV;
};

TEST(ConstProp, CopiesAndStraightLineArithmetic) {
  Solved S("\tmov.u32 %r1, 7;\n"      // 0
           "\tmov.b32 %r2, %r1;\n"    // 1
           "\tadd.s32 %r3, %r2, 5;\n" // 2
           "\tbar.warp.sync %r3;\n"); // 3
  EXPECT_EQ(S.at(1, 1), 7u);
  EXPECT_EQ(S.at(3, 0), 12u);
}

TEST(ConstProp, DifferentConstantsMergeToUnknownAtAJoin) {
  Solved S("\tld.param.u64 %rd1, [p];\n"   // 0
           "\tsetp.eq.u64 %p1, %rd1, 0;\n" // 1
           "\t@%p1 bra ELSE;\n"            // 2
           "\tmov.u32 %r1, 40;\n"          // 3
           "\tmov.u32 %r2, 9;\n"           // 4
           "\tbra.uni JOIN;\n"             // 5
           "ELSE:\n"
           "\tmov.u32 %r1, 3;\n" // 6
           "\tmov.u32 %r2, 9;\n" // 7
           "JOIN:\n"
           "\tbar.warp.sync %r1;\n"    // 8
           "\tbar.warp.sync %r2;\n");  // 9
  EXPECT_EQ(S.at(8, 0), std::nullopt); // 40 on one path, 3 on the other
  EXPECT_EQ(S.at(9, 0), 9u);           // 9 on both
}

TEST(ConstProp, GuardedWriteJoinsOldAndNewValue) {
  Solved S("\tld.param.u64 %rd1, [p];\n"   // 0
           "\tsetp.eq.u64 %p1, %rd1, 0;\n" // 1
           "\tmov.u32 %r1, 0;\n"           // 2
           "\tmov.u32 %r2, 5;\n"           // 3
           "\t@%p1 mov.u32 %r1, -1;\n"     // 4
           "\t@%p1 mov.u32 %r2, 5;\n"      // 5
           "\tbar.warp.sync %r1;\n"        // 6
           "\tbar.warp.sync %r2;\n");      // 7
  EXPECT_EQ(S.at(6, 0), std::nullopt);
  EXPECT_EQ(S.at(7, 0), 5u);
}

TEST(ConstProp, LoopReachesAFixedPoint) {
  // %r1 keeps 36 around the back edge; %r2 counts; %r3 is 8 before the
  // loop and 9 after one trip, so unknown at the head; %r4 is first written
  // in the loop (never before the head): unknown at the head, 2 after.
  Solved S("\tmov.u32 %r1, 36;\n" // 0
           "\tmov.u32 %r2, 0;\n"  // 1
           "\tmov.u32 %r3, 8;\n"  // 2
           "HEAD:\n"
           "\tbar.warp.sync %r1;\n"       // 3
           "\tbar.warp.sync %r2;\n"       // 4
           "\tbar.warp.sync %r3;\n"       // 5
           "\tbar.warp.sync %r4;\n"       // 6
           "\tmov.u32 %r4, 2;\n"          // 7
           "\tmov.u32 %r3, 9;\n"          // 8
           "\tadd.s32 %r2, %r2, 1;\n"     // 9
           "\tsetp.lt.s32 %p1, %r2, 4;\n" // 10
           "\t@%p1 bra HEAD;\n"           // 11
           "\tbar.warp.sync %r1;\n"       // 12
           "\tbar.warp.sync %r4;\n"       // 13
           "\tbar.warp.sync %r3;\n");     // 14
  EXPECT_EQ(S.at(3, 0), 36u);
  EXPECT_EQ(S.at(4, 0), std::nullopt);
  EXPECT_EQ(S.at(5, 0), std::nullopt);
  EXPECT_EQ(S.at(6, 0), std::nullopt);
  EXPECT_EQ(S.at(12, 0), 36u);
  EXPECT_EQ(S.at(13, 0), 2u);
  EXPECT_EQ(S.at(14, 0), 9u);
}

TEST(ConstProp, ArithmeticWrapsAtTheRegisterWidth) {
  Solved S("\tadd.u32 %r1, 4294967295, 2;\n"  // 0
           "\tadd.u16 %h1, 65535, 3;\n"       // 1
           "\tsub.u64 %rd1, 0, 1;\n"          // 2
           "\tmul.lo.u32 %r9, 1, 1;\n"        // 3 (not followed)
           "\tsub.s32 %r2, -2147483648, 1;\n" // 4
           "\tnot.b16 %h2, 0;\n"              // 5
           "\tmov.b32 %r3, %r1;\n"            // 6
           "\tmov.b16 %h3, %h1;\n"            // 7
           "\tmov.b64 %rd2, %rd1;\n"          // 8
           "\tmov.b32 %r4, %r2;\n"            // 9
           "\tmov.b16 %h4, %h2;\n"            // 10
           "\tmov.b32 %r5, %r9;\n");          // 11
  EXPECT_EQ(S.at(6, 1), uint64_t(uint32_t(4294967295u + 2u)));
  EXPECT_EQ(S.widthAt(6, 1), 32u);
  EXPECT_EQ(S.at(7, 1), uint64_t(uint16_t(65535u + 3u)));
  EXPECT_EQ(S.widthAt(7, 1), 16u);
  EXPECT_EQ(S.at(8, 1), uint64_t(0) - 1);
  EXPECT_EQ(S.at(9, 1), uint64_t(uint32_t(0x80000000u - 1u)));
  EXPECT_EQ(S.at(10, 1), uint64_t(uint16_t(~0u)));
  EXPECT_EQ(S.at(11, 1), std::nullopt);
}

TEST(ConstProp, ShiftsClampAtTheWidthAndShrSFillsWithTheSign) {
  // PTX ISA 9.7.8.8 shl, 9.7.8.9 shr: amounts above the width clamp to it.
  Solved S("\tshl.b32 %r1, 3, 4;\n"     // 0
           "\tshl.b32 %r2, 3, 33;\n"    // 1
           "\tshl.b64 %rd1, 1, 40;\n"   // 2
           "\tshr.u32 %r3, -16, 2;\n"   // 3
           "\tshr.s32 %r4, -16, 2;\n"   // 4
           "\tshr.s32 %r5, -16, 100;\n" // 5
           "\tshr.b32 %r6, -16, 32;\n"  // 6
           "\tand.b32 %r7, %r4, 255;\n" // 7
           "\tor.b32 %r8, %r7, 256;\n"  // 8
           "\txor.b32 %r10, %r8, 15;\n" // 9
           "\tbar.warp.sync %r1;\n"     // 10
           "\tbar.warp.sync %r2;\n"     // 11
           "\tmov.b64 %rd2, %rd1;\n"    // 12
           "\tbar.warp.sync %r3;\n"     // 13
           "\tbar.warp.sync %r4;\n"     // 14
           "\tbar.warp.sync %r5;\n"     // 15
           "\tbar.warp.sync %r6;\n"     // 16
           "\tbar.warp.sync %r10;\n");  // 17
  uint32_t MinusSixteen = uint32_t(0) - 16u;
  EXPECT_EQ(S.at(10, 0), 48u);
  EXPECT_EQ(S.at(11, 0), 0u);
  EXPECT_EQ(S.at(12, 1), uint64_t(1) << 40);
  EXPECT_EQ(S.at(13, 0), uint64_t(MinusSixteen >> 2));
  EXPECT_EQ(S.at(14, 0), uint64_t(uint32_t(0) - 4u));
  EXPECT_EQ(S.at(15, 0), uint64_t(0xffffffffu));
  EXPECT_EQ(S.at(16, 0), 0u);
  // (-4 & 255) = 252; | 256 = 508; ^ 15 = 499
  EXPECT_EQ(S.at(17, 0),
            uint64_t(((((uint32_t(0) - 4u) & 255u) | 256u)) ^ 15u));
}

TEST(ConstProp, OtherWritesAndUndefinedValuesAreUnknown) {
  Solved S("\tbar.warp.sync %r1;\n"              // 0: never written
           "\tmov.u32 %r2, 5;\n"                 // 1
           "\tld.param.u32 %r2, [p];\n"          // 2
           "\tbar.warp.sync %r2;\n"              // 3
           "\tadd.sat.s32 %r3, 2147483647, 1;\n" // 4: saturates, not followed
           "\tbar.warp.sync %r3;\n"              // 5
           "\tmov.u32 %r4, %laneid;\n"           // 6
           "\tbar.warp.sync %r4;\n");            // 7
  EXPECT_EQ(S.at(0, 0), std::nullopt);
  EXPECT_EQ(S.at(3, 0), std::nullopt);
  EXPECT_EQ(S.at(5, 0), std::nullopt);
  EXPECT_EQ(S.at(7, 0), std::nullopt);
}

TEST(ConstProp, CallArgumentsHoldWhatWasStoredIntoThem) {
  // nvcc -G: `st.param.b32 [param0+0], -1;` then `call f, (param0, ...)`.
  // A partial store (offset 4) leaves the argument unknown.
  Solved S("\t{\n\t.param .b32 param0;\n\t.param .b64 param1;\n"
           "\tst.param.b32 [param0+0], -1;\n"  // 0
           "\tst.param.b32 [param1+4], 7;\n"   // 1
           "\tcall.uni f, (param0, param1);\n" // 2
           "\t}\n");
  EXPECT_EQ(S.at(2, 1), std::nullopt); // the list operand itself
  EXPECT_EQ(S.listAt(2, 1, 0), uint64_t(0xffffffffu));
  EXPECT_EQ(S.listAt(2, 1, 1), std::nullopt);
}

} // namespace

namespace {

TEST(ConstProp, ParameterLoadsFollowCopiesOnly) {
  // A .func's `ld.param.u32 %r1, [f_p0];` holds parameter 0 through movs;
  // arithmetic on it is unknown.
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M =
      parseBuffer(".version 9.0\n.target sm_80\n.address_size 64\n"
                  ".func f(.param .b32 f_p0, .param .b32 f_p1)\n{\n"
                  "\t.reg .b32 %r<8>;\n"
                  "\tld.param.u32 %r1, [f_p0];\n" // 0
                  "\tld.param.u32 %r2, [f_p1];\n" // 1
                  "\tmov.b32 %r3, %r2;\n"         // 2
                  "\tadd.s32 %r4, %r1, 1;\n"      // 3
                  "\tbar.warp.sync %r3;\n"        // 4
                  "\tbar.warp.sync %r4;\n"        // 5
                  "\tret;\n}\n",
                  "f.ptx", Diags);
  ASSERT_TRUE(M);
  ASSERT_EQ(Diags.errorCount(), 0u);
  const ast::FunctionStmt *F = *M->functions().begin();
  FunctionCFG G;
  ASSERT_TRUE(G.build(*F->Body));
  llvm::StringRef Params[] = {"f_p0", "f_p1"};
  ConstantValues CV(G, Params);
  auto P = CV.paramAt(*G.Insts[4]->Operands[0]);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->first, 1u);
  EXPECT_EQ(P->second, 32u);
  EXPECT_FALSE(CV.paramAt(*G.Insts[5]->Operands[0]));
  EXPECT_FALSE(CV.valueAt(*G.Insts[5]->Operands[0]));
}

} // namespace
