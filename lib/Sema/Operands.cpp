//===- Operands.cpp - Operand counts, kinds, register types, immediates --===//
//
// What ptxas 13.0 enforces (test/Sema/operands.ptx): the register type per
// slot class, immediates, the sink, counts and `|p`. Each message starts with
// ptxas's own text and then says what exactly is wrong.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

std::optional<uint64_t> intValueOf(const ast::Operand &O) {
  const auto *I = dyn_cast<ast::ImmOperand>(&O);
  if (!I || O.Negated)
    return std::nullopt;
  if (Optional<uint64_t> V = ast::evaluateInt(*I->Value))
    return *V;
  return std::nullopt;
}

namespace {

enum class ImmKind { Int, F32, F64, Symbolic };

ImmKind classify(const ast::Expr &E) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Int:
    return ImmKind::Int;
  case ast::Expr::Kind::Float:
    return cast<ast::FloatExpr>(&E)->isF32() ? ImmKind::F32 : ImmKind::F64;
  case ast::Expr::Kind::Unary:
    return classify(*cast<ast::UnaryExpr>(&E)->Sub);
  case ast::Expr::Kind::Name:
    return ImmKind::Symbolic;
  default:
    return ast::evaluateInt(E) ? ImmKind::Int : ImmKind::Symbolic;
  }
}

/// ptxas's own overflow test, reconstructed by probing ptxas 13.0: it
/// accumulates digits into 64 bits and reports "Constant overflow" when the
/// value before a multiply already has its top bit set. So 2^64 and
/// 0x1ffffffffffffffff pass while 20 nines or 0xfffffffffffffffff fail.
bool ptxasOverflows(StringRef Text) {
  unsigned Base = 10;
  if (Text.startswith_insensitive("0x")) {
    Base = 16;
    Text = Text.drop_front(2);
  } else if (Text.startswith_insensitive("0b")) {
    Base = 2;
    Text = Text.drop_front(2);
  } else if (Text.size() > 1 && Text.front() == '0') {
    Base = 8;
  }
  uint64_t V = 0;
  for (char C : Text) {
    unsigned D;
    if (C >= '0' && C <= '9')
      D = C - '0';
    else if (C >= 'a' && C <= 'f')
      D = C - 'a' + 10;
    else if (C >= 'A' && C <= 'F')
      D = C - 'A' + 10;
    else
      break; // the U suffix
    if (D >= Base)
      break;
    if (V >> 63)
      return true;
    V = V * Base + D;
  }
  return false;
}

const ast::IntExpr *findOverflow(const ast::Expr &E) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Int: {
    const auto *I = cast<ast::IntExpr>(&E);
    return I->Overflow && ptxasOverflows(I->text()) ? I : nullptr;
  }
  case ast::Expr::Kind::Unary:
    return findOverflow(*cast<ast::UnaryExpr>(&E)->Sub);
  case ast::Expr::Kind::Binary: {
    const auto *B = cast<ast::BinaryExpr>(&E);
    if (const ast::IntExpr *L = findOverflow(*B->LHS))
      return L;
    return findOverflow(*B->RHS);
  }
  default:
    return nullptr;
  }
}

} // namespace

bool SemaState::reportOverflow(const ast::Expr &E) {
  const ast::IntExpr *Big = findOverflow(E);
  if (Big)
    report(DiagID::LiteralOverflow, Big->Range)
        << "Constant overflow: '" << Big->text() << "' does not fit in 64 bits";
  return Big;
}

