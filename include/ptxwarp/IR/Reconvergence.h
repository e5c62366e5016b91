//===- Reconvergence.h - Reconvergence points of an IR function -*- C++ -*-===//
//
// The immediate post-dominator of every branch, which the lockstep
// (pre-Volta IPDOM stack) policy reconverges at. Needs only the IR: the
// lowering calls it on every function it builds, and code that writes IR by
// hand (IRBuilder.h) calls it on its own.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_RECONVERGENCE_H
#define PTXWARP_IR_RECONVERGENCE_H

#include "ptxwarp/IR/IR.h"

namespace ptxwarp {
namespace ir {

/// Fills Inst::Reconverge of every branch with its immediate post-dominator
/// (an index one past the end stands for the function exit).
void computeReconvergence(Function &F);

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_RECONVERGENCE_H
