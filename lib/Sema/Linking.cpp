//===- Linking.cpp - What ptxas checks when it links the module alone -----===//
//
// ptxas 13.0 compiles a module as a whole program unless given -c
// (--compile-only, "generate relocatable object"): then every called
// function must be defined in the module. Probed with ptxas 13.0 -arch
// sm_80 (test/Sema/linking.test):
//
//   .extern .func f(); ... call f;     ptxas fatal   : Unresolved extern
//                                      function 'f'    (not with -c)
//   .func f(); (or .visible, .weak, no body) ... call f;
//                                      the same, also with -c
//   .extern .func f(); ... mov.u64 %rd1, f;
//                                      ptxas fatal   : Cannot take address
//                                      of function 'f'  (not with -c)
//   .func f(); ... mov.u64 %rd1, f;    the same, also with -c
//   .visible/.weak .func f(); ... mov.u64 %rd1, f;
//                                      Unresolved extern function 'f', also
//                                      with -c
//   .extern .global .b32 v;            ptxas warning : Unresolved extern
//                                      variable 'v' in whole program
//                                      compilation, ignoring extern
//                                      qualifier  (called or not, used or
//                                      not; not with -c; not .shared)
//   .func f(); (or .visible, .weak, no body) never called: the same, also
//                                      with -c (on the declaration here)
//   .extern .func f(); declared, never called: nothing; a call in a .func
//   no kernel calls counts as well. ptxas itself resolves the system calls
//   vprintf, malloc, free and __assertfail (CUDA printf, device malloc,
//   assert). ptxas reports one unresolved function and stops; the checker
//   reports each at its first call, with the declaration as a note.
//
// And a definition after a declaration of the same function with another
// linkage: "Inconsistent redefinition of variable 'h'", plus "Function
// definition conflicts with '.extern' declaration for function 'h'" when the
// declaration was .extern (with or without -c), on the definition's line.
//
//===----------------------------------------------------------------------===//

#include "FunctionCFG.h"
#include "SemaState.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

/// The functions ptxas provides itself (the CUDA system calls).
static bool isSystemCall(StringRef Name) {
  return StringSwitch<bool>(Name)
      .Cases("vprintf", "malloc", "free", "__assertfail", true)
      .Default(false);
}

void SemaState::checkFunctionLinkage(const ast::FunctionStmt &F) {
  auto [It, New] = FunctionLink.try_emplace(F.Name, F.Link, F.NameRange);
  if (New || !F.isDefinition() || DefinedFunctions.count(F.Name))
    return;
  ast::Linkage Declared = It->second.first;
  if (Declared == F.Link)
    return;
  report(DiagID::DuplicateSymbol, F.NameRange)
          .note(It->second.second, "declared here")
      << "Inconsistent redefinition of variable '" << F.Name << "'";
  if (Declared == ast::Linkage::Extern)
    report(DiagID::DuplicateSymbol, F.NameRange)
            .note(It->second.second, "declared .extern here")
        << "Function definition conflicts with '.extern' declaration for "
           "function '"
        << F.Name << "'";
}

void SemaState::recordFunctionUses(const ast::InstructionStmt &I) {
  if (std::optional<CallSite> C = callSiteOf(I, opcodeOf(I))) {
    if (!C->Callee.empty() && !I.Operands.empty())
      for (const ast::Operand *O : I.Operands)
        if (const auto *N = dyn_cast<ast::NameOperand>(O);
            N && N->Name == C->Callee) {
          Records.FunctionUses.push_back({N->Name, N->Range, /*Call=*/true});
          break;
        }
    return;
  }
  // A function's name as an operand of anything else takes its address
  // (`mov.u64 %rd1, f;`). Registers (`%r1`, the bulk of the operands) are
  // not looked up: compilers do not give functions %-names.
  if (FunctionLink.empty())
    return;
  for (const ast::Operand *O : I.Operands)
    if (const auto *N = dyn_cast<ast::NameOperand>(O);
        N && !N->Name.startswith("%") && FunctionLink.count(N->Name) &&
        !lookup(N->Name))
      Records.FunctionUses.push_back({N->Name, N->Range, /*Call=*/false});
}

void SemaState::recordExternVariable(const ast::VarDeclStmt &D) {
  if (D.Link != ast::Linkage::Extern ||
      (D.Space != ast::StateSpace::Global && D.Space != ast::StateSpace::Const))
    return;
  for (const ast::Declarator &X : D.Declarators)
    ExternVariables.push_back({X.Name, X.Range});
}

void SemaState::checkLinking() {
  StringSet<> Reported;
  for (const FunctionUse &U : Records.FunctionUses) {
    if (DefinedFunctions.count(U.Name) || isSystemCall(U.Name))
      continue;
    auto It = FunctionLink.find(U.Name);
    if (It == FunctionLink.end()) // undeclared: reported where it is used
      continue;
    ast::Linkage L = It->second.first;
    // -c: the module is linked later, where the .extern ones get defined.
    if (L == ast::Linkage::Extern && Opts.CompileOnly)
      continue;
    if (!Reported.insert(U.Name).second)
      continue;
    // The address of an .extern or internal function (`mov.u64 %rd1, f;`);
    // a .visible/.weak one without a body is unresolved however it is used.
    bool Address =
        !U.Call && (L == ast::Linkage::Extern || L == ast::Linkage::None);
    auto B = report(DiagID::UnresolvedFunction, U.Range);
    B.note(
        It->second.second,
        L == ast::Linkage::Extern
            ? "declared .extern here, without a body in this module (ptx-lint "
              "-c checks a module that is linked with others)"
            : "declared here, without a body");
    if (Address)
      B << "Cannot take address of function '" << U.Name << "'";
    else
      B << "Unresolved extern function '" << U.Name << "'";
  }
  // A function declared without .extern and never defined is unresolved
  // even when nothing calls it (also with -c), on its declaration.
  std::vector<std::pair<StringRef, SMRange>> Uncalled;
  for (const auto &F : FunctionLink)
    if (F.second.first != ast::Linkage::Extern &&
        !DefinedFunctions.count(F.getKey()) && !isSystemCall(F.getKey()) &&
        !Reported.count(F.getKey()))
      Uncalled.push_back({F.getKey(), F.second.second});
  llvm::sort(Uncalled, [](const auto &A, const auto &B) {
    return A.second.Start.getPointer() < B.second.Start.getPointer();
  });
  for (const auto &[Name, Range] : Uncalled)
    report(DiagID::UnresolvedFunction, Range)
        << "Unresolved extern function '" << Name
        << "': declared without .extern and never defined";
  if (Opts.CompileOnly)
    return;
  for (const auto &[Name, Range] : ExternVariables)
    report(DiagID::UnresolvedExternVariable, Range)
        << "Unresolved extern variable '" << Name
        << "' in whole program compilation, ignoring extern qualifier";
}

} // namespace sema
} // namespace ptxwarp
