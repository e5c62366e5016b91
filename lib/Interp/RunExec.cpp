//===- RunExec.cpp - Warp-sync instructions and general compute -----------===//
//
// The instructions that need the whole warp (shfl, vote, match, redux,
// elect, bar.warp.sync: trySync waits until every lane of the membermask
// has arrived, execWarpOp computes them with WarpOps.h) and the register
// computations without a lane kernel (computeGeneral, with Alu.h, Packed.h
// and Video.h), with their definedness.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ptxwarp/Interp/Alu.h"
#include "ptxwarp/Interp/Collective.h"
#include "ptxwarp/Interp/Packed.h"
#include "ptxwarp/Interp/Video.h"
#include "ptxwarp/Interp/WarpOps.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxwarp {
namespace interp {
namespace detail {

Runner::SyncResult Runner::trySync(Warp &W, const Inst &I, LaneMask Group) {
  if (I.Guard >= 0 && (W.Undef[I.Guard] & Group)) {
    undefinedUse(I, W.Undef[I.Guard] & Group, W, "a guard predicate",
                 W.Origin[I.Guard]);
    return SyncResult::Error;
  }
  LaneMask GT = guardMask(W, I, Group);
  LaneMask GF = Group & ~GT;
  W.Uniform = false; // re-established by the next stepWarp if still true
  // Guard-false lanes do not take part; they simply move on.
  advance(W, GF);
  if (!GT) {
    Stats.LaneInstructions += countPopulation(GF);
    return SyncResult::Executed;
  }
  const Operand &MaskOp = I.Ops.back();
  if (!I.ImplicitMask && (undefOf(W, MaskOp) & GT)) {
    undefinedUse(I, undefOf(W, MaskOp) & GT, W, "a membermask",
                 originOf(W, MaskOp));
    return SyncResult::Error;
  }
  // shfl's b (source lane or offset) and c (clamp and segment mask) decide
  // which lane is read: using an undefined one is a use (README, d).
  if (I.Op == Opcode::Shfl)
    for (unsigned K : {3u, 4u})
      if (undefOf(W, I.Ops[K]) & GT) {
        undefinedUse(I, undefOf(W, I.Ops[K]) & GT, W,
                     K == 3 ? "a shfl lane operand" : "a shfl clamp operand",
                     originOf(W, I.Ops[K]));
        return SyncResult::Error;
      }
  // An .aligned form without a membermask needs every thread of the warp,
  // converged (PTX ISA, e.g. movmatrix: "all threads in the warp must
  // execute the same movmatrix instruction"): a thread that exited, or was
  // guarded off and moved on, can never take part (UB f).
  if (I.AlignedWarp && ((W.Exited & W.Valid) || GF)) {
    LaneMask Missing = (W.Exited & W.Valid) | GF;
    error(DiagID::UBAlignedPartial, I, GT, W,
          "'" + I.Text +
              "' is .aligned: every thread of the warp must execute it "
              "together, but " +
              laneList(Missing) +
              (!GF                             ? " exited without it"
               : countPopulation(Missing) == 1 ? " is guarded off"
                                               : " are guarded off"));
    return SyncResult::Error;
  }
  WarpStep S;
  S.Active = GT;
  S.Exited = W.Exited | ~W.Valid;
  for (LaneMask X = GT; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    S.MemberMask[Lane] = I.AlignedWarp    ? W.Valid
                         : I.ImplicitMask ? GT
                                          : uint32_t(get(W, MaskOp, Lane));
  }
  WarpUB UB = checkMembership(S);
  if (UB.ZeroMask) {
    error(DiagID::UBZeroMask, I, UB.ZeroMask, W,
          "'" + I.Text + "' is executed with membermask 0");
    return SyncResult::Error;
  }
  if (UB.ExecNotMember) {
    error(DiagID::UBExecNotMember, I, UB.ExecNotMember, W,
          "'" + I.Text +
              "' is executed by lanes that are not in their membermask 0x" +
              utohexstr(S.MemberMask[countTrailingZeros(UB.ExecNotMember)],
                        true));
    return SyncResult::Error;
  }
  // Partition the arrived lanes by membermask value.
  LaneMask Left = GT;
  bool Ran = false;
  while (Left) {
    unsigned First = countTrailingZeros(Left);
    uint32_t Mask = S.MemberMask[First];
    LaneMask P = 0;
    for (LaneMask X = Left; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      if (S.MemberMask[Lane] == Mask)
        P |= 1u << Lane;
    }
    Left &= ~P;
    LaneMask Required = Mask & W.live();
    LaneMask Others = GT & ~P;
    if (Required & Others || (UB.MaskMismatch & P)) {
      std::string Groups;
      for (LaneMask Rest = GT; Rest;) {
        uint32_t GM = S.MemberMask[countTrailingZeros(Rest)];
        LaneMask With = 0;
        for (LaneMask X = Rest; X; X &= X - 1)
          if (S.MemberMask[countTrailingZeros(X)] == GM)
            With |= X & -X;
        Rest &= ~With;
        Groups += (Groups.empty() ? "" : "; ") + std::string("0x") +
                  utohexstr(GM, true) + " from " + laneList(With);
      }
      error(DiagID::UBMaskMismatch, I, UB.MaskMismatch ? UB.MaskMismatch : P, W,
            "lanes arrive at '" + I.Text + "' with different membermasks (" +
                Groups + ")");
      return SyncResult::Error;
    }
    if (Required & ~P)
      continue; // members still to come: wait
    if (Ran)
      continue; // one partition per step keeps the trace readable
    Stats.LaneInstructions += countPopulation(P) + countPopulation(GF);
    if (TraceOut)
      *TraceOut << "[cta " << CtaId[0] << "," << CtaId[1] << "," << CtaId[2]
                << " warp " << W.Id << "] " << format("%4u", W.PC[First])
                << " line " << I.Line << " mask " << format_hex(P, 10) << ": "
                << I.Text << "\n";
    LaneArray<uint32_t> Masks = S.MemberMask;
    if (!execWarpOp(W, I, P, Masks))
      return SyncResult::Error;
    advance(W, P);
    Ran = true;
  }
  if (Ran || GF)
    return SyncResult::Executed;
  return SyncResult::Blocked;
}

bool Runner::execWarpOp(Warp &W, const Inst &I, LaneMask P,
                        const LaneArray<uint32_t> &Masks) {
  WarpStep S;
  S.Active = P;
  S.Exited = W.Exited | ~W.Valid;
  S.MemberMask = Masks;
  WarpResult R;
  LaneMask InUndef = 0;
  uint32_t Origin = 0;
  auto Read = [&](const Operand &O) {
    LaneArray<uint32_t> A{};
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      A[Lane] = uint32_t(get(W, O, Lane));
    }
    return A;
  };
  switch (I.Op) {
  case Opcode::Shfl:
    R = shfl(S, ShflMode(I.Sub), Read(I.Ops[2]), undefOf(W, I.Ops[2]),
             Read(I.Ops[3]), Read(I.Ops[4]));
    // A lane that did not take part makes a new origin; otherwise the
    // undefined `a` read carries its own.
    Origin = (R.ReadAbsent & P)
                 ? shflOrigin(uint32_t(&I - F.Insts.data()), W, R.AbsentSources)
                 : originOf(W, I.Ops[2]);
    break;
  case Opcode::Vote: {
    LaneMask Pred = 0;
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      if (get(W, I.Ops[1], Lane))
        Pred |= 1u << Lane;
    }
    R = vote(S, VoteMode(I.Sub), Pred, false);
    if (undefOf(W, I.Ops[1]) & P) {
      InUndef = P;
      Origin = originOf(W, I.Ops[1]);
    }
    break;
  }
  case Opcode::Match: {
    LaneArray<uint64_t> A{};
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      A[Lane] = truncTo(I.Ty, get(W, I.Ops[2], Lane));
    }
    R = match(S, MatchMode(I.Sub), A);
    if (undefOf(W, I.Ops[2]) & P) {
      InUndef = P;
      Origin = originOf(W, I.Ops[2]);
    }
    break;
  }
  case Opcode::Redux:
    R = redux(S, ReduxOp(I.Sub), ReduxType(I.Sub2), I.Abs, I.NaN,
              Read(I.Ops[1]));
    if (undefOf(W, I.Ops[1]) & P) {
      InUndef = P;
      Origin = originOf(W, I.Ops[1]);
    }
    break;
  case Opcode::Elect:
    R = elect(S);
    break;
  case Opcode::BarWarpSync:
    return true;
  case Opcode::Collective:
    return execCollective(W, I, S);
  default:
    return true;
  }
  const Operand &D = I.Ops[0];
  bool PredDest = I.Op == Opcode::Vote && VoteMode(I.Sub) != VoteMode::Ballot;
  for (LaneMask X = P; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    set(W, D, Lane, PredDest ? hasLane(R.P, Lane) : R.D[Lane]);
  }
  setUndef(W, D, P, R.UndefD | InUndef, Origin);
  if (I.Op == Opcode::Shfl || I.Op == Opcode::Match || I.Op == Opcode::Elect) {
    const Operand &PD = I.Ops[1];
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, PD, Lane, hasLane(R.P, Lane));
    }
    // shfl's p stays defined even when d is not (convergence README, d).
    setUndef(W, PD, P, I.Op == Opcode::Shfl ? 0 : R.UndefP | InUndef, Origin);
  }
  return true;
}

