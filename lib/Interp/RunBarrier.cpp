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
  // Lanes may name different barriers or counts: one arrival for each.
  for (LaneMask Rest = E; Rest;) {
    unsigned First = countTrailingZeros(Rest);
    uint64_t Id = get(W, IdOp, First);
    uint64_t Count = HasCount ? get(W, CountOp, First) : 0;
    CtaBarriers::Arrival A;
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
  for (size_t K = 0; K < Warps.size(); ++K)
    LiveScratch[K] = Warps[K].live();
  ReleaseScratch.clear();
  Bars.settle(LiveScratch, ReleaseScratch);
  for (const CtaBarriers::Release &R : ReleaseScratch) {
    Warp &W = Warps[R.Warp];
    for (LaneMask X = R.Lanes; X; X &= X - 1) {
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
    advance(W, R.Lanes);
    W.AtBarrier &= ~R.Lanes;
    W.Uniform = false;
  }
  return !ReleaseScratch.empty();
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
