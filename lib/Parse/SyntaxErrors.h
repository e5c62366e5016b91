//===- SyntaxErrors.h - ANTLR syntax errors as located diagnostics --------===//
//
// Internal to lib/Parse. An ANTLR error strategy that phrases syntax errors
// for people ("expected ';' before '}'", "unexpected '|'") and reports them
// through the DiagnosticEngine at the offending token, while keeping ANTLR's
// recovery (resynchronise at the next `;` or `}`)
// so one run reports every broken statement.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_SYNTAXERRORS_H
#define PTXWARP_LIB_PARSE_SYNTAXERRORS_H

#include "ASTBuilder.h"
#include "Token.h"

#include "ptxwarp/Diagnostics/Diagnostic.h"

namespace ptxwarp {
namespace parse {

/// How a token kind reads in a message: `';'`, `identifier`, `'.reg'`.
std::string describeTokenKind(size_t Type, const antlr4::dfa::Vocabulary &V);
/// How a concrete token reads in a message: `'%r1'`, `end of file`.
std::string describeToken(const antlr4::Token *T);

class ReportingErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  explicit ReportingErrorStrategy(unsigned MaxErrors) : MaxErrors(MaxErrors) {}

  unsigned errorCount() const { return Count; }
  /// The chunk's errors, in the order found (the driver emits them merged
  /// with the AST-shape errors, in source order).
  std::vector<SyntaxIssue> &pending() { return Found; }
  /// Set once MaxErrors were reported; the driver stops parsing then.
  bool limitReached() const { return MaxErrors && Count >= MaxErrors; }
  /// Starts a chunk; \p BodySlice: a slice of a function or `.section`
  /// body, whose end of input stands for the rest of the body, so an
  /// expected end reads as the body's `}` (as in the unsliced body).
  void startChunk(bool BodySlice) {
    Count = 0;
    Found.clear();
    InBodySlice = BodySlice;
  }

  /// Statement-level resynchronisation: an error inside a statement unwinds
  /// to the statement, which skips through its `;` (or up to the `}` that
  /// closes the block), so every broken statement gives one error and the
  /// next statement parses normally. An error in a declaration header skips
  /// the rest of that top-level item.
  void recover(antlr4::Parser *R, std::exception_ptr E) override;
  antlr4::Token *recoverInline(antlr4::Parser *R) override;
  /// Only between the statements of a block: skips a stray token sequence
  /// (through its `;`) with one error. Elsewhere errors surface at the token
  /// that does not fit and unwind to the statement (no single-token
  /// deletion, which misreads the rest of a broken statement).
  void sync(antlr4::Parser *R) override;

protected:
  void
  reportNoViableAlternative(antlr4::Parser *R,
                            const antlr4::NoViableAltException &E) override;
  void reportInputMismatch(antlr4::Parser *R,
                           const antlr4::InputMismatchException &E) override;
  void
  reportFailedPredicate(antlr4::Parser *R,
                        const antlr4::FailedPredicateException &E) override;
  void reportUnwantedToken(antlr4::Parser *R) override;
  void reportMissingToken(antlr4::Parser *R) override;

private:
  void emit(antlr4::Parser *R, const antlr4::Token *At, const std::string &Msg);
  std::string expected(antlr4::Parser *P, const antlr4::misc::IntervalSet &Set);

  unsigned MaxErrors;
  unsigned Count = 0;
  std::vector<SyntaxIssue> Found;
  ssize_t LastRecoverIndex = -1;
  bool InBodySlice = false;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_SYNTAXERRORS_H
