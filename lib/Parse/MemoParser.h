//===- MemoParser.h - Chunks parsed statement by statement, memoised ------===//
//
// Internal to lib/Parse. The fast path of ChunkParser for function chunks
// and body slices: the body is cut into statements token-wise; a statement
// whose shape is in the ShapeCache is rebuilt from its template, any other
// is parsed by ANTLR alone (rule `statement`, in place in the chunk's token
// stream, SLL with bail-out exactly as the whole chunk would be) and built
// by the ASTBuilder, and its template recorded. The function header is
// parsed by ANTLR with an empty body. A `.section` is done the same way, item
// by item (rule sectionItem).
//
// Why this is the parse ANTLR would make of the whole chunk: SLL prediction
// starts from an empty rule context, so a statement's parse depends only on
// the token types it reads, and the token stream records how far it read
// (ChunkTokenStream::HighWater). A template is stored only when ANTLR read
// no further than the token after the statement, and the key holds the
// types of all those tokens. The loops around statements (`block`,
// `statements`) decide on one token, and the header's decisions cannot look
// past the body's `{` (only the `block` alternative can continue there).
//
// Anything else - a syntax error, an error the builder reports, a literal
// the template cannot decode - makes parse() return false, and the chunk is
// parsed the ordinary way from the start, so every diagnostic is the one
// the ordinary path gives.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_MEMOPARSER_H
#define PTXWARP_LIB_PARSE_MEMOPARSER_H

#include "ShapeCache.h"
#include "Token.h"

#include "PTXParser.h"

#include "ptxwarp/AST/AST.h"

#include <memory>
#include <vector>

namespace ptxwarp {
namespace parse {

/// The shape cache of the calling thread, with budget \p MaxBytes (kept
/// across parses on that thread; cleared when the budget shrinks below what
/// it holds).
ShapeCache &threadShapeCache(size_t MaxBytes);

/// What a chunk holds, and so which rule parses it: top-level items (rule
/// `chunk`: whole ones, or the head of a sliced function or `.section`), a
/// slice of a function body (`statements`) or of a `.section` body
/// (`sectionItems`).
enum class ChunkKind { Items, BodySlice, SectionSlice };

class MemoParser {
public:
  MemoParser(ptxwarp_antlr::PTXParser &Parser, ChunkTokenStream &Stream,
             std::shared_ptr<antlr4::ANTLRErrorStrategy> Bail)
      : Parser(Parser), Stream(Stream), Bail(std::move(Bail)) {}

  /// Parses the chunk \p Toks of kind \p Kind: a function or a `.section`
  /// (whole, or the head of a sliced one ending in its synthetic `}`), or a
  /// slice of either's body. On success the items are appended to \p Items
  /// (built in \p Ctx). False: the chunk must be parsed the ordinary way
  /// (\p Items is then unchanged; \p Ctx may hold unused nodes).
  bool parse(std::vector<PtxToken> &Toks, ChunkKind Kind, ShapeCache &Cache,
             ast::ASTContext &Ctx, std::vector<const ast::Stmt *> &Items);

  /// Statements rebuilt from templates, and parsed by ANTLR one by one, in
  /// the chunks parse() accepted.
  uint64_t Hits = 0, Misses = 0;

private:
  bool function(std::vector<PtxToken> &Toks, ast::ASTContext &Ctx,
                std::vector<const ast::Stmt *> &Items);
  bool section(std::vector<PtxToken> &Toks, ast::ASTContext &Ctx,
               std::vector<const ast::Stmt *> &Items);
  /// The `.section` items in Toks[Begin, End) into \p Out.
  bool sectionItems(std::vector<PtxToken> &Toks, size_t Begin, size_t End,
                    ast::ASTContext &Ctx, std::vector<const ast::Stmt *> &Out);
  /// ANTLR's parse and the builder's AST of the one item in Stub.
  const ast::Stmt *stubItem(ast::ASTContext &Ctx);
  bool body(std::vector<PtxToken> &Toks, size_t Begin, size_t End,
            ast::ASTContext &Ctx, std::vector<const ast::Stmt *> &Out);
  ptxwarp_antlr::PTXParser::StatementContext *
  parseStatement(std::vector<PtxToken> &Toks, size_t At);
  void restart(std::vector<PtxToken> &Toks);

  ptxwarp_antlr::PTXParser &Parser;
  ChunkTokenStream &Stream;
  std::shared_ptr<antlr4::ANTLRErrorStrategy> Bail;
  ShapeCache *Cache = nullptr;
  uint64_t ChunkHits = 0, ChunkMisses = 0;
  std::vector<PtxToken> Stub;
  llvm::SmallVector<char, 128> Key;
  ShapeTemplate Scratch;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_MEMOPARSER_H
