//===- OperandChecker.cpp - One instruction's operands against its slots --===//
//
// OperandChecker's slot, destination and register rules (OperandChecker.h):
// register classes, the sink, `|p`, special registers, addresses and labels,
// as ptxas 13.0 checks them. OperandSources.cpp has the source side.
//
//===----------------------------------------------------------------------===//

#include "OperandChecker.h"

namespace ptxwarp {
namespace sema {

void OperandChecker::checkSlot(const isa::OperandSlot &Slot,
                               const ast::Operand &O) {
  // ptxas 13.0 reads nothing but a register in a packed narrow-format
  // operand (cvt's .e4m3x2 d: `1`, `[%r1]`, `%tid.x`, `_` are all
  // "Arguments mismatch").
  if ((Slot.Class == isa::SlotClass::Packed8 ||
       Slot.Class == isa::SlotClass::Packed16) &&
      !isRegisterName(O)) {
    S.checkDeclaredNames(O);
    if (!unknownName(O))
      mismatch(O.Range, "operand '" + Slot.Name + "' is a " +
                            isa::slotClassName(Slot.Class) +
                            " register, not '" + O.text() + "'");
    return;
  }
  switch (Slot.Role) {
  case isa::SlotRole::Address:
    checkAddress(Slot, O);
    return;
  case isa::SlotRole::Label:
    checkLabel(O);
    return;
  case isa::SlotRole::Targets:
    checkTargetList(O);
    return;
  case isa::SlotRole::Dest:
    if (checkVectorSlot(Slot, O))
      checkDest(Slot, O);
    return;
  case isa::SlotRole::Source:
  case isa::SlotRole::Membermask:
    if (checkVectorSlot(Slot, O))
      checkSource(Slot, O);
    return;
  }
}

void OperandChecker::checkAddress(const isa::OperandSlot &Slot,
                                  const ast::Operand &O) {
  if (O.getKind() == ast::Operand::Kind::Address && !O.Negated) {
    S.checkDeclaredNames(O);
    return;
  }
  S.checkDeclaredNames(O);
  if (llvm::isa<ast::SinkOperand>(&O) && StrictSymbols) {
    Ok = false;
    S.report(DiagID::BadSink, O.Range)
        << "Result discard mode is not allowed for instruction '" << Name
        << "': operand '" << Slot.Name << "' is an address";
    return;
  }
  mismatch(O.Range, "operand '" + Slot.Name + "' is an address, '[" +
                        Slot.Name + "]', not '" + O.text() + "'");
}

void OperandChecker::checkLabel(const ast::Operand &O) {
  const auto *N = dyn_cast<ast::NameOperand>(&O);
  const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
  S.checkDeclaredNames(O);
  if (N && !O.Negated && !Sym && !isa::findSpecialReg(N->Name) &&
      (S.lookupLabel(N->Name) || !S.Functions.count(N->Name)))
    return;
  Ok = false;
  if (llvm::isa<ast::SinkOperand>(&O)) {
    S.report(DiagID::BadSink, O.Range)
        << "Result discard mode is not allowed for instruction '" << Name
        << "': '_' is not a label";
    return;
  }
  const auto *Imm = dyn_cast<ast::ImmOperand>(&O);
  bool Float = Imm && classify(*Imm->Value) != ImmKind::Int &&
               classify(*Imm->Value) != ImmKind::Symbolic;
  if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type)
    Float = *Sym->Type == isa::PtxType::Pred ||
            *Sym->Type == isa::PtxType::F16x2 ||
            *Sym->Type == isa::PtxType::BF16x2 ||
            isa::typeKind(*Sym->Type) == isa::TypeKind::Float;
  if (Float || llvm::isa<ast::VectorOperand>(&O)) {
    mismatch(O.Range, "'" + O.text() + "' is not a label");
    return;
  }
  if (N && isa::findSpecialReg(N->Name))
    S.report(DiagID::SpecialRegister, O.Range)
        << "Special register argument not allowed for instruction '" << Name
        << "': '" << O.text() << "' is not a label";
  S.report(DiagID::OperandType, O.Range)
      << "Label expected for argument " << ArgIndex << " of instruction '"
      << Name << "': '" << O.text() << "' is not a label";
}

void OperandChecker::checkTargetList(const ast::Operand &O) {
  const auto *N = dyn_cast<ast::NameOperand>(&O);
  S.checkDeclaredNames(O);
  if (N && !O.Negated && !S.lookup(N->Name) && S.lookupLabel(N->Name) &&
      isTargetList(N->Name))
    return;
  if (N && !S.lookup(N->Name) && !isa::findSpecialReg(N->Name) &&
      !S.isKnownName(N->Name))
    return; // "Unknown symbol" (checkDeclaredNames)
  Ok = false;
  const auto *Imm = dyn_cast<ast::ImmOperand>(&O);
  const Symbol *Sym = N ? S.lookup(N->Name) : nullptr;
  bool Pred = Sym && Sym->Space == ast::StateSpace::Reg &&
              Sym->Type == isa::PtxType::Pred;
  // A special register without a component (`%laneid`, not `%tid.x`):
  // both messages.
  if (N && isa::findSpecialReg(N->Name) && N->Component.empty())
    S.report(DiagID::SpecialRegister, O.Range)
        << "Special register argument not allowed for instruction '" << Name
        << "': '" << O.text() << "' is not a label";
  if ((N && !Pred && (!isa::findSpecialReg(N->Name) || N->Component.empty())) ||
      (Imm && S.negatedRegister(O))) {
    S.report(DiagID::OperandType, O.Range)
        << "Label with '.branchtargets' directive expected for argument "
        << ArgIndex << " of instruction '" << Name << "': '" << O.text()
        << "' is not the label of a .branchtargets list";
    return;
  }
  mismatch(O.Range, "'" + O.text() + "' is not a label");
}

bool OperandChecker::checkVectorSlot(const isa::OperandSlot &Slot,
                                     const ast::Operand &O) {
  if (!Slot.has(isa::SF_Vector))
    return true;
  // `_` for the whole brace list of a slot that takes the sink (ptxas
  // 13.0: `multimem.ld_reduce.add.v2.f16 _, [a]`; checkDest takes it).
  if (llvm::isa<ast::SinkOperand>(&O) && Slot.has(isa::SF_SinkDest))
    return true;
  const auto *V = dyn_cast<ast::VectorOperand>(&O);
  // A vector register (`.reg .v2 .b32 %v`) is a vector operand too
  // (ptxas 13.0: `st.v2.b32 [a], %v`; `ld.b32 %v, [a]` is a size mismatch).
  unsigned Count = V ? V->Elements.size() : vectorRegisterWidth(O);
  if (!Count && !VectorSize)
    return true;
  // ptxas 13.0 takes `{%r1}` for a scalar.
  if (V && Count == 1 && !VectorSize) {
    isa::OperandSlot Scalar = Slot;
    Scalar.Flags &= ~isa::SF_Vector;
    checkSlot(Scalar, *V->Elements.front());
    return false;
  }
  if (Count != VectorSize) {
    Ok = false;
    S.checkDeclaredNames(O);
    auto B = S.report(DiagID::OperandType, O.Range);
    B << "Argument vector size mismatch for instruction '" << Name << "': ";
    if (!VectorSize)
      B << "a vector of " << Count << " needs '.v" << Count << "'";
    else
      B << "'.v" << VectorSize << "' takes a brace list of " << VectorSize
        << " registers";
    return false;
  }
  if (!V) {
    S.checkDeclaredNames(O); // the element type: OperandSize.cpp
    return false;
  }
  isa::OperandSlot Scalar = Slot;
  Scalar.Flags &= ~isa::SF_Vector;
  for (const ast::Operand *E : V->Elements) {
    if (E->getKind() == ast::Operand::Kind::Sink) {
      if (Slot.Role == isa::SlotRole::Dest)
        continue; // `{%r1, _}`: an element may be discarded
      Ok = false;
      S.report(DiagID::BadSink, E->Range)
          << "Sink '_' not allowed as a source operand: an element of '" << Name
          << "''s source vector cannot be '_'";
      continue;
    }
    // ptxas 13.0 takes a special register or a variable as an element of
    // st's source vector and of ld's destination one (`st.v2.u32 [a],
    // {%r1, %tid.x}`, `ld.v4.f32 {%f1, ...}, [a]` with `.local .b32
    // %f<5>`); the registers' sizes are OperandSize.cpp's. Other vectors
    // (atom's b) are typed.
    if (Slot.Class == isa::SlotClass::Relaxed &&
        E->getKind() == ast::Operand::Kind::Name && !E->Negated) {
      S.checkDeclaredNames(*E);
      continue;
    }
    checkSlot(Scalar, *E);
  }
  return false;
}

void OperandChecker::checkDest(const isa::OperandSlot &Slot,
                               const ast::Operand &O) {
  if (O.Negated) {
    mismatch(O.Range, "a destination cannot be negated");
    return;
  }
  switch (O.getKind()) {
  case ast::Operand::Kind::Imm: {
    if (Slot.simdVideo()) {
      incorrectSelector(O.Range, "a constant cannot carry one");
      return;
    }
    // ptxas 13.0 matches the constant against the type first
    // (`add.u32 0f3F800000, ...` is "Arguments mismatch").
    const auto &Imm = *cast<ast::ImmOperand>(&O);
    ImmKind K = classify(*Imm.Value);
    if (typedSlot(Slot) && InstrType && K != ImmKind::Symbolic &&
        !checkTypedImmediate(Imm, K))
      return;
    // `v+4` cannot have a float type either (`slct.f32.f32 v+4, ...`).
    if (StrictSymbols && K == ImmKind::Symbolic && typedSlot(Slot) &&
        holdsNoAddress()) {
      mismatch(O.Range, "'" + O.text() + "' is an address");
      return;
    }
    // A float constant where an integer slot of its own goes (bmsk's d).
    if (StrictSymbols &&
        (Slot.Class == isa::SlotClass::Int32 ||
         Slot.Class == isa::SlotClass::Pred) &&
        (K == ImmKind::F32 || K == ImmKind::F64)) {
      mismatch(O.Range, "constant '" + O.text() + "' is no integer");
      return;
    }
    resultRequired(O, "is a constant");
    return;
  }
  case ast::Operand::Kind::Sink:
    checkSinkDest(Slot, O);
    if (Slot.has(isa::SF_PredOutRequired))
      predExpected(O.Range, "'" + Name.str() + "' needs 'd|p'");
    return;
  case ast::Operand::Kind::Name: {
    const auto *N = cast<ast::NameOperand>(&O);
    // A function's name is a constant (ptxas 13.0: `ld.u32 f, [a]`); where
    // the slot has a type of its own, a mismatched one (`popc.b32 f, %r1`).
    if (isFunctionName(*N)) {
      if (StrictSymbols && !followsTypeWords(Slot) &&
          Slot.Class != isa::SlotClass::Any)
        mismatch(O.Range, "'" + N->Name + "' is a function");
      else
        resultRequired(O, "is a function");
      return;
    }
    checkRegister(Slot, *N, /*IsDest=*/true);
    if (Slot.has(isa::SF_PredOutRequired))
      predExpected(O.Range, "'" + Name.str() + "' needs 'd|p'");
    return;
  }
  case ast::Operand::Kind::Pair: {
    const auto *P = cast<ast::PairOperand>(&O);
    if (llvm::isa<ast::SinkOperand>(P->First))
      checkSinkDest(Slot, *P->First);
    else if (const auto *N = dyn_cast<ast::NameOperand>(P->First))
      checkRegister(Slot, *N, /*IsDest=*/true);
    else
      mismatch(P->First->Range, "expected a register");
    if (!Slot.has(isa::SF_PredOut)) {
      // ptxas 13.0 takes `d|_` where no predicate output is allowed; the
      // warp families' caller reports the rest (Operands.cpp).
      if (StrictSymbols && !llvm::isa<ast::SinkOperand>(P->Second)) {
        Ok = false;
        S.report(DiagID::PredicateOutput, P->Second->Range)
            << "Predicate output not allowed for instruction '" << Name
            << "': operand '" << Slot.Name << "' has no '|p' output";
      }
      return;
    }
    checkPredOut(Slot, *P->Second);
    return;
  }
  case ast::Operand::Kind::Vector:
    braceList(Slot, *cast<ast::VectorOperand>(&O));
    return;
  case ast::Operand::Kind::Address:
    addressAsRegister(Slot, *cast<ast::AddressOperand>(&O));
    return;
  default:
    mismatch(O.Range, "expected a register as destination");
    return;
  }
}

void OperandChecker::variableAsRegister(const isa::OperandSlot &Slot,
                                        const ast::NameOperand &N,
                                        const Symbol &Sym) {
  std::optional<isa::PtxType> T = slotType(Slot);
  bool Fits = true;
  if (!Sym.Type || Slot.Class == isa::SlotClass::Any) {
  } else if (followsTypeWords(Slot)) {
    isa::TypeKind V = isa::typeKind(*Sym.Type);
    // No variable has a packed half or .bf16 type: a bit variable fits
    // (any size for the packed halves, .b16 for .bf16), so that it only is
    // no register (ptxas 13.0: `add.f16x2 %r1, %r2, gv` is "must be
    // register" for a .b8/.b16/.b32/.b64 gv, as for multimem.st.f16x2,
    // "Arguments mismatch" for a .u32 one; add.bf16 with a .b64 one too).
    if (T && *T == isa::PtxType::Pred)
      Fits = false;
    else if (T && (*T == isa::PtxType::F16x2 || *T == isa::PtxType::BF16x2))
      Fits = V == isa::TypeKind::Bit;
    else if (T && *T == isa::PtxType::BF16)
      Fits = V == isa::TypeKind::Bit && isa::typeBits(*Sym.Type) == 16;
    else if (T && isa::typeKind(*T) == isa::TypeKind::Float)
      Fits = V == isa::TypeKind::Float || V == isa::TypeKind::Bit;
    else
      Fits = V != isa::TypeKind::Float;
  } else {
    Fits = slotAccepts(Slot.Class, *Sym.Type, F16x2VotePred, InstrType,
                       SourceType);
  }
  if (StrictSymbols && !Fits)
    mismatch(N.Range, "'" + N.Name + "' is a variable of another type");
  else
    mustBeRegister(N, "is a variable");
}

unsigned OperandChecker::slotBits(const isa::OperandSlot &Slot) const {
  switch (Slot.Class) {
  case isa::SlotClass::InstrType:
  case isa::SlotClass::Relaxed:
    return InstrType ? isa::typeBits(*InstrType) : 0;
  case isa::SlotClass::SourceType:
  case isa::SlotClass::SourceRelaxed:
    return SourceType ? isa::typeBits(*SourceType) : 0;
  case isa::SlotClass::Packed32:
    return 32;
  case isa::SlotClass::Int32:
  case isa::SlotClass::Data32:
  case isa::SlotClass::ReduxF32:
    return 32;
  case isa::SlotClass::Data64:
    return 64;
  default:
    return 0;
  }
}

void OperandChecker::addressAsRegister(const isa::OperandSlot &Slot,
                                       const ast::AddressOperand &A) {
  S.checkDeclaredNames(A);
  bool Fits = false;
  llvm::Optional<ast::AddressOperand::BaseOffset> B = A.splitBaseOffset();
  // Where the slot has a type of its own (shl's b, bar's a), never
  // (ptxas 13.0: "Arguments mismatch").
  if (B && A.Rest.empty() && (!StrictSymbols || followsTypeWords(Slot))) {
    const Symbol *Sym = B->Name.empty() ? nullptr : S.lookup(B->Name);
    if (B->Name.empty())
      Fits = !slotType(Slot) ||
             isa::typeKind(*slotType(Slot)) != isa::TypeKind::Float;
    else if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type &&
             !Sym->VectorWidth)
      Fits = slotAccepts(Slot.Class, *Sym->Type, F16x2VotePred, InstrType,
                         SourceType);
    else if (Sym && Sym->Space != ast::StateSpace::Reg)
      Fits = slotAccepts(Slot.Class, isa::PtxType::U32, F16x2VotePred,
                         InstrType, SourceType);
  }
  Ok = false;
  if (Fits)
    S.report(DiagID::OperandType, A.Range)
        << "Argument " << ArgIndex << " of instruction '" << Name
        << "': must be register ('" << A.text() << "' is an address)";
  else
    mismatch(A.Range, "operand '" + Slot.Name + "' cannot be an address, '" +
                          A.text() + "'");
}

