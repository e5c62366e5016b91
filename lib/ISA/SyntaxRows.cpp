//===- SyntaxRows.cpp - The generated syntax rows and their lookup --------===//

#include "ptxwarp/ISA/SyntaxRows.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cassert>
#include <iterator>

namespace ptxwarp {
namespace isa {

#include "ptxwarp/ISA/Generated/SyntaxRows.inc"

llvm::ArrayRef<SyntaxRow> syntaxRowsOf(llvm::StringRef Opcode) {
  // The rows are sorted by opcode: each opcode's rows are one slice, found
  // by one hash lookup (the checker asks once or more per instruction).
  static const llvm::StringMap<std::pair<size_t, size_t>> Slices = [] {
    llvm::StringMap<std::pair<size_t, size_t>> M;
    llvm::ArrayRef<SyntaxRow> All = allSyntaxRows();
    assert(std::is_sorted(All.begin(), All.end(),
                          [](const SyntaxRow &A, const SyntaxRow &B) {
                            return A.Opcode < B.Opcode;
                          }) &&
           "the generated rows are sorted by opcode");
    for (size_t I = 0; I != All.size(); ++I) {
      auto [It, New] = M.try_emplace(All[I].Opcode, I, 0);
      (void)New;
      ++It->second.second;
    }
    return M;
  }();
  auto It = Slices.find(Opcode);
  if (It == Slices.end())
    return {};
  return allSyntaxRows().slice(It->second.first, It->second.second);
}

const OperandList *operandsOf(llvm::StringRef Opcode) {
  return opcodeOperands(Opcode);
}

} // namespace isa
} // namespace ptxwarp
