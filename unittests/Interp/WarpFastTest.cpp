//===- WarpFastTest.cpp - The converged fast path of the warp collectives -===//
//
// The converged policy runs shfl, vote, match, redux, elect, bar.warp.sync
// and activemask inside its group loop when the whole group executes them
// together (lib/Interp/WarpFast.h); anything else goes to the general path
// (trySync, execWarpOp). A trace makes the interpreter take the general
// path for every step, so:
//
// - Differential: random kernels (membermasks constant, per lane or
//   undefined; guards; lanes that exited, diverged or never existed;
//   undefined operands; every mode) run both ways must leave the same
//   registers, definedness, counts and diagnostics, and the fast path must
//   have run a good share of them.
// - Reference: on a full converged warp the fast path's results equal a
//   computation of the PTX ISA's definitions written here (9.7.9.6
//   shfl.sync pseudocode; vote.sync, match.sync, redux.sync).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IRBuilder.h"
#include "ptxwarp/Interp/Interpreter.h"
#include "ptxwarp/Interp/WarpOps.h"

#include "llvm/Support/raw_ostream.h"

#include "RunBothWays.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

using differential::Outcome;
using differential::runWith;

/// The registers of the random kernels.
struct Regs {
  unsigned Lane, V0, V1, W, Mask, Guard, Q, D, PD, U, B, C, T, K, Z, Exit;
};

Regs declare(ir::Function &F) {
  Regs R;
  R.Lane = reg(F, "%lane", u32());
  R.V0 = reg(F, "%v0", u32());
  R.V1 = reg(F, "%v1", u32());
  R.W = reg(F, "%w", u64());
  R.Mask = reg(F, "%m", u32());
  R.Guard = reg(F, "%g", pred());
  R.Q = reg(F, "%q", pred());
  R.D = reg(F, "%d", u32());
  R.PD = reg(F, "%pd", pred());
  R.U = reg(F, "%u", u32()); // never written: undefined in every lane
  R.B = reg(F, "%b", u32());
  R.C = reg(F, "%c", u32());
  R.T = reg(F, "%t", u32());
  R.K = reg(F, "%k", pred());
  R.Z = reg(F, "%z", pred());
  R.Exit = reg(F, "%x", pred());
  return R;
}

ir::Inst &setp(ir::Function &F, unsigned P, ir::Operand A, ir::Operand B,
               ir::CmpOp Op = ir::CmpOp::Ne) {
  auto &I = emit(F, Opcode::Setp, pred(), {R(P), ir::Operand(), A, B});
  I.SrcTy = u32();
  I.Sub = uint8_t(Op);
  return I;
}

/// P = bit lane of the constant \p Bits.
void laneBit(ir::Function &F, const Regs &X, unsigned P, uint32_t Bits) {
  emit(F, Opcode::Shr, b32(), {R(X.T), I(Bits), R(X.Lane)});
  emit(F, Opcode::And, b32(), {R(X.T), R(X.T), I(1)});
  setp(F, P, R(X.T), I(0));
}

/// A random kernel around one to three warp collectives.
struct Gen {
  std::mt19937 Rng;
  explicit Gen(unsigned Seed) : Rng(Seed) {}
  uint32_t u32v() { return uint32_t(Rng()); }
  unsigned pick(unsigned N) { return unsigned(Rng() % N); }
  bool chance(unsigned Percent) { return pick(100) < Percent; }

  /// A lane set: all, none, a range or random bits.
  uint32_t laneSet() {
    switch (pick(5)) {
    case 0:
      return ~0u;
    case 1:
      return 0;
    case 2:
      return 0x0000ffffu;
    case 3:
      return ~(1u << pick(32));
    default:
      return u32v();
    }
  }
  /// A membermask: mostly all lanes, or what the group holds.
  uint32_t maskValue() {
    switch (pick(6)) {
    case 0:
    case 1:
    case 2:
      return ~0u;
    case 3:
      return 0x0000ffffu;
    case 4:
      return 0;
    default:
      return u32v() | (chance(50) ? 0xffff0000u : 0);
    }
  }
  ir::Operand src32(const Regs &X) {
    switch (pick(8)) {
    case 0:
      return R(X.U);
    case 1:
      return I(u32v());
    case 2:
      return R(X.V1);
    default:
      return R(X.V0);
    }
  }
  ir::Operand membermask(const Regs &X) {
    return chance(60) ? I(maskValue()) : R(X.Mask);
  }

