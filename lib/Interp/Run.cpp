//===- Run.cpp - Warps, the ITS scheduler, CTAs and the grid --------------===//
//
// Independent thread scheduling (oracle/convergence/README.md "Model"): each
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
// below report undefinedUse.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Interpreter.h"

#include "AsyncEngine.h"
#include "ptxwarp/IR/AsyncOps.h"
#include "ptxwarp/Interp/Alu.h"
#include "ptxwarp/Interp/CtaBarriers.h"
#include "ptxwarp/Interp/LaneKernels.h"
#include "ptxwarp/Interp/Packed.h"
#include "ptxwarp/Interp/Shadow.h"
#include "ptxwarp/Interp/Video.h"

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/Layout.h"
#include "ptxwarp/Interp/WarpOps.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <numeric>
#include <functional>
#include <random>
#include <tuple>

using namespace llvm;
using ptxwarp::ir::Inst;
using ptxwarp::ir::Opcode;
using ptxwarp::ir::Operand;
using ptxwarp::ir::Space;
using ptxwarp::ir::SReg;

namespace ptxwarp {
namespace interp {

namespace {

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
  /// Every candidate lane is known to be at the same PC.
  bool Uniform = true;

  LaneMask live() const { return Valid & ~Exited; }

  Warp() = default;
  // RegLanes points into Regs and Regs32: a copy would point into these.
  Warp(const Warp &) = delete;
  Warp &operator=(const Warp &) = delete;
};

enum class Step { Progress, Stuck, Done, Error };

/// Thread ids of the lanes in \p M, with runs as ranges: "0-6, 8-31".
std::string laneList(LaneMask M, unsigned WarpId) {
  std::string S;
  unsigned Base = WarpId * WarpSize;
  while (M) {
    unsigned First = countTrailingZeros(M);
    unsigned Last = First;
    while (Last + 1 < WarpSize && hasLane(M, Last + 1))
      ++Last;
    if (!S.empty())
      S += ", ";
    S += std::to_string(Base + First);
    if (Last > First)
      S += "-" + std::to_string(Base + Last);
    M &= Last + 1 >= WarpSize ? 0 : ~((2u << Last) - 1);
  }
  return S;
}
std::string laneList(LaneMask M, const Warp &W) { return laneList(M, W.Id); }

bool isWarpSync(Opcode Op) {
  switch (Op) {
  case Opcode::Shfl:
  case Opcode::Vote:
  case Opcode::Match:
  case Opcode::Redux:
  case Opcode::Elect:
  case Opcode::BarWarpSync:
    return true;
  default:
    return false;
  }
}

class Runner {
public:
  Runner(const ir::Function &F, const Launch &L, Memory &Mem,
         const RunOptions &Opts, DiagnosticEngine &Diags, RunStats &Stats)
      : F(F), L(L), Mem(Mem), Opts(Opts), Diags(Diags), Stats(Stats),
        Rng(Opts.Seed) {
    prepare();
  }

  bool run();

private:
  const ir::Function &F;
  const Launch &L;
  Memory &Mem;
  const RunOptions &Opts;
  DiagnosticEngine &Diags;
  RunStats &Stats;
  std::mt19937_64 Rng;
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

  /// A lane kernel's source, resolved once: a register or a constant with
  /// its value in every lane (lanes as wide as the kernel's).
  struct KernelSrc {
    const Operand *Op = nullptr;
    int32_t Reg = -1;
    const void *Fixed = nullptr;
    int32_t UndefReg = -1; ///< the register whose definedness it carries
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
    /// Copies of the Inst's guard and target, so that runGroup's loop
    /// reads one cache-resident record per instruction (worth ~7%).
    bool GuardNeg = false;
    int32_t Guard = -1;
    uint32_t Target = 0;
  };
  std::vector<Prepared> Code; ///< parallel to F.Insts
  /// The constants of kernel sources (deques: their addresses stay put).
  std::deque<LaneArray<uint64_t>> Broadcasts;
  std::deque<LaneArray<uint32_t>> Broadcasts32;

