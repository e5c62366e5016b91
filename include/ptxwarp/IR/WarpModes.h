//===- WarpModes.h - Sub-operations of the warp-level IR instructions -----===//
//
// The modes of shfl.sync, vote.sync, match.sync and redux.sync as the IR
// carries them (Inst::Sub, Inst::Sub2). The lowering writes them and the
// interpreter's warp semantics (Interp/WarpOps.h) read them, so they live
// here, below both (PTX ISA sections 9.7.9.6 "shfl.sync", 9.7.13.10
// "match.sync", and the "vote.sync" and "redux.sync" sections).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_WARPMODES_H
#define PTXWARP_IR_WARPMODES_H

#include "ptxwarp/ISA/Modes.h"

#include <cstdint>

namespace ptxwarp {
namespace ir {

// Listed once, in lib/ISA/td/ModeSets.td, with their qualifier words.
using isa::MatchMode;
using isa::ReduxOp;
using isa::ShflMode;
using isa::VoteMode;
enum class ReduxType : uint8_t { U32, S32, B32, F32 };

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_WARPMODES_H
