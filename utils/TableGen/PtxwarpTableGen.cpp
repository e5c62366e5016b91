//===- PtxwarpTableGen.cpp - Emits lib/ISA's tables from the .td source ---===//
//
// ptxwarp-tblgen: a TableGen backend (LLVM's TableGen language and parser,
// libLLVMTableGen) over lib/ISA/td/PTX.td. Each action writes one file of
// C++ that lib/ISA and the layers above include:
//
//   -gen-mode-sets      ModeSets.inc: each ModeSet as the macros Modes.h
//                       expands into an enum, spellings and a parser
//   -gen-semantic-ops   SemanticOps.def: SEMANTIC_OP(Name, Text, Kind,
//                       Function) per SemanticOp, in definition order
//   -gen-warp-families  WarpFamilies.inc: the warp-level families, their
//                       qualifier groups and forms (isa::InstrFamily)
//   -gen-opcodes        Opcodes.inc: one row per PTX opcode (isa::OpcodeRow)
//                       and the general families of the checked ones
//   -gen-syntax-rows    SyntaxRows.inc: the general instructions' forms as
//                       the ISA writes their syntax (isa::SyntaxRow), and
//                       the kind of every qualifier word
//
// The generated code only fills the structs of include/ptxwarp/ISA/
// InstrTable.h; every rule that reads them stays in lib/ISA. A malformed row
// is a located error here ("PTX.td:12:3: error: ..."), at build time.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/StringMatcher.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "TableGenUtil.h"

using namespace llvm;
using namespace ptxwarp_tblgen;

