//===- Modes.h - Qualifier word sets: enums, spellings, parsers -*- C++ -*-===//
//
// Each set of mutually exclusive qualifier words (comparison operators,
// rounding modes, atomic operations, warp modes...) is listed once, in
// ISA/Modes/<Set>.def. This header makes from each list its enum, the word of
// each enumerator (modeSpelling) and the enumerator of a word (parseMode), so
// the checker, the lowering, the IR printer and the interpreter all read the
// one list.
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

/// The qualifier word of \p V ("" for a None enumerator).
template <typename E> llvm::StringRef modeSpelling(E V) {
  llvm::ArrayRef<llvm::StringRef> S = modeSpellings<E>();
  return unsigned(V) < S.size() ? S[unsigned(V)] : llvm::StringRef();
}

/// The words of mode set \p E as a comma list, for the instruction table's
/// qualifier groups ("up,down,bfly,idx"); sets without a None enumerator.
template <typename E> llvm::StringRef modeWordList();

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

/// The comparison of setp/set (ISA/Modes/CmpOp.def).
enum class CmpOp : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/CmpOp.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<CmpOp>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/CmpOp.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<CmpOp>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/CmpOp.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

/// The how setp/set combine with a predicate (None: not at all)
/// (ISA/Modes/BoolOp.def).
enum class BoolOp : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/BoolOp.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<BoolOp>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/BoolOp.def"
  };
  return Words;
}

/// The rounding modifier (None: none written) (ISA/Modes/Rounding.def).
enum class Rounding : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/Rounding.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<Rounding>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/Rounding.def"
  };
  return Words;
}

/// The operation of atom/red (ISA/Modes/AtomOp.def).
enum class AtomOp : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/AtomOp.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<AtomOp>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/AtomOp.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<AtomOp>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/AtomOp.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

/// The mode of shfl.sync (ISA/Modes/ShflMode.def).
enum class ShflMode : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/ShflMode.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<ShflMode>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/ShflMode.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<ShflMode>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/ShflMode.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

/// The mode of vote.sync (ISA/Modes/VoteMode.def).
enum class VoteMode : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/VoteMode.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<VoteMode>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/VoteMode.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<VoteMode>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/VoteMode.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

/// The mode of match.sync (ISA/Modes/MatchMode.def).
enum class MatchMode : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/MatchMode.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<MatchMode>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/MatchMode.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<MatchMode>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/MatchMode.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

/// The operation of redux.sync (ISA/Modes/ReduxOp.def).
enum class ReduxOp : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/ReduxOp.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<ReduxOp>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/ReduxOp.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<ReduxOp>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/ReduxOp.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

/// The class testp tests for (ISA/Modes/TestpClass.def).
enum class TestpClass : uint8_t {
#define MODE(Name, Spelling) Name,
#include "ptxwarp/ISA/Modes/TestpClass.def"
};
template <> inline llvm::ArrayRef<llvm::StringRef> modeSpellings<TestpClass>() {
  static constexpr llvm::StringRef Words[] = {
#define MODE(Name, Spelling) Spelling,
#include "ptxwarp/ISA/Modes/TestpClass.def"
  };
  return Words;
}
template <> inline llvm::StringRef modeWordList<TestpClass>() {
  static constexpr char Words[] =
#define MODE(Name, Spelling) Spelling ","
#include "ptxwarp/ISA/Modes/TestpClass.def"
      ;
  return llvm::StringRef(Words, sizeof(Words) - 2); // less the last comma
}

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_ISA_MODES_H
