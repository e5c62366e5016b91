//===- Modes.h - Qualifier word sets: enums, spellings, parsers -*- C++ -*-===//
//
// Each set of mutually exclusive qualifier words (comparison operators,
// rounding modes, atomic operations, warp modes...) is listed once, in
// lib/ISA/td/ModeSets.td. This header makes from each list its enum, the word
// of each enumerator (modeSpelling), the enumerator of a word (parseMode) and
// the comma list the instruction table's qualifier groups hold
// (modeWordList), so the checker, the lowering, the IR printer and the
// interpreter all read the one list.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_ISA_MODES_H
#define PTXWARP_ISA_MODES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ptxwarp {
namespace isa {

/// The words of mode set \p E, indexed by enumerator.
template <typename E> llvm::ArrayRef<llvm::StringRef> modeSpellings();

/// The words of mode set \p E as a comma list, for the instruction table's
/// qualifier groups ("up,down,bfly,idx"); sets without a None enumerator.
template <typename E> llvm::StringRef modeWordList();

/// The qualifier word of \p V ("" for a None enumerator).
template <typename E> llvm::StringRef modeSpelling(E V) {
  llvm::ArrayRef<llvm::StringRef> S = modeSpellings<E>();
  return unsigned(V) < S.size() ? S[unsigned(V)] : llvm::StringRef();
}

/// The enumerator whose word is \p Word (without the dot), if any.
template <typename E> std::optional<E> parseMode(llvm::StringRef Word) {
  if (Word.empty())
    return std::nullopt;
  llvm::ArrayRef<llvm::StringRef> S = modeSpellings<E>();
  for (unsigned K = 0; K < S.size(); ++K)
    if (S[K] == Word)
      return E(K);
  return std::nullopt;
}

// Each set of lib/ISA/td/ModeSets.td, through ModeSet.inc: CmpOp, BoolOp,
// Rounding, AtomOp, ShflMode, VoteMode, MatchMode, ReduxOp, PrmtMode,
// TestpClass.
#include "ptxwarp/ISA/Generated/ModeSets.inc"

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_ISA_MODES_H
