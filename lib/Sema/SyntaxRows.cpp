//===- SyntaxRows.cpp - A general instruction's qualifiers, by its rows ---===//
//
// The rows of lib/ISA/td/Forms/*.td say which qualifier words an opcode
// takes, the way the PTX ISA writes its syntax. ptxas 13.0 reads them so
// (test/Sema/syntax-rows.ptx pins each message):
// - a word of the opcode's variant words written right after the opcode
//   names the instruction ('mul.wide', 'div.full'), and so do the next ones
//   as long as some row's variant goes on with them
//   ('barrier.cluster.arrive'); elsewhere it is an unknown modifier (or, for
//   .hi/.lo, a comparison); an opcode all of whose
//   rows have one is no name without it ('mul24': "Not a name of any known
//   instruction"), unless its rows give the message for the missing word
//   (dp2a);
// - the type words, in order, must be a row's types: "Unexpected
//   instruction types specified for 'mul.wide'";
// - every other word may come in any order and must fill an element of such
//   a row: unknown, illegal, rounding and state-space words each have their
//   message, and a word that only rows of other types take "does not apply";
// - two different words for one element ("Multiple rounding modifiers
//   specified", also for one word twice when the element's set has such a
//   message), words no row takes together ("cannot be combined") and a
//   missing required element ("Rounding modifier required") come from the
//   row the instruction is closest to; ptxas names some words by their kind
//   ("Illegal modifier 'Clamp'", the table's IllegalMessage, or a word set's
//   Untaken message: "Illegal matrix shape");
// - a row that fits may still be refused with ptxas's message (its
//   Refusals: `vadd2.sat.add`);
// - among rows the words fit, the first whose operand count (Operands<>)
//   takes the instruction's (min.f32 with two or three inputs, setp with
//   and without its boolean operation);
// - words of a sequence (mma's layouts) fill the row's elements of that
//   sequence in the order written: "Illegal alayout '.col'";
// - the row's gate, with the row's feature name.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include "llvm/ADT/SmallString.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

/// Whether element \p K of \p R is its variant word ('mul.wide').
bool isVariantElem(const isa::SyntaxRow &R, unsigned K) {
  const isa::SyntaxElem &E = R.elems()[K];
  if (K != 0 || E.Optional || E.Kind == isa::WordKind::Type)
    return false;
  SmallVector<StringRef, 4> Parts;
  E.Words.split(Parts, ',');
  StringRef Variants = isa::variantWords(R.Opcode);
  return llvm::any_of(
      Parts, [&](StringRef P) { return isa::listContains(Variants, P); });
}

/// Every word some syntax row or the modifier vocabulary knows. A word that
/// only names instructions ('mul.wide', 'shf.l') is no modifier to ptxas
/// ("Unknown modifier '.wide'"), unless ptxas reads it as a comparison or
/// names its kind (.r: 'Component').
bool isKnownWord(StringRef W) {
  if (!isa::illegalWordMessage(W).empty() || isa::isComparisonQualifier(W) ||
      !isa::untakenMessage(W).empty())
    return true;
  // Built on first need, each from every row: Names, the variant words
  // (a short list, from the rows' first elements), and Known, every other
  // row word (long: valid modules rarely need it, since nearly every word
  // they write is in the modifier vocabulary).
  static const StringSet<> Names = [] {
    StringSet<> N;
    for (const isa::SyntaxRow &R : isa::allSyntaxRows())
      if (!R.elems().empty() && isVariantElem(R, 0)) {
        SmallVector<StringRef, 8> Parts;
        R.elems()[0].Words.split(Parts, ',');
        for (StringRef P : Parts)
          N.insert(P);
      }
    return N;
  }();
  auto InKnown = [](StringRef W) {
    static const StringSet<> Known = [] {
      StringSet<> K;
      for (const isa::SyntaxRow &R : isa::allSyntaxRows())
        for (unsigned E = 0; E != R.elems().size(); ++E)
          if (E != 0 || !isVariantElem(R, 0)) {
            SmallVector<StringRef, 8> Parts;
            R.elems()[E].Words.split(Parts, ',');
            for (StringRef P : Parts)
              K.insert(P);
          }
      return K;
    }();
    return Known.count(W) != 0;
  };
  if (Names.count(W))
    return InKnown(W);
  return isa::isKnownModifier(W) ||
         isa::wordKindOf(W) != isa::WordKind::Other || InKnown(W);
}

