//===- ParserCache.h - The bound on the parser's prediction cache ---------===//
//
// ANTLR's adaptive prediction caches what it learns in DFAs (one per grammar
// decision) and a prediction-context cache, shared by every parser of the
// process and never shrunk: each statement shape not seen before adds
// states, so a long-lived process parsing hostile input with endless
// distinct shapes would grow without bound. The parser clears both caches
// when their DFA states pass a limit, at a point where no parse in the
// process is predicting: every few dozen chunks, the parser about to start
// one waits for the chunks other threads are parsing to end (parsers that
// start meanwhile wait behind it), looks, and clears if over. Clearing
// costs only speed: the next parses relearn the states they use (ANTLR:
// "may affect the performance (but not accuracy)").
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_PARSE_PARSERCACHE_H
#define PTXWARP_PARSE_PARSERCACHE_H

#include <cstddef>
#include <cstdint>

namespace ptxwarp {

/// The default limit, in DFA states. The 30 MB CUB module needs 28 and
/// every PTX file of the repository with the benchmark modules together 86
/// (`parse_cache --files`), so real code never reaches it; hostile modules
/// add ~35 states each at ~2.5 KB a state with its configurations and
/// contexts, so the cache stays under ~25 MB (bench/parse_cache).
constexpr size_t DefaultParserCacheLimit = 10000;

/// Sets the limit (0: never clear) for the whole process.
void setParserCacheLimit(size_t MaxDFAStates);
size_t parserCacheLimit();

struct ParserCacheStats {
  size_t DFAStates = 0; ///< states in the parser's decision DFAs
  size_t Contexts = 0;  ///< entries of the prediction-context cache
  uint64_t Clears = 0;  ///< times the limit cleared the caches
};

/// The caches now (waits until no parse is inside a chunk). All zero before
/// the first parse.
ParserCacheStats parserCacheStats();

} // namespace ptxwarp

#endif // PTXWARP_PARSE_PARSERCACHE_H
