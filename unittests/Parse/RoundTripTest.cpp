//===- RoundTripTest.cpp - parse -> print -> parse gives the same AST -----===//
//
// Over the whole corpus and every ptxas case (the oracle's when shared/ is
// beside the repo, else the copies in test/Inputs): the printed module parses
// without errors to an AST whose position-free dump equals the original's.
// Cases ptxas rejects with a syntax error must get a syntax error here, on the
// line ptxas blames (test/Inputs/corpus/ptxas-cases/syntax-errors.txt).
//
//===----------------------------------------------------------------------===//

#include "ParseTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <fstream>
#include <map>
#include <sstream>

using namespace ptxwarp;

namespace {

std::map<std::string, unsigned> syntaxErrorCases() {
  std::map<std::string, unsigned> R;
  std::ifstream In(std::string(PTXWARP_TEST_INPUTS) +
                   "/corpus/ptxas-cases/syntax-errors.txt");
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    std::istringstream SS(Line);
    std::string Id;
    unsigned L = 0;
    SS >> Id >> L;
    R[Id] = L;
  }
  return R;
}

void roundTrip(const std::string &File) {
  std::string Text = test::readFile(File);
  test::Parsed A = test::parse(Text);
  ASSERT_TRUE(A.errors().empty()) << File << ": " << A.errors()[0];
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  ast::printModule(OS, *A.M);
  OS.flush();
  test::Parsed B = test::parse(Printed);
  ASSERT_TRUE(B.errors().empty())
      << File << ": printed text does not parse: " << B.errors()[0] << "\n"
      << Printed.substr(0, 2000);
  EXPECT_EQ(test::dumpNoLoc(*A.M), test::dumpNoLoc(*B.M)) << File;
}

TEST(RoundTripTest, Corpus) {
  std::vector<std::string> Files = test::corpusFiles();
  ASSERT_FALSE(Files.empty());
  for (const std::string &F : Files)
    roundTrip(F);
}

TEST(RoundTripTest, PtxasCases) {
  std::vector<std::string> Files = test::ptxasCaseFiles();
  ASSERT_FALSE(Files.empty());
  std::map<std::string, unsigned> Bad = syntaxErrorCases();
  ASSERT_FALSE(Bad.empty());
  unsigned Checked = 0, Rejected = 0;
  for (const std::string &F : Files) {
    std::string Id = llvm::sys::path::stem(F).str();
    auto It = Bad.find(Id);
    if (It == Bad.end()) {
      roundTrip(F);
      ++Checked;
      continue;
    }
    test::Parsed P = test::parse(test::readFile(F));
    ASSERT_FALSE(P.errors().empty()) << F << " must be a syntax error";
    bool OnLine = false;
    for (const Diagnostic &D : P.Diags->diagnostics())
      OnLine |= D.ID == DiagID::SyntaxError && D.Loc.Line == It->second;
    EXPECT_TRUE(OnLine) << F << ": ptxas blames line " << It->second
                        << ", we say " << P.errors()[0];
    ++Rejected;
  }
  EXPECT_GT(Checked, 100u);
  EXPECT_GT(Rejected, 50u);
}

} // namespace
