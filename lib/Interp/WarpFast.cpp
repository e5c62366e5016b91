//===- WarpFast.cpp - Warp collectives on the converged fast path ---------===//
//
// shfl, vote, match, redux, elect, bar.warp.sync and activemask as one
// computation over the warp inside the converged group loop (the model and
// its preconditions: WarpFast.h). The results come from the formulas the
// general path (RunExec.cpp, trySync and execWarpOp) uses, in WarpOps.h,
// and are written exactly where it writes them: the destination lanes of
// the group, their definedness and its origin.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include <algorithm>
#include <cstring>

namespace ptxwarp {
namespace interp {
namespace detail {

namespace {

/// A 32-bit destination register as Runner::set writes it unchanged: 32-bit
/// lanes and a 32-bit type that is not a predicate.
bool isPlain32(const ir::Type &T) {
  return T.K != ir::Type::Pred && T.Bits == 32 && !T.Packed;
}

/// Copies \p N 32-bit lanes (a multiple of 4), 16 bytes at a time: a
/// 128-byte memcpy would become `rep movs`, slower for so few bytes.
void copyWords(void *D, const void *S, unsigned N) {
  for (unsigned K = 0; K < N; K += 4)
    std::memcpy(static_cast<uint32_t *>(D) + K,
                static_cast<const uint32_t *>(S) + K, 4 * sizeof(uint32_t));
}

/// Writes \p V to the lanes of \p D in \p M (a blend over all 32 lanes,
/// which vectorises).
void fillLanes(uint32_t *D, LaneMask M, uint32_t V) {
  for (unsigned L = 0; L < WarpSize; ++L)
    D[L] = (M & LaneBits[L]) ? V : D[L];
}

/// Writes \p V[L] to lane L of \p D for the lanes in \p M.
void copyLanes(uint32_t *D, LaneMask M, const uint32_t *V) {
  if (M == ~0u) {
    copyWords(D, V, WarpSize);
    return;
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    D[L] = (M & LaneBits[L]) ? V[L] : D[L];
}

/// Bit L of \p M as 0/1 into lane L of \p D, for the lanes in \p In.
void maskToLanes(uint32_t *D, LaneMask In, LaneMask M) {
  if (In == ~0u) {
    for (unsigned L = 0; L < WarpSize; ++L)
      D[L] = uint32_t((M & LaneBits[L]) != 0);
    return;
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    D[L] = (In & LaneBits[L]) ? uint32_t((M & LaneBits[L]) != 0) : D[L];
}

/// How a shfl with source lanes \p J moves its lanes (WarpFastOp::Perm),
/// into \p O: a plan that moves four lanes at a time wherever the lanes read
/// four consecutive lanes (shfl.bfly/up/down by 4 or more, or by 1 and 2
/// from within the four), else lane by lane.
void planShfl(WarpFastOp &O) {
  using Perm = WarpFastOp::Perm;
  bool Xor1 = true, Xor2 = true, Bcast = true;
  for (unsigned L = 0; L < WarpSize; ++L) {
    Xor1 &= O.J[L] == (L ^ 1);
    Xor2 &= O.J[L] == (L ^ 2);
    Bcast &= O.J[L] == O.J[0];
  }
  O.Plan = Xor1 ? Perm::Xor1 : Xor2 ? Perm::Xor2 : Perm::Gather;
  if (Bcast)
    O.Plan = Perm::Bcast;
  if (O.Plan != Perm::Gather)
    return;
  unsigned N = 0;
  for (unsigned B = 0; B < 8; ++B) {
    unsigned First = std::min<unsigned>(O.J[4 * B], WarpSize - 4);
    O.Src4[B] = uint8_t(First);
    for (unsigned I = 0; I < 4; ++I) {
      unsigned L = 4 * B + I;
      if (O.J[L] == First + I)
        continue;
      if (N == 8)
        return; // too many exceptions: lane by lane
      O.Patches[N][0] = uint8_t(L);
      O.Patches[N][1] = uint8_t(O.J[L]);
      ++N;
    }
  }
  O.NumPatches = uint8_t(N);
  O.Plan = Perm::Blocks;
}

/// O's shfl table for b's lanes \p BL and c the same in every lane: the
/// source lanes, pval (also as 0/1 lanes) and the plan.
void makeShflTable(WarpFastOp &O, const uint32_t *BL, uint32_t C) {
  LaneArray<uint32_t> CL;
  CL.fill(C);
  O.PVal = shflLanes(ShflMode(O.Mode), BL, CL.data(), O.J.data());
  planShfl(O);
  for (unsigned L = 0; L < WarpSize; ++L)
    O.PLanes[L] = (O.PVal >> L) & 1;
}

/// The same for b the same in every lane.
void makeShflTable(WarpFastOp &O, uint32_t B, uint32_t C) {
  LaneArray<uint32_t> BL;
  BL.fill(B);
  makeShflTable(O, BL.data(), C);
}

/// Whether \p V holds one value in all lanes of \p M (into \p Out); a loop
/// over all 32 lanes, which vectorises.
bool uniformIn(const uint32_t *V, LaneMask M, uint32_t &Out) {
  Out = V[countTrailingZeros(M)];
  uint32_t Differ = 0;
  for (unsigned L = 0; L < WarpSize; ++L)
    Differ |= (V[L] ^ Out) & -uint32_t((M & LaneBits[L]) != 0);
  return !Differ;
}

/// Out[L] = A[O.J[L]] for every lane, as \p Plan says (\p J: the source
/// lanes when they were not known in advance). \p Out is not \p A.
void permute(const WarpFastOp &O, WarpFastOp::Perm Plan, const uint32_t *J,
             const uint32_t *A, uint32_t *Out) {
  using Perm = WarpFastOp::Perm;
  switch (Plan) {
  case Perm::Xor1:
    for (unsigned L = 0; L < WarpSize; ++L)
      Out[L] = A[L ^ 1];
    return;
  case Perm::Xor2:
    for (unsigned L = 0; L < WarpSize; ++L)
      Out[L] = A[L ^ 2];
    return;
  case Perm::Bcast: {
    uint32_t V = A[J[0]];
    for (unsigned L = 0; L < WarpSize; ++L)
      Out[L] = V;
    return;
  }
  case Perm::Blocks:
    for (unsigned B = 0; B < 8; ++B)
      std::memcpy(Out + 4 * B, A + O.Src4[B], 4 * sizeof(uint32_t));
    for (unsigned K = 0; K < O.NumPatches; ++K)
      Out[O.Patches[K][0]] = A[O.Patches[K][1]];
    return;
  case Perm::Gather:
    break;
  }
#pragma GCC unroll 32
  for (unsigned L = 0; L < WarpSize; ++L)
    Out[L] = A[J[L]];
}

} // namespace

void Runner::constRegs() {
  // A register qualifies when every instruction that names it either writes
  // it with an unguarded `mov.b32 r, imm` (one value for all of them) or
  // reads it as shfl's b, c or membermask, as nvcc emits
  // `mov.u32 %r16, 31; shfl.sync.down.b32 ..., %r16, %r18;`. Every CTA
  // starts with all its lanes undefined (resetWarp), so a lane the
  // fast path finds defined was written by such a mov in this CTA.
  constexpr uint64_t No = ~0ull;
  ConstRegs.assign(F.Regs.size(), 0);
  // Integer and bit types only: a mov of one of those copies the
  // immediate's low 32 bits (no float conversion to reason about).
  auto IntKind = [](const ir::Type &T) {
    return (T.K == ir::Type::B || T.K == ir::Type::U || T.K == ir::Type::S) &&
           T.Bits == 32 && !T.Packed;
  };
  auto Qualifies = [&](unsigned R) {
    return Narrow[R] && IntKind(F.Regs[R].Ty);
  };
  for (const Inst &I : F.Insts) {
    if (I.Guard >= 0)
      ConstRegs[unsigned(I.Guard)] = No;
    for (size_t K = 0; K < I.Ops.size(); ++K) {
      const Operand &O = I.Ops[K];
      // Registers are named by register operands and address bases only
      // (another kind's RegNo means nothing).
      if (O.RegNo < 0 || (O.K != Operand::Register && O.K != Operand::Addr))
        continue;
      unsigned R = unsigned(O.RegNo);
      bool MovImm = I.Op == Opcode::Mov && K == 0 && I.Guard < 0 &&
                    I.Ops.size() == 2 && O.K == Operand::Register &&
                    !O.Negated && IntKind(I.Ty) &&
                    I.Ops[1].K == Operand::Immediate && !I.Ops[1].Negated &&
                    !I.Ops[1].DynShared;
      bool ShflSrc = I.Op == Opcode::Shfl && I.Ops.size() == 6 && K >= 3 &&
                     O.K == Operand::Register && !O.Negated;
      if (!Qualifies(R) || (!MovImm && !ShflSrc)) {
        ConstRegs[R] = No;
        continue;
      }
      if (!MovImm || ConstRegs[R] == No)
        continue;
      uint64_t V = 1 + uint64_t(uint32_t(I.Ops[1].Imm)); // never 0
      ConstRegs[R] = ConstRegs[R] == 0 || ConstRegs[R] == V ? V : No;
    }
  }
  for (uint64_t &C : ConstRegs)
    if (C == No)
      C = 0;
}

void Runner::prepareWarpFast(uint32_t PC) {
  const Inst &I = F.Insts[PC];
  if (I.AlignedWarp)
    return;
  if (ConstRegs.size() != F.Regs.size())
    constRegs();
  WarpFastOp O;
  O.Op = I.Op;
  O.Mode = I.Sub;
  // Registers and constants only; a source register with 32-bit lanes
  // (unless \p Wide), as the general path's uint32_t(get()) reads it.
  auto Src = [&](const Operand &Op, WarpFastSrc &S, bool Wide = false,
                 bool MayNegate = false) {
    if (Op.Negated && !MayNegate)
      return false;
    S.Negated = Op.Negated;
    if (Op.K == Operand::Immediate) {
      S.Imm = Op.Imm;
      return true;
    }
    if (Op.K != Operand::Register || bool(Narrow[Op.RegNo]) == Wide)
      return false;
    S.Reg = Op.RegNo;
    S.Wide = Wide;
    if (uint64_t C = ConstRegs[unsigned(Op.RegNo)]) {
      S.Known = true;
      S.Imm = C - 1;
    }
    return true;
  };
  // Destinations: a plain 32-bit register or a predicate, or none.
  auto Dst = [&](const Operand &Op, int32_t &D, bool Pred) {
    if (Op.K == Operand::None)
      return true;
    if (Op.K != Operand::Register || !Narrow[Op.RegNo])
      return false;
    const ir::Type &T = F.Regs[Op.RegNo].Ty;
    if (Pred ? T.K != ir::Type::Pred : !isPlain32(T))
      return false;
    D = Op.RegNo;
    return true;
  };
  bool Ok = false;
  switch (I.Op) {
  case Opcode::Activemask:
    // Not a warp-sync instruction: it only reads which lanes execute it. The
    // group loop hands it here rather than to compute().
    if (I.Ops.size() != 1 || !Dst(I.Ops[0], O.D, false))
      return;
    FastOps.push_back(O);
    Code[PC].Fast = int32_t(FastOps.size() - 1);
    Code[PC].OnlyComputes = false;
    return;
  case Opcode::Shfl:
    // d|p, a, b, c, membermask
    Ok = I.Ops.size() == 6 && Dst(I.Ops[0], O.D, false) &&
         Dst(I.Ops[1], O.PD, true) && Src(I.Ops[2], O.A) &&
         Src(I.Ops[3], O.B) && Src(I.Ops[4], O.C);
    if (Ok && (O.B.Reg < 0 || O.B.Known) && (O.C.Reg < 0 || O.C.Known)) {
      O.Table = true;
      makeShflTable(O, uint32_t(O.B.Imm), uint32_t(O.C.Imm));
    }
    break;
  case Opcode::Vote:
    // d, {!}a, membermask: d is a predicate but for .ballot.
    Ok = I.Ops.size() == 3 &&
         Dst(I.Ops[0], O.D, VoteMode(I.Sub) != VoteMode::Ballot) &&
         Src(I.Ops[1], O.A, false, true);
    break;
  case Opcode::Match:
    // d|p, a, membermask; a as wide as the type (b32 or b64).
    Ok = I.Ops.size() == 4 && (I.Ty.Bits == 32 || I.Ty.Bits == 64) &&
         Dst(I.Ops[0], O.D, false) && Dst(I.Ops[1], O.PD, true) &&
         Src(I.Ops[2], O.A, I.Ty.Bits == 64);
    O.A.Imm = truncTo(I.Ty, O.A.Imm);
    break;
  case Opcode::Redux:
    // d, a, membermask
    Ok = I.Ops.size() == 3 && Dst(I.Ops[0], O.D, false) && Src(I.Ops[1], O.A);
    O.RType = ReduxType(I.Sub2);
    O.Abs = I.Abs;
    O.NaN = I.NaN;
    break;
  case Opcode::Elect:
    // d|p, membermask
    Ok = I.Ops.size() == 3 && Dst(I.Ops[0], O.D, false) &&
         Dst(I.Ops[1], O.PD, true);
    break;
  case Opcode::BarWarpSync:
    Ok = I.Ops.size() == 1;
    break;
  default:
    return;
  }
  if (!Ok)
    return;
  // The membermask: the group for the legacy forms, else a constant or a
  // register.
  O.ImplicitMask = I.ImplicitMask;
  if (!I.ImplicitMask) {
    WarpFastSrc MS;
    if (!Src(I.Ops.back(), MS))
      return;
    O.MaskReg = MS.Reg;
    O.MaskImm = uint32_t(MS.Imm);
    O.MaskKnown = MS.Known;
  }
  FastOps.push_back(O);
  Code[PC].Fast = int32_t(FastOps.size() - 1);
}

bool Runner::runWarpFast(Warp &W, uint32_t PC, LaneMask M) {
  const Prepared &P = Code[PC];
  WarpFastOp &O = FastOps[P.Fast];
  // An undefined guard is a use (the general path reports it); guard-false
  // lanes split the group.
  if (P.Guard >= 0 && (W.Undef[P.Guard] & M))
    return false;
  LaneMask E = guardLanes(W, P.Guard, P.GuardNeg, M);
  auto Lanes32 = [&](int32_t R) {
    return static_cast<uint32_t *>(regLanes(W, unsigned(R)));
  };
  if (O.Op == Opcode::Activemask) {
    // As computeGeneral: the executing lanes, in every executing lane.
    if (O.D >= 0) {
      fillLanes(Lanes32(O.D), E, E);
      W.Undef[O.D] &= ~E;
    }
    return true;
  }
  if (E != M)
    return false;
  // The membermask: one defined value in all of the group (else UB c or
  // d), holding the group (UB a, e) and every live lane it names (else the
  // group waits for them).
  uint32_t Mask = O.MaskImm;
  if (O.ImplicitMask) {
    Mask = M;
  } else if (O.MaskReg >= 0) {
    if (W.Undef[O.MaskReg] & M)
      return false;
  }
  if (O.MaskReg >= 0 && !O.MaskKnown) {
    const uint32_t *ML = Lanes32(O.MaskReg);
    Mask = ML[countTrailingZeros(M)];
    uint32_t Differ = 0;
    for (unsigned L = 0; L < WarpSize; ++L)
      Differ |= (ML[L] ^ Mask) & -uint32_t((M & LaneBits[L]) != 0);
    if (Differ)
      return false;
  }
  if (!Mask || (M & ~Mask) || (Mask & W.live() & ~M))
    return false;
  // Now the participants (the union of the masks, executing, not exited) are
  // the group: shfl's sources, vote's, match's and redux's lanes.
  // A source's 32-bit lanes (constants spread into \p Buf).
  auto Source32 = [&](const WarpFastSrc &S, uint32_t *Buf) -> const uint32_t * {
    if (S.Reg >= 0)
      return Lanes32(S.Reg);
    for (unsigned L = 0; L < WarpSize; ++L)
      Buf[L] = uint32_t(S.Imm);
    return Buf;
  };
  auto UndefOf = [&](const WarpFastSrc &S) -> LaneMask {
    return S.Reg >= 0 ? W.Undef[S.Reg] : 0;
  };
  auto OriginOf = [&](const WarpFastSrc &S) -> uint32_t {
    return S.Reg >= 0 ? W.Origin[S.Reg] : 0;
  };
  // The destinations' definedness, as setUndef.
  auto Define = [&](int32_t R, LaneMask U, uint32_t Origin) {
    if (R < 0)
      return;
    W.Undef[R] = (W.Undef[R] & ~M) | U;
    if (U)
      W.Origin[R] = Origin;
  };
  switch (O.Op) {
  case Opcode::Shfl: {
    // Using an undefined b or c is an error the general path reports.
    if ((UndefOf(O.B) | UndefOf(O.C)) & M)
      return false;
    uint32_t JBuf[WarpSize], BBuf[WarpSize], ABuf[WarpSize];
    bool UseTable = O.Table;
    if (!UseTable) {
      // b and c one value in all of the group (each lane's source lane
      // depends on its own b and c only): the cached table, made again for
      // new values.
      uint32_t BV = uint32_t(O.B.Imm), CV = uint32_t(O.C.Imm);
      if ((O.B.Reg < 0 || uniformIn(Lanes32(O.B.Reg), M, BV)) &&
          (O.C.Reg < 0 || uniformIn(Lanes32(O.C.Reg), M, CV))) {
        if (!O.Cached || BV != O.CacheB || CV != O.CacheC) {
          makeShflTable(O, BV, CV);
          O.Cached = true;
          O.CachedLanes = false;
          O.CacheB = BV;
          O.CacheC = CV;
        }
        UseTable = true;
      } else if (O.B.Reg >= 0 && O.C.Reg < 0) {
        // b differs between lanes (each lane's source lane depends on its
        // own b and the constant c only): the table of the last b lanes,
        // made again when one of them changes (all 32 are compared, so
        // that the table is the one shflLanes would make now).
        const uint32_t *BL = Lanes32(O.B.Reg);
        uint32_t Differ = 0;
        for (unsigned L = 0; L < WarpSize; ++L)
          Differ |= BL[L] ^ O.CacheBLanes[L];
        if (!O.CachedLanes || Differ) {
          std::copy(BL, BL + WarpSize, O.CacheBLanes.begin());
          makeShflTable(O, BL, uint32_t(O.C.Imm));
          O.CachedLanes = true;
          O.Cached = false;
        }
        UseTable = true;
      }
    }
    const uint32_t *J = O.J.data();
    LaneMask PVal = O.PVal;
    WarpFastOp::Perm Plan = O.Plan;
    if (!UseTable) {
      // A constant c (the usual case) is read once.
      uint32_t CImm = uint32_t(O.C.Imm);
      bool UniformC = O.C.Reg < 0;
      PVal = shflLanes(ShflMode(O.Mode), Source32(O.B, BBuf),
                       UniformC ? &CImm : Lanes32(O.C.Reg), JBuf, UniformC);
      J = JBuf;
      Plan = WarpFastOp::Perm::Gather;
    }
    // A lane reading a lane outside the group gets an undefined value with
    // an origin of its own: the general path makes it.
    if (M != ~0u)
      for (LaneMask X = M; X; X &= X - 1)
        if (!(M & (1u << J[countTrailingZeros(X)])))
          return false;
    const uint32_t *A = Source32(O.A, ABuf);
    LaneMask U = 0, AU = UndefOf(O.A) & M;
    if (LLVM_UNLIKELY(AU))
      for (LaneMask X = M; X; X &= X - 1)
        if (AU & (1u << J[countTrailingZeros(X)]))
          U |= X & -X;
    uint32_t Origin = OriginOf(O.A);
    if (O.D >= 0) {
      // Straight into d when every lane writes it and it is not a.
      uint32_t *D = Lanes32(O.D), Buf[WarpSize];
      bool Direct = M == ~0u && O.D != O.A.Reg;
      uint32_t *Out = Direct ? D : Buf;
      permute(O, Plan, J, A, Out);
      if (!Direct)
        copyLanes(D, M, Buf);
      Define(O.D, U, Origin);
    }
    // p stays defined even when d is not (README, d).
    if (O.PD >= 0) {
      if (UseTable && M == ~0u)
        copyWords(Lanes32(O.PD), O.PLanes.data(), WarpSize);
      else
        maskToLanes(Lanes32(O.PD), M, PVal);
      Define(O.PD, 0, 0);
    }
    break;
  }
  case Opcode::Vote: {
    LaneMask Pred;
    if (O.A.Reg >= 0)
      Pred = nonZeroLanes(Lanes32(O.A.Reg));
    else
      Pred = O.A.Imm ? ~0u : 0;
    if (O.A.Negated)
      Pred = ~Pred;
    uint32_t Out = voteValue(VoteMode(O.Mode), Pred & M, M);
    LaneMask U = (UndefOf(O.A) & M) ? M : 0;
    if (O.D >= 0) {
      // A predicate d (.all/.any/.uni) holds 0 or 1, which Out already is.
      fillLanes(Lanes32(O.D), M, Out);
      Define(O.D, U, OriginOf(O.A));
    }
    break;
  }
  case Opcode::Match: {
    LaneArray<uint64_t> A;
    if (O.A.Reg < 0)
      A.fill(O.A.Imm);
    else if (O.A.Wide)
      copyWords(A.data(), regLanes(W, unsigned(O.A.Reg)), 2 * WarpSize);
    else
      for (unsigned L = 0; L < WarpSize; ++L)
        A[L] = Lanes32(O.A.Reg)[L];
    LaneMask U = (UndefOf(O.A) & M) ? M : 0;
    uint32_t Origin = OriginOf(O.A);
    bool Same = true;
    LaneArray<uint32_t> D;
    if (MatchMode(O.Mode) == MatchMode::All) {
      uint64_t First = A[countTrailingZeros(M)];
      uint32_t Differ = 0;
      for (unsigned L = 0; L < WarpSize; ++L)
        Differ |= uint32_t(A[L] != First) & uint32_t((M & LaneBits[L]) != 0);
      Same = !Differ;
      D.fill(Same ? M : 0);
    } else {
      matchAnyLanes(M, M, A, D);
      Same = false; // match.any has no p
    }
    if (O.D >= 0) {
      copyLanes(Lanes32(O.D), M, D.data());
      Define(O.D, U, Origin);
    }
    if (O.PD >= 0) {
      fillLanes(Lanes32(O.PD), M, Same);
      Define(O.PD, U, Origin);
    }
    break;
  }
  case Opcode::Redux: {
    LaneArray<uint32_t> A;
    if (O.A.Reg >= 0)
      copyWords(A.data(), Lanes32(O.A.Reg), WarpSize);
    else
      A.fill(uint32_t(O.A.Imm));
    uint32_t Out = reduxValue(M, ReduxOp(O.Mode), O.RType, O.Abs, O.NaN, A);
    LaneMask U = (UndefOf(O.A) & M) ? M : 0;
    if (O.D >= 0) {
      fillLanes(Lanes32(O.D), M, Out);
      Define(O.D, U, OriginOf(O.A));
    }
    break;
  }
  case Opcode::Elect: {
    // The leader is the lowest participating lane (PTX ISA, elect.sync).
    unsigned Leader = countTrailingZeros(M);
    if (O.D >= 0) {
      fillLanes(Lanes32(O.D), M, Leader);
      Define(O.D, 0, 0);
    }
    if (O.PD >= 0) {
      maskToLanes(Lanes32(O.PD), M, 1u << Leader);
      Define(O.PD, 0, 0);
    }
    break;
  }
  case Opcode::BarWarpSync:
    break;
  default:
    return false;
  }
  ++Stats.FastWarpOps;
  return true;
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
