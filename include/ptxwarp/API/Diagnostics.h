//===- Diagnostics.h - Diagnostics as plain values, and their renderings --===//
//
// Everything ptxwarp reports (syntax errors, checker errors and warnings,
// lowering limits, runtime undefined behaviour) reaches an embedder as a
// Diagnostic value: a stable id, a severity, a message, a file:line:col and,
// for runtime errors, the warp and lanes involved. A DiagnosticList keeps the
// values of one operation together with the source text, so it can render them
// exactly as the ptx-lint / ptx-run tools do: text with the source line and a
// caret, JSON, or SARIF 2.1.0.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_DIAGNOSTICS_H
#define PTXWARP_API_DIAGNOSTICS_H

#include "ptxwarp/API/Export.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>
#include <vector>

namespace ptxwarp {
namespace api {

enum class Severity { Note, Warning, Error };

/// "note", "warning" or "error".
PTXWARP_API llvm::StringRef severityName(Severity S);

/// A position in a source buffer: 1-based line and column (in bytes). Line 0
/// means there is no position (e.g. an error about the launch itself).
struct SourceLocation {
  std::string File; ///< The name the buffer was given when parsed.
  unsigned Line = 0;
  unsigned Column = 0;
  bool isValid() const { return Line != 0; }
};

/// A note attached to a diagnostic ("previous definition is here").
struct DiagnosticNote {
  std::string Message;
  SourceLocation Location;
};

/// One diagnostic.
struct Diagnostic {
  /// Stable id, e.g. "syntax-error", "target-gate", "ub-membermask" (the
  /// `[id]` printed by the tools; the list is in `ptx-lint --help`).
  std::string Id;
  /// The -W group that controls it ("" when it cannot be disabled).
  std::string Group;
  Severity Sev = Severity::Error;
  std::string Message;
  SourceLocation Location;
  std::vector<DiagnosticNote> Notes;
  /// Runtime errors of the interpreter: the threads involved, as linear ids
  /// within the CTA (x + y*ntid.x + z*ntid.x*ntid.y), ascending; they belong
  /// to warp \c Warp (id / 32) and are its lanes \c Lanes (id % 32).
  std::vector<unsigned> Threads;
  std::vector<unsigned> Lanes;
  unsigned Warp = 0;
};

class DiagnosticList;

/// One SARIF 2.1.0 log with one run of \p ToolName holding the diagnostics
/// of every list (`ptx-lint --format=sarif` over several files).
PTXWARP_API std::string renderSARIF(llvm::ArrayRef<DiagnosticList> Lists,
                                    llvm::StringRef ToolName = "ptxwarp");
/// The same log written to \p OS (a large log is never held as a string).
PTXWARP_API void renderSARIF(llvm::raw_ostream &OS,
                             llvm::ArrayRef<DiagnosticList> Lists,
                             llvm::StringRef ToolName = "ptxwarp");

/// The diagnostics of one operation (parse, check, lower or run), in the
/// order they were reported. Cheap to copy (the list is shared).
class PTXWARP_API DiagnosticList {
public:
  DiagnosticList();
  ~DiagnosticList();
  DiagnosticList(const DiagnosticList &);
  DiagnosticList &operator=(const DiagnosticList &);

  llvm::ArrayRef<Diagnostic> all() const;
  const Diagnostic *begin() const { return all().begin(); }
  const Diagnostic *end() const { return all().end(); }
  size_t size() const { return all().size(); }
  bool empty() const { return all().empty(); }
  const Diagnostic &operator[](size_t I) const { return all()[I]; }

  unsigned errorCount() const;
  unsigned warningCount() const;
  bool hasErrors() const { return errorCount() != 0; }

  /// `file:line:col: error: message [id]` lines with the source line and a
  /// caret, as ptx-lint prints them. \p ToolName prefixes diagnostics without
  /// a location.
  std::string renderText(bool Color = false,
                         llvm::StringRef ToolName = "ptxwarp") const;
  /// A JSON array with one object per diagnostic (id, severity, message,
  /// file, line, column, group, notes, warp, lanes, threads): the objects that
  /// `ptx-lint --format=json` lists under "diagnostics".
  std::string renderJSON() const;
  /// The same objects as JSON values, to put in a document of your own
  /// (ptx-lint's --format=json gathers the lists of several files).
  llvm::json::Array toJSON() const;
  /// A SARIF 2.1.0 log with one run of \p ToolName (for CI code scanning).
  std::string renderSARIF(llvm::StringRef ToolName = "ptxwarp") const;

  struct Impl;
  /// Internal: built by the library.
  explicit DiagnosticList(std::shared_ptr<const Impl> I);

private:
  friend void renderSARIF(llvm::raw_ostream &OS,
                          llvm::ArrayRef<DiagnosticList> Lists,
                          llvm::StringRef ToolName);
  std::shared_ptr<const Impl> I;
};

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_DIAGNOSTICS_H
