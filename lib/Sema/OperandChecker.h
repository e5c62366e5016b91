//===- OperandChecker.h - One instruction's operands against its slots
//-----===//
//
// The operand rules ptxas 13.0 enforces, per slot: register classes,
// immediates, the sink, `|p`, special registers, addresses, labels and
// brace lists. Operands.cpp (the warp families) and GeneralOperands.cpp (the
// rest, by the table's operand lists) share it.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_OPERANDCHECKER_H
#define PTXWARP_LIB_SEMA_OPERANDCHECKER_H

#include "SemaState.h"

#include "llvm/ADT/Twine.h"

namespace ptxwarp {
namespace sema {

using llvm::cast;
using llvm::dyn_cast;
using llvm::SMRange;
using llvm::StringRef;
using llvm::Twine;

enum class ImmKind { Int, F32, F64, Symbolic };

inline ImmKind classify(const ast::Expr &E) {
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

inline bool slotAccepts(isa::SlotClass C, isa::PtxType T, bool F16x2VotePred,
                        std::optional<isa::PtxType> InstrType,
                        std::optional<isa::PtxType> SourceType = {}) {
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
    // ptxas 13.0 quirk: an .f16x2 register where a .pred one of the
    // instruction's type goes (`mov.pred %p1, %hh1`, `and.pred`; any target).
    return !InstrType || isa::isTypeCompatible(*InstrType, T) ||
           (*InstrType == PtxType::Pred && T == PtxType::F16x2);
  case isa::SlotClass::Any:
    return true;
  case isa::SlotClass::Wide:
    // Twice the type's size, of an integer or bit kind (PTX ISA 9.7.1.3:
    // mul.wide's d).
    return !InstrType || (isa::typeBits(T) == 2 * isa::typeBits(*InstrType) &&
                          isa::typeKind(T) != isa::TypeKind::Float &&
                          T != isa::PtxType::Pred);
  case isa::SlotClass::SourceType:
    return !SourceType || isa::isTypeCompatible(*SourceType, T);
  case isa::SlotClass::Relaxed:
    return !InstrType || isa::isRelaxedTypeCompatible(*InstrType, T);
  case isa::SlotClass::SourceRelaxed:
    return !SourceType || isa::isRelaxedTypeCompatible(*SourceType, T);
  case isa::SlotClass::Packed8:
    return T == PtxType::B8;
  case isa::SlotClass::Packed16:
    return T == PtxType::B16;
  case isa::SlotClass::Packed32:
    return T == PtxType::B32 || T == PtxType::F16x2;
  case isa::SlotClass::IntAddr:
    return T == PtxType::B32 || T == PtxType::U32 || T == PtxType::S32 ||
           T == PtxType::B64 || T == PtxType::U64 || T == PtxType::S64;
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
  /// Slots from the table's operand lists (OperandsOf): a variable or
  /// function name is a value only where the slot says so (SF_Symbol).
  bool StrictSymbols = false;
  /// The last type word (cvt's atype), for SourceType slots.
  std::optional<isa::PtxType> SourceType;
  /// The `.v2`/`.v4`/`.v8` of the instruction (0: none), for SF_Vector slots.
  unsigned VectorSize = 0;
  /// Whether a special register as destination is "Read-only" (the
  /// instruction reads special registers: mov) rather than "not allowed".
  bool ReadsSpecialRegs = true;
  /// The list has video selectors: ptxas names a source without one by its
  /// role ("Video selector is not allowed on 'source C' operand").
  bool VideoList = false;
  /// The row's message for a selector on a destination without one.
  StringRef DestSelectorMessage;
  /// The row took the negated registers (vmad's `-a`; RowOperands.cpp):
  /// each is checked as its register.
  bool NegatedRegisters = false;

  void mismatch(SMRange R, const Twine &Why) {
    Ok = false;
    S.report(DiagID::OperandType, R)
        << "Arguments mismatch for instruction '" << Name << "': " << Why.str();
  }

  /// The operand's position (0 = the first), for ptxas's "Argument N".
  unsigned ArgIndex = 0;

  void checkSlot(const isa::OperandSlot &Slot, const ast::Operand &O) {
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

  /// A declared register, not negated (`%r1`, `%r1.x`).
  bool isRegisterName(const ast::Operand &O) const {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    const Symbol *Sym = N && !O.Negated ? S.lookup(N->Name) : nullptr;
    return Sym && Sym->Space == ast::StateSpace::Reg;
  }

  /// A name nothing declares (checkDeclaredNames reports it).
  bool unknownName(const ast::Operand &O) const {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    return N && !S.lookup(N->Name) && !isa::findSpecialReg(N->Name) &&
           !S.isKnownName(N->Name);
  }

  /// `[a]`: an address expression (ptxas 13.0: "Arguments mismatch").
  void checkAddress(const isa::OperandSlot &Slot, const ast::Operand &O) {
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

  /// A label (bra's target; an undeclared name is "Unknown symbol"). For
  /// anything else ptxas 13.0 says "Label expected", but "Arguments
  /// mismatch" for a brace list or a predicate or floating-point value
  /// (`bra %p1`, `bra %f1`, `bra 1.5`), "Special register argument not
  /// allowed" first for a special register, and "Result discard mode is
  /// not allowed" for the sink.
  void checkLabel(const ast::Operand &O) {
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

  /// The label of a .branchtargets list (brx.idx's tlist). ptxas 13.0 says
  /// "Label with '.branchtargets' directive expected" for any other name (a
  /// label, register, variable, function, `-%r1`), "Arguments mismatch" for
  /// a constant, an address, a brace list or a special register.
  void checkTargetList(const ast::Operand &O) {
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
    if ((N && !Pred &&
         (!isa::findSpecialReg(N->Name) || N->Component.empty())) ||
        (Imm && S.negatedRegister(O))) {
      S.report(DiagID::OperandType, O.Range)
          << "Label with '.branchtargets' directive expected for argument "
          << ArgIndex << " of instruction '" << Name << "': '" << O.text()
          << "' is not the label of a .branchtargets list";
      return;
    }
    mismatch(O.Range, "'" + O.text() + "' is not a label");
  }

  /// Whether \p Label names a .branchtargets list in scope.
  bool isTargetList(StringRef Label) const {
    for (const Scope &Sc : S.Scopes)
      if (Sc.TargetLists.count(Label))
        return true;
    return false;
  }

  /// With `.v2`/`.v4`/`.v8`, an SF_Vector slot takes a brace list of that
  /// many registers, each checked as the scalar slot; without, a scalar.
  /// Returns whether the operand is still to be checked as a scalar.
  bool checkVectorSlot(const isa::OperandSlot &Slot, const ast::Operand &O) {
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
            << "Sink '_' not allowed as a source operand: an element of '"
            << Name << "''s source vector cannot be '_'";
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

  /// The element count of a whole vector register (`%v` of `.reg .v2 .b32
  /// %v`, not `%v.x`); 0 for anything else.
  unsigned vectorRegisterWidth(const ast::Operand &O) {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    const Symbol *Sym = N && N->Component.empty() ? S.lookup(N->Name) : nullptr;
    return Sym && Sym->Space == ast::StateSpace::Reg ? Sym->VectorWidth : 0;
  }

  void checkDest(const isa::OperandSlot &Slot, const ast::Operand &O) {
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

  /// "Argument N of instruction 'X': must be register"; ptxas 13.0 numbers
  /// the operands from 0 (test/Sema/movmatrix.ptx).
  void mustBeRegister(const ast::NameOperand &N, StringRef Why) {
    Ok = false;
    S.report(DiagID::OperandType, N.Range)
        << "Argument " << ArgIndex << " of instruction '" << Name
        << "': must be register ('" << N.Name << "' " << Why << ")";
  }

  /// A variable where a register goes: "must be register" where its type
  /// fits the slot, else "Arguments mismatch" (ptxas 13.0, probed with add,
  /// set, slct, shl): a slot of its own takes the variable's type as a
  /// register's (`shl.b32 %r1, %r2, gv64` is a mismatch); one of the
  /// instruction's type only its kind, whatever the size (an .f32 or .b64
  /// variable for add.f32, not a .u32 one; any but a float one for add.u32;
  /// none for .pred).
  void variableAsRegister(const isa::OperandSlot &Slot,
                          const ast::NameOperand &N, const Symbol &Sym) {
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

  void resultRequired(const ast::Operand &O, StringRef What) {
    Ok = false;
    S.report(DiagID::OperandType, O.Range)
        << "Result register required for instruction '" << Name
        << "': destination '" << O.text() << "' " << What;
  }

  /// A slot of the last type word's type (cvt's a, set's b).
  static bool sourceSlot(const isa::OperandSlot &Slot) {
    return Slot.Class == isa::SlotClass::SourceType ||
           Slot.Class == isa::SlotClass::SourceRelaxed;
  }

  /// A slot whose registers may be wider than its type (PTX ISA 9.4.1).
  static bool relaxedSlot(const isa::OperandSlot &Slot) {
    return Slot.Class == isa::SlotClass::Relaxed ||
           Slot.Class == isa::SlotClass::SourceRelaxed;
  }

  /// The type the type words give the slot (none: a type of its own).
  std::optional<isa::PtxType> slotType(const isa::OperandSlot &Slot) const {
    return sourceSlot(Slot) ? SourceType : InstrType;
  }

  /// A slot whose constants follow the instruction type.
  static bool typedSlot(const isa::OperandSlot &Slot) {
    return Slot.Class == isa::SlotClass::InstrType ||
           Slot.Class == isa::SlotClass::Relaxed;
  }

  /// A slot of a type the instruction's type words give (the first or the
  /// last), not one of its own (shl's b, popc's d, selp's c).
  static bool followsTypeWords(const isa::OperandSlot &Slot) {
    return typedSlot(Slot) || sourceSlot(Slot);
  }

  /// The slot's size in bits where the slot has one (0: any).
  unsigned slotBits(const isa::OperandSlot &Slot) const {
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

  /// The name of a function (not a register, variable or label), which
  /// ptxas 13.0 reads as a constant: taken where a constant of the
  /// instruction type is (`add.u64 %rd1, f, 1`), "Result register required"
  /// as a destination.
  bool isFunctionName(const ast::NameOperand &N) const {
    return !N.Name.startswith("%") && !S.lookup(N.Name) &&
           S.Functions.count(N.Name);
  }

  /// A type no address fits: ptxas 13.0 takes a variable's name or `v+4`
  /// as a value of an integer or bit type only (`mov.f32 %f1, v` and
  /// `add.f32 %f1, v+4, %f2` are "Arguments mismatch"; a function's name
  /// it takes for any type).
  bool holdsNoAddress() const {
    return InstrType && (isa::typeKind(*InstrType) == isa::TypeKind::Float ||
                         *InstrType == isa::PtxType::Pred);
  }

  /// An address `[a]` where a register goes. ptxas 13.0 gives it a type
  /// (its register's; a variable's is .u32, a constant's any integer
  /// type) and says "Argument N ...: must be register" when that type fits
  /// the operand, "Arguments mismatch" when not (probed with ld, st, add).
  void addressAsRegister(const isa::OperandSlot &Slot,
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
        Sym->VectorWidth * isa::typeBits(*Sym->Type) ==
            isa::typeBits(*InstrType))
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

  void incorrectSelector(SMRange R, const Twine &Why) {
    Ok = false;
    S.report(DiagID::OperandType, R) << "Incorrect video selector for operand "
                                     << ArgIndex << ": " << Why.str();
  }

  /// The selector of a scalar register (`%r1.b0`) against the slot's
  /// (isa::VideoSel; the notation in Classes.td).
  bool checkSelector(const isa::OperandSlot &Slot, const ast::NameOperand &N,
                     const Symbol &Sym, bool IsDest) {
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

  void checkSpecialReg(const isa::OperandSlot &Slot, const ast::NameOperand &N,
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

  /// A brace list in a slot without SF_Vector: the older general families
  /// (mov's packing) take it as a value of the instruction type; elsewhere
  /// it is not allowed.
  void braceList(const isa::OperandSlot &Slot, const ast::VectorOperand &V) {
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

  /// `a+`: a brace list of up to four registers whose sizes add up to the
  /// slot's type (ptxas 13.0: clusterlaunchcontrol.query_cancel's .b128
  /// response as `{%rd1, %rd2}`, `{%r1, %r2, %r3, %r4}` or `{%q1}`); other
  /// elements (a special register) are left to ptxas.
  void packedList(const isa::OperandSlot &Slot, const ast::VectorOperand &V) {
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
                          Twine(V.Elements.size()) +
                          " registers, and operand '" + Slot.Name +
                          "' packs ." + isa::typeName(*T) + " from up to four");
  }

  /// mov's packing (PTX ISA 9.7.9.1, mov: `mov.b64 %rd1, {%r1, %r2}` and
  /// back): a bit type, and two or four registers (a `_` counts as one of
  /// them) whose sizes add up to the type's. ptxas 13.0 says "Argument vector
  /// size mismatch" when the registers have the instruction's type (`mov.u32
  /// %r1, {%r2, %r3}`), "Arguments mismatch" otherwise (`mov.u32 %r1, {%p1,
  /// %p2}`).
  void checkPacking(const ast::VectorOperand &V) {
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

  /// `mov.v2.b32 {%r1, %r2}, {%r3, %r4}`: a brace list of .vN is N
  /// registers of the instruction type, not a packing (ptxas 13.0:
  /// `mov.v4.b64 {%r1, %r2}, %rd1` is "Argument vector size mismatch",
  /// `mov.v2.b64 {%r1, %r2}, %rd1` "Arguments mismatch"). Other elements
  /// (constants, special registers) are left to ptxas.
  void checkVectorMove(const ast::VectorOperand &V) {
    if (V.Elements.size() != VectorSize) {
      Ok = false;
      S.report(DiagID::OperandType, V.Range)
          << "Argument vector size mismatch for instruction '" << Name
          << "': '.v" << VectorSize << "' takes a brace list of " << VectorSize
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

  /// A brace list where a scalar register goes. ptxas 13.0 says "Vector
  /// operand is not allowed", but "Arguments mismatch" where it cannot read
  /// the list as a value of the slot's type: in a .u32 or .pred slot of
  /// its own (shl's b, bar's a, selp's c: always), in a slot of a bit type
  /// (and.b32) when a predicate, `_`, or registers whose sizes do not add up
  /// to the type's are in it (`{%r1, %r2}`, not `{%rs1, %rs2}`), and in the
  /// other slots when all its registers have the instruction's type
  /// (movmatrix.b16 `{%h0, %h1}`; test/Sema/movmatrix.ptx, operands.ptx,
  /// operands-control.ptx).
  void vectorNotAllowed(const isa::OperandSlot &Slot,
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

  /// ptxas 13.0 takes a brace list of bit-size registers of a .bf16 or
  /// .bf16x2 operand's size, of any length, for the operand (`cvt.rn.bf16x2
  /// .f32 {%r1, %r2}, %f1, %f2`, `cvt.f32.bf16 %f1, {%rs1, %rs2}`).
  bool bf16BraceList(const isa::OperandSlot &Slot,
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

  /// `-%r1`: the parser reads it as an expression; ptxas 13.0 as a negated
  /// register operand, which the warp instructions do not take.
  bool isNegatedRegister(const ast::ImmOperand &O) {
    return S.negatedRegister(O);
  }

  /// A constant of a slot with `#=` values, with ptxas 13.0's messages
  /// (cp.async's "unexpected value '2', expected to be 4 or 8 or 16",
  /// cp.async.bulk's "... expected to be multiple of 16", tensormap.replace's
  /// "value '7' expected to be in range [0..4]").
  void checkValue(const isa::OperandSlot &Slot, const ast::ImmOperand &O) {
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
      if (Lo.getAsInteger(10, L) || Hi.getAsInteger(10, H) ||
          (V >= L && V <= H))
        return;
      auto B = Report();
      B << "Argument " << ArgIndex << " of instruction '" << Name
        << "': value '" << V << "' expected to be in range [" << L << ".." << H
        << "]";
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
             << "': unexpected value '" << V << "', expected to be "
             << Expected;
  }

  void checkImmediate(const isa::OperandSlot &Slot, const ast::ImmOperand &O) {
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
      Allowed =
          (typedSlot(Slot) && !holdsNoAddress()) ||
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

  /// A constant outside the slot's range, or not of its multiple (ptxas
  /// 13.0: "Argument 3 of instruction 'bfe': value '256' out of range,
  /// expected to be in range [0..255]", "Argument 1 of instruction
  /// 'setmaxnreg.dec': unexpected value '255', expected to be multiple of 8").
  /// Returns whether it reported.
  bool checkRange(const isa::OperandSlot &Slot, const ast::ImmOperand &O) {
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

  /// A literal in an operand that follows the instruction type (probed
  /// with ptxas 13.0): integers only for non-float types; float literals for
  /// float types, or a bit type of the literal's own size (0f for .b32, 0d
  /// for .b64).
  /// Returns whether the constant fits (else it reported).
  bool checkTypedImmediate(const ast::ImmOperand &O, ImmKind K) {
    return checkTypedImmediate(O, K, *InstrType);
  }
  bool checkTypedImmediate(const ast::ImmOperand &O, ImmKind K,
                           isa::PtxType T) {
    if (immediateFits(O, K, T))
      return true;
    mismatch(O.Range, "constant '" + O.text() + "' does not fit type ." +
                          isa::typeName(T));
    return false;
  }

  bool immediateFits(const ast::ImmOperand &O, ImmKind K,
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

  /// .f16, .bf16, .f16x2, .bf16x2.
  static bool isHalfType(isa::PtxType T) {
    return T == isa::PtxType::F16 || T == isa::PtxType::BF16 ||
           T == isa::PtxType::F16x2 || T == isa::PtxType::BF16x2;
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

} // namespace sema
} // namespace ptxwarp

#endif
