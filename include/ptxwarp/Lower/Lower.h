//===- Lower.h - From the checked AST to the interpreter's IR -------------===//
//
// Lowers one `.entry` of a module (inlining every `.func` it calls) into an
// ir::Function. Everything the interpreter cannot execute is reported here,
// located, as `unsupported-instruction`, so running the IR
// never meets an instruction it does not know.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LOWER_LOWER_H
#define PTXWARP_LOWER_LOWER_H

#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <vector>

namespace ptxwarp {
class DiagnosticEngine;
namespace ast {
class Module;
} // namespace ast

namespace ir {

/// The names of the module's `.entry` definitions, in order.
std::vector<std::string> entryNames(const ast::Module &M);

/// Lowers entry \p Entry. Returns null after reporting to \p Diags when the
/// entry does not exist or cannot be lowered.
std::unique_ptr<Function> lowerEntry(const ast::Module &M,
                                     llvm::StringRef Entry,
                                     DiagnosticEngine &Diags);

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_LOWER_LOWER_H
