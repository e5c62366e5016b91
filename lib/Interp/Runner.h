//===- Runner.h - The interpreter's warps and its Runner ------------------===//
//
// Private to lib/Interp. The state of one launch (Runner) and of its warps
// (Warp), shared by the files that define Runner's members by concern:
//   Run.cpp          the launch: global variables, the grid, the entry point
//   RunPrepare.cpp   prepare(): what the hot loop needs, decided once
//   RunSchedule.cpp  CTAs and the ITS scheduler (policies, the converged
//                    fast path, deadlock reports) and exec's dispatch
//   RunExec.cpp      warp-sync instructions and the general compute path
//   RunMemory.cpp    ld/st/atom/red, address resolution, shadow memory,
//                    cp.async and mbarriers
//   RunBarrier.cpp   bar/barrier
//   RunPrintf.cpp    printf
// The hot loop's small helpers (compute, guardLanes, the register accessors)
// stay inline here so that the file holding runGroup inlines them.
//
// Independent thread scheduling (README.md, "ptx-run"): each
// thread has its own PC; lanes at the same PC form a group and execute an
// instruction together, for all of them at once (structure-of-arrays
// registers). A `.sync` warp instruction completes only when every
// non-exited lane of its membermask has arrived at it with the same mask;
// until then the arrived lanes wait and other groups run. The default policy
// runs the group with the lowest PC first (which reconverges if/else and
// loops naturally); `random` picks a seeded random group instead.
//
// Runtime errors (UB a-e, bounds, limits) stop the launch: they are reported
// with the source line, the instruction and the thread ids involved.
//
// Definedness (UB d) follows MemorySanitizer, with global memory as the
// boundary the host sees: Warp::Undef holds each register's undefined lanes
// (all of them at launch: a register read before any write is undefined),
// Warp::Origin where they came from, and ShadowBytes (Shadow.h) the bytes of
// shared, local and .param memory; execMemory and the checks named "a use"
// report undefinedUse.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_RUNNER_H
#define PTXWARP_LIB_INTERP_RUNNER_H

#include "ptxwarp/Interp/Interpreter.h"

#include "AsyncEngine.h"
#include "WarpFast.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Interp/Alu.h"
#include "ptxwarp/Interp/CtaBarriers.h"
#include "ptxwarp/Interp/LaneKernels.h"
#include "ptxwarp/Interp/Shadow.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace ptxwarp {
namespace interp {
namespace detail {

// Confined to detail, which only Runner's files open.
using namespace llvm;
using ir::Inst;
using ir::Opcode;
using ir::Operand;
using ir::Space;
using ir::SReg;

/// Bit L of a lane mask, in lane L: `M & LaneBits[L]` over all lanes
/// vectorises where `M >> L & 1` would not (SSE2 has no per-lane shifts).
constexpr std::array<uint32_t, WarpSize> LaneBits = [] {
  std::array<uint32_t, WarpSize> B{};
  for (unsigned L = 0; L < WarpSize; ++L)
    B[L] = 1u << L;
  return B;
}();

struct Warp {
  unsigned Id = 0;
  LaneMask Valid = 0;
  LaneMask Exited = 0;
  LaneMask AtBarrier = 0; ///< lanes parked at a CTA barrier (CtaBarriers)
  LaneMask Carry = 0;     ///< CC.CF of each lane (add.cc / addc ...)
  std::array<uint32_t, WarpSize> PC{};
  std::array<unsigned, WarpSize> Tid[3] = {};
  /// The registers' lanes, register-major, at Runner::Slot: registers of
  /// at most 32 bits and predicates in Regs32 (so that 32-bit instructions
  /// move 32-bit lanes), the others in Regs.
  std::vector<uint64_t> Regs;
  std::vector<uint32_t> Regs32;
  /// Per register: its 32 lanes in Regs32 or Regs (Runner::regLanes).
  std::vector<void *> RegLanes;
  std::vector<uint32_t> Undef; ///< per register: lanes holding undefined
  /// Per register: the origin of its undefined lanes (Runner::describe),
  /// meaningful while some lane is undefined.
  std::vector<uint32_t> Origin;
  LaneMask CarryUndef = 0; ///< lanes whose CC.CF is undefined
  uint32_t CarryOrigin = 0;
  std::vector<uint8_t> Local;
  std::vector<uint8_t> Frame;
  ShadowBytes LocalShadow, FrameShadow; ///< definedness of Local and Frame
  /// Lockstep policy only: the pre-Volta reconvergence stack of
  /// (reconvergence PC, lanes).
  std::vector<std::pair<uint32_t, LaneMask>> Stack;
  /// Lockstep policy only: the last .aligned barrier instruction executed
  /// by part of the warp (PC, line) and the live lanes that were elsewhere
  /// (Runner::execBarrier).
  uint32_t PartialBarPC = 0;
  unsigned PartialBarLine = 0;
  LaneMask PartialBarOthers = 0;
  /// Every candidate lane is known to be at the same PC.
  bool Uniform = true;