  void prepare();
  bool runCta();
  Step stepWarp(Warp &W);
  unsigned runGroup(Warp &W, unsigned Budget);
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
    // A lane kernel: every source is a register or a constant array.
    auto Lanes = [&](const KernelSrc &S) -> const void * {
      return S.Fixed ? S.Fixed : regLanes(W, S.Reg);
    };
    const void *A = Lanes(P.Src[0]), *B = Lanes(P.Src[1]), *C = Lanes(P.Src[2]);
    // Definedness before the kernel runs: d may be one of the sources.
    LaneMask U = 0;
    if (P.Kernel == LaneKernel::Selp) {
      LaneMask TakeA = nonZeroLanes(static_cast<const uint32_t *>(C)) & E;
      U = selpUndef(W, *P.Src[0].Op, *P.Src[1].Op, *P.Src[2].Op, TakeA);
    } else {
      for (const KernelSrc &S : P.Src)
        if (S.UndefReg >= 0)
          U |= W.Undef[S.UndefReg];
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
  /// bar/barrier .sync/.arrive/.red: \p E of \p M arrive and park.
  bool execBarrier(Warp &W, const Inst &I, LaneMask M, LaneMask E);
  /// Lets go the lanes whose barriers completed; false when none could.
  bool settleBarriers();
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
  void execWarpOp(Warp &W, const Inst &I, LaneMask P,
                  const LaneArray<uint32_t> &Masks);
  bool reportDeadlock(std::vector<Warp> &Warps);
  void saveRegisters(const std::vector<Warp> &Warps) {
    if (CtaId[0] || CtaId[1] || CtaId[2])
      return;
    if (Opts.FinalRegisters) {
      // NumRegs x 32 per warp, register-major, whatever the lanes' width.
      std::vector<uint64_t> &Out = *Opts.FinalRegisters;
      Out.clear();
      for (const Warp &W : Warps)
        for (unsigned R = 0; R < F.Regs.size(); ++R)
          for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
            Out.push_back(readReg(W, R, Lane));
    }
    if (Opts.FinalUndefined) {
      Opts.FinalUndefined->clear();
      for (const Warp &W : Warps)
        Opts.FinalUndefined->insert(Opts.FinalUndefined->end(), W.Undef.begin(),
                                    W.Undef.end());
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
    Diags.report(ID, I.Loc).lanes(Ids) << Full;
    return false;
  }
  /// Where an undefined value with origin \p Origin came from.
  std::string describe(uint32_t Origin) const {
    if (Origin < F.Regs.size())
      return "it derives from register " + F.Regs[Origin].Name +
             ", read before any write";
    const ShflOrigin &O = Origins[Origin - F.Regs.size()];
    const Inst &S = F.Insts[O.PC];
    std::string Src = laneList(O.Absent, O.Warp);
    bool One = countPopulation(O.Absent) == 1;
    return "it was read by '" + S.Text + "' at line " + std::to_string(S.Line) +
           " from thread" + (One ? " " : "s ") + Src +
           ", which did not take part";
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

uint64_t Runner::get(Warp &W, const Operand &O, unsigned Lane) const {
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
      // Deterministic: the number of warp instructions executed so far.
      V = Stats.WarpInstructions;
      break;
    case SReg::GlobalTimer:
      V = Stats.WarpInstructions * 1000;
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

/// The lane ids 0..31: the value of %laneid in every lane, in lanes of T.
template <typename T> const T *laneIds() {
  static const LaneArray<T> Ids = [] {
    LaneArray<T> A{};
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      A[Lane] = T(Lane);
    return A;
  }();
  return Ids.data();
}

/// The lanes of \p Cand at the lowest PC among them; that PC goes to \p PC
/// and the lowest PC of Cand's other lanes to \p Next (~0u when there are
/// none). Both loops run over all 32 lanes without branches, which the
/// compiler vectorises (a divergent warp regroups its lanes this way after
/// every branch).
LaneMask lowestPCGroup(const std::array<uint32_t, WarpSize> &PCs, LaneMask Cand,
                       uint32_t &PC, uint32_t &Next) {
  // PCs fit in 31 bits (a function's instruction count), so signed
  // compares order them and INT32_MAX stands for "not a candidate".
  int32_t Key[WarpSize];
  int32_t Min = INT32_MAX;
  for (unsigned L = 0; L < WarpSize; ++L) {
    int32_t Sel =
        -int32_t((Cand & LaneBits[L]) != 0); // all ones for a candidate
    Key[L] = (int32_t(PCs[L]) & Sel) | (INT32_MAX & ~Sel);
    Min = Key[L] < Min ? Key[L] : Min;
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
  return M;
}

/// Instructions that only compute registers from registers (Runner::compute):
/// everything but control flow, memory, barriers, printf and warp-sync ops.
bool onlyComputes(Opcode Op) {
  switch (Op) {
  case Opcode::Bra:
  case Opcode::BrxIdx:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Trap:
  case Opcode::BarRed:
  case Opcode::BarSync:
  case Opcode::Printf:
  case Opcode::Fence:
  case Opcode::AsyncCopy:
  case Opcode::Mbarrier:
  case Opcode::Nop:
  case Opcode::Ld:
  case Opcode::St:
  case Opcode::Atom:
  case Opcode::Red:
    return false;
  default:
    return !isWarpSync(Op);
  }
}

void Runner::prepare() {
  // Registers of at most 32 bits (and predicates) get 32-bit lanes.
  Slot.resize(F.Regs.size());
  Narrow.resize(F.Regs.size());
  for (size_t R = 0; R < F.Regs.size(); ++R) {
    ir::Type T = F.Regs[R].Ty;
    Narrow[R] = T.K == ir::Type::Pred || (T.Bits > 0 && T.Bits <= 32);
    Slot[R] = uint32_t((Narrow[R] ? NumNarrow++ : NumWide++) * WarpSize);
  }
  static const Operand NoOp;
  Code.resize(F.Insts.size());
  for (size_t PC = 0; PC < F.Insts.size(); ++PC) {
    const Inst &I = F.Insts[PC];
    Prepared &P = Code[PC];
    P.OnlyComputes = onlyComputes(I.Op);
    P.Branch = I.Op == Opcode::Bra || I.Op == Opcode::Ret;
    P.Guard = I.Guard;
    P.GuardNeg = I.GuardNeg;
    P.Target = I.Target;
    LaneKernel K = laneKernelOf(I);
    // A kernel writes one register with the formula's bits; a predicate
    // register (0/1) only takes setp's result as it is.
    if (K == LaneKernel::None || I.Ops.size() > 4 || !I.Ops[0].isReg())
      continue;
    ir::Type DT = F.Regs[I.Ops[0].RegNo].Ty;
    if (DT.K == ir::Type::Pred && !isSetpKernel(K))
      continue;
    // setp's sources follow p and the (absent) q.
    unsigned First = 1;
    if (isSetpKernel(K)) {
      if (I.Ops.size() != 4 || I.Ops[1].K != Operand::None)
        continue;
      First = 2;
    }
    // The sources: registers of one lane width (selp's predicate apart),
    // constants or %laneid; anything else takes the general path.
    const Operand *Ops[3];
    int NarrowS = -1; // unknown until a register source says
    bool Ok = true;
    for (unsigned S = 0; S < 3; ++S) {
      const Operand &O = First + S < I.Ops.size() ? I.Ops[First + S] : NoOp;
      Ops[S] = &O;
      bool Pred = K == LaneKernel::Selp && S == 2;
      if (O.Negated)
        Ok = false;
      else if (O.K == Operand::Register && Pred)
        Ok &= bool(Narrow[O.RegNo]);
      else if (O.K == Operand::Register && NarrowS >= 0)
        Ok &= NarrowS == int(Narrow[O.RegNo]);
      else if (O.K == Operand::Register)
        NarrowS = Narrow[O.RegNo];
      else if (O.K == Operand::Special)
        Ok &= O.S == SReg::LaneId;
      else
        Ok &= O.K == Operand::Immediate || O.K == Operand::None;
    }
    if (!Ok)
      continue;
    unsigned Dst = I.Ops[0].RegNo;
    if (NarrowS < 0)
      NarrowS = Narrow[Dst];
    P.Kernel = K;
    P.Loop = laneLoopOf(K, Narrow[Dst], NarrowS);
    P.Args = laneArgsOf(I, DT);
    P.Dst = Dst;
    for (unsigned S = 0; S < 3; ++S) {
      const Operand &O = *Ops[S];
      KernelSrc &KS = P.Src[S];
      KS.Op = &O;
      bool Narrow32 = NarrowS || (K == LaneKernel::Selp && S == 2);
      if (O.K == Operand::Register) {
        KS.Reg = O.RegNo;
        KS.UndefReg = O.RegNo;
      } else if (O.K == Operand::Special) {
        KS.Fixed = Narrow32 ? static_cast<const void *>(laneIds<uint32_t>())
                            : laneIds<uint64_t>();
      } else if (Narrow32) {
        LaneArray<uint32_t> &B = Broadcasts32.emplace_back();
        B.fill(uint32_t(O.Imm));
        KS.Fixed = B.data();
      } else {
        LaneArray<uint64_t> &B = Broadcasts.emplace_back();
        B.fill(O.Imm);
        KS.Fixed = B.data();
      }
    }
  }
}

/// The converged policy's fast path. stepWarp regroups the lanes by PC
/// before every instruction and runs the group at the lowest PC; here that
/// group keeps running, with its PC in a local, for as long as stepWarp would
/// go on picking it (while its PC stays below every other group's), and the
/// lanes are regrouped only when it reaches another group or a branch splits
/// it. Each step counts and executes exactly as in stepWarp; instructions
/// that can fail, wait or touch memory, undefined guards and the step limit
/// are left to stepWarp. Returns the steps taken.
unsigned Runner::runGroup(Warp &W, unsigned Budget) {
  unsigned Steps = 0;
  for (bool Regroup = true; Regroup;) {
    LaneMask Cand = W.live() & ~W.AtBarrier;
    if (!Cand)
      break;
    uint32_t PC = W.PC[countTrailingZeros(Cand)];
    LaneMask M = Cand;
    uint32_t Limit = uint32_t(F.Insts.size()); // the other groups' lowest PC
    if (!W.Uniform) {
      uint32_t Next;
      M = lowestPCGroup(W.PC, Cand, PC, Next);
      Limit = std::min(Limit, Next);
      W.Uniform = M == Cand;
    }
    // The steps this group may take before the budget or the step limit,
    // and the ones it took: the counters are updated once per group.
    uint64_t Room = std::min<uint64_t>(
        Budget - Steps,
        Opts.MaxSteps - std::min(Opts.MaxSteps, Stats.WarpInstructions));
    uint64_t Taken = 0;
    auto Count = [&] {
      Steps += unsigned(Taken);
      Stats.WarpInstructions += Taken;
      Stats.LaneInstructions += Taken * countPopulation(M);
      Taken = 0;
    };
    Regroup = false;
    bool Split = false;
    for (; Taken < Room; ++Taken) {
      if (PC >= Limit) {
        Regroup = PC < F.Insts.size();
        break;
      }
      const Prepared &P = Code[PC];
      if (!P.OnlyComputes && !P.Branch)
        break;
      if (P.Guard >= 0 && (W.Undef[P.Guard] & M))
        break;
      LaneMask E = guardLanes(W, P.Guard, P.GuardNeg, M);
      if (!P.Branch) {
        compute(W, PC, E);
        ++PC;
      } else if (E == M || !E) {
        PC = E ? P.Target : PC + 1;
      } else {
        const Inst &I = F.Insts[PC];
        // The branch splits the group: exec sends each lane its way.
        ++Taken;
        Count();
        setPC(W, M, PC);
        exec(W, I, M);
        Split = Regroup = true;
        break;
      }
    }
    Count();
    if (!Split)
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
  else
    std::sort(Groups.begin(), Groups.end());
  for (auto &[PC, M] : Groups) {
    const Inst &I = F.Insts[PC];
    if (++Stats.WarpInstructions > Opts.MaxSteps) {
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
    if (Opts.Trace)
      *Opts.Trace << "[cta " << CtaId[0] << "," << CtaId[1] << "," << CtaId[2]
                  << " warp " << W.Id << "] " << format("%4u", PC) << " line "
                  << I.Line << " mask " << format_hex(M, 10) << ": " << I.Text
                  << "\n";
    return exec(W, I, M) ? Step::Progress : Step::Error;
  }
  return Step::Stuck;
}

Runner::SyncResult Runner::trySync(Warp &W, const Inst &I, LaneMask Group) {
  if (I.Guard >= 0 && (W.Undef[I.Guard] & Group)) {
    undefinedUse(I, W.Undef[I.Guard] & Group, W, "a guard predicate",
                 W.Origin[I.Guard]);
    return SyncResult::Error;
  }
  LaneMask GT = guardMask(W, I, Group);
  LaneMask GF = Group & ~GT;
  W.Uniform = false; // re-established by the next stepWarp if still true
  // Guard-false lanes do not take part; they simply move on.
  advance(W, GF);
  if (!GT) {
    Stats.LaneInstructions += countPopulation(GF);
    return SyncResult::Executed;
  }
  const Operand &MaskOp = I.Ops.back();
  if (!I.ImplicitMask && (undefOf(W, MaskOp) & GT)) {
    undefinedUse(I, undefOf(W, MaskOp) & GT, W, "a membermask",
                 originOf(W, MaskOp));
    return SyncResult::Error;
  }
  // shfl's b (source lane or offset) and c (clamp and segment mask) decide
  // which lane is read: using an undefined one is a use (README, d).
  if (I.Op == Opcode::Shfl)
    for (unsigned K : {3u, 4u})
      if (undefOf(W, I.Ops[K]) & GT) {
        undefinedUse(I, undefOf(W, I.Ops[K]) & GT, W,
                     K == 3 ? "a shfl lane operand" : "a shfl clamp operand",
                     originOf(W, I.Ops[K]));
        return SyncResult::Error;
      }
  WarpStep S;
  S.Active = GT;
  S.Exited = W.Exited | ~W.Valid;
  for (LaneMask X = GT; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    S.MemberMask[Lane] = I.ImplicitMask ? GT : uint32_t(get(W, MaskOp, Lane));
  }
  WarpUB UB = checkMembership(S);
  if (UB.ZeroMask) {
    error(DiagID::UBZeroMask, I, UB.ZeroMask, W,
          "'" + I.Text + "' is executed with membermask 0");
    return SyncResult::Error;
  }
  if (UB.ExecNotMember) {
    error(DiagID::UBExecNotMember, I, UB.ExecNotMember, W,
          "'" + I.Text +
              "' is executed by lanes that are not in their membermask 0x" +
              utohexstr(S.MemberMask[countTrailingZeros(UB.ExecNotMember)],
                        true));
    return SyncResult::Error;
  }
  // Partition the arrived lanes by membermask value.
  LaneMask Left = GT;
  bool Ran = false;
  while (Left) {
    unsigned First = countTrailingZeros(Left);
    uint32_t Mask = S.MemberMask[First];
    LaneMask P = 0;
    for (LaneMask X = Left; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      if (S.MemberMask[Lane] == Mask)
        P |= 1u << Lane;
    }
    Left &= ~P;
    LaneMask Required = Mask & W.live();
    LaneMask Others = GT & ~P;
    if (Required & Others || (UB.MaskMismatch & P)) {
      std::string Groups;
      for (LaneMask Rest = GT; Rest;) {
        uint32_t GM = S.MemberMask[countTrailingZeros(Rest)];
        LaneMask With = 0;
        for (LaneMask X = Rest; X; X &= X - 1)
          if (S.MemberMask[countTrailingZeros(X)] == GM)
            With |= X & -X;
        Rest &= ~With;
        Groups += (Groups.empty() ? "" : "; ") + std::string("0x") +
                  utohexstr(GM, true) + " from thread(s) " + laneList(With, W);
      }
      error(DiagID::UBMaskMismatch, I, UB.MaskMismatch ? UB.MaskMismatch : P, W,
            "lanes arrive at '" + I.Text + "' with different membermasks (" +
                Groups + ")");
      return SyncResult::Error;
    }
    if (Required & ~P)
      continue; // members still to come: wait
    if (Ran)
      continue; // one partition per step keeps the trace readable
    Stats.LaneInstructions += countPopulation(P) + countPopulation(GF);
    if (Opts.Trace)
      *Opts.Trace << "[cta " << CtaId[0] << "," << CtaId[1] << "," << CtaId[2]
                  << " warp " << W.Id << "] " << format("%4u", W.PC[First])
                  << " line " << I.Line << " mask " << format_hex(P, 10) << ": "
                  << I.Text << "\n";
    LaneArray<uint32_t> Masks = S.MemberMask;
    execWarpOp(W, I, P, Masks);
    advance(W, P);
    Ran = true;
  }
  if (Ran || GF)
    return SyncResult::Executed;
  return SyncResult::Blocked;
}

void Runner::execWarpOp(Warp &W, const Inst &I, LaneMask P,
                        const LaneArray<uint32_t> &Masks) {
  WarpStep S;
  S.Active = P;
  S.Exited = W.Exited | ~W.Valid;
  S.MemberMask = Masks;
  WarpResult R;
  LaneMask InUndef = 0;
  uint32_t Origin = 0;
  auto Read = [&](const Operand &O) {
    LaneArray<uint32_t> A{};
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      A[Lane] = uint32_t(get(W, O, Lane));
    }
    return A;
  };
  switch (I.Op) {
  case Opcode::Shfl:
    R = shfl(S, ShflMode(I.Sub), Read(I.Ops[2]), undefOf(W, I.Ops[2]),
             Read(I.Ops[3]), Read(I.Ops[4]));
    // A lane that did not take part makes a new origin; otherwise the
    // undefined `a` read carries its own.
    Origin = (R.ReadAbsent & P)
                 ? shflOrigin(uint32_t(&I - F.Insts.data()), W, R.AbsentSources)
                 : originOf(W, I.Ops[2]);
    break;
  case Opcode::Vote: {
    LaneMask Pred = 0;
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      if (get(W, I.Ops[1], Lane))
        Pred |= 1u << Lane;
    }
    R = vote(S, VoteMode(I.Sub), Pred, false);
    if (undefOf(W, I.Ops[1]) & P) {
      InUndef = P;
      Origin = originOf(W, I.Ops[1]);
    }
    break;
  }
  case Opcode::Match: {
    LaneArray<uint64_t> A{};
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      A[Lane] = truncTo(I.Ty, get(W, I.Ops[2], Lane));
    }
    R = match(S, MatchMode(I.Sub), A);
    if (undefOf(W, I.Ops[2]) & P) {
      InUndef = P;
      Origin = originOf(W, I.Ops[2]);
    }
    break;
  }
  case Opcode::Redux:
    R = redux(S, ReduxOp(I.Sub), ReduxType(I.Sub2), I.Abs, I.NaN,
              Read(I.Ops[1]));
    if (undefOf(W, I.Ops[1]) & P) {
      InUndef = P;
      Origin = originOf(W, I.Ops[1]);
    }
    break;
  case Opcode::Elect:
    R = elect(S);
    break;
  case Opcode::BarWarpSync:
    return;
  default:
    return;
  }
  const Operand &D = I.Ops[0];
  bool PredDest = I.Op == Opcode::Vote && VoteMode(I.Sub) != VoteMode::Ballot;
  for (LaneMask X = P; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    set(W, D, Lane, PredDest ? hasLane(R.P, Lane) : R.D[Lane]);
  }
  setUndef(W, D, P, R.UndefD | InUndef, Origin);
  if (I.Op == Opcode::Shfl || I.Op == Opcode::Match || I.Op == Opcode::Elect) {
    const Operand &PD = I.Ops[1];
    for (LaneMask X = P; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, PD, Lane, hasLane(R.P, Lane));
    }
    // shfl's p stays defined even when d is not (convergence README, d).
    setUndef(W, PD, P, I.Op == Opcode::Shfl ? 0 : R.UndefP | InUndef, Origin);
  }
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
    for (LaneMask X = E; X; X &= X - 1)
      W.PC[countTrailingZeros(X)] = I.Target;
    advance(W, M & ~E);
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

void Runner::computeGeneral(Warp &W, const Inst &I, LaneMask E) {
  switch (I.Op) {
  case Opcode::Activemask:
    for (LaneMask X = E; X; X &= X - 1)
      set(W, I.Ops[0], countTrailingZeros(X), E);
    setUndef(W, I.Ops[0], E, 0);
    return;
  case Opcode::Setp:
  case Opcode::Set: {
    LaneMask U = 0;
    for (size_t K = 2; K < I.Ops.size(); ++K)
      U |= undefOf(W, I.Ops[K]);
    bool HasC = ir::BoolOp(I.Sub2) != ir::BoolOp::None;
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t D, D2; // Packed.cpp: every type, .ftz, the boolean op
      evalSetLane(I, get(W, I.Ops[2], Lane), get(W, I.Ops[3], Lane),
                  HasC ? get(W, I.Ops[4], Lane) : 0, D, D2);
      set(W, I.Ops[0], Lane, D);
      if (I.Op == Opcode::Setp)
        set(W, I.Ops[1], Lane, D2);
    }
    uint32_t Origin = firstOrigin(W, ArrayRef<Operand>(I.Ops).drop_front(2), E);
    setUndef(W, I.Ops[0], E, U, Origin);
    setUndef(W, I.Ops[1], E, U, Origin);
    return;
  }
  case Opcode::Pack: {
    unsigned N = unsigned(I.Ops.size() - 1);
    unsigned Bits = I.Ty.Bits / N;
    LaneMask U = 0;
    for (unsigned K = 1; K <= N; ++K)
      U |= undefOf(W, I.Ops[K]);
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t V = 0;
      for (unsigned K = 0; K < N; ++K)
        V |= truncTo(ir::Type{ir::Type::B, uint8_t(Bits)},
                     get(W, I.Ops[K + 1], Lane))
             << (K * Bits);
      set(W, I.Ops[0], Lane, V);
    }
    setUndef(W, I.Ops[0], E, U,
             firstOrigin(W, ArrayRef<Operand>(I.Ops).drop_front(1), E));
    return;
  }
  case Opcode::Unpack: {
    unsigned N = unsigned(I.Ops.size() - 1);
    unsigned Bits = I.Ty.Bits / N;
    LaneMask U = undefOf(W, I.Ops[N]);
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t V = get(W, I.Ops[N], Lane);
      for (unsigned K = 0; K < N; ++K)
        set(W, I.Ops[K], Lane,
            truncTo(ir::Type{ir::Type::B, uint8_t(Bits)}, V >> (K * Bits)));
    }
    uint32_t Origin = originOf(W, I.Ops[N]);
    for (unsigned K = 0; K < N; ++K)
      setUndef(W, I.Ops[K], E, U, Origin);
    return;
  }
  default:
    break;
  }
  // d = f(a, b, c[, d2]).
  const Operand &D = I.Ops[0];
  size_t NOps = I.Ops.size();
  static const Operand NoOp;
  const Operand &A = NOps > 1 ? I.Ops[1] : NoOp;
  const Operand &B = NOps > 2 ? I.Ops[2] : NoOp;
  const Operand &C = NOps > 3 ? I.Ops[3] : NoOp;
  LaneMask U;
  uint32_t Origin = 0;
  if (I.Op == Opcode::Selp) {
    LaneMask TakeA = 0;
    for (LaneMask X = E; X; X &= X - 1)
      if (get(W, C, countTrailingZeros(X)))
        TakeA |= X & -X;
    U = selpUndef(W, A, B, C, TakeA);
    if (U & E)
      Origin = selpOrigin(W, A, B, C, TakeA, E);
  } else {
    U = undefOf(W, A) | undefOf(W, B) | undefOf(W, C);
    for (size_t K = 4; K < NOps; ++K)
      U |= undefOf(W, I.Ops[K]);
    if (U & E)
      Origin = firstOrigin(W, ArrayRef<Operand>(I.Ops).drop_front(1), E);
  }
  if (I.CarryIn || I.CarryOut) {
    // CC.CF carries definedness like any register: an undefined carry-in
    // makes the result (and the carry-out) undefined.
    if (I.CarryIn && (W.CarryUndef & E & ~U)) {
      if (!(U & E))
        Origin = W.CarryOrigin;
      U |= W.CarryUndef;
    }
    if (I.CarryOut) {
      W.CarryUndef = (W.CarryUndef & ~E) | (U & E);
      if (U & E)
        W.CarryOrigin = Origin;
    }
    // Extended precision: CC.CF per lane. Subtraction is a + ~b + CF
    // (sub.cc without carry-in: + 1), so after sub.cc/subc.cc CF = 1 means
    // no borrow, and subc borrows exactly when CF = 0 (also after add.cc).
    unsigned Bits = I.Ty.Bits;
    uint64_t Mask = Bits >= 64 ? ~0ull : (1ull << Bits) - 1;
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t VA = get(W, A, Lane) & Mask, VB = get(W, B, Lane) & Mask;
      uint64_t Cin = I.CarryIn && hasLane(W.Carry, Lane) ? 1 : 0;
      unsigned __int128 Wide;
      bool Out;
      if (I.Op == Opcode::Sub) {
        Wide = (unsigned __int128)VA + (~VB & Mask) + (I.CarryIn ? Cin : 1);
        Out = (Wide >> Bits) != 0;
      } else {
        uint64_t Addend = VB;
        if (I.Op == Opcode::Mad) {
          unsigned __int128 P = (unsigned __int128)VA * VB;
          Addend = uint64_t(I.Sub == 1 ? P >> Bits : P) & Mask;
          VA = get(W, C, Lane) & Mask;
        }
        Wide = (unsigned __int128)VA + Addend + Cin;
        Out = (Wide >> Bits) != 0;
      }
      set(W, D, Lane, uint64_t(Wide) & Mask);
      if (I.CarryOut)
        W.Carry = Out ? W.Carry | (1u << Lane) : W.Carry & ~(1u << Lane);
    }
  } else if (I.Op == Opcode::Bfi || I.Op == Opcode::Lop3) {
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, D, Lane,
          evalBfi(I, get(W, A, Lane), get(W, B, Lane), get(W, C, Lane),
                  get(W, I.Ops[4], Lane)));
    }
  } else if (isVideoOpcode(I.Op)) {
    // The video instructions and dp4a/dp2a (Video.cpp).
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      set(W, D, Lane,
          evalVideo(I, uint32_t(get(W, A, Lane)), uint32_t(get(W, B, Lane)),
                    uint32_t(get(W, C, Lane))));
    }
  } else {
    // Gather the operands as lane arrays, then one tight loop.
    uint64_t VA[WarpSize], VB[WarpSize], VC[WarpSize];
    load(W, A, E, VA);
    load(W, B, E, VB);
    load(W, C, E, VC);
    if (D.K == Operand::Register) {
      ir::Type DT = F.Regs[D.RegNo].Ty;
      for (LaneMask X = E; X; X &= X - 1) {
        unsigned Lane = countTrailingZeros(X);
        writeReg(W, D.RegNo, Lane,
                 truncTo(DT, evalAlu(I, VA[Lane], VB[Lane], VC[Lane])));
      }
    }
  }
  setUndef(W, D, E, U, Origin);
}

