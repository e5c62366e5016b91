//===- OperandSources.cpp - Source operands, brace lists and immediates ---===//
//
// OperandChecker's source-side rules (OperandChecker.h): a source operand
// by kind, brace lists and packing, vector moves, and the constants a slot
// takes (types, values, ranges), as ptxas 13.0 checks them.
//
//===----------------------------------------------------------------------===//

#include "OperandChecker.h"

namespace ptxwarp {
namespace sema {

void OperandChecker::checkSource(const isa::OperandSlot &Slot,
                                 const ast::Operand &O) {
  // `!` on a constant is its logical negation and is accepted wherever the
  // constant is (ptxas 13.0 takes `!1` in vote, case imm-00587 of
  // test/Inputs/ptxas/cases.txt, and `!0xffffffff` as a membermask).
  // A source of the instruction's type .pred may be negated too
  // (`mov.pred %p1, !%p2`, `and.pred`).
  bool PredValue = typedSlot(Slot) && InstrType == isa::PtxType::Pred;
  if (O.Negated && !Slot.has(isa::SF_Negatable) && !PredValue &&
      !llvm::isa<ast::ImmOperand>(&O)) {
    // A negated predicate where no predicate goes: ptxas 13.0 matches its
    // type first (`shl.b32 %r1, %r2, !%p1` is "Arguments mismatch").
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
    if (StrictSymbols && Sym && Sym->Space == ast::StateSpace::Reg &&
        Sym->Type == isa::PtxType::Pred) {
      mismatch(O.Range, "'" + N->Name + "' is a predicate, operand '" +
                            Slot.Name + "' is not");
      return;
    }
    Ok = false;
    S.report(DiagID::OperandType, O.Range)
        << "Illegal argument to predicate negation: operand '" << Slot.Name
        << "' of '" << Name << "' cannot be negated";
    return;
  }
  // A constant no register may replace (ptxas 13.0: alloca's alignment,
  // "Arguments mismatch for instruction 'alloca'").
  if (Slot.has(isa::SF_ConstOnly) &&
      (O.getKind() != ast::Operand::Kind::Imm ||
       classify(*cast<ast::ImmOperand>(&O)->Value) == ImmKind::Symbolic)) {
    S.checkDeclaredNames(O);
    mismatch(O.Range, "operand '" + Slot.Name + "' is a constant, not '" +
                          O.text() + "'");
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
    if (isNegatedRegister(*cast<ast::ImmOperand>(&O)) && NegatedRegisters) {
      // `-%r1`: its register.
      const auto *U = cast<ast::UnaryExpr>(cast<ast::ImmOperand>(&O)->Value);
      const auto *E = cast<ast::NameExpr>(U->Sub);
      checkRegister(Slot, ast::NameOperand(O.Range, E->Name),
                    /*IsDest=*/false);
      return;
    }
    if (Slot.simdVideo()) {
      incorrectSelector(O.Range, "operand '" + Slot.Name +
                                     "' is a register, not a constant");
      return;
    }
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
    // ptxas 13.0's message for the listed instructions (`nanosleep _`).
    if (StrictSymbols)
      S.report(DiagID::BadSink, O.Range)
          << "Result discard mode is not allowed for instruction '" << Name
          << "': the sink '_' cannot be a source operand";
    else
      S.report(DiagID::BadSink, O.Range)
          << "the sink '_' cannot be a source operand of '" << Name << "'";
    return;
  case ast::Operand::Kind::Vector:
    braceList(Slot, *cast<ast::VectorOperand>(&O));
    return;
  case ast::Operand::Kind::Address:
    addressAsRegister(Slot, *cast<ast::AddressOperand>(&O));
    return;
  default:
    mismatch(O.Range,
             "operand '" + Slot.Name + "' cannot be '" + O.text() + "'");
    return;
  }
}

void OperandChecker::braceList(const isa::OperandSlot &Slot,
                               const ast::VectorOperand &V) {
  if (Slot.has(isa::SF_Packed)) {
    packedList(Slot, V);
    return;
  }
  if (Slot.Class == isa::SlotClass::InstrType && !StrictSymbols) {
    S.checkDeclaredNames(V);
    checkPacking(V);
  } else {
    vectorNotAllowed(Slot, V);
  }
}

void OperandChecker::packedList(const isa::OperandSlot &Slot,
                                const ast::VectorOperand &V) {
  S.checkDeclaredNames(V);
  std::optional<isa::PtxType> T =
      Slot.Class == isa::SlotClass::SourceType ? SourceType : InstrType;
  if (!T)
    return;
  unsigned Bits = 0;
  for (const ast::Operand *E : V.Elements) {
    const auto *N = dyn_cast<ast::NameOperand>(E);
    const Symbol *Sym = N && !E->Negated ? S.lookup(N->Name) : nullptr;
    if (!Sym || Sym->Space != ast::StateSpace::Reg || !Sym->Type ||
        Sym->VectorWidth)
      return;
    Bits += isa::typeBits(*Sym->Type);
  }
  if (V.Elements.size() <= 4 && Bits == isa::typeBits(*T))
    return;
  mismatch(V.Range, "the brace list holds " + Twine(Bits) + " bits in " +
                        Twine(V.Elements.size()) + " registers, and operand '" +
                        Slot.Name + "' packs ." + isa::typeName(*T) +
                        " from up to four");
}

void OperandChecker::checkPacking(const ast::VectorOperand &V) {
  if (InstrType && VectorSize)
    return checkVectorMove(V);
  if (!InstrType)
    return;
  unsigned Bits = 0, Regs = 0;
  bool OfType = true;
  for (const ast::Operand *E : V.Elements) {
    if (llvm::isa<ast::SinkOperand>(E))
      continue;
    const auto *N = dyn_cast<ast::NameOperand>(E);
    const Symbol *Sym = N && !E->Negated ? S.lookup(N->Name) : nullptr;
    if (!Sym || Sym->Space != ast::StateSpace::Reg || !Sym->Type ||
        (Sym->VectorWidth && N->Component.empty()))
      return; // not a register: left to ptxas's other checks
    Bits += isa::typeBits(*Sym->Type);
    ++Regs;
    OfType &= isa::isTypeCompatible(*InstrType, *Sym->Type);
  }
  size_t Count = V.Elements.size();
  if (Regs && Regs != Count)
    Bits = Bits / Regs * Count; // each `_` the size of the registers
  if ((Count == 2 || Count == 4) && Bits == isa::typeBits(*InstrType) &&
      isa::typeKind(*InstrType) == isa::TypeKind::Bit)
    return;
  Ok = false;
  if (OfType && Regs) {
    S.report(DiagID::OperandType, V.Range)
        << "Argument vector size mismatch for instruction '" << Name
        << "': " << Count << " registers of ." << isa::typeName(*InstrType)
        << " do not pack into one";
    return;
  }
  mismatch(V.Range, "the brace list holds " + Twine(Bits) + " bits, and ." +
                        isa::typeName(*InstrType) + " packs " +
                        Twine(isa::typeBits(*InstrType)) +
                        " bits from two or four registers");
}

void OperandChecker::checkVectorMove(const ast::VectorOperand &V) {
  if (V.Elements.size() != VectorSize) {
    Ok = false;
    S.report(DiagID::OperandType, V.Range)
        << "Argument vector size mismatch for instruction '" << Name << "': '.v"
        << VectorSize << "' takes a brace list of " << VectorSize
        << " registers";
    return;
  }
  for (const ast::Operand *E : V.Elements) {
    const auto *N = dyn_cast<ast::NameOperand>(E);
    const Symbol *Sym = N && !E->Negated ? S.lookup(N->Name) : nullptr;
    if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type &&
        !Sym->VectorWidth && !isa::isTypeCompatible(*InstrType, *Sym->Type)) {
      mismatch(E->Range,
               "'" + N->Name + "' is declared ." + isa::typeName(*Sym->Type) +
                   ", not a register of ." + isa::typeName(*InstrType));
      return;
    }
  }
}

void OperandChecker::vectorNotAllowed(const isa::OperandSlot &Slot,
                                      const ast::VectorOperand &V) {
  S.checkDeclaredNames(V);
  if (bf16BraceList(Slot, V))
    return;
  std::optional<isa::PtxType> T = slotType(Slot);
  bool Mismatch = false;
  if (Slot.Class == isa::SlotClass::Int32 ||
      Slot.Class == isa::SlotClass::Pred) {
    Mismatch = true;
  } else if (relaxedSlot(Slot) && T) {
    // cvt: a register that the type would not take (`cvt.u64.u32 {%r1},
    // %r2`: a .b32 is narrower) makes it a mismatch.
    for (const ast::Operand *E : V.Elements) {
      const auto *N = dyn_cast<ast::NameOperand>(E);
      const Symbol *Sym = N && !E->Negated ? S.lookup(N->Name) : nullptr;
      if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type &&
          !isa::isRelaxedTypeCompatible(*T, *Sym->Type))
        Mismatch = true;
    }
  } else if (Slot.Class == isa::SlotClass::ReduxF32) {
    // cvt's .f32 pair: registers the slot would not take (`{%rd1, %rd2}`).
    for (const ast::Operand *E : V.Elements) {
      const auto *N = dyn_cast<ast::NameOperand>(E);
      const Symbol *Sym = N && !E->Negated ? S.lookup(N->Name) : nullptr;
      if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type &&
          !slotAccepts(Slot.Class, *Sym->Type, F16x2VotePred, InstrType))
        Mismatch = true;
    }
  } else if (typedSlot(Slot) || sourceSlot(Slot)) {
    // Of another type: a register of a kind the type does not take
    // (`set.eq.u32.f64 %r1, {%r1}, %fd3`).
    for (const ast::Operand *E : V.Elements) {
      const auto *N = dyn_cast<ast::NameOperand>(E);
      const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
      if (T && Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type &&
          isa::typeKind(*T) != isa::TypeKind::Bit &&
          !isa::isTypeCompatible(*T, *Sym->Type))
        Mismatch = true;
    }
    if (T && isa::typeKind(*T) == isa::TypeKind::Bit &&
        *T != isa::PtxType::F16x2 && *T != isa::PtxType::BF16x2) {
      unsigned Bits = 0;
      bool Registers = true;
      for (const ast::Operand *E : V.Elements) {
        const auto *N = dyn_cast<ast::NameOperand>(E);
        const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
        if (llvm::isa<ast::SinkOperand>(E) ||
            (Sym && Sym->Type == isa::PtxType::Pred))
          Mismatch = true;
        else if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type)
          Bits += isa::typeBits(*Sym->Type);
        else
          Registers = false; // a constant takes the size it needs
      }
      Mismatch |= Registers && Bits != isa::typeBits(*T);
    }
  } else {
    bool OfInstrType = InstrType && V.Elements.size() > 1;
    for (const ast::Operand *E : V.Elements) {
      const auto *N = dyn_cast<ast::NameOperand>(E);
      const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
      OfInstrType &= Sym && Sym->Type && *Sym->Type == *InstrType;
    }
    Mismatch = OfInstrType;
  }
  if (Mismatch) {
    mismatch(V.Range, "a brace list is not a register");
    return;
  }
  Ok = false;
  S.report(DiagID::OperandType, V.Range)
      << "Vector operand is not allowed for instruction '" << Name << "'";
}