void OperandChecker::checkPredOut(const isa::OperandSlot &Slot,
                                  const ast::Operand &P) {
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

void OperandChecker::checkRegister(const isa::OperandSlot &Slot,
                                   const ast::NameOperand &N, bool IsDest) {
  if (const isa::SpecialReg *SR = isa::findSpecialReg(N.Name)) {
    checkSpecialReg(Slot, N, *SR, IsDest);
    return;
  }
  const Symbol *Sym = S.lookup(N.Name);
  bool IsRegister = Sym && Sym->Space == ast::StateSpace::Reg;
  // A variable as destination (ptxas 13.0: `mov.u32 param, 1`).
  if (IsDest && Sym && !IsRegister) {
    variableAsRegister(Slot, N, *Sym);
    return;
  }
  if (StrictSymbols && !N.Name.startswith("%") && !Sym &&
      S.isKnownName(N.Name)) {
    // A function name or a label where a register goes.
    if (Slot.has(isa::SF_Symbol) && !S.lookupLabel(N.Name))
      return;
    // ptxas 13.0 takes a function's name as its address where a constant
    // of the instruction type goes (`add.u32 %r1, fn, %r2`; not as a SIMD
    // video operand).
    if (!IsDest && followsTypeWords(Slot) && isFunctionName(N) &&
        !Slot.simdVideo())
      return;
    // Where the slot has a type of its own (shl's b, selp's c), ptxas
    // 13.0 says "Arguments mismatch" for a function's name.
    if (!IsDest && isFunctionName(N) && Slot.Class != isa::SlotClass::Any &&
        !Slot.simdVideo()) {
      mismatch(N.Range, "'" + N.Name + "' is a function, not a register");
      return;
    }
    if (S.lookupLabel(N.Name) && !S.Functions.count(N.Name)) {
      mismatch(N.Range, "'" + N.Name + "' is a label");
      return;
    }
    mustBeRegister(N, "is not a register");
    return;
  }
  if (Slot.Class == isa::SlotClass::InstrType && !N.Name.startswith("%") &&
      !IsRegister && (!StrictSymbols || Slot.has(isa::SF_Symbol))) {
    // (a register may be named without '%': `.reg .b16 c;`)
    // A variable, function or label symbol (mov.u64 %rd, sym).
    if (!S.isKnownName(N.Name))
      unknown(N);
    // A .param variable of a body is an argument of a call; only the
    // kernel's and the function's parameters have an address (ptxas
    // 13.0; test/Sema/calls.ptx).
    else if (Sym && Sym->Space == ast::StateSpace::Param &&
             Sym->Role == Symbol::ParamRole::None) {
      Ok = false;
      S.report(DiagID::StateSpace, N.Range)
          << "Illegal to take address of parameter '" << N.Name
          << "': a .param variable declared in a body passes call "
             "arguments";
    } else if (Sym && holdsNoAddress())
      mismatch(N.Range, "'" + N.Name + "' is a variable, whose address ." +
                            isa::typeName(*InstrType) + " cannot hold");
    else if (!Sym && !S.Functions.count(N.Name) && S.lookupLabel(N.Name))
      // ptxas 13.0 takes no label as a value (`mov.u64 %rd, L`).
      mismatch(N.Range, "'" + N.Name + "' is a label");
    return;
  }
  if (!Sym) {
    unknown(N);
    return;
  }
  if (!Sym->Type) {
    mismatch(N.Range, "'" + N.Name + "' is not a register");
    return;
  }
  if (Sym->Space != ast::StateSpace::Reg &&
      (Slot.Class != isa::SlotClass::InstrType ||
       (StrictSymbols && !Slot.has(isa::SF_Symbol)))) {
    variableAsRegister(Slot, N, *Sym);
    return;
  }
  if (!N.Component.empty() && !Sym->VectorWidth &&
      !checkSelector(Slot, N, *Sym, IsDest))
    return;
  // The register's size against the type: OperandSize.cpp (PTX ISA 9.4.1).
  if (relaxedSlot(Slot))
    return;
  bool F16 = F16x2VotePred;
  // A whole vector register packs into, or unpacks from, a scalar of its
  // total size (`mov.b32 %r, %v2b16`; PTX ISA 9.7.9.1 "mov").
  if (Sym->VectorWidth && N.Component.empty() && InstrType &&
      Slot.Class == isa::SlotClass::InstrType &&
      Sym->VectorWidth * isa::typeBits(*Sym->Type) == isa::typeBits(*InstrType))
    return;
  if (!slotAccepts(Slot.Class, *Sym->Type, F16, InstrType, SourceType)) {
    std::string Want =
        Slot.Class == isa::SlotClass::InstrType && InstrType
            ? "a register compatible with ." + isa::typeName(*InstrType).str()
            : isa::slotClassName(Slot.Class).str();
    mismatch(N.Range, "'" + N.Name + "' is declared ." +
                          isa::typeName(*Sym->Type) + " but operand '" +
                          Slot.Name + "' takes " + Want);
  }
}

bool OperandChecker::checkSelector(const isa::OperandSlot &Slot,
                                   const ast::NameOperand &N, const Symbol &Sym,
                                   bool IsDest) {
  StringRef Sel = N.Component;
  if (*Sym.Type != isa::PtxType::Pred && isa::typeBits(*Sym.Type) != 32) {
    // ptxas 13.0 reads a selector only on a 32-bit register.
    Ok = false;
    S.report(DiagID::OperandType, N.Range)
        << "Unknown field '." << Sel << "': '" << N.Name << "' is a ."
        << isa::typeName(*Sym.Type) << " register";
    return false;
  }
  // ptxas 13.0 reads `.b01` as no selector where none or a scalar
  // destination's goes (and refuses it on a scalar source only while
  // expanding the instruction, with a fatal error at no line).
  bool NoSelector = Slot.Sel == isa::VideoSel::None ||
                    (IsDest && Slot.Sel == isa::VideoSel::Scalar);
  if ((Sel == "b01" && NoSelector) || isa::videoSelectorFits(Slot.Sel, Sel))
    return true;
  if (Slot.Sel != isa::VideoSel::None && Slot.Sel != isa::VideoSel::Simd) {
    incorrectSelector(N.Range, "'." + Sel + "' is no selector of operand '" +
                                   Slot.Name + "'");
    return false;
  }
  Ok = false;
  auto B = S.report(DiagID::OperandType, N.Range);
  if (IsDest && !DestSelectorMessage.empty())
    B << DestSelectorMessage;
  else if (IsDest)
    B << "Video selector is not allowed on destination for instruction '"
      << Name << "'";
  else if (VideoList)
    B << "Video selector is not allowed on 'source " << Slot.Name.upper()
      << "' operand";
  else
    B << "Video selector is not allowed on source operand for instruction '"
      << Name << "'";
  B << ": '." << Sel << "'";
  return false;
}

void OperandChecker::checkSpecialReg(const isa::OperandSlot &Slot,
                                     const ast::NameOperand &N,
                                     const isa::SpecialReg &SR, bool IsDest) {
  if (!S.checkSpecialRegField(N, SR, Name)) {
    Ok = false;
    return;
  }
  // ptxas 13.0 matches the register's size first where no special
  // register goes: `add.u64 %rd1, %rd2, %tid.x` and `shl.b32 %r1, %r2,
  // %clock64` are "Arguments mismatch" (a 16-bit type takes the legacy
  // 16-bit %tid.x).
  // Where a register may be wider than the type (ld, cvt: PTX ISA 9.4.1),
  // only a narrower one is (`cvt.u64.u32 %tid.x, %r1`; `ld.u16 %clock64`
  // is "not allowed").
  unsigned Bits = slotBits(Slot);
  bool SizeMismatch = relaxedSlot(Slot) ? isa::typeBits(SR.Ty) < Bits
                                        : !Slot.has(isa::SF_SpecialReg) &&
                                              Bits != isa::typeBits(SR.Ty) &&
                                              !(SR.Legacy16 && Bits == 16);
  if (StrictSymbols && Bits && SizeMismatch) {
    mismatch(N.Range, "'" + N.text() + "' is ." + isa::typeName(SR.Ty) +
                          ", operand '" + Slot.Name + "' " + Twine(Bits) +
                          "-bit");
    return;
  }
  // With a floating-point type word, none is allowed, not even as a
  // destination ("Special register argument not allowed": `mov.f32
  // %tid.x, %f1`, `cvt.rn.f32.s32 %f1, %tid.x`).
  bool FloatWord =
      (InstrType && isa::typeKind(*InstrType) == isa::TypeKind::Float) ||
      (SourceType && isa::typeKind(*SourceType) == isa::TypeKind::Float);
  if (IsDest && ReadsSpecialRegs && !FloatWord) {
    Ok = false;
    S.report(DiagID::SpecialRegister, N.Range)
        << "Read-only special register cannot be destination argument: '"
        << N.text() << "'";
    return;
  }
  if (IsDest) {
    Ok = false;
    S.report(DiagID::SpecialRegister, N.Range)
        << "Special register argument not allowed for instruction '" << Name
        << "': '" << N.text() << "' is a read-only special register";
    return;
  }
  if (Slot.has(isa::SF_SpecialReg)) {
    // mov/cvt read special registers; the instruction type must be an
    // integer/bit type of the register's size (ptxas 13.0; the sreg-* cases
    // of test/Sema/ptxas-expectations.test).
    if (FloatWord) {
      Ok = false;
      S.report(DiagID::SpecialRegister, N.Range)
          << "Special register argument not allowed for instruction '" << Name
          << "' with a floating-point type";
      return;
    }
    if (InstrType && !relaxedSlot(Slot) &&
        !isa::isTypeCompatible(*InstrType, SR.Ty) &&
        !(SR.Legacy16 && isa::typeBits(*InstrType) == 16))
      mismatch(N.Range, "'" + N.text() + "' is ." + isa::typeName(SR.Ty) +
                            ", not compatible with ." +
                            isa::typeName(*InstrType));
    return;
  }
  if (Slot.Class == isa::SlotClass::VotePred ||
      Slot.Class == isa::SlotClass::Pred) {
    mismatch(N.Range, "special register '" + N.text() + "' is not a predicate");
    return;
  }
  Ok = false;
  S.report(DiagID::SpecialRegister, N.Range)
      << "Special register argument not allowed for instruction '" << Name
      << "': copy '" << N.text() << "' into a register with mov first";
}

} // namespace sema
} // namespace ptxwarp
