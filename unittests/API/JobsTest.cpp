//===- JobsTest.cpp - RunOptions::Jobs: CTAs on several threads -----------===//
//
// Every number of threads gives the outcome of running the CTAs in order
// (README.md, "ptx-run", --jobs). The kernels are nvcc's
// (test/Run/Inputs/jobs/jobs.cu, bench/grid_reduce/grid_reduce.cu); the
// expected values are closed forms of the inputs.
//
//===----------------------------------------------------------------------===//

#include "ApiTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <numeric>

using namespace ptxwarp::api;

namespace {

Kernel kernelOf(const std::string &File, const std::string &Name) {
  Session S;
  auto M = S.parseFile(std::string(PTXWARP_SOURCE_DIR) + "/" + File);
  EXPECT_TRUE(static_cast<bool>(M));
  auto K = M->kernel(Name);
  EXPECT_TRUE(static_cast<bool>(K)) << llvm::toString(K.takeError());
  return *K;
}

/// What a run leaves that --jobs must not change.
struct Outcome {
  bool Ok;
  std::string Diags, Printf;
  uint64_t Warp, Lane;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> Buffers;
  bool operator==(const Outcome &O) const {
    return Ok == O.Ok && Diags == O.Diags && Printf == O.Printf &&
           Warp == O.Warp && Lane == O.Lane && Buffers == O.Buffers;
  }
};

Outcome runWith(const Kernel &K, const Launch &L, unsigned Jobs,
                RunOptions O = {}) {
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  O.PrintfOut = &OS;
  O.Jobs = Jobs;
  auto R = K.run(L, O);
  EXPECT_TRUE(static_cast<bool>(R));
  if (!R)
    return {};
  OS.flush();
  return {R->succeeded(),
          R->diagnostics().renderText(),
          Printed,
          R->stats().WarpInstructions,
          R->stats().LaneInstructions,
          R->Buffers};
}

TEST(JobsTest, GridReduceIsTheSameOnEveryNumberOfThreads) {
  Kernel K = kernelOf("bench/grid_reduce/grid_reduce.sm_80.ptx", "grid_reduce");
  const unsigned Ctas = 24, N = Ctas * 256;
  std::vector<uint32_t> In(N);
  std::iota(In.begin(), In.end(), 0u);
  Launch L;
  L.grid(Ctas).block(256);
  L.buffer("grid_reduce_param_0", In)
      .buffer("grid_reduce_param_1", std::vector<uint64_t>(1, 0))
      .scalar("grid_reduce_param_2", N);
  Outcome One = runWith(K, L, 1);
  ASSERT_TRUE(One.Ok) << One.Diags;
  uint64_t Sum;
  std::memcpy(&Sum, One.Buffers[1].second.data(), 8);
  EXPECT_EQ(Sum, uint64_t(N) * (N - 1) / 2);
  for (unsigned Jobs : {2u, 3u, 4u, 0u})
    EXPECT_TRUE(runWith(K, L, Jobs) == One) << "jobs " << Jobs;
}

TEST(JobsTest, TheFirstErrorInCtaOrderWins) {
  // ub_later: CTA `bad` stores out of bounds; every CTA prints "cta N".
  Kernel K = kernelOf("test/Run/Inputs/jobs/jobs.sm_80.ptx", "ub_later");
  Launch L;
  L.grid(12).block(32);
  L.buffer("ub_later_param_0", std::vector<uint32_t>(12 * 32, 0))
      .scalar("ub_later_param_1", 9u);
  Outcome One = runWith(K, L, 1);
  EXPECT_FALSE(One.Ok);
  EXPECT_NE(One.Diags.find("in CTA (9,0,0)"), std::string::npos) << One.Diags;
  std::string Expected;
  for (unsigned C = 0; C <= 9; ++C)
    Expected += "cta " + std::to_string(C) + "\n";
  EXPECT_EQ(One.Printf, Expected);
  // CTAs 0-8 stored out[t] = t; CTA 9 failed at its first store, 10-11 never
  // ran.
  std::vector<uint32_t> Out(12 * 32, 0);
  for (unsigned T = 0; T < 9 * 32; ++T)
    Out[T] = T;
  std::vector<uint8_t> Bytes(Out.size() * 4);
  std::memcpy(Bytes.data(), Out.data(), Bytes.size());
  EXPECT_EQ(One.Buffers[0].second, Bytes);
  for (unsigned Jobs : {2u, 4u, 8u})
    EXPECT_TRUE(runWith(K, L, Jobs) == One) << "jobs " << Jobs;
}

TEST(JobsTest, ARunAgainInOrderStartsFromTheLaunchsBytes) {
  // Every thread adds 1 to out[0]; CTA `bad` then stores out of bounds. A
  // parallel attempt adds for the CTAs it ran before the error ended it; the
  // run in order that follows must start from the buffer the launch gave,
  // or those additions would count twice.
  const char *PTX = R"(.version 7.8
.target sm_80
.address_size 64
.visible .entry count_then_fail(.param .u64 out, .param .u32 bad)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<3>;
  .reg .pred %p1;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [bad];
  cvta.to.global.u64 %rd2, %rd1;
  atom.global.add.u32 %r2, [%rd2], 1;
  mov.u32 %r3, %ctaid.x;
  setp.eq.u32 %p1, %r3, %r1;
  @%p1 st.global.u32 [%rd2+4096], %r3;
  ret;
}
)";
  Session S;
  auto M = S.parseBuffer(PTX, "count_then_fail.ptx");
  ASSERT_TRUE(static_cast<bool>(M)) << llvm::toString(M.takeError());
  auto K = M->kernel("count_then_fail");
  ASSERT_TRUE(static_cast<bool>(K)) << llvm::toString(K.takeError());
  const unsigned Ctas = 400, Bad = 300;
  Launch L;
  L.grid(Ctas).block(32);
  L.buffer("out", std::vector<uint32_t>(1, 7)).scalar("bad", Bad);
  Outcome One = runWith(*K, L, 1);
  EXPECT_FALSE(One.Ok);
  // In order: CTAs 0..Bad each add 32 before CTA Bad's store fails.
  uint32_t Count;
  std::memcpy(&Count, One.Buffers[0].second.data(), 4);
  EXPECT_EQ(Count, 7 + 32 * (Bad + 1));
  for (unsigned Jobs : {2u, 4u})
    EXPECT_TRUE(runWith(*K, L, Jobs) == One) << "jobs " << Jobs;
}

