//===- ModuleTest.cpp - Session, parse, check, diagnostics as values ------===//

#include "ApiTestUtil.h"

#include <fstream>
#include <sstream>

using namespace ptxwarp::api;
using ptxwarp::api::testing::errorOf;

std::string ptxwarp::api::testing::readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

namespace {

// shfl.sync needs sm_30 and PTX 6.0 (PTX ISA 9.7.9.6); the .target here is
// sm_80, so checking for --arch sm_75 is an arch mismatch (ptxas 13.0: "SM
// version specified by .target is higher than default SM version assumed").
const char *Shfl = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k()
{
  .reg .b32 %r<4>;
  shfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;
  ret;
}
)";

TEST(ModuleTest, ParsesACleanModule) {
  Session S;
  auto M = S.parseBuffer(Shfl, "clean.ptx");
  ASSERT_OK(M);
  EXPECT_TRUE(M->parsedCleanly());
  EXPECT_TRUE(M->parseDiagnostics().empty());
  EXPECT_EQ(M->name(), "clean.ptx");
  EXPECT_EQ(M->ptxVersion(), "7.0");
  ASSERT_EQ(M->targets().size(), 1u);
  EXPECT_EQ(M->targets()[0], "sm_80");
  EXPECT_EQ(M->kernelNames(), std::vector<std::string>{"k"});
  auto D = M->check();
  ASSERT_OK(D);
  EXPECT_TRUE(D->empty()) << D->renderText();
}

TEST(ModuleTest, SyntaxErrorsAreLocatedValues) {
  Session S;
  auto M = S.parseBuffer(".version 7.0\n.target sm_80\n.entry k()\n{\n"
                         "  add.u32 %r1 %r2, 1;\n  ret;\n}\n",
                         "jit/broken.ptx");
  ASSERT_OK(M);
  EXPECT_FALSE(M->parsedCleanly());
  DiagnosticList D = M->parseDiagnostics();
  ASSERT_GE(D.size(), 1u);
  EXPECT_EQ(D[0].Id, "syntax-error");
  EXPECT_EQ(D[0].Sev, Severity::Error);
  EXPECT_EQ(D[0].Location.File, "jit/broken.ptx");
  EXPECT_EQ(D[0].Location.Line, 5u);
  EXPECT_GT(D[0].Location.Column, 0u);
  EXPECT_GE(D.errorCount(), 1u);
  // The text rendering is the tools': file:line:col, [id], caret line.
  std::string Text = D.renderText();
  EXPECT_NE(Text.find("jit/broken.ptx:5:"), std::string::npos) << Text;
  EXPECT_NE(Text.find("[syntax-error]"), std::string::npos) << Text;
  EXPECT_NE(Text.find("^"), std::string::npos) << Text;
}

TEST(ModuleTest, HiddenLinesAreNotCounted) {
  // The first 4 lines are generated around the user's text (ptx-run -e):
  // the syntax error on buffer line 5 is the user's line 1; the undeclared
  // register of buffer line 6 their line 2 (also in the IR, which runtime
  // messages and traces name).
  Session S;
  const char *Text = ".version 7.0\n.target sm_80\n.entry k()\n{\n"
                     "  add.u32 %r1 %r2, 1;\n  ret;\n}\n";
  auto M = S.parseBuffer(Text, "<snippet>", 4);
  ASSERT_OK(M);
  DiagnosticList D = M->parseDiagnostics();
  ASSERT_GE(D.size(), 1u);
  EXPECT_EQ(D[0].Location.Line, 1u);
  EXPECT_EQ(D[0].Location.Column, 15u);
  EXPECT_NE(D.renderText().find("<snippet>:1:15:"), std::string::npos)
      << D.renderText();
  // An error inside the hidden lines has no line, and no source line.
  auto Hidden =
      S.parseBuffer(".version 7.0\n.target sm_80 sm_80,,\n", "<s>", 4);
  ASSERT_OK(Hidden);
  DiagnosticList H = Hidden->parseDiagnostics();
  ASSERT_GE(H.size(), 1u);
  EXPECT_EQ(H[0].Location.Line, 0u);
  EXPECT_EQ(H[0].Location.File, "<s>");
  EXPECT_EQ(H.renderText().find("<s>:2"), std::string::npos) << H.renderText();
}

TEST(ModuleTest, CheckForAnArchReportsArchMismatch) {
  Session S;
  auto M = S.parseBuffer(Shfl, "k.ptx");
  ASSERT_OK(M);
  auto D = M->check({"sm_75"});
  ASSERT_OK(D);
  ASSERT_EQ(D->size(), 1u) << D->renderText();
  EXPECT_EQ((*D)[0].Id, "arch-mismatch");
  // The same module checks cleanly for a newer arch: no re-parse needed.
  auto D2 = M->check({"sm_90"});
  ASSERT_OK(D2);
  EXPECT_TRUE(D2->empty()) << D2->renderText();
}

