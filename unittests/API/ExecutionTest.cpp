//===- ExecutionTest.cpp - Lowering and running kernels through the API ---===//

#include "ApiTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
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

TEST(ExecutionTest, ABufferFilledInPlaceIsWhatTheKernelReads) {
  Kernel K = reduceKernel();
  Launch L;
  L.grid(1).block(32);
  llvm::MutableArrayRef<uint32_t> In = L.bufferToFill<uint32_t>("in", 32);
  ASSERT_EQ(In.size(), 32u);
  EXPECT_TRUE(std::all_of(In.begin(), In.end(),
                          [](uint32_t V) { return V == 0; })); // zeroed
  std::iota(In.begin(), In.end(), 5u); // after binding: in place
  L.buffer("out", std::vector<uint32_t>(32, 0))
      .buffer("odd", std::vector<uint32_t>(1, 0));
  // Binding more parameters moves the bindings, not the bytes.
  In[31] = 1000;
  auto R = K.run(L);
  ASSERT_OK(R);
  EXPECT_TRUE(R->succeeded()) << R->diagnostics().renderText();
  uint32_t Sum = std::accumulate(In.begin(), In.end(), 0u);
  EXPECT_EQ(Sum, (5u + 35u) * 31u / 2 + 1000u);
  for (uint32_t V : R->bufferAs<uint32_t>("out"))
    EXPECT_EQ(V, Sum);
  EXPECT_EQ(R->bufferAs<uint32_t>("in"),
            std::vector<uint32_t>(In.begin(), In.end()));
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
// "executing lane not in membermask" (PTX ISA 9.7.9.6, shfl.sync; README.md,
// "ptx-run").
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

// Stores the 4-byte parameter p to out[0] (test/Run/Inputs/narrow-param.ptx).
const char *Narrow = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry narrow(.param .u32 p, .param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u32 %r1, [p];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  st.global.u32 [%rd1], %r1;
  ret;
}
)";

Kernel narrowKernel() {
  Session S;
  auto M = S.parseBuffer(Narrow, "narrow.ptx");
  EXPECT_TRUE(static_cast<bool>(M));
  auto K = M->kernel("narrow");
  EXPECT_TRUE(static_cast<bool>(K)) << llvm::toString(K.takeError());
  return *K;
}

TEST(ExecutionTest, AParameterBoundTwiceIsAnError) {
  Kernel K = narrowKernel();
  const std::string Twice = "parameter 'p' of kernel 'narrow' is bound twice";
  Launch ByName;
  ByName.block(1).scalar("p", 1u).scalar("p", 2u).buffer(
      "out", std::vector<uint32_t>(1, 0));
  EXPECT_EQ(errorOf(K.run(ByName)), Twice);
  // The first binding has no name, so it is the first parameter: p.
  Launch ByPosition;
  ByPosition.block(1).scalarBits("", 1).scalar("p", 2u).buffer(
      "out", std::vector<uint32_t>(1, 0));
  EXPECT_EQ(errorOf(K.run(ByPosition)), Twice);
  // ptx-run's --launch file, then --param for the same parameter.
  auto F = parseLaunchFile(
      R"({"params": [{"name": "out", "buffer": {"type": "u32", "count": 1}}]})");
  ASSERT_OK(F);
  for (const char *Spec : {"p=u32:1", "out=u32[1]"})
    if (llvm::Error E = addParameterSpec(*F, Spec))
      FAIL() << llvm::toString(std::move(E));
  EXPECT_EQ(errorOf(K.run(*F)),
            "parameter 'out' of kernel 'narrow' is bound twice");
}

TEST(ExecutionTest, ABufferForANarrowParameterIsAnError) {
  Kernel K = narrowKernel();
  const std::string Msg = "parameter 'p' of kernel 'narrow' is too narrow to "
                          "hold a buffer address (4 bytes; an address needs 8)";
  Launch L;
  L.block(1)
      .buffer("p", std::vector<uint32_t>(4, 0))
      .buffer("out", std::vector<uint32_t>(1, 0));
  EXPECT_EQ(errorOf(K.run(L)), Msg);
  Launch T;
  T.block(1);
  for (const char *Spec : {"p=u32[4]", "out=u32[1]"})
    if (llvm::Error E = addParameterSpec(T, Spec))
      FAIL() << llvm::toString(std::move(E));
  EXPECT_EQ(errorOf(K.run(T)), Msg);
}

