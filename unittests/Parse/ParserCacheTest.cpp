//===- ParserCacheTest.cpp - The parser's prediction cache stays bounded --===//
//
// Distinct hostile modules (bench/parse_cache/HostilePtx.h) make ANTLR's
// prediction cache grow by tens of states each; with a limit the parser
// clears it between chunks, so the process's resident set stays flat
// (/proc/self/statm), and clearing never changes what is parsed. The long
// version (10,000 modules) is bench/parse_cache.
//
//===----------------------------------------------------------------------===//

#include "ParserCache.h" // lib/Parse: the lock parsers share
#include "HostilePtx.h"

#include "ptxwarp/AST/Printer.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Parse/ParserCache.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace ptxwarp;

// AddressSanitizer keeps freed memory in quarantine (and shadows it), so RSS
// says nothing about leaks under it: the RSS check is off there.
#if defined(__SANITIZE_ADDRESS__)
#define PTXWARP_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PTXWARP_UNDER_ASAN 1
#endif
#endif
#ifndef PTXWARP_UNDER_ASAN
#define PTXWARP_UNDER_ASAN 0
#endif

namespace {

/// Restores the default limit when a test ends.
struct LimitScope {
  explicit LimitScope(size_t L) { setParserCacheLimit(L); }
  ~LimitScope() { setParserCacheLimit(DefaultParserCacheLimit); }
};

/// The AST dump and the diagnostics of \p Text parsed with \p Opts.
std::string parseAll(const std::string &Text, const ParseOptions &Opts) {
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M = parseBuffer(Text, "h.ptx", Diags, Opts);
  std::string S;
  llvm::raw_string_ostream OS(S);
  dumpModule(OS, *M, ast::DumpOptions());
  for (const Diagnostic &D : Diags.diagnostics()) {
    auto [Line, Col] = Diags.sourceMgr()->getLineAndColumn(D.Range.Start);
    OS << Line << ":" << Col << ": " << D.Message << "\n";
  }
  return OS.str();
}

TEST(ParserCache, RSSStaysFlatOverDistinctHostileModules) {
  // A small limit (about 1 MB of cache) so that the cache is cleared many
  // times within the test. Without the bound the 240 modules after the
  // first checkpoint add ~8,000 states, ~20 MB.
  LimitScope Scope(400);
  bench::HostilePtx Gen(42);
  uint64_t Before = parserCacheStats().Clears, At60 = 0;
  for (unsigned I = 1; I <= 300; ++I) {
    DiagnosticEngine Diags;
    parseBuffer(Gen.module(I), "h.ptx", Diags);
    if (I == 60)
      At60 = bench::rssKiB();
  }
  uint64_t End = bench::rssKiB();
  ParserCacheStats S = parserCacheStats();
  EXPECT_GT(S.Clears - Before, 5u);
  // Between two looks (every 64 chunks) the cache grows by a few thousand
  // states at most.
  EXPECT_LT(S.DFAStates, 400u + 4000u);
  if (!PTXWARP_UNDER_ASAN) {
    EXPECT_LT(End, At60 + 4096)
        << "RSS grew from " << At60 << " KiB to " << End << " KiB";
  }
}

TEST(ParserCache, ClearingDoesNotChangeTheResult) {
  // The same hostile text (padded over 1 MB, so parsed on 4 threads, which
  // clear the cache while the others parse) with a tiny limit and with none.
  // Without stray braces: one of those makes the rest of the text one
  // chunk, whose parse takes gigabytes (left to the parser's own work).
  bench::HostilePtx Gen(7, /*Balanced=*/true);
  std::string Text;
  for (unsigned I = 1; Text.size() < (1u << 17); ++I)
    Text += Gen.module(I);
  // Blank lines up to 1 MB, the size from which the parser uses threads.
  Text += std::string((1u << 20) - Text.size() + 4096, '\n');
  ParseOptions Opts;
  Opts.Threads = 4;
  Opts.MaxErrors = 0;
  std::string Bounded, Unbounded;
  {
    LimitScope Scope(50);
    uint64_t Before = parserCacheStats().Clears;
    Bounded = parseAll(Text, Opts);
    EXPECT_GT(parserCacheStats().Clears, Before);
  }
  {
    LimitScope Scope(400);
    Opts.Threads = 1;
    Unbounded = parseAll(Text, Opts);
  }
  EXPECT_EQ(Bounded, Unbounded);
}

TEST(ParserCache, AClearingWaitsForTheParsesInProgress) {
  // Another thread holds the cache for a whole parse on this one (as a parse
  // of a long chunk would): a look that falls due in the meantime waits for
  // it instead of being skipped, so the caches are bounded however busy the
  // other parsers keep them. (Skipped looks failed CI's ParserCache test:
  // four threads kept the lock busy for every look of a parse.)
  bench::HostilePtx Gen(11, /*Balanced=*/true);
  std::string Text;
  for (unsigned I = 1; Text.size() < (1u << 16); ++I)
    Text += Gen.module(I);
  LimitScope Scope(1);
  uint64_t Before = parserCacheStats().Clears;
  std::mutex M;
  std::condition_variable CV;
  bool Held = false, Parsed = false;
  std::thread Holder([&] {
    std::shared_lock<std::shared_mutex> Use(parse::parserCacheLock());
    std::unique_lock<std::mutex> L(M);
    Held = true;
    CV.notify_all();
    // Until the parse ends (a look that is skipped) or a second has passed
    // (a look that waits).
    CV.wait_for(L, std::chrono::seconds(1), [&] { return Parsed; });
  });
  {
    std::unique_lock<std::mutex> L(M);
    CV.wait(L, [&] { return Held; });
  }
  ParseOptions Opts;
  Opts.Threads = 1;
  std::string Result = parseAll(Text, Opts);
  {
    std::lock_guard<std::mutex> L(M);
    Parsed = true;
  }
  CV.notify_all();
  Holder.join();
  EXPECT_GT(parserCacheStats().Clears, Before);
  EXPECT_EQ(Result, parseAll(Text, Opts));
}

} // namespace
