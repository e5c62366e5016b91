//===- FunctionCFG.h - A function body as basic blocks -------------------===//
//
// The control-flow graph the function-level analyses of the checker share:
// the divergence lint (Divergence.cpp) and the constant propagation
// (ConstProp.cpp). The body is flattened (nested blocks inlined), split into
// basic blocks at labels and after every control transfer, and linked by the
// table's ControlFlow of each opcode. Private to lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_FUNCTIONCFG_H
#define PTXWARP_LIB_SEMA_FUNCTIONCFG_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Support/PostDominators.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <vector>

namespace ptxwarp {
namespace sema {

constexpr unsigned NoBlock = NoPostDominator;

struct BasicBlock {
  unsigned Begin = 0, End = 0; ///< [Begin, End) into FunctionCFG::Insts
  llvm::SmallVector<unsigned, 2> Succs;
  llvm::SmallVector<unsigned, 2> Preds;
  bool ExitsFunction = false; ///< has an edge to the virtual exit
};

struct FunctionCFG {
  std::vector<const ast::InstructionStmt *> Insts;
  llvm::StringMap<unsigned> LabelAt; ///< label -> index of the next instruction
  std::vector<BasicBlock> Blocks;
  std::vector<unsigned> BlockOf; ///< instruction -> block

  /// Builds the graph of \p Body. False (and the graph unusable) for an
  /// empty body, an indirect branch, or a branch to an unknown label (the
  /// checker reports those).
  bool build(const ast::BlockStmt &Body);

private:
  bool flatten(llvm::ArrayRef<const ast::Stmt *> Body);
  bool buildBlocks();
};

/// The registers an instruction writes: its first operand when that is a
/// name, both halves of `d|p`, the elements of `{a, b}` or of a call's
/// return list.
void destinations(const ast::InstructionStmt &I,
                  llvm::SmallVectorImpl<llvm::StringRef> &Out);

/// A direct call: `call{.uni} [(rets),] f[, (args)];`.
struct CallSite {
  llvm::StringRef Callee;
  const ast::ListOperand *Args = nullptr; ///< null without an argument list
};
/// The call \p I makes, when it is a call (the table's Inlined flag) to a
/// named function.
std::optional<CallSite> callSiteOf(const ast::InstructionStmt &I);

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_LIB_SEMA_FUNCTIONCFG_H
