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

using namespace llvm;

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

/// Records of \p Class in the order the .td defines them (RecordKeeper
/// sorts by name; the table's order is meaningful: forms are tried in it).
std::vector<Record *> inOrder(RecordKeeper &Records, StringRef Class) {
  std::vector<Record *> Defs = Records.getAllDerivedDefinitions(Class);
  llvm::sort(Defs,
             [](Record *A, Record *B) { return A->getID() < B->getID(); });
  return Defs;
}

/// \p S as a C++ string literal.
std::string quote(StringRef S) {
  std::string Out = "\"";
  raw_string_ostream OS(Out);
  OS.write_escaped(S);
  OS << '"';
  return OS.str();
}

std::string cppOf(Record *R, StringRef Field) {
  return R->getValueAsDef(Field)->getValueAsString("Cpp").str();
}

std::string version(Record *R, StringRef Field) {
  Record *V = R->getValueAsDef(Field);
  return "{" + utostr(V->getValueAsInt("Major")) + ", " +
         utostr(V->getValueAsInt("Minor")) + "}";
}

std::string joined(Record *R, StringRef Field) {
  std::vector<StringRef> L = R->getValueAsListOfStrings(Field);
  return join(L.begin(), L.end(), ",");
}

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

/// The initializer of an isa::QualGate.
std::string qualGateInit(Record *Q) {
  return "{" + quote(Q->getValueAsString("Value")) + ", " +
         version(Q, "MinVersion") + ", " +
         quote(Q->getValueAsString("VersionMessage")) + ", " +
         itostr(Q->getValueAsInt("MinTarget")) + ", " +
         quote(Q->getValueAsString("TargetMessage")) + ", " +
         quote(Q->getValueAsString("OnlyTargets")) + "}";
}