/// [Off, Off+Total) lies within [0, Size), without wrapping for offsets
/// near 2^64 (an address like [%r+-4] in the shared window).
bool fitsIn(uint64_t Off, uint64_t Total, uint64_t Size) {
  return Total <= Size && Off <= Size - Total;
}

uint8_t *Runner::resolve(Warp &W, unsigned Lane, Space Sp, uint64_t Addr,
                         uint64_t Total, std::string &Where) {
  uint64_t Off = Addr;
  if (Sp == Space::Generic) {
    if (Addr >= ir::SharedWindow && Addr - ir::SharedWindow < ir::WindowSize) {
      Sp = Space::Shared;
      Off = Addr - ir::SharedWindow;
    } else if (Addr >= ir::LocalWindow &&
               Addr - ir::LocalWindow < ir::WindowSize) {
      Sp = Space::Local;
      Off = Addr - ir::LocalWindow;
    } else if (Addr >= ir::KernelParamWindow &&
               Addr - ir::KernelParamWindow < ir::WindowSize) {
      Sp = Space::KernelParam; // cvta.param (PTX ISA 9.7.9.20)
      Off = Addr - ir::KernelParamWindow;
    } else {
      Sp = Space::Global;
    }
  }
  switch (Sp) {
  case Space::Global:
  case Space::Const: {
    if (Region *R = Mem.find(Addr, Total))
      return R->Data.data() + (Addr - R->Base);
    const Region *N = Mem.nearest(Addr);
    if (N && Addr >= N->Base + N->Data.size())
      Where = "past the end of buffer '" + N->Name + "' (" +
              std::to_string(N->Data.size()) + " bytes at 0x" +
              utohexstr(N->Base, true) + ")";
    else if (N && Addr + Total > N->Base && Addr >= N->Base)
      Where = "overlapping the end of buffer '" + N->Name + "'";
    else
      Where = N ? "outside every buffer (nearest: '" + N->Name + "', " +
                      std::to_string(N->Data.size()) + " bytes at 0x" +
                      utohexstr(N->Base, true) + ")"
                : "outside every buffer";
    return nullptr;
  }
  case Space::Shared:
    if (fitsIn(Off, Total, Shared.size()))
      return Shared.data() + Off;
    Where =
        "outside shared memory (" + std::to_string(Shared.size()) + " bytes)";
    return nullptr;
  case Space::Local:
    if (fitsIn(Off, Total, F.LocalBytes))
      return W.Local.data() + Lane * F.LocalBytes + Off;
    Where = "outside local memory (" + std::to_string(F.LocalBytes) + " bytes)";
    return nullptr;
  case Space::KernelParam:
    if (fitsIn(Off, Total, L.ParamBlock.size()))
      return const_cast<uint8_t *>(L.ParamBlock.data()) + Off;
    Where = "outside the kernel parameters";
    return nullptr;
  case Space::FrameParam:
    if (fitsIn(Off, Total, F.FrameParamBytes))
      return W.Frame.data() + Lane * F.FrameParamBytes + Off;
    Where = "outside the call parameters";
    return nullptr;
  default:
    Where = "in an unknown state space";
    return nullptr;
  }
}