  LaneMask live() const { return Valid & ~Exited; }

  Warp() = default;
  // RegLanes points into Regs and Regs32: a copy would point into these.
  Warp(const Warp &) = delete;
  Warp &operator=(const Warp &) = delete;
};

/// The warp-synchronizing instructions: a group executes one only when its
/// whole membermask has arrived (Runner::trySync).
inline bool isWarpSync(Opcode Op) {
  switch (Op) {
  case Opcode::Shfl:
  case Opcode::Vote:
  case Opcode::Match:
  case Opcode::Redux:
  case Opcode::Elect:
  case Opcode::BarWarpSync:
  case Opcode::Collective:
    return true;
  default:
    return false;
  }
}

enum class Step { Progress, Stuck, Done, Error };

/// The lanes in \p M (positions within their warp, 0-31), with runs as
/// ranges and the noun: "lane 7", "lanes 0-6, 8-31".
std::string laneList(LaneMask M);

class Runner {
public:
  Runner(const ir::Function &F, const Launch &L, Memory &Mem,
         const RunOptions &Opts, DiagnosticEngine &Diags, RunStats &Stats)
      : F(F), L(L), Mem(Mem), Opts(Opts), Diags(Diags), Stats(Stats),
        Rng(Opts.Seed), StepLimit(Opts.MaxSteps), PrintOut(Opts.PrintfOut),
        TraceOut(Opts.Trace) {
    prepare();
  }

  /// Places the module's variables in global memory and checks the launch
  /// against the memory limit. \p PerCtaState receives the bytes of shared,
  /// local and register state one CTA needs (RunGrid.cpp).
  bool prepareLaunch(uint64_t &PerCtaState);
  /// Runs the CTA with linear index \p Linear (x fastest). Returns false on
  /// a runtime error (reported to Diags) or when Abort was raised.
  bool runCta(uint64_t Linear);

  /// The run stops with the step-limit error once Stats.WarpInstructions
  /// passes this (RunGrid.cpp: the launch's limit when CTAs run in order, a
  /// budget per CTA when they run in parallel).
  void setStepLimit(uint64_t Limit) { StepLimit = Limit; }
  /// Where this runner's printf output and trace go (per CTA in parallel).
  void setOutputs(raw_ostream *Printf, raw_ostream *Trace) {
    PrintOut = Printf;
    TraceOut = Trace;
  }
  /// Parallel runs: raised when the launch is abandoned; the CTA stops.
  void setAbort(const std::atomic<bool> *A) { Abort = A; }
  /// Parallel runs: the lock an atom/red instruction holds while it runs,
  /// so that its read-modify-writes are atomic between CTAs running on
  /// different threads.
  void setAtomicLock(std::mutex *Lock) { AtomicLock = Lock; }

private:
  const ir::Function &F;
  const Launch &L;
  Memory &Mem;
  const RunOptions &Opts;
  DiagnosticEngine &Diags;
  RunStats &Stats;
  std::mt19937_64 Rng;
  /// Stats.WarpInstructions when the running CTA started: %clock counts the
  /// CTA's own instructions, so that it does not depend on which CTAs ran
  /// before on the same thread.
  uint64_t CtaBase = 0;
  uint64_t StepLimit;
  raw_ostream *PrintOut, *TraceOut;
  const std::atomic<bool> *Abort = nullptr;
  std::mutex *AtomicLock = nullptr;
  /// The warps of the running CTA, allocated for the first CTA and reset
  /// for each next one (setupWarps, resetWarp).
  std::vector<Warp> Warps;
  void setupWarps();
  void resetWarp(Warp &W);
  /// 0, 1, ...: each register's origin, which resetWarp copies to
  /// Warp::Origin (a register read before any write is undefined).
  std::vector<uint32_t> RegOrigins;
  std::vector<uint8_t> Shared;
  ShadowBytes SharedShadow; ///< definedness of Shared
  /// Some shadow memory of the CTA holds an undefined byte: loads and
  /// defined stores look at the shadow only then.
  bool AnyShadow = false;
  /// Origins of undefined values (MSan's origin tracking): an id below
  /// F.Regs.size() is that register read before any write; the others
  /// index Origins, a shfl.sync whose source lanes did not take part.
  struct ShflOrigin {
    uint32_t PC;
    unsigned Warp;
    LaneMask Absent; ///< the source lanes that did not take part
  };
  std::vector<ShflOrigin> Origins;
  std::map<std::tuple<uint32_t, unsigned, LaneMask>, uint32_t> OriginIds;
  AsyncEngine Async; ///< pending cp.async copies and mbarriers of the CTA
  CtaBarriers Bars;  ///< the CTA's bar/barrier state
  std::vector<Warp> *CtaWarps = nullptr; ///< the warps of the running CTA
  std::vector<LaneMask> LiveScratch;
  std::vector<CtaBarriers::Release> ReleaseScratch;
  unsigned CtaId[3] = {0, 0, 0};
  unsigned NumWarps = 0;

