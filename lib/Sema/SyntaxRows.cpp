//===- SyntaxRows.cpp - A general instruction's qualifiers against its rows
//===//
//
// The rows of lib/ISA/td/Forms/*.td say which qualifier words an opcode
// takes, the way the PTX ISA writes its syntax. ptxas 13.0 reads them so
// (test/Sema/syntax-rows.ptx pins each message):
// - a word of the opcode's variant words written right after the opcode
//   names the instruction ('mul.wide', 'div.full'), and so do the next ones
//   as long as some row's variant goes on with them
//   ('barrier.cluster.arrive'); elsewhere it is an unknown modifier (or, for
//   .hi/.lo, a comparison);
// - the type words, in order, must be a row's types: "Unexpected
//   instruction types specified for 'mul.wide'";
// - every other word may come in any order and must fill an element of such
//   a row: unknown, illegal, rounding and state-space words each have their
//   message, and a word that only rows of other types take "does not apply";
// - two different words for one element ("Multiple rounding modifiers
//   specified"), words no row takes together ("cannot be combined") and a
//   missing required element ("Rounding modifier required") come from the
//   row the instruction is closest to, and so does one word written twice
//   where the row's set says ptxas refuses that ("Multiple .aligned
//   modifiers specified");
// - the row's gate, with the row's feature name.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include "llvm/ADT/SmallString.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

/// Every word some syntax row or the modifier vocabulary knows.
bool isKnownWord(StringRef W) {
  static const StringSet<> Words = [] {
    StringSet<> S;
    for (const isa::SyntaxRow &R : isa::allSyntaxRows())
      for (const isa::SyntaxElem &E : R.elems()) {
        SmallVector<StringRef, 8> Parts;
        E.Words.split(Parts, ',');
        for (StringRef P : Parts)
          S.insert(P);
      }
    return S;
  }();
  return Words.count(W) || isa::isKnownModifier(W) ||
         isa::wordKindOf(W) != isa::WordKind::Other;
}

/// Fills {a}/{word}, {b}/{type} and {instr} of a table message.
std::string fill(StringRef Msg, StringRef A, StringRef B, StringRef Instr) {
  std::string Out;
  while (!Msg.empty()) {
    size_t Open = Msg.find('{');
    Out += Msg.substr(0, Open).str();
    if (Open == StringRef::npos)
      break;
    size_t Close = Msg.find('}', Open);
    StringRef Key = Msg.slice(Open + 1, Close);
    Out += (Key == "a" || Key == "word"   ? A
            : Key == "b" || Key == "type" ? B
                                          : Instr)
               .str();
    Msg = Msg.substr(Close + 1);
  }
  return Out;
}

/// How well the words fit one row: the first problem, if any.
struct Fit {
  enum Kind { Fits, Multiple, Repeated, Stranger, Missing } K = Fits;
  unsigned Problems = 0;
  StringRef A, B;                        // the words of the problem
  const isa::SyntaxElem *Elem = nullptr; // the element of the problem
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

Fit fitRow(const isa::SyntaxRow &R, ArrayRef<StringRef> Words) {
  Fit F;
  ArrayRef<isa::SyntaxElem> Elems = R.elems();
  SmallVector<StringRef, 8> Filled(Elems.size());
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
  for (StringRef W : Words) {
    // An empty element that takes the word first (`createpolicy`'s
    // secondary priority after an equal primary), else one it repeats.
    int Slot = -1, Same = -1, Taken = -1;
    for (unsigned K = 0; K != Elems.size(); ++K) {
      if (Elems[K].Kind == isa::WordKind::Type || !takes(Elems[K], W))
        continue;
      if (Filled[K].empty()) {
        Slot = K;
        break;
      }
      if (Filled[K] == W) {
        if (Same < 0)
          Same = K;
        continue;
      }
      Taken = K;
    }
    if (Slot < 0 && Same >= 0) {
      Slot = Same;
      if (!Elems[Slot].Repeated.empty())
        Note(Fit::Repeated, W, W, &Elems[Slot]);
    }
    if (Slot >= 0)
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

const isa::SyntaxRow *
SemaState::checkSyntaxRows(const ast::InstructionStmt &I) {
  ArrayRef<isa::SyntaxRow> All = isa::syntaxRowsOf(I.Opcode);
  if (All.empty())
    return nullptr;
  StringRef VariantWords = isa::variantWords(I.Opcode);
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
  SmallString<32> Name(I.Opcode);
  for (StringRef V : Variant)
    Name += ("." + V).str();
  auto Error = [&](SMRange R) { return report(DiagID::BadQualifier, R); };

  // The rows of the variant.
  auto RowVariant = [&](const isa::SyntaxRow &R) -> bool {
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
      // ptxas reads .hi/.lo after the first word as comparisons.
      if (isa::isComparisonQualifier(W))
        Error(Q.range()) << "Comparison qualifier is not allowed for "
                            "instruction '"
                         << Name << "'";
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
    if (In(Variants) && !Mismatch.empty())
      Error(Q->range()) << fill(Mismatch, W,
                                Types.empty() ? StringRef() : Types[0], Name);
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

  // The row the words fit, or the closest one and its first problem; the
  // variant words fill the row's first elements.
  Words.insert(Words.begin(), Variant.begin(), Variant.end());
  // Of the rows the words fit, the first whose operand count is the
  // instruction's (`mbarrier.arrive` with a count has a gate of its own).
  const isa::SyntaxRow *Best = nullptr, *FirstFit = nullptr;
  Fit BestFit;
  int N = I.Operands.size();
  for (const isa::SyntaxRow *R : Typed) {
    Fit F = fitRow(*R, Words);
    if (F.K == Fit::Fits) {
      if (R->MinOperands < 0 || (N >= R->MinOperands && N <= R->MaxOperands)) {
        checkGate(R->G, I.OpcodeRange, Name);
        return R;
      }
      if (!FirstFit)
        FirstFit = R;
      continue;
    }
    if (!Best || F.Problems < BestFit.Problems) {
      Best = R;
      BestFit = F;
    }
  }
  if (FirstFit) {
    checkGate(FirstFit->G, I.OpcodeRange, Name);
    return FirstFit;
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
      Error(Where) << "Illegal modifier '." << BestFit.A
                   << "' for instruction '" << Name << "'";
      break;
    }
    Error(Where) << "Modifier '." << BestFit.A
                 << "' cannot be combined with modifier '." << Other << "'";
    break;
  }
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

} // namespace sema
} // namespace ptxwarp