TEST(JobsTest, RandomScheduleAndStepLimitDoNotDependOnJobs) {
  Kernel K = kernelOf("test/Run/Inputs/jobs/jobs.sm_80.ptx", "diverge");
  Launch L;
  L.grid(8).block(64);
  L.buffer("diverge_param_0", std::vector<uint32_t>(8 * 64, 0));
  RunOptions O;
  O.Sched = Schedule::Random;
  O.Seed = 42;
  std::string Trace1, Trace2;
  llvm::raw_string_ostream T1(Trace1), T2(Trace2);
  O.Trace = &T1;
  Outcome One = runWith(K, L, 1, O);
  O.Trace = &T2;
  Outcome Two = runWith(K, L, 2, O);
  T1.flush();
  T2.flush();
  EXPECT_TRUE(One.Ok) << One.Diags;
  EXPECT_TRUE(One == Two);
  EXPECT_EQ(Trace1, Trace2);
  EXPECT_NE(Trace1.find("[cta 7,0,0 warp 1]"), std::string::npos);
  // A step limit crossed in a later CTA: the same report and stats.
  RunOptions S;
  S.MaxSteps = 150;
  Outcome Limited1 = runWith(K, L, 1, S);
  EXPECT_FALSE(Limited1.Ok);
  EXPECT_EQ(Limited1.Warp, 151u);
  EXPECT_TRUE(runWith(K, L, 3, S) == Limited1);
}

} // namespace
