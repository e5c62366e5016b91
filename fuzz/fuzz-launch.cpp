//===- fuzz-launch.cpp - libFuzzer target: ptx-run's launch parsers -------===//
//
// Issue #5 item 1(d). The first byte picks the parser, the rest is its text:
//   0 mod 3: a launch file (`--launch`, JSON),
//   1 mod 3: a `--param NAME=SPEC` value,
//   2 mod 3: a `--grid` / `--block` value.
// What parses is then bound to a fixed three-parameter kernel (a buffer, a
// u32, an f32) as ptx-run would, under a 1 MiB memory limit.
// `@file` buffer initialisers are skipped: reading whatever path the fuzzer
// invents (/dev/stdin, /dev/zero) tests the file system, not us.
//
//===----------------------------------------------------------------------===//

#include "../tools/ptx-run/LaunchSpec.h"

#include "llvm/Support/raw_ostream.h"

using namespace ptxwarp;

namespace {

const uint64_t MaxBytes = 1u << 20;

/// The kernel the parsed parameters are bound to:
/// `.entry k(.param .u64 out, .param .u32 n, .param .f32 x)`.
const ir::Function &kernel() {
  static const ir::Function F = [] {
    ir::Function K;
    K.Name = "k";
    K.Params.push_back({"out", ir::Type::fromName("u64"), 0, 8, true});
    K.Params.push_back({"n", ir::Type::fromName("u32"), 8, 4, false});
    K.Params.push_back({"x", ir::Type::fromName("f32"), 12, 4, false});
    K.ParamBytes = 16;
    return K;
  }();
  return F;
}

void bind(const run::LaunchSpec &Spec) {
  interp::Memory Mem;
  interp::Launch L;
  std::vector<run::BoundBuffer> Buffers;
  if (llvm::Error E = run::bindParams(kernel(), Spec, Mem, L, Buffers))
    llvm::nulls() << llvm::toString(std::move(E));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  run::LaunchSpec Spec;
  switch (Data[0] % 3) {
  case 0:
    if (llvm::Error E = run::parseLaunchJSON(Text, Spec, MaxBytes)) {
      llvm::nulls() << llvm::toString(std::move(E));
      return 0;
    }
    bind(Spec);
    return 0;
  case 1: {
    if (Text.contains('@'))
      return 0;
    auto P = run::parseParamOption(Text, MaxBytes);
    if (!P) {
      llvm::nulls() << llvm::toString(P.takeError());
      return 0;
    }
    Spec.Params.push_back(std::move(*P));
    bind(Spec);
    return 0;
  }
  default: {
    auto D = run::parseDims(Text);
    if (!D)
      llvm::nulls() << llvm::toString(D.takeError());
    return 0;
  }
  }
}