bool OperandChecker::bf16BraceList(const isa::OperandSlot &Slot,
                                   const ast::VectorOperand &V) const {
  std::optional<isa::PtxType> T = slotType(Slot);
  if (!followsTypeWords(Slot) || !T ||
      (*T != isa::PtxType::BF16 && *T != isa::PtxType::BF16x2))
    return false;
  for (const ast::Operand *E : V.Elements) {
    const auto *N = dyn_cast<ast::NameOperand>(E);
    const Symbol *Sym = N && !E->Negated ? S.lookup(N->Name) : nullptr;
    if (!Sym || Sym->Space != ast::StateSpace::Reg || !Sym->Type ||
        Sym->VectorWidth || isa::typeKind(*Sym->Type) != isa::TypeKind::Bit ||
        *Sym->Type == isa::PtxType::F16x2 ||
        isa::typeBits(*Sym->Type) != isa::typeBits(*T))
      return false;
  }
  return true;
}

void OperandChecker::checkValue(const isa::OperandSlot &Slot,
                                const ast::ImmOperand &O) {
  std::optional<uint64_t> Bits;
  if (llvm::Optional<uint64_t> V = ast::evaluateInt(*O.Value))
    Bits = *V;
  if (!Bits)
    return;
  int64_t V = static_cast<int64_t>(*Bits);
  StringRef Spec = Slot.Values;
  auto Report = [&]() {
    Ok = false;
    return S.report(DiagID::OperandType, O.Range);
  };
  if (Spec.consume_front("*")) {
    uint64_t M = 0;
    uint32_t U = static_cast<uint32_t>(*Bits);
    if (!Spec.getAsInteger(10, M) && M && U % M != 0)
      Report() << "Argument " << ArgIndex << " of instruction '" << Name
               << "': unexpected value '" << U
               << "', expected to be multiple of " << M;
    return;
  }
  // `0..4@box_dim`: ptxas names the modifier the range is for.
  auto [Range, Word] = Spec.split('@');
  if (auto [Lo, Hi] = Range.split(".."); !Hi.empty()) {
    int64_t L = 0, H = 0;
    if (Lo.getAsInteger(10, L) || Hi.getAsInteger(10, H) || (V >= L && V <= H))
      return;
    auto B = Report();
    B << "Argument " << ArgIndex << " of instruction '" << Name << "': value '"
      << V << "' expected to be in range [" << L << ".." << H << "]";
    if (!Word.empty())
      B << " when ." << Word << " modifier is used.";
    return;
  }
  llvm::SmallVector<StringRef, 4> Set;
  Spec.split(Set, '/');
  for (StringRef E : Set) {
    int64_t W = 0;
    if (!E.getAsInteger(10, W) && W == V)
      return;
  }
  std::string Expected;
  for (size_t K = 0; K != Set.size(); ++K)
    Expected += (K ? " or " : "") + Set[K].str();
  Report() << "Argument " << ArgIndex << " of instruction '" << Name
           << "': unexpected value '" << V << "', expected to be " << Expected;
}