  /// Per register: its first lane in Warp::Regs32 (Narrow) or Warp::Regs.
  std::vector<uint32_t> Slot;
  std::vector<uint8_t> Narrow;
  size_t NumWide = 0, NumNarrow = 0;
  /// The lanes of Regs and Regs32 a new CTA zeroes: the registers some
  /// thread may read before writing them (ir::registersMaybeReadFirst).
  size_t ResetWide = 0, ResetNarrow = 0;

  uint64_t readReg(const Warp &W, unsigned R, unsigned Lane) const {
    return Narrow[R] ? W.Regs32[Slot[R] + Lane] : W.Regs[Slot[R] + Lane];
  }
  void writeReg(Warp &W, unsigned R, unsigned Lane, uint64_t V) const {
    if (Narrow[R])
      W.Regs32[Slot[R] + Lane] = uint32_t(V);
    else
      W.Regs[Slot[R] + Lane] = V;
  }
  /// Register \p R's 32 lanes (uint32_t when Narrow, else uint64_t).
  static void *regLanes(Warp &W, unsigned R) { return W.RegLanes[R]; }

  /// A lane kernel's source, resolved once: a register, %tid or a constant
  /// with its value in every lane (lanes as wide as the kernel's).
  struct KernelSrc {
    const Operand *Op = nullptr;
    /// Its lanes: Warp::RegLanes[Lanes] (a register, %tid, or one of
    /// FixedLanes).
    uint32_t Lanes = 0;
    /// Its definedness: Warp::Undef[UndefAt], the register's or the slot
    /// after the registers', which stays 0.
    uint32_t UndefAt = 0;
  };
  /// What prepare() decided for one instruction, so that the hot loop does
  /// not look at types, modifiers and operand kinds again.
  struct Prepared {
    LaneKernel Kernel = LaneKernel::None;
    LaneLoopFn Loop = nullptr; ///< laneLoop<Kernel>
    LaneArgs Args;
    int32_t Dst = -1;
    KernelSrc Src[3];
    /// The instruction only computes registers (compute()): it cannot fail,
    /// wait or branch, so runGroup may run it back to back with others.
    bool OnlyComputes = false;
    /// bra or ret, which runGroup follows itself when no lane diverges.
    bool Branch = false;
    /// ld or st, which runGroup runs itself (execMemory).
    bool Access = false;
    /// How runGroup runs it, from the flags above and Fast (one test per
    /// instruction on its hot path, compute first).
    enum class Path : uint8_t {
      Compute, ///< compute()
      Branch,  ///< bra/ret, followed in the loop unless it splits the group
      Access,  ///< execMemory
      Fast,    ///< runWarpFast
      /// Neither of the above nor a warp-sync instruction or mbarrier
      /// try_wait (bar.sync, exit, atom, ...): through exec, as stepWarp
      /// would, then the lanes are regrouped.
      ViaExec,
      StepWarp, ///< left to stepWarp
    } How = Path::StepWarp;
    /// Copies of the Inst's guard and target, so that runGroup's loop
    /// reads one cache-resident record per instruction (worth ~7%).
    bool GuardNeg = false;
    int32_t Guard = -1;
    uint32_t Target = 0;
    /// A warp collective runGroup may run with runWarpFast: its index in
    /// FastOps, or -1.
    int32_t Fast = -1;
  };
  std::vector<Prepared> Code;      ///< parallel to F.Insts
  std::vector<WarpFastOp> FastOps; ///< Prepared::Fast
  /// Per register: 1 + the one value its defined lanes can hold, or 0
  /// (WarpFast.cpp, constRegs; made on the first prepareWarpFast).
  std::vector<uint64_t> ConstRegs;
  void constRegs();
  /// How computeGeneral evaluates an instruction without a lane kernel
  /// (decided once, not per lane as evalAlu does): evalAlu, the lane
  /// kernel's formula one lane at a time (sources that are no registers or
  /// constants), or evalAluGeneral.
  struct GeneralPrep {
    enum : uint8_t { Alu, Kernel, General } Path = Alu;
    LaneKernel K = LaneKernel::None;
    LaneArgs Args;
  };
  std::vector<GeneralPrep> Gen; ///< parallel to F.Insts
  /// Kernel sources that are special registers with one value per CTA
  /// (%ntid, %ctaid, ...): the arrays their KernelSrc::Fixed points to,
  /// filled at the start of each CTA (runCta).
  struct CtaSpecial {
    const Operand *Op;
    LaneArray<uint32_t> *A32;
    LaneArray<uint64_t> *A64;
  };
  std::vector<CtaSpecial> CtaSpecials;
  /// The constant lane arrays kernel sources read (%laneid, Broadcasts,
  /// Broadcasts32), in Warp::RegLanes after the registers and %tid.
  std::vector<const void *> FixedLanes;
  /// The constants of kernel sources, one array per value and width
  /// (deques: their addresses stay put).
  std::deque<LaneArray<uint64_t>> Broadcasts;
  std::deque<LaneArray<uint32_t>> Broadcasts32;