bool Runner::execCollective(Warp &W, const Inst &I, const WarpStep &S) {
  // Opcodes.def: Sub2 destinations, the sources, then the membermask.
  CollectiveIn In;
  In.S = S;
  size_t NumDst = I.Sub2, NumSrc = I.Ops.size() - 1 - NumDst;
  In.NumSrc = unsigned(NumSrc);
  uint32_t Origin = 0;
  for (size_t K = 0; K < NumSrc; ++K) {
    const Operand &O = I.Ops[NumDst + K];
    for (LaneMask X = S.Active; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      In.Src[K][Lane] = get(W, O, Lane);
    }
    In.SrcUndef[K] = undefOf(W, O) & S.Active;
    if (In.SrcUndef[K] && !Origin)
      Origin = originOf(W, O);
  }
  CollectiveOut Out;
  collectiveFunction(I.Sub)(In, Out);
  if (Out.UBLanes)
    return error(DiagID::UBMatrixOperand, I, Out.UBLanes, W,
                 "'" + I.Text + "': " + Out.UB);
  for (size_t K = 0; K < NumDst; ++K) {
    const Operand &D = I.Ops[K];
    for (LaneMask X = S.Active; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, D, Lane, Out.Dst[K][Lane]);
    }
    setUndef(W, D, S.Active, Out.DstUndef[K], Origin);
  }
  return true;
}

