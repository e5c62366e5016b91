//===- Declarations.cpp - Array sizes, initialisers and state spaces -----===//
//
// What ptxas 13.0 rejects in a variable declaration (PTX ISA 5.4, "State
// Spaces, Types, and Variables"), with its messages, found by probing it:
//
//   .reg .b32 a[4];           Variable 'a' cannot be allocated into a register
//   .local .b8 a[4] = {1};    No initial value is allowed for 'a' in this
//                             state space   (.reg, .local, .shared, .param)
//   .global .b8 a[];          Non-external variable 'a' has incomplete type
//   .global .b8 a[0];         (the same: a zero size is an unsized array)
//   .local .b8 a[2][0];       Array of incomplete type
//   .entry k(.param .b8 p[])  Parameter to entry function cannot be an
//                             incomplete array.
//   .global .b8 a[1-1];       a syntax error: array sizes are literals
//   .global .b8 a[2][];       a syntax error: only the first may be unsized
//   .local .b32 x;  (module)  Module-scoped variables in .local state space
//                             are not allowed with ABI
//
// `.extern` arrays may be unsized (dynamic shared memory), `.func` parameters
// too, and `a[] = {1, 2}` takes its size from the initialiser. ptxas does no
// other size check: `[18446744073709551615]` is accepted, while a literal
// that overflows gets "Constant overflow" (see ptxasOverflows), and one that
// wraps to 0 (`[18446744073709551616]`) is an unsized array.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

bool noInitialValueAllowed(ast::StateSpace S) {
  return S == ast::StateSpace::Reg || S == ast::StateSpace::Local ||
         S == ast::StateSpace::Shared || S == ast::StateSpace::Param;
}

/// Every expression of an initialiser, in source order.
void forEachInitExpr(const ast::Initializer &I,
                     function_ref<void(const ast::Expr &)> Fn) {
  if (I.getKind() == ast::Initializer::Kind::List) {
    for (const ast::Initializer *E : I.Elements)
      forEachInitExpr(*E, Fn);
    return;
  }
  if (I.Value)
    Fn(*I.Value);
  if (I.Offset)
    Fn(*I.Offset);
}

} // namespace

/// The name ptxas gives a declarator in its messages: '%p<' for `%p<5>`.
static std::string declaredName(const ast::Declarator &Decl) {
  return (Decl.Name + (Decl.HasRangeCount ? "<" : "")).str();
}

