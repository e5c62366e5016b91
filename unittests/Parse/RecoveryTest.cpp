//===- RecoveryTest.cpp - Located syntax errors and malformed input -------===//
//
// Every broken statement is reported once, at its own line and column, and
// parsing goes on; no input crashes, hangs or exhausts the stack.
//
//===----------------------------------------------------------------------===//

#include "ParseTestUtil.h"

#include "gtest/gtest.h"

using namespace ptxwarp;

namespace {

const std::string Header = ".version 7.8\n.target sm_80\n.address_size 64\n";

std::vector<std::string> errorsOf(const std::string &Text) {
  return test::parse(Text).errors();
}

TEST(RecoveryTest, EveryBrokenStatementOnce) {
  std::vector<std::string> E = errorsOf(
      Header + ".visible .entry k()\n{\n"                 // lines 4-5
               "\tmov.u32 %r1, ;\n"                       // 6
               "\tadd.u32 %r1, %r1, 1;\n"                 // 7 fine
               "\t@!!%p1 bra L;\n"                        // 8
               "\tshfl.sync.up.b32 _|_, %r1, 1, 0, -1;\n" // 9
               "\tret\n"                                  // 10: missing ;
               "}\n"
               ".visible .entry k2()\n{\n\tmov.u32 %r1 %r2;\n}\n"); // 14
  ASSERT_EQ(E.size(), 5u);
  EXPECT_EQ(E[0], "6:15: unexpected ';'");
  EXPECT_EQ(E[1], "8:4: unexpected '!'; expected identifier");
  EXPECT_EQ(E[2], "9:21: unexpected '_'; expected identifier");
  EXPECT_EQ(E[3], "11:1: unexpected '}'");
  EXPECT_EQ(E[4], "14:14: unexpected '%r2'; expected ';'");
}

TEST(RecoveryTest, PtxasSyntaxErrorsAreLocated) {
  // The forms ptxas 13.0 rejects with "Parsing error near '...': syntax
  // error" (each checked with ptxas 13.0; cases count-00017, imm-00003 and
  // sink-00004 of test/Inputs/ptxas/cases.txt are of this kind).
  struct {
    const char *Stmt;
    const char *Want;
  } Cases[] = {
      {"@1 bra L;", "6:2: unexpected '1'; expected identifier"},
      {"@_ bra L;", "6:2: unexpected '_'; expected identifier"},
      {"mov.u32 %r1, 0x1_0000_0000;",
       "6:17: unexpected '_0000_0000'; expected ';'"},
      {"mov.u32 %r1, _;", "6:14: the sink '_' is only allowed as the "
                          "destination (first operand)"},
      {"shfl.sync.up.b32 %r0|%p0|%p1, %r1, 1, 0, -1;",
       "6:26: invalid pair operand: expected a register or '_' on each side "
       "of '|', and exactly two elements"},
  };
  for (const auto &C : Cases) {
    std::vector<std::string> E =
        errorsOf(Header + ".entry k()\n{\n" + C.Stmt + "\n}\n");
    ASSERT_EQ(E.size(), 1u) << C.Stmt;
    EXPECT_EQ(E[0], C.Want);
  }
}

TEST(RecoveryTest, MalformedInputNeverCrashes) {
  std::string Big(1 << 20, 'a'); // a 1 MB line
  std::string Nested(100000, '{');
  std::string Parens = Header + ".entry k() { mov.u32 %r1, " +
                       std::string(100000, '(') + "1;\n}";
  std::string Unary = Header + ".entry k() { mov.u32 %r1, " +
                      std::string(100000, '-') + "1;\n}";
  std::string LongSum = Header + ".entry k() { mov.u32 %r1, 1";
  for (int I = 0; I < 50000; ++I)
    LongSum += "+1";
  LongSum += ";\n}";
  std::string Inputs[] = {
      "",
      std::string("\0\0\0", 3),
      "\xff\xfe\xc3(\x80garbage",
      Header + ".entry k() {\n mov.u32 %r1, 1;\n", // truncated
      Header + ".entry k() {\n mov.u32 %r1",       // truncated mid-stmt
      Header + "}}}} .entry k() { ret; }",         // unbalanced
      Header + ".entry k() {{{ ret; }",            // unbalanced
      Big,
      Header + ".entry k() { mov.u32 %r1, " + Big + "; }",
      Nested,
      Parens,
      Unary,
      LongSum,
      "/* unterminated comment",
      "\"unterminated string",
  };
  for (const std::string &In : Inputs) {
    test::Parsed P = test::parse(In);
    (void)P.errors();
  }
  EXPECT_TRUE(errorsOf("").empty()); // an empty module is fine
  EXPECT_FALSE(errorsOf(Nested).empty());
  std::vector<std::string> E = errorsOf(Parens);
  ASSERT_FALSE(E.empty());
  EXPECT_NE(E[0].find("nesting too deep"), std::string::npos) << E[0];
  E = errorsOf(LongSum);
  ASSERT_FALSE(E.empty());
  EXPECT_NE(E[0].find("nested more than"), std::string::npos) << E[0];
}

TEST(RecoveryTest, CRLFLineEndsParse) {
  test::Parsed P = test::parse(".version 7.8\r\n.target sm_80\r\n"
                               ".entry k()\r\n{\r\n\tret;\r\n}\r\n");
  EXPECT_TRUE(P.errors().empty());
  EXPECT_EQ(P.M->functions().size(), 1u);
}

TEST(RecoveryTest, MissingBraceDoesNotSwallowNextFunction) {
  std::vector<std::string> E = errorsOf(
      Header + ".entry a()\n{\n\tret;\n.visible .entry b()\n{\n\tret;\n}\n");
  ASSERT_EQ(E.size(), 1u);
  // The chunk ends where the next function starts; the error names it.
  EXPECT_EQ(E[0], "7:1: unexpected '.visible'; expected '}'");
}

TEST(RecoveryTest, RandomMutationsGiveLocatedErrorsOnly) {
  // Seeded byte-level mutations of a real module: never a crash, and every
  // syntax error points into the buffer (line and column known).
  std::string Base = test::readFile(test::corpusFiles().front());
  ASSERT_FALSE(Base.empty());
  const char Alphabet[] = "{}()[];,.|!_@%$:<>+-*/\"0123456789abfx \n\t\xff";
  uint64_t Seed = 0x9E3779B97F4A7C15ull;
  auto Rand = [&](uint64_t N) {
    Seed ^= Seed << 13;
    Seed ^= Seed >> 7;
    Seed ^= Seed << 17;
    return Seed % N;
  };
  for (int Round = 0; Round < 150; ++Round) {
    std::string M = Base;
    for (int K = 0, E = 1 + Rand(8); K < E; ++K) {
      size_t At = Rand(M.size());
      switch (Rand(3)) {
      case 0:
        M.erase(At, 1 + Rand(40));
        break;
      case 1:
        M.insert(At, 1 + Rand(4), Alphabet[Rand(sizeof(Alphabet) - 1)]);
        break;
      default:
        M[At] = Alphabet[Rand(sizeof(Alphabet) - 1)];
        break;
      }
    }
    test::Parsed P = test::parse(M);
    for (const Diagnostic &D : P.Diags->diagnostics())
      EXPECT_TRUE(D.Loc.isValid()) << "round " << Round << ": " << D.Message;
  }
}

TEST(RecoveryTest, ErrorCountIsCapped) {
  std::string S = Header + ".entry k()\n{\n";
  for (int I = 0; I < 5000; ++I)
    S += "mov.u32 %r1 %r2;\n";
  S += "}\n";
  ParseOptions Opts;
  Opts.MaxErrors = 100;
  test::Parsed P = test::parse(S, Opts);
  EXPECT_LE(P.errors().size(), 100u);
  EXPECT_GE(P.errors().size(), 50u);
}

} // namespace
