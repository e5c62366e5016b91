//===- Diagnostic.h - Diagnostics as values, and the engine that collects them
////
//
// Every problem ptxwarp finds is a Diagnostic value: a stable id, a severity,
// an optional -W group, a located message, notes and (for runtime errors) the
// lanes involved. The DiagnosticEngine applies the user's warning options and
// collects them; DiagnosticRender.h turns them into text, JSON or SARIF.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_DIAGNOSTICS_DIAGNOSTIC_H
#define PTXWARP_DIAGNOSTICS_DIAGNOSTIC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace ptxwarp {

enum class Severity : uint8_t { Note, Warning, Error };

llvm::StringRef severityName(Severity S);

/// Every diagnostic kind, from DiagnosticKinds.def.
enum class DiagID : uint16_t {
#define DIAG(ID, NAME, SEVERITY, GROUP, SUMMARY) ID,
#include "ptxwarp/Diagnostics/DiagnosticKinds.def"
  NumDiagIDs
};

/// The static facts about a diagnostic kind.
struct DiagInfo {
  llvm::StringRef Name; ///< Stable id, e.g. "target-gate".
  Severity DefaultSeverity;
  llvm::StringRef Group; ///< -W group, empty for none.
  llvm::StringRef Summary;
};

const DiagInfo &getDiagInfo(DiagID ID);
/// All diagnostic kinds, in declaration order (for SARIF rules and --help).
llvm::ArrayRef<DiagInfo> allDiagInfos();

/// A resolved source position: 1-based line and column (in bytes). Line 0
/// means "no location" (e.g. an I/O error on the command line).
struct Location {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  bool isValid() const { return Line != 0; }
};

struct DiagNote {
  std::string Message;
  llvm::SMRange Range; ///< Into the SourceMgr, when there is one.
  Location Loc;
};

struct Diagnostic {
  DiagID ID = DiagID::SyntaxError;
  Severity Sev = Severity::Error;
  std::string Message;
  llvm::SMRange Range; ///< Into the SourceMgr, when there is one.
  Location Loc;
  std::vector<DiagNote> Notes;
  /// Linear thread ids within the CTA involved (runtime errors), ascending:
  /// x + y*ntid.x + z*ntid.x*ntid.y. Rendered as the warp (warpOf), its
  /// lanes (laneOf) and the thread ids.
  std::vector<unsigned> Threads;

  llvm::StringRef id() const { return getDiagInfo(ID).Name; }
  llvm::StringRef group() const { return getDiagInfo(ID).Group; }
};

/// Threads per warp (PTX ISA: WARP_SZ is 32 on every target).
constexpr unsigned DiagWarpSize = 32;
/// The warp and the lane of a linear thread id within its CTA.
inline unsigned warpOf(unsigned Thread) { return Thread / DiagWarpSize; }
inline unsigned laneOf(unsigned Thread) { return Thread % DiagWarpSize; }

/// User-facing warning policy: -w, -Werror, -Wno-<group>, -W<group>.
struct DiagnosticOptions {
  bool IgnoreWarnings = false;   ///< -w
  bool WarningsAsErrors = false; ///< -Werror
  llvm::StringSet<> DisabledGroups;
  /// Groups that are off unless named with -W<group> (e.g. "pedantic").
  llvm::StringSet<> EnabledOptInGroups;
  /// After this many errors the engine reports one "too many errors emitted,
  /// stopping now" note and drops what follows (clang's -ferror-limit); 0:
  /// no limit.
  unsigned ErrorLimit = 0;
};

/// The user's number of line \p BufferLine of a buffer whose first
/// \p HiddenLines lines were generated around the user's text (ptx-run -e
/// wraps statements in a kernel): 0 (no position) inside those lines.
inline unsigned userLine(unsigned BufferLine, unsigned HiddenLines) {
  return BufferLine > HiddenLines ? BufferLine - HiddenLines : 0;
}

/// True for groups that are off by default (opt-in with -W<group>).
bool isOptInGroup(llvm::StringRef Group);

class DiagnosticEngine {
public:
  /// \p SM resolves SMLocs to file:line:col; it may be null.
  explicit DiagnosticEngine(const llvm::SourceMgr *SM = nullptr) : SM(SM) {}

  /// Builds one diagnostic; it is emitted when the builder goes away.
  class Builder {
  public:
    Builder(DiagnosticEngine &Engine, DiagID ID, llvm::SMRange Range);
    Builder(Builder &&Other) noexcept;
    Builder(const Builder &) = delete;
    Builder &operator=(const Builder &) = delete;
    ~Builder();

    template <typename T> Builder &operator<<(const T &V) {
      llvm::raw_svector_ostream OS(Text);
      OS << V;
      return *this;
    }
    Builder &note(llvm::SMRange Range, const llvm::Twine &Message);
    /// The linear thread ids (within the CTA) involved.
    Builder &threads(llvm::ArrayRef<unsigned> T);
    /// Overrides the location when there is no SMLoc (e.g. a runtime error
    /// reported against a file known only by name).
    Builder &at(Location Loc);

  private:
    DiagnosticEngine *Engine;
    Diagnostic D;
    llvm::SmallString<128> Text;
  };

  Builder report(DiagID ID, llvm::SMRange Range) {
    return Builder(*this, ID, Range);
  }
  Builder report(DiagID ID, llvm::SMLoc Loc) {
    return Builder(*this, ID, llvm::SMRange(Loc, Loc));
  }

  /// Adds a finished diagnostic after applying the warning policy.
  void emit(Diagnostic D);

  DiagnosticOptions &options() { return Opts; }
  const llvm::SourceMgr *sourceMgr() const { return SM; }
  void setSourceMgr(const llvm::SourceMgr *NewSM) { SM = NewSM; }

  /// Called for each diagnostic as it is emitted (after the policy), e.g. to
  /// print it at once. Diagnostics are kept in diagnostics() as well unless
  /// setKeepDiagnostics(false).
  void setConsumer(std::function<void(const Diagnostic &)> C) {
    Consumer = std::move(C);
  }
  void setKeepDiagnostics(bool Keep) { KeepDiagnostics = Keep; }

  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// Hands over the diagnostics kept so far and keeps none of them.
  std::vector<Diagnostic> takeDiagnostics() { return std::move(Diags); }
  unsigned errorCount() const { return NumErrors; }
  unsigned warningCount() const { return NumWarnings; }
  bool hasErrors() const { return NumErrors != 0; }
  /// The error limit was reached, or the input is not text: every later
  /// diagnostic is dropped.
  bool limitReached() const { return LimitReached; }

  /// Resolves \p Loc to file:line:col through the SourceMgr (lines counted
  /// after the hidden ones; see userLine).
  Location resolve(llvm::SMLoc Loc) const;
  /// The first \p N lines of the buffers were generated, not written by the
  /// user: locations count lines after them, and have no line inside them.
  void setHiddenLines(unsigned N) { HiddenLines = N; }
  unsigned hiddenLines() const { return HiddenLines; }
  /// The name of the SourceMgr's main buffer (the file being processed), or
  /// "" without one: the file of a diagnostic that has no position.
  std::string mainFileName() const;

private:
  const llvm::SourceMgr *SM;
  DiagnosticOptions Opts;
  std::vector<Diagnostic> Diags;
  std::function<void(const Diagnostic &)> Consumer;
  bool KeepDiagnostics = true;
  unsigned HiddenLines = 0;
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
  bool LimitReached = false;
};

} // namespace ptxwarp

#endif // PTXWARP_DIAGNOSTICS_DIAGNOSTIC_H
