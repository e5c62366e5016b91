//===- fuzz-launch.cpp - libFuzzer target: ptx-run's launch parsers -------===//
//
// The first byte picks the parser, the rest is its text:
//   0 mod 3: a launch file (`--launch`, JSON),
//   1 mod 3: a `--param NAME=SPEC` value,
//   2 mod 3: a `--grid` / `--block` value.
// What parses is then bound to a fixed kernel whose parameters cover every
// rule of the launch contract (LaunchRules.h: a .u64 used as an address, a
// .u64 that is not, .u32, .s8, .b32, .f32, .f64; static and dynamic shared
// memory against sm_80's maximum) and run, as ptx-run does, under a 1 MiB
// memory limit: the
// same public library calls (api::parseLaunchFile, api::addParameterSpec,
// api::parseDimensions, api::Kernel::run) that ptx-run makes.
// `@file` buffer initialisers are skipped: reading whatever path the fuzzer
// invents (/dev/stdin, /dev/zero) tests the file system, not us.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ptxwarp.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace ptxwarp;

namespace {

const uint64_t MaxBytes = 1u << 20;

const char *KernelText = R"(.version 7.0
.target sm_80
.address_size 64
.extern .shared .align 4 .b8 dyn[];
.visible .entry k(.param .u64 out, .param .u32 n, .param .f32 x,
                  .param .u64 count, .param .s8 s, .param .b32 b,
                  .param .f64 d)
{
  .shared .align 4 .b8 fixed[64];
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ret;
}
)";

/// The kernel the parsed parameters are bound to.
const api::Kernel &kernel() {
  static const api::Kernel K = [] {
    api::Session S;
    llvm::Expected<api::Module> M = S.parseBuffer(KernelText, "k.ptx");
    if (!M) {
      llvm::errs() << llvm::toString(M.takeError());
      std::abort();
    }
    llvm::Expected<api::Kernel> Kn = M->kernel("k");
    if (!Kn) {
      llvm::errs() << llvm::toString(Kn.takeError());
      std::abort();
    }
    return *Kn;
  }();
  return K;
}

void bind(const api::Launch &L) {
  api::RunOptions Opts;
  Opts.MemoryLimit = MaxBytes;
  // The kernel is one `ret`; a grid of 2^31 CTAs still has to stop soon.
  Opts.MaxSteps = 10000;
  llvm::Expected<api::RunResult> R = kernel().run(L, Opts);
  if (!R)
    llvm::nulls() << llvm::toString(R.takeError());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  switch (Data[0] % 3) {
  case 0: {
    llvm::Expected<api::Launch> L = api::parseLaunchFile(Text, MaxBytes);
    if (!L) {
      llvm::nulls() << llvm::toString(L.takeError());
      return 0;
    }
    bind(*L);
    return 0;
  }
  case 1: {
    if (Text.contains('@'))
      return 0;
    api::Launch L;
    if (llvm::Error E = api::addParameterSpec(L, Text, MaxBytes)) {
      llvm::nulls() << llvm::toString(std::move(E));
      return 0;
    }
    bind(L);
    return 0;
  }
  default: {
    auto D = api::parseDimensions(Text);
    if (!D)
      llvm::nulls() << llvm::toString(D.takeError());
    return 0;
  }
  }
}
