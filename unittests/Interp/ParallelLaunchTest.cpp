//===- ParallelLaunchTest.cpp - A parallel launch without errors runs once ===//
//
// RunOptions::Jobs: a launch runs again in CTA order only after a runtime
// error or the step limit (lib/Interp/RunGrid.cpp). Each thread's step
// limit for its next chunk is its own count plus what the launch has left;
// with no limit (MaxSteps = 2^64 - 1, as bench/grid_reduce asks) that sum
// wrapped around as soon as a thread had run more than the CTAs written in
// order, and an error-free launch ran twice.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IRBuilder.h"
#include "ptxwarp/IR/Reconvergence.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

/// CTA 0 counts to \p Slow, every other CTA to 1: the thread that takes the
/// first chunk finishes it long after the other thread has finished later
/// chunks, which are then not yet written in order.
ir::Function slowFirstCta(uint32_t Slow) {
  ir::Function F;
  F.Name = "slow_first";
  unsigned C = reg(F, "%c", u32()), N = reg(F, "%n", u32()),
           I = reg(F, "%i", u32()), P = reg(F, "%p", pred()),
           Q = reg(F, "%q", pred());
  auto Setp = [&](unsigned D, unsigned A, ir::Operand B, ir::CmpOp Op) {
    auto &S = emit(F, Opcode::Setp, pred(), {R(D), ir::Operand(), R(A), B});
    S.SrcTy = u32();
    S.Sub = uint8_t(Op);
  };
  emit(F, Opcode::Mov, u32(), {R(C), S(ir::SReg::CtaIdX)});
  emit(F, Opcode::Mov, u32(), {R(N), irb::I(1)});
  Setp(P, C, irb::I(0), ir::CmpOp::Eq);
  emit(F, Opcode::Mov, u32(), {R(N), irb::I(Slow)}).Guard = int32_t(P);
  emit(F, Opcode::Mov, u32(), {R(I), irb::I(0)});
  uint32_t Loop = uint32_t(F.Insts.size());
  emit(F, Opcode::Add, u32(), {R(I), R(I), irb::I(1)});
  Setp(Q, I, R(N), ir::CmpOp::Lo);
  emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(Q);
  F.Insts.back().Target = Loop;
  emit(F, Opcode::Exit, u32(), {});
  ir::computeReconvergence(F);
  return F;
}

struct Ran {
  bool Ok;
  std::string Diags;
  interp::RunStats Stats;
};

Ran launch(const ir::Function &F, unsigned Ctas, unsigned Jobs,
           uint64_t MaxSteps) {
  interp::Memory Mem;
  interp::Launch L;
  L.Grid[0] = Ctas;
  L.Block[0] = 32;
  interp::RunOptions Opts;
  Opts.Jobs = Jobs;
  Opts.MaxSteps = MaxSteps;
  DiagnosticEngine Diags;
  Ran Out;
  Out.Ok = interp::run(F, L, Mem, Opts, Diags, Out.Stats);
  for (const Diagnostic &D : Diags.diagnostics())
    Out.Diags += D.Message + "\n";
  return Out;
}

TEST(ParallelLaunch, WithoutALimitAnErrorFreeLaunchRunsOnce) {
  const unsigned Ctas = 2048, Slow = 200000;
  ir::Function F = slowFirstCta(Slow);
  // One warp per CTA: five instructions (the guarded mov counts where its
  // guard is false too), the loop's three per trip, and exit.
  const uint64_t Steps = (6 + 3 * uint64_t(Slow)) + 9 * uint64_t(Ctas - 1);
  Ran One = launch(F, Ctas, 1, ~0ull);
  ASSERT_TRUE(One.Ok) << One.Diags;
  EXPECT_EQ(One.Stats.WarpInstructions, Steps);
  EXPECT_EQ(One.Stats.RunsAgainInOrder, 0u);
  for (unsigned Jobs : {2u, 3u}) {
    Ran Par = launch(F, Ctas, Jobs, ~0ull);
    ASSERT_TRUE(Par.Ok) << Par.Diags;
    EXPECT_EQ(Par.Stats.WarpInstructions, Steps) << "jobs " << Jobs;
    EXPECT_EQ(Par.Stats.RunsAgainInOrder, 0u) << "jobs " << Jobs;
  }
}

TEST(ParallelLaunch, TheStepLimitStillRunsTheLaunchAgainInOrder) {
  // A limit CTA 0 alone crosses: the parallel attempt stops, and the run in
  // order reports the step limit, as --jobs 1 does.
  ir::Function F = slowFirstCta(20000);
  Ran One = launch(F, 256, 1, 50000);
  EXPECT_FALSE(One.Ok);
  EXPECT_NE(One.Diags.find("--max-steps"), std::string::npos) << One.Diags;
  Ran Par = launch(F, 256, 2, 50000);
  EXPECT_FALSE(Par.Ok);
  EXPECT_EQ(Par.Diags, One.Diags);
  EXPECT_EQ(Par.Stats.RunsAgainInOrder, 1u);
}

} // namespace