  void prepare();
  /// \p I as the mov it amounts to in the group loop when it loads a
  /// kernel parameter at a constant address (kept in ParamMovs), or null.
  const Inst *paramLoadAsMov(const Inst &I);
  std::deque<Inst> ParamMovs;
  /// Whether instruction \p PC can run on the fast path (WarpFast.h): if
  /// so, its FastOps entry and Code[PC].Fast.
  void prepareWarpFast(uint32_t PC);
  /// Runs warp collective \p PC for the group \p M at the lowest PC, when
  /// the general path would execute it for all of M at once and report
  /// nothing; otherwise changes nothing and returns false (WarpFast.h).
  bool runWarpFast(Warp &W, uint32_t PC, LaneMask M);
  Step stepWarp(Warp &W);
  unsigned runGroup(Warp &W, unsigned Budget);
  /// runGroup ran an instruction that reported a runtime error.
  bool GroupFailed = false;
  enum class SyncResult { Executed, Blocked, Error };
  SyncResult trySync(Warp &W, const Inst &I, LaneMask Group);
  bool exec(Warp &W, const Inst &I, LaneMask Group);
  /// Executes an instruction that only computes registers (onlyComputes)
  /// for the lanes in \p E.
  void compute(Warp &W, uint32_t PC, LaneMask E) {
    const Prepared &P = Code[PC];
    if (!P.Loop) {
      computeGeneral(W, F.Insts[PC], E);
      return;
    }
    // A lane kernel: every source's lanes are in RegLanes, and its
    // definedness in Undef (always defined but for registers).
    void *const *RL = W.RegLanes.data();
    const void *A = RL[P.Src[0].Lanes], *B = RL[P.Src[1].Lanes],
               *C = RL[P.Src[2].Lanes];
    // Definedness before the kernel runs: d may be one of the sources.
    LaneMask U;
    if (P.Kernel == LaneKernel::Selp) {
      LaneMask TakeA = nonZeroLanes(static_cast<const uint32_t *>(C)) & E;
      U = selpUndef(W, *P.Src[0].Op, *P.Src[1].Op, *P.Src[2].Op, TakeA);
    } else {
      const uint32_t *UD = W.Undef.data();
      U = UD[P.Src[0].UndefAt] | UD[P.Src[1].UndefAt] | UD[P.Src[2].UndefAt];
    }
    if (LLVM_UNLIKELY(U & E))
      kernelOrigin(W, P, E, U, C);
    P.Loop(P.Args, E, regLanes(W, P.Dst), A, B, C);
    W.Undef[P.Dst] = (W.Undef[P.Dst] & ~E) | (U & E);
  }
  /// compute()'s undefined result (lanes \p U of \p E): its origin is the
  /// first undefined source's (out of line: the hot loop never calls it
  /// while every value is defined). \p C: selp's predicate lanes.
  LLVM_ATTRIBUTE_NOINLINE static void kernelOrigin(Warp &W, const Prepared &P,
                                                   LaneMask E, LaneMask U,
                                                   const void *C) {
    const Operand &SA = *P.Src[0].Op, &SB = *P.Src[1].Op, &SC = *P.Src[2].Op;
    W.Origin[P.Dst] =
        P.Kernel == LaneKernel::Selp
            ? selpOrigin(W, SA, SB, SC,
                         nonZeroLanes(static_cast<const uint32_t *>(C)) & E, E)
            : firstOrigin(W, {SA, SB, SC}, U & E);
  }
  void computeGeneral(Warp &W, const Inst &I, LaneMask E);
  bool execMemory(Warp &W, const Inst &I, LaneMask E);
  /// ld/st (not atomics) of lanes \p E through an address in global,
  /// const, shared or kernel-parameter memory, while no byte of the CTA is
  /// undefined and no copy is pending: every lane's bytes are found first,
  /// then accessed in lane order, as execMemory does. Returns false, having
  /// changed nothing, when some lane needs execMemory's general path (an
  /// error to report, another space, an operand of another kind).
  bool fastAccess(Warp &W, const Inst &I, LaneMask E, const Operand &AO,
                  unsigned Size);
  /// fastAccess's lanes \p E through register address \p AO at once:
  /// when every lane's address is aligned and all of them lie in one
  /// buffer (shared memory, the kernel parameters, or one global region),
  /// each lane's host byte into \p Host and true; else false (fastAccess
  /// then finds them lane by lane).
  bool findSpan(Warp &W, const Inst &I, LaneMask E, const Operand &AO,
                unsigned Size, uint64_t Total, uintptr_t *Host);
  /// The global region Mem.find returned last (fastAccess).
  Region *LastRegion = nullptr;
  /// bar/barrier .sync/.arrive/.red: \p E of \p M arrive and park.
  bool execBarrier(Warp &W, const Inst &I, LaneMask M, LaneMask E);
  /// Lets go the lanes whose barriers completed; false when none could.
  bool settleBarriers();
  /// A CTA that cannot go on while threads wait at barrier \p Id: who
  /// waits where, and where the threads it still needs are.
  std::string explainBarrierDeadlock(const std::vector<Warp> &Warps,
                                     unsigned Id) const;
  bool execPrintf(Warp &W, const Inst &I, LaneMask E);
  /// cp.async / cp.async.bulk / mbarrier (AsyncEngine.h) for the lanes in
  /// \p E; try_wait lanes whose phase is not complete go to \p Blocked.
  bool execAsync(Warp &W, const Inst &I, LaneMask E, LaneMask &Blocked);
  /// The host bytes behind [Addr, Addr+Total) of \p Sp for \p Lane, or null
  /// with \p Where saying why not.
  uint8_t *resolve(Warp &W, unsigned Lane, Space Sp, uint64_t Addr,
                   uint64_t Total, std::string &Where);
  /// Whether address \p Addr of space \p Sp lies in memory with shadow
  /// (shared, local, .param frames; generic: the shared and local windows)
  /// rather than in global memory, where undefined values may not go.
  static bool shadowed(Space Sp, uint64_t Addr);
  /// The shadow of the buffer holding host byte \p P, with P's offset in
  /// it and its size, or null for memory without shadow (global, kernel
  /// parameters).
  ShadowBytes *shadowOf(Warp &W, const uint8_t *P, uint64_t &Off,
                        uint64_t &Size);
  /// After a load by \p Lane from \p Ptr: destinations whose bytes are
  /// undefined become undefined.
  LLVM_ATTRIBUTE_NOINLINE void loadShadow(Warp &W, const Inst &I, unsigned Lane,
                                          const uint8_t *Ptr, unsigned Size);
  /// After a store by \p Lane to \p Ptr: the bytes of each element take
  /// its definedness.
  LLVM_ATTRIBUTE_NOINLINE void storeShadow(Warp &W, const Inst &I,
                                           unsigned Lane, const uint8_t *Ptr,
                                           unsigned Size);
  /// A copy \p R issued by \p Lane (cp.async, cp.async.bulk) carries the
  /// definedness of its source to its destination (the zero fill is
  /// defined). Its bytes land later, but nothing may touch either side
  /// before then (AsyncEngine::hazard), so the shadow may move now. An
  /// undefined byte copied to global memory is a use.
  bool copyShadow(Warp &W, const Inst &I, unsigned Lane, const AsyncResult &R);
  /// \p P points into the launch's (read-only) kernel parameters.
  bool inParamBlock(const uint8_t *P) const {
    const uint8_t *B = L.ParamBlock.data();
    return P && !L.ParamBlock.empty() && std::less_equal<>()(B, P) &&
           std::less<>()(P, B + L.ParamBlock.size());
  }
  bool execWarpOp(Warp &W, const Inst &I, LaneMask P,
                  const LaneArray<uint32_t> &Masks);
  /// A table-driven collective: its operands to the function the table
  /// names (Interp/Collective.h), and its results back.
  bool execCollective(Warp &W, const Inst &I, const WarpStep &S);
  bool reportDeadlock(std::vector<Warp> &Warps);
  void saveRegisters(const std::vector<Warp> &Warps) {
    for (unsigned D = 0; D < 3; ++D)
      if (CtaId[D] != Opts.FinalRegistersCta[D])
        return;
    if (Opts.FinalRegisters) {
      // NumRegs x 32 per warp, register-major, whatever the lanes' width.
      std::vector<uint64_t> &Out = *Opts.FinalRegisters;
      Out.clear();
      for (const Warp &W : Warps)
        for (unsigned R = 0; R < F.Regs.size(); ++R)
          for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
            // An undefined lane may hold what an earlier CTA left there
            // (resetWarp); it reads as 0 whichever thread ran what before.
            Out.push_back((W.Undef[R] >> Lane) & 1 ? 0 : readReg(W, R, Lane));
    }
    if (Opts.FinalUndefined) {
      Opts.FinalUndefined->clear();
      for (const Warp &W : Warps)
        Opts.FinalUndefined->insert(Opts.FinalUndefined->end(), W.Undef.begin(),
                                    W.Undef.begin() + F.Regs.size());
    }
  }

