//===- Interpreter.h - Run lowered kernels on a simulated GPU -------------===//
//
// The runner's view: global buffers in a Memory, a Launch (grid, block,
// parameter block), RunOptions (scheduling policy, limits, trace) and one
// call that executes every CTA and reports runtime errors (UB a-e, bounds,
// limits) as located diagnostics with the lanes involved.
//
// The model: README.md ("ptx-run") and docs/ARCHITECTURE.md ("The
// interpreter's model").
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_INTERPRETER_H
#define PTXWARP_INTERP_INTERPRETER_H

#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ptxwarp {
class DiagnosticEngine;

namespace interp {

/// One global allocation made by the runner or for module variables.
struct Region {
  std::string Name;
  uint64_t Base = 0;
  std::vector<uint8_t> Data;
  ir::Type ElemTy; ///< for printing
  /// The bytes the region held before the launch, when its owner keeps them
  /// for the launch's whole run (api::Launch's buffers): a parallel run that
  /// must start again in order restores the region from them instead of
  /// from a copy of its own (RunGrid.cpp).
  const std::vector<uint8_t> *Initial = nullptr;
};

/// The global address space: buffers with bounds and alignment checks.
class Memory {
public:
  /// Allocates a region (256-byte aligned) and returns its base address.
  uint64_t allocate(llvm::StringRef Name, std::vector<uint8_t> Data,
                    ir::Type ElemTy);
  /// Places a region at a fixed base (module variables).
  void place(llvm::StringRef Name, uint64_t Base, std::vector<uint8_t> Data);
  /// The region containing [Addr, Addr+Size), or null.
  Region *find(uint64_t Addr, uint64_t Size);
  /// The region nearest \p Addr (for error messages), or null.
  const Region *nearest(uint64_t Addr) const;
  const Region *byName(llvm::StringRef Name) const;
  std::vector<Region> &regions() { return Regions; }
  uint64_t totalBytes() const { return Total; }

private:
  std::vector<Region> Regions;
  uint64_t Next = 0;
  uint64_t Total = 0;
};

enum class SchedPolicy { Converged, Lockstep, Random };

struct RunOptions {
  SchedPolicy Sched = SchedPolicy::Converged;
  uint64_t Seed = 0;
  /// Warp instructions over the whole launch (counted in CTA order).
  uint64_t MaxSteps = 100000000;
  /// Threads that run CTAs at once; 0: one per core. The outcome is the one
  /// of running the CTAs in order (RunGrid.cpp, README "ptx-run").
  unsigned Jobs = 1;
  /// Bytes of shared + local + register state the launch may allocate.
  uint64_t MemoryLimit = 1ull << 30;
  llvm::raw_ostream *Trace = nullptr;
  /// Where device printf (vprintf) writes; null discards it.
  llvm::raw_ostream *PrintfOut = nullptr;
  /// When set, receives the registers of CTA FinalRegistersCta after it ran:
  /// for warp w, register r, lane l the value at [(w * NumRegs + r) * 32 + l].
  std::vector<uint64_t> *FinalRegisters = nullptr;
  /// The CTA (%ctaid x, y, z) whose registers FinalRegisters receives.
  unsigned FinalRegistersCta[3] = {0, 0, 0};
  /// Lanes holding an undefined value, at [w * NumRegs + r].
  std::vector<uint32_t> *FinalUndefined = nullptr;
};

struct Launch {
  unsigned Grid[3] = {1, 1, 1};
  unsigned Block[3] = {32, 1, 1};
  uint64_t DynamicSharedBytes = 0;
  /// The kernel parameter block, laid out as ir::Function::Params says.
  std::vector<uint8_t> ParamBlock;
};

struct RunStats {
  uint64_t WarpInstructions = 0;
  uint64_t LaneInstructions = 0;
  /// Of WarpInstructions, the warp-sync instructions (shfl, vote, match,
  /// redux, elect, bar.warp.sync) the converged policy ran on its fast path
  /// (lib/Interp/WarpFast.h) rather than lane by lane.
  uint64_t FastWarpOps = 0;
  /// Parallel launches (RunOptions::Jobs) whose parallel attempt stopped and
  /// that ran again in CTA order (a runtime error or the step limit; README,
  /// "ptx-run", --jobs), which costs up to twice the time.
  uint64_t RunsAgainInOrder = 0;

  /// Field by field: the sum of two runs' counts (CTAs run apart are summed
  /// this way, lib/Interp/RunGrid.cpp), and what a run added to \p Before.
  RunStats &operator+=(const RunStats &O) {
    WarpInstructions += O.WarpInstructions;
    LaneInstructions += O.LaneInstructions;
    FastWarpOps += O.FastWarpOps;
    RunsAgainInOrder += O.RunsAgainInOrder;
    return *this;
  }
  RunStats since(const RunStats &Before) const {
    RunStats D;
    D.WarpInstructions = WarpInstructions - Before.WarpInstructions;
    D.LaneInstructions = LaneInstructions - Before.LaneInstructions;
    D.FastWarpOps = FastWarpOps - Before.FastWarpOps;
    D.RunsAgainInOrder = RunsAgainInOrder - Before.RunsAgainInOrder;
    return D;
  }
};

/// Runs \p F. Returns true when the launch completed without a runtime
/// error; errors are reported to \p Diags (whose SourceMgr must hold the
/// buffer the IR's locations point into).
bool run(const ir::Function &F, const Launch &L, Memory &Mem,
         const RunOptions &Opts, DiagnosticEngine &Diags, RunStats &Stats);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_INTERPRETER_H