namespace {

bool slotAccepts(isa::SlotClass C, isa::PtxType T, bool F16x2VotePred,
                 std::optional<isa::PtxType> InstrType) {
  using isa::PtxType;
  switch (C) {
  case isa::SlotClass::Data32:
    return T == PtxType::B32 || T == PtxType::U32 || T == PtxType::S32 ||
           T == PtxType::F32 || T == PtxType::F16x2 || T == PtxType::BF16x2;
  case isa::SlotClass::Int32:
    return T == PtxType::B32 || T == PtxType::U32 || T == PtxType::S32;
  case isa::SlotClass::ReduxF32:
    return T == PtxType::F32 || T == PtxType::B32;
  case isa::SlotClass::Data64:
    return T == PtxType::B64 || T == PtxType::U64 || T == PtxType::S64 ||
           T == PtxType::F64;
  case isa::SlotClass::Pred:
    return T == PtxType::Pred;
  case isa::SlotClass::VotePred:
    // ptxas 13.0 quirk: with -arch sm_90 or higher it accepts an .f16x2
    // register in a vote.sync .pred slot (e.g. cases quirk-00038 and
    // quirk-00046 of test/Inputs/ptxas/cases.txt).
    return T == PtxType::Pred || (F16x2VotePred && T == PtxType::F16x2);
  case isa::SlotClass::InstrType:
    return !InstrType || isa::isTypeCompatible(*InstrType, T);
  case isa::SlotClass::Any:
    return true;
  }
  return true;
}

/// Checks the operands of one instruction against one operand list.
class OperandChecker {
public:
  OperandChecker(SemaState &S, StringRef Name,
                 std::optional<isa::PtxType> InstrType, bool F16x2VotePred)
      : S(S), Name(Name), InstrType(InstrType), F16x2VotePred(F16x2VotePred) {}

  bool Ok = true;

  void mismatch(SMRange R, const Twine &Why) {
    Ok = false;
    S.report(DiagID::OperandType, R)
        << "Arguments mismatch for instruction '" << Name << "': " << Why.str();
  }

  /// The operand's position (0 = the first), for ptxas's "Argument N".
  unsigned ArgIndex = 0;

  void checkSlot(const isa::OperandSlot &Slot, const ast::Operand &O) {
    if (Slot.Role == isa::SlotRole::Dest)
      checkDest(Slot, O);
    else
      checkSource(Slot, O);
  }

  void checkDest(const isa::OperandSlot &Slot, const ast::Operand &O) {
    if (O.Negated) {
      mismatch(O.Range, "a destination cannot be negated");
      return;
    }
    switch (O.getKind()) {
    case ast::Operand::Kind::Imm:
      Ok = false;
      S.report(DiagID::OperandType, O.Range)
          << "Result register required for instruction '" << Name
          << "': destination '" << O.text() << "' is a constant";
      return;
    case ast::Operand::Kind::Sink:
      checkSinkDest(Slot, O);
      if (Slot.has(isa::SF_PredOutRequired))
        predExpected(O.Range, "'" + Name.str() + "' needs 'd|p'");
      return;
    case ast::Operand::Kind::Name:
      checkRegister(Slot, *cast<ast::NameOperand>(&O), /*IsDest=*/true);
      if (Slot.has(isa::SF_PredOutRequired))
        predExpected(O.Range, "'" + Name.str() + "' needs 'd|p'");
      return;
    case ast::Operand::Kind::Pair: {
      const auto *P = cast<ast::PairOperand>(&O);
      if (llvm::isa<ast::SinkOperand>(P->First))
        checkSinkDest(Slot, *P->First);
      else if (const auto *N = dyn_cast<ast::NameOperand>(P->First))
        checkRegister(Slot, *N, /*IsDest=*/true);
      else
        mismatch(P->First->Range, "expected a register");
      if (!Slot.has(isa::SF_PredOut))
        return; // reported by the caller
      checkPredOut(Slot, *P->Second);
      return;
    }
    case ast::Operand::Kind::Vector:
      if (Slot.Class == isa::SlotClass::InstrType) {
        S.checkDeclaredNames(O);
        return;
      }
      vectorNotAllowed(*cast<ast::VectorOperand>(&O));
      return;
    default:
      mismatch(O.Range, "expected a register as destination");
      return;
    }
  }

  void checkSinkDest(const isa::OperandSlot &Slot, const ast::Operand &O) {
    if (Slot.has(isa::SF_SinkDest))
      return;
    Ok = false;
    S.report(DiagID::BadSink, O.Range)
        << "Result discard mode is not allowed for instruction '" << Name
        << "': its result cannot be '_'";
  }