TEST(ExecutionTest, PositionalBindingAndLaunchLimits) {
  Kernel K = narrowKernel();
  Launch L;
  L.block(1).scalarBits("", 9).typedBuffer("", "u32",
                                           std::vector<uint8_t>(4, 0xee));
  auto R = K.run(L);
  ASSERT_OK(R);
  EXPECT_TRUE(R->succeeded()) << R->diagnostics().renderText();
  EXPECT_EQ(R->bufferAs<uint32_t>("out"), std::vector<uint32_t>{9u});
  EXPECT_EQ(R->bufferType("out"), "u32");
  EXPECT_EQ(R->bufferType("p"), "");

  Launch Many = L;
  Many.scalarBits("", 3);
  EXPECT_EQ(errorOf(K.run(Many)), "too many parameters for kernel 'narrow' "
                                  "(it has 2)");
  // CUDA's limits: 1024 threads per block, grid y and z at most 65535.
  Launch Big = L;
  Big.block(32, 32, 2);
  EXPECT_EQ(errorOf(K.run(Big)),
            "kernel 'narrow': a block of 32x32x2 = 2048 threads is more than "
            "CUDA's limit of 1024 threads per block");
  Launch Wide = L;
  Wide.grid(1, 65536);
  EXPECT_EQ(errorOf(K.run(Wide)), "kernel 'narrow': grid dimension y is "
                                  "65536, more than CUDA's limit of 65535");
  Launch Shared = L;
  Shared.dynamicShared(4096);
  RunOptions Small;
  Small.MemoryLimit = 4095;
  // 4096 dynamic + the 4-byte buffer (the launch's own bytes).
  EXPECT_EQ(errorOf(K.run(Shared, Small)),
            "the launch's buffers and dynamic shared memory need 4100 bytes, "
            "more than the memory limit of 4095");
}

/// out[0] = n (.u32), out[1] = x (.f32 bits), out[2..3] = count (.u64, no
/// address); out is used as an address.
const char *Typed = R"(.version 7.8
.target sm_80
.address_size 64
.visible .entry typed(.param .u64 out, .param .u32 n, .param .f32 x,
                      .param .u64 count)
{
  .reg .b32 %r<2>;
  .reg .f32 %f<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [x];
  ld.param.u64 %rd2, [count];
  st.global.u32 [%rd1], %r1;
  st.global.f32 [%rd1+4], %f1;
  st.global.u64 [%rd1+8], %rd2;
  ret;
}
)";

