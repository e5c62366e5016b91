//===- fuzz-check.cpp - libFuzzer target: parse + check + lower -----------===//
//
// The checker must cope with every AST the parser
// accepts, and the lowering with every module the checker accepts (that is
// its contract: ptx-run only lowers checked modules). Each entry of a
// clean module is lowered and its IR printed.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/Lower/Lower.h"
#include "ptxwarp/Sema/Checker.h"

using namespace ptxwarp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M =
      parseBuffer(Text, "fuzz.ptx", Diags, fuzz::parseOptions());
  if (M && !Diags.hasErrors() && sema::check(*M, sema::SemaOptions{}, Diags)) {
    // A handful of entries is enough; a module of thousands would only
    // make the input slow.
    std::vector<std::string> Names = ir::entryNames(*M);
    for (size_t I = 0; I < Names.size() && I < 4; ++I)
      if (std::unique_ptr<ir::Function> F = ir::lowerEntry(*M, Names[I], Diags))
        ir::print(*F, llvm::nulls());
  }
  fuzz::renderAll(Diags);
  return 0;
}
