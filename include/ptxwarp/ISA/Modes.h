//===- Modes.h - Qualifier word sets: enums, spellings, parsers -*- C++ -*-===//
//
// Each set of mutually exclusive qualifier words (comparison operators,
// rounding modes, atomic operations, warp modes...) is listed once, in
// ISA/Modes/<Set>.def. This header makes from each list its enum, the word of
// each enumerator (modeSpelling), the enumerator of a word (parseMode) and
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

// Each set: MODE_SET_NAME and MODE_SET_FILE, then ModeSet.inc declares it.

/// The comparison of setp/set.
#define MODE_SET_NAME CmpOp
#define MODE_SET_FILE "ptxwarp/ISA/Modes/CmpOp.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// How setp/set combine with a predicate (None: not at all).
#define MODE_SET_NAME BoolOp
#define MODE_SET_FILE "ptxwarp/ISA/Modes/BoolOp.def"
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The rounding modifier (None: none written).
#define MODE_SET_NAME Rounding
#define MODE_SET_FILE "ptxwarp/ISA/Modes/Rounding.def"
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The operation of atom/red.
#define MODE_SET_NAME AtomOp
#define MODE_SET_FILE "ptxwarp/ISA/Modes/AtomOp.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The mode of shfl.sync.
#define MODE_SET_NAME ShflMode
#define MODE_SET_FILE "ptxwarp/ISA/Modes/ShflMode.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The mode of vote.sync.
#define MODE_SET_NAME VoteMode
#define MODE_SET_FILE "ptxwarp/ISA/Modes/VoteMode.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The mode of match.sync.
#define MODE_SET_NAME MatchMode
#define MODE_SET_FILE "ptxwarp/ISA/Modes/MatchMode.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The operation of redux.sync.
#define MODE_SET_NAME ReduxOp
#define MODE_SET_FILE "ptxwarp/ISA/Modes/ReduxOp.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The mode of prmt (Default: none written, the byte selectors).
#define MODE_SET_NAME PrmtMode
#define MODE_SET_FILE "ptxwarp/ISA/Modes/PrmtMode.def"
#include "ptxwarp/ISA/Modes/ModeSet.inc"

/// The class testp tests for.
#define MODE_SET_NAME TestpClass
#define MODE_SET_FILE "ptxwarp/ISA/Modes/TestpClass.def"
#define MODE_SET_WORD_LIST
#include "ptxwarp/ISA/Modes/ModeSet.inc"

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_ISA_MODES_H
