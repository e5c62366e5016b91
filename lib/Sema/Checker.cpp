//===- Checker.cpp - The checker's entry points and the walk over items --===//

#include "SemaState.h"

#include "llvm/Support/Error.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

Expected<isa::SmTarget> parseArch(StringRef Text) {
  isa::SmTarget T;
  if (isa::parseTarget(Text, T) != isa::TargetStatus::Ok ||
      !isa::isValidArch(T))
    // ptxas 13.0's own wording for an -arch it does not know.
    return createStringError(inconvertibleErrorCode(),
                             "Value '%s' is not defined for option 'gpu-name'",
                             Text.str().c_str());
  return T;
}

Checker::Checker(DiagnosticEngine &Diags, SemaOptions Opts)
    : State(std::make_unique<SemaState>(Diags, std::move(Opts))) {
  State->pushScope(); // module scope
}

Checker::~Checker() = default;

void Checker::checkItem(const ast::Stmt &Item) { State->checkItem(Item); }

void Checker::finish() { State->finishChecks(); }

uint64_t Checker::memoizedOperandChecks() const {
  return State->SilentOperandHits;
}

void SemaState::checkItem(const ast::Stmt &Item, bool Body) {
  checkModuleOrder(Item);
  if (const auto *F = dyn_cast<ast::FunctionStmt>(&Item)) {
    // Declared before its body: a function may call itself.
    checkFunctionLinkage(*F); // Linking.cpp
    recordSignature(*F);      // Calls.cpp
    declareFunction(*F);      // Labels.cpp
    if (Body)
      checkFunction(*F);
    return;
  }
  if (const auto *D = dyn_cast<ast::VarDeclStmt>(&Item)) {
    declare(*D, DeclSite::Module);
    recordModuleShared(*D);
    recordExternVariable(*D); // Linking.cpp
    return;
  }
  checkModuleItem(Item);
}

void SemaState::finishChecks() {
  finishModule();
  checkResources(); // Resources.cpp
  checkLinking();   // Linking.cpp
}

bool check(const ast::Module &M, const SemaOptions &Opts,
           DiagnosticEngine &Diags) {
  unsigned Before = Diags.errorCount();
  Checker C(Diags, Opts);
  for (const ast::Stmt *S : M.items())
    C.checkItem(*S);
  C.finish();
  return Diags.errorCount() == Before;
}

void SemaState::checkFunction(const ast::FunctionStmt &F) {
  if (!F.isDefinition())
    return;
  pushScope();
  Facts = FunctionFacts();
  // Only this function's lints read the forms (formOf): in streaming mode
  // the instructions of earlier items are gone.
  Forms.clear();
  // Its keys hold what symbols say, not where they are: a body's register
  // declarations do not clear it, but what another function's may.
  SilentOperands.clear();
  SilentKeyArena.Reset();
  DeclSite ParamSite = F.IsEntry ? DeclSite::EntryParam : DeclSite::FuncParam;
  for (const ast::VarDeclStmt *P : F.ReturnParams)
    declare(*P, ParamSite);
  for (const ast::VarDeclStmt *P : F.Params)
    declare(*P, ParamSite);
  auto MarkRole = [&](ArrayRef<const ast::VarDeclStmt *> Ps,
                      Symbol::ParamRole R) {
    for (const ast::VarDeclStmt *P : Ps)
      for (const ast::Declarator &D : P->Declarators) {
        auto It = Scopes.back().Names.find(D.Name);
        if (It != Scopes.back().Names.end() &&
            It->second.Space == ast::StateSpace::Param)
          It->second.Role = R;
      }
  };
  MarkRole(F.ReturnParams, Symbol::ParamRole::Return);
  MarkRole(F.Params, Symbol::ParamRole::Input);
  // PTX allows uses before declarations in the same scope only for labels;
  // registers must be declared first, so one pass in order is enough.
  declareLabels(F.Body->Body);
  checkBody(F.Body->Body);
  recordUsage(F); // Resources.cpp
  if (DeferBodyLints)
    DeferBodyLints(F); // Pipeline.cpp
  else
    lintFunctionBody(F);
  popScope();
}

void SemaState::checkBody(ArrayRef<const ast::Stmt *> Body) {
  for (const ast::Stmt *S : Body) {
    switch (S->getKind()) {
    case ast::Stmt::Kind::VarDecl:
      declare(*cast<ast::VarDeclStmt>(S), DeclSite::Body);
      break;
    case ast::Stmt::Kind::Instruction:
      checkInstruction(*cast<ast::InstructionStmt>(S));
      break;
    case ast::Stmt::Kind::Label:
      checkLabel(*cast<ast::LabelStmt>(S));
      break;
    case ast::Stmt::Kind::Block:
      pushScope();
      declareLabels(cast<ast::BlockStmt>(S)->Body);
      checkBody(cast<ast::BlockStmt>(S)->Body);
      popScope();
      break;
    default:
      break;
    }
  }
}

} // namespace sema
} // namespace ptxwarp
