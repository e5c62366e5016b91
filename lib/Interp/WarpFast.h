//===- WarpFast.h - Warp collectives on the converged fast path -----------===//
//
// Private to lib/Interp. What Runner::prepareWarpFast decides once for a
// shfl, vote, match, redux, elect, bar.warp.sync or activemask, so that
// Runner::runWarpFast (WarpFast.cpp) can run it inside the converged group
// loop (Runner::runGroup) as one computation over the warp, without the
// per-lane dispatch of trySync and execWarpOp.
//
// The fast path only runs an instruction when the general path would
// execute it at once for the whole group, with no diagnostic: every lane
// of the group arrives with its guard true and defined, with one defined
// membermask that holds the group and every live lane it names, shfl's b
// and c are defined and every lane reads a lane of the group. Then the
// result follows from the same formulas (WarpOps.h) as the general path's;
// in any other case runWarpFast changes nothing and returns false, and the
// general path runs the instruction (and reports what it must).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_WARPFAST_H
#define PTXWARP_LIB_INTERP_WARPFAST_H

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/Interp/WarpOps.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {
namespace detail {

/// A source of a fast collective: a register (its lanes 32 bits wide unless
/// Wide) or a constant.
struct WarpFastSrc {
  int32_t Reg = -1;
  bool Wide = false;
  bool Negated = false; ///< vote's `!a`
  uint64_t Imm = 0;     ///< the constant when Reg < 0 or Known
  /// A register whose defined lanes all hold Imm (Runner::constRegs): its
  /// definedness still comes from Reg, its value not.
  bool Known = false;
};

struct WarpFastOp {
  ir::Opcode Op = ir::Opcode::Nop;
  uint8_t Mode = 0; ///< Inst::Sub: ShflMode, VoteMode, MatchMode, ReduxOp
  /// Legacy non-.sync forms: the membermask is the group.
  bool ImplicitMask = false;
  int32_t MaskReg = -1; ///< the membermask's register, or -1 for MaskImm
  uint32_t MaskImm = 0;
  bool MaskKnown = false; ///< MaskReg's defined lanes all hold MaskImm
  /// Destinations, -1 for none: D a 32-bit register (a predicate for vote
  /// .all/.any/.uni), PD a predicate register.
  int32_t D = -1, PD = -1;
  WarpFastSrc A, B, C; ///< a (shfl, vote, match, redux), b and c (shfl)
  /// shfl with constant b and c: the source lanes and pval, computed once,
  /// and how to move the lanes (Plan).
  bool Table = false;
  /// shfl with b or c in registers: the table above holds the lanes of the
  /// last b and c that were one value in all of a group (CacheB, CacheC),
  /// made again when they change (nvcc sets them with mov, so they rarely
  /// do). Runner-owned, so one thread's.
  bool Cached = false;
  uint32_t CacheB = 0, CacheC = 0;
  /// shfl with b in a register that differs between lanes and a constant
  /// c (idx from a lane number): the table holds the lanes of the last b
  /// (CacheBLanes), made again when a lane of b changes. At most one of
  /// Cached and CachedLanes holds.
  bool CachedLanes = false;
  LaneArray<uint32_t> CacheBLanes{};
  LaneMask PVal = 0;
  LaneArray<uint32_t> J{};
  LaneArray<uint32_t> PLanes{}; ///< pval as 0/1 lanes
  enum class Perm : uint8_t {
    Gather, ///< lane by lane, through J
    Xor1,   ///< J[L] = L ^ 1
    Xor2,   ///< J[L] = L ^ 2
    Bcast,  ///< every lane reads lane J[0]
    Blocks, ///< four lanes at a time from Src4, then Patches
  };
  Perm Plan = Perm::Gather;
  /// Blocks: lanes 4b..4b+3 read lanes Src4[b]..Src4[b]+3, except for the
  /// NumPatches lanes Patches[k][0], which read lane Patches[k][1].
  uint8_t Src4[8] = {};
  uint8_t NumPatches = 0;
  uint8_t Patches[8][2] = {};
  /// redux's type and modifiers.
  ReduxType RType = ReduxType::U32;
  bool Abs = false, NaN = false;
};

} // namespace detail
} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_WARPFAST_H