  ir::Function kernel(unsigned &Threads) {
    ir::Function F;
    F.Name = "k";
    Regs X = declare(F);
    Threads = chance(75) ? 32 : 1 + pick(32);
    emit(F, Opcode::Mov, u32(), {R(X.Lane), S(ir::SReg::LaneId)});
    // Lane values with repeats (match) and an undefined share (selp).
    emit(F, Opcode::Mul, u32(), {R(X.V0), R(X.Lane), I(u32v() | 1)});
    emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), I(u32v())});
    emit(F, Opcode::And, b32(), {R(X.V0), R(X.V0), I(chance(50) ? 3 : u32v())});
    emit(F, Opcode::Xor, b32(), {R(X.V1), R(X.Lane), I(u32v())});
    if (chance(25)) {
      laneBit(F, X, X.K, laneSet());
      emit(F, Opcode::Selp, u32(), {R(X.V1), R(X.U), R(X.V1), R(X.K)});
    }
    auto &Wide = emit(F, Opcode::Mul, u32(), {R(X.W), R(X.V0), I(u32v())});
    Wide.Sub = 2; // mul.wide.u32
    // The membermask register: one value, or one per lane, or undefined.
    switch (pick(4)) {
    case 0:
      emit(F, Opcode::Xor, b32(), {R(X.Mask), R(X.Lane), R(X.Lane)});
      emit(F, Opcode::Or, b32(), {R(X.Mask), R(X.Mask), I(maskValue())});
      break;
    case 1: {
      uint32_t M = maskValue();
      emit(F, Opcode::Mov, u32(), {R(X.Mask), I(M)});
      break;
    }
    case 2:
      laneBit(F, X, X.K, laneSet());
      emit(F, Opcode::Selp, u32(), {R(X.Mask), I(~0u), I(maskValue()), R(X.K)});
      break;
    default:
      break; // undefined
    }
    // shfl's b and c in registers: per lane, or undefined.
    emit(F, Opcode::And, b32(), {R(X.B), R(X.V1), I(chance(50) ? 31 : 63)});
    emit(
        F, Opcode::Mov, u32(),
        {R(X.C), chance(80) ? I(chance(50) ? 0x1f : u32v() & 0x1fff) : R(X.U)});
    // Lanes that exit first.
    if (chance(20)) {
      laneBit(F, X, X.Exit, u32v() & u32v());
      emit(F, Opcode::Exit, u32(), {}).Guard = int32_t(X.Exit);
    }
    // A guard and vote's predicate.
    uint32_t GuardBits = chance(60) ? ~0u : laneSet();
    laneBit(F, X, X.Guard, GuardBits);
    if (chance(5)) // an undefined guard
      setp(F, X.Guard, R(X.U), I(0));
    laneBit(F, X, X.Q, laneSet());
    // Lanes that branch around the collectives.
    uint32_t BraAt = ~0u;
    if (chance(20)) {
      laneBit(F, X, X.K, u32v() & u32v());
      emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.K);
      BraAt = uint32_t(F.Insts.size() - 1);
    }
    unsigned N = 1 + pick(3);
    for (unsigned K = 0; K < N; ++K)
      collective(F, X);
    if (BraAt != ~0u) {
      // The lanes that branched run a collective of their own (or none):
      // the two groups may wait for each other (UB b), or not.
      emit(F, Opcode::Bra, u32(), {});
      uint32_t JoinAt = uint32_t(F.Insts.size() - 1);
      F.Insts[BraAt].Target = uint32_t(F.Insts.size());
      if (chance(70))
        collective(F, X);
      F.Insts[JoinAt].Target = uint32_t(F.Insts.size());
    }
    // Uses of the results: an undefined lane is reported with its origin.
    if (chance(70)) {
      setp(F, X.Z, R(X.D), I(0x12345));
      emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.Z);
      F.Insts.back().Target = uint32_t(F.Insts.size());
      emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.PD);
      F.Insts.back().Target = uint32_t(F.Insts.size());
    }
    emit(F, Opcode::Exit, u32(), {});
    ir::computeReconvergence(F);
    return F;
  }

  void collective(ir::Function &F, const Regs &X) {
    ir::Inst *In = nullptr;
    switch (pick(8)) {
    case 0:
    case 1: {
      static const uint32_t Cs[] = {0x1f, 0, 0x101f, 0x181f, 0x1c1f, 0x0f};
      ir::Operand B = chance(70) ? I(chance(80) ? pick(32) : pick(64)) : R(X.B);
      ir::Operand C = chance(80) ? I(Cs[pick(6)]) : R(X.C);
      In = &emit(F, Opcode::Shfl, b32(),
                 {chance(90) ? R(X.D) : ir::Operand(),
                  chance(70) ? R(X.PD) : ir::Operand(), src32(X), B, C,
                  membermask(X)},
                 "shfl");
      In->Sub = uint8_t(pick(4));
      break;
    }
    case 2: {
      auto Mode = interp::VoteMode(pick(4));
      bool Ballot = Mode == interp::VoteMode::Ballot;
      ir::Operand P = R(chance(90) ? X.Q : X.Guard);
      P.Negated = chance(30);
      In = &emit(F, Opcode::Vote, Ballot ? b32() : pred(),
                 {R(Ballot ? X.D : X.PD), P, membermask(X)}, "vote");
      In->Sub = uint8_t(Mode);
      break;
    }
    case 3: {
      bool Wide = chance(30);
      In = &emit(
          F, Opcode::Match, Wide ? ir::Type{ir::Type::B, 64} : b32(),
          {R(X.D), ir::Operand(), Wide ? R(X.W) : src32(X), membermask(X)},
          "match");
      In->Sub = uint8_t(pick(2));
      if (interp::MatchMode(In->Sub) == interp::MatchMode::All && chance(70))
        In->Ops[1] = R(X.PD);
      break;
    }
    case 4: {
      In = &emit(F, Opcode::Redux, u32(), {R(X.D), src32(X), membermask(X)},
                 "redux");
      In->Sub = uint8_t(pick(6));
      In->Sub2 = uint8_t(pick(3)); // U32, S32, B32
      if (chance(25)) {
        In->Sub =
            uint8_t(chance(50) ? interp::ReduxOp::Min : interp::ReduxOp::Max);
        In->Sub2 = uint8_t(interp::ReduxType::F32);
        In->Abs = chance(50);
        In->NaN = chance(50);
      }
      break;
    }
    case 5:
      In = &emit(F, Opcode::Elect, u32(),
                 {chance(80) ? R(X.D) : ir::Operand(), R(X.PD), membermask(X)},
                 "elect");
      break;
    case 6:
      In = &emit(F, Opcode::BarWarpSync, u32(), {membermask(X)},
                 "bar.warp.sync");
      break;
    default:
      In = &emit(F, Opcode::Activemask, b32(), {R(X.D)}, "activemask");
      break;
    }
    // Legacy forms: the membermask is who executes together.
    if (In->Op != Opcode::Activemask && chance(10)) {
      In->ImplicitMask = true;
      In->Ops.back() = I(0);
    }
    if (chance(30)) {
      In->Guard = int32_t(X.Guard);
      In->GuardNeg = chance(30);
    }
  }
};