  uint64_t get(Warp &W, const Operand &O, unsigned Lane) const;
  /// The operand's value in every lane of \p M, into \p Out.
  void load(Warp &W, const Operand &O, LaneMask M, uint64_t *Out) const {
    if (O.K == Operand::Register && !O.Negated) {
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
        Out[Lane] = readReg(W, O.RegNo, Lane);
      return;
    }
    if (O.K == Operand::Immediate || O.K == Operand::None) {
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
        Out[Lane] = O.Imm;
      return;
    }
    for (LaneMask X = M; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      Out[Lane] = get(W, O, Lane);
    }
  }
  /// The lanes in which \p O is undefined: a register's, or an address's
  /// base register's ([%r], [%r+imm]).
  static LaneMask undefOf(const Warp &W, const Operand &O) {
    return (O.K == Operand::Register || O.K == Operand::Addr) && O.RegNo >= 0
               ? W.Undef[O.RegNo]
               : 0;
  }
  /// The origin of \p O's undefined lanes (when undefOf is not 0).
  static uint32_t originOf(const Warp &W, const Operand &O) {
    return O.RegNo >= 0 ? W.Origin[O.RegNo] : 0;
  }
  /// The origin of the first of \p Ops undefined in a lane of \p M (the
  /// first undefined source, as MSan picks one origin).
  static uint32_t firstOrigin(const Warp &W, ArrayRef<Operand> Ops,
                              LaneMask M) {
    for (const Operand &O : Ops)
      if (undefOf(W, O) & M)
        return originOf(W, O);
    return 0;
  }
  /// selp d, a, b, c: only the chosen source's definedness matters
  /// (README, d). \p TakeA: the lanes whose c is true.
  static LaneMask selpUndef(const Warp &W, const Operand &A, const Operand &B,
                            const Operand &C, LaneMask TakeA) {
    return undefOf(W, C) | (undefOf(W, A) & TakeA) | (undefOf(W, B) & ~TakeA);
  }
  static uint32_t selpOrigin(const Warp &W, const Operand &A, const Operand &B,
                             const Operand &C, LaneMask TakeA, LaneMask E) {
    if (undefOf(W, C) & E)
      return originOf(W, C);
    return (undefOf(W, A) & TakeA & E) ? originOf(W, A) : originOf(W, B);
  }
  void set(Warp &W, const Operand &O, unsigned Lane, uint64_t V) {
    if (O.K == Operand::Register)
      writeReg(W, O.RegNo, Lane, truncTo(F.Regs[O.RegNo].Ty, V));
  }
  /// Register \p O's lanes in \p Exec become undefined where \p U says,
  /// with origin \p Origin, and defined elsewhere.
  static void setUndef(Warp &W, const Operand &O, LaneMask Exec, LaneMask U,
                       uint32_t Origin = 0) {
    if (O.K != Operand::Register)
      return;
    W.Undef[O.RegNo] = (W.Undef[O.RegNo] & ~Exec) | (U & Exec);
    if (U & Exec)
      W.Origin[O.RegNo] = Origin;
  }
  LaneMask guardMask(Warp &W, const Inst &I, LaneMask M) {
    return guardLanes(W, I.Guard, I.GuardNeg, M);
  }
  /// The lanes of \p M whose guard (register \p Guard, -1 for none,
  /// negated when \p Neg) lets the instruction execute.
  static LaneMask guardLanes(const Warp &W, int32_t Guard, bool Neg,
                             LaneMask M) {
    if (Guard < 0)
      return M;
    // Predicates have 32-bit lanes.
    LaneMask R = nonZeroLanes(static_cast<const uint32_t *>(W.RegLanes[Guard]));
    return (Neg ? ~R : R) & M;
  }
  /// Moves the lanes in \p M to \p PC.
  static void setPC(Warp &W, LaneMask M, uint32_t PC) {
    if (M == ~0u) {
      W.PC.fill(PC);
      return;
    }
    for (unsigned L = 0; L < WarpSize; ++L) // a blend, which vectorises
      W.PC[L] = (M & LaneBits[L]) ? PC : W.PC[L];
  }
  void advance(Warp &W, LaneMask M) {
    for (LaneMask X = M; X; X &= X - 1)
      ++W.PC[countTrailingZeros(X)];
  }

