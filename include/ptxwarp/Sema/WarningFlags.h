//===- WarningFlags.h - -W<group>, -Wno-<group>, -Werror, -w for tools ---===//
//
// Turns the warning options of a tool's command line into the engine's
// DiagnosticOptions, so every tool spells them the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_SEMA_WARNINGFLAGS_H
#define PTXWARP_SEMA_WARNINGFLAGS_H

#include "ptxwarp/Diagnostics/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace ptxwarp {
namespace sema {

/// Applies \p Flags (the text after "-W": "error", "no-membermask",
/// "pedantic", "error=..." is not supported) and \p NoWarnings (-w).
/// Fails on a group no diagnostic belongs to.
llvm::Error applyWarningFlags(llvm::ArrayRef<std::string> Flags,
                              bool NoWarnings, DiagnosticOptions &Opts);

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_SEMA_WARNINGFLAGS_H
