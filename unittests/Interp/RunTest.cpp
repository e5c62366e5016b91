//===- RunTest.cpp - The ITS scheduler and runtime checks, on hand-made IR ===//
//
// Kernels are written directly in IR (IRBuilder.h) so these tests exercise
// the interpreter alone: independent thread scheduling, each UB category
// (a)-(e) of README.md ("ptx-run"), exits that must not block, CTA barriers,
// bounds checks and the step limit.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IRBuilder.h"
#include "ptxwarp/Interp/Interpreter.h"
#include "ptxwarp/Interp/WarpOps.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

struct Kernel {
  ir::Function F;
  unsigned Lane, Tmp, P, Out, Addr, Mask;
  Kernel() {
    Lane = reg(F, "%lane", u32());
    Tmp = reg(F, "%t", u32());
    P = reg(F, "%p", pred());
    Out = reg(F, "%out", u64());
    Addr = reg(F, "%a", u64());
    Mask = reg(F, "%m", u32());
    F.Params.push_back(ir::KernelParam{"out", u64(), 0, 8, true});
    F.ParamBytes = 8;
    emit(F, Opcode::Mov, u32(), {R(Lane), S(ir::SReg::LaneId)});
    ir::Operand PA;
    PA.K = ir::Operand::Addr;
    PA.Sp = ir::Space::KernelParam;
    emit(F, Opcode::Ld, u64(), {R(Out), PA}).Vec = 1;
  }
  /// p = lane < N.
  void laneLess(unsigned N) {
    auto &I = emit(F, Opcode::Setp, pred(),
                   {R(P), ir::Operand(), R(Lane), irb::I(N)});
    I.SrcTy = u32();
    I.Sub = uint8_t(ir::CmpOp::Lt);
  }
  /// out[lane] = Val (u32).
  void store(unsigned Val) {
    auto &W = emit(F, Opcode::Mul, u32(), {R(Addr), R(Lane), irb::I(4)});
    W.Ty = u32();
    W.Sub = 2; // wide
    emit(F, Opcode::Add, u64(), {R(Addr), R(Addr), R(Out)});
    ir::Operand A;
    A.K = ir::Operand::Addr;
    A.Sp = ir::Space::Global;
    A.RegNo = int32_t(Addr);
    emit(F, Opcode::St, u32(), {A, R(Val)}).Vec = 1;
  }
  ir::Inst &shflDown(unsigned D, unsigned Src, ir::Operand MaskOp) {
    auto &I =
        emit(F, Opcode::Shfl, b32(),
             {R(D), ir::Operand(), R(Src), irb::I(1), irb::I(0x1f), MaskOp});
    I.Sub = uint8_t(interp::ShflMode::Down);
    return I;
  }
  unsigned here() const { return unsigned(F.Insts.size()); }
};

struct Result {
  bool Ok;
  std::vector<Diagnostic> Diags;
  std::vector<uint32_t> Out;
};

Result runIt(Kernel &K, unsigned Threads = 32,
             interp::SchedPolicy Sched = interp::SchedPolicy::Converged) {
  emit(K.F, Opcode::Exit, u32(), {});
  ir::computeReconvergence(K.F);
  interp::Memory Mem;
  interp::Launch L;
  L.Block[0] = Threads;
  uint64_t Base =
      Mem.allocate("out", std::vector<uint8_t>(Threads * 4, 0), u32());
  L.ParamBlock.resize(8);
  std::memcpy(L.ParamBlock.data(), &Base, 8);
  interp::RunOptions Opts;
  Opts.Sched = Sched;
  Opts.MaxSteps = 100000;
  DiagnosticEngine Diags;
  interp::RunStats Stats;
  Result R;
  R.Ok = interp::run(K.F, L, Mem, Opts, Diags, Stats);
  R.Diags = Diags.diagnostics();
  R.Out.resize(Threads);
  std::memcpy(R.Out.data(), Mem.byName("out")->Data.data(), Threads * 4);
  return R;
}

TEST(Run, ConvergedShflStoresNeighbour) {
  Kernel K;
  K.shflDown(K.Tmp, K.Lane, irb::I(~0u));
  K.store(K.Tmp);
  Result R = runIt(K);
  ASSERT_TRUE(R.Ok);
  for (unsigned L = 0; L < 32; ++L)
    EXPECT_EQ(R.Out[L], L == 31 ? 31u : L + 1);
}

TEST(Run, ExecutingLaneNotInMaskIsUBa) {
  Kernel K;
  K.shflDown(K.Tmp, K.Lane, irb::I(0x0000ffff)); // lanes 16-31 not in mask
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  ASSERT_EQ(R.Diags.size(), 1u);
  EXPECT_EQ(R.Diags[0].ID, DiagID::UBExecNotMember);
  EXPECT_EQ(R.Diags[0].Threads.front(), 16u);
}

TEST(Run, ZeroMaskIsUBe) {
  Kernel K;
  K.shflDown(K.Tmp, K.Lane, irb::I(0));
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::UBZeroMask);
}

