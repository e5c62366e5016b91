//===- SyntaxRows.h - The general instructions' forms, as the ISA writes them
//===//
//
// Every instruction that is not warp-level (add, ld, cvt, atom, ...) has
// rows in lib/ISA/td/Forms/*.td written as the PTX ISA writes its syntax:
// `add{.rnd}{.ftz}{.sat}.f32`. Each row is the opcode and its elements: one
// word of a set (`.rnd`), or a literal word, each required or optional. The
// checker (lib/Sema/SyntaxRows.cpp) matches an instruction's qualifier words
// against an opcode's rows the way ptxas 13.0 does: type words in order,
// every other word in any order.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_ISA_SYNTAXROWS_H
#define PTXWARP_ISA_SYNTAXROWS_H

#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace ptxwarp {
namespace isa {

/// What a qualifier word is, by the table's global sets "types",
/// "roundings" and "spaces" (lib/ISA/td/Forms/Words.td).
enum class WordKind : uint8_t { Type, Rounding, Space, Other };
WordKind wordKindOf(llvm::StringRef Word);
/// ptxas's message for \p Word when the instruction's rows take it but not
/// with the types written ({word}, {type}, {instr}); empty: none of its own.
llvm::StringRef typeMismatchMessage(llvm::StringRef Word);

/// One element of a row: the words it takes (a comma list), the name it is
/// written with (`rnd`, or the word itself), and whether it may be left out.
struct SyntaxElem {
  llvm::StringRef Words;
  llvm::StringRef Name;
  WordKind Kind;
  bool Optional;
  /// ptxas's message for two different words of the element ({a}, {b});
  /// empty: the general "cannot be combined" one.
  llvm::StringRef Multiple;
  /// ptxas's message for one word written twice ({a}); empty: tolerated.
  llvm::StringRef Repeated;
};

/// ptxas's message when a required element is missing from the row meant.
struct MissingMessage {
  llvm::StringRef Element;
  llvm::StringRef Message; ///< {instr}: the instruction's name
};

/// One form of a general instruction.
struct SyntaxRow {
  llvm::StringRef Opcode;
  const SyntaxElem *ElemData;
  unsigned NumElems;
  Gate G;
  int MinOperands, MaxOperands; ///< -1: the opcode's range
  llvm::StringRef Pattern;      ///< as written in the table
  llvm::ArrayRef<MissingMessage> Missing;

  llvm::ArrayRef<SyntaxElem> elems() const { return {ElemData, NumElems}; }
};

/// Every row, grouped by opcode in table order.
llvm::ArrayRef<SyntaxRow> allSyntaxRows();
/// The rows of \p Opcode (empty when the opcode has none yet).
llvm::ArrayRef<SyntaxRow> syntaxRowsOf(llvm::StringRef Opcode);

} // namespace isa
} // namespace ptxwarp

#endif
