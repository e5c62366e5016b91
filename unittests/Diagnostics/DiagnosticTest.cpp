//===- DiagnosticTest.cpp - The diagnostics engine and its renderers ------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Diagnostics/DiagnosticRender.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace ptxwarp;

namespace {

class DiagnosticTest : public ::testing::Test {
protected:
  void SetUp() override {
    SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                              "line one\n  bad token here;\n", "k.ptx"),
                          llvm::SMLoc());
  }
  llvm::SMLoc at(size_t Offset) {
    return llvm::SMLoc::getFromPointer(SM.getMemoryBuffer(1)->getBufferStart() +
                                       Offset);
  }
  /// Some warning kind with a group, to exercise the policy generically.
  static const DiagInfo *findWarning(bool OptIn) {
    for (const DiagInfo &I : allDiagInfos())
      if (I.DefaultSeverity == Severity::Warning && !I.Group.empty() &&
          isOptInGroup(I.Group) == OptIn)
        return &I;
    return nullptr;
  }
  static DiagID idOf(const DiagInfo *I) {
    return static_cast<DiagID>(I - allDiagInfos().data());
  }
  llvm::SourceMgr SM;
};

TEST_F(DiagnosticTest, TableIsConsistent) {
  llvm::StringSet<> Names;
  for (const DiagInfo &I : allDiagInfos()) {
    EXPECT_FALSE(I.Name.empty());
    EXPECT_TRUE(Names.insert(I.Name).second) << "duplicate id " << I.Name.str();
    EXPECT_FALSE(I.Summary.empty()) << I.Name.str();
    if (I.DefaultSeverity == Severity::Error) {
      EXPECT_TRUE(I.Group.empty())
          << "errors cannot be disabled: " << I.Name.str();
    }
  }
  EXPECT_EQ(getDiagInfo(DiagID::SyntaxError).Name, "syntax-error");
}

TEST_F(DiagnosticTest, ResolvesLineAndColumn) {
  DiagnosticEngine Diags(&SM);
  Diags.report(DiagID::SyntaxError, llvm::SMRange(at(11), at(14)))
      << "unexpected '"
      << "bad"
      << "'";
  ASSERT_EQ(Diags.diagnostics().size(), 1u);
  const Diagnostic &D = Diags.diagnostics()[0];
  EXPECT_EQ(D.Loc.File, "k.ptx");
  EXPECT_EQ(D.Loc.Line, 2u);
  EXPECT_EQ(D.Loc.Column, 3u);
  EXPECT_EQ(D.Message, "unexpected 'bad'");
  EXPECT_EQ(Diags.errorCount(), 1u);
  EXPECT_TRUE(Diags.hasErrors());
}

TEST_F(DiagnosticTest, RendersTextWithCaretAndId) {
  DiagnosticEngine Diags(&SM);
  Diags.report(DiagID::SyntaxError, llvm::SMRange(at(11), at(14)))
          .note(llvm::SMRange(at(0), at(4)), "first line here")
      << "unexpected 'bad'";
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  renderText(OS, Diags.diagnostics()[0], &SM, /*Color=*/false);
  EXPECT_EQ(OS.str(), "k.ptx:2:3: error: unexpected 'bad' [syntax-error]\n"
                      "  bad token here;\n"
                      "  ^~~\n"
                      "k.ptx:1:1: note: first line here\n"
                      "line one\n"
                      "^~~~\n");
}

TEST_F(DiagnosticTest, RendersLanesAndUnlocatedDiagnostics) {
  Diagnostic D;
  D.ID = DiagID::IOError;
  D.Message = "cannot open 'x.ptx': No such file or directory";
  D.Loc.File = "x.ptx";
  // Threads 32-35, 39, 41-42 are lanes 0-3, 7, 9-10 of warp 1 (id / 32,
  // id % 32).
  D.Threads = {32, 33, 34, 35, 39, 41, 42};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  renderText(OS, D, nullptr, false);
  EXPECT_EQ(OS.str(), "x.ptx: error: cannot open 'x.ptx': No such file or "
                      "directory (warp 1, lanes 0-3, 7, 9-10 (threads 32-35, "
                      "39, 41-42)) [io-error]\n");
}

TEST_F(DiagnosticTest, RendersThreadsOfSeveralWarpsPerWarp) {
  Diagnostic D;
  D.ID = DiagID::IOError;
  D.Message = "m";
  D.Threads = {0, 30, 31, 32};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  renderText(OS, D, nullptr, false);
  EXPECT_EQ(OS.str(), "ptxwarp: error: m (warp 0, lanes 0, 30-31 (threads 0, "
                      "30-31); warp 1, lane 0 (thread 32)) [io-error]\n");
  llvm::json::Value V(toJSON(D));
  std::string J;
  llvm::raw_string_ostream(J) << V;
  // No single warp: only the thread ids.
  EXPECT_EQ(J, "{\"column\":null,\"file\":\"\",\"id\":\"io-error\","
               "\"line\":null,\"message\":\"m\",\"severity\":\"error\","
               "\"threads\":[0,30,31,32]}");
}

