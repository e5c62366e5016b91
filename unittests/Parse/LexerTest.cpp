//===- LexerTest.cpp - The hand-written lexer vs grammar/PTXLexer.g4 ------===//
//
// The hand-written lexer must produce exactly the tokens the ANTLR-generated
// lexer produces from the grammar (kind, text, line, column), on every corpus
// file and on a set of tricky literals.
//
//===----------------------------------------------------------------------===//

#include "Lexer.h"
#include "PTXLexer.h"
#include "ParseTestUtil.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using namespace ptxwarp::parse;

namespace {

struct Tk {
  size_t Type;
  std::string Text;
  size_t Line, Col;
  bool operator==(const Tk &O) const {
    return Type == O.Type && Text == O.Text && Line == O.Line && Col == O.Col;
  }
};

std::ostream &operator<<(std::ostream &OS, const Tk &T) {
  return OS << T.Type << " '" << T.Text << "' " << T.Line << ":" << T.Col;
}

std::vector<Tk> generated(const std::string &Text) {
  antlr4::ANTLRInputStream In(Text);
  ptxwarp_antlr::PTXLexer L(&In);
  L.removeErrorListeners();
  std::vector<Tk> R;
  for (;;) {
    std::unique_ptr<antlr4::Token> T = L.nextToken();
    if (T->getType() == antlr4::Token::EOF)
      break;
    R.push_back(
        {T->getType(), T->getText(), T->getLine(), T->getCharPositionInLine()});
  }
  return R;
}

std::vector<Tk> handWritten(const std::string &Text) {
  Lexer L(Text);
  std::vector<Tk> R;
  for (;;) {
    std::unique_ptr<antlr4::Token> T = L.nextToken();
    if (T->getType() == antlr4::Token::EOF)
      break;
    R.push_back(
        {T->getType(), T->getText(), T->getLine(), T->getCharPositionInLine()});
  }
  return R;
}

void expectSameTokens(const std::string &Text, const std::string &What) {
  std::vector<Tk> A = generated(Text), B = handWritten(Text);
  size_t N = std::min(A.size(), B.size());
  for (size_t I = 0; I < N; ++I)
    if (!(A[I] == B[I])) {
      ADD_FAILURE() << What << ": token " << I << " differs: generated " << A[I]
                    << ", hand-written " << B[I];
      return;
    }
  EXPECT_EQ(A.size(), B.size()) << What;
}

TEST(LexerTest, MatchesGeneratedLexerOnCorpus) {
  std::vector<std::string> Files = test::corpusFiles();
  ASSERT_FALSE(Files.empty());
  for (const std::string &F : Files)
    expectSameTokens(test::readFile(F), F);
}

TEST(LexerTest, MatchesGeneratedLexerOnPtxasCases) {
  std::vector<std::string> Files = test::ptxasCaseFiles();
  ASSERT_FALSE(Files.empty());
  // Every 7th case keeps this fast; all kinds are spread over the list.
  for (size_t I = 0; I < Files.size(); I += 7)
    expectSameTokens(test::readFile(Files[I]), Files[I]);
}

TEST(LexerTest, MatchesGeneratedLexerOnTrickyLiterals) {
  const char *Cases[] = {
      "0x1F 0X1fU 017 0 08 0b101 0B11U 12U 1.5 1. 6.10 1e5 1.5e-3 1e "
      "0f3F800000",
      "0f3F80 0d3FF0000000000000 0d3FF 0x 0b2 0x1_0000_0000 0f3F8000001",
      "%r<4> %tid.x @!%p1 _ _x $L__BB0_1: a|b d|p|q [%rd1+-4] {a, _}",
      ".shared::cta .shared::cluster .L2::cache_hint .version .versions .2d",
      "a<<b>>c <= >= == != && || ! ~ ^ & | ? : % %% $ .",
      "\"str\\\"ing\" \"unterminated\n\"x\" /* c\nc */ // line\n@",
      ".reg .sreg .param::entry .globalx .entry .func .ptr .align",
  };
  for (const char *C : Cases)
    expectSameTokens(C, C);
}

TEST(LexerTest, ReportsLinesAndColumnsAcrossCommentsAndCRLF) {
  std::vector<Tk> T = handWritten("a /* x\r\n y */ b\r\n  c // d\n e");
  ASSERT_EQ(T.size(), 4u);
  EXPECT_EQ(T[1].Line, 2u);
  EXPECT_EQ(T[1].Col, 6u);
  EXPECT_EQ(T[2].Line, 3u);
  EXPECT_EQ(T[2].Col, 2u);
  EXPECT_EQ(T[3].Line, 4u);
}

TEST(LexerTest, GarbageBytesAreErrorTokens) {
  std::string S("a \x01\xff\xc3\xa9 \0 b", 10);
  std::vector<Tk> T = handWritten(S);
  ASSERT_EQ(T.size(), 6u);
  EXPECT_EQ(T[1].Type, (size_t)Tok::ERROR_CHAR);
  EXPECT_EQ(T[2].Type, (size_t)Tok::ERROR_CHAR);
  EXPECT_EQ(T[3].Text, "\xc3\xa9"); // one token per UTF-8 sequence
  EXPECT_EQ(T[4].Text, std::string("\0", 1));
  EXPECT_EQ(T[5].Text, "b");
}

} // namespace
