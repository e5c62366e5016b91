//===- Vocabulary.cpp - Modifier words and special registers --------------===//
//
// The modifier vocabulary (for "Illegal" vs "Unknown modifier") and the
// special registers of PTX ISA 9.0 chapter 10 with their types.
//
//===----------------------------------------------------------------------===//

#include "InstrTableImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace isa {

// Modifiers ptxas knows on some instruction (subset of PTX ISA 9.0 chapter 9
// that matters for choosing between "Illegal modifier" and "Unknown
// modifier"; both are errors).
static const char *const KnownModifiers[] = {
    "sync",    "aligned", "all",     "any",     "uni",      "ballot",
    "up",      "down",    "bfly",    "idx",     "add",      "min",
    "max",     "and",     "or",      "xor",     "abs",      "NaN",
    "cta",     "gpu",     "sys",     "cluster", "warp",     "relaxed",
    "acquire", "release", "acq_rel", "sc",      "volatile", "shared",
    "global",  "local",   "const",   "param",   "generic",  "wide",
    "hi",      "lo",      "rn",      "rz",      "rm",       "rp",
    "rni",     "rzi",     "rmi",     "rpi",     "ftz",      "sat",
    "approx",  "full",    "uni",     "arrive",  "red",      "popc",
    "cc",      "to",      "nc",      "v2",      "v4",       "v8",
    "x1",      "x2",      "x4"};

std::optional<SpaceGate> stateSpaceGate(StringRef Q) {
  // Probed with ptxas 13.0 on ld: "Feature '::cta' requires PTX ISA
  // .version 7.8 or later", '::cluster' also "requires .target sm_90 or
  // higher", '::entry' and '::func' 8.3 (PTX ISA 5.1.5.1, 5.1.6.4).
  return StringSwitch<std::optional<SpaceGate>>(Q)
      .Case("shared::cta", SpaceGate{"::cta", PtxVersion(7, 8), 0})
      .Case("shared::cluster", SpaceGate{"::cluster", PtxVersion(7, 8), 90})
      .Case("param::entry", SpaceGate{"::entry", PtxVersion(8, 3), 0})
      .Case("param::func", SpaceGate{"::func", PtxVersion(8, 3), 0})
      .Default(std::nullopt);
}

bool isKnownModifier(StringRef Q) {
  static const StringSet<> Set = [] {
    StringSet<> S;
    for (const char *M : KnownModifiers)
      S.insert(M);
    return S;
  }();
  return Set.count(Q) != 0;
}

bool isMatrixShape(StringRef Q) {
  // m<rows>n<columns>, optionally k<depth>.
  auto Number = [&](char Tag) {
    if (!Q.consume_front(StringRef(&Tag, 1)))
      return false;
    size_t Digits = Q.find_if_not([](char C) { return isDigit(C); });
    if (Digits == 0)
      return false;
    Q = Q.drop_front(std::min(Digits, Q.size()));
    return true;
  };
  return Number('m') && Number('n') &&
         (Q.empty() || (Number('k') && Q.empty()));
}

bool isComparisonQualifier(StringRef Q) {
  return parseMode<CmpOp>(Q).has_value();
}

// PTX ISA 9.0 chapter 10, "Special Registers". The second column is what
// the interpreter reads for it (an ir::SReg by name; empty: not executed).
// The sm_20 gates of %lanemask_* and %clock64 are the ISA's "Target ISA
// notes", as ptxas 13.0 enforces them.
static const SpecialReg SpecialRegs[] = {
    {"%tid", "Tid", PtxType::U32, true, 0, LaneVariance::WarpAligned, 0, true},
    {"%ntid", "NTid", PtxType::U32, true, 0, LaneVariance::Uniform, 0, true},
    {"%laneid", "LaneId", PtxType::U32, false, 0, LaneVariance::Lane},
    {"%warpid", "WarpId", PtxType::U32, false},
    {"%nwarpid", "NWarpId", PtxType::U32, false},
    {"%ctaid", "CtaId", PtxType::U32, true, 0, LaneVariance::Uniform, 0, true},
    {"%nctaid", "NCtaId", PtxType::U32, true, 0, LaneVariance::Uniform, 0,
     true},
    {"%smid", "SmId", PtxType::U32, false},
    {"%nsmid", "NSmId", PtxType::U32, false},
    {"%gridid", "GridId", PtxType::U64, false},
    {"%is_explicit_cluster", "", PtxType::Pred, false},
    {"%clusterid", "", PtxType::U32, true},
    {"%nclusterid", "", PtxType::U32, true},
    {"%cluster_ctaid", "", PtxType::U32, true},
    {"%cluster_nctaid", "", PtxType::U32, true},
    {"%cluster_ctarank", "", PtxType::U32, false},
    {"%cluster_nctarank", "", PtxType::U32, false},
    {"%lanemask_eq", "LaneMaskEq", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_le", "LaneMaskLe", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_lt", "LaneMaskLt", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_ge", "LaneMaskGe", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_gt", "LaneMaskGt", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%clock", "Clock", PtxType::U32, false},
    {"%clock_hi", "", PtxType::U32, false},
    {"%clock64", "Clock64", PtxType::U64, false, 0, LaneVariance::Uniform, 20},
    {"%pm", "", PtxType::U32, false, 8},
    {"%envreg", "", PtxType::B32, false, 32},
    {"%globaltimer", "GlobalTimer", PtxType::U64, false},
    {"%globaltimer_lo", "", PtxType::U32, false},
    {"%globaltimer_hi", "", PtxType::U32, false},
    {"%reserved_smem_offset_begin", "Zero", PtxType::B32, false},
    {"%reserved_smem_offset_end", "Zero", PtxType::B32, false},
    {"%reserved_smem_offset_cap", "Zero", PtxType::B32, false},
    {"%reserved_smem_offset_", "Zero", PtxType::B32, false, 2},
    {"%total_smem_size", "TotalSmemSize", PtxType::U32, false},
    {"%aggr_smem_size", "", PtxType::U32, false},
    {"%dynamic_smem_size", "DynamicSmemSize", PtxType::U32, false},
    {"%current_graph_exec", "", PtxType::U64, false},
};

ArrayRef<SpecialReg> allSpecialRegs() { return SpecialRegs; }

const SpecialReg *findSpecialReg(StringRef Name) {
  for (const SpecialReg &R : SpecialRegs) {
    if (R.Name == Name)
      return &R;
    if (R.IndexCount && Name.startswith(R.Name)) {
      StringRef Rest = Name.drop_front(R.Name.size());
      if (Rest.endswith("_64")) // %pm0_64
        Rest = Rest.drop_back(3);
      unsigned N;
      // ptxas knows only the listed indices: %pm8 is an unknown symbol.
      if (!Rest.empty() && !Rest.getAsInteger(10, N) && N < R.IndexCount)
        return &R;
    }
  }
  return nullptr;
}

bool isVectorSelector(StringRef Sel) {
  return Sel.size() == 1 && StringRef("xyzwrgba").contains(Sel[0]);
}

} // namespace isa
} // namespace ptxwarp