TEST(ExecutionTest, ScalarsAreCheckedAgainstTheDeclaration) {
  Session S;
  auto M = S.parseBuffer(Typed, "typed.ptx");
  ASSERT_OK(M);
  auto K = M->kernel("typed");
  ASSERT_OK(K);
  auto Make = [](auto N, auto X) {
    Launch L;
    L.block(1)
        .buffer("out", std::vector<uint32_t>(4, 0))
        .scalar("n", N)
        .scalar("x", X)
        .scalar("count", uint64_t(1) << 32);
    return L;
  };
  // C++ types map to PTX types: int 7 is an s32 value of the .u32,
  // 1.5f an f32; count 2^32 is (0, 1) in u32 halves.
  auto R = K->run(Make(7, 1.5f));
  ASSERT_OK(R);
  EXPECT_EQ(R->bufferAs<uint32_t>("out"),
            (std::vector<uint32_t>{7, 0x3FC00000u, 0, 1}));
  EXPECT_EQ(errorOf(K->run(Make(100.0, 1.5f))),
            "parameter 'n' of kernel 'typed' is declared .u32; got f64:100, "
            "expected an integer from 0 to 4294967295 (n=u32:VALUE)");
  EXPECT_EQ(errorOf(K->run(Make(-5, 1.5f))),
            "parameter 'n' of kernel 'typed' is declared .u32; got s32:-5, "
            "expected an integer from 0 to 4294967295 (n=u32:VALUE)");
  EXPECT_EQ(errorOf(K->run(Make(uint64_t(1) << 32, 1.5f))),
            "parameter 'n' of kernel 'typed' is declared .u32; got "
            "u64:4294967296, expected an integer from 0 to 4294967295 "
            "(n=u32:VALUE)");
  EXPECT_EQ(errorOf(K->run(Make(7u, 1.5))),
            "parameter 'x' of kernel 'typed' is declared .f32; got f64:1.5, "
            "expected an f32 value (x=f32:VALUE)");
  EXPECT_EQ(errorOf(K->run(Make(7u, 1))),
            "parameter 'x' of kernel 'typed' is declared .f32; got s32:1, "
            "expected an f32 value (x=f32:VALUE)");

  // A pointer parameter takes a buffer or an explicit address, never a
  // plain integer.
  Launch P;
  P.block(1).scalar("out", uint64_t(4096)).scalar("n", 1u).scalar("x", 1.0f);
  P.scalar("count", uint64_t(0));
  EXPECT_EQ(errorOf(K->run(P)),
            "parameter 'out' of kernel 'typed' is declared .u64 and used as "
            "an address (line 11: cvta.to.global.u64 %rd1, %rd1); got "
            "u64:4096, expected a buffer (out=u32[N]) or an explicit address "
            "(out=ptr:0x...)");
  Launch A;
  A.block(1).address("out", 4096).scalar("n", 1u).scalar("x", 1.0f);
  A.address("count", 16);
  auto RA = K->run(A);
  ASSERT_OK(RA);
  EXPECT_FALSE(RA->succeeded()); // the store to 0x1000 is out of bounds
  Launch Narrow = A;
  Narrow.Bindings[1] = Launch().address("n", 16).Bindings[0];
  EXPECT_EQ(errorOf(K->run(Narrow)),
            "parameter 'n' of kernel 'typed' is declared .u32; got ptr:0x10, "
            "but an address needs a .u64, .s64 or .b64 parameter");

  // Raw bits fit the width, zero- or sign-extended.
  Launch Raw;
  Raw.block(1).buffer("out", std::vector<uint32_t>(4, 0));
  Raw.scalarBits("n", ~uint64_t(0)).scalar("x", 0.0f).scalar("count", 0u);
  EXPECT_EQ(errorOf(K->run(Raw)), "<no error>");
  Raw.Bindings[1].Bits = uint64_t(1) << 32;
  EXPECT_EQ(errorOf(K->run(Raw)),
            "parameter 'n' of kernel 'typed' is declared .u32; got the raw "
            "bits 0x100000000, which does not fit its 4 bytes");
}

TEST(ExecutionTest, LaunchLimitsNameTheNumber) {
  Kernel K = narrowKernel();
  Launch L;
  L.scalar("p", 1u).buffer("out", std::vector<uint32_t>(1, 0));
  Launch Z = L;
  Z.block(1, 1, 65);
  EXPECT_EQ(errorOf(K.run(Z)), "kernel 'narrow': block dimension z is 65, "
                               "more than CUDA's limit of 64");
  Launch X = L;
  X.grid(0x80000000u);
  EXPECT_EQ(errorOf(K.run(X)), "kernel 'narrow': grid dimension x is "
                               "2147483648, more than CUDA's limit of "
                               "2147483647");
  Launch Zero = L;
  Zero.block(0);
  EXPECT_EQ(errorOf(K.run(Zero)), "kernel 'narrow': block dimension x is 0; "
                                  "every dimension must be at least 1");
  // Narrow is sm_80: 163 KB = 166912 bytes of shared memory per CTA.
  Launch Sh = L;
  Sh.block(1).dynamicShared(166912);
  EXPECT_EQ(errorOf(K.run(Sh)), "<no error>");
  Sh.dynamicShared(166913);
  EXPECT_EQ(errorOf(K.run(Sh)),
            "kernel 'narrow' needs 166913 bytes of shared memory per CTA (0 "
            "static + 166913 dynamic), more than the 166912 bytes (163 KB) a "
            "CTA may use on sm_80");
}