TEST(WarpFast, SameAsTheGeneralPathOnRandomKernels) {
  unsigned Fast = 0, Cases = 4000, Errors = 0;
  for (unsigned Seed = 0; Seed < Cases; ++Seed) {
    Gen G(Seed);
    unsigned Threads = 32;
    ir::Function F = G.kernel(Threads);
    Outcome A = runWith(F, Threads, /*General=*/true);
    Outcome B = runWith(F, Threads, /*General=*/false);
    SCOPED_TRACE("seed " + std::to_string(Seed));
    EXPECT_EQ(A.Stats.FastWarpOps, 0u);
    ASSERT_EQ(A.Ok, B.Ok);
    ASSERT_EQ(A.Diags, B.Diags);
    ASSERT_EQ(A.Regs, B.Regs);
    ASSERT_EQ(A.Undef, B.Undef);
    EXPECT_EQ(A.Stats.WarpInstructions, B.Stats.WarpInstructions);
    EXPECT_EQ(A.Stats.LaneInstructions, B.Stats.LaneInstructions);
    Fast += B.Stats.FastWarpOps > 0;
    Errors += !A.Ok;
  }
  // Both paths were exercised: the fast one ran in many kernels, and many
  // others broke a precondition (and reported a diagnostic).
  EXPECT_GT(Fast, Cases / 4);
  EXPECT_GT(Errors, Cases / 10);
}

