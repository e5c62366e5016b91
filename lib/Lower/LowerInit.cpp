//===- LowerInit.cpp - Addresses in initialisers, function addresses -----===//
//
// PTX ISA 5.4.4 "Initializers": a variable name in an initialiser is the
// variable's address in its own state space (as `mov` gives it), `var+off`
// adds a byte offset, and `generic(var)` (optionally `+offset`) is its generic
// address; only .global and .const variables may be named. In the interpreter's
// layout (ir/Layout.h) a .global or .const variable's address is already its
// generic address, so both spellings store the same word that
// `mov.u64 %rd, var` and `cvta.global` give in a kernel.
//
// A device or kernel function name is the address of its first instruction
// (same section), which tables of function pointers hold. The interpreter
// gives each function of the module a distinct address below every data
// address (FunctionAddrBase + 16 * its index), so `mov.u64 %rd, f` and an
// initialiser agree and comparing or storing such pointers works; reading
// or writing memory through one is out of bounds.
//
// Initialisers may name variables declared after them, so the words are
// patched in once the whole module is laid out (applyRelocs).
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/IR/Layout.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

std::optional<uint64_t> Lowerer::functionAddress(StringRef Name) const {
  unsigned K = 0;
  for (const ast::FunctionStmt *Fn : M.functions()) {
    if (Fn->Name == Name)
      return FunctionAddrBase + FunctionAddrStride * K;
    ++K;
  }
  return std::nullopt;
}

bool Lowerer::symbolicInit(const ast::Initializer &In, size_t Var, uint64_t At,
                           unsigned Size) {
  // `sym`, `sym+N`, `sym-N`, `N+sym`; generic(...) may add `+N` after it.
  const ast::Expr &E = *In.Value;
  StringRef Name;
  uint64_t Addend = 0; // wraps modulo 2^64, as the address does
  if (In.Offset) {
    Optional<uint64_t> Off = ast::evaluateInt(*In.Offset);
    if (!Off)
      return false;
    Addend = *Off;
  }
  if (const auto *N = dyn_cast<ast::NameExpr>(&E)) {
    Name = N->Name;
  } else if (const auto *B = dyn_cast<ast::BinaryExpr>(&E)) {
    const auto *L = dyn_cast<ast::NameExpr>(B->LHS);
    const auto *R = dyn_cast<ast::NameExpr>(B->RHS);
    if (B->Op == ast::BinaryOp::Add && !L && R) {
      if (auto V = ast::evaluateInt(*B->LHS)) {
        Name = R->Name;
        Addend += *V;
      }
    } else if ((B->Op == ast::BinaryOp::Add || B->Op == ast::BinaryOp::Sub) &&
               L) {
      if (auto V = ast::evaluateInt(*B->RHS)) {
        Name = L->Name;
        Addend += B->Op == ast::BinaryOp::Add ? *V : 0 - *V;
      }
    }
  }
  if (Name.empty())
    return false;
  Relocs.push_back(InitReloc{Var, At, Size, Name, Addend, E.Range});
  return true;
}

void Lowerer::applyRelocs() {
  for (const InitReloc &R : Relocs) {
    uint64_t Addr;
    auto It = ModuleVars.find(R.Name);
    if (It != ModuleVars.end() && It->second.Sp == Space::Global) {
      // .global and .const variables both live in the global segment.
      Addr = GlobalVarBase + It->second.Offset;
    } else if (It != ModuleVars.end()) {
      error(DiagID::LoweringError, R.Range,
            "'" + R.Name +
                "' is not a .global or .const variable; only those may be "
                "named in an initialiser (PTX ISA 5.4.4)");
      continue;
    } else if (auto FA = functionAddress(R.Name)) {
      Addr = *FA;
    } else {
      error(DiagID::LoweringError, R.Range,
            "initialiser names '" + R.Name +
                "', which is neither a variable nor a function of the module");
      continue;
    }
    Addr += R.Addend;
    std::vector<uint8_t> &Init = F.GlobalVars[R.Var].Init;
    for (unsigned B = 0; B < R.Size && R.At + B < Init.size(); ++B)
      Init[R.At + B] = uint8_t(Addr >> (8 * B));
  }
  Relocs.clear();
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
