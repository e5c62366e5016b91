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
/// A look at the caches is due: parsers starting a chunk take the lock alone
/// until one of them has looked. Taking it alone only from a thread that
/// happens to find it free could wait forever while other threads keep
/// parsing, and the shared lock lets new readers in ahead of a waiting
/// writer, so the parsers that would join them wait instead.
std::atomic<bool> Due{false};
/// The caches, known from the first chunk: the grammar's static DFAs and
/// context cache, which every parser shares and which outlive them.
std::atomic<const std::vector<antlr4::dfa::DFA> *> KnownDFAs{nullptr};
std::atomic<const antlr4::atn::PredictionContextCache *> KnownContexts{nullptr};

/// Looks at the caches every this many chunks: a look costs one pass over
/// the grammar's decisions and waits for the chunks in progress.
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

std::shared_mutex &enterParserCache(antlr4::atn::ParserATNSimulator &Sim) {
  KnownDFAs.store(&Sim.decisionToDFA, std::memory_order_relaxed);
  KnownContexts.store(&Sim.getSharedContextCache(), std::memory_order_relaxed);
  if (Chunks.fetch_add(1, std::memory_order_relaxed) % Interval == 0 &&
      Limit.load(std::memory_order_relaxed))
    Due.store(true);
  if (Due.load()) {
    std::unique_lock<std::shared_mutex> L(parserCacheLock());
    size_t Max = Limit.load(std::memory_order_relaxed);
    if (Due.exchange(false) && Max && dfaStates(Sim.decisionToDFA) > Max) {
      Sim.clearDFA();
      Sim.getSharedContextCache().clear();
      Clears.fetch_add(1, std::memory_order_relaxed);
    }
  }
  return parserCacheLock();
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