//===----------------------------------------------------------------------===//
// Reference results on a full converged warp.
//===----------------------------------------------------------------------===//

/// PTX ISA 9.7.9.6, shfl.sync, pseudocode: the value lane \p L reads and
/// whether it is in range (p).
uint32_t refShfl(interp::ShflMode Mode, const uint32_t *A, unsigned L,
                 uint32_t B, uint32_t C, bool &P) {
  int Lane = int(L), BVal = int(B & 0x1f), CVal = int(C & 0x1f);
  int SegMask = int((C >> 8) & 0x1f);
  int MaxLane = (Lane & SegMask) | (CVal & ~SegMask);
  int MinLane = Lane & SegMask;
  int J = Lane;
  switch (Mode) {
  case interp::ShflMode::Up:
    J = Lane - BVal;
    P = J >= MaxLane;
    break;
  case interp::ShflMode::Down:
    J = Lane + BVal;
    P = J <= MaxLane;
    break;
  case interp::ShflMode::Bfly:
    J = Lane ^ BVal;
    P = J <= MaxLane;
    break;
  case interp::ShflMode::Idx:
    J = MinLane | (BVal & ~SegMask);
    P = J <= MaxLane;
    break;
  }
  return A[P ? J : Lane];
}

TEST(WarpFast, ShflMatchesTheIsaPseudocode) {
  std::mt19937 Rng(7);
  static const uint32_t Cs[] = {0x1f, 0, 0x101f, 0x181f, 0x1c1f, 0x0f, 0x3};
  unsigned Cases = 0;
  for (unsigned Mode = 0; Mode < 4; ++Mode)
    for (unsigned Trial = 0; Trial < 40; ++Trial) {
      uint32_t K1 = uint32_t(Rng()) | 1, K2 = uint32_t(Rng());
      uint32_t Xb = uint32_t(Rng()) & 63;
      uint32_t BImm = uint32_t(Rng()) & 63;
      uint32_t C = Cs[Trial % 7];
      bool RegB = Trial % 2, RegC = Trial % 3 == 0;
      ir::Function F;
      Regs X = declare(F);
      emit(F, Opcode::Mov, u32(), {R(X.Lane), S(ir::SReg::LaneId)});
      emit(F, Opcode::Mul, u32(), {R(X.V0), R(X.Lane), I(K1)});
      emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), I(K2)});
      emit(F, Opcode::Xor, b32(), {R(X.B), R(X.Lane), I(Xb)});
      emit(F, Opcode::Mov, u32(), {R(X.C), I(C)});
      auto &Sh = emit(F, Opcode::Shfl, b32(),
                      {R(X.D), R(X.PD), R(X.V0), RegB ? R(X.B) : I(BImm),
                       RegC ? R(X.C) : I(C), I(~0u)});
      Sh.Sub = uint8_t(Mode);
      emit(F, Opcode::Exit, u32(), {});
      ir::computeReconvergence(F);
      Outcome O = runWith(F, 32, false);
      ASSERT_TRUE(O.Ok);
      ASSERT_EQ(O.Stats.FastWarpOps, 1u);
      uint32_t A[32];
      for (unsigned L = 0; L < 32; ++L)
        A[L] = L * K1 + K2;
      for (unsigned L = 0; L < 32; ++L) {
        bool P = false;
        uint32_t B = RegB ? (L ^ Xb) : BImm;
        uint32_t Want = refShfl(interp::ShflMode(Mode), A, L, B, C, P);
        EXPECT_EQ(O.Regs[X.D * 32 + L], Want)
            << "mode " << Mode << " lane " << L << " b " << B << " c " << C;
        EXPECT_EQ(O.Regs[X.PD * 32 + L], uint64_t(P));
      }
      EXPECT_EQ(O.Undef[X.D], 0u);
      EXPECT_EQ(O.Undef[X.PD], 0u);
      ++Cases;
    }
  EXPECT_EQ(Cases, 160u);
}

