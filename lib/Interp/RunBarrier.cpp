//===- RunBarrier.cpp - CTA barriers --------------------------------------===//
//
// bar/barrier .sync, .arrive and .red: lanes arrive and park at a barrier
// of CtaBarriers, and settleBarriers lets them go when it completes.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

namespace ptxwarp {
namespace interp {
namespace detail {

bool Runner::execBarrier(Warp &W, const Inst &I, LaneMask M, LaneMask E) {
  advance(W, M & ~E); // guarded-off lanes go on
  W.Uniform = false;
  if (!E)
    return true;
  // Operands: BarSync a, b; BarRed d, a, b, c (b may be absent).
  bool Red = I.Op == Opcode::BarRed;
  const Operand &IdOp = I.Ops[Red ? 1 : 0];
  const Operand &CountOp = I.Ops[Red ? 2 : 1];
  bool HasCount = CountOp.K != Operand::None;
  if (LaneMask U = undefOf(W, IdOp) & E)
    return undefinedUse(I, U, W, "a barrier number", originOf(W, IdOp));
  if (LaneMask U = undefOf(W, CountOp) & E)
    return undefinedUse(I, U, W, "a barrier thread count",
                        originOf(W, CountOp));
  if (Opts.Sched == SchedPolicy::Lockstep && I.Sub2 != 0) {
    // Lockstep counts a warp at a barrier when its running lanes arrive
    // (settleBarriers), so two halves of a warp can pass two .aligned
    // barrier instructions one after the other. The lanes that were
    // elsewhere when part of the warp executed one then executing another
    // is the split the ISA leaves undefined (UB f); lanes that exit
    // instead (`if (tid >= n) return;`) never do.
    uint32_t PC = W.PC[countTrailingZeros(E)];
    if ((W.PartialBarOthers & E) && PC != W.PartialBarPC)
      return error(DiagID::UBAlignedPartial, I, E, W,
                   "'" + I.Text + "': threads of one warp execute different " +
                       ".aligned barrier instructions (lines " +
                       Twine(W.PartialBarLine) + " and " + Twine(I.Line) +
                       "): " + laneList(W.PartialBarOthers & E) +
                       " were on another path when the others executed "
                       "line " +
                       Twine(W.PartialBarLine));
    LaneMask Others = W.live() & ~E;
    W.PartialBarOthers = Others;
    W.PartialBarPC = PC;
    W.PartialBarLine = I.Line;
  }
  // Lanes may name different barriers or counts: one arrival for each
  // (one for all lanes when both are constants, as in `bar.sync 0;`).
  const bool SameForAll = !Red && IdOp.K == Operand::Immediate &&
                          (!HasCount || CountOp.K == Operand::Immediate);
  for (LaneMask Rest = E; Rest;) {
    unsigned First = countTrailingZeros(Rest);
    uint64_t Id = get(W, IdOp, First);
    uint64_t Count = HasCount ? get(W, CountOp, First) : 0;
    CtaBarriers::Arrival A;
    if (SameForAll)
      A.Lanes = Rest;
    else
      for (LaneMask X = Rest; X; X &= X - 1) {
        unsigned Lane = countTrailingZeros(X);
        if (get(W, IdOp, Lane) != Id ||
            (HasCount && get(W, CountOp, Lane) != Count))
          continue;
        A.Lanes |= 1u << Lane;
        if (Red && get(W, I.Ops[3], Lane))
          A.PredTrue |= 1u << Lane;
      }
    if (Red && (undefOf(W, I.Ops[3]) & A.Lanes)) {
      A.PredUndef = undefOf(W, I.Ops[3]) & A.Lanes;
      A.Origin = originOf(W, I.Ops[3]);
    }
    Rest &= ~A.Lanes;
    // PTX ISA 9.7.13.1: barriers 0..15; b a multiple of the warp size
    // (and not 0: .arrive requires one, and 0 threads never complete).
    if (Id >= CtaBarriers::NumBarriers)
      return error(DiagID::BarrierMisuse, I, A.Lanes, W,
                   "'" + I.Text + "' names barrier " + Twine(Id) +
                       "; a CTA has barriers 0 to 15");
    if (HasCount && (Count == 0 || Count % WarpSize != 0))
      return error(DiagID::BarrierMisuse, I, A.Lanes, W,
                   "'" + I.Text + "' has thread count " + Twine(Count) +
                       ", which is not a positive multiple of the warp size");
    A.Barrier = unsigned(Id);
    A.Count = unsigned(std::min<uint64_t>(Count, ~0u));
    A.Warp = W.Id;
    A.PC = W.PC[First];
    A.Line = I.Line;
    A.Aligned = I.Sub2 != 0;
    A.Waits = Red || ir::BarMode(I.Sub) != ir::BarMode::Arrive;
    A.Red = Red;
    // PTX ISA 9.7.13.1: an .aligned barrier "indicates that all threads in
    // CTA will execute the same barrier{.cta} instruction"; otherwise
    // "behavior is undefined" (UB f, docs/ARCHITECTURE.md, "CTA barriers").
    std::string Split = Bars.alignedSplit(A);
    if (!Split.empty())
      return error(DiagID::UBAlignedPartial, I,
                   A.Lanes | Bars.arrived(A.Barrier, W.Id), W,
                   "'" + I.Text + "': " + Split);
    std::string Misuse = Bars.arrive(A);
    if (!Misuse.empty())
      return error(DiagID::BarrierMisuse, I, A.Lanes, W,
                   "'" + I.Text + "': " + Misuse);
  }
  W.AtBarrier |= E;
  settleBarriers();
  return true;
}

bool Runner::settleBarriers() {
  std::vector<Warp> &Warps = *CtaWarps;
  LiveScratch.resize(Warps.size());
  for (size_t K = 0; K < Warps.size(); ++K) {
    const Warp &W = Warps[K];
    LiveScratch[K] = W.live();
    // Lockstep models pre-Volta warps, whose barriers count per warp: "if
    // any thread in a warp executes a bar instruction, it is as if all the
    // threads in the warp have executed the bar instruction" (PTX ISA, bar,
    // before sm_70). The lanes that can run (the top of the reconvergence
    // stack) arriving is the warp arriving; the others wait on the stack
    // (e.g. for `ret` after `if (tid >= n) return;`).
    if (Opts.Sched == SchedPolicy::Lockstep && !W.Stack.empty())
      LiveScratch[K] &= W.Stack.back().second;
  }
  ReleaseScratch.clear();
  Bars.settle(LiveScratch, ReleaseScratch);
  for (const CtaBarriers::Release &R : ReleaseScratch) {
    Warp &W = Warps[R.Warp];
    // Only a barrier some .red lanes took part in releases lanes at a
    // bar.red (.red lanes always wait for the completion).
    for (LaneMask X = R.Participants ? R.Lanes : 0; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      const Inst &I = F.Insts[W.PC[Lane]];
      if (I.Op != Opcode::BarRed)
        continue;
      // bar.red.popc / .and / .or over the threads that executed it.
      uint64_t V = ir::BarRedOp(I.Sub) == ir::BarRedOp::Popc ? R.PopcCount
                   : ir::BarRedOp(I.Sub) == ir::BarRedOp::And
                       ? uint64_t(R.PopcCount == R.Participants)
                       : uint64_t(R.PopcCount != 0);
      set(W, I.Ops[0], Lane, V);
      setUndef(W, I.Ops[0], 1u << Lane, R.Undef ? 1u << Lane : 0, R.Origin);
    }
    for (unsigned L = 0; L < WarpSize; ++L) // advance(), vectorised
      W.PC[L] += (R.Lanes & LaneBits[L]) != 0;
    W.AtBarrier &= ~R.Lanes;
    // The converged policy's regrouping may skip its search when every
    // live lane is released at one PC (the usual __syncthreads()).
    LaneMask Live = W.live();
    W.Uniform = false;
    if (Opts.Sched == SchedPolicy::Converged && !W.AtBarrier && Live) {
      uint32_t PC = W.PC[countTrailingZeros(Live)], Differ = 0;
      for (unsigned L = 0; L < WarpSize; ++L)
        Differ |= (W.PC[L] ^ PC) & -uint32_t((Live & LaneBits[L]) != 0);
      W.Uniform = !Differ;
    }
  }
  return !ReleaseScratch.empty();
}

/// "threads 32-47, 64-95": the CTA-linear ids of lanes \p M of warp \p W,
/// appended to \p S.
static void appendThreads(std::string &S, unsigned W, LaneMask M) {
  while (M) {
    unsigned F = countTrailingZeros(M), Last = F;
    while (Last + 1 < WarpSize && hasLane(M, Last + 1))
      ++Last;
    if (S.back() != ' ')
      S += ", ";
    S += std::to_string(W * WarpSize + F);
    if (Last > F)
      S += "-" + std::to_string(W * WarpSize + Last);
    M &= Last + 1 >= WarpSize ? 0 : ~((2u << Last) - 1);
  }
}

std::string Runner::explainBarrierDeadlock(const std::vector<Warp> &Warps,
                                           unsigned Id) const {
  // Threads by the instruction they are at: those parked at barrier Id, and
  // the live ones elsewhere (at another barrier, or blocked at a .sync
  // instruction): nothing runs, so they are where they stay.
  struct Group {
    uint32_t PC;
    std::vector<std::pair<unsigned, LaneMask>> Lanes; // (warp, lanes)
  };
  std::vector<Group> Waiting, Elsewhere;
  auto Add = [](std::vector<Group> &Gs, uint32_t PC, unsigned W,
                unsigned Lane) {
    auto It = llvm::find_if(Gs, [&](const Group &G) { return G.PC == PC; });
    if (It == Gs.end()) {
      Gs.push_back({PC, {}});
      It = Gs.end() - 1;
    }
    if (It->Lanes.empty() || It->Lanes.back().first != W)
      It->Lanes.push_back({W, 0});
    It->Lanes.back().second |= 1u << Lane;
  };
  for (const Warp &W : Warps)
    for (LaneMask X = W.live(); X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      bool Here =
          hasLane(W.AtBarrier, Lane) && Bars.barrierOf(W.Id, Lane) == int(Id);
      Add(Here ? Waiting : Elsewhere, W.PC[Lane], W.Id, Lane);
    }
  auto Describe = [&](const std::vector<Group> &Gs) {
    std::string S;
    for (const Group &G : Gs) {
      const Inst &I = F.Insts[G.PC];
      S += S.empty() ? "threads " : "; threads ";
      for (const auto &[W, M] : G.Lanes)
        appendThreads(S, W, M);
      S += " at line " + std::to_string(I.Line) + " '" + I.Text + "'";
      if (I.Op == Opcode::BarSync || I.Op == Opcode::BarRed) {
        int Other = Bars.barrierOf(G.Lanes.front().first,
                                   countTrailingZeros(G.Lanes.front().second));
        if (Other >= 0 && unsigned(Other) != Id)
          S += " (barrier " + std::to_string(Other) + ")";
      }
    }
    return S;
  };
  std::string S = "waiting: " + Describe(Waiting);
  S += Elsewhere.empty() ? "; no other thread is left to arrive (the others "
                           "exited)"
                         : "; the threads it still needs cannot arrive: " +
                               Describe(Elsewhere);
  return S;
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
