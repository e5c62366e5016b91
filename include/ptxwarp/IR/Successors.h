//===- Successors.h - The instruction-level CFG of an IR function -*- C++
//-*-===//
//
// Where each instruction of an IR function may go next, as one thread sees
// it (calls are inlined: a `ret` goes to its call's continuation). The
// reconvergence points and the definite-write analysis both walk this CFG.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_SUCCESSORS_H
#define PTXWARP_IR_SUCCESSORS_H

#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace ptxwarp {
namespace ir {

/// The successors of every instruction: an index of F.Insts, or
/// F.Insts.size() for the function's exit. A guarded branch, return, exit or
/// trap also falls through (the threads whose guard is false go on).
std::vector<llvm::SmallVector<unsigned, 2>> successors(const Function &F);

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_SUCCESSORS_H