TEST(ExecutionTest, LaunchFileValidation) {
  EXPECT_EQ(errorOf(parseLaunchFile(R"({"dynamic_shared_byte": 1})")),
            "launch file: unknown key 'dynamic_shared_byte' in the launch "
            "object (expected entry, grid, block, dynamic_shared_bytes, "
            "params); did you mean 'dynamic_shared_bytes'?");
  EXPECT_EQ(errorOf(parseLaunchFile(R"({"grid": [1, 1, 1, 1]})")),
            "launch file: 'grid' has 4 elements, expected 1 to 3 ([X, Y, Z])");
  EXPECT_EQ(
      errorOf(parseLaunchFile(
          R"({"params": [{"buffer": {"type": "u8", "data": [255, 256]}}]})")),
      "launch file: params[0].buffer.data[1]: 256 is out of range for u8 (0 "
      "to 255)");
  // A scalar keeps its written type and sign for Kernel::run.
  auto L = parseLaunchFile(
      R"({"params": [{"scalar": {"type": "u32", "value": -5}},
                     {"scalar": {"type": "s16", "bits": 65535}},
                     {"scalar": {"type": "ptr", "value": "0x10"}}]})");
  ASSERT_OK(L);
  ASSERT_EQ(L->Bindings.size(), 3u);
  EXPECT_EQ(L->Bindings[0].Type, "u32");
  EXPECT_TRUE(L->Bindings[0].Negative);
  EXPECT_EQ(int64_t(L->Bindings[0].Bits), -5);
  EXPECT_EQ(L->Bindings[1].Type, "s16"); // bits 0xffff of an s16 are -1
  EXPECT_TRUE(L->Bindings[1].Negative);
  EXPECT_EQ(int64_t(L->Bindings[1].Bits), -1);
  EXPECT_EQ(L->Bindings[2].Type, "ptr");
  EXPECT_EQ(L->Bindings[2].Bits, 16u);

  Launch P;
  EXPECT_EQ(llvm::toString(addParameterSpec(P, "in=u32[2]=1,2,3")),
            "in=u32[2]=1,2,3: 3 values for 2 elements");
  EXPECT_EQ(llvm::toString(addParameterSpec(P, "in=s8[1]=-129")),
            "in=s8[1]=-129: value 1: -129 is out of range for s8 (-128 to "
            "127)");
}

TEST(ExecutionTest, LaunchFromText) {
  std::string Entry;
  auto L = parseLaunchFile(
      R"({"entry": "k", "grid": [2, 3], "block": [64],
          "dynamic_shared_bytes": 16,
          "params": [{"name": "x", "scalar": {"type": "f32", "value": 1.5}},
                     {"buffer": {"type": "u16", "count": 3, "init": "iota"}}]})",
      1 << 20, &Entry);
  ASSERT_OK(L);
  EXPECT_EQ(Entry, "k");
  EXPECT_EQ(std::vector<unsigned>(L->Grid, L->Grid + 3),
            (std::vector<unsigned>{2, 3, 1}));
  EXPECT_EQ(std::vector<unsigned>(L->Block, L->Block + 3),
            (std::vector<unsigned>{64, 1, 1}));
  EXPECT_EQ(L->DynamicSharedBytes, 16u);
  ASSERT_EQ(L->Bindings.size(), 2u);
  // 1.5 = 1.1b x 2^0: sign 0, exponent 127, fraction 0x400000.
  EXPECT_EQ(L->Bindings[0].Param, "x");
  EXPECT_FALSE(L->Bindings[0].IsBuffer);
  EXPECT_EQ(L->Bindings[0].Bits, 0x3FC00000u);
  EXPECT_EQ(L->Bindings[1].Param, "");
  EXPECT_TRUE(L->Bindings[1].IsBuffer);
  EXPECT_EQ(L->Bindings[1].Type, "u16");
  EXPECT_EQ(L->Bindings[1].Bytes, (std::vector<uint8_t>{0, 0, 1, 0, 2, 0}));

  Launch P;
  if (llvm::Error E = addParameterSpec(P, "n=s32:-2"))
    FAIL() << llvm::toString(std::move(E));
  if (llvm::Error E = addParameterSpec(P, "v=u8[4]=1,2"))
    FAIL() << llvm::toString(std::move(E));
  ASSERT_EQ(P.Bindings.size(), 2u);
  EXPECT_EQ(P.Bindings[0].Bits, ~uint64_t(1)); // -2, two's complement
  EXPECT_EQ(P.Bindings[1].Bytes, (std::vector<uint8_t>{1, 2, 0, 0}));
  llvm::Error Bad = addParameterSpec(P, "n");
  ASSERT_TRUE(static_cast<bool>(Bad));
  EXPECT_EQ(llvm::toString(std::move(Bad)),
            "--param expects NAME=SPEC, got 'n'");
  EXPECT_EQ(errorOf(parseLaunchFile("[1]")),
            "launch file: expected a JSON object, got an array");
  EXPECT_EQ(errorOf(parseLaunchFile(
                R"({"params": [{"buffer": {"type": "u32", "count": 2}}]})", 7)),
            "launch file: buffer '' is larger than the memory limit (7 bytes)");

  auto D = parseDimensions("2, 3");
  ASSERT_OK(D);
  EXPECT_EQ(*D, (std::array<unsigned, 3>{2, 3, 1}));
  EXPECT_EQ(errorOf(parseDimensions("1,0")),
            "expected positive dimensions X[,Y[,Z]], got '1,0'");
}