bool Runner::shadowed(Space Sp, uint64_t Addr) {
  switch (Sp) {
  case Space::Shared:
  case Space::Local:
  case Space::FrameParam:
    return true;
  case Space::Generic:
    return (Addr >= ir::SharedWindow &&
            Addr - ir::SharedWindow < ir::WindowSize) ||
           (Addr >= ir::LocalWindow && Addr - ir::LocalWindow < ir::WindowSize);
  default:
    return false;
  }
}

ShadowBytes *Runner::shadowOf(Warp &W, const uint8_t *P, uint64_t &Off,
                              uint64_t &Size) {
  auto In = [&](const std::vector<uint8_t> &B) {
    uintptr_t X = reinterpret_cast<uintptr_t>(P),
              Base = reinterpret_cast<uintptr_t>(B.data());
    if (B.empty() || X < Base || X - Base >= B.size())
      return false;
    Off = X - Base;
    Size = B.size();
    return true;
  };
  if (In(Shared))
    return &SharedShadow;
  if (In(W.Local))
    return &W.LocalShadow;
  if (In(W.Frame))
    return &W.FrameShadow;
  return nullptr;
}

void Runner::loadShadow(Warp &W, const Inst &I, unsigned Lane,
                        const uint8_t *Ptr, unsigned Size) {
  uint64_t Off, BufSize;
  ShadowBytes *Sh = shadowOf(W, Ptr, Off, BufSize);
  if (!Sh || !Sh->live())
    return;
  for (unsigned K = 0; K < I.Vec; ++K) {
    uint32_t Origin;
    if (Sh->undefined(Off + K * Size, Size, Origin))
      setUndef(W, I.Ops[K], 1u << Lane, 1u << Lane, Origin);
  }
}