  void predExpected(SMRange R, const Twine &Why) {
    Ok = false;
    S.report(DiagID::PredicateOutput, R)
        << "Predicate output expected for instruction '" << Name
        << "': " << Why.str();
  }

  void checkPredOut(const isa::OperandSlot &Slot, const ast::Operand &P) {
    if (llvm::isa<ast::SinkOperand>(&P)) {
      if (!Slot.has(isa::SF_SinkPred))
        predExpected(P.Range, "the predicate of 'd|p' cannot be '_' here");
      return;
    }
    const auto *N = dyn_cast<ast::NameOperand>(&P);
    if (!N || P.Negated) {
      predExpected(P.Range, "'" + P.text().str() + "' is not a predicate");
      return;
    }
    const Symbol *Sym = S.lookup(N->Name);
    if (!Sym) {
      Ok = false;
      unknown(*N);
      return;
    }
    if (Sym->Type != isa::PtxType::Pred)
      predExpected(P.Range, "'" + N->Name.str() + "' is declared ." +
                                typeText(Sym) + ", not .pred");
  }

  static std::string typeText(const Symbol *Sym) {
    return Sym->Type ? isa::typeName(*Sym->Type).str() : "?";
  }

  void unknown(const ast::NameOperand &N) {
    Ok = false;
    S.report(DiagID::UndeclaredSymbol, N.Range)
        << "Unknown symbol '" << N.Name << "'";
  }

  void checkRegister(const isa::OperandSlot &Slot, const ast::NameOperand &N,
                     bool IsDest) {
    if (const isa::SpecialReg *SR = isa::findSpecialReg(N.Name)) {
      checkSpecialReg(Slot, N, *SR, IsDest);
      return;
    }
    if (Slot.Class == isa::SlotClass::InstrType && !N.Name.startswith("%")) {
      // A variable, function or label symbol (mov.u64 %rd, sym).
      if (!S.isKnownName(N.Name))
        unknown(N);
      else if (!S.lookup(N.Name) && !S.Functions.count(N.Name) &&
               S.lookupLabel(N.Name))
        // ptxas 13.0 takes no label as a value (`mov.u64 %rd, L`).
        mismatch(N.Range, "'" + N.Name + "' is a label");
      return;
    }
    const Symbol *Sym = S.lookup(N.Name);
    if (!Sym) {
      unknown(N);
      return;
    }
    if (!Sym->Type) {
      mismatch(N.Range, "'" + N.Name + "' is not a register");
      return;
    }
    if (Sym->Space != ast::StateSpace::Reg &&
        Slot.Class != isa::SlotClass::InstrType) {
      // ptxas 13.0 numbers the operands from 0 (test/Sema/movmatrix.ptx).
      Ok = false;
      S.report(DiagID::OperandType, N.Range)
          << "Argument " << ArgIndex << " of instruction '" << Name
          << "': must be register ('" << N.Name << "' is a variable)";
      return;
    }
    bool F16 = F16x2VotePred;
    // A whole vector register packs into, or unpacks from, a scalar of its
    // total size (`mov.b32 %r, %v2b16`; PTX ISA 9.7.9.1 "mov").
    if (Sym->VectorWidth && N.Component.empty() && InstrType &&
        Slot.Class == isa::SlotClass::InstrType &&
        Sym->VectorWidth * isa::typeBits(*Sym->Type) ==
            isa::typeBits(*InstrType))
      return;
    if (!slotAccepts(Slot.Class, *Sym->Type, F16, InstrType)) {
      std::string Want =
          Slot.Class == isa::SlotClass::InstrType && InstrType
              ? "a register compatible with ." + isa::typeName(*InstrType).str()
              : isa::slotClassName(Slot.Class).str();
      mismatch(N.Range, "'" + N.Name + "' is declared ." +
                            isa::typeName(*Sym->Type) + " but operand '" +
                            Slot.Name + "' takes " + Want);
    }
  }