/// shfl.down of v0 (lane * K1 + K2) with b, c and the membermask in
/// registers, as nvcc emits it: b written by `mov %b, 8` (or \p TwoMovs: by
/// two movs of different values), c by `mov %c, 0x1f`, the mask by `mov %m,
/// -1`; when \p SkipC, lanes 0-15 branch around c's mov. Then a loop of
/// three shfl.down by a b that changes each trip (1, 6, 11), one value in
/// all lanes, accumulated into v0.
ir::Function shflConstKernel(const Regs &X, bool TwoMovs, bool SkipC,
                             ir::Function F) {
  emit(F, Opcode::Mov, u32(), {R(X.Lane), S(ir::SReg::LaneId)});
  emit(F, Opcode::Mul, u32(), {R(X.V0), R(X.Lane), I(0x9e3779b1u)});
  emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), I(12345)});
  emit(F, Opcode::Mov, u32(), {R(X.B), I(8)});
  if (TwoMovs) {
    laneBit(F, X, X.K, 0xff00ff00u);
    emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.K);
    F.Insts.back().Target = uint32_t(F.Insts.size() + 1);
    emit(F, Opcode::Mov, u32(), {R(X.B), I(3)});
  }
  if (SkipC) {
    laneBit(F, X, X.K, 0x0000ffffu);
    emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.K);
    F.Insts.back().Target = uint32_t(F.Insts.size() + 1);
  }
  emit(F, Opcode::Mov, u32(), {R(X.C), I(0x1f)});
  emit(F, Opcode::Mov, u32(), {R(X.Mask), I(~0u)});
  emit(F, Opcode::Shfl, b32(),
       {R(X.D), R(X.PD), R(X.V0), R(X.B), R(X.C), R(X.Mask)})
      .Sub = uint8_t(interp::ShflMode::Down);
  emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), R(X.D)});
  // The loop: t = 0, 1, 2; w = 5t + 1.
  emit(F, Opcode::Mov, u32(), {R(X.T), I(0)});
  uint32_t Loop = uint32_t(F.Insts.size());
  emit(F, Opcode::Mul, u32(), {R(X.V1), R(X.T), I(5)});
  emit(F, Opcode::Add, u32(), {R(X.V1), R(X.V1), I(1)});
  emit(F, Opcode::Shfl, b32(),
       {R(X.D), R(X.PD), R(X.V0), R(X.V1), I(0x1f), I(~0u)})
      .Sub = uint8_t(interp::ShflMode::Down);
  emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), R(X.D)});
  emit(F, Opcode::Add, u32(), {R(X.T), R(X.T), I(1)});
  setp(F, X.Z, R(X.T), I(3), ir::CmpOp::Lt);
  emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.Z);
  F.Insts.back().Target = Loop;
  emit(F, Opcode::Exit, u32(), {});
  ir::computeReconvergence(F);
  return F;
}

// shfl whose b differs between lanes (idx and bfly from lane registers, c
// constant) keeps the table of the last b lanes: in a loop where the idx's
// b changes every other trip and the bfly's b is one value for all lanes
// every other trip, each trip must see its own b, as the general path does.
TEST(WarpFast, ShflTableOfPerLaneBFollowsItsLanes) {
  ir::Function F;
  Regs X = declare(F);
  emit(F, Opcode::Mov, u32(), {R(X.Lane), S(ir::SReg::LaneId)});
  emit(F, Opcode::Mul, u32(), {R(X.V0), R(X.Lane), I(0x9e3779b1u)});
  emit(F, Opcode::Mov, u32(), {R(X.T), I(0)});
  uint32_t Loop = uint32_t(F.Insts.size());
  emit(F, Opcode::Shr, u32(), {R(X.V1), R(X.T), I(1)});
  emit(F, Opcode::Xor, b32(), {R(X.B), R(X.Lane), R(X.V1)});
  emit(F, Opcode::And, b32(), {R(X.B), R(X.B), I(31)});
  // c = (lane & (t odd ? 0 : 31)) ^ 1: lane ^ 1, or 1 in every lane.
  emit(F, Opcode::And, b32(), {R(X.C), R(X.T), I(1)});
  emit(F, Opcode::Mul, u32(), {R(X.C), R(X.C), I(31)});
  emit(F, Opcode::Xor, b32(), {R(X.C), R(X.C), I(31)});
  emit(F, Opcode::And, b32(), {R(X.C), R(X.C), R(X.Lane)});
  emit(F, Opcode::Xor, b32(), {R(X.C), R(X.C), I(1)});
  for (auto [Mode, Lanes] : {std::make_pair(interp::ShflMode::Idx, X.B),
                             std::make_pair(interp::ShflMode::Bfly, X.C)}) {
    emit(F, Opcode::Shfl, b32(),
         {R(X.D), R(X.PD), R(X.V0), R(Lanes), I(0x1f), I(~0u)})
        .Sub = uint8_t(Mode);
    emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), R(X.D)});
  }
  emit(F, Opcode::Add, u32(), {R(X.T), R(X.T), I(1)});
  setp(F, X.Z, R(X.T), I(6), ir::CmpOp::Lt);
  emit(F, Opcode::Bra, u32(), {}).Guard = int32_t(X.Z);
  F.Insts.back().Target = Loop;
  emit(F, Opcode::Exit, u32(), {});
  ir::computeReconvergence(F);
  Outcome A = runWith(F, 32, /*General=*/true);
  Outcome B = runWith(F, 32, /*General=*/false);
  ASSERT_TRUE(A.Ok);
  ASSERT_TRUE(B.Ok);
  EXPECT_EQ(A.Regs, B.Regs);
  EXPECT_EQ(A.Undef, B.Undef);
  EXPECT_EQ(B.Stats.FastWarpOps, 12u);
}

