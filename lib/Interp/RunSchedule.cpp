//===- RunSchedule.cpp - CTAs and the ITS scheduler -----------------------===//
//
// The CTA loop (runCta) and the scheduling policies (the model: Runner.h):
// runGroup is the converged policy's fast path (with what prepare(),
// RunPrepare.cpp, decided for each instruction), stepWarp picks and runs one
// group under any policy (converged, lockstep, random), exec dispatches one
// instruction, and reportDeadlock explains a CTA that cannot go on. They
// live in one file so that the hot loop (runCta -> runGroup -> compute)
// inlines across them.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ptxwarp/IR/AsyncOps.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace ptxwarp {
namespace interp {
namespace detail {

namespace {

/// The lanes of \p Cand at the lowest PC among them; that PC goes to \p PC
/// and the lowest PC of Cand's other lanes to \p Next (~0u when there are
/// none); \p OneOther says that all of those are at Next. Both loops run
/// over all 32 lanes without branches, which the compiler vectorises (a
/// divergent warp regroups its lanes this way).
LaneMask lowestPCGroup(const std::array<uint32_t, WarpSize> &PCs, LaneMask Cand,
                       uint32_t &PC, uint32_t &Next, bool &OneOther) {
  // PCs fit in 31 bits (a function's instruction count), so signed
  // compares order them and INT32_MAX stands for "not a candidate".
  int32_t Key[WarpSize];
  int32_t Min = INT32_MAX, Max = 0;
  for (unsigned L = 0; L < WarpSize; ++L) {
    int32_t Sel =
        -int32_t((Cand & LaneBits[L]) != 0); // all ones for a candidate
    Key[L] = (int32_t(PCs[L]) & Sel) | (INT32_MAX & ~Sel);
    Min = Key[L] < Min ? Key[L] : Min;
    int32_t H = int32_t(PCs[L]) & Sel;
    Max = H > Max ? H : Max;
  }
  LaneMask M = 0;
  int32_t Other = INT32_MAX;
  for (unsigned L = 0; L < WarpSize; ++L) {
    int32_t At = -int32_t(Key[L] == Min);
    M |= LaneBits[L] & uint32_t(At);
    int32_t K = Key[L] | (INT32_MAX & At);
    Other = K < Other ? K : Other;
  }
  PC = uint32_t(Min);
  Next = Other == INT32_MAX ? ~0u : uint32_t(Other);
  OneOther = Other != INT32_MAX && Max == Other;
  return M;
}

} // namespace

/// The converged policy's fast path. stepWarp regroups the lanes by PC
/// before every instruction and runs the group at the lowest PC; here that
/// group keeps running, with its PC in a local, for as long as stepWarp would
/// go on picking it (while its PC stays below every other group's), and the
/// lanes are regrouped only when it reaches another group or a branch splits
/// it. When the warp's candidate lanes are at two PCs (a branch split the
/// warp), the loop knows both groups and switches between them itself.
/// Each step counts and executes exactly as in stepWarp; warp collectives
/// that the fast path cannot run, mbarrier try_wait, undefined guards and
/// the step limit are left to stepWarp. Returns the steps taken.
///
/// Always inlined into runCta, its one caller: as an out-of-line member
/// (since Runner left the anonymous namespace) GCC no longer inlines it, and
/// its loop then takes ~10% more instructions (callgrind, interp_throughput).
LLVM_ATTRIBUTE_ALWAYS_INLINE unsigned Runner::runGroup(Warp &W,
                                                       unsigned Budget) {
  const uint32_t End = uint32_t(F.Insts.size());
  unsigned Steps = 0;
  for (bool Regroup = true; Regroup;) {
    LaneMask Cand = W.live() & ~W.AtBarrier;
    if (!Cand)
      break;
    uint32_t PC = W.PC[countTrailingZeros(Cand)];
    LaneMask M = Cand;
    uint32_t Limit = End; // the other groups' lowest PC
    // The other group's lanes, all at Limit, when the candidates are at two
    // PCs; else 0.
    LaneMask Other = 0;
    if (!W.Uniform) {
      uint32_t Next;
      bool OneOther;
      M = lowestPCGroup(W.PC, Cand, PC, Next, OneOther);
      Limit = std::min(Limit, Next);
      W.Uniform = M == Cand;
      if (OneOther && Next < End)
        Other = Cand & ~M;
    }
    // The steps this group may take before the budget or the step limit,
    // and the ones it took: the counters are updated when the group
    // changes, or before an instruction that needs them current.
    uint64_t Room = std::min<uint64_t>(
        Budget - Steps,
        StepLimit - std::min(StepLimit, Stats.WarpInstructions));
    uint64_t Taken = 0;
    auto Count = [&] {
      Steps += unsigned(Taken);
      Stats.WarpInstructions += Taken;
      Stats.LaneInstructions += Taken * countPopulation(M);
      Room -= Taken;
      Taken = 0;
    };
    Regroup = false;
    bool Stored = false; // W.PC holds the group's lanes' PCs
    while (Taken < Room) {
      if (PC >= Limit) {
        if (!Other || PC >= End) {
          Regroup = PC < End;
          break;
        }
        // The two groups: stepWarp would now pick the other one (it is at
        // the lower PC) or both together (they meet).
        Count();
        if (PC == Limit) {
          M |= Other;
          W.Uniform = M == Cand;
        } else {
          setPC(W, M, PC);
          std::swap(M, Other);
          std::swap(PC, Limit);
        }
        if (W.Uniform) {
          Other = 0;
          Limit = End;
        }
        continue;
      }
      const Prepared &P = Code[PC];
      using Path = Prepared::Path;
      if (P.How >= Path::Fast) {
        if (P.How == Path::Fast) {
          // A warp collective that all of the group executes together.
          if (!runWarpFast(W, PC, M))
            break;
          ++PC;
          ++Taken;
          continue;
        }
        if (P.How == Path::StepWarp)
          break; // a warp-sync instruction or mbarrier try_wait
        // Run as stepWarp runs it (counted first, the lanes' PCs stored),
        // then regrouped: it may move, park or end lanes.
        ++Taken;
        Count();
        setPC(W, M, PC);
        Stored = Regroup = true;
        if (!exec(W, F.Insts[PC], M)) {
          GroupFailed = true;
          return Steps;
        }
        break;
      }
      if (P.Guard >= 0 && (W.Undef[P.Guard] & M))
        break;
      LaneMask E = guardLanes(W, P.Guard, P.GuardNeg, M);
      if (P.How == Path::Access) {
        // ld/st: counted (the statistics are current while it runs, as in
        // stepWarp), then run as exec runs it. It moves no lane, so the
        // group goes on from the next instruction with the steps it has
        // left.
        ++Taken;
        Count();
        if (!execMemory(W, F.Insts[PC], E)) {
          GroupFailed = true;
          return Steps;
        }
        ++PC;
        continue;
      }
      ++Taken;
      if (P.How == Path::Compute) {
        compute(W, PC, E);
        ++PC;
        continue;
      }
      if (E == M || !E) {
        PC = E ? P.Target : PC + 1;
        continue;
      }
      if (M != Cand || P.Target == PC + 1) {
        // The branch splits the group: exec sends each lane its way.
        Count();
        setPC(W, M, PC);
        exec(W, F.Insts[PC], M);
        Stored = Regroup = true;
        break;
      }
      // The branch splits the only group in two, as exec would (E to the
      // target, the others to the next instruction): the lower one runs
      // first, the other waits at Limit.
      Count();
      W.Uniform = false;
      uint32_t Fall = PC + 1;
      if (P.Target < Fall) {
        Other = M & ~E;
        M = E;
        PC = P.Target;
        Limit = Fall;
      } else {
        Other = E;
        M &= ~E;
        PC = Fall;
        Limit = P.Target;
      }
      setPC(W, Other, Limit);
    }
    Count();
    if (!Stored)
      setPC(W, M, PC);
  }
  return Steps;
}

Step Runner::stepWarp(Warp &W) {
  LaneMask Cand = W.live() & ~W.AtBarrier;
  if (!Cand)
    return W.live() ? Step::Stuck : Step::Done;
  if (Opts.Sched == SchedPolicy::Lockstep) {
    // Only the lanes of the top stack entry run; they share one PC. An entry
    // is popped when its lanes reach its reconvergence PC or all left.
    while (!W.Stack.empty()) {
      auto [RPC, Mask] = W.Stack.back();
      LaneMask M = Mask & Cand;
      if (!M) {
        if (Mask & W.live() & W.AtBarrier)
          return Step::Stuck;
        W.Stack.pop_back();
        continue;
      }
      uint32_t PC = W.PC[countTrailingZeros(M)];
      if (PC == RPC && W.Stack.size() > 1) {
        W.Stack.pop_back();
        continue;
      }
      LaneMask G = 0;
      for (LaneMask X = M; X; X &= X - 1)
        if (W.PC[countTrailingZeros(X)] == PC)
          G |= X & -X;
      Cand = G;
      break;
    }
  }
  // Group the candidate lanes by PC (one group when converged).
  SmallVector<std::pair<uint32_t, LaneMask>, 4> Groups;
  uint32_t PC0 = W.PC[countTrailingZeros(Cand)];
  bool Converged = W.Uniform;
  if (!Converged) {
    Converged = true;
    for (LaneMask X = Cand; X; X &= X - 1)
      Converged &= W.PC[countTrailingZeros(X)] == PC0;
    W.Uniform = Converged && Opts.Sched != SchedPolicy::Lockstep;
  }
  if (Converged)
    Groups.push_back({PC0, Cand});
  for (LaneMask X = Converged ? 0 : Cand; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    uint32_t PC = W.PC[Lane];
    auto It = std::find_if(Groups.begin(), Groups.end(),
                           [&](auto &G) { return G.first == PC; });
    if (It == Groups.end())
      Groups.push_back({PC, 1u << Lane});
    else
      It->second |= 1u << Lane;
  }
  if (Opts.Sched == SchedPolicy::Random)
    std::shuffle(Groups.begin(), Groups.end(), Rng);
  else if (Groups.size() > 1)
    std::sort(Groups.begin(), Groups.end());
  for (auto &[PC, M] : Groups) {
    const Inst &I = F.Insts[PC];
    if (++Stats.WarpInstructions > StepLimit) {
      error(DiagID::StepLimit, I, 0, W,
            "the launch executed more than " + Twine(Opts.MaxSteps) +
                " warp instructions (--max-steps)");
      return Step::Error;
    }
    if (isWarpSync(I.Op)) {
      SyncResult R = trySync(W, I, M);
      if (R == SyncResult::Error)
        return Step::Error;
      if (R == SyncResult::Executed)
        return Step::Progress;
      --Stats.WarpInstructions;
      continue;
    }
    if (I.Op == Opcode::Mbarrier && ir::MbarOp(I.Sub) == ir::MbarOp::TryWait) {
      // try_wait suspends its threads until the phase completes (PTX ISA
      // "mbarrier.test_wait/try_wait"): blocked lanes stay and other
      // groups and warps run, as at a .sync instruction.
      if (I.Guard >= 0 && (W.Undef[I.Guard] & M)) {
        undefinedUse(I, W.Undef[I.Guard] & M, W, "a guard predicate",
                     W.Origin[I.Guard]);
        return Step::Error;
      }
      LaneMask Blocked = 0;
      if (!execAsync(W, I, guardMask(W, I, M), Blocked))
        return Step::Error;
      if (Blocked == M) {
        --Stats.WarpInstructions;
        continue;
      }
      Stats.LaneInstructions += countPopulation(M & ~Blocked);
      advance(W, M & ~Blocked);
      if (Blocked)
        W.Uniform = false;
      return Step::Progress;
    }
    Stats.LaneInstructions += countPopulation(M);
    if (Opts.Sched == SchedPolicy::Lockstep &&
        (I.Op == Opcode::Bra || I.Op == Opcode::BrxIdx)) {
      if (!exec(W, I, M))
        return Step::Error;
      // One stack entry per target the lanes went to, the lowest PC on top.
      SmallVector<std::pair<uint32_t, LaneMask>, 4> Ways;
      for (LaneMask X = M; X; X &= X - 1) {
        unsigned Lane = countTrailingZeros(X);
        auto It =
            llvm::find_if(Ways, [&](auto &G) { return G.first == W.PC[Lane]; });
        if (It == Ways.end())
          Ways.push_back({W.PC[Lane], 1u << Lane});
        else
          It->second |= 1u << Lane;
      }
      if (Ways.size() > 1) {
        llvm::sort(Ways, [](auto &A, auto &B) { return A.first > B.first; });
        for (auto &[To, Lanes] : Ways)
          W.Stack.push_back({I.Reconverge, Lanes});
      }
      return Step::Progress;
    }
    if (TraceOut)
      *TraceOut << "[cta " << CtaId[0] << "," << CtaId[1] << "," << CtaId[2]
                << " warp " << W.Id << "] " << format("%4u", PC) << " line "
                << I.Line << " mask " << format_hex(M, 10) << ": " << I.Text
                << "\n";
    return exec(W, I, M) ? Step::Progress : Step::Error;
  }
  return Step::Stuck;
}

bool Runner::exec(Warp &W, const Inst &I, LaneMask M) {
  if (I.Guard >= 0 && (W.Undef[I.Guard] & M))
    return undefinedUse(I, W.Undef[I.Guard] & M, W,
                        I.Op == Opcode::Bra ? "a branch condition"
                                            : "a guard predicate",
                        W.Origin[I.Guard]);
  LaneMask E = guardMask(W, I, M);
  switch (I.Op) {
  case Opcode::Bra:
  case Opcode::Ret:
    // Both as blends over the warp (a split branch moves most lanes).
    setPC(W, E, I.Target);
    for (unsigned L = 0; L < WarpSize; ++L)
      W.PC[L] += ((M & ~E) & LaneBits[L]) != 0;
    if (E != M && E)
      W.Uniform = false;
    return true;
  case Opcode::BrxIdx: {
    LaneMask U = undefOf(W, I.Ops[0]) & E;
    if (U)
      return undefinedUse(I, U, W, "a branch index", originOf(W, I.Ops[0]));
    const std::vector<uint32_t> &Table = F.JumpTables[I.Target];
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t Index = get(W, I.Ops[0], Lane);
      // PTX ISA 9.7.12.3: an index beyond the list is undefined behaviour.
      if (Index >= Table.size())
        return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                     "'" + I.Text + "' index " + Twine(Index) +
                         " is outside its .branchtargets list of " +
                         Twine(Table.size()) + " labels");
      W.PC[Lane] = Table[Index];
    }
    advance(W, M & ~E);
    W.Uniform = false;
    return true;
  }
  case Opcode::Exit:
    W.Exited |= E;
    advance(W, M & ~E);
    return true;
  case Opcode::Trap:
    if (E)
      return error(DiagID::RuntimeTrap, I, E, W,
                   I.Sub == 1 ? Twine(I.Text) // a call inlined too deep
                              : Twine("the program executed trap"));
    advance(W, M);
    return true;
  case Opcode::BarRed:
  case Opcode::BarSync:
    return execBarrier(W, I, M, E);
  case Opcode::Printf:
    if (!execPrintf(W, I, E))
      return false;
    advance(W, M);
    return true;
  case Opcode::Fence:
  case Opcode::Nop:
    advance(W, M);
    return true;
  case Opcode::AsyncCopy:
  case Opcode::Mbarrier: {
    LaneMask Blocked = 0;
    if (!execAsync(W, I, E, Blocked))
      return false;
    advance(W, M);
    return true;
  }
  case Opcode::Ld:
  case Opcode::St:
  case Opcode::Atom:
  case Opcode::Red:
    if (!execMemory(W, I, E))
      return false;
    advance(W, M);
    return true;
  default:
    break;
  }
  compute(W, uint32_t(&I - F.Insts.data()), E);
  advance(W, M);
  return true;
}

