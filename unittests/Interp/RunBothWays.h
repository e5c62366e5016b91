//===- RunBothWays.h - One CTA through the fast paths or the general path -===//
//
// The differential tests of the interpreter's converged fast paths
// (WarpFastTest, GroupLoopTest) run a kernel twice: as it is, and with a
// trace (to nowhere), which makes every step take the general path
// (stepWarp, trySync, exec), and compare what both leave.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_UNITTESTS_INTERP_RUNBOTHWAYS_H
#define PTXWARP_UNITTESTS_INTERP_RUNBOTHWAYS_H

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ptxwarp {
namespace differential {

struct Outcome {
  bool Ok = false;
  std::vector<std::string> Diags; ///< id, threads and message of each
  std::vector<uint64_t> Regs;
  std::vector<uint32_t> Undef;
  interp::RunStats Stats;
};

/// Runs \p F on one CTA of \p Threads threads with the step limit
/// \p MaxSteps; \p General makes every step take the general path.
inline Outcome runWith(const ir::Function &F, unsigned Threads, bool General,
                       uint64_t MaxSteps = 10000) {
  interp::Memory Mem;
  interp::Launch L;
  L.Block[0] = Threads;
  interp::RunOptions Opts;
  Opts.MaxSteps = MaxSteps;
  Opts.Trace = General ? &llvm::nulls() : nullptr;
  Outcome O;
  Opts.FinalRegisters = &O.Regs;
  Opts.FinalUndefined = &O.Undef;
  DiagnosticEngine Diags;
  O.Ok = interp::run(F, L, Mem, Opts, Diags, O.Stats);
  for (const Diagnostic &D : Diags.diagnostics()) {
    std::string S = D.id().str() + " [";
    for (unsigned T : D.Threads)
      S += std::to_string(T) + " ";
    O.Diags.push_back(S + "] " + D.Message);
  }
  return O;
}

} // namespace differential
} // namespace ptxwarp

#endif // PTXWARP_UNITTESTS_INTERP_RUNBOTHWAYS_H
