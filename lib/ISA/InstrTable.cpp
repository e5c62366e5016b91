//===- InstrTable.cpp - Lookup and printing over the instruction table ----===//

#include "InstrTableImpl.h"
#include "ptxwarp/ISA/SyntaxRows.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace llvm;

namespace ptxwarp {
namespace isa {

StringRef semanticOpName(SemanticOp Op) {
  switch (Op) {
#define SEMANTIC_OP(Name, Text, Kind, Function)                                \
  case SemanticOp::Name:                                                       \
    return Text;
#include "ptxwarp/ISA/Generated/SemanticOps.def"
  }
  return "";
}

StringRef slotClassName(SlotClass C) {
  switch (C) {
  case SlotClass::Data32:
    return "32-bit data (b32 u32 s32 f32 f16x2)";
  case SlotClass::Int32:
    return "32-bit integer (b32 u32 s32)";
  case SlotClass::ReduxF32:
    return ".f32 (f32 b32)";
  case SlotClass::Data64:
    return "64-bit data (b64 u64 s64 f64)";
  case SlotClass::Pred:
    return "predicate";
  case SlotClass::VotePred:
    return "predicate";
  case SlotClass::InstrType:
    return "instruction type";
  case SlotClass::Wide:
    return "twice the instruction type";
  case SlotClass::SourceType:
    return "the source type";
  case SlotClass::Any:
    return "any";
  case SlotClass::Relaxed:
    return "instruction type, or a wider register";
  case SlotClass::SourceRelaxed:
    return "the source type, or a wider register";
  case SlotClass::Packed8:
    return ".b8";
  case SlotClass::Packed16:
    return ".b16";
  case SlotClass::Packed32:
    return ".b32 or .f16x2";
  case SlotClass::IntAddr:
    return "a 32- or 64-bit integer (b32 u32 s32 b64 u64 s64)";
  }
  return "";
}

bool listContains(StringRef List, StringRef Value) {
  // Walks the comma list in place: the checker asks this for every
  // qualifier of every instruction.
  while (!List.empty()) {
    std::pair<StringRef, StringRef> HeadRest = List.split(',');
    if (HeadRest.first == Value)
      return true;
    List = HeadRest.second;
  }
  return false;
}

bool isMatrixShape(StringRef Q) {
  // m<rows>n<columns>, optionally k<depth>.
  auto Number = [&](char Tag) {
    if (!Q.consume_front(StringRef(&Tag, 1)))
      return false;
    size_t Digits = Q.find_if_not([](char C) { return isDigit(C); });
    if (Digits == 0)
      return false;
    Q = Q.drop_front(std::min(Digits, Q.size()));
    return true;
  };
  return Number('m') && Number('n') &&
         (Q.empty() || (Number('k') && Q.empty()));
}

bool isComparisonQualifier(StringRef Q) {
  return parseMode<CmpOp>(Q).has_value();
}

std::optional<SpaceGate> stateSpaceGate(StringRef Q) {
  // Probed with ptxas 13.0 on ld: "Feature '::cta' requires PTX ISA
  // .version 7.8 or later", '::cluster' also "requires .target sm_90 or
  // higher", '::entry' and '::func' 8.3 (PTX ISA 5.1.5.1, 5.1.6.4).
  return StringSwitch<std::optional<SpaceGate>>(Q)
      .Case("shared::cta", SpaceGate{"::cta", PtxVersion(7, 8), 0})
      .Case("shared::cluster", SpaceGate{"::cluster", PtxVersion(7, 8), 90})
      .Case("param::entry", SpaceGate{"::entry", PtxVersion(8, 3), 0})
      .Case("param::func", SpaceGate{"::func", PtxVersion(8, 3), 0})
      .Default(std::nullopt);
}

ArrayRef<InstrFamily> instrFamilies() {
  static const std::vector<InstrFamily> All = [] {
    std::vector<InstrFamily> V(warpFamilies().begin(), warpFamilies().end());
    V.insert(V.end(), generalFamilies().begin(), generalFamilies().end());
    return V;
  }();
  return All;
}

const InstrFamily *findFamily(OpcodeRef Opcode, StringRef FirstQual) {
  // The checker asks once or more per instruction: the families of opcodes
  // with a row by the row's index, the others (`bar.warp`) by name.
  struct Tables {
    std::vector<const InstrFamily *> ByRow;
    StringMap<const InstrFamily *> Others;
  };
  static const Tables T = [] {
    Tables T;
    T.ByRow.assign(opcodeRows().size(), nullptr);
    for (const InstrFamily &F : instrFamilies()) {
      int K = opcodeIndex(F.Opcode);
      if (K >= 0)
        T.ByRow[K] = &F;
      else
        T.Others[F.Opcode] = &F;
    }
    return T;
  }();
  // `bar.warp.sync` is its own instruction; plain `bar` is the CTA barrier.
  if (Opcode.name() == "bar" && FirstQual == "warp")
    Opcode = OpcodeRef("bar.warp");
  return Opcode.known() ? T.ByRow[Opcode.row()]
                        : T.Others.lookup(Opcode.name());
}

WarpOpKind warpOpKind(SemanticOp Op) {
  switch (Op) {
#define SEMANTIC_OP(Name, Text, Kind, Function)                                \
  case SemanticOp::Name:                                                       \
    return WarpOpKind::Kind;
#include "ptxwarp/ISA/Generated/SemanticOps.def"
  }
  return WarpOpKind::Generic;
}

FormKey formKeyOf(const InstrFamily &F, ArrayRef<StringRef> Quals) {
  FormKey K;
  for (StringRef W : Quals)
    for (const QualGroup &G : F.Groups) {
      if (!listContains(G.Values, W))
        continue;
      if (G.Kind == QualGroupKind::Sync)
        K.Sync = true;
      else if (G.Kind == QualGroupKind::Mode)
        K.Mode = W;
      else if (G.Kind == QualGroupKind::Type)
        K.Type = W;
      break;
    }
  return K;
}

const InstrForm *selectForm(const InstrFamily &F, const FormKey &K) {
  for (const InstrForm &Form : F.Forms) {
    if (Form.Sync != K.Sync)
      continue;
    if (!Form.Mode.empty() && Form.Mode != K.Mode)
      continue;
    if (!Form.Type.empty() && Form.Type != K.Type)
      continue;
    return &Form;
  }
  return nullptr;
}

static void printGate(raw_ostream &OS, const Gate &G, bool Legacy) {
  if (G.MinVersion.Major)
    OS << "PTX >= " << G.MinVersion.str();
  if (G.IsaMinVersion != G.MinVersion)
    OS << " (ISA text: " << G.IsaMinVersion.str() << ")";
  if (G.MinTarget)
    OS << ", .target >= sm_" << G.MinTarget;
  if (!G.OnlyTargets.empty())
    OS << ", .target in {" << G.OnlyTargets << "}";
  if (Legacy)
    OS << ", removed for .target >= sm_70 from PTX 6.4";
}

// A `|` inside a table cell, even in code, must be escaped in Markdown.
static std::string markdownCell(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '|')
      Out += '\\';
    Out += C;
  }
  return Out;
}

