//===- ToolSupportTest.cpp - The API calls ptx-lint and ptx-run are made of
//===//
//
// The tools link only the public library; what they print beyond a plain
// check or run comes from these calls: streaming lint of a file, printing
// and dumping a module, the instruction table, SARIF over several files,
// checker errors demoted for snippets, lowering after the caller's check.
//
//===----------------------------------------------------------------------===//

#include "ApiTestUtil.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace ptxwarp::api;
using ptxwarp::api::testing::errorOf;

namespace {

// `shfl` without `.sync` is removed for sm_70+ from PTX 6.4 (PTX ISA 9.7.9.6,
// "shfl (deprecated)"): a checker error, which the interpreter still runs.
const char *Legacy = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry legacy(.param .u64 out)
{
  .reg .b32 %r<4>;
  mov.u32 %r1, %laneid;
  shfl.up.b32 %r2, %r1, 1, 0;
  ret;
}
)";

/// Writes \p Text to a fresh temporary file and returns its path.
std::string tempFile(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("tool-support", "ptx", FD, Path))
    return "";
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return Path.str().str();
}

TEST(ToolSupportTest, CheckErrorsDemotedForSnippets) {
  Session S;
  auto M = S.parseBuffer(Legacy, "legacy.ptx");
  ASSERT_OK(M);
  auto Plain = M->check();
  ASSERT_OK(Plain);
  ASSERT_EQ(Plain->errorCount(), 1u) << Plain->renderText();
  EXPECT_EQ((*Plain)[0].Id, "legacy-removed");

  CheckOptions CO;
  CO.GatesAsWarnings = true;
  CO.DemotedSuffix = " (ignored here)";
  auto Demoted = M->check(CO);
  ASSERT_OK(Demoted);
  EXPECT_EQ(Demoted->errorCount(), 0u);
  ASSERT_EQ(Demoted->warningCount(), 1u);
  EXPECT_EQ((*Demoted)[0].Sev, Severity::Warning);
  EXPECT_EQ((*Demoted)[0].Message, (*Plain)[0].Message + " (ignored here)");
}

TEST(ToolSupportTest, LowerAfterTheCallersOwnCheck) {
  Session S;
  auto M = S.parseBuffer(Legacy, "legacy.ptx");
  ASSERT_OK(M);
  // With its own check the lowering refuses, and says why.
  DiagnosticList D;
  auto Refused = M->lower("legacy", LowerOptions{}, D);
  EXPECT_EQ(errorOf(std::move(Refused)), "cannot lower kernel 'legacy'");
  ASSERT_EQ(D.errorCount(), 1u);
  EXPECT_EQ(D[0].Id, "legacy-removed");
  // kernel() still carries the rendered diagnostics in its error.
  EXPECT_NE(errorOf(M->kernel("legacy")).find("[legacy-removed]"),
            std::string::npos);

  // The caller checked (and reported) already: only the lowering speaks.
  LowerOptions NoCheck;
  NoCheck.Check = false;
  DiagnosticList D2;
  auto K = M->lower("legacy", NoCheck, D2);
  ASSERT_OK(K);
  EXPECT_EQ(D2.errorCount(), 0u) << D2.renderText();
  Launch L;
  L.buffer("out", std::vector<uint32_t>(1, 0));
  RunOptions O;
  O.DumpRegisters = {"%r1"};
  auto R = K->run(L, O);
  ASSERT_OK(R);
  ASSERT_NE(R->registerValues("%r1"), nullptr);
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    EXPECT_EQ(R->registerValues("%r1")->Values[Lane], Lane); // %laneid

  // Syntax errors refuse the kernel either way.
  auto Broken = S.parseBuffer(std::string(Legacy) + "garbage", "b.ptx");
  ASSERT_OK(Broken);
  DiagnosticList D3;
  EXPECT_EQ(errorOf(Broken->lower("legacy", NoCheck, D3)),
            "cannot lower kernel 'legacy'");
}

TEST(ToolSupportTest, LintFileStreamsAndKeepsTheModuleOnRequest) {
  Session S;
  std::string Path = tempFile(Legacy);
  ASSERT_FALSE(Path.empty());
  auto Streamed = S.lintFile(Path);
  ASSERT_OK(Streamed);
  EXPECT_TRUE(Streamed->Readable);
  EXPECT_FALSE(Streamed->M.has_value());
  ASSERT_EQ(Streamed->Diagnostics.errorCount(), 1u);
  EXPECT_EQ(Streamed->Diagnostics[0].Id, "legacy-removed");
  EXPECT_EQ(Streamed->Diagnostics[0].Location.File, Path);
  EXPECT_EQ(Streamed->Diagnostics[0].Location.Line, 8u);

  // The same diagnostics when the module is kept whole, and the same as
  // parsing and checking through Module.
  LintOptions Keep;
  Keep.KeepModule = true;
  auto Kept = S.lintFile(Path, Keep);
  ASSERT_OK(Kept);
  ASSERT_TRUE(Kept->M.has_value());
  EXPECT_EQ(Kept->Diagnostics.renderText(), Streamed->Diagnostics.renderText());
  auto Checked = Kept->M->check();
  ASSERT_OK(Checked);
  EXPECT_EQ(Checked->renderText(), Streamed->Diagnostics.renderText());

  // ptx-lint --arch=sm_9x: the name is checked before the file is read.
  LintOptions BadArch;
  BadArch.Check.Arch = "sm_9x";
  EXPECT_NE(errorOf(S.lintFile(Path, BadArch)), "<no error>");
  llvm::sys::fs::remove(Path);

  // An unreadable file is a diagnostic, not a failure of the call.
  auto Missing = S.lintFile("/nonexistent/dir/x.ptx");
  ASSERT_OK(Missing);
  EXPECT_FALSE(Missing->Readable);
  ASSERT_EQ(Missing->Diagnostics.size(), 1u);
  EXPECT_EQ(Missing->Diagnostics[0].Id, "io-error");
  EXPECT_EQ(Missing->Diagnostics[0].Message,
            "cannot read '/nonexistent/dir/x.ptx': No such file or directory");
}

