//===- StateSpaces.cpp - Addresses against the instruction's state space --===//
//
// ld, ldu, st, atom, red, prefetch and cvta name a state space (PTX ISA 5.1
// "State Spaces"; none is the generic space), and a variable written as
// their address (`[v]`, `[v+4]`, cvta's `v`) must live in it. What ptxas
// 13.0 reports, probed with it over every space and variable kind
// (test/Sema/state-spaces.ptx):
//
//   ld.global [s] of a .shared s     State space mismatch between instruction
//                                    and address in instruction 'ld'
//   .shared, .shared::cta, .shared::cluster take .shared variables; .param
//   (also ::entry, ::func) takes parameters; the generic space takes
//   .global, .shared and .local variables but not .const or .param ones.
//   Registers holding addresses are not checked, nor `[4+v]` or `[v+w]`
//   (ptxas checks only `v` plus a constant).
//   st.const, atom/red .local/.const/.param, ldu other than .global,
//   prefetch .shared
//                                    State space incorrect for instruction
//                                    (their syntax rows, SyntaxRows.cpp; the
//                                    table's RefusedSpaces for opcodes
//                                    without rows)
//   st.param [in]  of an input parameter
//                                    Illegal to write to function input
//                                    parameter 'in'
//   ld.param [ret] of a return parameter
//                                    Illegal to read function return
//                                    parameter 'ret'
//   @p st.param [a] / @p ld.param [a] of a .param variable of a body (a
//   call's argument; not a kernel's or function's parameter)
//                                    Illegal to predicate instruction
//                                    'st.param' with operand 'a'
//
// The register of `[r]` or `[r+4]`: an integer or bit type ("Illegal to use
// symbol '%f1' of type .f32 as address operand"), and 64-bit in the generic
// and .global spaces (a 32-bit one is fatal: ptxas 13.0 compiles no 32-bit
// code).
//
// The sub-spaces have gates: ::cta and ::cluster PTX 7.8 (::cluster also
// sm_90), ::entry and ::func PTX 8.3 (isa::stateSpaceGate).
//
// ptx-run runs the checker first, so it refuses such a module instead of
// reading zeros from the wrong memory.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

/// The variable of `v` or `v + constant` (ptxas checks only that shape).
const ast::NameExpr *leadingName(const ast::Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *N = dyn_cast<ast::NameExpr>(E))
    return N;
  const auto *B = dyn_cast<ast::BinaryExpr>(E);
  if (!B || (B->Op != ast::BinaryOp::Add && B->Op != ast::BinaryOp::Sub) ||
      !ast::evaluateInt(*B->RHS))
    return nullptr;
  return leadingName(B->LHS);
}

/// Whether an instruction in space \p Instr (None: generic) may address a
/// variable of space \p Var.
bool spaceAccepts(ast::StateSpace Instr, ast::StateSpace Var) {
  using SS = ast::StateSpace;
  if (Instr == SS::None)
    return Var == SS::Global || Var == SS::Shared || Var == SS::Local;
  return Instr == Var;
}

bool isMemorySpace(ast::StateSpace S) {
  using SS = ast::StateSpace;
  return S == SS::Global || S == SS::Shared || S == SS::Local ||
         S == SS::Const || S == SS::Param;
}

/// "State space mismatch between instruction and address": variable
/// \p Sym (written \p Name at \p R) is not in the instruction's space.
void reportSpaceMismatch(SemaState &S, const ast::InstructionStmt &I,
                         const Symbol &Sym, StringRef Name, SMRange R,
                         const ast::Qualifier *SpaceQual) {
  auto B = S.report(DiagID::StateSpace, R);
  B << "State space mismatch between instruction and address in "
       "instruction '"
    << diagName(I) << "': '" << Name << "' is a ."
    << (Sym.Space == ast::StateSpace::Param    ? "param"
        : Sym.Space == ast::StateSpace::Global ? "global"
        : Sym.Space == ast::StateSpace::Shared ? "shared"
        : Sym.Space == ast::StateSpace::Local  ? "local"
                                               : "const")
    << " variable, and '" << diagName(I) << "' addresses "
    << (SpaceQual ? "." + SpaceQual->Text.str()
                  : std::string("the generic space"));
  B.note(Sym.Range, "declared here");
}

/// The first memory state space the instruction names (None: generic).
const ast::Qualifier *spaceQualifier(const ast::InstructionStmt &I,
                                     ast::StateSpace &Space) {
  Space = ast::StateSpace::None;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    ast::StateSpace S = ast::stateSpaceFromName(Q.Text);
    if (isMemorySpace(S)) {
      Space = S;
      return &Q;
    }
  }
  return nullptr;
}

} // namespace

