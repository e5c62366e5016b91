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

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/Interp/WarpOps.h"

#include <cstdint>
#include <string>

namespace ptxwarp {
namespace interp {

using ir::MaxCollectiveOperands;

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
  /// Undefined behaviour the sources cause (e.g. mma.sp metadata the PTX ISA
  /// leaves undefined): the lanes whose operands cause it and what it is.
  /// When UBLanes is not zero the scheduler reports it (ub-matrix-operand)
  /// and stops, and the destinations are not written.
  LaneMask UBLanes = 0;
  std::string UB;
};

/// The semantics of one collective family (see the file comment).
using CollectiveFn = void (*)(const CollectiveIn &In, CollectiveOut &Out);

/// The semantics functions the table names (lib/ISA/td), each defined in
/// lib/Interp (the matrix ones in MatrixOps.cpp).
#define COLLECTIVE(Name, Function, Value)                                      \
  void Function(const CollectiveIn &In, CollectiveOut &Out);
#include "ptxwarp/ISA/Generated/SemanticOps.def"

/// The function the table names for the form whose SemanticOp has value
/// \p Op (ir::Inst::Sub of a Collective), or null.
CollectiveFn collectiveFunction(unsigned Op);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_COLLECTIVE_H
