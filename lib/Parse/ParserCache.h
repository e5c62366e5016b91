//===- ParserCache.h - Keeping the parser's prediction cache bounded ------===//
//
// Private to lib/Parse; the model and the limit: ptxwarp/Parse/ParserCache.h.
// A parser holds a ParserCacheUse (a shared lock) while it parses a chunk.
// Every few chunks a look at the caches falls due: the next parser to start
// a chunk then takes the lock alone (waiting for the chunks in progress to
// end, while parsers starting theirs wait behind it) and clears the caches
// when they are over the limit.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_PARSERCACHE_H
#define PTXWARP_LIB_PARSE_PARSERCACHE_H

#include "atn/ParserATNSimulator.h"

#include <shared_mutex>

namespace ptxwarp {
namespace parse {

/// The lock every parse shares and a clearing takes alone.
std::shared_mutex &parserCacheLock();

/// Counts a chunk that \p Sim is about to parse and, when a look at the
/// caches is due, takes the lock alone and clears them (the process-wide
/// ones \p Sim uses) if they are over the limit. Called outside any
/// ParserCacheUse; returns parserCacheLock().
std::shared_mutex &enterParserCache(antlr4::atn::ParserATNSimulator &Sim);

/// Held while \p Sim parses a chunk. A thread must not hold two at once.
class ParserCacheUse {
public:
  explicit ParserCacheUse(antlr4::atn::ParserATNSimulator &Sim)
      : Lock(enterParserCache(Sim)) {}

private:
  std::shared_lock<std::shared_mutex> Lock;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_PARSERCACHE_H
