//===- LowerTestUtil.h - Lowering a small kernel for the lowering tests ---===//
//
// One kernel `k` with the given parameters and body, parsed and lowered; the
// diagnostics are kept so that a test can check the errors.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_UNITTESTS_LOWER_LOWERTESTUTIL_H
#define PTXWARP_UNITTESTS_LOWER_LOWERTESTUTIL_H

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Lower/Lower.h"
#include "ptxwarp/Parse/Parser.h"

#include <memory>
#include <string>
#include <vector>

namespace ptxwarp {
namespace irtest {

struct Lowered {
  std::unique_ptr<ast::Module> M;
  std::unique_ptr<ir::Function> F;
  std::vector<Diagnostic> Diags;
};

/// Lowers `.visible .entry k(Params) { Body }` in a module that starts with
/// \p Header (`.version`, `.target`, `.address_size`) and then \p Extra.
inline Lowered lowerKernel(llvm::StringRef Header, llvm::StringRef Params,
                           llvm::StringRef Body, llvm::StringRef Extra) {
  std::string Text = Header.str() + Extra.str();
  Text += ".visible .entry k(" + Params.str() + ")\n{\n" + Body.str() + "\n}\n";
  DiagnosticEngine Diags;
  Lowered L;
  L.M = parseBuffer(Text, "test.ptx", Diags);
  if (L.M && !Diags.hasErrors())
    L.F = ir::lowerEntry(*L.M, "k", Diags);
  L.Diags = Diags.diagnostics();
  return L;
}

} // namespace irtest
} // namespace ptxwarp

#endif // PTXWARP_UNITTESTS_LOWER_LOWERTESTUTIL_H
