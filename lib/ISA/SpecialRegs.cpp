//===- SpecialRegs.cpp - The special registers ---------------------------===//
//
// The special registers of PTX ISA 9.0 chapter 10 with their types.
//
//===----------------------------------------------------------------------===//

#include "InstrTableImpl.h"

#include "llvm/ADT/StringMap.h"

#include <bitset>
#include <cassert>

#include <vector>

using namespace llvm;

namespace ptxwarp {
namespace isa {

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

/// The second and third characters of \p Name (at least three long).
static unsigned secondThird(StringRef Name) {
  assert(Name.size() >= 3 && "special register names are longer");
  return unsigned(uint8_t(Name[1])) << 8 | unsigned(uint8_t(Name[2]));
}

const SpecialReg *findSpecialReg(StringRef Name) {
  // Every operand name comes here: plain registers by one hash lookup, then
  // the indexed families (%pm0..7, %envreg0..31, ...) by prefix.
  static const StringMap<const SpecialReg *> Plain = [] {
    StringMap<const SpecialReg *> M;
    for (const SpecialReg &R : SpecialRegs)
      if (!R.IndexCount)
        M[R.Name] = &R;
    return M;
  }();
  static const std::vector<const SpecialReg *> Indexed = [] {
    std::vector<const SpecialReg *> V;
    for (const SpecialReg &R : SpecialRegs)
      if (R.IndexCount)
        V.push_back(&R);
    return V;
  }();
  // Most names are the module's own registers (%r12, %rd3, %p1): the first
  // three characters of every special register name reject them without
  // hashing (both lookups below need Name to start with a special name).
  static const std::bitset<65536> Starts = [] {
    std::bitset<65536> B;
    for (const SpecialReg &R : SpecialRegs) {
      assert(R.Name.front() == '%' && "special registers start with %");
      B.set(secondThird(R.Name));
    }
    return B;
  }();
  if (Name.size() >= 3 && (Name[0] != '%' || !Starts.test(secondThird(Name))))
    return nullptr;
  if (const SpecialReg *R = Plain.lookup(Name))
    return R;
  for (const SpecialReg *RP : Indexed) {
    const SpecialReg &R = *RP;
    if (Name.startswith(R.Name)) {
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