TEST(WarpFast, ShflTablesOfRegistersSetByMov) {
  for (unsigned Case = 0; Case < 3; ++Case) {
    ir::Function F;
    Regs X = declare(F);
    bool TwoMovs = Case == 1, SkipC = Case == 2;
    F = shflConstKernel(X, TwoMovs, SkipC, std::move(F));
    SCOPED_TRACE("case " + std::to_string(Case));
    Outcome A = runWith(F, 32, /*General=*/true);
    Outcome B = runWith(F, 32, /*General=*/false);
    ASSERT_EQ(A.Ok, B.Ok);
    ASSERT_EQ(A.Diags, B.Diags);
    ASSERT_EQ(A.Regs, B.Regs);
    ASSERT_EQ(A.Undef, B.Undef);
    if (SkipC) {
      // c is undefined in lanes 0-15: the general path reports it.
      EXPECT_FALSE(B.Ok);
      continue;
    }
    ASSERT_TRUE(B.Ok);
    // Every shfl runs on the fast path (the warp has reconverged): the
    // first from a table made once (b, c and the mask known from their
    // movs) or, with two movs, from b's lanes; the loop's from the table
    // of the last b, made again each trip.
    EXPECT_EQ(B.Stats.FastWarpOps, 4u);
    // The reference: shfl.down by b (8; 3 for lanes whose bit of
    // 0xff00ff00 is clear), c = 0x1f, then by 1, 6 and 11.
    uint32_t V[32], D[32];
    for (unsigned L = 0; L < 32; ++L)
      V[L] = L * 0x9e3779b1u + 12345;
    auto Down = [&](auto BOf) {
      for (unsigned L = 0; L < 32; ++L) {
        bool P = false;
        D[L] = refShfl(interp::ShflMode::Down, V, L, BOf(L), 0x1f, P);
      }
      for (unsigned L = 0; L < 32; ++L)
        V[L] += D[L];
    };
    Down([&](unsigned L) {
      return TwoMovs && !((0xff00ff00u >> L) & 1) ? 3u : 8u;
    });
    for (uint32_t T = 0; T < 3; ++T)
      Down([&](unsigned) { return 5 * T + 1; });
    for (unsigned L = 0; L < 32; ++L)
      EXPECT_EQ(B.Regs[X.V0 * 32 + L], V[L]) << "lane " << L;
  }
}

