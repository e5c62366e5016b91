//===- Instructions.h - Questions to the instruction table ----------------===//
//
// The instruction table is the project's single source of truth about PTX
// instructions (docs/ARCHITECTURE.md, "The instruction table"). This header
// lets an embedder
// ask it directly: is a mnemonic a PTX instruction at all, is it one of the
// warp-level instructions ptxwarp models (shfl, vote, match, redux,
// activemask, elect, bar.warp.sync), and which PTX-version and target gates
// apply to it (PTX ISA 9.0 sections 9.7.9.x and 9.7.13.x; what ptxas 13.0
// enforces is pinned by test/Sema/ptxas-expectations.test).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_INSTRUCTIONS_H
#define PTXWARP_API_INSTRUCTIONS_H

#include "ptxwarp/API/Export.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ptxwarp {
namespace api {

/// The PTX-version and target requirements of an instruction form.
struct InstructionGates {
  /// Lowest `.version` ptxas accepts, "" when there is none ("6.0").
  std::string MinPtxVersion;
  /// Lowest version the PTX ISA text names, when stricter ("" otherwise);
  /// the checker reports it under -Wpedantic.
  std::string IsaMinPtxVersion;
  /// Lowest `sm_XY` target number, 0 when there is none (30 for sm_30).
  unsigned MinTarget = 0;
  /// When not empty, only these targets ("sm_100a", "sm_100f", ...).
  std::vector<std::string> OnlyTargets;
  /// A non-.sync legacy form: rejected for sm_70+ from PTX 6.4.
  bool Legacy = false;
};

/// One row of the instruction table.
struct InstructionInfo {
  /// Canonical form name, e.g. "shfl.sync.bfly.b32".
  std::string Form;
  /// The family as ptxas names it in messages ("shfl", "bar.warp").
  std::string Family;
  /// What it computes, e.g. "shfl.bfly" (the lowering's semantic op).
  std::string Operation;
  /// Operand syntax, e.g. "d[|p], a, b, c, membermask".
  std::string Syntax;
  /// A warp-level instruction (false for the `mov` row).
  bool IsWarpInstruction = true;
  InstructionGates Gates;
};

/// True when \p Opcode (the first word of a mnemonic: "shfl", "add") is a
/// PTX instruction name (PTX ISA 9.0 chapter 9). Opcodes are case sensitive.
PTXWARP_API bool isKnownOpcode(llvm::StringRef Opcode);

/// Looks up a whole mnemonic, qualifiers in any order accepted by ptxas:
/// "shfl.sync.bfly.b32", "vote.sync.ballot.b32", "bar.warp.sync". Returns
/// the row of the table's detailed forms (the warp-level instructions, and
/// `mov`, whose row carries the special-register rules: IsWarpInstruction
/// false); empty for other instructions and for qualifier sets that select
/// no form.
PTXWARP_API std::optional<InstructionInfo>
lookupInstruction(llvm::StringRef Mnemonic);

/// True when \p Mnemonic resolves to a warp-level instruction form.
PTXWARP_API bool isWarpInstruction(llvm::StringRef Mnemonic);

/// Every warp-level instruction form of the table, in table order.
PTXWARP_API std::vector<InstructionInfo> warpInstructionForms();

/// The whole instruction table (forms, operands, gates) as `ptx-lint
/// --list-instructions` prints it: aligned text, or with \p Markdown the
/// README's table.
PTXWARP_API std::string instructionTable(bool Markdown = false);

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_INSTRUCTIONS_H