void SemaState::checkAddressVariable(const ast::InstructionStmt &I,
                                     const ast::AddressOperand &A) {
  ast::StateSpace Space;
  const ast::Qualifier *SpaceQual = spaceQualifier(I, Space);
  const ast::NameExpr *NE = A.Rest.empty() ? leadingName(A.Base) : nullptr;
  const Symbol *Sym = NE ? lookup(NE->Name) : nullptr;
  if (Sym && isMemorySpace(Sym->Space) && !spaceAccepts(Space, Sym->Space))
    reportSpaceMismatch(*this, I, *Sym, NE->Name, NE->Range, SpaceQual);
}

void SemaState::checkAddressRegister(const ast::AddressOperand &A,
                                     ast::StateSpace Space) {
  llvm::Optional<ast::AddressOperand::BaseOffset> B = A.splitBaseOffset();
  const Symbol *Sym =
      B && A.Rest.empty() && !B->Name.empty() ? lookup(B->Name) : nullptr;
  if (!Sym || Sym->Space != ast::StateSpace::Reg || !Sym->Type)
    return;
  isa::PtxType T = *Sym->Type;
  if (Sym->VectorWidth || isa::typeKind(T) == isa::TypeKind::Float ||
      T == isa::PtxType::Pred || T == isa::PtxType::F16x2 ||
      T == isa::PtxType::BF16x2) {
    report(DiagID::OperandType, A.Range)
        << "Illegal to use symbol '" << B->Name << "' of type "
        << (Sym->VectorWidth ? "unexpected" : "." + isa::typeName(T).str())
        << " as address operand. Use integer or bit only.";
    return;
  }
  if (isa::typeBits(T) > 64) {
    report(DiagID::OperandType, A.Range)
        << "Illegal operand type for address/array-index: '" << B->Name
        << "' is ." << isa::typeName(T);
    return;
  }
  // A 32-bit register addressing the generic or the global space makes
  // ptxas 13.0 compile 32-bit code ("Program uses 32-bit address ...
  // conflicting with .address_size 64"), which it no longer does; the
  // window spaces (.shared, .local, .const, .param) take 32-bit addresses.
  if (isa::typeBits(T) != 32 ||
      (Space != ast::StateSpace::None && Space != ast::StateSpace::Global))
    return;
  report32BitCode(A.Range)
      << ": '" << B->Name << "' is a 32-bit register, and a "
      << (Space == ast::StateSpace::None ? "generic" : ".global")
      << " address is 64-bit (cvta.to.global.u64 makes one)";
}

void SemaState::check32BitForms(const ast::InstructionStmt &I) {
  ast::StateSpace Space;
  spaceQualifier(I, Space);
  // Besides ld/st/atom/red/prefetch's address (checkAddressRegister), ptxas
  // 13.0 compiles 32-bit code for: cvta of a .u32, either way and in any
  // space; a .global variable moved into a 32-bit register (`mov.u32 %r1,
  // gv`; it takes `gv+4` and a .shared or .const variable); and a 32-bit
  // register as the address of mbarrier without a space and of multimem.
  StringRef Rule = isa::code32Rule(opcodeOf(I));
  if (Rule.empty())
    return;
  if (Rule == "type" && I.hasQualifier("u32") && !I.Operands.empty()) {
    report32BitCode(I.OpcodeRange)
        << ": cvta.u32 converts a 32-bit address (use .u64)";
    return;
  }
  if (Rule == "global" && I.Operands.size() == 2 &&
      (I.hasQualifier("u32") || I.hasQualifier("b32") ||
       I.hasQualifier("s32"))) {
    const auto *N = dyn_cast<ast::NameOperand>(I.Operands[1]);
    const Symbol *Sym = N ? lookup(N->Name) : nullptr;
    if (Sym && Sym->Space == ast::StateSpace::Global)
      report32BitCode(N->Range)
          << ": '" << N->Name << "' is a .global variable, whose address is "
          << "64-bit (mov.u64)";
    return;
  }
  if (Rule != "address" &&
      !(Rule == "generic" && Space == ast::StateSpace::None))
    return;
  // Only the 32-bit register: the address's other rules are the
  // instruction's own (multimem's `[%f1]` is "Arguments mismatch").
  for (const ast::Operand *O : I.Operands)
    if (const auto *A = dyn_cast<ast::AddressOperand>(O)) {
      llvm::Optional<ast::AddressOperand::BaseOffset> B = A->splitBaseOffset();
      const Symbol *Sym =
          B && A->Rest.empty() && !B->Name.empty() ? lookup(B->Name) : nullptr;
      if (Sym && Sym->Space == ast::StateSpace::Reg && Sym->Type &&
          !Sym->VectorWidth && isa::typeBits(*Sym->Type) == 32 &&
          isa::typeKind(*Sym->Type) != isa::TypeKind::Float &&
          *Sym->Type != isa::PtxType::F16x2 &&
          *Sym->Type != isa::PtxType::BF16x2)
        checkAddressRegister(*A, Space);
      return;
    }
}

