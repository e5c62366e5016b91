//===- CtaBarriers.h - The sixteen named barriers of a CTA ------*- C++ -*-===//
//
// bar / barrier (PTX ISA 9.7.13.1, "Parallel Synchronization and
// Communication Instructions: bar, barrier"): each CTA has barriers 0..15.
// A thread that executes `bar{.cta}.sync|arrive|red a{, b}` first waits for
// the other non-exited threads of its warp; once all of them have executed a
// barrier instruction on `a`, the warp's arrival is marked. `.arrive` then
// goes on; `.sync` and `.red` wait until the barrier completes: `b` threads
// (a multiple of the warp size: each arrived warp counts for 32) or, without
// `b`, every warp of the CTA that still has a non-exited thread. The barrier
// is then reset for its next use. `.red` also reduces a predicate over the
// threads that executed it. From sm_70 barriers are enforced per thread
// (CUDA C++ Programming Guide, "Independent Thread Scheduling"), which is what
// the per-lane bookkeeping here models.
//
// `.aligned` (and bar.sync/bar.arrive/bar.red, which are the .aligned forms)
// promises that the threads execute the same barrier instruction. Warps do
// not: the ISA's own producer/consumer example has some warps at
// `bar.arrive 1, 64` and others at `bar.sync 1, 64`. So the promise is held
// per warp: threads of one warp arriving at one barrier from different
// .aligned instructions are undefined behaviour (f, alignedSplit), threads
// arriving with different thread counts are misuse (docs/ARCHITECTURE.md,
// "CTA barriers", has the ISA's sentences and the decisions).
//
// The state machine knows nothing of warps' registers or PCs beyond what it
// is told; lib/Interp/Run.cpp parks and releases the lanes.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_CTABARRIERS_H
#define PTXWARP_INTERP_CTABARRIERS_H

#include "ptxwarp/Interp/WarpOps.h"

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ptxwarp {
namespace interp {

class CtaBarriers {
public:
  static constexpr unsigned NumBarriers = 16;

  /// What lanes of one warp do at one barrier instruction.
  struct Arrival {
    unsigned Barrier = 0; ///< operand a, 0..15
    unsigned Count = 0;   ///< operand b; 0 = every thread of the CTA
    unsigned Warp = 0;
    LaneMask Lanes = 0;
    uint32_t PC = 0; ///< the instruction, to check .aligned
    unsigned Line = 0;
    bool Aligned = false;
    bool Waits = true; ///< .sync/.red wait for the barrier; .arrive not
    bool Red = false;  ///< .red: PredTrue holds the lanes' predicates
    LaneMask PredTrue = 0;
    LaneMask PredUndef = 0; ///< .red: lanes whose predicate is undefined
    uint32_t Origin = 0;    ///< where that undefined value came from
  };

  /// Lanes to let go on: \p Lanes of \p Warp pass the barrier instruction.
  /// For lanes of a .red, PopcCount and Participants are the reduction over
  /// the barrier's phase (popc = PopcCount, and = PopcCount == Participants,
  /// or = PopcCount != 0). Computing with an undefined predicate is not a
  /// use: the reduction is then undefined for every thread (Undef, Origin).
  struct Release {
    unsigned Warp = 0;
    LaneMask Lanes = 0;
    uint32_t PopcCount = 0;
    uint32_t Participants = 0;
    bool Undef = false;
    uint32_t Origin = 0;
  };

  void reset(unsigned NumWarps);

  /// Records an arrival; returns the misuse it shows ("" if none).
  std::string arrive(const Arrival &A);
  /// The part of arrive()'s check that is undefined behaviour (f): lanes of
  /// one warp arriving at one barrier from different instructions, one of
  /// them .aligned ("" if not).
  std::string alignedSplit(const Arrival &A) const;
  /// The lanes of \p Warp that arrived at \p Barrier in its current phase.
  LaneMask arrived(unsigned Barrier, unsigned Warp) const {
    return Bars[Barrier].Warps[Warp].Arrived;
  }

  /// Marks the warps whose non-exited lanes (\p Live, one mask per warp) have
  /// all arrived, completes the barriers that have enough, and appends the
  /// lanes that may go on to \p Out.
  void settle(llvm::ArrayRef<LaneMask> Live, std::vector<Release> &Out);

  /// Why lanes of \p Warp parked at barrier \p Barrier cannot go on, for the
  /// deadlock report ("32 of 64 threads arrived").
  std::string describe(unsigned Barrier) const;
  /// The barrier a parked lane waits at, or -1.
  int barrierOf(unsigned Warp, unsigned Lane) const;

private:
  struct WarpState {
    LaneMask Arrived = 0;  ///< lanes that executed a barrier on it
    LaneMask Waiting = 0;  ///< of those, .sync/.red lanes (wait for all)
    LaneMask Parked = 0;   ///< lanes not let go yet
    LaneMask RedTrue = 0;  ///< .red lanes whose predicate is true
    LaneMask Red = 0;      ///< lanes that executed .red
    LaneMask RedUndef = 0; ///< .red lanes whose predicate is undefined
    uint32_t Origin = 0;

    bool Marked = false;  ///< the warp's arrival counts
    bool Aligned = false; ///< some lane arrived by an .aligned instruction
    uint32_t PC = 0;      ///< the instruction of the first arrival
    unsigned Line = 0;
  };
  struct Barrier {
    unsigned Count = 0; ///< of this phase; 0 = the whole CTA
    bool HasCount = false;
    bool Any = false; ///< some arrival in this phase
    std::vector<WarpState> Warps;
  };
  std::array<Barrier, NumBarriers> Bars;
  unsigned NumWarps = 0;

  bool complete(const Barrier &B, llvm::ArrayRef<LaneMask> Live) const;
};

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_CTABARRIERS_H
