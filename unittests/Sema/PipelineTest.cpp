//===- PipelineTest.cpp - PipelinedChecker reports what Checker reports ---===//
//
// The reference is the one-thread Checker fed by parseStreaming: the
// pipelined checker must give the same diagnostics (ids, severities,
// messages, locations, notes) in the same order, whatever the options and
// the number of checking threads, on modules whose diagnostics come from
// the parser, from the body walk (on whichever thread checks the body),
// from the whole-body lints (the lint thread) and from the end-of-module
// checks over what the bodies recorded (calls and addresses of functions,
// the .shared variables a kernel reaches), of many functions, interleaved.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/DiagnosticRender.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Sema/Checker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>

using namespace ptxwarp;

namespace {

/// A module of \p N kernels and N .func helpers. Each kernel reports, in
/// this order: an error of the body walk (an undeclared register), a
/// whole-body lint (a full mask where only some lanes arrive:
/// divergent-full-mask, with a note), and a membermask of 0 held in a
/// register (found by constant propagation). Every fifth one also has a
/// syntax error. Each kernel calls the helper before it (a warp summary: a
/// lint at the call site) and reaches its own .shared variable and the
/// helper's, too much together (resource-limit, at the end), and it takes
/// the address of an .extern function it calls (unresolved-function, at the
/// end).
std::string module(unsigned N) {
  std::string T = ".version 7.8\n.target sm_80\n.address_size 64\n";
  for (unsigned K = 0; K != N; ++K) {
    std::string Id = std::to_string(K);
    T += ".extern .func ext" + Id + "();\n";
    T += ".shared .align 4 .b8 smem" + Id + "[30000];\n";
    T += ".shared .align 4 .b8 hsmem" + Id + "[30000];\n";
    T += ".visible .func shfl_helper" + Id +
         "(.param .b32 mask)\n{\n\t.reg .b32 %r<4>;\n"
         "\t.reg .b64 %rd<2>;\n"
         "\tld.param.b32 %r1, [mask];\n"
         "\tmov.u64 %rd1, hsmem" +
         Id +
         ";\n"
         "\tshfl.sync.idx.b32 %r2, %r1, 0, 31, %r1;\n\tret;\n}\n";
    T += ".visible .entry k" + Id +
         "(.param .u64 out)\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n"
         "\t.reg .b64 %rd<4>;\n"
         "\tmov.u32 %r1, %laneid;\n"
         "\tadd.u32 %r2, %r1, %undeclared" +
         Id +
         ";\n"
         "\tsetp.lt.u32 %p1, %r1, 16;\n"
         "\t@!%p1 bra $L_else;\n"
         "\tshfl.sync.down.b32 %r2, %r1, 1, 31, -1;\n"
         "\tbra.uni $L_join;\n$L_else:\n"
         "\tmul.lo.u32 %r2, %r1, 5;\n$L_join:\n"
         "\tvote.sync.ballot.b32 %r5, %p1, 0xffffffff;\n"
         "\tmov.u32 %r6, 0;\n"
         "\tshfl.sync.idx.b32 %r7, %r1, 0, 31, %r6;\n"
         "\tmov.u64 %rd1, smem" +
         Id + ";\n\tmov.u64 %rd2, ext" + Id + ";\n\tcall ext" + Id +
         ", ();\n"
         "\t{\n\t.param .b32 arg;\n\tst.param.b32 [arg], 0;\n"
         "\tcall shfl_helper" +
         Id + ", (arg);\n\t}\n";
    if (K % 5 == 2)
      T += "\tadd.u32 %r3 %r1, 1;\n"; // a syntax error
    T += "\tret;\n}\n";
  }
  return T;
}

/// The diagnostics of \p Text: Checker's when \p Threads is none, else
/// PipelinedChecker's with that many checking threads.
std::vector<std::string> lint(const std::string &Text,
                              std::optional<unsigned> Threads,
                              const DiagnosticOptions &Opts) {
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "m.ptx"), llvm::SMLoc());
  DiagnosticEngine Diags(&SM);
  Diags.options() = Opts;
  if (Threads) {
    sema::PipelinedChecker C(Diags, {}, *Threads);
    parseStreamingChunks(
        SM, ID, C.parserDiagnostics(),
        [&](sema::ItemArenas A, llvm::ArrayRef<const ast::Stmt *> Items) {
          return C.checkChunk(std::move(A), Items);
        });
    C.finish();
  } else {
    sema::Checker C(Diags);
    parseStreaming(SM, ID, Diags,
                   [&](const ast::Stmt &Item) { C.checkItem(Item); });
    C.finish();
  }
  std::vector<std::string> Out;
  for (const Diagnostic &D : Diags.diagnostics()) {
    Out.emplace_back();
    llvm::raw_string_ostream OS(Out.back());
    renderText(OS, D, &SM, /*Color=*/false);
  }
  return Out;
}

