//===- SemaDiff.cpp - The checker's shortcuts against the plain checker ---===//
//
// ptx-sema-diff [-v] PATH...
//
// Checks every PTX module named (ModuleInputs.h: .ptx files, directories,
// .txt case files) three ways and requires the same diagnostics (id,
// severity, message, location and notes, rendered) from each:
//   - the reference: Checker over the parsed module, with
//     SemaOptions::MemoizeOperandChecks off;
//   - Checker with the operand checks of repeated instructions skipped;
//   - PipelinedChecker with three checking threads (bodies checked on
//     whichever thread is free), fed chunk by chunk.
// Prints one line per difference and a summary; exits 1 on any difference,
// or when no operand check at all was skipped.
//
//===----------------------------------------------------------------------===//

#include "../Support/ModuleInputs.h"
#include "ptxwarp/Diagnostics/DiagnosticRender.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Sema/Checker.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace ptxwarp;

namespace {

enum class Way { Reference, Memoized, Pipelined };

/// The rendered diagnostics of checking \p In one \p W; \p Skipped counts
/// the operand checks Checker skipped.
std::string check(const testing::ModuleInput &In, Way W, uint64_t &Skipped) {
  SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(In.Text, In.Name), SMLoc());
  DiagnosticEngine Diags(&SM);
  Diags.options().ErrorLimit = 0;
  sema::SemaOptions Opts;
  Opts.MemoizeOperandChecks = W != Way::Reference;
  if (W == Way::Pipelined) {
    sema::PipelinedChecker C(Diags, Opts, /*Threads=*/3);
    parseStreamingChunks(
        SM, ID, C.parserDiagnostics(),
        [&](sema::ItemArenas A, ArrayRef<const ast::Stmt *> Items) {
          return C.checkChunk(std::move(A), Items);
        });
    C.finish();
  } else {
    sema::Checker C(Diags, Opts);
    parseStreaming(SM, ID, Diags,
                   [&](const ast::Stmt &Item) { C.checkItem(Item); });
    C.finish();
    Skipped += C.memoizedOperandChecks();
  }
  std::string Out;
  raw_string_ostream OS(Out);
  for (const Diagnostic &D : Diags.diagnostics())
    renderText(OS, D, &SM, /*Color=*/false);
  return OS.str();
}

} // namespace

int main(int argc, char **argv) {
  bool Verbose = false;
  std::vector<testing::ModuleInput> Inputs;
  for (int I = 1; I < argc; ++I) {
    if (StringRef(argv[I]) == "-v")
      Verbose = true;
    else
      testing::collectModules("ptx-sema-diff", argv[I], Inputs);
  }
  uint64_t Skipped = 0, Diffs = 0, WithDiags = 0;
  for (const testing::ModuleInput &In : Inputs) {
    std::string Want = check(In, Way::Reference, Skipped);
    WithDiags += !Want.empty();
    for (Way W : {Way::Memoized, Way::Pipelined}) {
      std::string Got = check(In, W, Skipped);
      if (Got == Want)
        continue;
      ++Diffs;
      size_t K = 0;
      while (K < Got.size() && K < Want.size() && Got[K] == Want[K])
        ++K;
      size_t From = K > 200 ? K - 200 : 0;
      outs() << "DIFF " << In.Name
             << (W == Way::Memoized ? " (memoized)" : " (pipelined)")
             << " at byte " << K
             << "\n  reference: " << StringRef(Want).substr(From, 400)
             << "\n  got: " << StringRef(Got).substr(From, 400) << "\n";
    }
    if (Verbose)
      outs() << In.Name << "\n";
  }
  outs() << "checked " << Inputs.size() << " modules (" << WithDiags
         << " with diagnostics): " << Skipped << " operand checks skipped, "
         << Diffs << " differences\n";
  return Diffs || (!Inputs.empty() && Skipped == 0) ? 1 : 0;
}