  bool error(DiagID ID, const Inst &I, LaneMask Lanes, const Warp &W,
             const Twine &Msg) {
    std::vector<unsigned> Ids;
    for (LaneMask X = Lanes; X; X &= X - 1)
      Ids.push_back(W.Id * WarpSize + countTrailingZeros(X));
    std::string Full = Msg.str();
    if (L.Grid[0] * L.Grid[1] * L.Grid[2] > 1)
      Full += " in CTA (" + std::to_string(CtaId[0]) + "," +
              std::to_string(CtaId[1]) + "," + std::to_string(CtaId[2]) + ")";
    Diags.report(ID, I.Loc).threads(Ids) << Full;
    return false;
  }
  /// Where an undefined value with origin \p Origin came from.
  std::string describe(uint32_t Origin) const {
    if (Origin < F.Regs.size())
      return "it derives from register " + F.Regs[Origin].Name +
             ", read before any write";
    const ShflOrigin &O = Origins[Origin - F.Regs.size()];
    const Inst &S = F.Insts[O.PC];
    return "it was read by '" + S.Text + "' at line " + std::to_string(S.Line) +
           " from " + laneList(O.Absent) + " of warp " +
           std::to_string(O.Warp) + ", which did not take part";
  }
  /// The origin id of shfl \p PC of warp \p W reading \p Absent.
  uint32_t shflOrigin(uint32_t PC, const Warp &W, LaneMask Absent) {
    auto [It, New] =
        OriginIds.try_emplace(std::make_tuple(PC, W.Id, Absent),
                              uint32_t(F.Regs.size() + Origins.size()));
    if (New)
      Origins.push_back({PC, W.Id, Absent});
    return It->second;
  }
  bool undefinedUse(const Inst &I, LaneMask Lanes, const Warp &W,
                    StringRef What, uint32_t Origin) {
    return error(DiagID::UBUndefinedUse, I, Lanes, W,
                 "'" + I.Text + "' uses an undefined value as " + What + ": " +
                     describe(Origin));
  }
};

inline uint64_t Runner::get(Warp &W, const Operand &O, unsigned Lane) const {
  uint64_t V = 0;
  switch (O.K) {
  case Operand::Register:
    V = readReg(W, O.RegNo, Lane);
    break;
  case Operand::Immediate:
    V = O.Imm;
    break;
  case Operand::Addr:
    V = O.Imm + (O.RegNo >= 0 ? readReg(W, O.RegNo, Lane) : 0);
    // [%r+imm] with a 32-bit base register is a 32-bit address: the sum
    // wraps modulo 2^32 (nvcc emits [%r+128] on %r = shared base - 4).
    if (O.RegNo >= 0 && F.Regs[O.RegNo].Ty.Bits <= 32)
      V = uint32_t(V);
    break;
  case Operand::Special:
    switch (O.S) {
    case SReg::LaneId:
      V = Lane;
      break;
    case SReg::TidX:
    case SReg::TidY:
    case SReg::TidZ:
      V = W.Tid[unsigned(O.S) - unsigned(SReg::TidX)][Lane];
      break;
    case SReg::NTidX:
    case SReg::NTidY:
    case SReg::NTidZ:
      V = L.Block[unsigned(O.S) - unsigned(SReg::NTidX)];
      break;
    case SReg::CtaIdX:
    case SReg::CtaIdY:
    case SReg::CtaIdZ:
      V = CtaId[unsigned(O.S) - unsigned(SReg::CtaIdX)];
      break;
    case SReg::NCtaIdX:
    case SReg::NCtaIdY:
    case SReg::NCtaIdZ:
      V = L.Grid[unsigned(O.S) - unsigned(SReg::NCtaIdX)];
      break;
    case SReg::WarpId:
      V = W.Id;
      break;
    case SReg::NWarpId:
      V = NumWarps;
      break;
    case SReg::LaneMaskEq:
      V = laneMaskEq(Lane);
      break;
    case SReg::LaneMaskLe:
      V = laneMaskLe(Lane);
      break;
    case SReg::LaneMaskLt:
      V = laneMaskLt(Lane);
      break;
    case SReg::LaneMaskGe:
      V = laneMaskGe(Lane);
      break;
    case SReg::LaneMaskGt:
      V = laneMaskGt(Lane);
      break;
    case SReg::Clock:
    case SReg::Clock64:
      // Deterministic: the number of warp instructions the CTA executed so
      // far (per CTA, whatever ran before it on this thread).
      V = Stats.WarpInstructions - CtaBase;
      break;
    case SReg::GlobalTimer:
      V = (Stats.WarpInstructions - CtaBase) * 1000;
      break;
    case SReg::TotalSmemSize:
      V = Shared.size();
      break;
    case SReg::SmId:
      V = CtaId[0] + L.Grid[0] * (CtaId[1] + L.Grid[1] * CtaId[2]);
      break;
    case SReg::NSmId:
      V = uint64_t(L.Grid[0]) * L.Grid[1] * L.Grid[2];
      break;
    case SReg::GridId:
    case SReg::Zero:
      V = 0;
      break;
    case SReg::DynamicSmemSize:
      V = L.DynamicSharedBytes;
      break;
    }
    break;
  case Operand::None:
    break;
  }
  if (O.Negated)
    V = V == 0;
  return V;
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_RUNNER_H