void SemaState::checkSpaceGate(const ast::Qualifier &SpaceQual) {
  std::optional<isa::SpaceGate> G = isa::stateSpaceGate(SpaceQual.Text);
  if (!G)
    return;
  if (Version && *Version < G->MinVersion) {
    auto B = report(DiagID::VersionGate, SpaceQual.range());
    B << "Feature '" << G->Feature << "' requires PTX ISA .version "
      << G->MinVersion.str() << " or later";
    noteVersion(B);
  }
  if (G->MinTarget && Target && Target->Number < G->MinTarget) {
    auto B = report(DiagID::TargetGate, SpaceQual.range());
    B << "Feature '" << G->Feature << "' requires .target sm_" << G->MinTarget
      << " or higher";
    noteTarget(B);
  }
}

void SemaState::checkStateSpaces(const ast::InstructionStmt &I) {
  ast::StateSpace Space;
  const ast::Qualifier *SpaceQual = spaceQualifier(I, Space);
  if (SpaceQual)
    checkSpaceGate(*SpaceQual);
  if (SpaceQual && isa::listContains(isa::refusedStateSpaces(opcodeOf(I)),
                                     ast::stateSpaceBase(SpaceQual->Text))) {
    report(DiagID::StateSpace, SpaceQual->range())
        << "State space incorrect for instruction '" << I.Opcode << "': '"
        << I.Opcode << "' does not take ." << SpaceQual->Text;
    return;
  }
  check32BitForms(I);
  // cvta.to converts a generic address held in a register.
  if (I.hasQualifier("to"))
    return;
  int K = isa::memoryOperandOf(opcodeOf(I));
  if (K < 0 || static_cast<size_t>(K) >= I.Operands.size())
    return;
  const ast::Operand *O = I.Operands[K];
  // prefetch.tensormap takes a 32-bit register (ptxas 13.0).
  if (const auto *A = dyn_cast<ast::AddressOperand>(O);
      A && !I.hasQualifier("tensormap"))
    checkAddressRegister(*A, Space);
  const ast::NameExpr *NE = nullptr;
  StringRef Name;
  SMRange R;
  if (const auto *A = dyn_cast<ast::AddressOperand>(O)) {
    if (!A->Rest.empty())
      return;
    NE = leadingName(A->Base);
  } else if (const auto *Imm = dyn_cast<ast::ImmOperand>(O)) {
    NE = leadingName(Imm->Value);
  } else if (const auto *N = dyn_cast<ast::NameOperand>(O)) {
    Name = N->Name;
    R = N->Range;
  }
  if (NE) {
    Name = NE->Name;
    R = NE->Range;
  }
  const Symbol *Sym = Name.empty() ? nullptr : lookup(Name);
  if (!Sym || !isMemorySpace(Sym->Space))
    return;
  if (!spaceAccepts(Space, Sym->Space))
    return reportSpaceMismatch(*this, I, *Sym, Name, R, SpaceQual);
  if (Space != ast::StateSpace::Param)
    return;
  // A body's .param variables pass call arguments: their ld/st has no guard.
  if (I.G.isPresent() && Sym->Role == Symbol::ParamRole::None)
    report(DiagID::StateSpace, R)
        << "Illegal to predicate instruction '" << I.Opcode
        << ".param' with operand '" << Name
        << "': a call argument is written and read unconditionally";
  // st writes the parameter; the others (ld, ldu, cvta...) read it.
  bool Store =
      isa::operandSizeRuleOf(opcodeOf(I)) == isa::OperandSizeRule::Store;
  if (Store && Sym->Role == Symbol::ParamRole::Input)
    report(DiagID::StateSpace, R)
        << "Illegal to write to function input parameter '" << Name << "'";
  else if (!Store && Sym->Role == Symbol::ParamRole::Return)
    report(DiagID::StateSpace, R)
        << "Illegal to read function return parameter '" << Name << "'";
}

} // namespace sema
} // namespace ptxwarp
