//===- Initializers.cpp - The initial values against the variable's type --===//
//
// PTX ISA 5.4.4 "Initializers": what ptxas 13.0 takes as the initial value
// of a .global or .const variable, found by enumerating every type against
// an integer, a float literal (`1.0`, `0f3F800000`), a symbol (`sym`,
// `sym+4`, `generic(sym)`) and lists of them (test/Sema/initializers.ptx):
//
//   .f32/.f64/.f16x2 = an integer or a symbol     Initial value type mismatch
//   .u/.s types = a float literal                 (the same)
//   any type but .u32/.u64 = a symbol             (the same)
//   .f16 = anything                               No initial value is
//                                                 allowed for .f16 type
//
// The .b types take integers and float literals. Both messages are fatal for
// ptxas, on the declaration's line; one a declarator here.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

enum class InitKind { Int, Float, Symbol, Other };

InitKind kindOf(const ast::Expr &E) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Int:
    return InitKind::Int;
  case ast::Expr::Kind::Float:
    return InitKind::Float;
  case ast::Expr::Kind::Name:
    return InitKind::Symbol;
  case ast::Expr::Kind::Unary: {
    InitKind K = kindOf(*cast<ast::UnaryExpr>(&E)->Sub);
    return K == InitKind::Symbol ? InitKind::Other : K;
  }
  case ast::Expr::Kind::Binary: {
    const auto *B = cast<ast::BinaryExpr>(&E);
    InitKind L = kindOf(*B->LHS), R = kindOf(*B->RHS);
    if (L == InitKind::Int && R == InitKind::Int)
      return InitKind::Int;
    // `sym+4`, `sym-4`.
    if (L == InitKind::Symbol && R == InitKind::Int &&
        (B->Op == ast::BinaryOp::Add || B->Op == ast::BinaryOp::Sub))
      return InitKind::Symbol;
    return InitKind::Other; // ptxas has other messages for the rest
  }
  default:
    return InitKind::Other;
  }
}

/// The first value of \p I whose kind \p Refused says the type refuses.
const ast::Initializer *firstRefused(const ast::Initializer &I,
                                     function_ref<bool(InitKind)> Refused) {
  switch (I.getKind()) {
  case ast::Initializer::Kind::List:
    for (const ast::Initializer *E : I.Elements)
      if (const ast::Initializer *R = firstRefused(*E, Refused))
        return R;
    return nullptr;
  case ast::Initializer::Kind::Generic:
    return Refused(InitKind::Symbol) ? &I : nullptr;
  case ast::Initializer::Kind::Expr:
    return I.Value && Refused(kindOf(*I.Value)) ? &I : nullptr;
  }
  return nullptr;
}

} // namespace

void SemaState::checkInitialValues(const ast::VarDeclStmt &D,
                                   const ast::Declarator &Decl) {
  if (!Decl.Init ||
      (D.Space != ast::StateSpace::Global && D.Space != ast::StateSpace::Const))
    return;
  std::optional<isa::PtxType> T = isa::parseType(D.Type);
  if (!T)
    return;
  if (*T == isa::PtxType::F16) {
    report(DiagID::BadDeclaration, Decl.Range)
        << "No initial value is allowed for .f16 type: declare it .b16 and "
           "write the value's bits";
    return;
  }
  isa::TypeKind K =
      *T == isa::PtxType::F16x2 ? isa::TypeKind::Float : isa::typeKind(*T);
  bool Address = *T == isa::PtxType::U32 || *T == isa::PtxType::U64;
  auto Refused = [&](InitKind V) {
    switch (V) {
    case InitKind::Int:
      return K == isa::TypeKind::Float;
    case InitKind::Float:
      return K == isa::TypeKind::Unsigned || K == isa::TypeKind::Signed;
    case InitKind::Symbol:
      return !Address;
    case InitKind::Other:
      return false;
    }
    return false;
  };
  if (const ast::Initializer *Bad = firstRefused(*Decl.Init, Refused))
    report(DiagID::BadDeclaration, Decl.Range)
        << "Initial value type mismatch: '" << ast::textOf(Bad->Range)
        << "' is no ." << isa::typeName(*T) << " value";
}

} // namespace sema
} // namespace ptxwarp
