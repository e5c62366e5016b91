//===- Syntax.cpp - The read-only views over the AST ----------------------===//
//
// Each handle stores a pointer to its AST node and to the ModuleData that
// owns it; this file is the only place that knows which node type sits
// behind which handle.
//
//===----------------------------------------------------------------------===//

#include "ModuleData.h"

#include "ptxwarp/API/Instructions.h"
#include "ptxwarp/API/Syntax.h"
#include "ptxwarp/Sema/Checker.h"

using namespace llvm;

namespace ptxwarp {
namespace api {

InstructionInfo makeInstructionInfo(const isa::InstrForm &F,
                                    const isa::InstrFamily *Family);

//===----------------------------------------------------------------------===//
// Operand
//===----------------------------------------------------------------------===//

static const ast::Operand &op(const void *N) {
  return *static_cast<const ast::Operand *>(N);
}

Operand::Kind Operand::kind() const {
  switch (op(Node).getKind()) {
  case ast::Operand::Kind::Name:
    return Kind::Name;
  case ast::Operand::Kind::Imm:
    return Kind::Immediate;
  case ast::Operand::Kind::Sink:
    return Kind::Sink;
  case ast::Operand::Kind::Pair:
    return Kind::Pair;
  case ast::Operand::Kind::Vector:
    return Kind::Vector;
  case ast::Operand::Kind::Address:
    return Kind::Address;
  case ast::Operand::Kind::List:
    return Kind::List;
  case ast::Operand::Kind::String:
    return Kind::String;
  }
  return Kind::Name;
}

StringRef Operand::text() const { return op(Node).text(); }
SourceLocation Operand::location() const {
  return M->locate(op(Node).Range.Start);
}
bool Operand::isNegated() const { return op(Node).Negated; }

StringRef Operand::name() const {
  const ast::Operand &O = op(Node);
  if (const auto *N = dyn_cast<ast::NameOperand>(&O))
    return N->Name;
  if (const auto *S = dyn_cast<ast::StringOperand>(&O))
    return S->Value;
  if (const auto *A = dyn_cast<ast::AddressOperand>(&O))
    if (Optional<ast::AddressOperand::BaseOffset> BO = A->splitBaseOffset())
      return BO->Name;
  return {};
}

std::optional<int64_t> Operand::intValue() const {
  const auto *I = dyn_cast<ast::ImmOperand>(&op(Node));
  if (!I || !I->Value)
    return std::nullopt;
  if (Optional<uint64_t> V = ast::evaluateInt(*I->Value))
    return int64_t(*V);
  return std::nullopt;
}

std::vector<Operand> Operand::elements() const {
  std::vector<Operand> Out;
  auto Add = [&](ArrayRef<const ast::Operand *> L) {
    for (const ast::Operand *E : L)
      Out.emplace_back(E, M);
  };
  const ast::Operand &O = op(Node);
  if (const auto *P = dyn_cast<ast::PairOperand>(&O)) {
    Out.emplace_back(P->First, M);
    Out.emplace_back(P->Second, M);
  } else if (const auto *V = dyn_cast<ast::VectorOperand>(&O)) {
    Add(V->Elements);
  } else if (const auto *L = dyn_cast<ast::ListOperand>(&O)) {
    Add(L->Elements);
  } else if (const auto *A = dyn_cast<ast::AddressOperand>(&O)) {
    Add(A->Rest);
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Instruction
//===----------------------------------------------------------------------===//

static const ast::InstructionStmt &inst(const void *N) {
  return *static_cast<const ast::InstructionStmt *>(N);
}

StringRef Instruction::opcode() const { return inst(Node).Opcode; }

std::vector<StringRef> Instruction::qualifiers() const {
  std::vector<StringRef> Out;
  for (const ast::Qualifier &Q : inst(Node).Qualifiers)
    Out.push_back(Q.Text);
  return Out;
}

std::string Instruction::mnemonic() const {
  std::string S = inst(Node).Opcode.str();
  for (const ast::Qualifier &Q : inst(Node).Qualifiers)
    S += "." + Q.Text.str();
  return S;
}

bool Instruction::hasGuard() const { return inst(Node).G.isPresent(); }
StringRef Instruction::guardPredicate() const { return inst(Node).G.Pred; }
bool Instruction::isGuardNegated() const { return inst(Node).G.Negated; }

std::vector<Operand> Instruction::operands() const {
  std::vector<Operand> Out;
  for (const ast::Operand *O : inst(Node).Operands)
    Out.emplace_back(O, M);
  return Out;
}

StringRef Instruction::text() const { return inst(Node).text(); }
SourceLocation Instruction::location() const {
  return M->locate(inst(Node).Range.Start);
}

std::optional<InstructionInfo> Instruction::info() const {
  const ast::InstructionStmt &I = inst(Node);
  const isa::InstrForm *F = sema::findForm(I);
  if (!F)
    return std::nullopt;
  StringRef FirstQual = I.Qualifiers.empty() ? "" : I.Qualifiers[0].Text;
  return makeInstructionInfo(*F, isa::findFamily(I.Opcode, FirstQual));
}

//===----------------------------------------------------------------------===//
// Statement
//===----------------------------------------------------------------------===//

static const ast::Stmt &stmt(const void *N) {
  return *static_cast<const ast::Stmt *>(N);
}

Statement::Kind Statement::kind() const {
  switch (stmt(Node).getKind()) {
  case ast::Stmt::Kind::Instruction:
    return Kind::Instruction;
  case ast::Stmt::Kind::Label:
    return Kind::Label;
  case ast::Stmt::Kind::Block:
    return Kind::Block;
  case ast::Stmt::Kind::VarDecl:
    return Kind::Declaration;
  case ast::Stmt::Kind::Directive:
  case ast::Stmt::Kind::Loc:
  case ast::Stmt::Kind::Pragma:
  case ast::Stmt::Kind::CallPrototype:
  case ast::Stmt::Kind::BranchTargets:
  case ast::Stmt::Kind::CallTargets:
    return Kind::Directive;
  default:
    return Kind::Other;
  }
}

StringRef Statement::text() const { return stmt(Node).text(); }
SourceLocation Statement::location() const {
  return M->locate(stmt(Node).Range.Start);
}

std::optional<Instruction> Statement::asInstruction() const {
  if (!llvm::isa<ast::InstructionStmt>(&stmt(Node)))
    return std::nullopt;
  return Instruction(Node, M);
}

StringRef Statement::name() const {
  const ast::Stmt &S = stmt(Node);
  if (const auto *L = dyn_cast<ast::LabelStmt>(&S))
    return L->Name;
  if (const auto *V = dyn_cast<ast::VarDeclStmt>(&S))
    return V->Declarators.empty() ? StringRef() : V->Declarators[0].Name;
  if (const auto *D = dyn_cast<ast::DirectiveStmt>(&S))
    return D->Name;
  switch (S.getKind()) {
  case ast::Stmt::Kind::Loc:
    return "loc";
  case ast::Stmt::Kind::Pragma:
    return "pragma";
  case ast::Stmt::Kind::CallPrototype:
    return "callprototype";
  case ast::Stmt::Kind::BranchTargets:
    return "branchtargets";
  case ast::Stmt::Kind::CallTargets:
    return "calltargets";
  default:
    return {};
  }
}

std::vector<Statement> Statement::children() const {
  std::vector<Statement> Out;
  if (const auto *B = dyn_cast<ast::BlockStmt>(&stmt(Node)))
    for (const ast::Stmt *S : B->Body)
      Out.emplace_back(S, M);
  return Out;
}

//===----------------------------------------------------------------------===//
// Function
//===----------------------------------------------------------------------===//

static const ast::FunctionStmt &fn(const void *N) {
  return *static_cast<const ast::FunctionStmt *>(N);
}

StringRef Function::name() const { return fn(Node).Name; }
bool Function::isKernel() const { return fn(Node).IsEntry; }
bool Function::isDefinition() const { return fn(Node).isDefinition(); }
SourceLocation Function::location() const {
  return M->locate(fn(Node).Range.Start);
}

std::vector<Parameter> Function::parameters() const {
  std::vector<Parameter> Out;
  for (const ast::VarDeclStmt *P : fn(Node).Params)
    for (const ast::Declarator &D : P->Declarators)
      Out.push_back({D.Name, P->Type, P->IsPtr});
  return Out;
}

std::vector<Statement> Function::statements() const {
  std::vector<Statement> Out;
  if (const ast::BlockStmt *B = fn(Node).Body)
    for (const ast::Stmt *S : B->Body)
      Out.emplace_back(S, M);
  return Out;
}

static void collectInstructions(ArrayRef<const ast::Stmt *> Body,
                                const ModuleData *M,
                                std::vector<Instruction> &Out) {
  for (const ast::Stmt *S : Body) {
    if (llvm::isa<ast::InstructionStmt>(S))
      Out.emplace_back(S, M);
    else if (const auto *B = dyn_cast<ast::BlockStmt>(S))
      collectInstructions(B->Body, M, Out);
  }
}

std::vector<Instruction> Function::instructions() const {
  std::vector<Instruction> Out;
  if (const ast::BlockStmt *B = fn(Node).Body)
    collectInstructions(B->Body, M, Out);
  return Out;
}

} // namespace api
} // namespace ptxwarp
