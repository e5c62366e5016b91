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
#include "ptxwarp/Interp/LaneKernels.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

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

namespace {

/// shflLanes for one mode (and c in C[0] for every lane when \p UniformC):
/// a loop over all 32 lanes without branches, which the compiler vectorises.
template <ShflMode Mode, bool UniformC>
LaneMask shflLanesOf(const uint32_t *B, const uint32_t *C, uint32_t *J) {
  uint32_t In[WarpSize];
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    // All lane arithmetic is on 5-bit fields: b's and c's low five bits and
    // the segment mask in c's bits 8-12.
    uint32_t CL = C[UniformC ? 0 : Lane];
    int L = int(Lane);
    int BVal = int(B[Lane] & 0x1f);
    int CVal = int(CL & 0x1f);
    int SegMask = int((CL >> 8) & 0x1f);
    int MaxLane = (L & SegMask) | (CVal & ~SegMask);
    int MinLane = L & SegMask;
    int Src = 0;
    bool PVal = false;
    switch (Mode) {
    case ShflMode::Up:
      Src = L - BVal;
      PVal = Src >= MaxLane;
      break;
    case ShflMode::Down:
      Src = L + BVal;
      PVal = Src <= MaxLane;
      break;
    case ShflMode::Bfly:
      Src = L ^ BVal;
      PVal = Src <= MaxLane;
      break;
    case ShflMode::Idx:
      Src = MinLane | (BVal & ~SegMask);
      PVal = Src <= MaxLane;
      break;
    }
    J[Lane] = uint32_t(PVal ? Src : L);
    In[Lane] = PVal;
  }
  return nonZeroLanes(In);
}

template <bool UniformC>
LaneMask shflLanesFor(ShflMode Mode, const uint32_t *B, const uint32_t *C,
                      uint32_t *J) {
  switch (Mode) {
  case ShflMode::Up:
    return shflLanesOf<ShflMode::Up, UniformC>(B, C, J);
  case ShflMode::Down:
    return shflLanesOf<ShflMode::Down, UniformC>(B, C, J);
  case ShflMode::Bfly:
    return shflLanesOf<ShflMode::Bfly, UniformC>(B, C, J);
  case ShflMode::Idx:
    break;
  }
  return shflLanesOf<ShflMode::Idx, UniformC>(B, C, J);
}

} // namespace

LaneMask shflLanes(ShflMode Mode, const uint32_t *B, const uint32_t *C,
                   uint32_t *J, bool UniformC) {
  return UniformC ? shflLanesFor<true>(Mode, B, C, J)
                  : shflLanesFor<false>(Mode, B, C, J);
}

WarpResult shfl(const WarpStep &S, ShflMode Mode, const LaneArray<uint32_t> &A,
                LaneMask AUndef, const LaneArray<uint32_t> &B,
                const LaneArray<uint32_t> &C) {
  WarpResult R = begin(S);
  uint32_t Src[WarpSize];
  LaneMask PVal = shflLanes(Mode, B.data(), C.data(), Src);
  for (LaneMask M = S.Active; M; M &= M - 1) {
    unsigned Lane = llvm::countTrailingZeros(M);
    unsigned J = Src[Lane];
    R.D[Lane] = A[J];
    R.P |= PVal & (1u << Lane);
    // The source must take part: executing, and named by the reader's mask.
    LaneMask Sources = S.Active & S.MemberMask[Lane] & ~S.Exited;
    if (!hasLane(Sources, J)) {
      R.UndefD |= 1u << Lane;
      R.ReadAbsent |= 1u << Lane;
      R.AbsentSources |= 1u << J;
    } else if (hasLane(AUndef, J)) {
      R.UndefD |= 1u << Lane;
    }
  }
  return finish(S, R);
}

uint32_t voteValue(VoteMode Mode, LaneMask Value, LaneMask Parts) {
  switch (Mode) {
  case VoteMode::All:
    return Value == Parts;
  case VoteMode::Any:
    return Value != 0;
  case VoteMode::Uni:
    return Value == 0 || Value == Parts;
  case VoteMode::Ballot:
    break;
  }
  return Value;
}

