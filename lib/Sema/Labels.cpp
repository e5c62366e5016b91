//===- Labels.cpp - Labels and the plain names instructions refer to -----===//
//
// Labels are scoped like variables but visible before their definition
// (PTX ISA 5.3, "Labels and Function Names"): a label belongs to the block
// that defines it and is visible there and in the blocks nested in it, not
// outside. What ptxas 13.0 reports, probed with it (test/Sema/labels.ptx):
//
//   bra L;   with no L in this or an enclosing block
//                                  Unknown symbol 'L'
//   L: ... L:  in one block        Duplicate definition of label 'L'
//   .reg .b32 L;  L:               Duplicate definition of label 'L'
//   L:  .reg .b32 L;               Duplicate definition of variable 'L'
//   bra %r1;  bra k;  bra var      Label expected for argument 0 of
//                                  instruction 'bra' (OperandChecker.h)
//
// The same label in a nested block is another label. A plain name in any
// operand (a variable, function or label) must be visible where it is used:
// variables and functions are declared before their use, labels anywhere in
// the enclosing blocks; ptxas reports the rest as "Unknown symbol".
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

void SemaState::declareLabels(ArrayRef<const ast::Stmt *> Body) {
  Scope &S = Scopes.back();
  auto Declare = [&](StringRef Name, SMRange R) {
    if (Name.empty())
      return;
    auto [It, New] = S.Labels.try_emplace(Name, R);
    if (!New)
      report(DiagID::DuplicateSymbol, R)
              .note(It->second, "previous definition is here")
          << "Duplicate definition of label '" << Name << "'";
  };
  for (const ast::Stmt *St : Body) {
    if (const auto *L = dyn_cast<ast::LabelStmt>(St))
      Declare(L->Name, L->Range);
    else if (const auto *P = dyn_cast<ast::CallPrototypeStmt>(St)) {
      Declare(P->Label, P->Range);
      recordCallPrototype(*P); // Calls.cpp
    } else if (const auto *T = dyn_cast<ast::TargetListStmt>(St)) {
      Declare(T->Label, T->Range);
      if (T->getKind() == ast::Stmt::Kind::BranchTargets)
        S.TargetLists.insert(T->Label);
      else
        S.CallTargetLists.insert(T->Label);
    }
  }
}

void SemaState::checkLabel(const ast::LabelStmt &L) {
  const Scope &S = Scopes.back();
  auto It = S.Names.find(L.Name);
  if (It == S.Names.end() ||
      It->second.Range.Start.getPointer() > L.Range.Start.getPointer())
    return;
  report(DiagID::DuplicateSymbol, L.Range)
          .note(It->second.Range, "the variable is declared here")
      << "Duplicate definition of label '" << L.Name << "'";
}

const SMRange *SemaState::lookupLabel(StringRef Name) const {
  for (auto It = Scopes.rbegin(), E = Scopes.rend(); It != E; ++It) {
    auto L = It->Labels.find(Name);
    if (L != It->Labels.end())
      return &L->second;
  }
  return nullptr;
}

bool SemaState::isKnownName(StringRef Name) const {
  // WARP_SZ is PTX's one predefined plain identifier (PTX ISA 5.3,
  // "Predefined Identifiers").
  return Name == "WARP_SZ" || lookup(Name) || lookupLabel(Name) ||
         Functions.count(Name);
}

// ptxas 13.0 blames a second .entry on its own line and a second .func, or
// a .func named like a module variable, on the line of its body's brace.
void SemaState::declareFunction(const ast::FunctionStmt &F) {
  SMRange At = F.NameRange;
  if (!F.IsEntry && F.Body)
    At = SMRange(F.Body->Range.Start,
                 SMLoc::getFromPointer(F.Body->Range.Start.getPointer() + 1));
  auto Var = Scopes.front().Names.find(F.Name);
  if (F.isDefinition() &&
      (DefinedFunctions.count(F.Name) || Var != Scopes.front().Names.end())) {
    auto B = report(DiagID::DuplicateSymbol, At);
    B << "Duplicate definition of function '" << F.Name << "'";
    auto Prev = Functions.find(F.Name);
    if (Prev != Functions.end())
      B.note(Prev->second, "previous definition is here");
    else if (Var != Scopes.front().Names.end())
      B.note(Var->second.Range, "a variable of that name is declared here");
  }
  if (F.isDefinition())
    DefinedFunctions.insert(F.Name);
  Functions.try_emplace(F.Name, F.NameRange);
  PercentFunctionNames |= F.Name.startswith("%");
}

} // namespace sema
} // namespace ptxwarp
