//===- fuzz-run.cpp - libFuzzer target: the whole pipeline ----------------===//
//
// Parse, check, lower and run the first entry on one
// warp with a small step limit and memory limit, the way ptx-run would with
// `--max-steps 20000 --memory-limit 16M`. Pointer-sized parameters get a
// 4 KiB buffer each, other parameters are zero, so kernels that load and
// store through their parameters reach the memory model and its bounds
// checks.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/Interp/Interpreter.h"
#include "ptxwarp/Lower/Lower.h"
#include "ptxwarp/Sema/Checker.h"

using namespace ptxwarp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M =
      parseBuffer(Text, "fuzz.ptx", Diags, fuzz::parseOptions());
  if (!M || Diags.hasErrors() || !sema::check(*M, sema::SemaOptions{}, Diags))
    return 0;
  std::vector<std::string> Names = ir::entryNames(*M);
  if (Names.empty())
    return 0;
  std::unique_ptr<ir::Function> F = ir::lowerEntry(*M, Names.front(), Diags);
  if (!F || Diags.hasErrors())
    return 0;

  interp::Memory Mem;
  interp::Launch L; // one CTA of one warp
  L.ParamBlock.assign(F->ParamBytes, 0);
  for (const ir::KernelParam &P : F->Params) {
    if (!P.IsPointer || P.Size != 8 || P.Offset + 8 > L.ParamBlock.size())
      continue;
    uint64_t Base = Mem.allocate(P.Name, std::vector<uint8_t>(4096, 0),
                                 ir::Type::fromName("u32"));
    for (unsigned B = 0; B < 8; ++B)
      L.ParamBlock[P.Offset + B] = uint8_t(Base >> (8 * B));
  }
  interp::RunOptions Opts;
  Opts.MaxSteps = 20000;
  Opts.MemoryLimit = 16u << 20;
  Opts.PrintfOut = &llvm::nulls();
  std::vector<uint64_t> Regs;
  std::vector<uint32_t> Undef;
  Opts.FinalRegisters = &Regs;
  Opts.FinalUndefined = &Undef;
  interp::RunStats Stats;
  interp::run(*F, L, Mem, Opts, Diags, Stats);
  fuzz::renderAll(Diags);
  return 0;
}
