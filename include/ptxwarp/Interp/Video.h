//===- Video.h - Per-lane semantics of the video and dp4a/dp2a instrs -----===//
//
// Pure functions of the sources, tested on their own (unittests/Interp/
// VideoTest.cpp) and called by the interpreter for every lane. PTX ISA
// 9.7.18 (video instructions), 9.7.1.23 (dp4a), 9.7.1.24 (dp2a).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_VIDEO_H
#define PTXWARP_INTERP_VIDEO_H

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/IR/VideoModes.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// The opcodes evalVideo computes (VAdd..VSet4, Dp4a, Dp2a).
bool isVideoOpcode(ir::Opcode Op);

/// d of video or dot-product instruction \p Op with modes \p M for one
/// lane; \p C is ignored by the forms without a c operand.
uint32_t evalVideo(ir::Opcode Op, const ir::VideoModes &M, uint32_t A,
                   uint32_t B, uint32_t C);

/// The same for a lowered instruction (its Op and Modes).
inline uint32_t evalVideo(const ir::Inst &I, uint32_t A, uint32_t B,
                          uint32_t C) {
  return evalVideo(I.Op, ir::VideoModes::unpack(I.Modes), A, B, C);
}

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_VIDEO_H