/// Fills {a}/{word}, {b}/{type} and {instr} of a table message.
std::string fill(StringRef Msg, StringRef A, StringRef B, StringRef Instr) {
  return fillMessage(
      Msg, {{"a", A}, {"word", A}, {"b", B}, {"type", B}, {"instr", Instr}});
}

/// How well the words fit one row: the first problem, if any.
struct Fit {
  enum Kind {
    Fits,
    Multiple,
    Stranger,
    Missing,
    Repeated,  // the same word twice, where ptxas says so
    OutOfTurn, // a sequence's word its element in turn does not take
    TooMany    // more words of a sequence than the row has elements
  } K = Fits;
  unsigned Problems = 0;
  StringRef A, B;                        // the words of the problem
  const isa::SyntaxElem *Elem = nullptr; // the element of the problem
  SmallVector<StringRef, 8> Filled;      // the word of each element
};

bool takes(const isa::SyntaxElem &E, StringRef W) {
  return isa::listContains(E.Words, W);
}

/// The instruction's type words match the row's type elements in order.
bool typesMatch(const isa::SyntaxRow &R, ArrayRef<StringRef> Types) {
  SmallVector<const isa::SyntaxElem *, 4> Elems;
  unsigned Required = 0;
  for (const isa::SyntaxElem &E : R.elems())
    if (E.Kind == isa::WordKind::Type) {
      Elems.push_back(&E);
      Required += !E.Optional;
    }
  if (Types.size() < Required || Types.size() > Elems.size())
    return false;
  // Optional type elements are left out from the front (`{.atype}` rows
  // are rare and have one).
  size_t Skip = Elems.size() - Types.size();
  unsigned T = 0;
  for (const isa::SyntaxElem *E : Elems) {
    if (E->Optional && Skip) {
      --Skip;
      continue;
    }
    if (!takes(*E, Types[T++]))
      return false;
  }
  return Skip == 0;
}

/// The type written at the row's type element \p Index (the types match
/// the row); empty for an optional element left out.
StringRef typeAt(const isa::SyntaxRow &R, ArrayRef<StringRef> Types,
                 unsigned Index) {
  ArrayRef<isa::SyntaxElem> Elems = R.elems();
  unsigned NumTypeElems = 0;
  for (const isa::SyntaxElem &E : Elems)
    NumTypeElems += E.Kind == isa::WordKind::Type;
  size_t Skip = NumTypeElems - Types.size();
  unsigned T = 0;
  for (unsigned K = 0; K != Elems.size(); ++K) {
    if (Elems[K].Kind != isa::WordKind::Type)
      continue;
    if (Elems[K].Optional && Skip) {
      --Skip;
      if (K == Index)
        return {};
      continue;
    }
    if (K == Index)
      return Types[T];
    ++T;
  }
  return {};
}

