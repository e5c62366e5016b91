//===- ASTBuilder.h - ANTLR parse tree of one chunk -> AST
//-----------------===//
//
// Internal to lib/Parse. Walks the parse tree of one top-level chunk (only
// ever an error-free one) and allocates AST nodes in an ASTContext. Decoding
// that the grammar leaves to code (integer radix and overflow, hex-float
// bits, `.version` numbers, `generic(...)`, pair operands) happens here and
// reports DiagID::SyntaxError on bad input.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_ASTBUILDER_H
#define PTXWARP_LIB_PARSE_ASTBUILDER_H

#include "PTXParser.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace ptxwarp {
namespace parse {

/// A syntax error found but not yet reported.
struct SyntaxIssue {
  llvm::SMRange Range;
  std::string Message;
};

/// Builds the AST of \p Chunk, calling \p Emit for each top-level item.
/// Returns false if it found an error, added to \p Issues (the items built
/// so far were emitted; the failing one was not).
bool buildChunkAST(ptxwarp_antlr::PTXParser::ChunkContext *Chunk,
                   ast::ASTContext &Ctx, std::vector<SyntaxIssue> &Issues,
                   llvm::function_ref<void(const ast::Stmt *)> Emit);

/// Builds the statements of a body slice (rule `statements`) into \p Out.
bool buildStatementsAST(ptxwarp_antlr::PTXParser::StatementsContext *Slice,
                        ast::ASTContext &Ctx, std::vector<SyntaxIssue> &Issues,
                        std::vector<const ast::Stmt *> &Out);

/// Builds the items of a `.section` slice (rule `sectionItems`) into \p Out.
bool buildSectionItemsAST(ptxwarp_antlr::PTXParser::SectionItemsContext *Slice,
                          ast::ASTContext &Ctx,
                          std::vector<SyntaxIssue> &Issues,
                          std::vector<const ast::Stmt *> &Out);

/// Builds one statement (rule `statement`); null if it found an error (added
/// to \p Issues).
const ast::Stmt *
buildStatementAST(ptxwarp_antlr::PTXParser::StatementContext *Stmt,
                  ast::ASTContext &Ctx, std::vector<SyntaxIssue> &Issues);

/// Builds one item of a `.section` (rule `sectionItem`); null if it found an
/// error (added to \p Issues).
const ast::Stmt *
buildSectionItemAST(ptxwarp_antlr::PTXParser::SectionItemContext *Item,
                    ast::ASTContext &Ctx, std::vector<SyntaxIssue> &Issues);

class PtxToken;
/// The literal decoding the builder applies to an INT token (value modulo
/// 2^64, radix, `U`, overflow); \p BadDigit is called for each digit that
/// is not valid in the radix (an octal constant's 8 or 9).
const ast::IntExpr *makeIntLiteral(const PtxToken &T, ast::ASTContext &Ctx,
                                   llvm::function_ref<void(char)> BadDigit);
/// The builder's decoding of a FLOAT token.
const ast::FloatExpr *makeFloatLiteral(const PtxToken &T, ast::ASTContext &Ctx);

/// For a chunk with syntax errors (whose AST is not built): reports the
/// operand-shape errors the builder would have found (`_` or `d|p` after the
/// first operand), so one run still reports every broken statement.
void operandShapeErrors(antlr4::tree::ParseTree *Chunk,
                        std::vector<SyntaxIssue> &Out);

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_ASTBUILDER_H