TEST(Run, MembersAtDifferentSyncsDeadlockUBb) {
  // if (lane < 16) shfl(full) else vote(full): each half waits for the other.
  Kernel K;
  K.laneLess(16);
  auto &B = emit(K.F, Opcode::Bra, u32(), {});
  B.Guard = int32_t(K.P);
  unsigned BraAt = K.here() - 1;
  auto &V = emit(K.F, Opcode::Vote, b32(), {R(K.Tmp), R(K.P), irb::I(~0u)});
  V.Sub = uint8_t(interp::VoteMode::Ballot);
  auto &J = emit(K.F, Opcode::Bra, u32(), {});
  unsigned JoinAt = K.here() - 1;
  K.F.Insts[BraAt].Target = K.here();
  K.shflDown(K.Tmp, K.Lane, irb::I(~0u));
  K.F.Insts[JoinAt].Target = K.here();
  (void)J;
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::UBDeadlock);
  EXPECT_EQ(R.Diags[0].Threads.size(), 32u);
}

TEST(Run, MemberThatExitsDoesNotBlock) {
  // Lanes >= 16 exit; the rest shfl with the full mask: not an error.
  Kernel K;
  K.laneLess(16);
  auto &X = emit(K.F, Opcode::Exit, u32(), {});
  X.Guard = int32_t(K.P);
  X.GuardNeg = true;
  K.shflDown(K.Tmp, K.Lane, irb::I(~0u));
  emit(K.F, Opcode::Mov, u32(), {R(K.Tmp), irb::I(7)});
  K.store(K.Tmp);
  Result R = runIt(K);
  ASSERT_TRUE(R.Ok) << (R.Diags.empty() ? "" : R.Diags[0].Message);
  EXPECT_EQ(R.Out[0], 7u);
  EXPECT_EQ(R.Out[20], 0u);
}

TEST(Run, UndefinedShflResultStoredIsUBd) {
  // Lanes < 16 shfl.down with mask 0xffff: lane 15 reads lane 16 (absent).
  Kernel K;
  K.laneLess(16);
  auto &X = emit(K.F, Opcode::Exit, u32(), {});
  X.Guard = int32_t(K.P);
  X.GuardNeg = true;
  K.shflDown(K.Tmp, K.Lane, irb::I(0xffff));
  K.store(K.Tmp);
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::UBUndefinedUse);
  EXPECT_EQ(R.Diags[0].Threads, std::vector<unsigned>{15});
}

TEST(Run, UndefinedValueDiscardedBySelpIsFine) {
  Kernel K;
  K.laneLess(16);
  auto &X = emit(K.F, Opcode::Exit, u32(), {});
  X.Guard = int32_t(K.P);
  X.GuardNeg = true;
  K.shflDown(K.Tmp, K.Lane, irb::I(0xffff));
  K.laneLess(15);
  emit(K.F, Opcode::Selp, u32(), {R(K.Tmp), R(K.Tmp), irb::I(99), R(K.P)});
  K.store(K.Tmp);
  Result R = runIt(K);
  ASSERT_TRUE(R.Ok);
  EXPECT_EQ(R.Out[14], 15u);
  EXPECT_EQ(R.Out[15], 99u);
}

TEST(Run, RegisterReadBeforeWriteIsUndefined) {
  // %m is never written: %t = %m + 1 stored to global memory is a use, and
  // the report names %m.
  Kernel K;
  emit(K.F, Opcode::Add, u32(), {R(K.Tmp), R(K.Mask), irb::I(1)});
  K.store(K.Tmp);
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::UBUndefinedUse);
  EXPECT_EQ(R.Diags[0].Threads.size(), 32u);
  EXPECT_NE(R.Diags[0].Message.find("register %m, read before any write"),
            std::string::npos)
      << R.Diags[0].Message;
}

TEST(Run, CarryFlagCarriesUndefinedness) {
  // Lanes < 16 shfl.down with mask 0xffff: lane 15 reads lane 16 (absent).
  // add.cc of that value sets CC.CF undefined in lane 15, so addc of two
  // constants is undefined there too (the carry decides its value).
  Kernel K;
  K.laneLess(16);
  auto &X = emit(K.F, Opcode::Exit, u32(), {});
  X.Guard = int32_t(K.P);
  X.GuardNeg = true;
  K.shflDown(K.Tmp, K.Lane, irb::I(0xffff));
  emit(K.F, Opcode::Add, u32(), {R(K.Mask), R(K.Tmp), irb::I(1)}).CarryOut =
      true;
  auto &C = emit(K.F, Opcode::Add, u32(), {R(K.Tmp), irb::I(0), irb::I(0)});
  C.CarryIn = true;
  K.store(K.Tmp);
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::UBUndefinedUse);
  EXPECT_EQ(R.Diags[0].Threads, std::vector<unsigned>{15});
}

TEST(Run, OutOfBoundsStoreNamesLaneAndBuffer) {
  Kernel K;
  emit(K.F, Opcode::Add, u32(), {R(K.Lane), R(K.Lane), irb::I(1)});
  K.store(K.Lane); // lane 31 writes out[32]
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::OutOfBounds);
  EXPECT_EQ(R.Diags[0].Threads, std::vector<unsigned>{31});
  EXPECT_NE(R.Diags[0].Message.find("'out'"), std::string::npos);
}