void OperandChecker::checkImmediate(const isa::OperandSlot &Slot,
                                    const ast::ImmOperand &O) {
  if (S.reportOverflow(*O.Value)) {
    Ok = false;
    return;
  }
  ImmKind K = classify(*O.Value);
  if (Slot.hasRange() && K == ImmKind::Int && checkRange(Slot, O))
    return;
  if (typedSlot(Slot) && InstrType && K != ImmKind::Symbolic) {
    checkTypedImmediate(O, K);
    return;
  }
  // The last type word's operand (dp2a's b, set's b): its constants
  // follow that type as the instruction type's do (ptxas 13.0).
  if (sourceSlot(Slot) && SourceType && K != ImmKind::Symbolic) {
    checkTypedImmediate(O, K, *SourceType);
    return;
  }
  // ptxas 13.0 takes `var+4` as a scalar video source only to fail
  // expanding the instruction (a fatal error at no line).
  if (K == ImmKind::Symbolic && Slot.Sel == isa::VideoSel::Scalar) {
    mismatch(O.Range,
             "operand '" + Slot.Name + "' cannot be a symbolic expression");
    return;
  }
  bool Allowed = false;
  StringRef What;
  switch (K) {
  case ImmKind::Int:
    Allowed = Slot.has(isa::SF_IntImm);
    What = "an integer constant";
    if (Allowed && !Slot.Values.empty())
      return checkValue(Slot, O);
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
    // ptxas 13.0 takes `var+4` where a constant of the type goes, and
    // where a 32-bit integer constant goes (shl's b, bfe's b and c,
    // vset's c).
    Allowed = (typedSlot(Slot) && !holdsNoAddress()) ||
              (sourceSlot(Slot) && SourceType &&
               isa::typeKind(*SourceType) != isa::TypeKind::Float &&
               *SourceType != isa::PtxType::Pred) ||
              (Slot.Class == isa::SlotClass::Int32 && Slot.has(isa::SF_IntImm));
    What = "a symbolic expression";
    if (Allowed)
      S.checkDeclaredNames(O);
    break;
  }
  if (!Allowed)
    mismatch(O.Range, "operand '" + Slot.Name + "' cannot be " + What);
}