  void checkSpecialReg(const isa::OperandSlot &Slot, const ast::NameOperand &N,
                       const isa::SpecialReg &SR, bool IsDest) {
    if (!S.checkSpecialRegField(N, SR, Name)) {
      Ok = false;
      return;
    }
    if (IsDest) {
      Ok = false;
      S.report(DiagID::SpecialRegister, N.Range)
          << "Read-only special register cannot be destination argument: '"
          << N.text() << "'";
      return;
    }
    if (Slot.has(isa::SF_SpecialReg)) {
      // mov/cvt read special registers; the instruction type must be an
      // integer/bit type of the register's size (ptxas 13.0; the sreg-* cases
      // of test/Sema/ptxas-expectations.test).
      if (InstrType && isa::typeKind(*InstrType) == isa::TypeKind::Float) {
        Ok = false;
        S.report(DiagID::SpecialRegister, N.Range)
            << "Special register argument not allowed for instruction '" << Name
            << "' with a floating-point type";
        return;
      }
      if (InstrType && !isa::isTypeCompatible(*InstrType, SR.Ty) &&
          !(SR.Legacy16 && isa::typeBits(*InstrType) == 16))
        mismatch(N.Range, "'" + N.text() + "' is ." + isa::typeName(SR.Ty) +
                              ", not compatible with ." +
                              isa::typeName(*InstrType));
      return;
    }
    if (Slot.Class == isa::SlotClass::VotePred ||
        Slot.Class == isa::SlotClass::Pred) {
      mismatch(N.Range,
               "special register '" + N.text() + "' is not a predicate");
      return;
    }
    Ok = false;
    S.report(DiagID::SpecialRegister, N.Range)
        << "Special register argument not allowed for instruction '" << Name
        << "': copy '" << N.text() << "' into a register with mov first";
  }

  void checkSource(const isa::OperandSlot &Slot, const ast::Operand &O) {
    // `!` on a constant is its logical negation and is accepted wherever the
    // constant is (ptxas 13.0 takes `!1` in vote, case imm-00587 of
    // test/Inputs/ptxas/cases.txt, and `!0xffffffff` as a membermask).
    if (O.Negated && !Slot.has(isa::SF_Negatable) &&
        !llvm::isa<ast::ImmOperand>(&O)) {
      Ok = false;
      S.report(DiagID::OperandType, O.Range)
          << "Illegal argument to predicate negation: operand '" << Slot.Name
          << "' of '" << Name << "' cannot be negated";
      return;
    }
    switch (O.getKind()) {
    case ast::Operand::Kind::Name: {
      const auto *N = cast<ast::NameOperand>(&O);
      if (O.Negated) {
        const Symbol *Sym = S.lookup(N->Name);
        // The .f16x2 vote quirk does not extend to `!` (type-* cases).
        if (Sym && Sym->Type != isa::PtxType::Pred) {
          Ok = false;
          S.report(DiagID::OperandType, O.Range)
              << "Illegal argument to predicate negation: '" << N->Name
              << "' is declared ." << typeText(Sym) << ", not .pred";
          return;
        }
        if (!Sym && !isa::findSpecialReg(N->Name)) {
          unknown(*N);
          return;
        }
      }
      checkRegister(Slot, *N, /*IsDest=*/false);
      return;
    }
    case ast::Operand::Kind::Imm:
      if (isNegatedRegister(*cast<ast::ImmOperand>(&O))) {
        Ok = false;
        S.report(DiagID::OperandType, O.Range)
            << "Operand negation not allowed for instruction '" << Name << "'";
        return;
      }
      checkImmediate(Slot, *cast<ast::ImmOperand>(&O));
      return;
    case ast::Operand::Kind::Sink:
      Ok = false;
      S.report(DiagID::BadSink, O.Range)
          << "the sink '_' cannot be a source operand of '" << Name << "'";
      return;
    case ast::Operand::Kind::Vector:
      if (Slot.Class == isa::SlotClass::InstrType) {
        S.checkDeclaredNames(O);
        return;
      }
      vectorNotAllowed(*cast<ast::VectorOperand>(&O));
      return;
    default:
      mismatch(O.Range,
               "operand '" + Slot.Name + "' cannot be '" + O.text() + "'");
      return;
    }
  }

