//===- OperandChecker.h - One instruction's operands against its slots ---===//
//
// The operand rules ptxas 13.0 enforces, per slot: register classes,
// immediates, the sink, `|p`, special registers, addresses, labels and
// brace lists. Operands.cpp (the warp families) and GeneralOperands.cpp (the
// rest, by the table's operand lists) share it; the longer rules are in
// OperandChecker.cpp (slots, destinations, registers) and OperandSources.cpp
// (sources, brace lists, immediates).
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

/// The instruction's name in messages: given (a family's DiagName), or
/// diagName() of an instruction, worked out when a message first needs it
/// (most instructions check clean).
class InstrName {
public:
  InstrName(StringRef Given) : Given(Given) {}
  explicit InstrName(const ast::InstructionStmt &I) : I(&I) {}
  StringRef get() const {
    if (I && !Made) {
      Text = diagName(*I);
      Made = true;
    }
    return I ? StringRef(Text) : Given;
  }
  operator StringRef() const { return get(); }
  std::string str() const { return get().str(); }

private:
  StringRef Given;
  const ast::InstructionStmt *I = nullptr;
  mutable std::string Text;
  mutable bool Made = false;
};
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &OS,
                                     const InstrName &N) {
  return OS << N.get();
}

/// Checks the operands of one instruction against one operand list.
class OperandChecker {
public:
  OperandChecker(SemaState &S, InstrName Name,
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

  void checkSlot(const isa::OperandSlot &Slot, const ast::Operand &O);

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
  void checkAddress(const isa::OperandSlot &Slot, const ast::Operand &O);

  /// A label (bra's target; an undeclared name is "Unknown symbol"). For
  /// anything else ptxas 13.0 says "Label expected", but "Arguments
  /// mismatch" for a brace list or a predicate or floating-point value
  /// (`bra %p1`, `bra %f1`, `bra 1.5`), "Special register argument not
  /// allowed" first for a special register, and "Result discard mode is
  /// not allowed" for the sink.
  void checkLabel(const ast::Operand &O);

  /// The label of a .branchtargets list (brx.idx's tlist). ptxas 13.0 says
  /// "Label with '.branchtargets' directive expected" for any other name (a
  /// label, register, variable, function, `-%r1`), "Arguments mismatch" for
  /// a constant, an address, a brace list or a special register.
  void checkTargetList(const ast::Operand &O);

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
  bool checkVectorSlot(const isa::OperandSlot &Slot, const ast::Operand &O);

  /// The element count of a whole vector register (`%v` of `.reg .v2 .b32
  /// %v`, not `%v.x`); 0 for anything else.
  unsigned vectorRegisterWidth(const ast::Operand &O) {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    const Symbol *Sym = N && N->Component.empty() ? S.lookup(N->Name) : nullptr;
    return Sym && Sym->Space == ast::StateSpace::Reg ? Sym->VectorWidth : 0;
  }

  void checkDest(const isa::OperandSlot &Slot, const ast::Operand &O);

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
                          const ast::NameOperand &N, const Symbol &Sym);

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
  unsigned slotBits(const isa::OperandSlot &Slot) const;

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
                         const ast::AddressOperand &A);

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

  void checkPredOut(const isa::OperandSlot &Slot, const ast::Operand &P);

  static std::string typeText(const Symbol *Sym) {
    return Sym->Type ? isa::typeName(*Sym->Type).str() : "?";
  }

  void unknown(const ast::NameOperand &N) {
    Ok = false;
    S.report(DiagID::UndeclaredSymbol, N.Range)
        << "Unknown symbol '" << N.Name << "'";
  }

  void checkRegister(const isa::OperandSlot &Slot, const ast::NameOperand &N,
                     bool IsDest);

  void incorrectSelector(SMRange R, const Twine &Why) {
    Ok = false;
    S.report(DiagID::OperandType, R) << "Incorrect video selector for operand "
                                     << ArgIndex << ": " << Why.str();
  }

  /// The selector of a scalar register (`%r1.b0`) against the slot's
  /// (isa::VideoSel; the notation in Classes.td).
  bool checkSelector(const isa::OperandSlot &Slot, const ast::NameOperand &N,
                     const Symbol &Sym, bool IsDest);

  void checkSpecialReg(const isa::OperandSlot &Slot, const ast::NameOperand &N,
                       const isa::SpecialReg &SR, bool IsDest);

  void checkSource(const isa::OperandSlot &Slot, const ast::Operand &O);

  /// A brace list in a slot without SF_Vector: the older general families
  /// (mov's packing) take it as a value of the instruction type; elsewhere
  /// it is not allowed.
  void braceList(const isa::OperandSlot &Slot, const ast::VectorOperand &V);

  /// `a+`: a brace list of up to four registers whose sizes add up to the
  /// slot's type (ptxas 13.0: clusterlaunchcontrol.query_cancel's .b128
  /// response as `{%rd1, %rd2}`, `{%r1, %r2, %r3, %r4}` or `{%q1}`); other
  /// elements (a special register) are left to ptxas.
  void packedList(const isa::OperandSlot &Slot, const ast::VectorOperand &V);

  /// mov's packing (PTX ISA 9.7.9.1, mov: `mov.b64 %rd1, {%r1, %r2}` and
  /// back): a bit type, and two or four registers (a `_` counts as one of
  /// them) whose sizes add up to the type's. ptxas 13.0 says "Argument vector
  /// size mismatch" when the registers have the instruction's type (`mov.u32
  /// %r1, {%r2, %r3}`), "Arguments mismatch" otherwise (`mov.u32 %r1, {%p1,
  /// %p2}`).
  void checkPacking(const ast::VectorOperand &V);

  /// `mov.v2.b32 {%r1, %r2}, {%r3, %r4}`: a brace list of .vN is N
  /// registers of the instruction type, not a packing (ptxas 13.0:
  /// `mov.v4.b64 {%r1, %r2}, %rd1` is "Argument vector size mismatch",
  /// `mov.v2.b64 {%r1, %r2}, %rd1` "Arguments mismatch"). Other elements
  /// (constants, special registers) are left to ptxas.
  void checkVectorMove(const ast::VectorOperand &V);

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
                        const ast::VectorOperand &V);

  /// ptxas 13.0 takes a brace list of bit-size registers of a .bf16 or
  /// .bf16x2 operand's size, of any length, for the operand (`cvt.rn.bf16x2
  /// .f32 {%r1, %r2}, %f1, %f2`, `cvt.f32.bf16 %f1, {%rs1, %rs2}`).
  bool bf16BraceList(const isa::OperandSlot &Slot,
                     const ast::VectorOperand &V) const;

  /// `-%r1`: the parser reads it as an expression; ptxas 13.0 as a negated
  /// register operand, which the warp instructions do not take.
  bool isNegatedRegister(const ast::ImmOperand &O) {
    return S.negatedRegister(O);
  }

  /// A constant of a slot with `#=` values, with ptxas 13.0's messages
  /// (cp.async's "unexpected value '2', expected to be 4 or 8 or 16",
  /// cp.async.bulk's "... expected to be multiple of 16", tensormap.replace's
  /// "value '7' expected to be in range [0..4]").
  void checkValue(const isa::OperandSlot &Slot, const ast::ImmOperand &O);

  void checkImmediate(const isa::OperandSlot &Slot, const ast::ImmOperand &O);

  /// A constant outside the slot's range, or not of its multiple (ptxas
  /// 13.0: "Argument 3 of instruction 'bfe': value '256' out of range,
  /// expected to be in range [0..255]", "Argument 1 of instruction
  /// 'setmaxnreg.dec': unexpected value '255', expected to be multiple of 8").
  /// Returns whether it reported.
  bool checkRange(const isa::OperandSlot &Slot, const ast::ImmOperand &O);

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

  bool immediateFits(const ast::ImmOperand &O, ImmKind K, isa::PtxType T) const;

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
  InstrName Name;
  std::optional<isa::PtxType> InstrType;
  bool F16x2VotePred;
};

} // namespace sema
} // namespace ptxwarp

#endif