void Runner::storeShadow(Warp &W, const Inst &I, unsigned Lane,
                         const uint8_t *Ptr, unsigned Size) {
  uint64_t Off, BufSize;
  ShadowBytes *Sh = shadowOf(W, Ptr, Off, BufSize);
  if (!Sh)
    return;
  // A partial-width store (st.u8 of a 32-bit register) marks its bytes only.
  for (unsigned K = 0; K < I.Vec; ++K) {
    const Operand &O = I.Ops[1 + K];
    if (hasLane(undefOf(W, O), Lane)) {
      Sh->poison(BufSize, Off + K * Size, Size, originOf(W, O));
      AnyShadow = true;
    } else {
      Sh->unpoison(Off + K * Size, Size);
    }
  }
}

bool Runner::copyShadow(Warp &W, const Inst &I, unsigned Lane,
                        const AsyncResult &R) {
  uint64_t SrcOff = 0, SrcBuf = 0, DstOff = 0, DstBuf = 0;
  ShadowBytes *Src =
      R.CopySrc ? shadowOf(W, R.CopySrc, SrcOff, SrcBuf) : nullptr;
  ShadowBytes *Dst = shadowOf(W, R.CopyDst, DstOff, DstBuf);
  uint32_t Origin;
  bool Undef = Src && Src->undefined(SrcOff, R.CopySrcSize, Origin);
  if (Undef && !Dst)
    return undefinedUse(I, 1u << Lane, W, "a copied value", Origin);
  if (!Dst)
    return true;
  if (Undef)
    Dst->copyFrom(DstBuf, DstOff, *Src, SrcOff, R.CopySrcSize);
  else
    Dst->unpoison(DstOff, R.CopySrcSize);
  Dst->unpoison(DstOff + R.CopySrcSize, R.CopySize - R.CopySrcSize);
  return true;
}