  /// A brace list where a scalar register goes. ptxas 13.0 says "Vector
  /// operand is not allowed", except for a list whose elements all have the
  /// instruction's type, which it takes as a mismatched value
  /// (movmatrix.b16 `{%h0, %h1}`; test/Sema/movmatrix.ptx, operands.ptx).
  void vectorNotAllowed(const ast::VectorOperand &V) {
    S.checkDeclaredNames(V);
    bool OfInstrType = InstrType && !V.Elements.empty();
    for (const ast::Operand *E : V.Elements) {
      const auto *N = dyn_cast<ast::NameOperand>(E);
      const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
      OfInstrType &= Sym && Sym->Type && *Sym->Type == *InstrType;
    }
    if (OfInstrType && V.Elements.size() > 1) {
      mismatch(V.Range, "a brace list is not a register");
      return;
    }
    Ok = false;
    S.report(DiagID::OperandType, V.Range)
        << "Vector operand is not allowed for instruction '" << Name << "'";
  }

  /// `-%r1`: the parser reads it as an expression; ptxas 13.0 as a negated
  /// register operand, which the warp instructions do not take.
  bool isNegatedRegister(const ast::ImmOperand &O) {
    const auto *U = dyn_cast<ast::UnaryExpr>(O.Value);
    const auto *N = U && U->Op == ast::UnaryOp::Neg
                        ? dyn_cast<ast::NameExpr>(U->Sub)
                        : nullptr;
    const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
    return Sym && Sym->Space == ast::StateSpace::Reg;
  }

  void checkImmediate(const isa::OperandSlot &Slot, const ast::ImmOperand &O) {
    if (S.reportOverflow(*O.Value)) {
      Ok = false;
      return;
    }
    ImmKind K = classify(*O.Value);
    if (Slot.Class == isa::SlotClass::InstrType && InstrType &&
        K != ImmKind::Symbolic) {
      checkTypedImmediate(Slot, O, K);
      return;
    }
    bool Allowed = false;
    StringRef What;
    switch (K) {
    case ImmKind::Int:
      Allowed = Slot.has(isa::SF_IntImm);
      What = "an integer constant";
      break;
    case ImmKind::F32:
      Allowed = Slot.has(isa::SF_F32Imm);
      What = "a 0f float constant";
      break;
    case ImmKind::F64:
      Allowed = Slot.has(isa::SF_F64Imm);
      What = "a double constant";
      break;
    case ImmKind::Symbolic:
      Allowed = Slot.Class == isa::SlotClass::InstrType;
      What = "a symbolic expression";
      if (Allowed)
        S.checkDeclaredNames(O);
      break;
    }
    if (!Allowed)
      mismatch(O.Range, "operand '" + Slot.Name + "' cannot be " + What);
  }

  /// A literal in an operand that follows the instruction type (probed
  /// with ptxas 13.0): integers only for non-float types; float literals for
  /// float types, or a bit type of the literal's own size (0f for .b32, 0d
  /// for .b64).
  void checkTypedImmediate(const isa::OperandSlot &Slot,
                           const ast::ImmOperand &O, ImmKind K) {
    isa::TypeKind TK = isa::typeKind(*InstrType);
    unsigned Bits = isa::typeBits(*InstrType);
    bool Allowed;
    if (K == ImmKind::Int)
      Allowed = TK != isa::TypeKind::Float;
    else if (TK == isa::TypeKind::Float)
      Allowed = true;
    else if (TK == isa::TypeKind::Bit && *InstrType != isa::PtxType::F16x2 &&
             *InstrType != isa::PtxType::BF16x2)
      Allowed = (K == ImmKind::F32 && Bits == 32) ||
                (K == ImmKind::F64 && Bits == 64 &&
                 cast<ast::FloatExpr>(stripUnary(*O.Value))->Spell ==
                     ast::FloatExpr::Spelling::HexF64);
    else
      Allowed = false;
    if (!Allowed)
      mismatch(O.Range, "constant '" + O.text() + "' does not fit type ." +
                            isa::typeName(*InstrType));
  }

  static const ast::Expr *stripUnary(const ast::Expr &E) {
    if (const auto *U = dyn_cast<ast::UnaryExpr>(&E))
      return stripUnary(*U->Sub);
    return &E;
  }

private:
  SemaState &S;
  StringRef Name;
  std::optional<isa::PtxType> InstrType;
  bool F16x2VotePred;
};

} // namespace