bool Runner::reportDeadlock(std::vector<Warp> &Warps) {
  // Find lanes blocked at warp-sync instructions.
  for (Warp &W : Warps) {
    LaneMask Blocked = W.live() & ~W.AtBarrier;
    if (!Blocked)
      continue;
    uint32_t LowPC = ~0u;
    for (LaneMask X = Blocked; X; X &= X - 1)
      LowPC = std::min(LowPC, W.PC[countTrailingZeros(X)]);
    const Inst &I = F.Insts[LowPC];
    std::string Where;
    SmallVector<uint32_t, 4> PCs;
    for (LaneMask X = Blocked; X; X &= X - 1) {
      uint32_t PC = W.PC[countTrailingZeros(X)];
      if (std::find(PCs.begin(), PCs.end(), PC) == PCs.end())
        PCs.push_back(PC);
    }
    std::sort(PCs.begin(), PCs.end());
    if (I.Op == Opcode::Mbarrier) {
      // try_wait: say what the phase still waits for.
      unsigned Lane = countTrailingZeros(Blocked);
      for (LaneMask X = Blocked; X; X &= X - 1)
        if (W.PC[countTrailingZeros(X)] == LowPC) {
          Lane = countTrailingZeros(X);
          break;
        }
      std::string Why;
      uint8_t *P =
          resolve(W, Lane, I.Ops[1].Sp, get(W, I.Ops[1], Lane), 8, Why);
      std::string State = P && P >= Shared.data()
                              ? Async.describe(uint64_t(P - Shared.data()))
                              : "not in shared memory";
      return error(DiagID::UBDeadlock, I, Blocked, W,
                   "deadlock: threads wait in '" + I.Text +
                       "' for an mbarrier phase that cannot complete (" +
                       State + "; nothing else can run)");
    }
    if (Opts.Sched == SchedPolicy::Lockstep && !W.Stack.empty() &&
        PCs.size() > 1) {
      // Lockstep runs only the top stack entry's lanes: they wait at a .sync
      // instruction for members on another path, which cannot run before
      // the warp reconverges.
      LaneMask Waiting = W.Stack.back().second & Blocked;
      LaneMask Others = Blocked & ~Waiting;
      if (Waiting && Others) {
        const Inst &S = F.Insts[W.PC[countTrailingZeros(Waiting)]];
        const Inst &O = F.Insts[W.PC[countTrailingZeros(Others)]];
        return error(
            DiagID::UBDeadlock, S, Blocked, W,
            "deadlock under lockstep scheduling: " + laneList(Waiting) +
                " wait at '" + S.Text + "' for " + laneList(Others) +
                ", which cannot run before the warp reconverges "
                "(they are at line " +
                std::to_string(O.Line) + " '" + O.Text + "')");
      }
    }
    for (uint32_t PC : PCs)
      Where += (Where.empty() ? "" : ", ") + std::string("line ") +
               std::to_string(F.Insts[PC].Line) + " '" + F.Insts[PC].Text + "'";
    if (W.AtBarrier)
      Where += "; other threads wait at bar.sync";
    return error(DiagID::UBDeadlock, I, Blocked, W,
                 "deadlock: members of a .sync instruction wait at different "
                 "instructions (" +
                     Where + ")");
  }
  for (Warp &W : Warps)
    if (W.AtBarrier) {
      unsigned Lane = countTrailingZeros(W.AtBarrier);
      const Inst &I = F.Insts[W.PC[Lane]];
      int Id = Bars.barrierOf(W.Id, Lane);
      return error(
          DiagID::BarrierDeadlock, I, W.AtBarrier, W,
          "threads wait at '" + I.Text + "' for threads that cannot arrive (" +
              (Id >= 0 ? Bars.describe(unsigned(Id)) + "; " +
                             explainBarrierDeadlock(Warps, unsigned(Id))
                       : std::string("no barrier")) +
              ")");
    }
  return false;
}