TEST(ToolSupportTest, PrintAndDumpTheModule) {
  Session S;
  auto M = S.parseBuffer(Legacy, "legacy.ptx");
  ASSERT_OK(M);
  // Printed back, it parses to a module that prints the same.
  std::string Printed = M->print();
  auto Again = S.parseBuffer(Printed, "again.ptx");
  ASSERT_OK(Again);
  EXPECT_TRUE(Again->parsedCleanly());
  EXPECT_EQ(Again->print(), Printed);
  EXPECT_NE(Printed.find("shfl.up.b32"), std::string::npos) << Printed;

  std::string Tree = M->dumpAST();
  EXPECT_NE(Tree.find("legacy"), std::string::npos) << Tree;
  auto JSON = llvm::json::parse(M->dumpAST(/*JSON=*/true));
  ASSERT_TRUE(static_cast<bool>(JSON)) << llvm::toString(JSON.takeError());
  EXPECT_NE(JSON->getAsObject(), nullptr);
  EXPECT_EQ(llvm::formatv("{0:2}", M->astJSON()).str(),
            M->dumpAST(/*JSON=*/true));
}

TEST(ToolSupportTest, InstructionTableAndArchNames) {
  std::string Text = instructionTable();
  std::string Markdown = instructionTable(/*Markdown=*/true);
  // Every warp-level form of the table is listed in both renderings.
  for (const InstructionInfo &I : warpInstructionForms()) {
    EXPECT_NE(Text.find(I.Form), std::string::npos) << I.Form;
    EXPECT_NE(Markdown.find(I.Form), std::string::npos) << I.Form;
  }
  EXPECT_EQ(Markdown.rfind("|", 0), 0u) << "a Markdown table";

  EXPECT_FALSE(static_cast<bool>(verifyArch("sm_90")));
  EXPECT_FALSE(static_cast<bool>(verifyArch("sm_100a")));
  llvm::Error E = verifyArch("sm_9x");
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("sm_9x"), std::string::npos);
}

TEST(ToolSupportTest, OneSarifLogForSeveralLists) {
  Session S;
  auto A = S.parseBuffer(Legacy, "a.ptx");
  auto B = S.parseBuffer(Legacy, "b.ptx");
  ASSERT_OK(A);
  ASSERT_OK(B);
  auto DA = A->check();
  auto DB = B->check();
  ASSERT_OK(DA);
  ASSERT_OK(DB);
  auto Log = llvm::json::parse(renderSARIF({*DA, *DB}, "ptx-lint"));
  ASSERT_TRUE(static_cast<bool>(Log)) << llvm::toString(Log.takeError());
  const llvm::json::Array *Runs = Log->getAsObject()->getArray("runs");
  ASSERT_NE(Runs, nullptr);
  ASSERT_EQ(Runs->size(), 1u);
  const llvm::json::Array *Results =
      (*Runs)[0].getAsObject()->getArray("results");
  ASSERT_NE(Results, nullptr);
  EXPECT_EQ(Results->size(), DA->size() + DB->size());
  // The JSON values are the objects of the JSON rendering.
  auto Rendered = llvm::json::parse(DA->renderJSON());
  ASSERT_TRUE(static_cast<bool>(Rendered))
      << llvm::toString(Rendered.takeError());
  EXPECT_EQ(*Rendered, llvm::json::Value(DA->toJSON()));
  EXPECT_EQ(llvm::formatv("{0:2}", llvm::json::Value(DA->toJSON())).str(),
            DA->renderJSON());
  ASSERT_EQ(DA->toJSON().size(), DA->size());
  // One list: the same log as the list's own rendering.
  EXPECT_EQ(renderSARIF({*DA}, "x"), DA->renderSARIF("x"));
  // Written to a stream: the same log.
  std::string Streamed;
  llvm::raw_string_ostream OS(Streamed);
  renderSARIF(OS, {*DA, *DB}, "ptx-lint");
  EXPECT_EQ(OS.str(), renderSARIF({*DA, *DB}, "ptx-lint"));
}

} // namespace
