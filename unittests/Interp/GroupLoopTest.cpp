//===- GroupLoopTest.cpp - The converged policy's group loop vs stepWarp --===//
//
// Under the converged policy the interpreter runs most steps in its group
// loop (lib/Interp/RunSchedule.cpp, runGroup): lane kernels, branches that
// split a warp into two groups it then schedules itself, ld/st, and bar.sync,
// exit and atom through exec. A trace makes every step go through stepWarp
// instead, one group at a time. Random multi-warp kernels with divergent
// if/else, per-lane loops, exits, barriers, shared memory, atomics,
// undefined branch conditions and step limits must leave the same registers,
// definedness, counts and diagnostics both ways.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IRBuilder.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/raw_ostream.h"

#include "RunBothWays.h"

#include "gtest/gtest.h"

#include <random>

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

using differential::Outcome;
using differential::runWith;

struct Gen {
  std::mt19937 Rng;
  ir::Function F;
  unsigned Tid, Lane, V, W, T, N, U, A, P, Q, X;
  explicit Gen(unsigned Seed) : Rng(Seed) {
    F.Name = "k";
    Tid = reg(F, "%tid", u32());
    Lane = reg(F, "%lane", u32());
    V = reg(F, "%v", u32());
    W = reg(F, "%w", u32());
    T = reg(F, "%t", u32());
    N = reg(F, "%n", u32());
    U = reg(F, "%u", u32()); // never written: undefined
    A = reg(F, "%a", u32());
    P = reg(F, "%p", pred());
    Q = reg(F, "%q", pred());
    X = reg(F, "%x", pred());
  }
  unsigned pick(unsigned Max) { return unsigned(Rng() % Max); }
  bool chance(unsigned Percent) { return pick(100) < Percent; }
  uint32_t here() const { return uint32_t(F.Insts.size()); }

