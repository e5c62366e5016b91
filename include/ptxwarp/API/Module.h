//===- Module.h - Sessions, parsed modules, checking and lowering ---------===//
//
// The entry point of the library:
//
//   ptxwarp::api::Session S;
//   llvm::Expected<ptxwarp::api::Module> M = S.parseBuffer(Text, "jit.ptx");
//   ptxwarp::api::DiagnosticList D = M->check({"sm_90"})...
//
// A Session holds the options shared by the modules it parses (warning
// policy, parser limits). A Module is an immutable parsed PTX module: it can
// be checked for several architectures, walked (Syntax.h) and lowered into
// Kernels (Execution.h) that run many times, all without re-parsing.
//
// Errors cross this API as values: llvm::Expected / llvm::Error for failures
// that leave nothing to work with (an unreadable file, an unknown --arch, a
// missing entry), and DiagnosticLists for what the PTX itself gets wrong.
// Nothing here prints, exits or lets an exception escape.
//
// Thread safety: a Session and a Module may be used from several threads at
// once (every member function is const); distinct modules may be parsed,
// checked and run concurrently.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_MODULE_H
#define PTXWARP_API_MODULE_H

#include "ptxwarp/API/Diagnostics.h"
#include "ptxwarp/API/Export.h"
#include "ptxwarp/API/Syntax.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptxwarp {
namespace api {

class Kernel;
class Module;
struct LintResult;

/// Options of a Session.
struct SessionOptions {
  /// Warning flags as the tools spell them after "-W": "error" (warnings
  /// become errors), "no-membermask" (disable a group), "pedantic" (enable
  /// an opt-in group).
  std::vector<std::string> WarningFlags;
  /// Drop every warning (-w).
  bool NoWarnings = false;
  /// Stop reporting syntax errors after this many (0 = no limit).
  unsigned MaxSyntaxErrors = 1000;
  /// Report at most this many errors per operation (parse, check, lower,
  /// run), then one "too many errors emitted, stopping now" note, like
  /// clang's -ferror-limit (0 = no limit). The tools' --error-limit.
  unsigned ErrorLimit = 20;
};

/// Options of one Module::check.
struct CheckOptions {
  /// The architecture to check for, as `ptxas -arch` ("sm_90", "sm_100a");
  /// empty: the module's own `.target`.
  std::string Arch;
  /// Like `ptxas -c` (--compile-only): the module is linked with others
  /// later, so `.extern` functions and variables it does not define are
  /// fine. Without it the module is a whole program, as ptxas compiles it
  /// by default: a called `.extern` function must have a body in it.
  bool CompileOnly = false;
  /// Report the checker's gate errors (version-gate, target-gate,
  /// legacy-removed: where ptxas accepts the instruction, not what it
  /// means) as warnings whose message ends with DemotedSuffix. `ptx-run -e`
  /// runs single instructions that ptxas rejects only for their gate, such
  /// as `shfl` without `.sync` for sm_70 and later. Every other error stays
  /// an error: an instruction with a missing operand or a register of
  /// another type has no meaning to run.
  bool GatesAsWarnings = false;
  std::string DemotedSuffix = " (ignored)";
};

/// Fails when \p Arch is no architecture name `ptxas -arch` takes
/// ("sm_90", "sm_100a", ...), with the checker's message.
PTXWARP_API llvm::Error verifyArch(llvm::StringRef Arch);

/// Options of Module::lower.
struct LowerOptions {
  /// Check the module first, as Module::kernel does: checker errors refuse
  /// the kernel and its warnings are reported with the lowering's. When
  /// false the caller has run Module::check itself and reported what it
  /// said: only the lowering's diagnostics are reported, and the kernel is
  /// lowered despite checker errors (syntax errors still refuse it).
  bool Check = true;
};

/// Options of Session::lintFile.
struct LintOptions {
  CheckOptions Check;
  /// Keep the parsed module (LintResult::M). Without it the file is parsed
  /// and checked one top-level item at a time and never held whole
  /// (bounded memory for very large modules).
  bool KeepModule = false;
};

/// Creates modules. Cheap to copy; copies share the options.
class PTXWARP_API Session {
public:
  /// A session with default options (every default warning on).
  Session();
  ~Session();
  Session(const Session &);
  Session &operator=(const Session &);

  /// A session with \p Opts; fails on an unknown warning group.
  static llvm::Expected<Session> create(SessionOptions Opts);