TEST(ExecutionTest, RegistersTraceAndPrintf) {
  Kernel K = reduceKernel();
  std::vector<std::string> Regs = K.registerNames();
  EXPECT_NE(std::find(Regs.begin(), Regs.end(), "%r1"), Regs.end());
  Launch L;
  L.block(64)
      .buffer("in", std::vector<uint32_t>(64, 1))
      .buffer("out", std::vector<uint32_t>(64, 0))
      .buffer("odd", std::vector<uint32_t>(2, 0));
  RunOptions O;
  O.DumpRegisters = {"%r1", "%nosuch", "%rd9"};
  std::string Trace;
  llvm::raw_string_ostream TraceOS(Trace);
  O.Trace = &TraceOS;
  auto R = K.run(L, O);
  ASSERT_OK(R);
  EXPECT_TRUE(R->succeeded()) << R->diagnostics().renderText();
  // %r1 = %tid.x in every one of the 64 threads; %rd9 is declared
  // (%rd<8> is %rd0-%rd7, so it is not) and %nosuch is not.
  ASSERT_EQ(R->registers().size(), 1u);
  const RunResult::RegisterValues *R1 = R->registerValues("%r1");
  ASSERT_NE(R1, nullptr);
  EXPECT_EQ(R1->Type, "b32"); // as declared: .reg .b32 %r<16>
  ASSERT_EQ(R1->Values.size(), 64u);
  for (unsigned T = 0; T < 64; ++T) {
    EXPECT_EQ(R1->Values[T], T);
    EXPECT_FALSE(R1->Undefined[T]);
  }
  EXPECT_EQ(R->registerValues("%nosuch"), nullptr);
  // The trace names every warp and the shuffles it ran.
  TraceOS.flush();
  EXPECT_NE(Trace.find("warp 0]"), std::string::npos);
  EXPECT_NE(Trace.find("warp 1]"), std::string::npos);
  EXPECT_NE(Trace.find("shfl.sync.bfly.b32"), std::string::npos);
  // Each warp sums its 32 ones.
  EXPECT_EQ(R->bufferAs<uint32_t>("out"), std::vector<uint32_t>(64, 32));

  // Device printf goes to PrintfOut (nvcc's kernel: printf.ptx).
  Session S;
  auto M = S.parseFile(std::string(PTXWARP_SOURCE_DIR) +
                       "/test/Run/Inputs/printf.ptx");
  ASSERT_OK(M);
  auto P = M->kernel("_Z5helloif");
  ASSERT_OK(P);
  Launch PL;
  PL.block(2)
      .scalar("_Z5helloif_param_0", 2)
      .scalar("_Z5helloif_param_1", 1.5f);
  std::string Printed;
  llvm::raw_string_ostream PrintedOS(Printed);
  RunOptions PO;
  PO.PrintfOut = &PrintedOS;
  auto PR = P->run(PL, PO);
  ASSERT_OK(PR);
  PrintedOS.flush();
  // printf("lane %d of %d: %.2f %s %ld\n", tid, n, x * tid, "ok",
  //        tid * 1000000000000L)
  EXPECT_EQ(Printed, "lane 0 of 2: 0.00 ok 0\n"
                     "lane 1 of 2: 1.50 ok 1000000000000\n");
}

