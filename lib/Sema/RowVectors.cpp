//===- RowVectors.cpp - The brace-list operands of warp-level syntax rows
//--===//
//
// A warp-level row (mma; ldmatrix, stmatrix and wmma next) lists its
// operands in the table (lib/ISA/td/Forms/Matrix.td: RowOperand): each a
// brace list of a fixed number of registers, each register declared with
// one of the types the operand accepts. ptxas 13.0's messages, found by
// running it (test/Sema/mma-operands.ptx pins each):
// - a scalar where a brace list is expected: "Vector expected for argument
//   N" (N from 0);
// - a brace list of another size: "Argument vector size mismatch for
//   instruction 'mma'";
// - registers of different sizes: "Incompatible elements of vector
//   expression"; a register of a type that does not mix with the one
//   before it (an integer and a float type; a bit type mixes with any):
//   "Vector with elements of different types are not allowed in mma
//   instruction"; a list whose type (the first bit type among its
//   registers, else the first register's) the operand does not take:
//   "Arguments mismatch for instruction 'mma'";
// - a constant in a destination: "Result register required"; '_' in a
//   source: "Sink '_' not allowed as a source operand" ('_' in a
//   destination and constants in sources are accepted);
// - a row that takes a vector word (wmma.load, wmma.store: `.v8`) checks
//   it against its brace lists: "Argument vector size mismatch", and with
//   the type at most 128 bits: "Vector type too large, exceeds 128 bit
//   limit";
// - a scalar operand (wmma's stride, mma.sp's metadata): a register of one
//   of its types or an integer constant; a special register is "Special
//   register argument not allowed for instruction 'X'", `-%r1` "Operand
//   negation not allowed", anything else "Arguments mismatch".
//
//===----------------------------------------------------------------------===//

#include "OperandChecker.h"
#include "SemaState.h"

#include "ptxwarp/ISA/SyntaxRows.h"
#include "ptxwarp/ISA/Types.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

/// The type ptxas gives a brace list whose registers mix: the first bit
/// type among them (.b32, or a packed type), else the first type (so
/// {%f1, %r2} is a .b32 list, {%f1, %f2} an .f32 one).
static isa::PtxType listType(ArrayRef<isa::PtxType> Types) {
  for (isa::PtxType T : Types)
    if (isa::typeKind(T) == isa::TypeKind::Bit)
      return T;
  return Types.front();
}

// The address `[p]` of a warp-level row (ldmatrix, stmatrix): ptxas 13.0
// says "Arguments mismatch" for anything else, "Immediate addresses allowed
// only for .local state space" for `[16]`, and checks the register as any
// address register; the address is in the .shared window (a 32-bit
// register is fine even without .shared).
bool SemaState::checkRowAddress(const ast::InstructionStmt &I,
                                const ast::Operand &O, bool AnySpace) {
  const auto *A = dyn_cast<ast::AddressOperand>(&O);
  if (!A || O.Negated || !A->Rest.empty()) {
    report(DiagID::OperandType, O.Range)
        << "Arguments mismatch for instruction '" << diagName(I)
        << "': the operand is an address, '[p]', not '" << O.text() << "'";
    return false;
  }
  llvm::Optional<ast::AddressOperand::BaseOffset> B = A->splitBaseOffset();
  if (B && B->Name.empty() && A->Rest.empty()) {
    report(DiagID::OperandType, O.Range)
        << "Immediate addresses allowed only for .local state space";
    return true;
  }
  bool Shared = false;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Shared |= Q.Text.startswith("shared");
    if (Q.Text.startswith("shared::"))
      checkSpaceGate(Q);
  }
  // A generic address: ptxas 13.0 moves it into a 32-bit register first,
  // and a narrower one is that mov's mismatch (`.shared` takes it).
  const Symbol *Sym = B && !B->Name.empty() ? lookup(B->Name) : nullptr;
  if ((!Shared || AnySpace) && Sym && Sym->Space == ast::StateSpace::Reg &&
      Sym->Type && !Sym->VectorWidth && isa::typeBits(*Sym->Type) < 32 &&
      isa::typeKind(*Sym->Type) != isa::TypeKind::Float &&
      *Sym->Type != isa::PtxType::Pred) {
    report(DiagID::OperandType, O.Range)
        << "Arguments mismatch for instruction 'mov': '" << B->Name << "' is a "
        << isa::typeBits(*Sym->Type)
        << "-bit register, an address takes 32 or 64 bits";
    return true;
  }
  checkAddressRegister(*A, ast::StateSpace::Shared);
  checkAddressVariable(I, *A); // StateSpaces.cpp
  return true;
}

