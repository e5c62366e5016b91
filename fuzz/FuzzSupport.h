//===- FuzzSupport.h - Helpers shared by the libFuzzer targets ------------===//
//
// The bounds every target runs under (so a fuzz input is judged a bug only
// when the library misbehaves, not when it honours a limit slowly) and the
// sink that renders every diagnostic, so the renderer sees hostile text too.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_FUZZ_FUZZSUPPORT_H
#define PTXWARP_FUZZ_FUZZSUPPORT_H

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Diagnostics/DiagnosticRender.h"
#include "ptxwarp/Parse/Parser.h"

#include "llvm/Support/raw_ostream.h"

namespace ptxwarp {
namespace fuzz {

/// Parse options for fuzzing: one thread (libFuzzer measures coverage of the
/// calling thread best, and inputs are small) and few errors per input.
inline ParseOptions parseOptions() {
  ParseOptions O;
  O.Threads = 1;
  O.MaxErrors = 50;
  return O;
}

/// Renders every diagnostic of \p Diags as text and JSON into a null stream:
/// the caret line and the JSON encoder must cope with any source bytes.
inline void renderAll(const DiagnosticEngine &Diags) {
  for (const Diagnostic &D : Diags.diagnostics()) {
    renderText(llvm::nulls(), D, Diags.sourceMgr(), false, "fuzz");
    llvm::json::Value V(toJSON(D));
    llvm::nulls() << V;
  }
}

} // namespace fuzz
} // namespace ptxwarp

#endif // PTXWARP_FUZZ_FUZZSUPPORT_H