void Runner::setupWarps() {
  unsigned Threads = L.Block[0] * L.Block[1] * L.Block[2];
  NumWarps = (Threads + WarpSize - 1) / WarpSize;
  // Sized once: the same for every CTA of the launch.
  Shared.assign(F.SharedBytes + L.DynamicSharedBytes + 16, 0);
  Shared.resize(std::max<uint64_t>(F.DynamicSharedOffset, F.SharedBytes) +
                L.DynamicSharedBytes);
  std::vector<Warp>(NumWarps).swap(Warps);
  RegOrigins.resize(F.Regs.size());
  std::iota(RegOrigins.begin(), RegOrigins.end(), 0u);
  CtaWarps = &Warps;
  for (unsigned WI = 0; WI < NumWarps; ++WI) {
    Warp &W = Warps[WI];
    W.Id = WI;
    W.Regs.assign(NumWide * WarpSize, 0);
    W.Regs32.assign(NumNarrow * WarpSize, 0);
    // The registers, %tid.x, .y, .z, then the constants of lane kernels'
    // sources (prepare).
    W.RegLanes.resize(F.Regs.size() + 3 + FixedLanes.size());
    for (size_t R = 0; R < F.Regs.size(); ++R)
      W.RegLanes[R] = Narrow[R] ? static_cast<void *>(&W.Regs32[Slot[R]])
                                : &W.Regs[Slot[R]];
    for (unsigned D = 0; D < 3; ++D)
      W.RegLanes[F.Regs.size() + D] = W.Tid[D].data();
    for (size_t K = 0; K < FixedLanes.size(); ++K)
      W.RegLanes[F.Regs.size() + 3 + K] = const_cast<void *>(FixedLanes[K]);
    // One slot more, which stays 0: the definedness of kernel sources that
    // are no registers.
    W.Undef.assign(F.Regs.size() + 1, 0);
    W.Origin.resize(F.Regs.size());
    W.Local.resize(F.LocalBytes * WarpSize);
    W.Frame.resize(F.FrameParamBytes * WarpSize);
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      unsigned T = WI * WarpSize + Lane;
      if (T >= Threads)
        continue;
      W.Valid |= 1u << Lane;
      W.Tid[0][Lane] = T % L.Block[0];
      W.Tid[1][Lane] = (T / L.Block[0]) % L.Block[1];
      W.Tid[2][Lane] = T / (L.Block[0] * L.Block[1]);
    }
  }
}