// A scalar operand of a warp-level row (wgmma's descriptors, scale-d and
// immediates; ptxas 13.0, test/Sema/syntax-wgmma.ptx): a register of one of
// the operand's types (a predicate also negated with `!`), or, where the
// operand takes them, an integer constant, one of its Values if it lists
// them. A negated register, and a special register of a type the operand
// takes, get ptxas's own messages (wmma's stride, test/Sema/wmma.ptx);
// anything else is "Arguments mismatch".
void SemaState::checkRowScalar(const ast::InstructionStmt &I,
                               const isa::SyntaxRow &Row,
                               const isa::RowOperand &Spec, unsigned K,
                               const ast::Operand &O) {
  std::string Name = diagName(I);
  auto Mismatch = [&](StringRef Why) {
    report(DiagID::OperandType, O.Range)
        << "Arguments mismatch for instruction '" << Name << "': operand " << K
        << " " << Why;
  };
  if (negatedRegister(O)) {
    report(DiagID::OperandType, O.Range)
        << "Operand negation not allowed for instruction '" << Name << "'";
    return;
  }
  bool TakesInt = isa::listContains(Spec.Regs, "int") || !Spec.Values.empty();
  if (llvm::isa<ast::ImmOperand>(&O)) {
    std::optional<uint64_t> V = intValueOf(O);
    if (!V || !TakesInt) {
      Mismatch("takes no such constant");
      return;
    }
    if (Spec.Values.empty())
      return;
    std::string Text = std::to_string(int64_t(*V));
    // A range "lo..hi" (mma.sp's sparsity selector): ptxas numbers the
    // operand from 1 here ("Argument 6 of instruction 'Sparse mma': value
    // '4' out of range, expected to be in range [0..3]").
    if (Spec.Values.contains("..")) {
      auto [LoText, HiText] = Spec.Values.split("..");
      int64_t Lo = 0, Hi = 0;
      bool Bad = LoText.getAsInteger(10, Lo) || HiText.getAsInteger(10, Hi);
      assert(!Bad && "a range of two integers");
      (void)Bad;
      if (int64_t(*V) >= Lo && int64_t(*V) <= Hi)
        return;
      report(DiagID::OperandType, O.Range)
          << "Argument " << K + 1 << " of instruction '"
          << (Row.OperandsName.empty() ? StringRef(Name) : Row.OperandsName)
          << "': value '" << Text << "' out of range, expected to be in range ["
          << Spec.Values << "]";
      return;
    }
    if (isa::listContains(Spec.Values, Text))
      return;
    SmallVector<StringRef, 4> Vals;
    Spec.Values.split(Vals, ',');
    std::string Expected;
    for (size_t J = 0; J != Vals.size(); ++J)
      Expected +=
          (J ? (J + 1 == Vals.size() ? " or " : ", ") : "") + Vals[J].str();
    report(DiagID::OperandType, O.Range)
        << "Argument " << K << " of instruction '"
        << (Row.OperandsName.empty() ? StringRef(Name) : Row.OperandsName)
        << "': unexpected value '" << Text << "', expected to be " << Expected;
    return;
  }
  const auto *N = dyn_cast<ast::NameOperand>(&O);
  if (const isa::SpecialReg *SR = N ? isa::findSpecialReg(N->Name) : nullptr) {
    // ptxas checks the type first: a special register of a type the operand
    // takes (wmma's .u32 stride) is "not allowed", any other a mismatch
    // (wgmma's scale-d).
    if (!isa::listContains(Spec.Regs, isa::typeName(SR->Ty))) {
      Mismatch("takes no special register");
      return;
    }
    report(DiagID::SpecialRegister, O.Range)
        << "Special register argument not allowed for instruction '" << Name
        << "': copy '" << O.text() << "' into a register with mov first";
    return;
  }
  const Symbol *Sym = N ? lookup(N->Name) : nullptr;
  if (N && !Sym)
    return; // Unknown names: checkDeclaredNames.
  // A .param variable where a register or a constant goes (wgmma's
  // descriptors): ptxas says the register is missing.
  if (Sym && Sym->Space == ast::StateSpace::Param && TakesInt &&
      Spec.Regs != "int" && Spec.Values.empty()) {
    report(DiagID::OperandType, O.Range)
        << "Argument " << K << " of instruction '" << Name
        << "': must be register";
    return;
  }
  if (!Sym || Sym->Space != ast::StateSpace::Reg || !Sym->Type ||
      Sym->VectorWidth) {
    Mismatch("is no register of its type");
    return;
  }
  if (O.Negated && *Sym->Type != isa::PtxType::Pred) {
    Mismatch("is not negatable");
    return;
  }
  if (!isa::listContains(Spec.Regs, isa::typeName(*Sym->Type)))
    Mismatch(("takes ." + Spec.Regs.split(',').first + " registers, not ." +
              isa::typeName(*Sym->Type))
                 .str());
}