bool Runner::execPrintf(Warp &W, const Inst &I, LaneMask E) {
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    std::string Where;
    auto Fail = [&](uint64_t Addr) {
      return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                   "printf reads address 0x" + utohexstr(Addr, true) + " " +
                       Where);
    };
    auto Read = [&](Space Sp, uint64_t Addr, unsigned Size,
                    uint64_t &Out) -> bool {
      uint8_t *P = resolve(W, Lane, Sp, Addr, Size, Where);
      Out = 0;
      if (P)
        std::memcpy(&Out, P, Size);
      return P != nullptr;
    };
    auto ReadString = [&](uint64_t Addr, std::string &Out) -> bool {
      for (unsigned K = 0; K < 4096; ++K) {
        uint64_t C;
        if (!Read(Space::Generic, Addr + K, 1, C))
          return false;
        if (!C)
          return true;
        Out += char(C);
      }
      return true;
    };
    uint64_t Fmt, Args;
    if (!Read(I.Ops[1].Sp, I.Ops[1].Imm, 8, Fmt))
      return Fail(I.Ops[1].Imm);
    if (!Read(I.Ops[2].Sp, I.Ops[2].Imm, 8, Args))
      return Fail(I.Ops[2].Imm);
    std::string Format, Out;
    if (!ReadString(Fmt, Format))
      return Fail(Fmt);
    uint64_t ArgOff = 0;
    for (size_t K = 0; K < Format.size(); ++K) {
      if (Format[K] != '%') {
        Out += Format[K];
        continue;
      }
      size_t Start = K++;
      while (K < Format.size() && strchr("-+ #0123456789.", Format[K]))
        ++K;
      unsigned Long = 0;
      while (K < Format.size() && strchr("hlzjt", Format[K]))
        Long += Format[K++] == 'l' || Format[K - 1] == 'z' ? 1 : 0;
      if (K >= Format.size())
        break;
      char Conv = Format[K];
      if (Conv == '%') {
        Out += '%';
        continue;
      }
      // Each argument is aligned to its own size in the buffer (CUDA's
      // vprintf ABI): doubles, pointers and longs take 8 bytes.
      bool Wide = Long || strchr("fFeEgGaAsp", Conv);
      unsigned Size = Wide ? 8 : 4;
      ArgOff = (ArgOff + Size - 1) / Size * Size;
      uint64_t V;
      if (!Read(Space::Generic, Args + ArgOff, Size, V))
        return Fail(Args + ArgOff);
      // Printing an undefined argument shows it to the host: a use.
      if (AnyShadow) {
        uint64_t Off, BufSize;
        uint32_t Origin;
        ShadowBytes *Sh = shadowOf(
            W, resolve(W, Lane, Space::Generic, Args + ArgOff, Size, Where),
            Off, BufSize);
        if (Sh && Sh->undefined(Off, Size, Origin))
          return undefinedUse(I, 1u << Lane, W, "a printf argument", Origin);
      }
      ArgOff += Size;
      std::string Spec = Format.substr(Start, K - Start);
      Spec.erase(std::remove_if(Spec.begin(), Spec.end(),
                                [](char C) { return strchr("hlzjt", C); }),
                 Spec.end());
      char Buf[512];
      if (strchr("fFeEgGaA", Conv)) {
        double D;
        std::memcpy(&D, &V, 8);
        snprintf(Buf, sizeof(Buf), (Spec + Conv).c_str(), D);
      } else if (Conv == 's') {
        std::string Str;
        if (!ReadString(V, Str))
          return Fail(V);
        snprintf(Buf, sizeof(Buf), (Spec + 's').c_str(), Str.c_str());
      } else if (Conv == 'p') {
        snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)V);
      } else if (strchr("di", Conv)) {
        long long S = Wide ? (long long)V : (long long)int32_t(V);
        snprintf(Buf, sizeof(Buf), (Spec + "ll" + Conv).c_str(), S);
      } else if (strchr("uxXoc", Conv)) {
        unsigned long long U = Wide ? V : uint32_t(V);
        if (Conv == 'c')
          snprintf(Buf, sizeof(Buf), (Spec + 'c').c_str(), int(U));
        else
          snprintf(Buf, sizeof(Buf), (Spec + "ll" + Conv).c_str(), U);
      } else {
        snprintf(Buf, sizeof(Buf), "%s", (Spec + Conv).c_str());
      }
      Out += Buf;
    }
    if (Opts.PrintfOut)
      *Opts.PrintfOut << Out;
    if (I.Ops[0].K == Operand::Addr) {
      uint64_t Count = uint32_t(Out.size());
      if (uint8_t *P = resolve(W, Lane, I.Ops[0].Sp, I.Ops[0].Imm, 4, Where))
        std::memcpy(P, &Count, 4);
    }
  }
  return true;
}