namespace {

enum ActionType {
  GenModeSets,
  GenSemanticOps,
  GenWarpFamilies,
  GenOpcodes,
  GenSyntaxRows
};

cl::opt<ActionType> Action(
    cl::desc("Action to perform:"),
    cl::values(clEnumValN(GenModeSets, "gen-mode-sets", "the mode sets"),
               clEnumValN(GenSemanticOps, "gen-semantic-ops",
                          "the semantic operations"),
               clEnumValN(GenWarpFamilies, "gen-warp-families",
                          "the warp-level families and forms"),
               clEnumValN(GenOpcodes, "gen-opcodes", "one row per opcode"),
               clEnumValN(GenSyntaxRows, "gen-syntax-rows",
                          "the general instructions' syntax rows")));
//===----------------------------------------------------------------------===//
// -gen-mode-sets
//===----------------------------------------------------------------------===//

void emitModeSets(raw_ostream &OS, RecordKeeper &Records) {
  emitSourceFileHeader("Qualifier mode sets (lib/ISA/td/ModeSets.td)", OS);
  for (Record *Set : inOrder(Records, "ModeSet")) {
    std::vector<Record *> Modes = Set->getValueAsListOfDefs("Modes");
    if (Modes.empty())
      PrintFatalError(Set->getLoc(), "a mode set needs at least one mode");
    StringSet<> Seen;
    OS << "/// " << Set->getValueAsString("Doc") << "\n"
       << "#define MODE_SET_NAME " << Set->getName() << "\n"
       << "#define MODE_SET_MODES(MODE)";
    for (Record *M : Modes) {
      StringRef Spelling = M->getValueAsString("Spelling");
      if (!Seen.insert(Spelling).second)
        PrintFatalError(Set->getLoc(), "mode set '" + Set->getName() +
                                           "' lists '" + Spelling + "' twice");
      OS << " \\\n  MODE(" << M->getValueAsString("Enumerator") << ", "
         << quote(Spelling) << ")";
    }
    OS << "\n";
    if (Set->getValueAsBit("WordList"))
      OS << "#define MODE_SET_WORD_LIST\n";
    OS << "#include \"ptxwarp/ISA/ModeSet.inc\"\n\n";
  }
}

//===----------------------------------------------------------------------===//
// -gen-semantic-ops
//===----------------------------------------------------------------------===//

void emitSemanticOps(raw_ostream &OS, RecordKeeper &Records) {
  emitSourceFileHeader("Semantic operations (lib/ISA/td/WarpInstrs.td)", OS);
  OS << "// SEMANTIC_OP(Enumerator, \"text\", WarpOpKind, function): what a\n"
        "// form computes (function: the collective's semantics, else _).\n"
        "// COLLECTIVE(Enumerator, function, value): the collectives alone,\n"
        "// with the enumerator's value (for layers without "
        "isa::SemanticOp).\n\n"
        "#if !defined(SEMANTIC_OP) && !defined(COLLECTIVE)\n"
        "#error \"define SEMANTIC_OP(Name, Text, Kind, Function) or \"\\\n"
        "       \"COLLECTIVE(Name, Function, Value)\"\n"
        "#endif\n\n";
  std::vector<Record *> Ops = inOrder(Records, "SemanticOp");
  if (Ops.size() > 65535)
    PrintFatalError("more than 65535 semantic operations do not fit the IR");
  OS << "#ifdef SEMANTIC_OP\n";
  for (Record *Op : Ops) {
    StringRef Fn = Op->getValueAsString("Function");
    bool IsCollective = cppOf(Op, "Kind") == "Collective";
    if (IsCollective == Fn.empty())
      PrintFatalError(Op->getLoc(), "a collective (and only a collective) "
                                    "names its semantics function");
    OS << "SEMANTIC_OP(" << Op->getName() << ", "
       << quote(Op->getValueAsString("Text")) << ", " << cppOf(Op, "Kind")
       << ", " << (Fn.empty() ? "_" : Fn) << ")\n";
  }
  OS << "#undef SEMANTIC_OP\n#endif\n\n#ifdef COLLECTIVE\n";
  for (unsigned K = 0; K < Ops.size(); ++K)
    if (cppOf(Ops[K], "Kind") == "Collective")
      OS << "COLLECTIVE(" << Ops[K]->getName() << ", "
         << Ops[K]->getValueAsString("Function") << ", " << K << ")\n";
  OS << "#undef COLLECTIVE\n#endif\n";
}

//===----------------------------------------------------------------------===//
// -gen-warp-families
//===----------------------------------------------------------------------===//

std::string slotInit(Record *S) {
  std::string Flags;
  for (Record *F : S->getValueAsListOfDefs("Flags"))
    Flags += (Flags.empty() ? "" : " | ") + F->getValueAsString("Cpp").str();
  return "{" + quote(S->getValueAsString("Name")) +
         ", SlotRole::" + cppOf(S, "Role") +
         ", SlotClass::" + cppOf(S, "Class") + ", " +
         (Flags.empty() ? "SF_None" : Flags) + "}";
}

/// Emits the operand slot array of \p Slots once per distinct list; returns
/// its name.
class SlotArrays {
  std::map<std::string, std::string> Names; // initializer -> array name
public:
  std::string get(raw_ostream &OS, ArrayRef<Record *> Slots) {
    std::string Init = "{";
    ListSeparator LS(",\n    ");
    for (Record *S : Slots)
      Init += StringRef(LS).str() + slotInit(S);
    if (Slots.empty())
      Init += "{}"; // never read: a zero-length array is not C++
    Init += "}";
    auto [It, New] = Names.try_emplace(Init, "Slots" + utostr(Names.size()));
    if (New)
      OS << "const OperandSlot " << It->second << "[] = " << Init << ";\n";
    return It->second;
  }
};

/// Emits the qualifier groups \p Groups as array \p Name (with their
/// duplicate rules); returns false when there are none.
bool emitGroups(raw_ostream &OS, StringRef Name, ArrayRef<Record *> Groups) {
  if (Groups.empty())
    return false;
  unsigned K = 0;
  for (Record *G : Groups) {
    OS << "const DupRule " << Name << "Dups" << K++ << "[] = {";
    ListSeparator LS(", ");
    for (Record *D : G->getValueAsListOfDefs("Dups"))
      OS << LS << "{" << quote(D->getValueAsString("First")) << ", "
         << quote(D->getValueAsString("Second")) << ", "
         << quote(D->getValueAsString("Message")) << "}";
    OS << "};\n";
  }
  OS << "const QualGroup " << Name << "[] = {\n";
  K = 0;
  for (Record *G : Groups) {
    std::string Values = quote(G->getValueAsString("Values"));
    if (const auto *DI = dyn_cast<DefInit>(G->getValue("Words")->getValue()))
      Values = "modeWordList<" + DI->getDef()->getName().str() + ">()";
    else if (G->getValueAsString("Values").empty())
      PrintFatalError(G->getLoc(), "a qualifier group needs words");
    OS << "    {QualGroupKind::" << cppOf(G, "Kind") << ", "
       << quote(G->getValueAsString("Name")) << ", " << Values << ", "
       << (G->getValueAsBit("Required") ? "true" : "false") << ", "
       << quote(G->getValueAsString("MissingMessage")) << ", " << Name << "Dups"
       << K++ << ", " << quote(G->getValueAsString("RequiresType")) << ", "
       << quote(G->getValueAsString("RequiresTypeMessage")) << "},\n";
  }
  OS << "};\n";
  return true;
}

/// The words a qualifier group takes.
std::vector<std::string> groupWords(Record *G) {
  std::vector<std::string> Words;
  if (const auto *DI = dyn_cast<DefInit>(G->getValue("Words")->getValue())) {
    for (Record *M : DI->getDef()->getValueAsListOfDefs("Modes"))
      Words.push_back(M->getValueAsString("Spelling").str());
    return Words;
  }
  SmallVector<StringRef, 8> Parts;
  G->getValueAsString("Values").split(Parts, ',');
  for (StringRef P : Parts)
    Words.push_back(P.str());
  return Words;
}

/// A form's mode and type must be words of its family's groups, or the
/// checker could never select it.
void checkFormWords(Record *Form, Record *Fam) {
  for (auto [Field, Kind] :
       {std::pair<StringRef, StringRef>{"Mode", "Mode"}, {"Type", "Type"}}) {
    StringRef Word = Form->getValueAsString(Field);
    if (Word.empty())
      continue;
    bool Found = false;
    for (Record *G : Fam->getValueAsListOfDefs("Groups"))
      if (cppOf(G, "Kind") == Kind)
        Found |= is_contained(groupWords(G), Word.str());
    if (!Found)
      PrintFatalError(Form->getLoc(),
                      "form '" + Form->getValueAsString("Name") +
                          "': " + Field + " '" + Word +
                          "' is no word of family '" + Fam->getName() + "'");
  }
}

void emitWarpFamilies(raw_ostream &OS, RecordKeeper &Records) {
  emitSourceFileHeader("Warp-level families (lib/ISA/td/WarpInstrs.td)", OS);
  std::vector<Record *> Families = inOrder(Records, "Family");
  std::vector<Record *> Forms = inOrder(Records, "Form");
  OS << "namespace {\n\n";
  std::vector<std::string> Entries;
  SlotArrays Slots;
  for (Record *Fam : Families) {
    std::string Id = Fam->getName().str();
    std::vector<Record *> Own;
    for (Record *F : Forms)
      if (F->getValueAsDef("Fam") == Fam)
        Own.push_back(F);
    if (Own.empty())
      PrintFatalError(Fam->getLoc(), "family '" + Id + "' has no forms");
    OS << "// " << Fam->getValueAsString("Opcode") << "\n";
    for (Record *F : Own)
      checkFormWords(F, Fam);
    std::vector<std::string> Ops;
    for (Record *F : Own)
      Ops.push_back(Slots.get(OS, F->getValueAsListOfDefs("Operands")));
    OS << "const InstrForm " << Id << "Forms[] = {\n";
    for (unsigned K = 0; K < Own.size(); ++K) {
      Record *F = Own[K];
      OS << "    {" << quote(F->getValueAsString("Name"))
         << ", SemanticOp::" << F->getValueAsDef("Op")->getName() << ", "
         << (F->getValueAsBit("Sync") ? "true" : "false") << ", "
         << quote(F->getValueAsString("Mode")) << ", "
         << quote(F->getValueAsString("Type")) << ", " << Ops[K] << ", "
         << gateInit(F->getValueAsDef("G")) << ", "
         << (F->getValueAsBit("Legacy") ? "true" : "false") << ", "
         << quote(F->getValueAsString("Syntax"))
         << ", WarpContract::" << cppOf(F, "Contract") << "},\n";
    }
    OS << "};\n";
    bool HasGroups =
        emitGroups(OS, Id + "Groups", Fam->getValueAsListOfDefs("Groups"));
    std::vector<Record *> Rules = Fam->getValueAsListOfDefs("TypeRules");
    if (!Rules.empty()) {
      OS << "const TypeRule " << Id << "TypeRules[] = {\n";
      for (Record *R : Rules)
        OS << "    {" << quote(joined(R, "Modes")) << ", "
           << quote(joined(R, "Types")) << ", "
           << quote(R->getValueAsString("Message")) << "},\n";
      OS << "};\n";
    }
    std::vector<Record *> QGates = Fam->getValueAsListOfDefs("QualGates");
    if (!QGates.empty()) {
      OS << "const QualGate " << Id << "QualGates[] = {\n";
      for (Record *Q : QGates)
        OS << "    " << qualGateInit(Q) << ",\n";
      OS << "};\n";
    }
    OS << "\n";
    Entries.push_back(
        "{" + quote(Fam->getValueAsString("Opcode")) + ", " +
        quote(Fam->getValueAsString("DiagName")) + ", " +
        (HasGroups ? Id + "Groups" : "{}") + ", " +
        (Rules.empty() ? "{}" : Id + "TypeRules") + ", " + Id + "Forms, " +
        (QGates.empty() ? "{}" : Id + "QualGates") + ", false, 0, 0, " +
        (Fam->getValueAsBit("ReadsSpecialRegs") ? "true" : "false") + "}");
  }
  OS << "} // namespace\n\n"
     << "llvm::ArrayRef<InstrFamily> warpFamilies() {\n"
     << "  static const InstrFamily Families[] = {\n";
  for (const std::string &E : Entries)
    OS << "      " << E << ",\n";
  OS << "  };\n  return Families;\n}\n";
}

//===----------------------------------------------------------------------===//
// -gen-opcodes
//===----------------------------------------------------------------------===//

/// isKnownModifierWord(): the words of KnownModifiers, as a StringMatcher.
void emitModifierVocabulary(raw_ostream &OS, RecordKeeper &Records) {
  Record *V = Records.getDef("KnownModifiers");
  if (!V || !V->isSubClassOf("ModifierVocabulary"))
    PrintFatalError("the table needs 'def KnownModifiers : "
                    "ModifierVocabulary<...>'");
  std::set<std::string> Words;
  for (Record *Set : V->getValueAsListOfDefs("Sets"))
    for (Record *M : Set->getValueAsListOfDefs("Modes"))
      if (!M->getValueAsString("Spelling").empty())
        Words.insert(M->getValueAsString("Spelling").str());
  for (StringRef W : V->getValueAsListOfStrings("Words"))
    if (!Words.insert(W.str()).second)
      PrintFatalError(V->getLoc(), "modifier '" + W + "' is listed twice");
  std::vector<StringMatcher::StringPair> Matches;
  for (const std::string &W : Words)
    Matches.emplace_back(W, "return true;");
  OS << "static bool isKnownModifierWord(llvm::StringRef Word) {\n";
  StringMatcher("Word", Matches, OS).Emit();
  OS << "  return false;\n}\n\n";
}

void emitOpcodes(raw_ostream &OS, RecordKeeper &Records) {
  emitSourceFileHeader("One row per PTX opcode (lib/ISA/td/Opcodes.td)", OS);
  std::vector<Record *> Ops = Records.getAllDerivedDefinitions("Opcode");
  llvm::sort(Ops, [](Record *A, Record *B) {
    return A->getValueAsString("Name") < B->getValueAsString("Name");
  });
  for (unsigned K = 1; K < Ops.size(); ++K)
    if (Ops[K]->getValueAsString("Name") ==
        Ops[K - 1]->getValueAsString("Name"))
      PrintFatalError(Ops[K]->getLoc(), "opcode '" +
                                            Ops[K]->getValueAsString("Name") +
                                            "' has two rows");
  // An opcode that neither runs nor says why must be a warp family's, whose
  // forms carry what it computes.
  StringSet<> FamilyOpcodes;
  for (Record *Fam : Records.getAllDerivedDefinitions("Family"))
    FamilyOpcodes.insert(Fam->getValueAsString("Opcode").split('.').first);
  for (Record *Op : Ops)
    if (Op->getValueAsString("Exec").empty() &&
        Op->getValueAsString("NotRun").empty() &&
        !FamilyOpcodes.count(Op->getValueAsString("Name")))
      PrintFatalError(Op->getLoc(), "opcode '" + Op->getValueAsString("Name") +
                                        "' neither runs (Runs<>) nor says "
                                        "why not (Refused<>)");
  OS << "namespace {\n\n";
  std::vector<std::string> Families;
  SlotArrays Slots;
  for (Record *Op : Ops) {
    const auto *Check = dyn_cast<DefInit>(Op->getValue("Check")->getValue());
    if (!Check)
      continue;
    std::string Name = Op->getValueAsString("Name").str();
    std::string Id = "Op_" + Name;
    Record *C = Check->getDef();
    std::vector<Record *> Typed = C->getValueAsListOfDefs("Typed");
    std::string Form = "{}";
    if (!Typed.empty()) {
      std::string Arr = Slots.get(OS, Typed);
      OS << "const InstrForm " << Id << "Form[] = {{"
         << quote(Typed.size() == 2 ? "unary" : "binary")
         << ", SemanticOp::Generic, false, \"\", \"\", " << Arr << ", "
         << gateInit(Records.getDef("NoGate"))
         << ", false, \"\", WarpContract::None}};\n";
      Form = Id + "Form";
    }
    bool HasGroups =
        emitGroups(OS, Id + "Groups", Op->getValueAsListOfDefs("Groups"));
    int64_t Min = C->getValueAsInt("Min"), Max = C->getValueAsInt("Max");
    if (Min < 0 || Max < Min)
      PrintFatalError(Op->getLoc(), "bad operand count range");
    Families.push_back(
        "{" + quote(Name) + ", " + quote(Name) + ", " +
        (HasGroups ? Id + "Groups" : "{}") + ", {}, " + Form + ", {}, true, " +
        itostr(Min) + ", " + itostr(Max) + ", " +
        (Op->getValueAsBit("ReadsSpecialRegs") ? "true" : "false") + ", " +
        itostr(Op->getValueAsInt("BarrierIdLimit")) + "}");
  }
  OS << "const OpcodeRow OpcodeRows[] = {\n";
  for (Record *Op : Ops) {
    StringRef Exec = Op->getValueAsString("Exec");
    StringRef NotRun = Op->getValueAsString("NotRun");
    if (!Exec.empty() && !NotRun.empty())
      PrintFatalError(Op->getLoc(), "an opcode either runs or says why not");
    std::string Flags;
    for (const char *F : {"CarryIn", "Inlined", "AlignedForm", "LowersWmma"})
      if (Op->getValueAsBit(F))
        Flags += (Flags.empty() ? "" : " | ") + std::string("ExecInfo::") + F;
    OS << "    {{" << quote(Op->getValueAsString("Name")) << ", " << quote(Exec)
       << ", " << (Flags.empty() ? "ExecInfo::None" : Flags) << ", "
       << quote(NotRun) << "}, ControlFlow::" << cppOf(Op, "Flow")
       << ", IndexArith::" << cppOf(Op, "Arith")
       << ", ConstFold::" << cppOf(Op, "Fold")
       << ", OperandSizeRule::" << cppOf(Op, "OperandSize") << ", "
       << (Op->getValueAsBit("ResultVariesPerLane") ? "true" : "false") << ", "
       << Op->getValueAsInt("ExactTyped") << ", "
       << Op->getValueAsInt("ExactTypedWide") << ", "
       << Op->getValueAsInt("AddressOperand") << ", "
       << quote(Op->getValueAsString("RefusedSpaces")) << ", "
       << (Op->getValueAsBit("TypeRequired") ? "true" : "false") << ", "
       << quote(Op->getValueAsString("TypeNameModes")) << ", "
       << Op->getValueAsInt("CachePolicyOperand") << ", "
       << Op->getValueAsInt("ImageData") << ", "
       << (Op->getValueAsBit("ImageBits") ? "true" : "false") << ", "
       << quote(Op->getValueAsString("Code32")) << "},\n";
  }
  OS << "};\n\n} // namespace\n\n";
  // The row of an opcode name: a switch on its length and characters
  // (TableGen's StringMatcher), which every lookup of the checker and the
  // lowering goes through.
  std::vector<StringMatcher::StringPair> Matches;
  for (unsigned K = 0; K < Ops.size(); ++K)
    Matches.emplace_back(Ops[K]->getValueAsString("Name").str(),
                         "return " + utostr(K) + ";");
  OS << "static int opcodeRowIndex(llvm::StringRef Name) {\n";
  StringMatcher("Name", Matches, OS).Emit();
  OS << "  return -1;\n}\n\n";
  emitModifierVocabulary(OS, Records);
  OS << "llvm::ArrayRef<InstrFamily> generalFamilies() {\n"
     << "  static const InstrFamily Families[] = {\n";
  for (const std::string &F : Families)
    OS << "      " << F << ",\n";
  OS << "  };\n  return Families;\n}\n\n"
     << "llvm::ArrayRef<OpcodeRow> opcodeRows() { return OpcodeRows; }\n";
}

bool emit(raw_ostream &OS, RecordKeeper &Records) {
  switch (Action) {
  case GenModeSets:
    emitModeSets(OS, Records);
    break;
  case GenSemanticOps:
    emitSemanticOps(OS, Records);
    break;
  case GenWarpFamilies:
    emitWarpFamilies(OS, Records);
    break;
  case GenOpcodes:
    emitOpcodes(OS, Records);
    break;
  case GenSyntaxRows:
    emitSyntaxRows(OS, Records);
    break;
  }
  return false;
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], &emit);
}
