//===- DefiniteWrites.h - Registers a thread may read before writing -*- C++
//-*-===//
//
// A forward "definitely written" analysis over the instruction CFG: a
// register is written on every path from the entry to an instruction when
// every path passes an unguarded instruction that writes all of it. The
// interpreter uses it to start each CTA cheaply: a register every thread
// writes before it reads it needs no reset between CTAs, since no thread
// can see what it held before (a lane that reads another lane's register --
// shfl from a lane that did not take part -- gets a value marked undefined,
// whatever it is).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_DEFINITEWRITES_H
#define PTXWARP_IR_DEFINITEWRITES_H

#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"

namespace ptxwarp {
namespace ir {

/// The registers \p I writes completely in every lane it executes in
/// (before any guard is applied). Conservative: an opcode whose
/// destinations are not listed here writes nothing as far as the analysis
/// is concerned, which can only make more registers "maybe read first".
void fullWrites(const Inst &I, llvm::SmallVectorImpl<unsigned> &Regs);

/// The registers some thread of \p F may read before writing them, on some
/// path from the entry (bit R for F.Regs[R]). Every register when the
/// analysis would need more than MaxSetBits bits (instructions x registers).
llvm::BitVector registersMaybeReadFirst(const Function &F);
constexpr uint64_t MaxSetBits = uint64_t(1) << 27; // 16 MiB of sets

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_DEFINITEWRITES_H