std::string gateInit(Record *G) {
  return "{" + version(G, "MinVersion") + ", " + version(G, "IsaVersion") +
         ", " + quote(G->getValueAsString("VersionFeature")) + ", " +
         version(G, "MessageVersion") + ", " +
         utostr(G->getValueAsInt("MinTarget")) + ", " +
         quote(G->getValueAsString("TargetFeature")) + ", " +
         (G->getValueAsBit("TargetIsFeature") ? "true" : "false") + ", " +
         quote(G->getValueAsString("OnlyTargets")) + ", " +
         quote(G->getValueAsString("OnlyTargetsKind")) + "}";
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

//===----------------------------------------------------------------------===//
// -gen-syntax-rows
//===----------------------------------------------------------------------===//

/// The words of the global set \p Name (a WordSet record with that Name).
std::vector<std::string> globalSet(RecordKeeper &Records, StringRef Name) {
  for (Record *S : Records.getAllDerivedDefinitions("WordSet"))
    if (!S->isSubClassOf("Words") && S->getValueAsString("Name") == Name) {
      SmallVector<StringRef, 16> Parts;
      S->getValueAsString("Words").split(Parts, ',');
      return {Parts.begin(), Parts.end()};
    }
  PrintFatalError("the table needs 'WordSet<\"" + Name + "\", ...>'");
}

/// One element of a pattern: its words, kind and whether it is optional.
struct PatternElem {
  std::vector<std::string> Words;
  std::string Name; // the set's name, or the word
  std::string Kind;
  std::string Multiple;
  std::string Repeated;
  std::string Sequence;
  std::string Twice;
  bool Optional = false;
};

/// Splits \p Pattern ("add{.rnd}{.ftz}.f32") into the opcode and elements,
/// resolving set names against the row's own sets, then the global ones.
std::vector<PatternElem> parsePattern(Record *Row, RecordKeeper &Records,
                                      std::string &Opcode) {
  StringRef P = Row->getValueAsString("Pattern");
  std::map<std::string, Record *> Sets;
  for (Record *S : Records.getAllDerivedDefinitions("WordSet"))
    if (!S->isSubClassOf("Words"))
      Sets[S->getValueAsString("Name").str()] = S;
  for (Record *S : Row->getValueAsListOfDefs("Sets"))
    Sets[S->getValueAsString("Name").str()] = S;
  std::set<std::string> Types, Roundings, Spaces;
  for (const std::string &W : globalSet(Records, "types"))
    Types.insert(W);
  for (const std::string &W : globalSet(Records, "roundings"))
    Roundings.insert(W);
  for (const std::string &W : globalSet(Records, "spaces"))
    Spaces.insert(W);
  const StringRef Whole = P;
  auto Fail = [&](const Twine &Msg) {
    PrintFatalError(Row->getLoc(), "syntax '" + Whole + "': " + Msg);
  };
  size_t End = P.find_first_of(".{");
  Opcode = P.substr(0, End).str();
  if (Opcode.empty())
    Fail("no opcode");
  P = P.substr(std::min(End, P.size()));
  std::vector<PatternElem> Elems;
  while (!P.empty()) {
    PatternElem E;
    if (P.consume_front("{")) {
      size_t Close = P.find('}');
      if (Close == StringRef::npos)
        Fail("'{' without '}'");
      StringRef In = P.substr(0, Close);
      P = P.substr(Close + 1);
      if (!In.consume_front(".") || In.contains('.') || In.empty())
        Fail("an optional element is '{.word}' or '{.set}'");
      E.Name = In.str();
      E.Optional = true;
    } else if (P.consume_front(".")) {
      size_t Next = P.find_first_of(".{");
      // `::` belongs to the word (`.L2::cache_hint`).
      E.Name = P.substr(0, Next).str();
      P = P.substr(std::min(Next, P.size()));
      if (E.Name.empty())
        Fail("empty element");
    } else {
      Fail("expected '.' or '{'");
    }
    auto It = Sets.find(E.Name);
    if (It != Sets.end()) {
      SmallVector<StringRef, 16> Parts;
      It->second->getValueAsString("Words").split(Parts, ',');
      E.Words = {Parts.begin(), Parts.end()};
      E.Multiple = It->second->getValueAsString("Multiple").str();
      E.Repeated = It->second->getValueAsString("Repeated").str();
      E.Sequence = It->second->getValueAsString("Sequence").str();
      E.Twice = It->second->getValueAsString("Twice").str();
    } else {
      E.Words = {E.Name};
    }
    auto All = [&](const std::set<std::string> &S) {
      return llvm::all_of(E.Words,
                          [&](const std::string &W) { return S.count(W); });
    };
    auto Any = [&](const std::set<std::string> &S) {
      return llvm::any_of(E.Words,
                          [&](const std::string &W) { return S.count(W); });
    };
    if (All(Types))
      E.Kind = "Type";
    else if (All(Roundings))
      E.Kind = "Rounding";
    else if (All(Spaces))
      E.Kind = "Space";
    else if (!Any(Types))
      E.Kind = "Other";
    else
      Fail("element '." + E.Name + "' mixes type words with others");
    Elems.push_back(std::move(E));
  }
  return Elems;
}

/// The operand slots of an OperandsOf / Syntax `Args` text ("d, [a], b?"),
/// as an OperandSlot initializer list; \p Required: how many are not
/// optional.
std::string parseArgs(Record *Where, StringRef Text, unsigned &Required) {
  auto Fail = [&](const Twine &Msg) {
    PrintFatalError(Where->getLoc(), "operands '" + Text + "': " + Msg);
  };
  SmallVector<StringRef, 8> Parts;
  Text.split(Parts, ',', -1, false);
  std::string Init = "{";
  ListSeparator LS(", ");
  Required = 0;
  for (StringRef P : Parts) {
    P = P.trim();
    // `=4/8/16`, `=0..4`, `=*16` (after `#`, if any): the values a
    // constant may take.
    std::string Values, Rest;
    if (size_t Eq = P.find('='); Eq != StringRef::npos) {
      std::pair<StringRef, StringRef> Spec = P.substr(Eq + 1).split('?');
      Values = Spec.first.str();
      Rest = P.substr(0, Eq).str() + (P.endswith("?") ? "?" : "");
      P = Rest;
    }
    bool Optional = P.consume_back("?");
    // `~LO..HI`, `*M`, `@N`: a constant's range, the multiple it must be,
    // and the argument number ptxas names it by (setmaxnreg: 1).
    std::string Range;
    if (size_t Eq = P.find('~'); Eq != StringRef::npos) {
      StringRef R = P.substr(Eq + 1);
      P = P.substr(0, Eq);
      int64_t Lo = 0, Hi = 0;
      unsigned Step = 0;
      int Arg = -1;
      auto [LoText, Rest] = R.split("..");
      StringRef HiText =
          Rest.take_until([](char C) { return C == '*' || C == '@'; });
      Rest = Rest.drop_front(HiText.size());
      if (LoText.getAsInteger(10, Lo) || HiText.getAsInteger(10, Hi) || Hi < Lo)
        Fail("bad range '" + R + "'");
      if (Rest.consume_front("*")) {
        StringRef M = Rest.take_until([](char C) { return C == '@'; });
        Rest = Rest.drop_front(M.size());
        if (M.getAsInteger(10, Step) || !Step)
          Fail("bad multiple in '" + R + "'");
      }
      if (Rest.consume_front("@") && Rest.getAsInteger(10, Arg))
        Fail("bad argument number in '" + R + "'");
      Range = ", " + std::to_string(Lo) + ", " + std::to_string(Hi) + ", " +
              std::to_string(Step) + ", " + std::to_string(Arg);
    }
    bool Packed = P.consume_back("+");
    bool Symbol = P.consume_back("&");
    bool Special = P.consume_back("%");
    bool Sink = P.consume_back("/_");
    bool ConstOnly = P.consume_back("#");
    bool Negatable = P.consume_front("!");
    StringRef Cls;
    if (size_t Colon = P.find(':'); Colon != StringRef::npos) {
      Cls = P.substr(Colon + 1);
      P = P.substr(0, Colon);
    }
    // An optional operand may stand between required ones (bar.red's b in
    // `d, a, b?, !c`): when fewer are written, the last optional ones are
    // those left out (GeneralOperands.cpp).
    if (!Optional)
      ++Required;
    // `.sel`: the video selector the operand may carry.
    std::string Sel;
    if (size_t Dot = P.find('.'); Dot != StringRef::npos) {
      static const std::map<std::string, std::string> Sels = {
          {"sel", "Scalar"},     {"hsel", "Half"},      {"bsel", "Byte"},
          {"hmask", "HalfMask"}, {"bmask", "ByteMask"}, {"simd", "Simd"}};
      auto It = Sels.find(P.substr(Dot + 1).str());
      if (It == Sels.end())
        Fail("unknown video selector '" + P.substr(Dot) + "'");
      Sel = It->second;
      P = P.substr(0, Dot);
    }
    std::string Role = "Source", Class = "InstrType";
    std::vector<std::string> Flags;
    std::string Name = P.str();
    if (P.startswith("[") && P.endswith("]")) {
      Role = "Address";
      Class = "Any";
      Name = P.drop_front().drop_back().str();
    } else if (P.startswith("{") && P.endswith("}")) {
      Flags.push_back("SF_Vector");
      Name = P.drop_front().drop_back().str();
    } else if (P == "L") {
      Role = "Label";
      Class = "Any";
    } else if (P == "T") {
      Role = "Targets";
      Class = "Any";
    }
    StringRef N(Name);
    if (N.contains('|'))
      Flags.push_back("SF_PredOut");
    StringRef Base = N.split('|').first;
    if (Role == "Source" &&
        (Base == "d" || Base == "p" || Base == "q" || Base == "f"))
      Role = "Dest";
    if (Name.empty() ||
        !llvm::all_of(Base, [](char C) { return isAlnum(C) || C == '_'; }))
      Fail("bad operand '" + P + "'");
    if (!Cls.empty()) {
      static const std::map<std::string, std::string> Classes = {
          {"u32", "Int32"},
          {"s32", "Int32"},
          {"b32", "Int32"},
          {"b64", "Data64"},
          {"u64", "Data64"},
          {"s64", "Data64"},
          {"f32", "ReduxF32"},
          {"addr", "IntAddr"},
          {"data32", "Data32"},
          {"pred", "Pred"},
          {"wide", "Wide"},
          {"atype", "SourceType"},
          {"any", "Any"},
          {"relaxed", "Relaxed"},
          {"arelaxed", "SourceRelaxed"},
          {"x8", "Packed8"},
          {"x16", "Packed16"},
          {"x32", "Packed32"}};
      auto It = Classes.find(Cls.str());
      if (It == Classes.end())
        Fail("unknown operand class ':" + Cls + "'");
      Class = It->second;
    }
    // A 32-bit integer operand (shl's b, bfe's c, bar's a) takes no float
    // constant (ptxas 13.0: "Arguments mismatch").
    // A predicate source (selp's c, setp's c) takes an integer constant
    // (ptxas 13.0: `selp.u32 %r1, %r2, %r3, 1`).
    // A packed narrow-format source (cvt's .e4m3x2 a) takes no constant, an
    // `:f32` one (createpolicy.fractional's fraction, cvt's .f32 pair) a
    // float constant only (ptxas 13.0: `createpolicy.fractional.L2::evict_last
    // .b64 %rd1, 0` is "Arguments mismatch").
    // An `:addr` source (isspacep's a) takes an integer constant only
    // (ptxas 13.0: `isspacep.local p, 1.5` is "Arguments mismatch").
    if (Role == "Source" &&
        (Class == "Int32" || Class == "Pred" || Class == "IntAddr"))
      Flags.push_back("SF_IntImm");
    else if (Role == "Source" && Class == "ReduxF32")
      Flags.push_back("SF_F32Imm | SF_F64Imm");
    else if (Role == "Source" && Class.rfind("Packed", 0) != 0)
      Flags.push_back("SF_IntImm | SF_F32Imm | SF_F64Imm");
    if (Optional)
      Flags.push_back("SF_Optional");
    if (Negatable)
      Flags.push_back("SF_Negatable");
    if (Symbol)
      Flags.push_back("SF_Symbol");
    if (Special)
      Flags.push_back("SF_SpecialReg");
    if (Sink) // on `d|p/_`, either may be the sink (lop3's `_|p`, `d|_`)
      Flags.push_back(N.contains('|') ? "SF_SinkDest | SF_SinkPred"
                                      : "SF_SinkDest");
    if (ConstOnly)
      Flags.push_back("SF_ConstOnly");
    if (Packed)
      Flags.push_back("SF_Packed");
    Init += StringRef(LS).str() + "{" + quote(Name) + ", SlotRole::" + Role +
            ", SlotClass::" + Class + ", " +
            (Flags.empty() ? std::string("SF_None") : join(Flags, " | ")) +
            (Sel.empty() && Values.empty() && Range.empty()
                 ? ""
                 : ", VideoSel::" + (Sel.empty() ? "None" : Sel)) +
            (Values.empty() && Range.empty() ? "" : ", " + quote(Values)) +
            Range + "}";
  }
  if (Parts.empty())
    Init += "{}";
  return Init + "}";
}

/// Emits an operand list's slot array once per distinct text; returns the
/// `OperandList` initializer.
class ArgArrays {
  std::map<std::string, std::string> Names; // text -> initializer
public:
  std::string get(raw_ostream &OS, Record *Where, StringRef Text) {
    if (Text.empty())
      return "{}";
    auto It = Names.find(Text.str());
    if (It != Names.end())
      return It->second;
    unsigned Required;
    std::string Slots = parseArgs(Where, Text, Required);
    std::string Id = "Args" + utostr(Names.size());
    // constexpr throughout: the tables are constant-initialized data, not a
    // static constructor the optimizer labours over (minutes at -O3).
    OS << "constexpr OperandSlot " << Id << "[] = " << Slots << ";\n";
    unsigned Count = StringRef(Text).count(',') + 1;
    OS << "static_assert(std::size(" << Id << ") == " << Count << ");\n";
    std::string Init =
        "{" + quote(Text) + ", " + Id + ", " + utostr(Required) + "}";
    Names.emplace(Text.str(), Init);
    return Init;
  }
};

void emitSyntaxRows(raw_ostream &OS, RecordKeeper &Records) {
  emitSourceFileHeader("Syntax rows of the general instructions "
                       "(lib/ISA/td/Forms)",
                       OS);
  std::vector<Record *> Rows = inOrder(Records, "Syntax");
  struct Emitted {
    std::string Opcode;
    std::string Init;
  };
  std::vector<Emitted> Out;
  StringSet<> Opcodes;
  for (Record *Op : Records.getAllDerivedDefinitions("Opcode"))
    Opcodes.insert(Op->getValueAsString("Name"));
  std::map<std::string, Record *> OpcodeArgs;
  for (Record *A : Records.getAllDerivedDefinitions("OperandsOf")) {
    std::string Op = A->getValueAsString("Opcode").str();
    if (!Opcodes.count(Op))
      PrintFatalError(A->getLoc(), "'" + Op + "' is no opcode");
    if (!OpcodeArgs.emplace(Op, A).second)
      PrintFatalError(A->getLoc(), "opcode '" + Op + "' has two OperandsOf");
  }
  OS << "namespace {\n\n";
  ArgArrays Args;
  unsigned K = 0;
  for (Record *Row : Rows) {
    std::string Opcode;
    std::vector<PatternElem> Elems = parsePattern(Row, Records, Opcode);
    if (!Opcodes.count(Opcode))
      PrintFatalError(Row->getLoc(), "syntax '" +
                                         Row->getValueAsString("Pattern") +
                                         "': '" + Opcode + "' is no opcode");
    std::string Id = "Row" + utostr(K++);
    OS << "constexpr SyntaxElem " << Id << "Elems[] = {";
    ListSeparator LS(", ");
    for (const PatternElem &E : Elems)
      OS << LS << "{" << quote(join(E.Words, ",")) << ", " << quote(E.Name)
         << ", WordKind::" << E.Kind << ", " << (E.Optional ? "true" : "false")
         << ", " << quote(E.Multiple) << ", " << quote(E.Repeated) << ", "
         << quote(E.Sequence) << ", " << quote(E.Twice) << "}";
    if (Elems.empty())
      OS << "{}";
    OS << "};\n";
    // A list of records naming an element of the row (Element; empty: none,
    // where \p MayBeEmpty), emitted as an array of \p Type with the fields
    // \p Fields after the element.
    auto EmitNamed = [&](StringRef Field, StringRef Type, StringRef Suffix,
                         ArrayRef<StringRef> Fields, bool MayBeEmpty) {
      std::vector<Record *> Rs = Row->getValueAsListOfDefs(Field);
      if (Rs.empty())
        return std::string("{}");
      OS << "constexpr " << Type << " " << Id << Suffix << "[] = {";
      ListSeparator LS2(", ");
      for (Record *R : Rs) {
        StringRef El = R->getValueAsString("Element");
        if (!(MayBeEmpty && El.empty()) &&
            !llvm::any_of(Elems,
                          [&](const PatternElem &E) { return E.Name == El; }))
          PrintFatalError(R->getLoc(), "'" + El + "' is no element of '" +
                                           Row->getValueAsString("Pattern") +
                                           "'");
        OS << LS2 << "{" << quote(El);
        for (StringRef F : Fields)
          OS << ", " << quote(R->getValueAsString(F));
        OS << "}";
      }
      OS << "};\n";
      return Id + Suffix.str();
    };
    std::string Missing = EmitNamed("MissingMessages", "MissingMessage",
                                    "Missing", {"Message"}, false);
    std::string Refused = EmitNamed("Refusals", "Refusal", "Refusals",
                                    {"Words", "Message"}, true);
    Record *ArgsFrom = Row;
    StringRef ArgText = Row->getValueAsString("Args");
    if (ArgText.empty() && OpcodeArgs.count(Opcode)) {
      ArgsFrom = OpcodeArgs[Opcode];
      ArgText = ArgsFrom->getValueAsString("Args");
    }
    std::string ArgInit = Args.get(OS, ArgsFrom, ArgText);
    // Warp-level rows: their brace-list operands, collective and contract.
    std::vector<Record *> Vecs = Row->getValueAsListOfDefs("VectorOperands");
    std::string VecOps = "{}";
    if (!Vecs.empty()) {
      OS << "constexpr RowOperand " << Id << "VectorOperands[] = {";
      ListSeparator LS3(", ");
      for (Record *V : Vecs)
        OS << LS3 << "{SlotRole::" << cppOf(V, "Role") << ", "
           << V->getValueAsInt("Count") << ", "
           << quote(V->getValueAsString("Regs")) << ", "
           << quote(V->getValueAsString("Values")) << "}";
      OS << "};\n";
      VecOps = Id + "VectorOperands";
    }
    int64_t Min = Row->getValueAsInt("MinOperands");
    int64_t Max = Row->getValueAsInt("MaxOperands");
    if (Min < 0 && !Vecs.empty())
      Min = Max = int64_t(Vecs.size());
    std::string Op = "false, SemanticOp::Generic";
    if (auto *D = dyn_cast<DefInit>(Row->getValueInit("Op"))) {
      if (cppOf(D->getDef(), "Kind") != "Collective")
        PrintFatalError(Row->getLoc(), "a row computes a Collective<>");
      Op = "true, SemanticOp::" + D->getDef()->getName().str();
    }
    std::string WordGates = "{}";
    std::vector<Record *> WGs = Row->getValueAsListOfDefs("WordGates");
    if (!WGs.empty()) {
      OS << "constexpr QualGate " << Id << "WordGates[] = {";
      ListSeparator LS4(", ");
      for (Record *Q : WGs)
        OS << LS4 << qualGateInit(Q);
      OS << "};\n";
      WordGates = Id + "WordGates";
    }
    Out.push_back(
        {Opcode,
         "{" + quote(Opcode) + ", " + Id + "Elems, " + utostr(Elems.size()) +
             ", " + gateInit(Row->getValueAsDef("G")) + ", " + itostr(Min) +
             ", " + itostr(Max) + ", " +
             quote(Row->getValueAsString("Pattern")) + ", " + Missing + ", " +
             ArgInit + ", " + Refused + ", " +
             quote(Row->getValueAsString("NegationMessage")) + ", " +
             (Row->getValueAsBit("NegatesProductOrAddend") ? "true" : "false") +
             ", " + itostr(Row->getValueAsInt("PredOutput")) + ", " + VecOps +
             ", " + Op + ", WarpContract::" + cppOf(Row, "Contract") + ", " +
             WordGates + ", " +
             quote(Row->getValueAsString("DestSelectorMessage")) + ", " +
             quote(Row->getValueAsString("VectorSizeMessage")) + ", " +
             quote(Row->getValueAsString("OperandsName")) + "}"});
  }
  std::stable_sort(
      Out.begin(), Out.end(),
      [](const Emitted &A, const Emitted &B) { return A.Opcode < B.Opcode; });
  OS << "\nconstexpr SyntaxRow SyntaxRowTable[] = {\n";
  for (const Emitted &E : Out)
    OS << "    " << E.Init << ",\n";
  if (Out.empty())
    OS << "    {}\n";
  OS << "};\n\n} // namespace\n\n";
  OS << "llvm::ArrayRef<SyntaxRow> allSyntaxRows() {\n"
     << "  return llvm::makeArrayRef(SyntaxRowTable, " << Out.size()
     << ");\n}\n\n";
  // The operands of opcodes, rows or not.
  std::vector<StringMatcher::StringPair> ArgMatches;
  std::vector<std::string> ArgInits;
  for (auto &[Op, A] : OpcodeArgs) {
    ArgInits.push_back(Args.get(OS, A, A->getValueAsString("Args")));
    ArgMatches.emplace_back(Op, "return &OpcodeOperands[" +
                                    utostr(ArgInits.size() - 1) + "];");
  }
  OS << "constexpr OperandList OpcodeOperands[] = {\n";
  for (const std::string &I : ArgInits)
    OS << "    " << I << ",\n";
  if (ArgInits.empty())
    OS << "    {}\n";
  OS << "};\n\n";
  OS << "static const OperandList *opcodeOperands(llvm::StringRef Name) {\n";
  StringMatcher("Name", ArgMatches, OS).Emit();
  OS << "  return nullptr;\n}\n\n";
  // The kind of every word a qualifier may be.
  std::vector<StringMatcher::StringPair> Matches;
  std::set<std::string> Seen;
  for (auto [Set, Kind] :
       {std::pair<const char *, const char *>{"types", "Type"},
        {"roundings", "Rounding"},
        {"spaces", "Space"}})
    for (const std::string &W : globalSet(Records, Set))
      if (Seen.insert(W).second)
        Matches.emplace_back(W, std::string("return WordKind::") + Kind + ";");
  std::vector<StringMatcher::StringPair> Notes;
  for (Record *M : Records.getAllDerivedDefinitions("TypeMismatchMessage"))
    Notes.emplace_back(M->getValueAsString("Word").str(),
                       "return " + quote(M->getValueAsString("Message")) + ";");
  std::vector<StringMatcher::StringPair> Untaken;
  std::set<std::string> SeenUntaken;
  for (Record *S : Records.getAllDerivedDefinitions("WordSet")) {
    StringRef Msg = S->getValueAsString("Untaken");
    if (Msg.empty() || S->isSubClassOf("Words"))
      continue;
    SmallVector<StringRef, 16> Parts;
    S->getValueAsString("Words").split(Parts, ',');
    for (StringRef W : Parts)
      if (SeenUntaken.insert(W.str()).second)
        Untaken.emplace_back(W.str(), "return " + quote(Msg) + ";");
  }
  OS << "llvm::StringRef untakenMessage(llvm::StringRef Word) {\n";
  StringMatcher("Word", Untaken, OS).Emit();
  OS << "  return {};\n}\n\n";
  OS << "llvm::StringRef typeMismatchMessage(llvm::StringRef Word) {\n";
  StringMatcher("Word", Notes, OS).Emit();
  OS << "  return {};\n}\n\n";
  std::vector<StringMatcher::StringPair> Illegal;
  std::set<std::string> IllegalSeen;
  for (Record *M : Records.getAllDerivedDefinitions("IllegalMessage")) {
    SmallVector<StringRef, 8> Parts;
    M->getValueAsString("Words").split(Parts, ',');
    for (StringRef W : Parts)
      if (!IllegalSeen.insert(W.str()).second)
        PrintFatalError(M->getLoc(), "'" + W + "' has two illegal messages");
      else
        Illegal.emplace_back(
            W.str(), "return " + quote(M->getValueAsString("Message")) + ";");
  }
  OS << "llvm::StringRef illegalWordMessage(llvm::StringRef Word) {\n";
  StringMatcher("Word", Illegal, OS).Emit();
  OS << "  return {};\n}\n\n";
  OS << "WordKind wordKindOf(llvm::StringRef Word) {\n";
  StringMatcher("Word", Matches, OS).Emit();
  OS << "  return WordKind::Other;\n}\n";
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
