//===- Instructions.cpp - Per-instruction dispatch: opcode, guard, form --===//
//
// Unknown opcodes, guards that are not predicates (the guard-* cases of
// test/Sema/ptxas-expectations.test), then the
// table-driven path for warp families: qualifiers -> form -> gates ->
// operands -> beyond-ptxas lints; and the lighter path for the rest of PTX.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include "llvm/ADT/ScopeExit.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

bool SemaState::checkGuard(const ast::InstructionStmt &I) {
  if (!I.G.isPresent())
    return true;
  const Symbol *S = lookup(I.G.Pred);
  if (S && S->Type == isa::PtxType::Pred)
    return true;
  auto B = report(DiagID::BadGuard, I.G.Range);
  B << "Predicate expression expected: guard '" << I.G.Pred << "' ";
  if (isa::findSpecialReg(I.G.Pred))
    B << "is a special register";
  else if (!S)
    B << "is not declared";
  else if (S->Type)
    B << "is declared ." << isa::typeName(*S->Type) << ", not .pred";
  else
    B << "is not a predicate register";
  return false;
}

/// The form of \p F that the resolved qualifiers select (the ISA's rule,
/// which the lowering shares).
static const isa::InstrForm *selectForm(const isa::InstrFamily &F,
                                        const ResolvedQuals &Q) {
  return isa::selectForm(F, {Q.Sync, Q.Mode, Q.Type});
}

static const isa::InstrForm *findForm(const ast::InstructionStmt &I,
                                      isa::OpcodeRef Op) {
  StringRef FirstQual = I.Qualifiers.empty() ? "" : I.Qualifiers[0].Text;
  const isa::InstrFamily *F = isa::findFamily(Op, FirstQual);
  if (!F || F->General)
    return nullptr;
  DiagnosticEngine Scratch; // qualifier errors are the checker's business
  SemaState S(Scratch, {});
  ResolvedQuals Q = S.resolveQualifiers(I, *F);
  return Q.Ok ? selectForm(*F, Q) : nullptr;
}

const isa::InstrForm *findForm(const ast::InstructionStmt &I) {
  return findForm(I, isa::OpcodeRef(I.Opcode));
}

void SemaState::checkInstruction(const ast::InstructionStmt &I) {
  // ptxas: "Not a name of any known instruction: 'SHFL'" (opcodes are case
  // sensitive; test/Sema/qualifiers.ptx).
  isa::OpcodeRef Op(I.Opcode);
  if (!Op.known()) {
    report(DiagID::UnknownInstruction, I.OpcodeRange)
        << "Not a name of any known instruction: '" << I.Opcode << "'";
    return;
  }
  CurrentInst = &I;
  CurrentOp = Op;
  auto Done = llvm::make_scope_exit([&] { CurrentInst = nullptr; });
  checkGuard(I);
  recordFunctionUses(I); // Linking.cpp
  if (isa::memoryOperandOf(Op) >= 0)
    checkStateSpaces(I); // StateSpaces.cpp
  else if (!isa::code32Rule(Op).empty())
    check32BitForms(I); // StateSpaces.cpp
  StringRef FirstQual = I.Qualifiers.empty() ? "" : I.Qualifiers[0].Text;
  const isa::InstrFamily *F = isa::findFamily(Op, FirstQual);
  if (!F || F->General) {
    checkGeneral(I, F);
    if (const isa::ExecInfo *X = isa::findExec(Op);
        X && (X->Flags & isa::ExecInfo::Inlined))
      checkCall(I); // Calls.cpp
    return;
  }
  ResolvedQuals Q = resolveQualifiers(I, *F);
  if (!Q.Ok) {
    for (const ast::Operand *O : I.Operands)
      checkDeclaredNames(*O);
    return;
  }
  const isa::InstrForm *Form = selectForm(*F, Q);
  Forms[&I] = Form;
  if (!Form) {
    report(DiagID::BadQualifier, I.OpcodeRange)
        << "Unexpected instruction types specified for '" << F->DiagName << "'";
    return;
  }
  // A non-.sync shfl/vote written with the .sync operand list: ptxas says
  // ".sync modifier required" (ptxas 13.0; test/Sema/legacy.ptx).
  if (Form->Legacy && I.Operands.size() != Form->Operands.size()) {
    for (const isa::InstrForm &Other : F->Forms)
      if (Other.Sync && Other.Mode == Form->Mode &&
          Other.Operands.size() == I.Operands.size()) {
        report(DiagID::BadQualifier, I.OpcodeRange)
            << ".sync modifier required for instruction '" << F->DiagName
            << "' with " << I.Operands.size() << " operands (did you mean '"
            << Other.Name << "'?)";
        break;
      }
  }
  if (Form->Sync && Form->Op != isa::SemanticOp::Mov)
    Facts.HasWarpSync = true;
  checkGates(I, *F, *Form, Q);
  if (checkOperands(I, *F, *Form, Q)) {
    lintWarpInstruction(I, *F, *Form);
    Facts.CheckedWarps.push_back({&I, F, Form});
  }
}

} // namespace sema
} // namespace ptxwarp
