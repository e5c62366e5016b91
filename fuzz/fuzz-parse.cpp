//===- fuzz-parse.cpp - libFuzzer target: the parser alone ----------------===//
//
// Any byte string is PTX text to the parser: it must
// return (with syntax errors) and never crash, hang or leak, also when its
// bodies are cut into slices. The module is
// also printed, dumped and turned into JSON, since ptx-lint --print /
// --dump-ast walk whatever the parser built.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ptxwarp/AST/Printer.h"

using namespace ptxwarp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  DiagnosticEngine Diags;
  // Tiny slices: every function and `.section` body of a few lines is cut
  // into slices (lib/Parse/Chunker.h), which the default (16 384 tokens)
  // leaves to inputs far larger than the fuzzer makes.
  ParseOptions Opts = fuzz::parseOptions();
  Opts.SliceTokens = 16;
  std::unique_ptr<ast::Module> M = parseBuffer(Text, "fuzz.ptx", Diags, Opts);
  fuzz::renderAll(Diags);
  if (!M)
    return 0;
  ast::printModule(llvm::nulls(), *M);
  ast::DumpOptions DO;
  DO.SM = Diags.sourceMgr();
  ast::dumpModule(llvm::nulls(), *M, DO);
  llvm::nulls() << ast::moduleToJSON(*M, Diags.sourceMgr());
  return 0;
}
