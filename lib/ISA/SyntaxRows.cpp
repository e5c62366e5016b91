//===- SyntaxRows.cpp - The generated syntax rows and their lookup --------===//

#include "ptxwarp/ISA/SyntaxRows.h"

#include <algorithm>
#include <iterator>

namespace ptxwarp {
namespace isa {

#include "ptxwarp/ISA/Generated/SyntaxRows.inc"

llvm::ArrayRef<SyntaxRow> syntaxRowsOf(llvm::StringRef Opcode) {
  llvm::ArrayRef<SyntaxRow> All = allSyntaxRows();
  auto [Lo, Hi] = std::equal_range(
      All.begin(), All.end(), Opcode, [](const auto &A, const auto &B) {
        auto Key = [](const auto &X) -> llvm::StringRef {
          if constexpr (std::is_same_v<std::decay_t<decltype(X)>, SyntaxRow>)
            return X.Opcode;
          else
            return X;
        };
        return Key(A) < Key(B);
      });
  return All.slice(Lo - All.begin(), Hi - Lo);
}

const OperandList *operandsOf(llvm::StringRef Opcode) {
  return opcodeOperands(Opcode);
}

} // namespace isa
} // namespace ptxwarp
