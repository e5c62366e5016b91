//===- LowerAsync.h - Lowering cp.async, cp.async.bulk and mbarrier -------===//
//
// Private to lib/Lower: Lower.cpp hands these instructions over with its
// operand decoders.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_LOWER_LOWERASYNC_H
#define PTXWARP_LIB_LOWER_LOWERASYNC_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

#include <optional>

namespace ptxwarp {
namespace ir {

struct AsyncLowering {
  const Function &F;
  llvm::function_ref<std::optional<Operand>(const ast::Operand *)> Dest;
  llvm::function_ref<std::optional<Operand>(const ast::Operand *, Type)> Source;
  llvm::function_ref<std::optional<Operand>(const ast::Operand *, Space)>
      Address;
  /// Reports that the instruction cannot be executed, and why.
  llvm::function_ref<void(const llvm::Twine &)> Refuse;
};

/// Fills \p In for a `cp` (Exec = AsyncCopy) or `mbarrier` instruction;
/// false when an error was reported.
bool lowerAsync(const ast::InstructionStmt &I, Opcode Exec, Inst &In,
                const AsyncLowering &L);

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_LIB_LOWER_LOWERASYNC_H