TEST(WarpFast, VoteMatchReduxMatchTheIsa) {
  std::mt19937 Rng(11);
  for (unsigned Trial = 0; Trial < 60; ++Trial) {
    uint32_t K1 = uint32_t(Rng()), K2 = uint32_t(Rng());
    uint32_t Keep = Trial % 3 == 0 ? 3 : Trial % 3 == 1 ? ~0u : 0x80000007u;
    uint32_t QBits = Trial % 4 == 0   ? ~0u
                     : Trial % 4 == 1 ? 0
                                      : uint32_t(Rng());
    ir::Function F;
    Regs X = declare(F);
    unsigned Ballot = reg(F, "%ballot", u32()), All = reg(F, "%all", pred()),
             Any = reg(F, "%any", pred()), Uni = reg(F, "%uni", pred()),
             MAny = reg(F, "%many", u32()), MAll = reg(F, "%mall", u32()),
             MAllP = reg(F, "%mallp", pred());
    unsigned Red[6];
    for (unsigned Op = 0; Op < 6; ++Op)
      Red[Op] = reg(F, "%red" + std::to_string(Op), u32());
    emit(F, Opcode::Mov, u32(), {R(X.Lane), S(ir::SReg::LaneId)});
    emit(F, Opcode::Mul, u32(), {R(X.V0), R(X.Lane), I(K1)});
    emit(F, Opcode::Add, u32(), {R(X.V0), R(X.V0), I(K2)});
    emit(F, Opcode::And, b32(), {R(X.V0), R(X.V0), I(Keep)});
    laneBit(F, X, X.Q, QBits);
    auto Vote = [&](unsigned D, interp::VoteMode M, ir::Type T) {
      emit(F, Opcode::Vote, T, {R(D), R(X.Q), I(~0u)}).Sub = uint8_t(M);
    };
    Vote(Ballot, interp::VoteMode::Ballot, b32());
    Vote(All, interp::VoteMode::All, pred());
    Vote(Any, interp::VoteMode::Any, pred());
    Vote(Uni, interp::VoteMode::Uni, pred());
    emit(F, Opcode::Match, b32(), {R(MAny), ir::Operand(), R(X.V0), I(~0u)})
        .Sub = uint8_t(interp::MatchMode::Any);
    emit(F, Opcode::Match, b32(), {R(MAll), R(MAllP), R(X.V0), I(~0u)}).Sub =
        uint8_t(interp::MatchMode::All);
    bool Signed = Trial % 2;
    for (unsigned Op = 0; Op < 6; ++Op) {
      auto &In = emit(F, Opcode::Redux, u32(), {R(Red[Op]), R(X.V0), I(~0u)});
      In.Sub = uint8_t(Op);
      In.Sub2 =
          uint8_t(Signed ? interp::ReduxType::S32 : interp::ReduxType::U32);
    }
    emit(F, Opcode::Exit, u32(), {});
    ir::computeReconvergence(F);
    Outcome O = runWith(F, 32, false);
    ASSERT_TRUE(O.Ok);
    ASSERT_EQ(O.Stats.FastWarpOps, 12u);
    uint32_t V[32];
    for (unsigned L = 0; L < 32; ++L)
      V[L] = (L * K1 + K2) & Keep;
    // vote.sync: ballot is the predicate's lanes; all/any/uni over them.
    for (unsigned L = 0; L < 32; ++L) {
      EXPECT_EQ(O.Regs[Ballot * 32 + L], QBits);
      EXPECT_EQ(O.Regs[All * 32 + L], uint64_t(QBits == ~0u));
      EXPECT_EQ(O.Regs[Any * 32 + L], uint64_t(QBits != 0));
      EXPECT_EQ(O.Regs[Uni * 32 + L], uint64_t(QBits == 0 || QBits == ~0u));
    }
    // match.sync: the lanes holding the same value; all: every lane does.
    bool Same = std::all_of(V, V + 32, [&](uint32_t A) { return A == V[0]; });
    for (unsigned L = 0; L < 32; ++L) {
      uint32_t Eq = 0;
      for (unsigned K = 0; K < 32; ++K)
        Eq |= uint32_t(V[K] == V[L]) << K;
      EXPECT_EQ(O.Regs[MAny * 32 + L], Eq);
      EXPECT_EQ(O.Regs[MAll * 32 + L], Same ? ~0u : 0u);
      EXPECT_EQ(O.Regs[MAllP * 32 + L], uint64_t(Same));
    }
    // redux.sync: add, min, max, and, or, xor over the 32 lanes.
    uint32_t Want[6] = {0, V[0], V[0], ~0u, 0, 0};
    for (unsigned L = 0; L < 32; ++L) {
      Want[0] += V[L];
      if (Signed) {
        Want[1] = uint32_t(std::min(int32_t(Want[1]), int32_t(V[L])));
        Want[2] = uint32_t(std::max(int32_t(Want[2]), int32_t(V[L])));
      } else {
        Want[1] = std::min(Want[1], V[L]);
        Want[2] = std::max(Want[2], V[L]);
      }
      Want[3] &= V[L];
      Want[4] |= V[L];
      Want[5] ^= V[L];
    }
    for (unsigned Op = 0; Op < 6; ++Op)
      for (unsigned L = 0; L < 32; ++L)
        EXPECT_EQ(O.Regs[Red[Op] * 32 + L], Want[Op])
            << "redux op " << Op << (Signed ? " s32" : " u32");
  }
}

} // namespace
