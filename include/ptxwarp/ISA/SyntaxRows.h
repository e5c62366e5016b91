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

#include <string>

namespace ptxwarp {
namespace isa {

/// What a qualifier word is, by the table's global sets "types",
/// "roundings" and "spaces" (lib/ISA/td/Forms/Words.td).
enum class WordKind : uint8_t { Type, Rounding, Space, Other };
WordKind wordKindOf(llvm::StringRef Word);
/// ptxas's message for \p Word when the instruction's rows take it but not
/// with the types written ({word}, {type}, {instr}); empty: none of its own.
llvm::StringRef typeMismatchMessage(llvm::StringRef Word);
/// ptxas's message for \p Word where the instruction takes no such word,
/// when it names the word's kind ("Illegal modifier 'Clamp' for instruction
/// '{instr}'"); empty: the general one.
llvm::StringRef illegalWordMessage(llvm::StringRef Word);
/// ptxas's message for \p Word when no row of the instruction takes it, by
/// the global set it belongs to ("Illegal matrix shape '.{word}' for
/// instruction '{instr}'"); empty: none of its own.
llvm::StringRef untakenMessage(llvm::StringRef Word);

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
  /// ptxas's message for the same word twice; empty: tolerated.
  llvm::StringRef Repeated;
  /// Elements of one sequence take their words in the order written
  /// (mma's A and B layouts); empty: none.
  llvm::StringRef Sequence;
  /// Words ptxas takes written twice although Multiple counts a repeat as a
  /// second word (sqrt's `.approx.approx`); a comma list.
  llvm::StringRef Twice = "";
};

/// ptxas's message when a required element is missing from the row meant.
struct MissingMessage {
  llvm::StringRef Element;
  llvm::StringRef Message; ///< {instr}: the instruction's name
};

/// The operands of a row or an opcode (lib/ISA/td/Classes.td, OperandsOf),
/// as the ISA writes them ("d, [a], b?"), and as slots.
struct OperandList {
  llvm::StringRef Text;
  llvm::ArrayRef<OperandSlot> Slots;
  unsigned Required = 0; ///< the slots that are not optional
  bool empty() const { return Slots.empty(); }
};

/// A form ptxas reads but refuses: the word filling \p Element is one of
/// \p Words (an empty element: always).
struct Refusal {
  llvm::StringRef Element;
  llvm::StringRef Words;
  llvm::StringRef Message; ///< {instr}: the instruction's name
};

/// One operand of a warp-level row: a brace list of Count registers (0: a
/// scalar), each declared with one of the types of Regs (a comma list whose
/// first type is the operand's; `int`: a scalar also takes an integer
/// constant). Values: a scalar that must be one of these constants.
struct RowOperand {
  SlotRole Role;
  int Count; ///< -D: N/D registers, N the n of the shape word (mNnNkK)
  llvm::StringRef Regs;
  llvm::StringRef Values;
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
  /// Its operands: the row's own, or the opcode's (empty: not described).
  OperandList Operands;
  llvm::ArrayRef<Refusal> Refusals; ///< checked in order when the row fits
  /// ptxas's message for a negated register operand ({instr}).
  llvm::StringRef NegationMessage;
  /// vmad: sources may be negated, but not a*b and c together.
  bool NegatesProductOrAddend;
  /// The first operand is a pair `d|p`: 0 never, 1 always, 2 either.
  int PredOutput;
  /// Warp-level rows: their brace-list operands (empty: none described),
  /// whether the row computes a collective (Op) and its contract.
  llvm::ArrayRef<RowOperand> VectorOperands;
  bool HasOp = false;
  SemanticOp Op = SemanticOp::Generic;
  WarpContract Contract = WarpContract::None;
  /// Gates of single words, checked for each word written.
  llvm::ArrayRef<QualGate> WordGates;
  /// ptxas's message for a video selector on a destination that takes none
  /// in this row (empty: "Video selector is not allowed on destination").
  llvm::StringRef DestSelectorMessage;
  /// Warp-level rows: ptxas's message for a scalar or a brace list of
  /// another size ({n}: the size, {k}: the operand, {instr}); empty: mma's
  /// "Vector expected" and "Argument vector size mismatch".
  llvm::StringRef VectorSizeMessage;
  /// Warp-level rows: ptxas's name for the instruction in its vector-size
  /// and operand-value messages (empty: the instruction's name).
  llvm::StringRef OperandsName;

  llvm::ArrayRef<SyntaxElem> elems() const { return {ElemData, NumElems}; }
};

/// Every row, grouped by opcode in table order.
llvm::ArrayRef<SyntaxRow> allSyntaxRows();
/// The rows of \p Opcode (empty when the opcode has none yet).
llvm::ArrayRef<SyntaxRow> syntaxRowsOf(OpcodeRef Opcode);
/// The operands an opcode's rows take unless a row says otherwise; null
/// when the table does not describe them.
const OperandList *operandsOf(llvm::StringRef Opcode);
/// A row with its sets written out: `add{.rn|.rz|.rm|.rp}{.ftz}{.sat}.f32`,
/// `mul(.hi|.lo)(.u16|.u32|...)` (parentheses: one word is required).
std::string syntaxRowText(const SyntaxRow &R);

} // namespace isa
} // namespace ptxwarp

#endif