TEST(ExecutionTest, PrintIR) {
  Kernel K = reduceKernel();
  std::string IR = K.printIR();
  EXPECT_NE(IR.find("warp_reduce"), std::string::npos) << IR;
}

} // namespace

TEST(ExecutionTest, RegistersOfAChosenCta) {
  // %r4 = 100 * %ctaid.x + 10 * %ctaid.y + %tid.x.
  Session S;
  auto M = S.parseBuffer(R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry ids()
{
  .reg .u32 %r<5>;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ctaid.y;
  mov.u32 %r3, %tid.x;
  mad.lo.u32 %r4, %r1, 100, %r3;
  mad.lo.u32 %r4, %r2, 10, %r4;
  ret;
}
)",
                         "ids.ptx");
  ASSERT_OK(M);
  auto K = M->kernel("ids");
  ASSERT_OK(K);
  Launch L;
  L.grid(3, 2).block(4);
  RunOptions O;
  O.DumpRegisters = {"%r4"};
  O.DumpCta = {2, 1, 0};
  auto R = K->run(L, O);
  ASSERT_OK(R);
  const RunResult::RegisterValues *R4 = R->registerValues("%r4");
  ASSERT_NE(R4, nullptr);
  EXPECT_EQ(R4->Cta, (std::array<unsigned, 3>{2, 1, 0}));
  EXPECT_EQ(R4->Values, (std::vector<uint64_t>{210, 211, 212, 213}));
  // Outside the grid: y is 2 in a grid of height 2.
  O.DumpCta = {0, 2, 0};
  EXPECT_EQ(errorOf(K->run(L, O)),
            "cannot dump the registers of CTA (0,2,0): the grid is 3x2x1, so "
            "its y must be below 2");
}

// A register no thread reads before writing it is not reset between the
// CTAs one worker runs (the interpreter only resets the registers some
// thread may read first). A thread of CTA 1 that exits before writing %r2
// must still see it undefined and read 0 there, not the 77 that CTA 0 left
// in the same warp's storage.
TEST(ExecutionTest, UnwrittenRegisterOfALaterCtaIsUndefined) {
  Session S;
  auto M = S.parseBuffer(R"(.version 7.8
.target sm_80
.address_size 64
.visible .entry stale()
{
  .reg .b32 %r<4>;
  .reg .pred %p<2>;
  mov.u32 %r1, %ctaid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 exit;
  mov.u32 %r2, 77;
  ret;
}
)",
                         "stale.ptx");
  ASSERT_OK(M);
  auto K = M->kernel("stale");
  ASSERT_OK(K);
  Launch L;
  L.grid(2).block(4);
  RunOptions O;
  O.Jobs = 1; // CTA 1 runs after CTA 0, in the same warps
  O.DumpRegisters = {"%r2"};
  for (unsigned Cta : {0u, 1u}) {
    O.DumpCta = {Cta, 0, 0};
    auto R = K->run(L, O);
    ASSERT_OK(R);
    ASSERT_TRUE(R->succeeded()) << R->diagnostics().renderText();
    const RunResult::RegisterValues *R2 = R->registerValues("%r2");
    ASSERT_NE(R2, nullptr);
    EXPECT_EQ(R2->Values, (std::vector<uint64_t>(4, Cta == 0 ? 77 : 0)));
    EXPECT_EQ(R2->Undefined, std::vector<bool>(4, Cta == 1));
  }
}