bool Runner::execMemory(Warp &W, const Inst &I, LaneMask E) {
  bool IsLoad = I.Op == Opcode::Ld;
  bool IsAtom = I.Op == Opcode::Atom || I.Op == Opcode::Red;
  bool IsCas = IsAtom && ir::AtomOp(I.Sub) == ir::AtomOp::Cas;
  unsigned AddrIdx = IsLoad ? I.Vec : (IsAtom ? 1 : 0);
  const Operand &AO = I.Ops[AddrIdx];
  unsigned Size = I.Ty.bytes();
  // Uses (README, d): the address ([%r], [%r+imm]: its base register)...
  if (LaneMask AU = undefOf(W, AO) & E)
    return undefinedUse(I, AU, W, "an address", originOf(W, AO));
  // ... atom.cas's b, whose comparison decides what is written, like a
  // branch condition (MSan checks cmpxchg's compare operand alike) ...
  if (IsCas && (undefOf(W, I.Ops[2]) & E))
    return undefinedUse(I, undefOf(W, I.Ops[2]) & E, W, "a compare value",
                        originOf(W, I.Ops[2]));
  // ... and a value written to global memory, the boundary the host sees.
  // Written to shared, local or .param memory it is no use: its bytes
  // become undefined in their shadow. The values written: st's a0..an,
  // atom's and red's b (cas: c).
  ArrayRef<Operand> Vals =
      ArrayRef<Operand>(I.Ops).drop_front(IsLoad   ? I.Ops.size()
                                          : IsAtom ? (IsCas ? 3 : 2)
                                                   : 1);
  LaneMask VU = 0;
  for (const Operand &O : Vals)
    VU |= undefOf(W, O);
  VU &= E;
  if (VU) {
    LaneMask Out = 0;
    for (LaneMask X = VU; X; X &= X - 1)
      if (!shadowed(AO.Sp, get(W, AO, countTrailingZeros(X))))
        Out |= X & -X;
    if (Out)
      return undefinedUse(I, Out, W,
                          IsAtom ? "an atomic operand" : "a stored value",
                          firstOrigin(W, Vals, Out));
  }
  if (IsLoad)
    for (unsigned K = 0; K < I.Vec; ++K)
      setUndef(W, I.Ops[K], E, 0);
  // The shadow matters only once some byte is undefined or this
  // instruction writes an undefined value (decided once, not per lane: a
  // store of defined values cannot make AnyShadow true).
  const bool Track = VU || AnyShadow;
  // Lanes in ascending order: atomics then have a deterministic order.
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    uint64_t Addr = get(W, AO, Lane);
    unsigned Total = Size * I.Vec;
    if (Size && Addr % std::min<unsigned>(Total, 16) != 0 && Addr % Size != 0) {
      return error(DiagID::MisalignedAccess, I, 1u << Lane, W,
                   "misaligned " + Twine(Size) + "-byte access at address 0x" +
                       utohexstr(Addr) + " by '" + I.Text + "'");
    }
    std::string Where;
    uint8_t *Ptr = resolve(W, Lane, AO.Sp, Addr, Total, Where);
    if (!Ptr)
      return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                   "'" + I.Text + "' accesses " + Twine(Total) +
                       " bytes at address 0x" + utohexstr(Addr, true) + " " +
                       Where);
    DiagID HID;
    if (Async.busy())
      if (std::string H = Async.hazard(Ptr, Total, !IsLoad, &HID); !H.empty())
        return error(HID, I, 1u << Lane, W, "'" + I.Text + "' " + H);
    if (IsLoad) {
      for (unsigned K = 0; K < I.Vec; ++K) {
        uint64_t V = 0;
        std::memcpy(&V, Ptr + K * Size, Size);
        if (I.Ty.isSigned())
          V = uint64_t(sext(V, I.Ty.Bits));
        set(W, I.Ops[K], Lane, V);
      }
      if (Track)
        loadShadow(W, I, Lane, Ptr, Size);
      continue;
    }
    // Kernel parameters are read-only (PTX ISA 5.1.6.1), also through a
    // generic address from cvta.param.
    if (inParamBlock(Ptr))
      return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                   "'" + I.Text + "' writes the read-only kernel parameters");
    if (!IsAtom) {
      for (unsigned K = 0; K < I.Vec; ++K) {
        uint64_t V = get(W, I.Ops[1 + K], Lane);
        std::memcpy(Ptr + K * Size, &V, Size);
      }
      if (Track)
        storeShadow(W, I, Lane, Ptr, Size);
      continue;
    }
    // The old value's definedness (shared and local memory have shadow).
    uint64_t ShOff = 0, ShSize = 0;
    ShadowBytes *Sh = Track ? shadowOf(W, Ptr, ShOff, ShSize) : nullptr;
    uint32_t OldOrigin = 0;
    bool OldUndef = Sh && Sh->undefined(ShOff, Size, OldOrigin);
    uint64_t Old = 0;
    std::memcpy(&Old, Ptr, Size);
    uint64_t Bv = get(W, I.Ops[2], Lane);
    uint64_t Cv = I.Ops.size() > 3 ? get(W, I.Ops[3], Lane) : 0;
    uint64_t New = Old;
    ir::Inst Tmp;
    Tmp.Ty = I.Ty;
    switch (ir::AtomOp(I.Sub)) {
    case ir::AtomOp::Add:
      Tmp.Op = Opcode::Add;
      Tmp.Rnd = ir::Rounding::Rn;
      // PTX ISA 9.7.13.5 atom: atom.add.f32 on global memory flushes
      // subnormal inputs and results to sign-preserving zero; on shared
      // memory it keeps them (f16/bf16 forms are .noftz, f64 never flushes).
      Tmp.Ftz = I.Ty.isFloat() && I.Ty.Bits == 32 && !I.Ty.Packed &&
                !(AO.Sp == Space::Shared ||
                  (AO.Sp == Space::Generic && Addr >= ir::SharedWindow &&
                   Addr - ir::SharedWindow < ir::WindowSize));
      New = evalAlu(Tmp, Old, Bv, 0);
      break;
    case ir::AtomOp::Min:
      Tmp.Op = Opcode::Min;
      New = evalAlu(Tmp, Old, Bv, 0);
      break;
    case ir::AtomOp::Max:
      Tmp.Op = Opcode::Max;
      New = evalAlu(Tmp, Old, Bv, 0);
      break;
    case ir::AtomOp::Inc:
      New = truncTo(I.Ty, Old) >= truncTo(I.Ty, Bv) ? 0 : Old + 1;
      break;
    case ir::AtomOp::Dec:
      New = (truncTo(I.Ty, Old) == 0 || truncTo(I.Ty, Old) > truncTo(I.Ty, Bv))
                ? Bv
                : Old - 1;
      break;
    case ir::AtomOp::And:
      New = Old & Bv;
      break;
    case ir::AtomOp::Or:
      New = Old | Bv;
      break;
    case ir::AtomOp::Xor:
      New = Old ^ Bv;
      break;
    case ir::AtomOp::Exch:
      New = Bv;
      break;
    case ir::AtomOp::Cas:
      New = truncTo(I.Ty, Old) == truncTo(I.Ty, Bv) ? Cv : Old;
      break;
    }
    std::memcpy(Ptr, &New, Size);
    if (Sh) {
      // An atomic on shared/local memory computes like any instruction: the
      // new value is undefined when the old one or the value combined with
      // it is (exch: the value alone; cas: c only when it is written). MSan
      // instead gives atomics clean shadow, because it cannot see both
      // sides reliably; the interpreter can.
      bool ValUndef = hasLane(VU, Lane);
      uint32_t ValOrigin = ValUndef ? firstOrigin(W, Vals, 1u << Lane) : 0;
      ir::AtomOp AOp = ir::AtomOp(I.Sub);
      bool Writes =
          AOp != ir::AtomOp::Cas || truncTo(I.Ty, Old) == truncTo(I.Ty, Bv);
      bool NewUndef =
          AOp == ir::AtomOp::Exch ? ValUndef : OldUndef || (Writes && ValUndef);
      if (NewUndef) {
        Sh->poison(ShSize, ShOff, Size,
                   AOp != ir::AtomOp::Exch && OldUndef ? OldOrigin : ValOrigin);
        AnyShadow = true;
      } else {
        Sh->unpoison(ShOff, Size);
      }
    }
    if (I.Op == Opcode::Atom) {
      set(W, I.Ops[0], Lane,
          I.Ty.isSigned() ? uint64_t(sext(Old, I.Ty.Bits)) : Old);
      setUndef(W, I.Ops[0], 1u << Lane, OldUndef ? 1u << Lane : 0, OldOrigin);
    }
  }
  return true;
}