void SemaState::checkDeclaration(const ast::VarDeclStmt &D, DeclSite Site) {
  std::optional<isa::PtxType> T = isa::parseType(D.Type);
  if (!T && !checkTypeWord(D))
    return;
  bool Pred = T && *T == isa::PtxType::Pred;
  // Predicates (PTX ISA 5.2 "Fundamental Types": .pred is for 1-bit
  // registers): only scalar .reg variables; ptxas's messages.
  if (Pred && (D.VectorWidth ||
               llvm::any_of(D.Declarators, [](const ast::Declarator &X) {
                 return !X.Dims.empty();
               })))
    report(DiagID::BadDeclaration, ast::rangeOf(D.Type))
        << "Predicate type can only be used to define scalar register "
           "variables";
  else if (Pred && D.Space != ast::StateSpace::Reg)
    for (const ast::Declarator &Decl : D.Declarators)
      report(DiagID::BadDeclaration, Decl.Range)
          << "Predicate variable '" << declaredName(Decl)
          << "' must be in register state space";
  if (Pred && D.VectorWidth)
    return;
  // Vector variables (PTX ISA 5.4.2 "Vectors"): at most 128 bits in all.
  if (D.VectorWidth && T && D.VectorWidth * isa::typeBits(*T) > 128) {
    report(DiagID::BadDeclaration, ast::rangeOf(D.Type))
        << "Vector type too large, exceeds 128 bit limit";
    return;
  }
  // Where each state space may stand (PTX ISA 5.1.6 "Parameter State
  // Space": kernel parameters are .param; a function's are .param or .reg).
  if (Site == DeclSite::Module && D.Space == ast::StateSpace::Param)
    report(DiagID::BadDeclaration, D.Range)
        << "Parameter variables may not be declared at module scope";
  for (const ast::Declarator &Decl : D.Declarators) {
    if (Site == DeclSite::EntryParam && D.Space != ast::StateSpace::Param)
      report(DiagID::BadDeclaration, Decl.Range)
          << "Entry parameter '" << Decl.Name
          << "' must have .param state space";
    else if (Site == DeclSite::FuncParam && D.Space != ast::StateSpace::Param &&
             D.Space != ast::StateSpace::Reg)
      report(DiagID::BadDeclaration, Decl.Range)
          << "Function parameter '" << Decl.Name << "' has illegal state space";
    // .f16x2 and the instruction-only types have no .param layout.
    else if (D.Space == ast::StateSpace::Param &&
             ((T && *T == isa::PtxType::F16x2) ||
              (!T && isa::classifyDeclTypeWord(D.Type) ==
                         isa::DeclTypeWord::InstructionOnly)))
      report(DiagID::BadDeclaration, Decl.Range)
          << "Variable '" << Decl.Name
          << "' cannot be allocated in .param state space";
  }
  // ptxas 13.0 compiles with the ABI, where .local memory is per thread
  // and so belongs to a function.
  if (Site == DeclSite::Module && D.Space == ast::StateSpace::Local) {
    report(DiagID::BadDeclaration, D.Range)
        << "Module-scoped variables in .local state space are not allowed "
           "with ABI";
    return;
  }
  for (const ast::Declarator &Decl : D.Declarators) {
    if (!Decl.Dims.empty() && D.Space == ast::StateSpace::Reg) {
      report(DiagID::BadDeclaration, Decl.Range)
          << "Variable '" << Decl.Name
          << "' cannot be allocated into a register";
      continue;
    }
    // Sizes: literals only; an overflowing one, an unsized inner dimension
    // or a zero inner size is an error wherever the array stands.
    bool Incomplete = false;
    for (size_t I = 0; I < Decl.Dims.size(); ++I) {
      const ast::ArrayDim &Dim = Decl.Dims[I];
      const auto *Size = dyn_cast_or_null<ast::IntExpr>(Dim.Size);
      if (Dim.Size && !Size) {
        report(DiagID::BadDeclaration, Dim.Size->Range)
            << "an array size must be an integer literal";
        continue;
      }
      if (Size && reportOverflow(*Size))
        continue;
      bool Unsized = !Size || Size->Value == 0;
      if (I == 0) {
        Incomplete = Unsized;
      } else if (!Size) {
        report(DiagID::BadDeclaration, Dim.Range)
            << "only the first dimension of an array may be unsized";
      } else if (Unsized) {
        report(DiagID::BadDeclaration, Dim.Range) << "Array of incomplete type";
      }
    }
    if (Decl.Init) {
      if (Site != DeclSite::EntryParam && Site != DeclSite::FuncParam &&
          noInitialValueAllowed(D.Space))
        report(DiagID::BadDeclaration, Decl.Init->Range)
            << "No initial value is allowed for '" << Decl.Name
            << "' in this state space";
      forEachInitExpr(*Decl.Init,
                      [&](const ast::Expr &E) { reportOverflow(E); });
      checkInitialValues(D, Decl); // Initializers.cpp
      // `a[] = {...}` takes its size from the initialiser.
      if (!Decl.Dims.empty() && !Decl.Dims[0].Size)
        Incomplete = false;
    }
    if (!Incomplete)
      continue;
    if (Site == DeclSite::EntryParam)
      report(DiagID::BadDeclaration, Decl.Range)
          << "Parameter to entry function cannot be an incomplete array.";
    else if (Site != DeclSite::FuncParam && D.Link != ast::Linkage::Extern)
      report(DiagID::BadDeclaration, Decl.Range)
          << "Non-external variable '" << Decl.Name << "' has incomplete type";
  }
}

bool SemaState::checkTypeWord(const ast::VarDeclStmt &D) {
  if (D.Type.empty()) {
    report(DiagID::BadDeclaration, D.Range)
        << "a declaration needs a type (.b32, .u64, .f32, .pred, ...)";
    return false;
  }
  switch (isa::classifyDeclTypeWord(D.Type)) {
  case isa::DeclTypeWord::Accepted:
    return true;
  case isa::DeclTypeWord::InstructionOnly:
    report(DiagID::BadDeclaration, ast::rangeOf(D.Type))
        << "Type ." << D.Type << " may only be used as an instruction type";
    return true;
  case isa::DeclTypeWord::NotAType:
    report(DiagID::BadDeclaration, ast::rangeOf(D.Type))
        << "'." << D.Type << "' is not a type a variable can be declared with";
    return false;
  }
  return false;
}

} // namespace sema
} // namespace ptxwarp