// A called .extern function without a body: ptxas 13.0 compiles the module
// as a whole program by default ("ptxas fatal   : Unresolved extern
// function 'f'") and accepts it with -c (test/Sema/linking-ptxas.test).
TEST(ModuleTest, CompileOnlyLeavesExternFunctionsToTheLinker) {
  Session S;
  auto M = S.parseBuffer(".version 8.0\n.target sm_80\n.address_size 64\n"
                         ".extern .func f();\n"
                         ".visible .entry k()\n{\n  call f;\n  ret;\n}\n",
                         "extern.ptx");
  ASSERT_OK(M);
  auto Whole = M->check();
  ASSERT_OK(Whole);
  ASSERT_EQ(Whole->size(), 1u) << Whole->renderText();
  EXPECT_EQ((*Whole)[0].Id, "unresolved-function");
  EXPECT_EQ((*Whole)[0].Location.Line, 7u);
  CheckOptions Opts;
  Opts.CompileOnly = true;
  auto Linked = M->check(Opts);
  ASSERT_OK(Linked);
  EXPECT_TRUE(Linked->empty()) << Linked->renderText();
}

TEST(ModuleTest, CheckerErrorsRenderAsJSONAndSARIF) {
  Session S;
  std::string Src = Shfl;
  Src.replace(Src.find("-1;"), 3, "%r9;"); // %r9 is not declared
  auto M = S.parseBuffer(Src, "undeclared.ptx");
  ASSERT_OK(M);
  auto D = M->check();
  ASSERT_OK(D);
  ASSERT_EQ(D->errorCount(), 1u) << D->renderText();
  const Diagnostic &X = (*D)[0];
  EXPECT_EQ(X.Id, "undeclared-symbol");
  EXPECT_EQ(X.Location.Line, 7u);
  EXPECT_EQ(X.Location.Column, 39u);
  std::string JSON = D->renderJSON();
  EXPECT_NE(JSON.find("\"undeclared-symbol\""), std::string::npos) << JSON;
  EXPECT_NE(JSON.find("\"line\": 7"), std::string::npos) << JSON;
  std::string SARIF = D->renderSARIF("my-jit");
  EXPECT_NE(SARIF.find("\"version\": \"2.1.0\""), std::string::npos);
  EXPECT_NE(SARIF.find("\"my-jit\""), std::string::npos);
  EXPECT_NE(SARIF.find("\"ruleId\": \"undeclared-symbol\""), std::string::npos)
      << SARIF;
}

TEST(ModuleTest, WarningPolicyComesFromTheSession) {
  // A zero membermask is a warning of group 'membermask'.
  std::string Src = Shfl;
  Src.replace(Src.find("-1;"), 3, "0;");
  auto Count = [&](SessionOptions O, Severity Sev) {
    auto S = Session::create(std::move(O));
    EXPECT_TRUE(static_cast<bool>(S));
    auto M = S->parseBuffer(Src, "zero.ptx");
    EXPECT_TRUE(static_cast<bool>(M));
    auto D = M->check();
    EXPECT_TRUE(static_cast<bool>(D));
    unsigned N = 0;
    for (const Diagnostic &X : *D)
      N += X.Id == "membermask-zero" && X.Sev == Sev;
    return N;
  };
  EXPECT_EQ(Count({}, Severity::Warning), 1u);
  SessionOptions Off;
  Off.WarningFlags = {"no-membermask"};
  EXPECT_EQ(Count(Off, Severity::Warning), 0u);
  SessionOptions AsError;
  AsError.WarningFlags = {"error"};
  EXPECT_EQ(Count(AsError, Severity::Error), 1u);
}

TEST(ModuleTest, FailuresAreErrorValues) {
  SessionOptions Bad;
  Bad.WarningFlags = {"no-such-group"};
  EXPECT_NE(errorOf(Session::create(Bad)).find("no-such-group"),
            std::string::npos);

  Session S;
  EXPECT_NE(
      errorOf(S.parseFile("/nonexistent/x.ptx")).find("/nonexistent/x.ptx"),
      std::string::npos);

  auto M = S.parseBuffer(Shfl, "k.ptx");
  ASSERT_OK(M);
  EXPECT_NE(errorOf(M->check({"sm_12"})), "<no error>");
  EXPECT_NE(errorOf(M->kernel("nope")), "<no error>");
}

TEST(ModuleTest, ParseFileUsesTheCallersName) {
  Session S;
  auto M =
      S.parseFile(std::string(PTXWARP_SOURCE_DIR) + "/examples/warp_reduce.ptx",
                  "reduce.ptx");
  ASSERT_OK(M);
  EXPECT_EQ(M->name(), "reduce.ptx");
  ASSERT_EQ(M->functions().size(), 1u);
  EXPECT_EQ(M->functions()[0].location().File, "reduce.ptx");
}

TEST(ModuleTest, GarbageNeverThrows) {
  Session S;
  // sizeof - 1: the literal is 18 bytes (it starts with a NUL, so its
  // length must be given); 20 read past its end (gcc -Warray-bounds).
  static const char Bytes[] = "\0\xff{{{{[[[(((.entry";
  std::string Garbage(Bytes, sizeof(Bytes) - 1);
  auto M = S.parseBuffer(Garbage, "garbage.ptx");
  ASSERT_OK(M);
  EXPECT_FALSE(M->parsedCleanly());
  auto D = M->check();
  ASSERT_OK(D);
  EXPECT_NE(errorOf(M->kernel("k")), "<no error>");
}

TEST(ModuleTest, VersionIsThePackageVersion) {
  EXPECT_STREQ(version(), "0.1.0");
}

} // namespace
