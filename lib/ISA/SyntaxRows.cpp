//===- SyntaxRows.cpp - The generated syntax rows and their lookup --------===//

#include "ptxwarp/ISA/SyntaxRows.h"
#include "InstrTableImpl.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <vector>

namespace ptxwarp {
namespace isa {

#include "ptxwarp/ISA/Generated/SyntaxRows.inc"

llvm::ArrayRef<SyntaxRow> syntaxRowsOf(OpcodeRef Opcode) {
  // The rows are sorted by opcode: each opcode's rows are one slice, found
  // by its opcode row's index (the checker asks once or more per
  // instruction), or by one hash lookup for an opcode without a row.
  using Slice = std::pair<size_t, size_t>;
  struct Tables {
    std::vector<Slice> ByRow;
    llvm::StringMap<Slice> Others;
  };
  static const Tables T = [] {
    Tables T;
    T.ByRow.assign(opcodeRows().size(), Slice(0, 0));
    llvm::ArrayRef<SyntaxRow> All = allSyntaxRows();
    assert(std::is_sorted(All.begin(), All.end(),
                          [](const SyntaxRow &A, const SyntaxRow &B) {
                            return A.Opcode < B.Opcode;
                          }) &&
           "the generated rows are sorted by opcode");
    for (size_t I = 0; I != All.size(); ++I) {
      int K = opcodeIndex(All[I].Opcode);
      Slice &S = K >= 0 ? T.ByRow[K] : T.Others[All[I].Opcode];
      if (S.second == 0)
        S.first = I;
      ++S.second;
    }
    return T;
  }();
  const Slice *S = nullptr;
  if (Opcode.known()) {
    S = &T.ByRow[Opcode.row()];
  } else {
    auto It = T.Others.find(Opcode.name());
    if (It == T.Others.end())
      return {};
    S = &It->second;
  }
  if (S->second == 0)
    return {};
  return allSyntaxRows().slice(S->first, S->second);
}

const OperandList *operandsOf(llvm::StringRef Opcode) {
  return opcodeOperands(Opcode);
}

} // namespace isa
} // namespace ptxwarp
