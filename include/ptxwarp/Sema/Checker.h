//===- Checker.h - The semantic checker: PTX validated as ptxas does -----===//
//
// Checks a parsed module against the instruction table (ISA/InstrTable.h)
// and the module rules (ISA/Target.h): .version/.target/--arch, declared
// registers, operand counts and types, immediates, special registers,
// guards, the sink, qualifiers, version and target gates, plus warnings
// beyond what ptxas checks (membermask and shfl operand mistakes).
//
// The Checker runs streaming: feed it top-level items in order with
// checkItem() (module facts such as the version, target and global symbols
// are kept; per-function state is dropped after each function), then call
// finish(). check() does the same for a whole Module.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_SEMA_CHECKER_H
#define PTXWARP_SEMA_CHECKER_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/SyntaxRows.h"
#include "ptxwarp/ISA/Target.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <vector>

namespace ptxwarp {
namespace sema {

struct SemaOptions {
  /// `--arch`: the architecture to compile for (like `ptxas -arch`). When
  /// absent the module's own `.target` is used.
  std::optional<isa::SmTarget> Arch;
  /// `-c` / `--compile-only` (like `ptxas -c`): the module is linked with
  /// others later, so a called or address-taken `.extern` function without
  /// a body and an `.extern` variable are fine (lib/Sema/Linking.cpp).
  bool CompileOnly = false;
  /// Skip the operand checks of an instruction that repeats, in the same
  /// function, one whose operand checks reported nothing (same words, same
  /// literals, registers of the same declaration). Off only to compare
  /// (test/Sema/operand-memo-diff.test): the diagnostics are the same.
  bool MemoizeOperandChecks = true;
};

/// Parses an `--arch` value ("sm_90", "sm_100a"); fails with ptxas's
/// message for names ptxas does not offer.
llvm::Expected<isa::SmTarget> parseArch(llvm::StringRef Text);

struct SemaState;

class Checker {
public:
  Checker(DiagnosticEngine &Diags, SemaOptions Opts = {});
  ~Checker();
  Checker(const Checker &) = delete;
  Checker &operator=(const Checker &) = delete;

  /// Checks one top-level item; items must come in source order.
  void checkItem(const ast::Stmt &Item);
  /// End-of-module checks (a missing .version or .target).
  void finish();
  /// The instructions whose operand checks were skipped so far, as repeats
  /// of ones that reported nothing (SemaOptions::MemoizeOperandChecks).
  uint64_t memoizedOperandChecks() const;

private:
  std::unique_ptr<SemaState> State;
};

/// The arenas that own a chunk of top-level items (parseStreamingChunks).
using ItemArenas = std::vector<std::unique_ptr<ast::ASTContext>>;

/// Checker's results with its work spread over threads: \p Threads threads
/// (0: one per core, at most 4) check the items, each function body on
/// whichever is free, against the module as Checker sees it there; one more
/// runs the lints that need a function's whole body (constants in registers,
/// divergence, the summaries of warp callees). The diagnostics reach
/// \p Diags in exactly Checker's order, for any number of threads, and the
/// parser's diagnostics keep their place among them when the parser reports
/// into parserDiagnostics(). Diagnostics and finish() happen on the calling
/// thread.
class PipelinedChecker {
public:
  PipelinedChecker(DiagnosticEngine &Diags, SemaOptions Opts = {},
                   unsigned Threads = 0);
  ~PipelinedChecker();
  PipelinedChecker(const PipelinedChecker &) = delete;
  PipelinedChecker &operator=(const PipelinedChecker &) = delete;

  /// The engine the parser of the same module reports into.
  DiagnosticEngine &parserDiagnostics();
  /// Checks a chunk's items, in source order; \p Arenas (which own them)
  /// are kept until the other threads are done with them. Returns the first
  /// byte of source text another thread may still read, or null.
  const char *checkChunk(ItemArenas Arenas,
                         llvm::ArrayRef<const ast::Stmt *> Items);
  /// Waits for the other threads, then the end-of-module checks.
  void finish();

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// The table row of a warp instruction (shfl, vote, match, redux,
/// activemask, elect, bar.warp.sync, mov), resolved from its qualifiers in
/// any order; null for other instructions or invalid qualifiers. The lowering
/// switches on the result's SemanticOp instead of comparing mnemonics.
const isa::InstrForm *findForm(const ast::InstructionStmt &I);

/// The syntax row (lib/ISA/td/Forms) a general instruction's qualifiers
/// select, by the checker's own rule; null when it has none or they fit
/// none (the checker reports that).
const isa::SyntaxRow *findSyntaxRow(const ast::InstructionStmt &I);

/// Checks a whole module. Returns true when no error was reported.
bool check(const ast::Module &M, const SemaOptions &Opts,
           DiagnosticEngine &Diags);

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_SEMA_CHECKER_H
