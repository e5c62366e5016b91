//===- ASTTest.cpp - AST helpers: folding, address splitting, printing ----===//

#include "ptxwarp/AST/Printer.h"
#include "ptxwarp/Parse/Parser.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using namespace ptxwarp::ast;
using llvm::cast;

namespace {

/// The first operand after the destination of `mov.u64 %rd1, <E>;`.
struct OneOperand {
  DiagnosticEngine Diags;
  std::unique_ptr<Module> M;
  const Operand *Op = nullptr;
  explicit OneOperand(const std::string &E) {
    M = parseBuffer(
        ".version 7.8\n.target sm_80\n.entry k()\n{\nmov.u64 %rd1, " + E +
            ";\n}\n",
        "t.ptx", Diags);
    if (Diags.hasErrors())
      return;
    const auto *F = cast<FunctionStmt>(M->items().back());
    Op = cast<InstructionStmt>(F->Body->Body[0])->Operands[1];
  }
  const Expr &expr() const { return *cast<ImmOperand>(Op)->Value; }
  std::string printed() const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    printOperand(OS, *Op);
    return OS.str();
  }
};

TEST(ASTTest, EvaluateIntFollowsCPrecedenceAndWraps) {
  struct {
    const char *Text;
    uint64_t Want;
  } Cases[] = {
      {"1 + 2 * 3", 7},
      {"(1 + 2) * 3", 9},
      {"-1", ~0ull},
      {"~0", ~0ull},
      {"1 << 63 >> 63", ~0ull}, // signed shift
      {"1U << 63 >> 63", 1},
      {"7 / 2", 3},
      {"-7 / 2", (uint64_t)-3},
      {"1 ? 5 : 6", 5},
      {"3 > 2 && 2 > 1", 1},
      {"(0x10 | 0b1 ^ 3)", 0x12},
  };
  for (const auto &C : Cases) {
    OneOperand O(C.Text);
    ASSERT_TRUE(O.Op) << C.Text;
    auto V = evaluateInt(O.expr());
    ASSERT_TRUE(V.hasValue()) << C.Text;
    EXPECT_EQ(*V, C.Want) << C.Text;
  }
  EXPECT_FALSE(evaluateInt(OneOperand("sym + 1").expr()).hasValue());
  EXPECT_FALSE(evaluateInt(OneOperand("1 / 0").expr()).hasValue());
}

TEST(ASTTest, PrinterKeepsNeededParenthesesOnly) {
  struct {
    const char *In;
    const char *Out;
  } Cases[] = {
      {"(1+2)*3", "(1 + 2) * 3"},
      {"1+(2*3)", "1 + 2 * 3"},
      {"1-(2-3)", "1 - (2 - 3)"},
      {"-(1+2)", "-(1 + 2)"},
      {"0f3F800000", "0f3F800000"},
      {"sym+8", "sym + 8"},
      {"!(1+2)", "!(1 + 2)"},
      {"(1?2:3)?4:5", "(1 ? 2 : 3) ? 4 : 5"},
      // A parenthesised operand stays one (`call f, (7);` is a list).
      {"(7)", "(7)"},
      {"((1)+(2))", "(1 + 2)"},
  };
  for (const auto &C : Cases) {
    OneOperand O(C.In);
    ASSERT_TRUE(O.Op) << C.In;
    EXPECT_EQ(O.printed(), C.Out);
  }
}

TEST(ASTTest, DumpHasKindsAndPositions) {
  OneOperand O("%rd2");
  ASSERT_TRUE(O.M);
  llvm::json::Value V = moduleToJSON(*O.M, &O.M->sourceMgr());
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << V;
  OS.flush();
  EXPECT_NE(S.find("\"kind\":\"Instruction\""), std::string::npos) << S;
  EXPECT_NE(S.find("\"opcode\":\"mov\""), std::string::npos);
  EXPECT_NE(S.find("\"line\":5"), std::string::npos);
  std::string T;
  llvm::raw_string_ostream TS(T);
  dumpModule(TS, *O.M, DumpOptions{&O.M->sourceMgr()});
  TS.flush();
  EXPECT_NE(T.find("Instruction <5:1> opcode=\"mov\" qualifiers=[\"u64\"]"),
            std::string::npos)
      << T;
}

TEST(ASTTest, WordsHashFollowsTheWordsOnly) {
  DiagnosticEngine Diags;
  std::unique_ptr<Module> M =
      parseBuffer(".version 7.8\n.target sm_80\n.entry k()\n{\n"
                  ".reg .b32 %r<9>;\n"
                  "add.s32 %r1, %r2, %r3;\n" // 0
                  "add.s32 %r4, %r5, 7;\n"   // 1: other registers, an immediate
                  "add.u32 %r1, %r2, %r3;\n" // 2: another type word
                  "add.s32.sat %r1, %r2;\n"  // 3: another word, fewer operands
                  "ld.u32 %r1, [%r2];\n"     // 4: an address
                  "ld.u32 %r1, %r2;\n"       // 5: no address
                  "}\n",
                  "t.ptx", Diags);
  ASSERT_TRUE(M);
  const auto *F = cast<FunctionStmt>(M->items().back());
  std::vector<uint64_t> H;
  for (const Stmt *S : F->Body->Body)
    if (const auto *I = llvm::dyn_cast<InstructionStmt>(S))
      H.push_back(I->wordsHash());
  ASSERT_EQ(H.size(), 6u);
  for (uint64_t X : H)
    EXPECT_NE(X, 0u); // 0 means "not computed"
  EXPECT_EQ(H[0], H[1]);
  EXPECT_NE(H[0], H[2]);
  EXPECT_NE(H[0], H[3]);
  EXPECT_NE(H[4], H[5]);
}

} // namespace