  /// Parses \p Text (copied) as a module whose diagnostics name
  /// \p BufferName. Syntax errors do not fail the call: they are in
  /// Module::parseDiagnostics().
  llvm::Expected<Module> parseBuffer(llvm::StringRef Text,
                                     llvm::StringRef BufferName) const;
  /// As above, for a module generated around the user's text (ptx-run -e
  /// wraps statements in a kernel): its first \p HiddenLines lines are not
  /// the user's, so every location (diagnostics, also at run time, and the
  /// lines runtime messages name) counts lines after them, and a location
  /// inside them has no line.
  llvm::Expected<Module> parseBuffer(llvm::StringRef Text,
                                     llvm::StringRef BufferName,
                                     unsigned HiddenLines) const;
  /// Reads and parses \p Path; diagnostics name \p BufferName when it is
  /// given, else \p Path. Fails when the file cannot be read.
  llvm::Expected<Module> parseFile(llvm::StringRef Path,
                                   llvm::StringRef BufferName = {}) const;

  /// What `ptx-lint FILE` does: reads \p Path ("-" is stdin), parses it and
  /// checks it for \p Opts.Check.Arch. Every problem with the file is a
  /// diagnostic of the result, an unreadable file too (id "io-error",
  /// LintResult::Readable false). Fails only when the arch name is invalid.
  llvm::Expected<LintResult> lintFile(llvm::StringRef Path,
                                      const LintOptions &Opts = {}) const;

  const SessionOptions &options() const;

  struct Impl;

private:
  explicit Session(std::shared_ptr<const Impl> I);
  std::shared_ptr<const Impl> I;
};

/// A parsed PTX module. Immutable; cheap to copy (copies share the parse).
class PTXWARP_API Module {
public:
  ~Module();
  Module(const Module &);
  Module &operator=(const Module &);

  /// The name diagnostics use for this module's buffer.
  llvm::StringRef name() const;
  /// The source text.
  llvm::StringRef text() const;

  /// Syntax errors found while parsing. When it has errors the module holds
  /// only the statements that parsed; check() and kernel() still work.
  DiagnosticList parseDiagnostics() const;
  /// True when parsing reported no error.
  bool parsedCleanly() const;

  /// Checks the module as ptxas does (and adds ptxwarp's warp lints) for
  /// \p Opts.Arch. Fails only when the arch name is invalid.
  llvm::Expected<DiagnosticList> check(const CheckOptions &Opts = {}) const;

  /// `.version` as written ("7.0"), empty when absent.
  llvm::StringRef ptxVersion() const;
  /// The targets of `.target` ("sm_80"), empty when absent.
  std::vector<llvm::StringRef> targets() const;
  /// Every `.entry` and `.func`, definitions and prototypes, in order.
  std::vector<Function> functions() const;
  /// The names of the `.entry` definitions, in order.
  std::vector<std::string> kernelNames() const;

  /// Lowers `.entry` \p Name for the interpreter (after checking the module
  /// against its own `.target`). Fails with the rendered diagnostics when
  /// the module has errors or the kernel uses something the interpreter
  /// cannot execute. The Kernel keeps the module alive.
  llvm::Expected<Kernel> kernel(llvm::StringRef Name) const;
  /// Lowers `.entry` \p Name as \p Opts says, with every diagnostic of the
  /// operation (warnings too) in \p Diags, also when it fails; the error
  /// then only says which kernel could not be lowered.
  llvm::Expected<Kernel> lower(llvm::StringRef Name, const LowerOptions &Opts,
                               DiagnosticList &Diags) const;

  /// The module printed back as PTX (`ptx-lint --print`): it parses back to
  /// the same module.
  std::string print() const;
  /// The syntax tree as indented text, or with \p JSON as a JSON document
  /// (`ptx-lint --dump-ast`, `--dump-ast --format=json`).
  std::string dumpAST(bool JSON = false) const;
  /// The JSON document of dumpAST(true) as a value, to put in a document of
  /// your own.
  llvm::json::Value astJSON() const;

  struct Impl;

private:
  friend class Session;
  explicit Module(std::shared_ptr<const ModuleData> D);
  std::shared_ptr<const ModuleData> D;
};

/// The outcome of Session::lintFile.
struct LintResult {
  /// In order: "io-error", syntax errors, the checker's diagnostics.
  DiagnosticList Diagnostics;
  /// False when the file could not be read.
  bool Readable = true;
  /// The parsed module, with LintOptions::KeepModule (and a readable file).
  std::optional<Module> M;
};

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_MODULE_H