  ir::Inst &setp(unsigned D, ir::Operand L, ir::Operand R,
                 ir::CmpOp Op = ir::CmpOp::Ne) {
    auto &I = emit(F, Opcode::Setp, pred(), {irb::R(D), ir::Operand(), L, R});
    I.SrcTy = u32();
    I.Sub = uint8_t(Op);
    return I;
  }
  ir::Inst &bra(int Guard = -1, bool Neg = false) {
    auto &I = emit(F, Opcode::Bra, u32(), {});
    I.Guard = Guard;
    I.GuardNeg = Neg;
    return I;
  }
  ir::Operand src() {
    switch (pick(6)) {
    case 0:
      return I(Rng());
    case 1:
      return R(Tid);
    case 2:
      return R(Lane);
    case 3:
      return R(W);
    default:
      return R(V);
    }
  }
  ir::Operand shared(unsigned Reg) {
    ir::Operand O;
    O.K = ir::Operand::Addr;
    O.Sp = ir::Space::Shared;
    O.RegNo = int32_t(Reg);
    return O;
  }
  /// One computing instruction on %v or %w.
  void alu() {
    static const Opcode Ops[] = {Opcode::Add, Opcode::Sub, Opcode::Xor,
                                 Opcode::And, Opcode::Or,  Opcode::Shl,
                                 Opcode::Shr, Opcode::Mul, Opcode::Mad,
                                 Opcode::Min, Opcode::Max, Opcode::Selp};
    Opcode Op = Ops[pick(12)];
    ir::Operand D = R(chance(60) ? V : W);
    ir::Type Ty = chance(30) ? ir::Type{ir::Type::S, 32} : u32();
    if (Op == Opcode::Shl || Op == Opcode::Shr)
      emit(F, Op, Ty, {D, src(), chance(60) ? I(pick(40)) : src()});
    else if (Op == Opcode::Mad)
      emit(F, Op, Ty, {D, src(), src(), src()});
    else if (Op == Opcode::Selp)
      emit(F, Op, u32(), {D, src(), src(), R(P)});
    else
      emit(F, Op, Ty, {D, src(), src()});
  }
  /// Inside a branch: mostly computing, sometimes what stops the group
  /// loop's run (an exit, an atomic, a barrier) or a memory access.
  void body() {
    switch (pick(10)) {
    case 0:
      block(4 + pick(4));
      break;
    default:
      alu();
      break;
    }
  }
  /// p = (tid & mask) != 0, with a random mask (some lanes, all, none).
  void lanePredicate(unsigned D) {
    uint32_t Mask = chance(20) ? 0 : chance(20) ? ~0u : uint32_t(Rng());
    emit(F, Opcode::And, b32(), {R(T), R(Tid), I(Mask)});
    setp(D, R(T), I(0));
  }
  void block(unsigned Kind) {
    switch (Kind) {
    case 0:
    case 1:
      alu();
      break;
    case 2: { // if, or if/else
      lanePredicate(P);
      uint32_t Skip = here();
      bra(int(P), chance(50));
      for (unsigned K = 1 + pick(3); K; --K)
        body();
      if (chance(50)) {
        uint32_t Join = here();
        bra();
        F.Insts[Skip].Target = here();
        for (unsigned K = 1 + pick(2); K; --K)
          body();
        F.Insts[Join].Target = here();
      } else {
        F.Insts[Skip].Target = here();
      }
      break;
    }
    case 3: { // a loop of 1 to 4 trips per lane
      emit(F, Opcode::And, b32(), {R(N), R(chance(50) ? Tid : V), I(3)});
      emit(F, Opcode::Add, u32(), {R(N), R(N), I(1)});
      uint32_t Top = here();
      body();
      if (chance(30)) { // a branch inside the loop
        lanePredicate(Q);
        uint32_t Skip = here();
        bra(int(Q));
        alu();
        F.Insts[Skip].Target = here();
      }
      emit(F, Opcode::Sub, u32(), {R(N), R(N), I(1)});
      setp(P, R(N), I(0));
      bra(int(P)).Target = Top;
      break;
    }
    case 4: // some lanes exit
      if (chance(50)) {
        lanePredicate(X);
        emit(F, Opcode::Exit, u32(), {}).Guard = int32_t(X);
      }
      break;
    case 5:
      emit(F, Opcode::BarSync, u32(), {I(0), ir::Operand()});
      break;
    case 6: // shared memory, read from another thread's word
      emit(F, Opcode::St, u32(), {shared(A), R(V)}).Vec = 1;
      if (chance(50))
        emit(F, Opcode::BarSync, u32(), {I(0), ir::Operand()});
      emit(F, Opcode::Xor, b32(), {R(T), R(A), I(4u << pick(5))});
      emit(F, Opcode::Ld, u32(), {R(W), shared(T)}).Vec = 1;
      break;
    case 7: { // an atomic add to the word after the threads'
      emit(F, Opcode::Mov, u32(), {R(T), I(96 * 4)});
      auto &At = emit(F, Opcode::Atom, u32(), {R(W), shared(T), R(V)});
      At.Sub = uint8_t(ir::AtomOp::Add);
      break;
    }
    default:
      if (chance(10)) { // a branch on an undefined value (UB d)
        setp(Q, R(U), I(0));
        uint32_t At = here();
        bra(int(Q)).Target = At + 1;
      } else {
        alu();
      }
      break;
    }
  }
  ir::Function kernel() {
    F.SharedBytes = 97 * 4;
    emit(F, Opcode::Mov, u32(), {R(Tid), S(ir::SReg::TidX)});
    emit(F, Opcode::Mov, u32(), {R(Lane), S(ir::SReg::LaneId)});
    emit(F, Opcode::Mad, u32(), {R(V), R(Tid), I(Rng() | 1), I(Rng())});
    emit(F, Opcode::Shr, u32(), {R(W), R(Tid), I(pick(6))});
    emit(F, Opcode::Shl, u32(), {R(A), R(Tid), I(2)});
    setp(P, R(Tid), I(0));
    for (unsigned K = 3 + pick(10); K; --K)
      block(pick(9));
    emit(F, Opcode::Exit, u32(), {});
    ir::computeReconvergence(F);
    return std::move(F);
  }
};

TEST(GroupLoop, SameAsStepWarpOnRandomKernels) {
  unsigned Cases = 3000, Errors = 0, Limited = 0;
  for (unsigned Seed = 0; Seed < Cases; ++Seed) {
    Gen G(Seed);
    unsigned Threads = 1 + G.pick(96);
    uint64_t MaxSteps = G.chance(20) ? 20 + G.pick(400) : 100000;
    ir::Function F = G.kernel();
    Outcome A = runWith(F, Threads, /*General=*/true, MaxSteps);
    Outcome B = runWith(F, Threads, /*General=*/false, MaxSteps);
    SCOPED_TRACE("seed " + std::to_string(Seed) + ", " +
                 std::to_string(Threads) + " threads");
    ASSERT_EQ(A.Ok, B.Ok);
    ASSERT_EQ(A.Diags, B.Diags);
    ASSERT_EQ(A.Regs, B.Regs);
    ASSERT_EQ(A.Undef, B.Undef);
    ASSERT_EQ(A.Stats.WarpInstructions, B.Stats.WarpInstructions);
    ASSERT_EQ(A.Stats.LaneInstructions, B.Stats.LaneInstructions);
    Errors += !A.Ok;
    Limited += !A.Ok && A.Diags.size() == 1 &&
               A.Diags[0].find("--max-steps") != std::string::npos;
  }
  // Most kernels run to the end; some stop at an error or the step limit.
  EXPECT_GT(Cases - Errors, Cases / 2);
  EXPECT_GT(Errors, 0u);
  EXPECT_GT(Limited, 0u);
}

} // namespace
