//===- main.cpp - RSS over many distinct hostile modules in one process ---===//
//
// Parses N distinct random-shaped modules (HostilePtx.h) one after another
// through the public API (parseBuffer), as a long-lived process would, and
// prints the resident set size (/proc/self/statm) and the parser's
// prediction cache (ptxwarp/Parse/ParserCache.h) at checkpoints, then the
// growth of RSS between module 1,000 and the last: flat when the cache is
// bounded.
//
//   parse_cache [MODULES [LIMIT]]   default 10000 modules, the default limit;
//                                   LIMIT 0 turns the bound off
//   parse_cache --files F...        the cache the files F need (no limit)
//   parse_cache --emit BYTES [SEED] hostile modules as one file, to stdout
//
//===----------------------------------------------------------------------===//

#include "HostilePtx.h"

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Parse/ParserCache.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

using namespace ptxwarp;

namespace {} // namespace

int main(int argc, char **argv) {
  if (argc > 2 && llvm::StringRef(argv[1]) == "--emit") {
    // Hostile modules, one after another, up to the given size, as one file.
    size_t Bytes = size_t(std::strtoull(argv[2], nullptr, 10)), Done = 0;
    bench::HostilePtx Gen(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1);
    for (unsigned I = 1; Done < Bytes; ++I) {
      std::string M = Gen.module(I);
      llvm::outs() << M;
      Done += M.size();
    }
    return 0;
  }
  if (argc > 1 && llvm::StringRef(argv[1]) == "--files") {
    // The cache real inputs need: parse the files, print its size.
    setParserCacheLimit(0);
    for (int I = 2; I < argc; ++I) {
      DiagnosticEngine Diags;
      auto SM = std::make_shared<llvm::SourceMgr>();
      Diags.setSourceMgr(SM.get());
      if (!parseFile(argv[I], SM, Diags))
        return 1;
    }
    ParserCacheStats S = parserCacheStats();
    llvm::outs() << argc - 2 << " files: " << S.DFAStates << " DFA states, "
                 << S.Contexts << " contexts, RSS " << bench::rssKiB()
                 << " KiB\n";
    return 0;
  }
  unsigned N = argc > 1 ? unsigned(std::strtoul(argv[1], nullptr, 10)) : 10000;
  if (argc > 2)
    setParserCacheLimit(size_t(std::strtoull(argv[2], nullptr, 10)));
  bench::HostilePtx Gen(1);
  uint64_t At1000 = 0, Errors = 0;
  llvm::outs() << "limit " << parserCacheLimit() << " DFA states\n";
  llvm::outs() << "modules  RSS(KiB)  DFA-states  contexts  clears\n";
  for (unsigned I = 1; I <= N; ++I) {
    std::string Text = Gen.module(I);
    DiagnosticEngine Diags;
    std::unique_ptr<ast::Module> M = parseBuffer(Text, "hostile.ptx", Diags);
    Errors += Diags.errorCount();
    if (I == 1000)
      At1000 = bench::rssKiB();
    if (I % 1000 == 0 || I == N) {
      ParserCacheStats S = parserCacheStats();
      llvm::outs() << llvm::format("%7u  %8llu  %10zu  %8zu  %6llu\n", I,
                                   (unsigned long long)bench::rssKiB(),
                                   S.DFAStates, S.Contexts,
                                   (unsigned long long)S.Clears);
    }
  }
  uint64_t End = bench::rssKiB();
  llvm::outs() << "syntax errors reported: " << Errors << "\n";
  if (At1000)
    llvm::outs() << llvm::format(
        "RSS growth from module 1000 to %u: %lld KiB (%.1f%%)\n", N,
        (long long)End - (long long)At1000,
        100.0 * (double(End) - double(At1000)) / double(At1000));
  return 0;
}