// What ptx-lint checks of an opcode, by how much of it the table describes.
static std::string checkedAs(StringRef Opcode) {
  const InstrFamily *F = findFamily(Opcode, "");
  size_t Rows = syntaxRowsOf(Opcode).size();
  std::string Forms =
      Rows ? "forms (" + std::to_string(Rows) + "): qualifiers, types, gates"
           : "";
  if (!F)
    return Rows ? Forms + ", declared registers" : "opcode, declared registers";
  if (!F->General)
    return "forms: qualifiers, operand types, gates";
  std::string Operands =
      F->Forms.empty() ? "operand count" : "operand count and types";
  return Rows ? Forms + "; " + Operands : Operands;
}

std::string syntaxRowText(const SyntaxRow &R) {
  std::string Out = R.Opcode.str();
  for (const SyntaxElem &E : R.elems()) {
    SmallVector<StringRef, 8> Words;
    E.Words.split(Words, ',');
    std::string Alts;
    for (StringRef W : Words)
      Alts += (Alts.empty() ? "." : "|.") + W.str();
    if (E.Optional)
      Out += "{" + Alts + "}";
    else if (Words.size() > 1)
      Out += "(" + Alts + ")";
    else
      Out += Alts;
  }
  return Out;
}

// The targets a gate allows, for a table cell: "sm_90+", a list, "any".
static void printTargets(raw_ostream &OS, const Gate &G) {
  if (!G.OnlyTargets.empty())
    OS << G.OnlyTargets;
  else if (G.MinTarget)
    OS << "sm_" << G.MinTarget << "+";
  else
    OS << "any";
}

// The gate of a row in a table cell: the version and target it needs.
static void printRowGate(raw_ostream &OS, const Gate &G, StringRef Sep) {
  OS << (G.MinVersion.Major ? G.MinVersion.str() : "-") << Sep;
  printTargets(OS, G);
}

// Whether ptx-run executes an opcode: its execution-table row, or the warp
// forms' semantic operations.
static std::string runsAs(StringRef Opcode) {
  if (const ExecInfo *X = findExec(Opcode)) {
    if (!X->runs())
      return "no: " + X->NotRun.str();
    if (X->Flags & ExecInfo::Inlined)
      return "yes (inlined)";
    // wmma's lowering builds its collectives from the words of every row
    // (lib/Lower/LowerWmma.cpp), refusing what it does not execute.
    if (X->Flags & ExecInfo::LowersWmma)
      return "yes (warp-level: every form but a .v2/.v4/.v8 load or store "
             "and a floating-point .satfinite, which ptx-run refuses)";
    // Collectives described by syntax rows run the rows that name one.
    if (X->IROpcode == "Collective") {
      ArrayRef<SyntaxRow> Rows = syntaxRowsOf(Opcode);
      size_t Runs =
          llvm::count_if(Rows, [](const SyntaxRow &R) { return R.HasOp; });
      return "yes (warp-level: " + std::to_string(Runs) + " of " +
             std::to_string(Rows.size()) +
             " syntax rows; ptx-run refuses the others, naming the form)";
    }
    return "yes (" + X->IROpcode.str() + ")";
  }
  const InstrFamily *F = findFamily(Opcode, "");
  if (F && !F->General && !F->Forms.empty() &&
      F->Forms.front().Op != SemanticOp::Generic)
    return "yes (warp-level)";
  return "no";
}

