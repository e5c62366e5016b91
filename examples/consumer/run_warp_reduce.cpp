//===- run_warp_reduce.cpp - Run a warp reduction without a GPU -----------===//
//
// A test suite of a code generator executes its PTX on CI machines without
// GPUs: lower the kernel once, run it on several inputs (no re-parsing), and
// compare the buffers it wrote with the expected sums. Exit 0 when every run
// matches.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ptxwarp.h"

#include <cstdint>
#include <iostream>
#include <vector>

namespace pw = ptxwarp::api;

/// Every lane adds its value to the others' with a butterfly of shfl.sync
/// (PTX ISA 9.7.9.6) and stores the warp's total.
static const char *ReducePTX = R"(.version 7.0
.target sm_80
.address_size 64

.visible .entry warp_sum(.param .u64 in, .param .u64 out, .param .u32 scale)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	ld.param.u32 %r6, [scale];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r2, [%rd4];
	mul.lo.u32 %r2, %r2, %r6;
	shfl.sync.bfly.b32 %r3, %r2, 16, 31, -1;
	add.u32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 8, 31, -1;
	add.u32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 4, 31, -1;
	add.u32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 2, 31, -1;
	add.u32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 1, 31, -1;
	add.u32 %r2, %r2, %r3;
	add.s64 %rd5, %rd2, %rd3;
	st.global.u32 [%rd5], %r2;
	ret;
}
)";

int main() {
  pw::Session Session;
  llvm::Expected<pw::Module> M = Session.parseBuffer(ReducePTX, "warp_sum.ptx");
  if (!M) {
    std::cerr << llvm::toString(M.takeError()) << "\n";
    return 2;
  }
  llvm::Expected<pw::Kernel> K = M->kernel("warp_sum");
  if (!K) {
    std::cerr << llvm::toString(K.takeError()) << "\n";
    return 2;
  }

  int Failures = 0;
  for (uint32_t Scale : {1u, 3u}) {
    std::vector<uint32_t> In(32);
    uint32_t Expected = 0;
    for (uint32_t I = 0; I < 32; ++I) {
      In[I] = I * I;
      Expected += I * I * Scale;
    }
    pw::Launch L;
    L.grid(1).block(32);
    L.buffer("in", In)
        .buffer("out", std::vector<uint32_t>(32, 0))
        .scalar("scale", Scale);
    pw::RunOptions Opts;
    Opts.Sched = pw::Schedule::Random; // any interleaving must agree
    Opts.Seed = Scale;
    llvm::Expected<pw::RunResult> R = K->run(L, Opts);
    if (!R) {
      std::cerr << llvm::toString(R.takeError()) << "\n";
      return 2;
    }
    if (!R->succeeded()) {
      std::cerr << R->diagnostics().renderText();
      return 1;
    }
    std::vector<uint32_t> Out = R->bufferAs<uint32_t>("out");
    unsigned Bad = 0;
    for (uint32_t V : Out)
      Bad += V != Expected;
    std::cout << "scale " << Scale << ": every lane holds " << Out[0]
              << " (expected " << Expected << "), "
              << R->stats().WarpInstructions << " warp instructions, "
              << (Bad ? "MISMATCH" : "ok") << "\n";
    Failures += Bad != 0;
  }
  return Failures ? 1 : 0;
}