TEST(Run, StepLimitStopsAnInfiniteLoop) {
  Kernel K;
  auto &B = emit(K.F, Opcode::Bra, u32(), {});
  B.Target = K.here() - 1;
  Result R = runIt(K);
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Diags[0].ID, DiagID::StepLimit);
}

TEST(Run, BarSyncAcrossWarps) {
  // Warp 1 stores, bar.sync, warp 0 reads what warp 1 stored (shared).
  Kernel K;
  K.F.SharedBytes = 256;
  ir::Operand SA;
  SA.K = ir::Operand::Addr;
  SA.Sp = ir::Space::Shared;
  SA.RegNo = int32_t(K.Addr);
  auto &T = emit(K.F, Opcode::Mov, u32(), {R(K.Tmp), S(ir::SReg::TidX)});
  (void)T;
  auto &M4 = emit(K.F, Opcode::Mul, u32(), {R(K.Addr), R(K.Tmp), irb::I(4)});
  M4.Sub = 2;
  emit(K.F, Opcode::St, u32(), {SA, R(K.Tmp)}).Vec = 1;
  // bar.sync 0 (no thread count): the operands the lowering gives it.
  emit(K.F, Opcode::BarSync, u32(), {irb::I(0), ir::Operand()});
  emit(K.F, Opcode::Xor, b32(), {R(K.Addr), R(K.Addr), irb::I(128)});
  emit(K.F, Opcode::Ld, u32(), {R(K.Tmp), SA}).Vec = 1;
  auto &W = emit(K.F, Opcode::Mov, u32(), {R(K.Lane), S(ir::SReg::TidX)});
  (void)W;
  K.store(K.Tmp);
  Result R = runIt(K, 64);
  ASSERT_TRUE(R.Ok) << (R.Diags.empty() ? "" : R.Diags[0].Message);
  EXPECT_EQ(R.Out[0], 32u);
  EXPECT_EQ(R.Out[40], 8u);
}

TEST(Run, SpinningWarpDoesNotStarveTheOther) {
  // Warp 0 spins on a shared flag that warp 1 sets: warps get bounded
  // slices, so this terminates well inside the step limit.
  Kernel K;
  K.F.SharedBytes = 4;
  ir::Operand Flag;
  Flag.K = ir::Operand::Addr;
  Flag.Sp = ir::Space::Shared;
  emit(K.F, Opcode::Mov, u32(), {R(K.Tmp), S(ir::SReg::TidX)});
  auto &IsW1 = emit(K.F, Opcode::Setp, pred(),
                    {R(K.P), ir::Operand(), R(K.Tmp), irb::I(32)});
  IsW1.SrcTy = u32();
  IsW1.Sub = uint8_t(ir::CmpOp::Ge);
  auto &ToSet = emit(K.F, Opcode::Bra, u32(), {});
  ToSet.Guard = int32_t(K.P);
  unsigned ToSetAt = K.here() - 1;
  unsigned Spin = K.here();
  emit(K.F, Opcode::Ld, u32(), {R(K.Mask), Flag}).Vec = 1;
  auto &Zero = emit(K.F, Opcode::Setp, pred(),
                    {R(K.P), ir::Operand(), R(K.Mask), irb::I(0)});
  Zero.SrcTy = u32();
  Zero.Sub = uint8_t(ir::CmpOp::Eq);
  auto &Back = emit(K.F, Opcode::Bra, u32(), {});
  Back.Guard = int32_t(K.P);
  Back.Target = Spin;
  emit(K.F, Opcode::Exit, u32(), {});
  K.F.Insts[ToSetAt].Target = K.here();
  emit(K.F, Opcode::St, u32(), {Flag, irb::I(1)}).Vec = 1;
  Result R = runIt(K, 64);
  EXPECT_TRUE(R.Ok) << (R.Diags.empty() ? "" : R.Diags[0].Message);
}

TEST(Run, LockstepDivergentShflDeadlocks) {
  // Under the pre-Volta stack, a full-mask shfl inside one side of a branch
  // can never see the other side: reported as a deadlock.
  Kernel K;
  K.laneLess(16);
  auto &B = emit(K.F, Opcode::Bra, u32(), {});
  B.Guard = int32_t(K.P);
  unsigned BraAt = K.here() - 1;
  K.shflDown(K.Tmp, K.Lane, irb::I(~0u));
  K.F.Insts[BraAt].Target = K.here();
  Kernel K2 = K;
  // Under ITS the lanes that branched around exit, so the shfl completes.
  Result Its = runIt(K);
  EXPECT_TRUE(Its.Ok);
  // Under lockstep they wait at the reconvergence point, not exited.
  Result Lock = runIt(K2, 32, interp::SchedPolicy::Lockstep);
  ASSERT_FALSE(Lock.Ok);
  EXPECT_EQ(Lock.Diags[0].ID, DiagID::UBDeadlock);
}

} // namespace