TEST(PipelineTest, SameDiagnosticsInTheSameOrder) {
  const std::string Text = module(40);
  std::vector<std::string> Ref = lint(Text, std::nullopt, {});
  // Not vacuous: each source of diagnostics is there, many times over (a
  // function with a syntax error is not checked: 32 of the 40 are).
  auto Count = [&](const std::string &Needle) {
    unsigned N = 0;
    for (const std::string &S : Ref)
      N += S.find(Needle) != std::string::npos;
    return N;
  };
  EXPECT_EQ(Count("[divergent-full-mask]"), 32u);
  EXPECT_GE(Count("[membermask-zero]"), 32u);
  EXPECT_EQ(Count("%undeclared"), 32u);
  EXPECT_EQ(Count("[syntax-error]"), 8u);
  EXPECT_EQ(Count("[resource-limit]"), 32u);
  EXPECT_EQ(Count("[unresolved-function]"), 32u);
  for (unsigned Threads : {1u, 2u, 3u, 4u, 0u})
    EXPECT_EQ(lint(Text, Threads, {}), Ref) << Threads << " threads";
}

TEST(PipelineTest, TheLastFunctionsSyntaxErrorIsKept) {
  // No item follows the parser's diagnostics of a function it drops, and
  // the end-of-module checks come after them. finish() must wait for them
  // even when no function body is left to check (the threads may not have
  // passed the entry yet: tried many times).
  for (const std::string &Text :
       {module(3),
        std::string(".version 7.8\n.target sm_80\n.address_size 64\n"
                    ".visible .entry k()\n{\n\tadd.u32 %r3 %r1, 1;\n}\n")}) {
    std::vector<std::string> Ref = lint(Text, std::nullopt, {});
    ASSERT_FALSE(Ref.empty());
    EXPECT_TRUE(llvm::any_of(Ref, [](const std::string &S) {
      return S.find("[syntax-error]") != std::string::npos;
    }));
    for (unsigned Try = 0; Try != 20; ++Try)
      for (unsigned Threads : {1u, 2u, 3u})
        ASSERT_EQ(lint(Text, Threads, {}), Ref) << Threads << " threads";
  }
}

TEST(PipelineTest, OptionsAndTheErrorLimitApplyInOrder) {
  const std::string Text = module(12);
  DiagnosticOptions Limit;
  Limit.ErrorLimit = 7;
  DiagnosticOptions Werror;
  Werror.WarningsAsErrors = true;
  Werror.ErrorLimit = 9;
  DiagnosticOptions NoWarnings;
  NoWarnings.IgnoreWarnings = true;
  for (const DiagnosticOptions *O : {&Limit, &Werror, &NoWarnings}) {
    std::vector<std::string> Ref = lint(Text, std::nullopt, *O);
    EXPECT_FALSE(Ref.empty());
    for (unsigned Threads : {1u, 2u, 3u})
      EXPECT_EQ(lint(Text, Threads, *O), Ref) << Threads << " threads";
  }
  // The limit cuts between the body walk's and the lint thread's reports.
  std::vector<std::string> Cut = lint(Text, 2u, Werror);
  EXPECT_NE(Cut.back().find("too many errors"), std::string::npos);
}

} // namespace
