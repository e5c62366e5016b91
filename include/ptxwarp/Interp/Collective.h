//===- Collective.h - One signature for table-driven warp semantics -------===//
//
// A warp-collective instruction family described only by the instruction
// table (lib/ISA/*.td) runs through one generic path: the lowering puts its
// operands in the order of the form's operand slots, the scheduler waits until
// the lanes the contract names have arrived, and then calls the family's
// semantics function, which the table names. Every such function has this
// one signature, so adding a family takes the table entry and the function,
// and no dispatch code anywhere.
//
// The function sees the lanes that execute together (WarpStep), each source
// operand as 32 lanes of 64-bit values (zero-extended register contents, in
// the order of the form's source slots; the membermask is not among them)
// with the lanes whose value is undefined, and fills each destination
// operand's 32 lanes and the lanes whose result is undefined.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_COLLECTIVE_H
#define PTXWARP_INTERP_COLLECTIVE_H

#include "ptxwarp/Interp/WarpOps.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// Most operands a collective form has on either side.
constexpr unsigned MaxCollectiveOperands = 8;

struct CollectiveIn {
  /// Who executes (Active), who has exited, the membermask per lane (for a
  /// form without a membermask operand: the lanes of the warp it requires).
  WarpStep S;
  unsigned NumSrc = 0;
  std::array<LaneArray<uint64_t>, MaxCollectiveOperands> Src{};
  std::array<LaneMask, MaxCollectiveOperands> SrcUndef{};
};

struct CollectiveOut {
  unsigned NumDst = 0;
  std::array<LaneArray<uint64_t>, MaxCollectiveOperands> Dst{};
  std::array<LaneMask, MaxCollectiveOperands> DstUndef{};
};

/// The semantics of one collective family (see the file comment).
using CollectiveFn = void (*)(const CollectiveIn &In, CollectiveOut &Out);

/// The function the table names for collective \p Id (an index into the
/// generated list of collectives).
CollectiveFn collectiveFunction(unsigned Id);

// TODO(generated): declared by the collective list
/// movmatrix.sync.aligned.m8n8.trans.b16 d, a (lib/Interp/MatrixOps.cpp).
void movmatrixTrans(const CollectiveIn &In, CollectiveOut &Out);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_COLLECTIVE_H
