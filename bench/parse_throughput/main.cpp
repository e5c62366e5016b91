//===- main.cpp - Parse throughput of the PTX parser
//-----------------------===//
//
// parse_throughput FILE.ptx [--repeat N] [--lex-only] [--threads N]
//                  [--no-shape-cache]
// Streams FILE through the parser (one top-level item at a time, freed after
// each, as ptx-lint does) and prints bytes, tokens, items, time, MB/s, the
// LL fallbacks and the peak RSS of the process. --lex-only times the
// hand-written lexer alone; --no-shape-cache parses every statement with
// ANTLR (ParseOptions::UseShapeCache off).
//
//===----------------------------------------------------------------------===//

#include "Lexer.h"

#include "ptxwarp/Parse/Parser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstring>
#include <malloc.h>
#include <sys/resource.h>

using namespace ptxwarp;

static double peakRSSMiB() {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_maxrss / 1024.0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: parse_throughput FILE.ptx [--repeat N] "
                    "[--lex-only] [--threads N] [--no-shape-cache]\n";
    return 2;
  }
  // As ptx-lint does: the ANTLR parse tree is many small short-lived
  // objects; glibc's fastbins then cost a consolidation pass per chunk
  // (~10% of the parse). Plain bins are cheaper for this pattern.
  mallopt(M_MXFAST, 0);
  unsigned Repeat = 1;
  bool LexOnly = false;
  ParseOptions Opts;
  for (int I = 2; I < argc; ++I) {
    if (!std::strcmp(argv[I], "--repeat") && I + 1 < argc)
      Repeat = static_cast<unsigned>(std::atoi(argv[++I]));
    else if (!std::strcmp(argv[I], "--lex-only"))
      LexOnly = true;
    else if (!std::strcmp(argv[I], "--no-shape-cache"))
      Opts.UseShapeCache = false;
    else if (!std::strcmp(argv[I], "--threads") && I + 1 < argc)
      Opts.Threads = static_cast<unsigned>(std::atoi(argv[++I]));
  }
  llvm::SourceMgr SM;
  llvm::Expected<unsigned> ID = addSourceFile(SM, argv[1]);
  if (!ID) {
    llvm::errs() << "parse_throughput: " << llvm::toString(ID.takeError())
                 << "\n";
    return 2;
  }
  llvm::StringRef Text = SM.getMemoryBuffer(*ID)->getBuffer();
  DiagnosticEngine Diags(&SM);
  Diags.setKeepDiagnostics(false);
  ParseStats St;
  double Best = 1e30;
  for (unsigned R = 0; R < Repeat; ++R) {
    auto T0 = std::chrono::steady_clock::now();
    if (LexOnly) {
      parse::Lexer L(Text);
      parse::PtxToken T;
      St = ParseStats();
      St.Bytes = Text.size();
      do {
        L.lex(T);
        ++St.Tokens;
      } while (T.Type != antlr4::Token::EOF);
    } else {
      St = parseStreaming(
          SM, *ID, Diags, [](const ast::Stmt &) {}, Opts);
    }
    double S =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
            .count();
    Best = std::min(Best, S);
  }
  double MB = St.Bytes / 1e6;
  llvm::outs() << llvm::format(
      "%s: %.1f MB, %llu tokens, %llu items, %.3f s, %.1f MB/s, "
      "%llu LL fallbacks, %u errors, peak RSS %.0f MiB (%.2fx file), "
      "%llu statements from shape templates, %llu parsed one by one\n",
      LexOnly ? "lex" : "parse", MB, (unsigned long long)St.Tokens,
      (unsigned long long)St.Items, Best, MB / Best,
      (unsigned long long)St.LLFallbacks, Diags.errorCount(), peakRSSMiB(),
      peakRSSMiB() / (St.Bytes / 1048576.0), (unsigned long long)St.ShapeHits,
      (unsigned long long)St.ShapeMisses);
  return Diags.hasErrors() ? 1 : 0;
}
