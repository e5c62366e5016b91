//===- ParserCache.cpp - Keeping the parser's prediction cache bounded ----===//
//
// See ptxwarp/Parse/ParserCache.h and ParserCache.h. ANTLR 4.9's
// ParserATNSimulator::clearDFA replaces every decision's DFA with an empty
// one (deleting the states), and the prediction-context cache is a set of
// shared pointers the DFA states also hold; neither may change while any
// parser of the process is predicting, hence the lock.
//
//===----------------------------------------------------------------------===//

#include "ParserCache.h"

#include "ptxwarp/Parse/ParserCache.h"

#include "dfa/DFA.h"

#include <atomic>
#include <mutex>

namespace ptxwarp {
namespace parse {

namespace {

std::atomic<size_t> Limit{DefaultParserCacheLimit};
std::atomic<uint64_t> Clears{0};
std::atomic<uint64_t> Chunks{0};
/// The caches, known from the first safe point: the grammar's static DFAs
/// and context cache, which every parser shares and which outlive them.
std::atomic<const std::vector<antlr4::dfa::DFA> *> KnownDFAs{nullptr};
std::atomic<const antlr4::atn::PredictionContextCache *> KnownContexts{nullptr};

/// Looks at the caches every this many chunks: a look costs one pass over
/// the grammar's decisions.
constexpr uint64_t Interval = 64;

size_t dfaStates(const std::vector<antlr4::dfa::DFA> &DFAs) {
  size_t N = 0;
  for (const antlr4::dfa::DFA &D : DFAs)
    N += D.states.size();
  return N;
}

} // namespace

std::shared_mutex &parserCacheLock() {
  static std::shared_mutex M;
  return M;
}

void parserCacheSafePoint(antlr4::atn::ParserATNSimulator &Sim) {
  KnownDFAs.store(&Sim.decisionToDFA, std::memory_order_relaxed);
  KnownContexts.store(&Sim.getSharedContextCache(), std::memory_order_relaxed);
  if (Chunks.fetch_add(1, std::memory_order_relaxed) % Interval != 0)
    return;
  size_t Max = Limit.load(std::memory_order_relaxed);
  if (!Max)
    return;
  std::unique_lock<std::shared_mutex> L(parserCacheLock(), std::try_to_lock);
  if (!L.owns_lock())
    return; // a parse is inside a chunk: look again later
  if (dfaStates(Sim.decisionToDFA) <= Max)
    return;
  Sim.clearDFA();
  Sim.getSharedContextCache().clear();
  Clears.fetch_add(1, std::memory_order_relaxed);
}

} // namespace parse

void setParserCacheLimit(size_t MaxDFAStates) {
  parse::Limit.store(MaxDFAStates, std::memory_order_relaxed);
}

size_t parserCacheLimit() {
  return parse::Limit.load(std::memory_order_relaxed);
}

ParserCacheStats parserCacheStats() {
  ParserCacheStats S;
  S.Clears = parse::Clears.load(std::memory_order_relaxed);
  std::unique_lock<std::shared_mutex> L(parse::parserCacheLock());
  if (const auto *DFAs = parse::KnownDFAs.load(std::memory_order_relaxed))
    S.DFAStates = parse::dfaStates(*DFAs);
  if (const auto *Ctx = parse::KnownContexts.load(std::memory_order_relaxed))
    S.Contexts = Ctx->size();
  return S;
}

} // namespace ptxwarp