/// The n of the instruction's matrix shape word (`.m64n24k16`: 24), 0 for
/// none.
static unsigned shapeN(const ast::InstructionStmt &I) {
  for (const ast::Qualifier &Q : I.Qualifiers) {
    StringRef W = Q.Text;
    unsigned M = 0, N = 0, K = 0;
    if (!W.consume_front("m") || W.consumeInteger(10, M) ||
        !W.consume_front("n") || W.consumeInteger(10, N) ||
        !W.consume_front("k") || W.consumeInteger(10, K) || !W.empty())
      continue;
    return N;
  }
  return 0;
}

void SemaState::checkRowVectorOperands(const ast::InstructionStmt &I,
                                       const isa::SyntaxRow &Row) {
  std::string DiagName = diagName(I);
  StringRef Name = DiagName;
  StringRef SizeName = Row.OperandsName.empty() ? Name : Row.OperandsName;
  // The size a vector word (.v2, .v4, .v8) gives the brace lists, in a row
  // that takes one.
  unsigned VecWord = 0;
  if (llvm::any_of(Row.elems(),
                   [](const isa::SyntaxElem &E) { return E.Name == "vec"; }))
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (Q.Text.size() == 2 && Q.Text[0] == 'v' && isdigit(Q.Text[1]))
        VecWord = Q.Text[1] - '0';
  // ... and with the instruction type, at most 128 bits.
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (std::optional<isa::PtxType> T = isa::parseType(Q.Text))
      if (VecWord && VecWord * isa::typeBits(*T) > 128) {
        report(DiagID::OperandType, I.OpcodeRange)
            << "Vector type too large, exceeds 128 bit limit: .v" << VecWord
            << " of ." << Q.Text;
        return;
      }
  for (size_t K = 0; K < Row.VectorOperands.size() && K < I.Operands.size();
       ++K) {
    isa::RowOperand Spec = Row.VectorOperands[K];
    if (Spec.Count < 0)
      Spec.Count = shapeN(I) / unsigned(-Spec.Count);
    const ast::Operand &O = *I.Operands[K];
    checkDeclaredNames(O);
    if (Spec.Role == isa::SlotRole::Address) {
      // ptxas checks nothing after an operand that is no address.
      if (!checkRowAddress(I, O, Spec.Regs == "generic"))
        return;
      continue;
    }
    // ptxas 13.0 takes the sink `_` for a whole destination (mma, ldmatrix,
    // wgmma.mma_async).
    if (Spec.Role == isa::SlotRole::Dest && llvm::isa<ast::SinkOperand>(&O))
      continue;
    const auto *V = dyn_cast<ast::VectorOperand>(&O);
    auto SizeMessage = [&] {
      report(DiagID::OperandType, O.Range) << fillMessage(
          Row.VectorSizeMessage, {{"n", std::to_string(Spec.Count)},
                                  {"k", std::to_string(K)},
                                  {"instr", Name}});
    };
    if (Spec.Count && !V && !Row.VectorSizeMessage.empty()) {
      SizeMessage();
      continue;
    }
    if (Spec.Count && !V) {
      report(DiagID::OperandType, O.Range)
          << "Vector expected for argument " << K;
      continue;
    }
    // A scalar that also takes a brace list of any size (wgmma.mma_async.sp's
    // metadata): each element a register of its types.
    if (!Spec.Count && V && isa::listContains(Spec.Regs, "list")) {
      for (const ast::Operand *E : V->Elements)
        checkRowScalar(I, Row, Spec, K, *E);
      continue;
    }
    if (!Spec.Count && V) {
      report(DiagID::OperandType, O.Range)
          << "Arguments mismatch for instruction '" << Name << "': operand "
          << K << " is a register, not a brace list";
      continue;
    }
    if (!V) {
      checkRowScalar(I, Row, Spec, K, O);
      continue;
    }
    if (V->Elements.size() != size_t(Spec.Count) &&
        !Row.VectorSizeMessage.empty()) {
      SizeMessage();
      if (Spec.Count == 1)
        continue;
    }
    if (VecWord && Spec.Count != int(VecWord)) {
      report(DiagID::OperandType, O.Range)
          << "Argument vector size mismatch for instruction '" << Name
          << "': operand " << K << " takes " << Spec.Count
          << " registers, and the instruction says .v" << VecWord;
      continue;
    }
    if (V->Elements.size() != size_t(Spec.Count)) {
      report(DiagID::OperandType, O.Range)
          << "Argument vector size mismatch for instruction '" << SizeName
          << "': operand " << K << " takes " << Spec.Count << " registers, got "
          << V->Elements.size();
      continue;
    }
    bool IsDest = Spec.Role == isa::SlotRole::Dest;
    SmallVector<isa::PtxType, 8> Types;
    SmallVector<size_t, 4> IntConsts; // where integer constants stand
    bool Reported = false;
    for (const ast::Operand *E : V->Elements) {
      if (const auto *Imm = dyn_cast<ast::ImmOperand>(E))
        if (!IsDest && Imm->Value && classify(*Imm->Value) == ImmKind::Int)
          IntConsts.push_back(Types.size());
      if (llvm::isa<ast::ImmOperand>(E) && IsDest) {
        report(DiagID::OperandType, E->Range)
            << "Result register required for instruction '" << Name << "': '"
            << E->text() << "' is a constant";
        Reported = true;
        continue;
      }
      if (llvm::isa<ast::SinkOperand>(E) && !IsDest) {
        report(DiagID::BadSink, E->Range)
            << "Sink '_' not allowed as a source operand";
        Reported = true;
        continue;
      }
      const auto *N = dyn_cast<ast::NameOperand>(E);
      if (!N)
        continue;
      const Symbol *Sym = lookup(N->Name);
      if (!Sym || !Sym->Type)
        continue; // Unknown names: checkDeclaredNames.
      Types.push_back(*Sym->Type);
    }
    if (Reported)
      continue;
    // A list without a register has no type: ptxas 13.0 says so for sinks
    // ("Unable to infer type of vector elements (assuming .b8)") and takes
    // it as a mismatch.
    if (Types.empty()) {
      bool Sinks = llvm::all_of(V->Elements, [](const ast::Operand *E) {
        return llvm::isa<ast::SinkOperand>(E);
      });
      bool Consts = llvm::all_of(V->Elements, [](const ast::Operand *E) {
        return llvm::isa<ast::SinkOperand>(E) || llvm::isa<ast::ImmOperand>(E);
      });
      if (Sinks)
        report(DiagID::OperandType, O.Range)
            << "Unable to infer type of vector elements (assuming .b8)";
      else if (Consts)
        report(DiagID::OperandType, O.Range)
            << "Arguments mismatch for instruction '" << Name
            << "': a brace list of constants has no register type";
      continue;
    }
    // Elements of different sizes; then, element by element, one of a type
    // that does not mix with the one before it (an integer and a float type;
    // a bit type mixes with any); then the list's type against the
    // operand's.
    // An integer constant in a source list is an integer of the list's
    // size to ptxas 13.0: it mixes with bit and integer registers, not with
    // float ones ("Vector with elements of different types",
    // `{%f0, ..., 1}`).
    for (size_t At : llvm::reverse(IntConsts)) {
      unsigned Bits = isa::typeBits(Types.front());
      Types.insert(Types.begin() + At, Bits == 64   ? isa::PtxType::U64
                                       : Bits == 16 ? isa::PtxType::U16
                                                    : isa::PtxType::U32);
    }
    bool OneSize = llvm::all_of(Types, [&](isa::PtxType T) {
      return isa::typeBits(T) == isa::typeBits(Types.front());
    });
    bool Mix = true;
    for (size_t E = 1; E < Types.size(); ++E)
      Mix &= isa::isTypeCompatible(Types[E - 1], Types[E]);
    if (!OneSize)
      report(DiagID::OperandType, O.Range)
          << "Incompatible elements of vector expression";
    else if (!Mix)
      report(DiagID::OperandType, O.Range)
          << "Vector with elements of different types are not allowed in "
          << Name << " instruction";
    else if (!isa::listContains(Spec.Regs, isa::typeName(listType(Types))))
      report(DiagID::OperandType, O.Range)
          << "Arguments mismatch for instruction '" << Name << "': operand "
          << K << " takes ." << Spec.Regs.split(',').first
          << " registers (declared as one of " << Spec.Regs << "), not ."
          << isa::typeName(listType(Types));
  }
}

} // namespace sema
} // namespace ptxwarp