Fit fitRow(const isa::SyntaxRow &R, ArrayRef<StringRef> Words) {
  Fit F;
  ArrayRef<isa::SyntaxElem> Elems = R.elems();
  SmallVector<StringRef, 8> &Filled = F.Filled;
  Filled.resize(Elems.size());
  auto Note = [&](Fit::Kind K, StringRef A, StringRef B,
                  const isa::SyntaxElem *E) {
    if (F.K == Fit::Fits) {
      F.K = K;
      F.A = A;
      F.B = B;
      F.Elem = E;
    }
    ++F.Problems;
  };
  // The sequence \p W belongs to in this row, by the words of its elements.
  auto SequenceOf = [&](StringRef W) -> StringRef {
    for (const isa::SyntaxElem &E : Elems)
      if (!E.Sequence.empty() && takes(E, W))
        return E.Sequence;
    for (const isa::SyntaxElem &E : Elems)
      for (const isa::SyntaxElem &O : Elems)
        if (!E.Sequence.empty() && O.Sequence == E.Sequence && takes(O, W))
          return E.Sequence;
    return {};
  };
  StringMap<unsigned> Turn; // words of each sequence seen so far
  for (StringRef W : Words) {
    if (StringRef Seq = SequenceOf(W); !Seq.empty()) {
      unsigned N = Turn[Seq]++, Seen = 0;
      int Slot = -1;
      for (unsigned K = 0; K != Elems.size() && Slot < 0; ++K)
        if (Elems[K].Sequence == Seq && Seen++ == N)
          Slot = K;
      if (Slot < 0)
        Note(Fit::TooMany, W, Seq, nullptr);
      else if (!takes(Elems[Slot], W))
        Note(Fit::OutOfTurn, W, "", &Elems[Slot]);
      if (Slot >= 0)
        Filled[Slot] = W;
      continue;
    }
    // An empty element that takes the word first (`createpolicy`'s
    // secondary priority after an equal primary), else one it repeats: a
    // word written twice is fine, unless its element's set has a message for
    // that (Repeated: "Duplicate .wait modifier") or counts it as a second
    // word ("Multiple rounding modifiers specified" for .rn.rn).
    int Slot = -1, Same = -1, Taken = -1;
    for (unsigned K = 0; K != Elems.size(); ++K) {
      if (Elems[K].Kind == isa::WordKind::Type || !takes(Elems[K], W))
        continue;
      if (Filled[K].empty()) {
        Slot = K;
        break;
      }
      if (Filled[K] == W &&
          (Elems[K].Multiple.empty() || !Elems[K].Repeated.empty() ||
           isa::listContains(Elems[K].Twice, W))) {
        if (Same < 0)
          Same = K;
        continue;
      }
      Taken = K;
    }
    if (Slot < 0 && Same >= 0)
      Slot = Same;
    if (Slot >= 0 && Filled[Slot] == W && !Elems[Slot].Repeated.empty() &&
        !isa::listContains(Elems[Slot].Twice, W))
      Note(Fit::Repeated, W, W, &Elems[Slot]);
    else if (Slot >= 0)
      Filled[Slot] = W;
    else if (Taken >= 0)
      Note(Fit::Multiple, Filled[Taken], W, &Elems[Taken]);
    else
      Note(Fit::Stranger, W, "", nullptr);
    // A word the row does not take at all weighs more than a missing one.
    F.Problems += Slot < 0 && Taken < 0;
  }
  for (unsigned K = 0; K != Elems.size(); ++K)
    if (!Elems[K].Optional && Elems[K].Kind != isa::WordKind::Type &&
        Filled[K].empty())
      Note(Fit::Missing, Elems[K].Name, "", &Elems[K]);
  return F;
}

} // namespace

void SemaState::checkWordGates(const isa::SyntaxRow &R,
                               const ast::InstructionStmt &I) {
  if (ModuleBroken || !Version || !Target)
    return;
  for (const isa::QualGate &QG : R.WordGates) {
    if (!I.hasQualifier(QG.Value))
      continue;
    if (*Version < QG.MinVersion) {
      auto B = report(DiagID::VersionGate, I.OpcodeRange);
      B << QG.VersionMessage;
      noteVersion(B);
    }
    if (Target->Number < QG.MinTarget) {
      auto B = report(DiagID::TargetGate, I.OpcodeRange);
      B << QG.TargetMessage;
      noteTarget(B);
    }
    if (!QG.OnlyTargets.empty() &&
        !isa::listContains(QG.OnlyTargets, Target->name())) {
      auto B = report(DiagID::TargetGate, I.OpcodeRange);
      B << fillMessage(QG.TargetMessage, {{"target", Target->Spelling}})
        << "; requires .target one of " << QG.OnlyTargets;
      noteTarget(B);
    }
  }
}

/// The operand count in decimal, written backwards from \p End.
static StringRef countDigits(size_t Count, char *End) {
  char *At = End;
  do
    *--At = char('0' + Count % 10);
  while (Count /= 10);
  return StringRef(At, End - At);
}