/// A warp as a new CTA starts it: what setupWarps made stays (the buffers,
/// the thread ids, the valid lanes); the rest starts over.
void Runner::resetWarp(Warp &W) {
  W.Exited = 0;
  W.AtBarrier = 0;
  W.Carry = 0;
  W.PC.fill(0);
  std::fill_n(W.Regs.begin(), ResetWide, 0);
  std::fill_n(W.Regs32.begin(), ResetNarrow, 0);
  // A register read before any write is undefined (README, d); its
  // origin is the register itself.
  std::fill_n(W.Undef.begin(), F.Regs.size(), ~0u);
  std::copy(RegOrigins.begin(), RegOrigins.end(), W.Origin.begin());
  W.CarryUndef = 0;
  W.CarryOrigin = 0;
  std::fill(W.Local.begin(), W.Local.end(), 0);
  std::fill(W.Frame.begin(), W.Frame.end(), 0);
  W.LocalShadow.reset();
  W.FrameShadow.reset();
  W.Stack.clear();
  W.Stack.push_back({uint32_t(F.Insts.size()), W.Valid});
  W.PartialBarPC = 0;
  W.PartialBarLine = 0;
  W.PartialBarOthers = 0;
  W.Uniform = true;
}

bool Runner::runCta(uint64_t Linear) {
  CtaId[0] = unsigned(Linear % L.Grid[0]);
  CtaId[1] = unsigned(Linear / L.Grid[0] % L.Grid[1]);
  CtaId[2] = unsigned(Linear / L.Grid[0] / L.Grid[1]);
  // Each CTA draws from its own stream, so that its schedule does not depend
  // on which CTAs ran before it on this thread (CTA 0 keeps the seed).
  if (Opts.Sched == SchedPolicy::Random) // the only policy that draws
    Rng.seed(Opts.Seed + Linear * 0x9E3779B97F4A7C15ull);
  CtaBase = Stats.WarpInstructions;
  if (Warps.empty())
    setupWarps();
  std::fill(Shared.begin(), Shared.end(), 0);
  Async.reset(F, NumWarps * WarpSize, Shared.data(), Shared.size());
  SharedShadow.reset();
  AnyShadow = false;
  Origins.clear();
  OriginIds.clear();
  Bars.reset(NumWarps);
  for (Warp &W : Warps)
    resetWarp(W);
  for (const CtaSpecial &CS : CtaSpecials) {
    uint64_t V = get(Warps[0], *CS.Op, 0);
    if (CS.A32)
      CS.A32->fill(uint32_t(V));
    else
      CS.A64->fill(V);
  }
  // The converged policy's steps are deterministic whoever runs them, so
  // runGroup may take them in runs; random draws per step and a trace prints
  // each one, so they go through stepWarp alone.
  bool Batch = Opts.Sched == SchedPolicy::Converged && !TraceOut;
  GroupFailed = false;
  for (;;) {
    if (Abort && Abort->load(std::memory_order_relaxed))
      return false;
    bool Progress = false, AllDone = true;
    for (Warp &W : Warps) {
      // A bounded slice per warp, so a warp spinning on a flag another
      // warp of the CTA sets cannot starve it.
      for (unsigned Slice = 0; Slice < 4096; ++Slice) {
        if (Batch) {
          unsigned Ran = runGroup(W, 4096 - Slice);
          if (GroupFailed)
            return false;
          Progress |= Ran != 0;
          Slice += Ran;
          if (Slice == 4096)
            break;
        }
        Step S = stepWarp(W);
        if (S == Step::Error)
          return false;
        if (S == Step::Progress) {
          Progress = true;
          if (Opts.Sched == SchedPolicy::Random && (Rng() & 7) == 0)
            break; // interleave warps too
          continue;
        }
        break;
      }
      if (W.live())
        AllDone = false;
    }
    if (AllDone) {
      Async.finish(); // copies nobody waited for land at the CTA's end
      saveRegisters(Warps);
      return true;
    }
    if (Progress)
      continue;
    // Nothing can run: threads that exited may have completed a barrier
    // (the rest of their warp, or the whole CTA, has arrived); else deadlock.
    if (!settleBarriers())
      return reportDeadlock(Warps);
  }
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