void printInstructionTableMarkdown(raw_ostream &OS) {
  OS << "| form | operands | PTX (ptxas) | PTX (ISA text) | .target | notes |\n"
     << "|---|---|---|---|---|---|\n";
  for (const InstrFamily &F : instrFamilies()) {
    if (F.General)
      continue;
    for (const InstrForm &Form : F.Forms) {
      const Gate &G = Form.G;
      OS << "| `" << Form.Name << "` | `" << markdownCell(Form.Syntax) << "` | "
         << (G.MinVersion.Major ? G.MinVersion.str() : "-") << " | "
         << (G.IsaMinVersion.Major ? G.IsaMinVersion.str() : "-") << " | ";
      printTargets(OS, G);
      OS << " | ";
      if (Form.Legacy)
        OS << "removed for sm_70+ from PTX 6.4";
      OS << " |\n";
    }
  }
  OS << "\n| form (PTX ISA syntax) | PTX (ptxas) | .target |\n"
     << "|---|---|---|\n";
  for (const SyntaxRow &R : allSyntaxRows()) {
    OS << "| `" << markdownCell(syntaxRowText(R)) << "` | ";
    printRowGate(OS, R.G, " | ");
    OS << " |\n";
  }
  OS << "\n| opcode | ptx-lint checks | ptx-run executes |\n"
     << "|---|---|---|\n";
  for (StringRef Op : allOpcodes())
    OS << "| `" << Op << "` | " << checkedAs(Op) << " | " << runsAs(Op)
       << " |\n";
  OS << "\nSpecial registers:";
  for (const SpecialReg &R : allSpecialRegs())
    OS << " `" << R.Name << (R.HasComponents ? ".{x,y,z}" : "")
       << (R.IndexCount ? "<" + std::to_string(R.IndexCount) + ">" : "") << "`";
  OS << "\n";
}

void printInstructionTable(raw_ostream &OS) {
  OS << "Warp-level instruction forms (operands; gates):\n";
  for (const InstrFamily &F : instrFamilies()) {
    if (F.General)
      continue;
    for (const InstrForm &Form : F.Forms) {
      OS << "  " << Form.Name << " " << Form.Syntax << "\n      ";
      printGate(OS, Form.G, Form.Legacy);
      OS << "; op " << semanticOpName(Form.Op) << "\n";
      for (const OperandSlot &S : Form.Operands) {
        OS << "      " << S.Name << ": " << slotClassName(S.Class);
        if (S.has(SF_PredOut))
          OS << (S.has(SF_PredOutRequired) ? ", |p required" : ", |p optional");
        if (S.has(SF_SinkDest))
          OS << ", d may be _";
        if (S.has(SF_SinkPred))
          OS << ", p may be _";
        if (S.has(SF_Negatable))
          OS << ", !a allowed";
        if (S.has(SF_IntImm))
          OS << ", int imm";
        if (S.has(SF_F32Imm) || S.has(SF_F64Imm))
          OS << ", float imm";
        if (S.has(SF_SpecialReg))
          OS << ", special registers";
        OS << "\n";
      }
    }
  }
  OS << "Other instructions with operand rules:\n";
  for (const InstrFamily &F : instrFamilies()) {
    if (!F.General)
      continue;
    OS << "  " << F.Opcode << ": " << F.MinOperands;
    if (F.MaxOperands != F.MinOperands)
      OS << ".." << F.MaxOperands;
    OS << " operands" << (F.Forms.empty() ? "" : ", typed") << "\n";
  }
  OS << "General instruction forms (PTX ISA syntax; PTX version, "
        ".target):\n";
  for (const SyntaxRow &R : allSyntaxRows()) {
    OS << "  " << syntaxRowText(R) << "  ";
    printRowGate(OS, R.G, ", ");
    OS << "\n";
  }
  OS << "Every opcode: what ptx-lint checks; whether ptx-run executes it:\n";
  for (StringRef Op : allOpcodes())
    OS << "  " << Op << ": checks " << checkedAs(Op) << "; runs " << runsAs(Op)
       << "\n";
  OS << "Special registers:";
  for (const SpecialReg &R : allSpecialRegs())
    OS << " " << R.Name << (R.HasComponents ? ".{x,y,z}" : "")
       << (R.IndexCount ? "<" + std::to_string(R.IndexCount) + ">" : "");
  OS << "\n";
}

} // namespace isa
} // namespace ptxwarp
