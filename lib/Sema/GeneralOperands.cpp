//===- GeneralOperands.cpp - The instructions that are not warp-level -----===//
//
// Their qualifiers against the syntax rows (SyntaxRows.cpp), their operand
// counts, and their operands against the table's operand lists
// (lib/ISA/td: OperandsOf, a row's Args) or, where the table has none yet,
// the older per-opcode rules: operand counts and typed families.
//
//===----------------------------------------------------------------------===//

#include "FunctionCFG.h"
#include "OperandChecker.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallString.h"

#include <cstring>

using namespace llvm;

namespace ptxwarp {
namespace sema {

/// General families that list their qualifiers: anything else (upper case,
/// `bar.sync.warp`) is "Unknown modifier" as in ptxas 13.0
/// (test/Sema/qualifiers.ptx).
static void checkGeneralQualifiers(SemaState &S, const ast::InstructionStmt &I,
                                   const isa::InstrFamily &F) {
  for (const ast::Qualifier &Q : I.Qualifiers) {
    bool Known = isa::parseType(Q.Text).has_value();
    for (const isa::QualGroup &G : F.Groups)
      Known |= isa::listContains(G.Values, Q.Text);
    if (!Known)
      S.report(DiagID::BadQualifier, Q.range())
          << "Unknown modifier '." << Q.Text << "' for instruction '"
          << F.DiagName << "'";
  }
  // A required word (setp's comparison) missing: ptxas's message.
  for (const isa::QualGroup &G : F.Groups) {
    if (!G.Required)
      continue;
    bool Present = false;
    for (const ast::Qualifier &Q : I.Qualifiers)
      Present |= isa::listContains(G.Values, Q.Text);
    if (!Present)
      S.report(DiagID::BadQualifier, I.OpcodeRange) << G.MissingMessage;
  }
}

/// A type word: the table's types and the narrow float formats ptx-lint
/// does not model (.e4m3x2, .ue8m0x2, .s4, ...).
static bool looksLikeType(StringRef Q) {
  if (isa::parseType(Q))
    return true;
  size_t Digit = Q.find_first_of("0123456789");
  return Digit != StringRef::npos && Digit != 0 &&
         isa::listContains("b,s,u,f,e,ue,bf,tf", Q.take_front(Digit));
}

/// "Unexpected instruction types specified for 'mul.wide'" when an opcode
/// that needs a type has none (ptxas 13.0; the table's Typed<> rows, whose
/// modes ptxas names with the opcode). Returns whether it reported.
static bool reportMissingType(SemaState &S, const ast::InstructionStmt &I) {
  std::optional<StringRef> Modes = isa::typeRequirement(S.opcodeOf(I));
  if (!Modes)
    return false;
  std::string Name = I.Opcode.str();
  bool Named = false;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    if (looksLikeType(Q.Text))
      return false;
    if (!Named && isa::listContains(*Modes, Q.Text)) {
      Name += "." + Q.Text.str();
      Named = true;
    }
  }
  S.report(DiagID::BadQualifier, I.OpcodeRange)
      << "Unexpected instruction types specified for '" << Name
      << "': it needs a type (.u32, .f32, ...)";
  return true;
}

std::string diagName(const ast::InstructionStmt &I) {
  std::string Name = I.Opcode.str();
  for (const ast::Qualifier &Q : I.Qualifiers) {
    if (!isa::listContains(isa::variantWords(I.Opcode), Q.Text))
      break;
    Name += "." + Q.Text.split("::").first.str();
  }
  return Name;
}

/// The cache-policy operand comes with .L2::cache_hint, and only with it
/// (ptxas 13.0; st.async and st.bulk take a third operand of their own).
/// Returns whether it reported.
static bool checkCachePolicy(SemaState &S, const ast::InstructionStmt &I) {
  int Policy = isa::cachePolicyOperandOf(S.opcodeOf(I));
  if (Policy < 0 || I.hasQualifier("async") || I.hasQualifier("bulk"))
    return false;
  unsigned N = I.Operands.size();
  bool Hint = I.hasQualifier("L2::cache_hint");
  if (!Hint && N == unsigned(Policy) + 1) {
    S.report(DiagID::OperandCount, I.OpcodeRange)
        << ".L2::cache_hint modifier required for instruction '" << diagName(I)
        << "' with " << N << " arguments: the last one is a cache policy";
    return true;
  }
  if (Hint && N != unsigned(Policy) + 1) {
    S.report(DiagID::OperandCount, I.OpcodeRange)
        << "Arguments mismatch for instruction '" << diagName(I)
        << "': .L2::cache_hint takes a cache-policy operand";
    return true;
  }
  return false;
}

/// \p Args as written, cut to its first \p Max operands: a row that takes
/// fewer operands than its opcode's list names only those ("d, a, b" of
/// min's "d, a, b, c?" for the two-input rows).
static std::string listedUpTo(const isa::OperandList &Args, unsigned Max) {
  if (Max >= Args.Slots.size())
    return Args.Text.str();
  SmallVector<StringRef, 8> Items;
  Args.Text.split(Items, ',');
  std::string Out;
  for (unsigned K = 0; K < Max && K < Items.size(); ++K)
    Out += (K ? ", " : "") + Items[K].trim().rtrim('?').str();
  return Out;
}

void SemaState::checkListedOperands(const ast::InstructionStmt &I,
                                    const isa::OperandList &Args,
                                    const isa::SyntaxRow *Row) {
  InstrName Name(I);
  std::optional<isa::PtxType> InstrType, SourceType;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (std::optional<isa::PtxType> T = isa::parseType(Q.Text)) {
      if (!InstrType)
        InstrType = T;
      SourceType = T;
    }
  unsigned N = I.Operands.size();
  unsigned Min = Args.Required, Max = Args.Slots.size();
  if (Row && Row->MinOperands >= 0) {
    Min = Row->MinOperands;
    Max = Row->MaxOperands;
  }
  if (N < Min || N > Max) {
    auto B = report(DiagID::OperandCount, I.OpcodeRange);
    B << "Arguments mismatch for instruction '" << Name << "': takes " << Min;
    if (Max != Min)
      B << " to " << Max;
    B << " operands (" << listedUpTo(Args, Max) << "), got " << N;
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  OperandChecker C(*this, Name, InstrType, false);
  C.StrictSymbols = true;
  C.SourceType = SourceType;
  C.VectorSize = I.vectorWidth();
  C.ReadsSpecialRegs = llvm::any_of(Args.Slots, [](const isa::OperandSlot &S) {
    return S.has(isa::SF_SpecialReg);
  });
  C.VideoList = llvm::any_of(Args.Slots, [](const isa::OperandSlot &S) {
    return S.Sel != isa::VideoSel::None;
  });
  if (Row) {
    C.DestSelectorMessage = Row->DestSelectorMessage;
    C.NegatedRegisters = Row->NegatesProductOrAddend;
  }
  // The operands written fill the slots in order; when fewer are written,
  // the last optional slots are those left out (bar.red's `d, a, b?, !c`
  // with three operands is d, a, c).
  size_t Slots = Args.Slots.size();
  size_t Skip = N < Slots ? Slots - N : 0;
  // (Only when some are left out: most instructions fill every slot.)
  llvm::SmallVector<bool, 8> Left;
  if (Skip) {
    Left.assign(Slots, false);
    for (size_t K = Slots; K-- != 0 && Skip;)
      if (Args.Slots[K].has(isa::SF_Optional)) {
        Left[K] = true;
        --Skip;
      }
  }
  size_t Slot = 0;
  for (unsigned K = 0; K != N; ++K, ++C.ArgIndex, ++Slot) {
    while (!Left.empty() && Slot < Slots && Left[Slot])
      ++Slot;
    C.checkSlot(Args.Slots[std::min(Slot, Slots - 1)], *I.Operands[K]);
    // The row requires `d|p` (lop3's boolean form): for a register d,
    // ptxas 13.0 says so once its type fits (`lop3.or.b32 %rs1, ...` is
    // "Arguments mismatch"; checkRowOperands reports the other operands).
    if (K == 0 && C.Ok && Row && Row->PredOutput == 1 &&
        llvm::isa<ast::NameOperand>(I.Operands[0]))
      report(DiagID::OperandType, I.Operands[0]->Range)
          << "Predicate output expected for instruction '" << Name << "'";
  }
}

/// A constant barrier number within the family's limit (bar: 0..15).
static void checkBarrierId(SemaState &S, const ast::InstructionStmt &I,
                           const isa::InstrFamily &F) {
  if (!F.BarrierIdLimit || I.Operands.empty())
    return;
  if (std::optional<uint64_t> Id = intValueOf(*I.Operands[0]))
    if (*Id >= F.BarrierIdLimit)
      S.report(DiagID::OperandType, I.Operands[0]->Range)
          << "Barrier number '" << *Id
          << "' out of range, expected to be in range [0.."
          << F.BarrierIdLimit - 1 << "]";
}

/// Whether \p E names nothing (literals and operators only).
static bool namesNothing(const ast::Expr &E) {
  bool None = true;
  forEachName(E, [&](StringRef) { None = false; });
  return None;
}

template <typename T> static void appendRaw(SmallVectorImpl<char> &Key, T V) {
  char Bytes[sizeof(T)];
  std::memcpy(Bytes, &V, sizeof(T));
  Key.append(Bytes, Bytes + sizeof(T));
}

/// A literal's text, after its length (one byte: longer ones are not keyed).
static bool appendText(SmallVectorImpl<char> &Key, StringRef Text) {
  if (Text.size() > 255)
    return false;
  Key.push_back(char(Text.size()));
  Key.append(Text.begin(), Text.end());
  return true;
}

/// Everything the checks read of a symbol (they read no name of it).
static void appendSymbol(SmallVectorImpl<char> &Key, const Symbol &S) {
  char Head[5] = {char(S.Type.has_value()), char(S.Type ? uint8_t(*S.Type) : 0),
                  char(S.Space), char(S.Role), char(S.Array)};
  Key.append(Head, Head + 5);
  appendRaw(Key, S.VectorWidth);
  if (S.Array) {
    appendRaw(Key, S.Bytes);
    appendRaw(Key, S.Align);
  }
}

bool SemaState::appendRegisterKey(SmallVectorImpl<char> &Key,
                                  StringRef Name) const {
  // What its symbol says. Not a name a special register's shadows
  // (`%envreg<40>` holds special and plain names alike).
  const Symbol *Sym = lookup(Name);
  if (!Sym || Sym->Space != ast::StateSpace::Reg || isa::findSpecialReg(Name))
    return false;
  appendSymbol(Key, *Sym);
  return true;
}

bool SemaState::appendOperandKey(SmallVectorImpl<char> &Key,
                                 const ast::Operand &O) const {
  Key.push_back(char(uint8_t(O.getKind()) | O.Negated << 4 | O.Minus << 5));
  switch (O.getKind()) {
  case ast::Operand::Kind::Name: {
    const auto &N = cast<ast::NameOperand>(O);
    return !O.Negated && !O.Minus && N.Component.empty() &&
           appendRegisterKey(Key, N.Name);
  }
  case ast::Operand::Kind::Imm: {
    const auto &Imm = cast<ast::ImmOperand>(O);
    return namesNothing(*Imm.Value) && appendText(Key, O.text());
  }
  case ast::Operand::Kind::Sink:
    return true;
  case ast::Operand::Kind::Pair: {
    const auto &P = cast<ast::PairOperand>(O);
    return appendOperandKey(Key, *P.First) && appendOperandKey(Key, *P.Second);
  }
  case ast::Operand::Kind::Vector: {
    ArrayRef<const ast::Operand *> Elements =
        cast<ast::VectorOperand>(O).Elements;
    appendRaw(Key, uint32_t(Elements.size()));
    for (const ast::Operand *E : Elements)
      if (!appendOperandKey(Key, *E))
        return false;
    return true;
  }
  case ast::Operand::Kind::Address: {
    // `[%rd1]`, `[%rd1+8]`: the register's symbol and the text around its
    // name (which says the rest); `[0x100]`: the text.
    const auto &A = cast<ast::AddressOperand>(O);
    if (!A.Base || !A.Rest.empty())
      return false;
    const ast::Expr *Base = A.Base;
    const auto *B = dyn_cast<ast::BinaryExpr>(Base);
    if (B && namesNothing(*B->RHS))
      Base = B->LHS;
    StringRef Text = O.text();
    if (const auto *N = dyn_cast<ast::NameExpr>(Base)) {
      Key.push_back('R');
      if (!appendRegisterKey(Key, N->Name))
        return false;
      const char *NameEnd = N->Range.End.getPointer();
      return appendText(Key,
                        StringRef(Text.data(),
                                  N->Range.Start.getPointer() - Text.data())) &&
             appendText(Key, StringRef(NameEnd, Text.end() - NameEnd));
    }
    Key.push_back('T');
    return namesNothing(*A.Base) && appendText(Key, Text);
  }
  case ast::Operand::Kind::List:
  case ast::Operand::Kind::String:
    return false;
  }
  return false;
}

bool SemaState::operandKey(const ast::InstructionStmt &I,
                           SmallVectorImpl<char> &Key) const {
  // The words, each ended by a NUL (no word holds one), and the operands.
  Key.append(I.Opcode.begin(), I.Opcode.end());
  Key.push_back(0);
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Key.append(Q.Text.begin(), Q.Text.end());
    Key.push_back(0);
  }
  Key.push_back(char(0xff)); // no word starts with it
  for (const ast::Operand *O : I.Operands)
    if (!appendOperandKey(Key, *O))
      return false;
  return true;
}

void SemaState::checkGeneral(const ast::InstructionStmt &I,
                             const isa::InstrFamily *F) {
  // Opcodes with syntax rows: the rows say which words they take.
  bool HasRows = !isa::syntaxRowsOf(opcodeOf(I)).empty();
  const isa::SyntaxRow *Row = HasRows ? checkSyntaxRows(I) : nullptr;
  if (HasRows && !Row) {
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  if (!HasRows && reportMissingType(*this, I)) {
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  const isa::OperandList *Args =
      Row ? (Row->Operands.empty() ? nullptr : &Row->Operands)
          : isa::operandsOf(I.Opcode);
  if (Args) {
    // The checks below read the instruction's words and what its operands
    // are, nothing else that changes in a body: an instruction that repeats
    // one they passed in silence passes again (most of a body does).
    SmallString<128> Key;
    uint64_t Hash = 0;
    bool Memo = Opts.MemoizeOperandChecks && operandKey(I, Key);
    if (Memo) {
      Hash = hash_value(Key.str());
      auto It = SilentOperands.find(Hash);
      if (It != SilentOperands.end() && It->second == Key.str()) {
        ++SilentOperandHits;
        return;
      }
    }
    unsigned Before = Reports;
    checkRelaxedOperands(I, Args); // ld/st/cvt register sizes (OperandSize.cpp)
    // Negated registers and `d|p` as the row says, then the list.
    if (!Row || checkRowOperands(I, *Row, /*Listed=*/true)) {
      if (!checkCachePolicy(*this, I))
        checkListedOperands(I, *Args, Row);
      else
        for (const ast::Operand *O : I.Operands)
          checkDeclaredNames(*O);
    }
    if (F)
      checkBarrierId(*this, I, *F);
    if (Memo && Reports == Before)
      SilentOperands.try_emplace(Hash, SilentKeys.save(Key.str()));
    return;
  }
  checkRelaxedOperands(I); // OperandSize.cpp
  checkExactOperands(I);
  if (!F) {
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  unsigned N = I.Operands.size();
  unsigned Min = F->MinOperands, Max = F->MaxOperands;
  if (Row && Row->MinOperands >= 0) {
    Min = Row->MinOperands;
    Max = Row->MaxOperands;
  }
  if (N < Min || N > Max) {
    auto B = report(DiagID::OperandCount, I.OpcodeRange);
    B << "Arguments mismatch for instruction '" << diagName(I) << "': takes "
      << Min;
    if (Max != Min)
      B << " to " << Max;
    B << " operands, got " << N;
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  checkCachePolicy(*this, I);
  if (!F->Groups.empty() && !HasRows)
    checkGeneralQualifiers(*this, I, *F);
  if (Row && !Row->VectorOperands.empty())
    return checkRowVectorOperands(I, *Row); // RowVectors.cpp
  checkBarrierId(*this, I, *F);
  if (F->Forms.empty()) {
    if (Row)
      checkRowOperands(I, *Row); // RowOperands.cpp
    if (checkImageOperands(*this, I))
      return;
    for (const ast::Operand *O : I.Operands) {
      if (const auto *Nm = dyn_cast<ast::NameOperand>(O))
        if (!F->ReadsSpecialRegs && isa::findSpecialReg(Nm->Name) &&
            O != I.Operands.front()) {
          report(DiagID::SpecialRegister, O->Range)
              << "Special register argument not allowed for instruction '"
              << F->DiagName << "': copy '" << O->text()
              << "' into a register with mov first";
          continue;
        }
      checkDeclaredNames(*O);
    }
    return;
  }
  // Typed families: every operand follows the instruction type.
  std::optional<isa::PtxType> InstrType;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto T = isa::parseType(Q.Text))
      InstrType = T;
  OperandChecker C(*this, F->DiagName, InstrType, false);
  const isa::InstrForm &Form = F->Forms.front();
  for (unsigned K = 0; K != N; ++K, ++C.ArgIndex)
    C.checkSlot(Form.Operands[std::min<unsigned>(K, Form.Operands.size() - 1)],
                *I.Operands[K]);
}

} // namespace sema
} // namespace ptxwarp