bool Runner::execAsync(Warp &W, const Inst &I, LaneMask E, LaneMask &Blocked) {
  for (const Operand &O : I.Ops)
    if (O.K == Operand::Addr && (undefOf(W, O) & E))
      return undefinedUse(I, undefOf(W, O) & E, W, "an address",
                          originOf(W, O));
  uint32_t PC = uint32_t(&I - F.Insts.data());
  bool HasDest = I.Op == Opcode::Mbarrier && I.Ops[0].K == Operand::Register &&
                 ir::MbarOp(I.Sub) != ir::MbarOp::Init &&
                 ir::MbarOp(I.Sub) != ir::MbarOp::ExpectTx &&
                 ir::MbarOp(I.Sub) != ir::MbarOp::CompleteTx;
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    AsyncLane AL;
    AL.Thread = W.Id * WarpSize + Lane;
    auto Get = [&](const Operand &O) { return get(W, O, Lane); };
    auto Resolve = [&](Space Sp, uint64_t Addr, uint64_t N,
                       std::string &Where) {
      return resolve(W, Lane, Sp, Addr, N, Where);
    };
    AL.Get = Get;
    AL.Resolve = Resolve;
    AsyncResult R = Async.execLane(I, PC, AL);
    if (R.K == AsyncResult::Error)
      return error(R.ID, I, 1u << Lane, W, "'" + I.Text + "' " + R.Msg);
    if (R.CopyDst && AnyShadow && !copyShadow(W, I, Lane, R))
      return false;
    if (R.K == AsyncResult::Blocked)
      Blocked |= 1u << Lane;
    else if (HasDest)
      set(W, I.Ops[0], Lane, R.Out);
  }
  if (HasDest)
    setUndef(W, I.Ops[0], E & ~Blocked, 0);
  return true;
}

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
      return error(DiagID::BarrierDeadlock, I, W.AtBarrier, W,
                   "threads wait at '" + I.Text +
                       "' for threads that cannot arrive (" +
                       (Id >= 0 ? Bars.describe(unsigned(Id))
                                : std::string("no barrier")) +
                       ")");
    }
  return false;
}

bool Runner::runCta() {
  unsigned Threads = L.Block[0] * L.Block[1] * L.Block[2];
  NumWarps = (Threads + WarpSize - 1) / WarpSize;
  Shared.assign(F.SharedBytes + L.DynamicSharedBytes + 16, 0);
  Shared.resize(std::max<uint64_t>(F.DynamicSharedOffset, F.SharedBytes) +
                L.DynamicSharedBytes);
  Async.reset(F, NumWarps * WarpSize, Shared.data(), Shared.size());
  SharedShadow.reset();
  AnyShadow = false;
  std::vector<Warp> Warps(NumWarps);
  CtaWarps = &Warps;
  Bars.reset(NumWarps);
  for (unsigned WI = 0; WI < NumWarps; ++WI) {
    Warp &W = Warps[WI];
    W.Id = WI;
    W.Regs.assign(NumWide * WarpSize, 0);
    W.Regs32.assign(NumNarrow * WarpSize, 0);
    W.RegLanes.resize(F.Regs.size());
    for (size_t R = 0; R < F.Regs.size(); ++R)
      W.RegLanes[R] = Narrow[R] ? static_cast<void *>(&W.Regs32[Slot[R]])
                                : &W.Regs[Slot[R]];
    // A register read before any write is undefined (README, d); its
    // origin is the register itself.
    W.Undef.assign(F.Regs.size(), ~0u);
    W.Origin.resize(F.Regs.size());
    std::iota(W.Origin.begin(), W.Origin.end(), 0u);
    W.Local.assign(F.LocalBytes * WarpSize, 0);
    W.Frame.assign(F.FrameParamBytes * WarpSize, 0);
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      unsigned T = WI * WarpSize + Lane;
      if (T >= Threads)
        continue;
      W.Valid |= 1u << Lane;
      W.Tid[0][Lane] = T % L.Block[0];
      W.Tid[1][Lane] = (T / L.Block[0]) % L.Block[1];
      W.Tid[2][Lane] = T / (L.Block[0] * L.Block[1]);
    }
    W.Stack.push_back({uint32_t(F.Insts.size()), W.Valid});
  }
  // The converged policy's steps are deterministic whoever runs them, so
  // runGroup may take them in runs; random draws per step and a trace prints
  // each one, so they go through stepWarp alone.
  bool Batch = Opts.Sched == SchedPolicy::Converged && !Opts.Trace;
  for (;;) {
    bool Progress = false, AllDone = true;
    for (Warp &W : Warps) {
      // A bounded slice per warp, so a warp spinning on a flag another
      // warp of the CTA sets cannot starve it.
      for (unsigned Slice = 0; Slice < 4096; ++Slice) {
        if (Batch) {
          unsigned Ran = runGroup(W, 4096 - Slice);
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

bool Runner::run() {
  // Over the limit: the error stands at the variable that crosses it.
  uint64_t VarBytes = 0;
  for (const ir::Variable &V : F.GlobalVars) {
    VarBytes = SaturatingAdd(VarBytes, V.Size);
    if (VarBytes > Opts.MemoryLimit) {
      Diags.report(DiagID::MemoryLimit, V.Range)
          << "the module's .global/.const variables need " << VarBytes
          << " bytes up to '" << V.Name << "', more than the limit of "
          << Opts.MemoryLimit;
      return false;
    }
  }
  for (const ir::Variable &V : F.GlobalVars) {
    if (Mem.byName(V.Name))
      continue;
    std::vector<uint8_t> Data = V.Init;
    Data.resize(V.Size, 0);
    Mem.place(V.Name, ir::GlobalVarBase + V.Offset, std::move(Data));
  }
  unsigned Threads = L.Block[0] * L.Block[1] * L.Block[2];
  uint64_t Warps = (Threads + WarpSize - 1) / WarpSize;
  // Saturating: sizes near 2^64 must not wrap to a small total (issue #5).
  uint64_t PerThread = SaturatingAdd<uint64_t>(
      SaturatingAdd<uint64_t>(F.Regs.size() * 8, F.LocalBytes),
      F.FrameParamBytes);
  uint64_t PerCta = SaturatingAdd<uint64_t>(
      SaturatingAdd<uint64_t>(F.SharedBytes, L.DynamicSharedBytes),
      SaturatingAdd<uint64_t>(
          SaturatingMultiply<uint64_t>(Warps * WarpSize, PerThread),
          Mem.totalBytes()));
  if (PerCta > Opts.MemoryLimit) {
    // Located at the variable that needs the most (a .local array counts
    // once per thread); unlocated when registers or the block size are
    // what is too big.
    const ir::Variable *Big = nullptr;
    uint64_t BigBytes = 0;
    auto Consider = [&](const ir::Variable &V, uint64_t Copies) {
      uint64_t Bytes = SaturatingMultiply<uint64_t>(V.Size, Copies);
      if (Bytes > BigBytes) {
        Big = &V;
        BigBytes = Bytes;
      }
    };
    for (const ir::Variable &V : F.SharedVars)
      Consider(V, 1);
    for (const ir::Variable &V : F.LocalVars)
      Consider(V, Warps * WarpSize);
    auto B = Diags.report(DiagID::MemoryLimit, Big ? Big->Range : SMRange());
    B << "the launch needs " << PerCta << " bytes, more than the limit of "
      << Opts.MemoryLimit;
    if (Big && Big->Sp == ir::Space::Local)
      B << "; '" << Big->Name << "' alone needs " << Big->Size
        << " bytes in each of " << Warps * WarpSize << " threads";
    else if (Big)
      B << "; '" << Big->Name << "' alone needs " << BigBytes << " bytes";
    return false;
  }
  for (unsigned Z = 0; Z < L.Grid[2]; ++Z)
    for (unsigned Y = 0; Y < L.Grid[1]; ++Y)
      for (unsigned X = 0; X < L.Grid[0]; ++X) {
        CtaId[0] = X;
        CtaId[1] = Y;
        CtaId[2] = Z;
        if (!runCta())
          return false;
      }
  return true;
}

} // namespace

bool run(const ir::Function &F, const Launch &L, Memory &Mem,
         const RunOptions &Opts, DiagnosticEngine &Diags, RunStats &Stats) {
  Runner R(F, L, Mem, Opts, Diags, Stats);
  return R.run();
}

} // namespace interp
} // namespace ptxwarp