bool OperandChecker::checkRange(const isa::OperandSlot &Slot,
                                const ast::ImmOperand &O) {
  llvm::Optional<uint64_t> V = ast::evaluateInt(*O.Value);
  if (!V)
    return false;
  // ptxas reads the constant as a signed 64-bit value ('-1').
  int64_t X = static_cast<int64_t>(*V);
  unsigned Arg = Slot.RangeArg >= 0 ? unsigned(Slot.RangeArg) : ArgIndex;
  // Both, the multiple first ('20' for setmaxnreg).
  bool Reported = false;
  if (Slot.RangeStep && X % Slot.RangeStep) {
    Reported = true;
    Ok = false;
    S.report(DiagID::OperandType, O.Range)
        << "Argument " << Arg << " of instruction '" << Name
        << "': unexpected value '" << X << "', expected to be multiple of "
        << Slot.RangeStep;
  }
  if (X < Slot.RangeLo || X > Slot.RangeHi) {
    Reported = true;
    Ok = false;
    S.report(DiagID::OperandType, O.Range)
        << "Argument " << Arg << " of instruction '" << Name << "': value '"
        << X << "' out of range, expected to be in range [" << Slot.RangeLo
        << ".." << Slot.RangeHi << "]";
  }
  return Reported;
}

bool OperandChecker::immediateFits(const ast::ImmOperand &O, ImmKind K,
                                   isa::PtxType T) const {
  // The half types take no constant at all (ptxas 13.0: `add.f16x2 %r1,
  // %r2, -9`, `add.f16 %h1, %h2, 0f3F800000`, `setp.ne.f16x2 %p1, %r1,
  // 0` are "Arguments mismatch").
  if (isHalfType(T))
    return false;
  isa::TypeKind TK = isa::typeKind(T);
  unsigned Bits = isa::typeBits(T);
  bool Allowed;
  if (K == ImmKind::Int)
    Allowed = TK != isa::TypeKind::Float;
  else if (TK == isa::TypeKind::Float)
    Allowed = true;
  else if (TK == isa::TypeKind::Bit && T != isa::PtxType::F16x2 &&
           T != isa::PtxType::BF16x2)
    Allowed = (K == ImmKind::F32 && Bits == 32) ||
              (K == ImmKind::F64 && Bits == 64); // a decimal one too
                                                 // (ptxas 13.0: and.b64,
                                                 // mov.b64)
  else
    Allowed = false;
  return Allowed;
}

} // namespace sema
} // namespace ptxwarp