/// Brace lists and addresses pick among warp-level rows too.
static char operandKindChar(const ast::Operand *O) {
  return llvm::isa<ast::VectorOperand>(O)    ? 'v'
         : llvm::isa<ast::AddressOperand>(O) ? 'a'
                                             : 's';
}

/// The syntax-row cache key of \p I: `opcode.word.word/count` and a kind
/// letter per operand (the operand count picks among rows with the same
/// words).
static void syntaxRowKey(const ast::InstructionStmt &I,
                         SmallVectorImpl<char> &Key) {
  Key.append(I.Opcode.begin(), I.Opcode.end());
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Key.push_back('.');
    Key.append(Q.Text.begin(), Q.Text.end());
  }
  Key.push_back('/');
  char Digits[24];
  StringRef Count = countDigits(I.Operands.size(), Digits + sizeof(Digits));
  Key.append(Count.begin(), Count.end());
  for (const ast::Operand *O : I.Operands)
    Key.push_back(operandKindChar(O));
}

/// Whether \p Key is syntaxRowKey(\p I), without building it.
static bool matchesSyntaxRowKey(StringRef Key, const ast::InstructionStmt &I) {
  if (!Key.consume_front(I.Opcode))
    return false;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (!Key.consume_front(".") || !Key.consume_front(Q.Text))
      return false;
  char Digits[24];
  if (!Key.consume_front("/") ||
      !Key.consume_front(
          countDigits(I.Operands.size(), Digits + sizeof(Digits))) ||
      Key.size() != I.Operands.size())
    return false;
  for (size_t K = 0; K != Key.size(); ++K)
    if (Key[K] != operandKindChar(I.Operands[K]))
      return false;
  return true;
}

const isa::SyntaxRow *
SemaState::checkSyntaxRows(const ast::InstructionStmt &I) {
  ArrayRef<isa::SyntaxRow> All = isa::syntaxRowsOf(opcodeOf(I));
  if (All.empty())
    return nullptr;
  // A module repeats its mnemonics: the row of one seen before, by its words
  // (syntaxRowKey). Every instruction comes here, so the words' hash, which
  // the parser worked out already, finds the entry, and the key is only
  // compared; it is built when the hash is not known yet.
  uint64_t Hash = I.wordsHash();
  auto ByHash = SyntaxRowByHash.find(Hash);
  if (ByHash != SyntaxRowByHash.end() &&
      matchesSyntaxRowKey(ByHash->second->getKey(), I))
    return checkRowGates(ByHash->second->getValue(), I);
  SmallString<64> Key;
  syntaxRowKey(I, Key);
  auto Cached = SyntaxRowCache.find(Key);
  if (Cached != SyntaxRowCache.end()) {
    SyntaxRowByHash[Hash] = &*Cached;
    return checkRowGates(Cached->second, I);
  }
  return findSyntaxRow(I, All, Key, Hash);
}

const isa::SyntaxRow *SemaState::checkRowGates(CachedRow &C,
                                               const ast::InstructionStmt &I) {
  // The gates read only the row, the words and the module's version and
  // target: once they report nothing for the entry's words under the
  // module's present gateState, they are not run again for those words.
  uint64_t State = gateState();
  if (C.CleanGates == State)
    return C.Row;
  unsigned Before = Reports;
  checkGate(C.Row->G, I.OpcodeRange, C.Row->Pattern);
  checkWordGates(*C.Row, I);
  if (Reports == Before)
    C.CleanGates = State;
  return C.Row;
}

uint64_t SemaState::gateState() const {
  // checkGate and checkWordGates read whether the module is broken, the
  // version and the target's number and suffix (and, in messages only,
  // their spellings).
  uint64_t S = uint64_t(1) << 63 | uint64_t(ModuleBroken) << 62;
  if (Version)
    S |= uint64_t(1) << 61 | uint64_t(Version->key() & 0xffffff) << 32;
  if (Target)
    S |= uint64_t(1) << 60 | uint64_t(unsigned(Target->Suffix) & 0xff) << 24 |
         (Target->Number & 0xffffff);
  return S;
}

