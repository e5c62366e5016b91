//===- LowerScope.cpp - Nested { } blocks: names visible inside only ------===//
//
// PTX ISA 5.4 ("Variables" and "Parameterized Variable Names") and 11.1
// ("Statement blocks"): a `{ }` block opens a scope. A register, vector
// register or variable declared inside it hides one of the same name from
// the enclosing scopes until the closing brace, and a label defined in it is
// visible only inside it (ptxas 13.0: a branch from outside the block to a
// label in it is "Unknown symbol"; a branch inside it to a name it defines
// goes to its own label even when an outer one has the same name).
//
// The lowering keeps one name map per inlined function (Scope): a block
// saves the entries its own declarations replace and puts them back at its
// end; branches to its own labels are resolved at its end, the others are
// left for the enclosing scopes.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

namespace {

/// What one name meant in the enclosing scopes.
struct SavedName {
  std::string Name;
  std::optional<unsigned> Reg;
  std::optional<Scope::VectorReg> Vector;
  std::optional<VarRef> Var;
};

/// The names one declaration binds (`%r<4>` binds %r0..%r3). Ranges beyond
/// what declareLocal accepts bind nothing (it reports them).
void declaredNames(const ast::VarDeclStmt &D,
                   SmallVectorImpl<std::string> &Out) {
  for (const ast::Declarator &X : D.Declarators) {
    if (!X.HasRangeCount) {
      Out.push_back(X.Name.str());
      continue;
    }
    if (X.RangeCount > (1u << 20))
      continue;
    for (uint64_t I = 0; I < X.RangeCount; ++I)
      Out.push_back((X.Name + Twine(I)).str());
  }
}

/// Saves what \p Name means now and forgets it, so that the block's own
/// declaration is the only meaning inside the block.
void hide(StringRef Name, Scope &S, std::vector<SavedName> &Saved) {
  SavedName N;
  N.Name = Name.str();
  if (auto It = S.Regs.find(Name); It != S.Regs.end()) {
    N.Reg = It->second;
    S.Regs.erase(It);
  }
  if (auto It = S.Vectors.find(Name); It != S.Vectors.end()) {
    N.Vector = It->second;
    S.Vectors.erase(It);
  }
  if (auto It = S.Vars.find(Name); It != S.Vars.end()) {
    N.Var = It->second;
    S.Vars.erase(It);
  }
  Saved.push_back(std::move(N));
}

void restore(Scope &S, std::vector<SavedName> &Saved) {
  // Newest first: a name declared twice in the block ends as it began.
  for (auto It = Saved.rbegin(), E = Saved.rend(); It != E; ++It) {
    S.Regs.erase(It->Name);
    S.Vectors.erase(It->Name);
    S.Vars.erase(It->Name);
    if (It->Reg)
      S.Regs[It->Name] = *It->Reg;
    if (It->Vector)
      S.Vectors[It->Name] = *It->Vector;
    if (It->Var)
      S.Vars[It->Name] = *It->Var;
  }
}

} // namespace

void Lowerer::lowerBlock(const ast::BlockStmt &B, Scope &S) {
  // Labels are visible in the whole block, also before their definition:
  // collect the block's own ones first, hiding outer labels of those names.
  StringSet<> OwnLabels;
  std::vector<std::pair<std::string, std::optional<unsigned>>> OuterLabels;
  for (const ast::Stmt *St : B.Body)
    if (const auto *L = dyn_cast<ast::LabelStmt>(St))
      if (OwnLabels.insert(L->Name).second) {
        auto It = S.Labels.find(L->Name);
        OuterLabels.emplace_back(L->Name.str(),
                                 It == S.Labels.end()
                                     ? std::nullopt
                                     : std::optional<unsigned>(It->second));
        if (It != S.Labels.end())
          S.Labels.erase(It);
      }
  size_t FirstFixup = S.Fixups.size();
  size_t FirstTableFixup = S.TableFixups.size();

  // Registers and variables: a declaration hides the outer meaning from
  // where it stands to the end of the block, as in the checker's scopes.
  std::vector<SavedName> Saved;
  for (const ast::Stmt *St : B.Body) {
    if (const auto *D = dyn_cast<ast::VarDeclStmt>(St)) {
      SmallVector<std::string, 8> Names;
      declaredNames(*D, Names);
      for (const std::string &N : Names)
        hide(N, S, Saved);
    }
    lowerStmts(ArrayRef<const ast::Stmt *>(St), S);
  }
  restore(S, Saved);

  // Branches (and brx.idx tables' entries) inside the block to its own
  // labels are resolved now; the others (and those to undefined names) go
  // to the enclosing scope.
  auto Resolve = [&](auto &Fixups, size_t First, auto Patch) {
    std::vector<std::decay_t<decltype(Fixups[0])>> Pending;
    for (size_t K = First; K < Fixups.size(); ++K) {
      auto It = OwnLabels.count(Fixups[K].Label)
                    ? S.Labels.find(Fixups[K].Label)
                    : S.Labels.end();
      if (It != S.Labels.end())
        Patch(Fixups[K], It->second);
      else
        Pending.push_back(Fixups[K]);
    }
    Fixups.resize(First);
    Fixups.insert(Fixups.end(), Pending.begin(), Pending.end());
  };
  Resolve(S.Fixups, FirstFixup, [&](const Scope::Fixup &Fx, unsigned At) {
    F.Insts[Fx.Inst].Target = At;
  });
  Resolve(S.TableFixups, FirstTableFixup,
          [&](const Scope::TableFixup &Fx, unsigned At) {
            F.JumpTables[Fx.Table][Fx.Slot] = At;
          });
  for (auto &[Name, Outer] : OuterLabels) {
    S.Labels.erase(Name);
    if (Outer)
      S.Labels[Name] = *Outer;
  }
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
