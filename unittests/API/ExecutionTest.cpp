//===- ExecutionTest.cpp - Lowering and running kernels through the API ---===//

#include "ApiTestUtil.h"

#include <numeric>

using namespace ptxwarp::api;
using ptxwarp::api::testing::errorOf;

namespace {

Kernel reduceKernel() {
  Session S;
  auto M = S.parseFile(std::string(PTXWARP_SOURCE_DIR) +
                       "/examples/warp_reduce.ptx");
  EXPECT_TRUE(static_cast<bool>(M));
  auto K = M->kernel("warp_reduce");
  EXPECT_TRUE(static_cast<bool>(K)) << llvm::toString(K.takeError());
  return *K; // the Kernel keeps the module alive after M goes away
}

TEST(ExecutionTest, WarpReduceRunsManyTimesWithoutReparsing) {
  Kernel K = reduceKernel();
  EXPECT_EQ(K.name(), "warp_reduce");
  EXPECT_EQ(K.parameterNames(), (std::vector<std::string>{"in", "out", "odd"}));
  for (uint32_t Base : {0u, 100u, 7u}) {
    std::vector<uint32_t> In(32);
    std::iota(In.begin(), In.end(), Base);
    Launch L;
    L.grid(1).block(32);
    L.buffer("in", In)
        .buffer("out", std::vector<uint32_t>(32, 0))
        .buffer("odd", std::vector<uint32_t>(1, 0));
    auto R = K.run(L);
    ASSERT_OK(R);
    EXPECT_TRUE(R->succeeded()) << R->diagnostics().renderText();
    uint32_t Sum = std::accumulate(In.begin(), In.end(), 0u);
    std::vector<uint32_t> Out = R->bufferAs<uint32_t>("out");
    ASSERT_EQ(Out.size(), 32u);
    for (uint32_t V : Out)
      EXPECT_EQ(V, Sum);
    EXPECT_EQ(R->bufferAs<uint32_t>("odd"), std::vector<uint32_t>{16u});
    // One warp: 33 instructions minus the skipped store on 31 lanes...
    EXPECT_GT(R->stats().WarpInstructions, 30u);
    EXPECT_GE(R->stats().LaneInstructions, 32u * 30u);
    // The input buffer comes back too, unchanged.
    EXPECT_EQ(R->bufferAs<uint32_t>("in"), In);
  }
}

TEST(ExecutionTest, SchedulesAgreeOnAConvergentKernel) {
  Kernel K = reduceKernel();
  std::vector<uint32_t> In(32, 3);
  for (Schedule Sch :
       {Schedule::Converged, Schedule::Lockstep, Schedule::Random}) {
    Launch L;
    L.buffer("in", In)
        .buffer("out", std::vector<uint32_t>(32, 0))
        .buffer("odd", std::vector<uint32_t>(1, 0));
    RunOptions O;
    O.Sched = Sch;
    O.Seed = 42;
    auto R = K.run(L, O);
    ASSERT_OK(R);
    EXPECT_TRUE(R->succeeded());
    EXPECT_EQ(R->bufferAs<uint32_t>("out"), std::vector<uint32_t>(32, 96));
  }
}

TEST(ExecutionTest, LaunchMistakesAreErrors) {
  Kernel K = reduceKernel();
  Launch Missing;
  Missing.buffer("in", std::vector<uint32_t>(32, 0));
  EXPECT_NE(errorOf(K.run(Missing)).find("no value for parameter 'out'"),
            std::string::npos);
  Launch Unknown = Missing;
  Unknown.buffer("bogus", std::vector<uint8_t>(4));
  EXPECT_NE(errorOf(K.run(Unknown)).find("no parameter named 'bogus'"),
            std::string::npos);
  Launch Twice = Missing;
  Twice.buffer("in", std::vector<uint8_t>(4));
  EXPECT_NE(errorOf(K.run(Twice)).find("bound twice"), std::string::npos);
  Launch ZeroGrid;
  ZeroGrid.grid(0);
  EXPECT_NE(errorOf(K.run(ZeroGrid)).find("at least 1"), std::string::npos);
}

// Lanes 16-31 execute a shfl whose membermask names only lanes 0-15: UB (a),
// "executing lane not in membermask" (seed 003; oracle/convergence).
const char *NotMember = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry bad(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shfl.sync.idx.b32 %r2, %r1, 0, 31, 0xffff;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";

TEST(ExecutionTest, RuntimeErrorsAreDiagnosticsWithLanes) {
  Session S;
  auto M = S.parseBuffer(NotMember, "ub.ptx");
  ASSERT_OK(M);
  auto K = M->kernel("bad");
  ASSERT_OK(K);
  Launch L;
  L.buffer("out", std::vector<uint32_t>(1, 0));
  auto R = K->run(L);
  ASSERT_OK(R); // the call worked; the kernel did not
  EXPECT_FALSE(R->succeeded());
  const DiagnosticList &D = R->diagnostics();
  ASSERT_GE(D.errorCount(), 1u) << D.renderText();
  const Diagnostic &X = D[0];
  EXPECT_EQ(X.Id, "ub-exec-not-member") << D.renderText();
  EXPECT_EQ(X.Location.File, "ub.ptx");
  EXPECT_EQ(X.Location.Line, 10u);
  ASSERT_FALSE(X.Lanes.empty());
  EXPECT_GE(X.Lanes.front(), 16u);
  EXPECT_EQ(X.Lanes.back(), 31u);
}

TEST(ExecutionTest, StepLimitAndScalars) {
  // An endless loop stops at MaxSteps; the scalar decides the trip.
  Session S;
  auto M = S.parseBuffer(R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry spin(.param .u32 n, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  .reg .pred %p<2>;
  ld.param.u32 %r1, [n];
  ld.param.u64 %rd1, [out];
  mov.u32 %r2, 0;
$L:
  add.u32 %r2, %r2, 1;
  setp.ne.u32 %p1, %r2, %r1;
  @%p1 bra $L;
  st.global.u32 [%rd1], %r2;
  ret;
}
)",
                         "spin.ptx");
  ASSERT_OK(M);
  auto K = M->kernel("spin");
  ASSERT_OK(K);
  Launch L;
  L.block(1).scalar("n", 5u).buffer("out", std::vector<uint32_t>(1, 0));
  auto R = K->run(L);
  ASSERT_OK(R);
  EXPECT_TRUE(R->succeeded()) << R->diagnostics().renderText();
  EXPECT_EQ(R->bufferAs<uint32_t>("out"), std::vector<uint32_t>{5u});

  Launch Forever;
  Forever.block(1).scalar("n", 0u).buffer("out", std::vector<uint32_t>(1, 0));
  RunOptions O;
  O.MaxSteps = 1000;
  auto R2 = K->run(Forever, O);
  ASSERT_OK(R2);
  EXPECT_FALSE(R2->succeeded());
  ASSERT_FALSE(R2->diagnostics().empty());
  EXPECT_EQ(R2->diagnostics()[0].Id, "step-limit");
}

TEST(ExecutionTest, LoweringFailureCarriesTheDiagnostics) {
  Session S;
  std::string Src = NotMember;
  Src.replace(Src.find("%r1, 0, 31"), 3, "%r9"); // undeclared register
  auto M = S.parseBuffer(Src, "bad.ptx");
  ASSERT_OK(M);
  std::string Msg = errorOf(M->kernel("bad"));
  EXPECT_NE(Msg.find("bad.ptx:10:"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("[undeclared-symbol]"), std::string::npos) << Msg;
}

TEST(ExecutionTest, PrintIR) {
  Kernel K = reduceKernel();
  std::string IR = K.printIR();
  EXPECT_NE(IR.find("warp_reduce"), std::string::npos) << IR;
}

} // namespace