WarpResult vote(const WarpStep &S, VoteMode Mode, LaneMask Pred, bool Negate) {
  WarpResult R = begin(S);
  LaneMask Parts = participants(S);
  LaneMask Value = (Negate ? ~Pred : Pred) & Parts;
  uint32_t Out = voteValue(Mode, Value, Parts);
  R.D.fill(0);
  for (LaneMask M = S.Active; M; M &= M - 1)
    R.D[llvm::countTrailingZeros(M)] = Out;
  if (Mode != VoteMode::Ballot && Out)
    R.P = S.Active;
  return finish(S, R);
}

void matchAnyLanes(LaneMask Parts, LaneMask Active,
                   const LaneArray<uint64_t> &A, LaneArray<uint32_t> &D) {
  // One class of equal values at a time: the lanes equal to the first lane
  // not yet answered, found by one comparison with every lane.
  for (LaneMask Left = Active; Left;) {
    uint64_t V = A[llvm::countTrailingZeros(Left)];
    LaneMask Same = 0;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Same |= uint32_t(A[Lane] == V) << Lane;
    for (LaneMask M = Same & Left; M; M &= M - 1)
      D[llvm::countTrailingZeros(M)] = Same & Parts;
    Left &= ~Same;
  }
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
  matchAnyLanes(Parts, S.Active, A, R.D);
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
  // Signed min/max compare in the unsigned order of x ^ 0x80000000 (the
  // flip is undone at the end). Every lane takes part in the loops below,
  // with the operation's identity outside Parts, so that they have no
  // branches and the compiler vectorises them.
  bool MinMax = Op == ReduxOp::Min || Op == ReduxOp::Max;
  uint32_t Flip = Signed && MinMax ? 0x80000000u : 0;
  uint32_t Id = Op == ReduxOp::And || Op == ReduxOp::Min ? ~0u : 0;
  // Bit L in lane L: `Parts & Bit[L]` vectorises where `Parts >> L` would
  // not (SSE2 has no per-lane shifts).
  static constexpr uint32_t Bit[WarpSize] = {
      1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,
      1u << 7,  1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13,
      1u << 14, 1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20,
      1u << 21, 1u << 22, 1u << 23, 1u << 24, 1u << 25, 1u << 26, 1u << 27,
      1u << 28, 1u << 29, 1u << 30, 1u << 31};
  uint32_t V[WarpSize];
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    uint32_t In = -uint32_t((Parts & Bit[Lane]) != 0); // all ones in Parts
    V[Lane] = ((A[Lane] ^ Flip) & In) | (Id & ~In);
  }
  uint32_t Acc = Id;
  switch (Op) {
  case ReduxOp::Add:
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Acc += V[Lane];
    break;
  case ReduxOp::And:
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Acc &= V[Lane];
    break;
  case ReduxOp::Or:
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Acc |= V[Lane];
    break;
  case ReduxOp::Xor:
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Acc ^= V[Lane];
    break;
  case ReduxOp::Min:
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Acc = std::min(Acc, V[Lane]);
    break;
  case ReduxOp::Max:
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      Acc = std::max(Acc, V[Lane]);
    break;
  }
  return Acc ^ Flip;
}

} // namespace

uint32_t reduxValue(LaneMask Parts, ReduxOp Op, ReduxType Type, bool Abs,
                    bool NaN, const LaneArray<uint32_t> &A) {
  return Type == ReduxType::F32
             ? reduceF32(Parts, Op == ReduxOp::Max, Abs, NaN, A)
             : reduceInt(Parts, Op, Type == ReduxType::S32, A);
}

WarpResult redux(const WarpStep &S, ReduxOp Op, ReduxType Type, bool Abs,
                 bool NaN, const LaneArray<uint32_t> &A) {
  WarpResult R = begin(S);
  uint32_t Out = reduxValue(participants(S), Op, Type, Abs, NaN, A);
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