void Runner::computeGeneral(Warp &W, const Inst &I, LaneMask E) {
  switch (I.Op) {
  case Opcode::Activemask:
    for (LaneMask X = E; X; X &= X - 1)
      set(W, I.Ops[0], countTrailingZeros(X), E);
    setUndef(W, I.Ops[0], E, 0);
    return;
  case Opcode::Setp:
  case Opcode::Set: {
    LaneMask U = 0;
    for (size_t K = 2; K < I.Ops.size(); ++K)
      U |= undefOf(W, I.Ops[K]);
    bool HasC = ir::BoolOp(I.Sub2) != ir::BoolOp::None;
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t D, D2; // Packed.cpp: every type, .ftz, the boolean op
      evalSetLane(I, get(W, I.Ops[2], Lane), get(W, I.Ops[3], Lane),
                  HasC ? get(W, I.Ops[4], Lane) : 0, D, D2);
      set(W, I.Ops[0], Lane, D);
      if (I.Op == Opcode::Setp)
        set(W, I.Ops[1], Lane, D2);
    }
    uint32_t Origin = firstOrigin(W, ArrayRef<Operand>(I.Ops).drop_front(2), E);
    setUndef(W, I.Ops[0], E, U, Origin);
    setUndef(W, I.Ops[1], E, U, Origin);
    return;
  }
  case Opcode::Pack: {
    unsigned N = unsigned(I.Ops.size() - 1);
    unsigned Bits = I.Ty.Bits / N;
    LaneMask U = 0;
    for (unsigned K = 1; K <= N; ++K)
      U |= undefOf(W, I.Ops[K]);
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t V = 0;
      for (unsigned K = 0; K < N; ++K)
        V |= truncTo(ir::Type{ir::Type::B, uint8_t(Bits)},
                     get(W, I.Ops[K + 1], Lane))
             << (K * Bits);
      set(W, I.Ops[0], Lane, V);
    }
    setUndef(W, I.Ops[0], E, U,
             firstOrigin(W, ArrayRef<Operand>(I.Ops).drop_front(1), E));
    return;
  }
  case Opcode::Unpack: {
    unsigned N = unsigned(I.Ops.size() - 1);
    unsigned Bits = I.Ty.Bits / N;
    LaneMask U = undefOf(W, I.Ops[N]);
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t V = get(W, I.Ops[N], Lane);
      for (unsigned K = 0; K < N; ++K)
        set(W, I.Ops[K], Lane,
            truncTo(ir::Type{ir::Type::B, uint8_t(Bits)}, V >> (K * Bits)));
    }
    uint32_t Origin = originOf(W, I.Ops[N]);
    for (unsigned K = 0; K < N; ++K)
      setUndef(W, I.Ops[K], E, U, Origin);
    return;
  }
  default:
    break;
  }
  // d = f(a, b, c[, d2]).
  const Operand &D = I.Ops[0];
  size_t NOps = I.Ops.size();
  static const Operand NoOp;
  const Operand &A = NOps > 1 ? I.Ops[1] : NoOp;
  const Operand &B = NOps > 2 ? I.Ops[2] : NoOp;
  const Operand &C = NOps > 3 ? I.Ops[3] : NoOp;
  LaneMask U;
  uint32_t Origin = 0;
  if (I.Op == Opcode::Selp) {
    LaneMask TakeA = 0;
    for (LaneMask X = E; X; X &= X - 1)
      if (get(W, C, countTrailingZeros(X)))
        TakeA |= X & -X;
    U = selpUndef(W, A, B, C, TakeA);
    if (U & E)
      Origin = selpOrigin(W, A, B, C, TakeA, E);
  } else {
    U = undefOf(W, A) | undefOf(W, B) | undefOf(W, C);
    for (size_t K = 4; K < NOps; ++K)
      U |= undefOf(W, I.Ops[K]);
    if (U & E)
      Origin = firstOrigin(W, ArrayRef<Operand>(I.Ops).drop_front(1), E);
  }
  if (I.CarryIn || I.CarryOut) {
    // CC.CF carries definedness like any register: an undefined carry-in
    // makes the result (and the carry-out) undefined.
    if (I.CarryIn && (W.CarryUndef & E & ~U)) {
      if (!(U & E))
        Origin = W.CarryOrigin;
      U |= W.CarryUndef;
    }
    if (I.CarryOut) {
      W.CarryUndef = (W.CarryUndef & ~E) | (U & E);
      if (U & E)
        W.CarryOrigin = Origin;
    }
    // Extended precision: CC.CF per lane. Subtraction is a + ~b + CF
    // (sub.cc without carry-in: + 1), so after sub.cc/subc.cc CF = 1 means
    // no borrow, and subc borrows exactly when CF = 0 (also after add.cc).
    unsigned Bits = I.Ty.Bits;
    uint64_t Mask = Bits >= 64 ? ~0ull : (1ull << Bits) - 1;
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t VA = get(W, A, Lane) & Mask, VB = get(W, B, Lane) & Mask;
      uint64_t Cin = I.CarryIn && hasLane(W.Carry, Lane) ? 1 : 0;
      unsigned __int128 Wide;
      bool Out;
      if (I.Op == Opcode::Sub) {
        Wide = (unsigned __int128)VA + (~VB & Mask) + (I.CarryIn ? Cin : 1);
        Out = (Wide >> Bits) != 0;
      } else {
        uint64_t Addend = VB;
        if (I.Op == Opcode::Mad) {
          unsigned __int128 P = (unsigned __int128)VA * VB;
          Addend = uint64_t(I.Sub == 1 ? P >> Bits : P) & Mask;
          VA = get(W, C, Lane) & Mask;
        }
        Wide = (unsigned __int128)VA + Addend + Cin;
        Out = (Wide >> Bits) != 0;
      }
      set(W, D, Lane, uint64_t(Wide) & Mask);
      if (I.CarryOut)
        W.Carry = Out ? W.Carry | (1u << Lane) : W.Carry & ~(1u << Lane);
    }
  } else if (I.Op == Opcode::Bfi || I.Op == Opcode::Lop3) {
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, D, Lane,
          evalBfi(I, get(W, A, Lane), get(W, B, Lane), get(W, C, Lane),
                  get(W, I.Ops[4], Lane)));
    }
  } else if (isVideoOpcode(I.Op)) {
    // The video instructions and dp4a/dp2a (Video.cpp).
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, D, Lane,
          evalVideo(I, uint32_t(get(W, A, Lane)), uint32_t(get(W, B, Lane)),
                    uint32_t(get(W, C, Lane))));
    }
  } else {
    // Gather the operands as lane arrays, then one tight loop.
    uint64_t VA[WarpSize], VB[WarpSize], VC[WarpSize];
    load(W, A, E, VA);
    load(W, B, E, VB);
    load(W, C, E, VC);
    if (D.K == Operand::Register) {
      ir::Type DT = F.Regs[D.RegNo].Ty;
      const GeneralPrep &G = Gen[size_t(&I - F.Insts.data())];
      for (LaneMask X = E; X; X &= X - 1) {
        unsigned Lane = countTrailingZeros(X);
        uint64_t V =
            G.Path == GeneralPrep::Kernel
                ? evalLaneKernel(G.K, G.Args, VA[Lane], VB[Lane], VC[Lane])
            : G.Path == GeneralPrep::General
                ? evalAluGeneral(I, VA[Lane], VB[Lane], VC[Lane])
                : evalAlu(I, VA[Lane], VB[Lane], VC[Lane]);
        writeReg(W, D.RegNo, Lane, truncTo(DT, V));
      }
    }
  }
  setUndef(W, D, E, U, Origin);
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
