//===- WarpOps.h - Exact semantics of the warp-level instructions ---------===//
//
// Pure functions over 32-lane structure-of-arrays state: one call computes one
// dynamic execution of shfl.sync, vote.sync, match.sync, redux.sync,
// activemask, elect.sync or bar.warp.sync for every lane that executes it
// together. The caller (the interpreter's scheduler, or a unit test driven by
// the oracle vectors) says which lanes execute, which have exited and what
// membermask each executing lane passed; the result carries the per-lane
// outputs, which of them are undefined, and any membermask-contract violation.
//
// Sources: the PTX ISA sections on vote.sync, activemask, redux.sync,
// match.sync and shfl.sync (its pseudocode); the undefined behaviours (a)-(e)
// are listed in README.md ("ptx-run") and pinned by
// test/Run/ub-categories.test.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_WARPOPS_H
#define PTXWARP_INTERP_WARPOPS_H

#include "ptxwarp/IR/WarpModes.h"

#include <array>
#include <cstdint>

namespace ptxwarp {
namespace interp {

constexpr unsigned WarpSize = 32;
/// Bit i stands for lane i.
using LaneMask = uint32_t;
template <typename T> using LaneArray = std::array<T, WarpSize>;

inline bool hasLane(LaneMask M, unsigned Lane) { return (M >> Lane) & 1u; }

/// Who takes part in one dynamic execution of a warp instruction.
struct WarpStep {
  /// Lanes that execute the instruction together (guard true, arrived).
  LaneMask Active = 0;
  /// Lanes that have exited the program.
  LaneMask Exited = 0;
  /// The membermask operand as seen by each executing lane (ignored for
  /// lanes outside Active).
  LaneArray<uint32_t> MemberMask{};

  /// All executing lanes pass the same \p Mask.
  static WarpStep uniform(LaneMask Active, LaneMask Exited, uint32_t Mask);
};

/// Violations of the membermask contract (convergence README, UB a/c/e and
/// the "member did not execute" form of b). Each field names lanes.
struct WarpUB {
  LaneMask ExecNotMember = 0;      ///< (a) executing lane not in its mask.
  LaneMask ZeroMask = 0;           ///< (e) executing lane passed mask 0.
  LaneMask MaskMismatch = 0;       ///< (c) lanes whose masks disagree.
  LaneMask MemberNotExecuting = 0; ///< non-exited members that did not come.
  bool any() const {
    return ExecNotMember | ZeroMask | MaskMismatch | MemberNotExecuting;
  }
};

/// Checks \p S against the membermask contract.
WarpUB checkMembership(const WarpStep &S);

/// Lanes whose values the instruction combines: executing lanes that are
/// named by the membermask (the union over executing lanes) and not exited.
LaneMask participants(const WarpStep &S);

/// Per-lane outputs of one warp instruction. D holds the 32-bit destination
/// (for vote .all/.any/.uni it is 0 or 1, and equals the P bit). Lanes
/// outside WarpStep::Active are left zero and are not meaningful.
struct WarpResult {
  LaneArray<uint32_t> D{};
  LaneMask P = 0;      ///< Predicate destination, one bit per lane.
  LaneMask UndefD = 0; ///< Lanes whose D is undefined.
  LaneMask UndefP = 0; ///< Lanes whose P is undefined.
  /// shfl: the lanes whose d is undefined because their source lane did not
  /// take part (the others in UndefD read an undefined `a`), and the source
  /// lanes they read.
  LaneMask ReadAbsent = 0, AbsentSources = 0;
  WarpUB UB;
};

// The modes are the IR's (the lowering produces them, IR/WarpModes.h).
using ir::MatchMode;
using ir::ReduxOp;
using ir::ReduxType;
using ir::ShflMode;
using ir::VoteMode;

/// shfl.sync.mode.b32 d|p, a, b, c, membermask (PTX ISA 9.7.9.6, shfl.sync,
/// pseudocode). \p
/// AUndef marks lanes whose `a` is already undefined; reading such a lane, or
/// a lane that does not take part, yields an undefined d (p stays defined).
WarpResult shfl(const WarpStep &S, ShflMode Mode, const LaneArray<uint32_t> &A,
                LaneMask AUndef, const LaneArray<uint32_t> &B,
                const LaneArray<uint32_t> &C);

/// shfl.sync's source lanes for all 32 lanes (the pseudocode of PTX ISA
/// 9.7.9.6, shfl.sync, on the 5-bit fields of b and c): lane L reads lane
/// \p J[L], which is L itself where the pseudocode's pval is false. Returns
/// the lanes whose pval is true. \p B and \p C are every lane's b and c
/// (lanes that do not execute may hold anything); with \p UniformC, C[0]
/// is every lane's c. shfl and the interpreter's converged fast path both
/// use it.
LaneMask shflLanes(ShflMode Mode, const uint32_t *B, const uint32_t *C,
                   uint32_t *J, bool UniformC = false);

/// vote.sync.mode d, {!}a, membermask; \p Pred has bit i = lane i's `a`
/// (before the optional negation).
WarpResult vote(const WarpStep &S, VoteMode Mode, LaneMask Pred, bool Negate);

/// vote's result (d; for .all/.any/.uni also p) when the participating
/// lanes are \p Parts and \p Value is their (possibly negated) `a`, within
/// Parts.
uint32_t voteValue(VoteMode Mode, LaneMask Value, LaneMask Parts);

/// match.any's d for every lane of \p Active: the lanes of \p Parts whose
/// value equals its own.
void matchAnyLanes(LaneMask Parts, LaneMask Active,
                   const LaneArray<uint64_t> &A, LaneArray<uint32_t> &D);

/// match.{any,all}.sync.{b32,b64} d[|p], a, membermask. b32 values are
/// zero-extended by the caller.
WarpResult match(const WarpStep &S, MatchMode Mode,
                 const LaneArray<uint64_t> &A);

/// redux.sync.op[.abs][.NaN].type d, a, membermask. f32 values are bit
/// patterns; a NaN result is the canonical 0x7fffffff.
WarpResult redux(const WarpStep &S, ReduxOp Op, ReduxType Type, bool Abs,
                 bool NaN, const LaneArray<uint32_t> &A);

/// redux's d: the reduction of \p A over the lanes in \p Parts.
uint32_t reduxValue(LaneMask Parts, ReduxOp Op, ReduxType Type, bool Abs,
                    bool NaN, const LaneArray<uint32_t> &A);

/// activemask.b32 d: the lanes executing it together.
WarpResult activemask(const WarpStep &S);

/// elect.sync d|p, membermask: d = the leader's lane id, p true in the
/// leader, which is the lowest-numbered participating lane.
WarpResult elect(const WarpStep &S);

/// bar.warp.sync membermask: only the contract check.
WarpResult barWarpSync(const WarpStep &S);

/// %lanemask_* for \p Lane (PTX ISA 10 "Special registers").
uint32_t laneMaskEq(unsigned Lane);
uint32_t laneMaskLt(unsigned Lane);
uint32_t laneMaskLe(unsigned Lane);
uint32_t laneMaskGt(unsigned Lane);
uint32_t laneMaskGe(unsigned Lane);

/// Orders f32 bit patterns numerically with -0.0 < +0.0 (not for NaNs).
uint32_t f32OrderKey(uint32_t Bits);
inline bool isF32NaN(uint32_t Bits) {
  return (Bits & 0x7fffffffu) > 0x7f800000u;
}
constexpr uint32_t CanonicalF32NaN = 0x7fffffffu;

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_WARPOPS_H