TEST_F(DiagnosticTest, JSONCarriesEveryField) {
  DiagnosticEngine Diags(&SM);
  // Threads 36 and 37: lanes 4 and 5 of warp 1.
  Diags.report(DiagID::SyntaxError, at(11)).threads({36, 37}) << "msg";
  llvm::json::Value V(toJSON(Diags.diagnostics()[0]));
  std::string Out;
  llvm::raw_string_ostream(Out) << V;
  EXPECT_EQ(Out, "{\"column\":3,\"file\":\"k.ptx\",\"id\":\"syntax-error\","
                 "\"lanes\":[4,5],\"line\":2,\"message\":\"msg\","
                 "\"severity\":\"error\",\"threads\":[36,37],\"warp\":1}");
}

TEST_F(DiagnosticTest, SARIFHasOneRunAndRulesForEveryId) {
  DiagnosticEngine Diags(&SM);
  Diags.report(DiagID::SyntaxError, at(11)) << "msg";
  llvm::json::Object Log = toSARIF(Diags.diagnostics(), "ptx-lint", "0.1");
  EXPECT_EQ(*Log.getString("version"), "2.1.0");
  const llvm::json::Array *Runs = Log.getArray("runs");
  ASSERT_TRUE(Runs && Runs->size() == 1);
  const llvm::json::Object *Run = (*Runs)[0].getAsObject();
  const llvm::json::Array *Rules =
      Run->getObject("tool")->getObject("driver")->getArray("rules");
  EXPECT_EQ(Rules->size(), allDiagInfos().size());
  const llvm::json::Array *Results = Run->getArray("results");
  ASSERT_EQ(Results->size(), 1u);
  const llvm::json::Object *R = (*Results)[0].getAsObject();
  EXPECT_EQ(*R->getString("ruleId"), "syntax-error");
  EXPECT_EQ(*R->getString("level"), "error");
  const llvm::json::Object *Region = (*R->getArray("locations"))[0]
                                         .getAsObject()
                                         ->getObject("physicalLocation")
                                         ->getObject("region");
  EXPECT_EQ(*Region->getInteger("startLine"), 2);
  EXPECT_EQ(*Region->getInteger("startColumn"), 3);
}

TEST_F(DiagnosticTest, WarningPolicy) {
  const DiagInfo *W = findWarning(/*OptIn=*/false);
  if (!W)
    GTEST_SKIP() << "no default-on warning kind defined yet";
  DiagID ID = idOf(W);
  {
    DiagnosticEngine Diags(&SM);
    Diags.report(ID, at(0)) << "w";
    EXPECT_EQ(Diags.warningCount(), 1u);
    EXPECT_FALSE(Diags.hasErrors());
  }
  {
    DiagnosticEngine Diags(&SM);
    Diags.options().WarningsAsErrors = true;
    Diags.report(ID, at(0)) << "w";
    EXPECT_EQ(Diags.errorCount(), 1u);
    EXPECT_EQ(Diags.diagnostics()[0].Sev, Severity::Error);
  }
  {
    DiagnosticEngine Diags(&SM);
    Diags.options().IgnoreWarnings = true;
    Diags.report(ID, at(0)) << "w";
    EXPECT_TRUE(Diags.diagnostics().empty());
  }
  {
    DiagnosticEngine Diags(&SM);
    Diags.options().DisabledGroups.insert(W->Group);
    Diags.report(ID, at(0)) << "w";
    EXPECT_TRUE(Diags.diagnostics().empty());
  }
}

TEST_F(DiagnosticTest, OptInGroupsAreOffUntilNamed) {
  const DiagInfo *W = findWarning(/*OptIn=*/true);
  if (!W)
    GTEST_SKIP() << "no opt-in warning kind defined yet";
  DiagID ID = idOf(W);
  DiagnosticEngine Off(&SM);
  Off.report(ID, at(0)) << "w";
  EXPECT_TRUE(Off.diagnostics().empty());
  DiagnosticEngine On(&SM);
  On.options().EnabledOptInGroups.insert(W->Group);
  On.report(ID, at(0)) << "w";
  EXPECT_EQ(On.warningCount(), 1u);
}

TEST_F(DiagnosticTest, ConsumerSeesDiagnosticsAsTheyCome) {
  DiagnosticEngine Diags(&SM);
  std::vector<std::string> Seen;
  Diags.setConsumer([&](const Diagnostic &D) { Seen.push_back(D.Message); });
  Diags.setKeepDiagnostics(false);
  Diags.report(DiagID::SyntaxError, at(0)) << "one";
  Diags.report(DiagID::SyntaxError, at(1)) << "two";
  EXPECT_EQ(Seen, (std::vector<std::string>{"one", "two"}));
  EXPECT_TRUE(Diags.diagnostics().empty());
  EXPECT_EQ(Diags.errorCount(), 2u);
}

} // namespace
