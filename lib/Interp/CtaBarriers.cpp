//===- CtaBarriers.cpp - The sixteen named barriers of a CTA --------------===//
//
// See CtaBarriers.h for the model and its source in the PTX ISA.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/CtaBarriers.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace ptxwarp {
namespace interp {

void CtaBarriers::reset(unsigned N) {
  NumWarps = N;
  for (Barrier &B : Bars) {
    // A barrier without an arrival in its phase holds no warp state (arrive
    // sets Any; a completion that leaves none clears the barrier), so only
    // the others start over (reusing the storage of the last CTA).
    if (!B.Any && B.Warps.size() == N)
      continue;
    B.Count = 0;
    B.HasCount = false;
    B.Any = false;
    B.Warps.assign(N, WarpState());
  }
}

std::string CtaBarriers::alignedSplit(const Arrival &A) const {
  const WarpState &W = Bars[A.Barrier].Warps[A.Warp];
  if (W.Arrived && (A.Aligned || W.Aligned) && A.PC != W.PC)
    return "threads of one warp arrive at barrier " +
           std::to_string(A.Barrier) + " from different instructions (lines " +
           std::to_string(W.Line) + " and " + std::to_string(A.Line) +
           ") although the barrier is .aligned";
  return "";
}

std::string CtaBarriers::arrive(const Arrival &A) {
  Barrier &B = Bars[A.Barrier];
  WarpState &W = B.Warps[A.Warp];
  std::string Misuse = alignedSplit(A);
  if (Misuse.empty() && B.Any &&
      (B.HasCount != (A.Count != 0) || B.Count != A.Count))
    Misuse = "threads arrive at barrier " + std::to_string(A.Barrier) +
             " with different thread counts (" +
             (B.HasCount ? std::to_string(B.Count) : "all") + " and " +
             (A.Count ? std::to_string(A.Count) : "all") + ")";
  if (!B.Any) {
    B.Any = true;
    B.Count = A.Count;
    B.HasCount = A.Count != 0;
  }
  if (!W.Arrived) {
    W.PC = A.PC;
    W.Line = A.Line;
  }
  W.Aligned |= A.Aligned;
  W.Arrived |= A.Lanes;
  W.Parked |= A.Lanes;
  if (A.Waits)
    W.Waiting |= A.Lanes;
  if (A.Red) {
    W.Red |= A.Lanes;
    W.RedTrue = (W.RedTrue & ~A.Lanes) | (A.PredTrue & A.Lanes);
    W.RedUndef = (W.RedUndef & ~A.Lanes) | (A.PredUndef & A.Lanes);
    if (A.PredUndef & A.Lanes)
      W.Origin = A.Origin;
  }
  return Misuse;
}

bool CtaBarriers::complete(const Barrier &B, ArrayRef<LaneMask> Live) const {
  if (!B.Any)
    return false;
  unsigned Marked = 0;
  for (unsigned W = 0; W < NumWarps; ++W) {
    if (B.Warps[W].Marked)
      ++Marked;
    else if (!B.HasCount && Live[W])
      return false; // the whole CTA, and this warp has not arrived
  }
  if (B.HasCount)
    return uint64_t(Marked) * WarpSize >= B.Count;
  return Marked != 0;
}

void CtaBarriers::settle(ArrayRef<LaneMask> Live, std::vector<Release> &Out) {
  for (Barrier &B : Bars) {
    if (!B.Any)
      continue;
    // A warp arrives once all its non-exited threads have; .arrive lanes
    // then go on.
    for (unsigned W = 0; W < NumWarps; ++W) {
      WarpState &S = B.Warps[W];
      if (S.Marked || !S.Arrived || (Live[W] & ~S.Arrived))
        continue;
      S.Marked = true;
      if (LaneMask Go = S.Parked & ~S.Waiting) {
        Out.push_back({W, Go, 0, 0, false, 0});
        S.Parked &= ~Go;
      }
    }
    if (!complete(B, Live))
      continue;
    uint32_t Popc = 0, Participants = 0, Origin = 0;
    bool Undef = false;
    for (const WarpState &S : B.Warps)
      if (S.Marked) {
        Popc += countPopulation(S.RedTrue & S.Red);
        Participants += countPopulation(S.Red);
        if ((S.RedUndef & S.Red) && !Undef) {
          Undef = true;
          Origin = S.Origin;
        }
      }
    bool Left = false;
    for (unsigned W = 0; W < NumWarps; ++W) {
      WarpState &S = B.Warps[W];
      if (!S.Marked) {
        Left |= S.Arrived != 0; // part of the next phase already
        continue;
      }
      if (S.Parked)
        Out.push_back({W, S.Parked, Popc, Participants, Undef, Origin});
      S = WarpState();
    }
    if (!Left) {
      std::vector<WarpState> Warps = std::move(B.Warps);
      B = Barrier();
      B.Warps = std::move(Warps);
    }
  }
}

std::string CtaBarriers::describe(unsigned Id) const {
  const Barrier &B = Bars[Id];
  unsigned Marked = 0;
  for (const WarpState &S : B.Warps)
    Marked += S.Marked;
  std::string S = "barrier " + std::to_string(Id) + ": " +
                  std::to_string(Marked * WarpSize) + " threads arrived";
  if (B.HasCount)
    S += " of " + std::to_string(B.Count);
  else
    S += ", every thread of the CTA expected";
  return S;
}

int CtaBarriers::barrierOf(unsigned Warp, unsigned Lane) const {
  for (unsigned Id = 0; Id < NumBarriers; ++Id)
    if (hasLane(Bars[Id].Warps[Warp].Parked, Lane))
      return int(Id);
  return -1;
}

} // namespace interp
} // namespace ptxwarp
