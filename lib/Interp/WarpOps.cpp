//===- WarpOps.cpp - Exact semantics of the warp-level instructions -------===//
//
// See WarpOps.h. The rule behind every "undefined": when the membermask
// contract is broken (an executing lane outside its mask, a non-exited member
// that did not come, masks that disagree, mask 0) the whole instruction is
// undefined for every executing lane (the ub_exec_not_member /
// ub_member_not_executing vectors of test/Inputs/semantics/vectors.jsonl.xz,
// run by unittests/Interp/WarpOpsVectorsTest.cpp). Otherwise only shfl can
// produce an undefined value: when its source lane does not take part
// (PTX ISA 9.7.9.6, shfl.sync: the result is undefined if a thread sources
// a register from an inactive thread or a thread not in membermask).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/WarpOps.h"

#include "llvm/Support/MathExtras.h"

namespace ptxwarp {
namespace interp {

WarpStep WarpStep::uniform(LaneMask Active, LaneMask Exited, uint32_t Mask) {
  WarpStep S;
  S.Active = Active;
  S.Exited = Exited;
  S.MemberMask.fill(Mask);
  return S;
}

namespace {

/// Union of the membermasks of the executing lanes; \p Uniform is set when
/// every executing lane passed the same mask.
uint32_t unionMask(const WarpStep &S, bool &Uniform) {
  Uniform = true;
  if (!S.Active)
    return 0;
  unsigned First = llvm::countTrailingZeros(S.Active);
  uint32_t U = S.MemberMask[First];
  for (LaneMask M = S.Active & (S.Active - 1); M; M &= M - 1) {
    uint32_t Mask = S.MemberMask[llvm::countTrailingZeros(M)];
    Uniform &= Mask == U;
    U |= Mask;
  }
  return U;
}

/// Marks every executing lane undefined when the contract is broken.
WarpResult &finish(const WarpStep &S, WarpResult &R) {
  if (R.UB.any()) {
    R.UndefD = S.Active;
    R.UndefP = S.Active;
  }
  return R;
}

WarpResult begin(const WarpStep &S) {
  WarpResult R;
  R.UB = checkMembership(S);
  return R;
}

} // namespace

WarpUB checkMembership(const WarpStep &S) {
  WarpUB UB;
  bool Uniform;
  uint32_t Union = unionMask(S, Uniform);
  for (LaneMask M = S.Active; M; M &= M - 1) {
    unsigned Lane = llvm::countTrailingZeros(M);
    uint32_t Mask = S.MemberMask[Lane];
    if (Mask == 0)
      UB.ZeroMask |= 1u << Lane;
    if (!hasLane(Mask, Lane))
      UB.ExecNotMember |= 1u << Lane;
  }
  // Category (c): lane x conflicts with an arriving lane y when their masks
  // differ and one names the other (convergence README, "Meaning of lanes").
  if (!Uniform) {
    for (LaneMask X = S.Active; X; X &= X - 1) {
      unsigned LX = llvm::countTrailingZeros(X);
      for (LaneMask Y = S.Active; Y; Y &= Y - 1) {
        unsigned LY = llvm::countTrailingZeros(Y);
        uint32_t MX = S.MemberMask[LX], MY = S.MemberMask[LY];
        if (MX != MY && (hasLane(MX, LY) || hasLane(MY, LX)))
          UB.MaskMismatch |= 1u << LX;
      }
    }
  }
  UB.MemberNotExecuting = Union & ~S.Active & ~S.Exited;
  return UB;
}

LaneMask participants(const WarpStep &S) {
  bool Uniform;
  return unionMask(S, Uniform) & S.Active & ~S.Exited;
}

WarpResult shfl(const WarpStep &S, ShflMode Mode, const LaneArray<uint32_t> &A,
                LaneMask AUndef, const LaneArray<uint32_t> &B,
                const LaneArray<uint32_t> &C) {
  WarpResult R = begin(S);
  for (LaneMask M = S.Active; M; M &= M - 1) {
    unsigned Lane = llvm::countTrailingZeros(M);
    // Seed 002, "Semantics": all lane arithmetic is on 5-bit fields.
    int BVal = B[Lane] & 0x1f;
    int CVal = C[Lane] & 0x1f;
    int SegMask = (C[Lane] >> 8) & 0x1f;
    int MaxLane = (int(Lane) & SegMask) | (CVal & ~SegMask);
    int MinLane = int(Lane) & SegMask;
    int J = 0;
    bool PVal = false;
    switch (Mode) {
    case ShflMode::Up:
      J = int(Lane) - BVal;
      PVal = J >= MaxLane;
      break;
    case ShflMode::Down:
      J = int(Lane) + BVal;
      PVal = J <= MaxLane;
      break;
    case ShflMode::Bfly:
      J = int(Lane) ^ BVal;
      PVal = J <= MaxLane;
      break;
    case ShflMode::Idx:
      J = MinLane | (BVal & ~SegMask);
      PVal = J <= MaxLane;
      break;
    }
    if (!PVal)
      J = int(Lane);
    R.D[Lane] = A[J];
    if (PVal)
      R.P |= 1u << Lane;
    // The source must take part: executing, and named by the reader's mask.
    LaneMask Sources = S.Active & S.MemberMask[Lane] & ~S.Exited;
    if (!hasLane(Sources, unsigned(J))) {
      R.UndefD |= 1u << Lane;
      R.ReadAbsent |= 1u << Lane;
      R.AbsentSources |= 1u << J;
    } else if (hasLane(AUndef, unsigned(J))) {
      R.UndefD |= 1u << Lane;
    }
  }
  return finish(S, R);
}

WarpResult vote(const WarpStep &S, VoteMode Mode, LaneMask Pred, bool Negate) {
  WarpResult R = begin(S);
  LaneMask Parts = participants(S);
  LaneMask Value = (Negate ? ~Pred : Pred) & Parts;
  uint32_t Out = 0;
  switch (Mode) {
  case VoteMode::All:
    Out = Value == Parts;
    break;
  case VoteMode::Any:
    Out = Value != 0;
    break;
  case VoteMode::Uni:
    Out = Value == 0 || Value == Parts;
    break;
  case VoteMode::Ballot:
    Out = Value;
    break;
  }
  R.D.fill(0);
  for (LaneMask M = S.Active; M; M &= M - 1)
    R.D[llvm::countTrailingZeros(M)] = Out;
  if (Mode != VoteMode::Ballot && Out)
    R.P = S.Active;
  return finish(S, R);
}

WarpResult match(const WarpStep &S, MatchMode Mode,
                 const LaneArray<uint64_t> &A) {
  WarpResult R = begin(S);
  LaneMask Parts = participants(S);
  if (Mode == MatchMode::All) {
    bool Same = true;
    if (Parts) {
      uint64_t First = A[llvm::countTrailingZeros(Parts)];
      for (LaneMask M = Parts; M; M &= M - 1)
        Same &= A[llvm::countTrailingZeros(M)] == First;
    }
    for (LaneMask M = S.Active; M; M &= M - 1)
      R.D[llvm::countTrailingZeros(M)] = Same ? Parts : 0;
    if (Same)
      R.P = S.Active;
    return finish(S, R);
  }
  for (LaneMask M = S.Active; M; M &= M - 1) {
    unsigned Lane = llvm::countTrailingZeros(M);
    uint32_t Eq = 0;
    for (LaneMask N = Parts; N; N &= N - 1) {
      unsigned Other = llvm::countTrailingZeros(N);
      if (A[Other] == A[Lane])
        Eq |= 1u << Other;
    }
    R.D[Lane] = Eq;
  }
  return finish(S, R);
}

uint32_t f32OrderKey(uint32_t Bits) {
  // Sign-magnitude to an unsigned order: negatives reversed below positives,
  // so -0.0 (0x80000000) sorts just below +0.0.
  return (Bits & 0x80000000u) ? ~Bits : (Bits | 0x80000000u);
}

namespace {

/// redux.sync.{min,max}[.abs][.NaN].f32 over \p Parts (PTX ISA, redux.sync:
/// without .NaN, NaN inputs are skipped and the result is NaN only if all are
/// NaN; with .NaN any NaN input gives NaN; the NaN is canonical; -0.0 < +0.0).
uint32_t reduceF32(LaneMask Parts, bool IsMax, bool Abs, bool NaN,
                   const LaneArray<uint32_t> &A) {
  bool Have = false, SawNaN = false;
  uint32_t Best = 0;
  for (LaneMask M = Parts; M; M &= M - 1) {
    uint32_t V = A[llvm::countTrailingZeros(M)];
    if (Abs)
      V &= 0x7fffffffu;
    if (isF32NaN(V)) {
      SawNaN = true;
      continue;
    }
    if (!Have || (IsMax ? f32OrderKey(V) > f32OrderKey(Best)
                        : f32OrderKey(V) < f32OrderKey(Best)))
      Best = V;
    Have = true;
  }
  if ((NaN && SawNaN) || !Have)
    return CanonicalF32NaN;
  return Best;
}

uint32_t reduceInt(LaneMask Parts, ReduxOp Op, bool Signed,
                   const LaneArray<uint32_t> &A) {
  uint32_t Acc = 0;
  switch (Op) {
  case ReduxOp::And:
    Acc = ~0u;
    break;
  case ReduxOp::Min:
    Acc = Signed ? 0x7fffffffu : ~0u;
    break;
  case ReduxOp::Max:
    Acc = Signed ? 0x80000000u : 0;
    break;
  default:
    break;
  }
  for (LaneMask M = Parts; M; M &= M - 1) {
    uint32_t V = A[llvm::countTrailingZeros(M)];
    switch (Op) {
    case ReduxOp::Add:
      Acc += V;
      break;
    case ReduxOp::And:
      Acc &= V;
      break;
    case ReduxOp::Or:
      Acc |= V;
      break;
    case ReduxOp::Xor:
      Acc ^= V;
      break;
    case ReduxOp::Min:
      if (Signed ? int32_t(V) < int32_t(Acc) : V < Acc)
        Acc = V;
      break;
    case ReduxOp::Max:
      if (Signed ? int32_t(V) > int32_t(Acc) : V > Acc)
        Acc = V;
      break;
    }
  }
  return Acc;
}

} // namespace

WarpResult redux(const WarpStep &S, ReduxOp Op, ReduxType Type, bool Abs,
                 bool NaN, const LaneArray<uint32_t> &A) {
  WarpResult R = begin(S);
  LaneMask Parts = participants(S);
  uint32_t Out = Type == ReduxType::F32
                     ? reduceF32(Parts, Op == ReduxOp::Max, Abs, NaN, A)
                     : reduceInt(Parts, Op, Type == ReduxType::S32, A);
  for (LaneMask M = S.Active; M; M &= M - 1)
    R.D[llvm::countTrailingZeros(M)] = Out;
  return finish(S, R);
}

WarpResult activemask(const WarpStep &S) {
  WarpResult R;
  for (LaneMask M = S.Active; M; M &= M - 1)
    R.D[llvm::countTrailingZeros(M)] = S.Active;
  return R;
}

WarpResult elect(const WarpStep &S) {
  WarpResult R = begin(S);
  LaneMask Parts = participants(S);
  if (Parts) {
    unsigned Leader = llvm::countTrailingZeros(Parts);
    for (LaneMask M = S.Active; M; M &= M - 1)
      R.D[llvm::countTrailingZeros(M)] = Leader;
    R.P = 1u << Leader;
  }
  return finish(S, R);
}

WarpResult barWarpSync(const WarpStep &S) {
  WarpResult R = begin(S);
  return finish(S, R);
}

uint32_t laneMaskEq(unsigned Lane) { return 1u << Lane; }
uint32_t laneMaskLt(unsigned Lane) { return (1u << Lane) - 1; }
uint32_t laneMaskLe(unsigned Lane) { return laneMaskLt(Lane) | (1u << Lane); }
uint32_t laneMaskGt(unsigned Lane) { return ~laneMaskLe(Lane); }
uint32_t laneMaskGe(unsigned Lane) { return ~laneMaskLt(Lane); }

} // namespace interp
} // namespace ptxwarp
