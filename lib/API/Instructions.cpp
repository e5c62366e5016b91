//===- Instructions.cpp - Instruction-table queries for embedders ---------===//
//
// Resolves a mnemonic written as text ("shfl.sync.bfly.b32") with the same
// code the checker uses for parsed instructions (sema::findForm), so the
// answer for a string and for that instruction in a module always agree.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/API/Instructions.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/Sema/Checker.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ptxwarp {
namespace api {

InstructionInfo makeInstructionInfo(const isa::InstrForm &F,
                                    const isa::InstrFamily *Family) {
  InstructionInfo Info;
  Info.Form = F.Name.str();
  Info.Family = Family ? Family->DiagName.str() : std::string();
  Info.Operation = isa::semanticOpName(F.Op).str();
  Info.Syntax = F.Syntax.str();
  // `mov` has a table row too (the special-register rules of its sources),
  // but it is no warp-level instruction.
  Info.IsWarpInstruction = (!Family || !Family->General) &&
                           F.Op != isa::SemanticOp::Mov &&
                           F.Op != isa::SemanticOp::Generic;
  InstructionGates &G = Info.Gates;
  if (F.G.MinVersion.key() != 0)
    G.MinPtxVersion = F.G.MinVersion.str();
  if (F.G.IsaMinVersion.key() != 0 && F.G.IsaMinVersion != F.G.MinVersion)
    G.IsaMinPtxVersion = F.G.IsaMinVersion.str();
  G.MinTarget = F.G.MinTarget;
  SmallVector<StringRef, 8> Only;
  F.G.OnlyTargets.split(Only, ',', -1, /*KeepEmpty=*/false);
  for (StringRef T : Only)
    G.OnlyTargets.push_back(T.trim().str());
  G.Legacy = F.Legacy;
  return Info;
}

bool isKnownOpcode(StringRef Opcode) { return isa::isKnownOpcode(Opcode); }

std::optional<InstructionInfo> lookupInstruction(StringRef Mnemonic) {
  // Build the instruction the parser would have built for the mnemonic
  // alone: opcode, then one qualifier per dotted word.
  SmallVector<StringRef, 8> Words;
  Mnemonic.split(Words, '.');
  if (Words.empty() || Words[0].empty())
    return std::nullopt;
  SmallVector<ast::Qualifier, 8> Quals;
  for (StringRef W : makeArrayRef(Words).drop_front()) {
    if (W.empty())
      return std::nullopt;
    Quals.push_back({W, SMLoc::getFromPointer(W.begin() - 1)});
  }
  ast::InstructionStmt I(ast::rangeOf(Mnemonic));
  I.Opcode = Words[0];
  I.OpcodeRange = ast::rangeOf(Words[0]);
  I.Qualifiers = Quals;
  const isa::InstrForm *F = sema::findForm(I);
  if (!F)
    return std::nullopt;
  return makeInstructionInfo(
      *F, isa::findFamily(I.Opcode, Quals.empty() ? "" : Quals[0].Text));
}

bool isWarpInstruction(StringRef Mnemonic) {
  std::optional<InstructionInfo> I = lookupInstruction(Mnemonic);
  return I && I->IsWarpInstruction;
}

std::vector<InstructionInfo> warpInstructionForms() {
  std::vector<InstructionInfo> Out;
  for (const isa::InstrFamily &Family : isa::instrFamilies()) {
    if (Family.General)
      continue;
    for (const isa::InstrForm &F : Family.Forms) {
      InstructionInfo I = makeInstructionInfo(F, &Family);
      if (I.IsWarpInstruction)
        Out.push_back(std::move(I));
    }
  }
  return Out;
}

std::string instructionTable(bool Markdown) {
  std::string S;
  raw_string_ostream OS(S);
  if (Markdown)
    isa::printInstructionTableMarkdown(OS);
  else
    isa::printInstructionTable(OS);
  return OS.str();
}

} // namespace api
} // namespace ptxwarp
