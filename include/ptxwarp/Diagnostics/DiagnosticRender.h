//===- DiagnosticRender.h - Diagnostics as text, JSON and SARIF ----------===//
//
// Text follows LLVM tools: "file:line:col: error: message [id]", the source
// line and a caret under the range (coloured on a terminal). JSON is one
// object per diagnostic; SARIF 2.1.0 is one run whose rules are the ids.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_DIAGNOSTICS_DIAGNOSTICRENDER_H
#define PTXWARP_DIAGNOSTICS_DIAGNOSTICRENDER_H

#include "ptxwarp/Diagnostics/Diagnostic.h"

#include "llvm/Support/JSON.h"

namespace ptxwarp {

/// Prints \p D with its source line and caret when \p SM knows its buffer.
/// \p ToolName prefixes diagnostics that have no location.
void renderText(llvm::raw_ostream &OS, const Diagnostic &D,
                const llvm::SourceMgr *SM, bool Color,
                llvm::StringRef ToolName = "ptxwarp");

llvm::json::Object toJSON(const Diagnostic &D);

/// A SARIF 2.1.0 log with one run of \p ToolName.
llvm::json::Object toSARIF(llvm::ArrayRef<Diagnostic> Diags,
                           llvm::StringRef ToolName,
                           llvm::StringRef ToolVersion);

} // namespace ptxwarp

#endif // PTXWARP_DIAGNOSTICS_DIAGNOSTICRENDER_H