bool SemaState::checkOperands(const ast::InstructionStmt &I,
                              const isa::InstrFamily &F,
                              const isa::InstrForm &Form,
                              const ResolvedQuals &Q) {
  std::optional<isa::PtxType> InstrType;
  if (!Q.Type.empty())
    InstrType = isa::parseType(Q.Type);
  std::optional<isa::SmTarget> A = arch();
  bool F16x2VotePred = Form.Legacy || (A && A->Number >= 90);
  OperandChecker C(*this, F.DiagName, InstrType, F16x2VotePred);
  ArrayRef<isa::OperandSlot> Slots = Form.Operands;
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  if (!Ops.empty() && llvm::isa<ast::PairOperand>(Ops[0]) &&
      !Slots.front().has(isa::SF_PredOut)) {
    C.Ok = false;
    report(DiagID::PredicateOutput, Ops[0]->Range)
        << "Predicate output not allowed for instruction '"
        << (isa::warpOpKind(Form.Op) == isa::WarpOpKind::Match
                ? StringRef("match.any")
                : F.DiagName)
        << "': '" << Form.Name << "' has no '|p' output";
  }
  if (Ops.size() != Slots.size()) {
    report(DiagID::OperandCount, I.OpcodeRange)
        << "Arguments mismatch for instruction '" << F.DiagName << "': '"
        << Form.Name << "' takes " << Slots.size() << " operand"
        << (Slots.size() == 1 ? "" : "s") << " (" << Form.Syntax << "), got "
        << Ops.size();
    for (const ast::Operand *O : Ops)
      checkDeclaredNames(*O);
    return false;
  }
  for (unsigned N = 0; N != Slots.size(); ++N) {
    C.ArgIndex = N;
    C.checkSlot(Slots[N], *Ops[N]);
  }
  return C.Ok;
}

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
  std::optional<StringRef> Modes = isa::typeRequirement(I.Opcode);
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

void SemaState::checkGeneral(const ast::InstructionStmt &I,
                             const isa::InstrFamily *F) {
  // Opcodes with syntax rows: the rows say which words they take.
  bool HasRows = !isa::syntaxRowsOf(I.Opcode).empty();
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
    B << "Arguments mismatch for instruction '" << F->DiagName << "': takes "
      << Min;
    if (Max != Min)
      B << " to " << Max;
    B << " operands, got " << N;
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  // The cache-policy operand comes with .L2::cache_hint, and only with it
  // (ptxas 13.0; st.async and st.bulk take a third operand of their own).
  int Policy = isa::cachePolicyOperandOf(I.Opcode);
  if (Policy >= 0 && !I.hasQualifier("async") && !I.hasQualifier("bulk")) {
    bool Hint = I.hasQualifier("L2::cache_hint");
    if (!Hint && N == unsigned(Policy) + 1)
      report(DiagID::OperandCount, I.OpcodeRange)
          << ".L2::cache_hint modifier required for instruction '"
          << F->DiagName << "' with " << N
          << " arguments: the last one is a cache policy";
    else if (Hint && N != unsigned(Policy) + 1)
      report(DiagID::OperandCount, I.OpcodeRange)
          << "Arguments mismatch for instruction '" << F->DiagName
          << "': .L2::cache_hint takes a cache-policy operand";
  }
  if (!F->Groups.empty() && !HasRows)
    checkGeneralQualifiers(*this, I, *F);
  if (Row && !Row->Operands.empty())
    return checkRowOperands(I, *Row); // RowOperands.cpp
  if (F->BarrierIdLimit && N != 0)
    if (std::optional<uint64_t> Id = intValueOf(*I.Operands[0]))
      if (*Id >= F->BarrierIdLimit)
        report(DiagID::OperandType, I.Operands[0]->Range)
            << "Barrier number '" << *Id
            << "' out of range, expected to be in range [0.."
            << F->BarrierIdLimit - 1 << "]";
  if (F->Forms.empty()) {
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
