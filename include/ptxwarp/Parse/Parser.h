//===- Parser.h - Parse PTX text into the AST
//------------------------------===//
//
// The public face of the parser. The ANTLR grammar (grammar/*.g4) does the
// parsing behind this header; no ANTLR type is visible here. Syntax errors are
// reported into a DiagnosticEngine as DiagID::SyntaxError at the offending
// token, and parsing recovers at the next `;` or `}` so one run reports every
// broken statement.
//
// The module is parsed one top-level item (a function, a declaration, a
// directive) at a time: parseStreaming() hands each item to a callback and
// frees it afterwards (bounded memory for 30 MB modules); parseModule() keeps
// them all in a Module.
//
// Thread safety: any number of threads may parse different buffers at the
// same time (the grammar's shared ANTLR caches are guarded internally).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_PARSE_PARSER_H
#define PTXWARP_PARSE_PARSER_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace ptxwarp {

struct ParseOptions {
  /// Deepest nesting of `{}` blocks, initialiser lists, parentheses and
  /// brackets; deeper input gets a syntax error instead of exhausting the
  /// stack.
  unsigned MaxNestingDepth = 256;
  /// Stop reporting syntax errors after this many (0 = no limit).
  unsigned MaxErrors = 1000;
  /// Threads parsing top-level chunks in parallel (results are still
  /// delivered in source order). 0 = one per core (at most 4); inputs under
  /// 1 MB are always parsed on the calling thread.
  unsigned Threads = 0;
  /// A function or `.section` body longer than this many tokens is parsed
  /// in slices of statements (of data lines), so a huge function or DWARF
  /// section costs its AST, not its parse tree and token vector.
  unsigned SliceTokens = 16384;
  /// Parse-shape memoisation (lib/Parse/ShapeCache.h): a statement in a
  /// function body whose token shape was parsed before is rebuilt from a
  /// recorded template instead of being parsed by ANTLR again. The AST and
  /// the diagnostics are the same either way (test/Parse/shape-cache-diff.test
  /// checks); false only to compare the two paths.
  bool UseShapeCache = true;
  /// Memory budget of the shape cache, in bytes. The cache belongs to the
  /// parsing thread and is kept across parses on that thread; when it is
  /// full its older half is dropped, so it never holds more than this.
  /// 0 is the same as UseShapeCache = false.
  size_t ShapeCacheBytes = size_t(8) << 20;
};

/// Statistics of one parse (for the benchmark and tests).
struct ParseStats {
  uint64_t Bytes = 0;
  uint64_t Tokens = 0;
  uint64_t Items = 0;       ///< top-level items
  uint64_t LLFallbacks = 0; ///< chunks the SLL pass could not parse
  uint64_t SyntaxErrors = 0;
  uint64_t ShapeHits = 0;   ///< statements rebuilt from a shape template
  uint64_t ShapeMisses = 0; ///< statements ANTLR parsed one by one
};

/// Called once per top-level item, in source order, on the calling thread.
/// The item (and everything it points to except the source text) is freed
/// soon after the callback returns: copy out what must outlive it.
using ItemCallback = llvm::function_ref<void(const ast::Stmt &Item)>;

/// The arenas that own the items of one parsed chunk.
using ChunkArenas = std::vector<std::unique_ptr<ast::ASTContext>>;
/// Called once per parsed chunk (one or more top-level items), in source
/// order, on the calling thread, with the arenas that own its items: they
/// live as long as the callee keeps the arenas. Returns the first byte of
/// the source text it will still read (null: none), so that the parser
/// keeps the pages from there on mapped (it drops consumed pages of a file).
using ChunkCallback = llvm::function_ref<const char *(
    ChunkArenas Arenas, llvm::ArrayRef<const ast::Stmt *> Items)>;

/// parseStreaming, handing over each chunk's items with their arenas (for a
/// consumer that finishes with an item later, on another thread).
ParseStats parseStreamingChunks(const llvm::SourceMgr &SM, unsigned BufferID,
                                DiagnosticEngine &Diags, ChunkCallback CB,
                                const ParseOptions &Opts = {});

/// Parses buffer \p BufferID of \p SM, handing every top-level item to \p CB.
/// Diagnostics go to \p Diags (whose SourceMgr should be \p SM so they resolve
/// to file:line:col). Returns the statistics.
ParseStats parseStreaming(const llvm::SourceMgr &SM, unsigned BufferID,
                          DiagnosticEngine &Diags, ItemCallback CB,
                          const ParseOptions &Opts = {});

/// Parses buffer \p BufferID of \p SM into a Module that shares \p SM.
std::unique_ptr<ast::Module> parseModule(std::shared_ptr<llvm::SourceMgr> SM,
                                         unsigned BufferID,
                                         DiagnosticEngine &Diags,
                                         const ParseOptions &Opts = {},
                                         ParseStats *Stats = nullptr);

/// Convenience: copies \p Text into a new SourceMgr under \p BufferName and
/// parses it. If \p Diags has no SourceMgr yet it is pointed at the module's
/// (which lives as long as the Module).
std::unique_ptr<ast::Module> parseBuffer(llvm::StringRef Text,
                                         llvm::StringRef BufferName,
                                         DiagnosticEngine &Diags,
                                         const ParseOptions &Opts = {});

/// Reads \p Path ("-" = stdin) into a new buffer of \p SM (named \p Path, or
/// \p BufferName when given). Fails with a message naming the file when it is
/// missing, a directory, or unreadable. Returns the buffer id.
llvm::Expected<unsigned> addSourceFile(llvm::SourceMgr &SM,
                                       llvm::StringRef Path,
                                       llvm::StringRef BufferName = {});

/// addSourceFile + parseModule.
llvm::Expected<std::unique_ptr<ast::Module>>
parseFile(llvm::StringRef Path, std::shared_ptr<llvm::SourceMgr> SM,
          DiagnosticEngine &Diags, const ParseOptions &Opts = {});

} // namespace ptxwarp

#endif // PTXWARP_PARSE_PARSER_H
