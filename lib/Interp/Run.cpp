//===- Run.cpp - The launch: global variables and the grid ----------------===//
//
// The launch's set-up (Runner::prepareLaunch): lays out the module's global
// variables and checks the launch against the memory limit. The grid is run
// by interp::run (RunGrid.cpp), CTA by CTA (Runner::runCta,
// RunSchedule.cpp). The model of execution and the files that implement it
// are described in Runner.h.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ptxwarp/IR/Layout.h"

#include <cstring>

namespace ptxwarp {
namespace interp {
namespace detail {

std::string laneList(LaneMask M) {
  std::string S = countPopulation(M) == 1 ? "lane " : "lanes ";
  bool First = true;
  while (M) {
    unsigned F = countTrailingZeros(M);
    unsigned Last = F;
    while (Last + 1 < WarpSize && hasLane(M, Last + 1))
      ++Last;
    if (!First)
      S += ", ";
    First = false;
    S += std::to_string(F);
    if (Last > F)
      S += "-" + std::to_string(Last);
    M &= Last + 1 >= WarpSize ? 0 : ~((2u << Last) - 1);
  }
  return S;
}

bool Runner::prepareLaunch(uint64_t &PerCtaState) {
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
  // Saturating: sizes near 2^64 must not wrap to a small total
  // (test/Robustness/huge-variables.test).
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
  PerCtaState = PerCta - Mem.totalBytes();
  return true;
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
