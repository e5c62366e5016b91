//===- ParserCache.h - Keeping the parser's prediction cache bounded ------===//
//
// Private to lib/Parse; the model and the limit: ptxwarp/Parse/ParserCache.h.
// A parser holds a ParserCacheUse (a shared lock) while it parses a chunk;
// parserCacheSafePoint, called after each chunk, sometimes takes the lock
// exclusively (only if free: it never waits) and clears the caches when
// they are over the limit.
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

/// Held while a chunk is parsed.
class ParserCacheUse {
public:
  ParserCacheUse() : Lock(parserCacheLock()) {}

private:
  std::shared_lock<std::shared_mutex> Lock;
};

/// After a chunk, outside any ParserCacheUse: clears \p Sim's caches (the
/// process-wide ones) when they are over the limit and no parse is inside a
/// chunk. Looks only every few chunks.
void parserCacheSafePoint(antlr4::atn::ParserATNSimulator &Sim);

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_PARSERCACHE_H
