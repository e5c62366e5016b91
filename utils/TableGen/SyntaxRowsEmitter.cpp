//===- SyntaxRowsEmitter.cpp - ptxwarp-tblgen -gen-syntax-rows ------------===//
//
// Emits the general instructions' syntax rows (lib/ISA/td) as the constexpr
// table lib/ISA/SyntaxRows.cpp includes, with the word sets and operand
// lists they name checked while they are read.
//
//===----------------------------------------------------------------------===//

#include "TableGenUtil.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/StringMatcher.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>
#include <set>

namespace ptxwarp_tblgen {
namespace {

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

} // namespace

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

} // namespace ptxwarp_tblgen
