//===- ModuleData.h - What the API handles point to (internal) ------------===//
//
// The private state behind ptxwarp::api::Session, Module, DiagnosticList and
// Kernel. Only lib/API includes this header; it is where the facade meets
// the layers (AST, Parse, Sema, IR, Interp), so those can change behind the
// stable public headers.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_API_MODULEDATA_H
#define PTXWARP_LIB_API_MODULEDATA_H

#include "ptxwarp/API/Diagnostics.h"
#include "ptxwarp/API/Execution.h"
#include "ptxwarp/API/Module.h"
#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IR.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

#include <exception>
#include <memory>
#include <mutex>
#include <vector>

namespace ptxwarp {
namespace api {

struct Session::Impl {
  Impl() { DiagOpts.ErrorLimit = Opts.ErrorLimit; }
  SessionOptions Opts;
  DiagnosticOptions DiagOpts; ///< Opts.WarningFlags, parsed once
  /// The parser's limit: one syntax error past the error limit, which the
  /// engine turns into the "too many errors" note, then it stops.
  unsigned parseLimit() const {
    unsigned L = Opts.MaxSyntaxErrors;
    if (Opts.ErrorLimit && (!L || Opts.ErrorLimit < L))
      L = Opts.ErrorLimit + 1;
    return L;
  }
};

struct ModuleData {
  std::shared_ptr<const Session::Impl> Sess;
  std::shared_ptr<llvm::SourceMgr> SM;
  std::unique_ptr<ast::Module> AST;
  std::vector<ptxwarp::Diagnostic> ParseDiags;
  /// Generated lines before the user's text (Session::parseBuffer).
  unsigned HiddenLines = 0;

  /// file:line:col of \p Loc (invalid when \p Loc is not in the buffer).
  SourceLocation locate(llvm::SMLoc Loc) const;
  /// A fresh engine with the session's warning policy.
  DiagnosticEngine makeEngine() const;
};

struct DiagnosticList::Impl {
  /// The values, made from Raw on the first DiagnosticList::all(): a tool
  /// that only renders the list (ptx-lint) never pays for them.
  mutable std::once_flag ValuesMade;
  mutable std::vector<Diagnostic> Values;
  std::vector<ptxwarp::Diagnostic> Raw;
  std::shared_ptr<llvm::SourceMgr> SM; ///< for source lines and carets
  unsigned Errors = 0, Warnings = 0;
};

struct Kernel::Impl {
  std::shared_ptr<const ModuleData> Mod;
  std::unique_ptr<ir::Function> F;
  std::vector<ptxwarp::Diagnostic> Warnings;
};

/// Converts the internal diagnostics of one operation into a list.
DiagnosticList makeDiagnosticList(std::vector<ptxwarp::Diagnostic> Raw,
                                  std::shared_ptr<llvm::SourceMgr> SM);

/// A StringError holding \p Msg.
llvm::Error makeError(const llvm::Twine &Msg);

/// Runs \p F, turning any exception that escapes the layers below (the ANTLR
/// runtime throws on some internal failures; allocation can throw) into an
/// llvm::Error, so none crosses the API.
template <typename T, typename Fn> llvm::Expected<T> guarded(Fn &&F) {
  try {
    return F();
  } catch (const std::exception &E) {
    return makeError(llvm::Twine("internal error: ") + E.what());
  } catch (...) {
    return makeError("internal error: unknown exception");
  }
}

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_LIB_API_MODULEDATA_H
