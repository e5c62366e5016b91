//===- PipelineTest.cpp - PipelinedChecker reports what Checker reports ---===//
//
// The reference is the one-thread Checker fed by parseStreaming: the
// pipelined checker must give the same diagnostics (ids, severities,
// messages, locations, notes) in the same order, whatever the options, on
// modules whose diagnostics come from the parser, from the body walk (the
// calling thread) and from the whole-body lints (the second thread) of many
// functions, interleaved.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/DiagnosticRender.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Sema/Checker.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace ptxwarp;

namespace {

/// A module of \p N functions. Each reports, in this order: an error of the
/// body walk (an undeclared register), a whole-body lint (a full mask where
/// only some lanes arrive: divergent-full-mask, with a note), and a
/// membermask of 0 held in a register (found by constant propagation).
/// Every fifth function also has a syntax error, and .func helpers with a
/// warp summary are called by later functions (lints at the call site).
std::string module(unsigned N) {
  std::string T = ".version 7.8\n.target sm_80\n.address_size 64\n";
  for (unsigned K = 0; K != N; ++K) {
    std::string Id = std::to_string(K);
    T += ".visible .func shfl_helper" + Id +
         "(.param .b32 mask)\n{\n\t.reg .b32 %r<4>;\n"
         "\tld.param.b32 %r1, [mask];\n"
         "\tshfl.sync.idx.b32 %r2, %r1, 0, 31, %r1;\n\tret;\n}\n";
    T += ".visible .entry k" + Id +
         "(.param .u64 out)\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n"
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
         "\t{\n\t.param .b32 arg;\n\tst.param.b32 [arg], 0;\n"
         "\tcall shfl_helper" +
         Id + ", (arg);\n\t}\n";
    if (K % 5 == 2)
      T += "\tadd.u32 %r3 %r1, 1;\n"; // a syntax error
    T += "\tret;\n}\n";
  }
  return T;
}

std::vector<std::string> lint(const std::string &Text, bool Pipelined,
                              const DiagnosticOptions &Opts) {
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "m.ptx"), llvm::SMLoc());
  DiagnosticEngine Diags(&SM);
  Diags.options() = Opts;
  if (Pipelined) {
    sema::PipelinedChecker C(Diags);
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
  std::vector<std::string> Ref = lint(Text, false, {});
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
  EXPECT_EQ(lint(Text, true, {}), Ref);
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
    std::vector<std::string> Ref = lint(Text, false, *O);
    EXPECT_FALSE(Ref.empty());
    EXPECT_EQ(lint(Text, true, *O), Ref);
  }
  // The limit cuts between the calling thread's and the worker's reports.
  std::vector<std::string> Cut = lint(Text, true, Werror);
  EXPECT_NE(Cut.back().find("too many errors"), std::string::npos);
}

} // namespace