const isa::SyntaxRow *SemaState::findSyntaxRow(const ast::InstructionStmt &I,
                                               ArrayRef<isa::SyntaxRow> All,
                                               StringRef Key, uint64_t Hash) {
  StringRef VariantWords = isa::variantWords(opcodeOf(I));
  // A row's variant: its leading required elements that take a variant word
  // (`mul.wide.type`, `mul.mode.type`, `barrier.cluster.arrive`).
  auto VariantLength = [&](const isa::SyntaxRow &R) {
    unsigned N = 0;
    for (const isa::SyntaxElem &E : R.elems()) {
      SmallVector<StringRef, 4> Parts;
      E.Words.split(Parts, ',');
      if (E.Optional || E.Kind == isa::WordKind::Type ||
          llvm::none_of(Parts, [&](StringRef P) {
            return isa::listContains(VariantWords, P);
          }))
        break;
      ++N;
    }
    return N;
  };
  // Whether the row's variant starts with \p V (and is exactly \p V).
  auto VariantStarts = [&](const isa::SyntaxRow &R, ArrayRef<StringRef> V,
                           bool Exact) {
    unsigned N = VariantLength(R);
    if (N < V.size() || (Exact && N != V.size()))
      return false;
    for (unsigned K = 0; K != V.size(); ++K)
      if (!takes(R.elems()[K], V[K]))
        return false;
    return true;
  };
  // The instruction's variant: the first word when it is a variant word,
  // then each next one as long as some row's variant goes on with it.
  ArrayRef<ast::Qualifier> Quals = I.Qualifiers;
  SmallVector<StringRef, 4> Variant;
  while (!Quals.empty() && isa::listContains(VariantWords, Quals[0].Text)) {
    Variant.push_back(Quals[0].Text);
    if (Variant.size() > 1 && llvm::none_of(All, [&](const isa::SyntaxRow &R) {
          return VariantStarts(R, Variant, false);
        })) {
      Variant.pop_back();
      break;
    }
    Quals = Quals.drop_front();
  }
  // ptxas names the instruction by each variant word up to its '::'
  // ('tcgen05.wait::ld' is 'tcgen05.wait').
  SmallString<32> Name(I.Opcode);
  for (StringRef V : Variant)
    Name += ("." + V.split("::").first).str();
  auto Error = [&](SMRange R) { return report(DiagID::BadQualifier, R); };

  // The rows of the variant: those whose first element is a required word
  // of the variant words (`mul.wide.type`, `mul.mode.type`).
  auto IsVariantRow = [&](const isa::SyntaxRow &R) {
    ArrayRef<isa::SyntaxElem> E = R.elems();
    if (E.empty() || E[0].Optional || E[0].Kind == isa::WordKind::Type)
      return false;
    SmallVector<StringRef, 4> Parts;
    E[0].Words.split(Parts, ',');
    return llvm::any_of(
        Parts, [&](StringRef P) { return isa::listContains(VariantWords, P); });
  };
  // An opcode all of whose rows have a variant word is no instruction name
  // without one ('mul24', 'shf': "Not a name of any known instruction"),
  // unless its rows say what ptxas reports when the variant word is missing
  // (dp2a: "'.hi/.lo' modifier required"); then they all compete.
  bool AllVariant = llvm::all_of(All, IsVariantRow);
  bool VariantMissingSaid =
      AllVariant && llvm::any_of(All[0].Missing, [&](const auto &M) {
        return M.Element == All[0].elems()[0].Name;
      });
  bool NoName = Variant.empty() && AllVariant && !VariantMissingSaid;
  auto RowVariant = [&](const isa::SyntaxRow &R) -> bool {
    if (!IsVariantRow(R))
      return Variant.empty();
    if (Variant.empty())
      return VariantMissingSaid;
    return VariantStarts(R, Variant, true);
  };

  SmallVector<StringRef, 4> Types;
  SmallVector<const ast::Qualifier *, 8> Others;
  bool Reported = false;
  for (const ast::Qualifier &Q : Quals) {
    StringRef W = Q.Text;
    if (isa::wordKindOf(W) == isa::WordKind::Type) {
      Types.push_back(W);
      continue;
    }
    if (isa::listContains(VariantWords, W)) {
      // ptxas reads .hi/.lo after the first word as comparisons, .r as a
      // component (which it does not mention when the instruction has no
      // name).
      bool Comparison = isa::isComparisonQualifier(W);
      StringRef Illegal = isa::illegalWordMessage(W);
      if (NoName && (Comparison || !Illegal.empty()))
        continue;
      if (Comparison)
        Error(Q.range()) << "Comparison qualifier is not allowed for "
                            "instruction '"
                         << Name << "'";
      else if (!Illegal.empty())
        Error(Q.range()) << fill(Illegal, W, "", Name);
      else
        Error(Q.range()) << "Unknown modifier '." << W << "'";
      Reported = true;
      continue;
    }
    if (!isKnownWord(W)) {
      Error(Q.range()) << "Unknown modifier '." << W << "'";
      Reported = true;
      continue;
    }
    Others.push_back(&Q);
  }
  if (NoName) {
    Error(I.OpcodeRange) << "Not a name of any known instruction: '" << I.Opcode
                         << "'";
    return nullptr;
  }

  SmallVector<const isa::SyntaxRow *, 8> Variants, Typed;
  for (const isa::SyntaxRow &R : All)
    if (RowVariant(R)) {
      Variants.push_back(&R);
      if (typesMatch(R, Types))
        Typed.push_back(&R);
    }
  if (Typed.empty()) {
    Error(I.OpcodeRange) << "Unexpected instruction types specified for '"
                         << Name << "'";
    return nullptr;
  }

  // Words no row of these types takes.
  SmallVector<StringRef, 8> Words;
  for (const ast::Qualifier *Q : Others) {
    StringRef W = Q->Text;
    auto In = [&](ArrayRef<const isa::SyntaxRow *> Rows) {
      return llvm::any_of(Rows, [&](const isa::SyntaxRow *R) {
        return llvm::any_of(R->elems(), [&](const isa::SyntaxElem &E) {
          return E.Kind != isa::WordKind::Type && takes(E, W);
        });
      });
    };
    if (In(Typed)) {
      Words.push_back(W);
      continue;
    }
    Reported = true;
    isa::WordKind Kind = isa::wordKindOf(W);
    auto HasKind = [&](isa::WordKind K) {
      return llvm::any_of(Variants, [&](const isa::SyntaxRow *R) {
        return llvm::any_of(
            R->elems(), [&](const isa::SyntaxElem &E) { return E.Kind == K; });
      });
    };
    StringRef Mismatch = isa::typeMismatchMessage(W);
    StringRef Illegal = isa::illegalWordMessage(W);
    StringRef Untaken = isa::untakenMessage(W);
    if (In(Variants) && !Mismatch.empty())
      Error(Q->range()) << fill(Mismatch, W,
                                Types.empty() ? StringRef() : Types[0], Name);
    else if (!Illegal.empty())
      Error(Q->range()) << fill(Illegal, W, "", Name);
    else if (!In(Variants) && !Untaken.empty())
      Error(Q->range()) << fill(Untaken, W, "", Name);
    else if (Kind == isa::WordKind::Rounding)
      Error(Q->range()) << "Illegal rounding modifier for instruction '" << Name
                        << "'";
    else if (Kind == isa::WordKind::Space && !HasKind(isa::WordKind::Space))
      Error(Q->range()) << "No state space qualifier expected for "
                           "instruction '"
                        << Name << "'";
    else if (Kind == isa::WordKind::Space)
      Error(Q->range()) << "State space incorrect for instruction '" << Name
                        << "'";
    else if (isa::isComparisonQualifier(W))
      Error(Q->range()) << "Comparison qualifier is not allowed for "
                           "instruction '"
                        << Name << "'";
    else
      Error(Q->range()) << "Illegal modifier '." << W << "' for instruction '"
                        << Name << "'";
  }
  if (Reported)
    return nullptr;

  // Two words of one element that has its own message ("Multiple cache
  // operation modifiers specified"), also the same word twice (`.rn.rn`,
  // `.global.global`): ptxas says so before anything else about the words.
  // Words another element of the row also takes are not counted, nor one
  // word twice where the set has its own message for that (Repeated).
  for (const isa::SyntaxRow *R : Typed)
    for (const isa::SyntaxElem &E : R->elems()) {
      if (E.Multiple.empty() || E.Kind == isa::WordKind::Type)
        continue;
      auto Elsewhere = [&](StringRef W) {
        return llvm::any_of(R->elems(), [&](const isa::SyntaxElem &O) {
          return &O != &E && O.Kind != isa::WordKind::Type && takes(O, W);
        });
      };
      StringRef First;
      for (StringRef W : Words) {
        if (!takes(E, W) || Elsewhere(W))
          continue;
        if (W == First &&
            (!E.Repeated.empty() || isa::listContains(E.Twice, W)))
          continue;
        if (!First.empty()) {
          Error(I.OpcodeRange) << fill(E.Multiple, First, W, Name);
          return nullptr;
        }
        First = W;
      }
    }

  // The row the words fit, or the closest one and its first problem; the
  // variant word fills the row's first element.
  Words.insert(Words.begin(), Variant.begin(), Variant.end());
  const isa::SyntaxRow *Best = nullptr, *Fitting = nullptr, *Missing = nullptr;
  Fit BestFit, MissingFit;
  // Rows with the same words may differ by their operand count (min.f32
  // with two or three inputs): the first row the count fits, else the first
  // row the words fit (whose count check then reports).
  // A warp-level row whose operands are described fits only when the brace
  // lists and addresses are where it has them (wgmma.mma_async's A: a
  // descriptor or a list of registers; tcgen05.mma's: a descriptor or an
  // address in Tensor Memory; with the same words and count).
  auto CountFits = [&](const isa::SyntaxRow &R) {
    unsigned N = I.Operands.size();
    if (R.MinOperands >= 0 &&
        (N < unsigned(R.MinOperands) || N > unsigned(R.MaxOperands)))
      return false;
    for (unsigned K = 0; K < N && K < R.VectorOperands.size(); ++K) {
      const isa::RowOperand &Spec = R.VectorOperands[K];
      bool Vector = llvm::isa<ast::VectorOperand>(I.Operands[K]);
      bool EitherWay =
          (Spec.Count == 0 && isa::listContains(Spec.Regs, "list")) ||
          (Spec.Role == isa::SlotRole::Dest &&
           llvm::isa<ast::SinkOperand>(I.Operands[K]));
      if ((!EitherWay && (Spec.Count != 0) != Vector) ||
          (Spec.Role == isa::SlotRole::Address) !=
              llvm::isa<ast::AddressOperand>(I.Operands[K]))
        return false;
    }
    return true;
  };
  for (const isa::SyntaxRow *R : Typed) {
    Fit F = fitRow(*R, Words);
    if (F.K == Fit::Fits && !CountFits(*R)) {
      Fitting = Fitting ? Fitting : R;
      continue;
    }
    if (F.K == Fit::Fits) {
      // A form ptxas reads but refuses.
      ArrayRef<isa::SyntaxElem> Elems = R->elems();
      for (const isa::Refusal &Ref : R->Refusals) {
        bool Applies = Ref.Element.empty();
        for (unsigned K = 0; K != Elems.size() && !Applies; ++K) {
          if (Elems[K].Name != Ref.Element)
            continue;
          StringRef W = F.Filled[K];
          // A type element: the type written at its place.
          if (Elems[K].Kind == isa::WordKind::Type)
            W = typeAt(*R, Types, K);
          Applies = !W.empty() && isa::listContains(Ref.Words, W);
        }
        if (Applies) {
          Error(I.OpcodeRange) << fill(Ref.Message, "", "", Name);
          return nullptr;
        }
      }
      auto &Entry = *SyntaxRowCache.try_emplace(Key, CachedRow{R, 0}).first;
      SyntaxRowByHash[Hash] = &Entry;
      return checkRowGates(Entry.second, I);
    }
    if (F.K == Fit::Missing && F.Problems == 1 && CountFits(*R) && !Missing) {
      Missing = R;
      MissingFit = F;
    }
    if (!Best || F.Problems < BestFit.Problems) {
      Best = R;
      BestFit = F;
    }
  }
  // The words fit only rows of another operand count, and a row of this
  // count lacks one element: that element is what ptxas reports (setp.eq
  // with a fourth operand: "Boolean operation is required").
  if (Fitting && Missing) {
    Best = Missing;
    BestFit = MissingFit;
  } else if (Fitting) {
    checkGate(Fitting->G, I.OpcodeRange, Fitting->Pattern);
    return Fitting;
  }
  SMRange Where = I.OpcodeRange;
  switch (BestFit.K) {
  case Fit::Fits:
    break;
  case Fit::Repeated:
    Error(Where) << fill(BestFit.Elem->Repeated, BestFit.A, BestFit.B, Name);
    break;
  case Fit::Multiple:
    if (!BestFit.Elem->Multiple.empty())
      Error(Where) << fill(BestFit.Elem->Multiple, BestFit.A, BestFit.B, Name);
    else
      Error(Where) << "Modifier '." << BestFit.B
                   << "' cannot be combined with modifier '." << BestFit.A
                   << "'";
    break;
  case Fit::Stranger: {
    // A word some row takes, but none with the others: name one of those.
    StringRef Other;
    for (StringRef W : Words)
      if (W != BestFit.A && llvm::none_of(Typed, [&](const isa::SyntaxRow *R) {
            Fit F = fitRow(*R, {BestFit.A, W});
            return F.K != Fit::Multiple && F.K != Fit::Stranger;
          })) {
        Other = W;
        break;
      }
    if (Other.empty() && Words.size() > 1)
      Other = Words.front() == BestFit.A ? Words.back() : Words.front();
    if (Other.empty()) {
      StringRef Illegal = isa::illegalWordMessage(BestFit.A);
      if (!Illegal.empty())
        Error(Where) << fill(Illegal, BestFit.A, "", Name);
      else
        Error(Where) << "Illegal modifier '." << BestFit.A
                     << "' for instruction '" << Name << "'";
      break;
    }
    Error(Where) << "Modifier '." << BestFit.A
                 << "' cannot be combined with modifier '." << Other << "'";
    break;
  }
  case Fit::OutOfTurn:
    Error(Where) << "Illegal " << BestFit.Elem->Name << " '." << BestFit.A
                 << "' for instruction '" << Name << "'";
    break;
  case Fit::TooMany:
    Error(Where) << "Parsing error near '." << BestFit.A << "': too many "
                 << BestFit.B << " specifiers";
    break;
  case Fit::Missing: {
    for (const isa::MissingMessage &M : Best->Missing)
      if (M.Element == BestFit.Elem->Name) {
        Error(Where) << fill(M.Message, "", "", Name);
        return nullptr;
      }
    if (BestFit.Elem->Kind == isa::WordKind::Rounding)
      Error(Where) << "Rounding modifier required for instruction '" << Name
                   << "'";
    else if (BestFit.Elem->Kind == isa::WordKind::Space)
      Error(Where) << "State space modifier required for instruction '" << Name
                   << "'";
    else
      Error(Where) << "Modifier '." << BestFit.Elem->Name
                   << "' required for instruction '" << Name << "'";
    break;
  }
  }
  return nullptr;
}

const isa::SyntaxRow *findSyntaxRow(const ast::InstructionStmt &I) {
  if (isa::syntaxRowsOf(I.Opcode).empty())
    return nullptr;
  DiagnosticEngine Scratch; // qualifier errors are the checker's business
  SemaState S(Scratch, {});
  return S.checkSyntaxRows(I);
}

} // namespace sema
} // namespace ptxwarp
