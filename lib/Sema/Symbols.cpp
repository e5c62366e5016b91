//===- Symbols.cpp - Declarations, lookups, undeclared names -------------===//
//
// Registers are declared one by one or as `%r<N>` ranges (PTX ISA 5.2.2,
// "parameterized variable names"); `%r01` resolves to `%r1` as in ptxas
// 13.0 (test/Sema/operands.ptx). Uses of undeclared `%` names get ptxas's
// "Unknown symbol" error.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"
#include "ShortNames.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace llvm;

namespace ptxwarp {
namespace sema {

/// Splits a trailing decimal index: "%r01" -> ("%r", 1).
static bool splitIndex(StringRef Name, StringRef &Prefix, uint64_t &Index) {
  // Every register operand comes here (lookup): the trailing decimal
  // digits by hand, at most 18 of them so that they fit without overflow.
  const char *Text = Name.data();
  size_t DigitsAt = Name.size();
  while (DigitsAt && unsigned(Text[DigitsAt - 1] - '0') < 10)
    --DigitsAt;
  size_t Digits = Name.size() - DigitsAt;
  if (Digits == 0 || Digits >= 19)
    return false;
  Prefix = StringRef(Text, DigitsAt);
  uint64_t Value = 0;
  for (size_t K = DigitsAt; K != Name.size(); ++K)
    Value = Value * 10 + uint64_t(Text[K] - '0');
  Index = Value;
  return true;
}

void SemaState::declare(const ast::VarDeclStmt &D, DeclSite Site) {
  checkDeclaration(D, Site);
  ++LookupGeneration; // and again below, after the names are declared
  Scope &S = Scopes.back();
  Symbol Sym;
  Sym.Type = isa::parseType(D.Type);
  Sym.Space = D.Space;
  Sym.VectorWidth = D.VectorWidth;
  if (Sym.Type && !isa::isDeclarableType(*Sym.Type))
    report(DiagID::OperandType, ast::rangeOf(D.Type))
        << "'." << D.Type << "' is not a type variables can be declared with; "
        << "use .b" << isa::typeBits(*Sym.Type);
  else if (Sym.Type && Target &&
           Target->Number < isa::minTargetForDeclType(*Sym.Type)) {
    auto B = report(DiagID::TargetGate, ast::rangeOf(D.Type));
    B << "Feature '." << D.Type << " packed data-type' requires .target sm_"
      << isa::minTargetForDeclType(*Sym.Type) << " or higher";
    noteTarget(B);
  } else if (Sym.Type == isa::PtxType::B128 && Version &&
             *Version < isa::PtxVersion(8, 3) &&
             llvm::any_of(D.Declarators, [](const ast::Declarator &X) {
               return X.Dims.empty();
             })) {
    // A .b128 variable, register or parameter that is no array (ptxas 13.0,
    // on the declaration: `.global .b128 g;`, `.reg .b128 %q<2>;`; it takes
    // `.global .b128 g[2];` with any version).
    auto B = report(DiagID::VersionGate, ast::rangeOf(D.Type));
    B << "Feature 'Type .b128' requires PTX ISA .version 8.3 or later";
    noteVersion(B);
  }
  for (const ast::Declarator &Decl : D.Declarators) {
    Sym.Range = Decl.Range;
    Sym.Array = !Decl.Dims.empty();
    if (D.Space == ast::StateSpace::Param) { // for the calls (Calls.cpp)
      VarLayout L = layoutOf(D, Decl);
      Sym.Bytes = L.Saturated;
      Sym.Align = L.Align;
    }
    if (findRedeclaration(S, Decl))
      continue;
    if (Decl.HasRangeCount) {
      RangeDecl R{Sym, Decl.RangeCount};
      if (S.Ranges.try_emplace(Decl.Name, R).second && !S.ManyRanges) {
        if (S.RangeList.size() < Scope::MaxRangeList) {
          S.RangeList.push_back(
              {Decl.Name.str(),
               isShortName(Decl.Name) ? packShortName(Decl.Name) : 0, R});
        } else {
          S.ManyRanges = true;
          S.RangeList.clear();
        }
      }
      continue;
    }
    auto [Inserted, New] = S.Names.try_emplace(Decl.Name, Sym);
    if (New && Decl.Name.startswith("%"))
      S.PercentNames = true;
    StringRef Prefix;
    uint64_t Index;
    if (splitIndex(Decl.Name, Prefix, Index)) {
      auto [Low, New] = S.LowestIndexed.try_emplace(
          Prefix, std::make_pair(Index, Inserted->getKey()));
      if (!New && Index < Low->second.first)
        Low->second = std::make_pair(Index, Inserted->getKey());
    }
  }
  ++LookupGeneration;
}

// A name declared twice in one scope is "Duplicate definition of variable"
// for ptxas 13.0, also where a `%r<N>` range covers it (`%r<4>` and `%r1`
// or `%r01`, in either order) and for a second range of the same prefix,
// which ptxas names '%r<'. A label of the block defined before the
// declaration clashes too (Labels.cpp). Returns whether it reported.
bool SemaState::findRedeclaration(const Scope &S, const ast::Declarator &D) {
  auto Report = [&](StringRef What, SMRange Prev) {
    report(DiagID::DuplicateSymbol, D.Range)
            .note(Prev, "previous declaration is here")
        << "Duplicate definition of variable '" << What << "'";
    return true;
  };
  if (D.HasRangeCount) {
    auto R = S.Ranges.find(D.Name);
    if (R != S.Ranges.end())
      return Report((D.Name + "<").str(), R->second.Sym.Range);
    // The lowest-numbered single register of that prefix (kept per prefix,
    // so that many declarations stay linear).
    auto Low = S.LowestIndexed.find(D.Name);
    if (Low == S.LowestIndexed.end() || Low->second.first >= D.RangeCount)
      return false;
    auto Covered = S.Names.find(Low->second.second);
    return Report(Covered->getKey(), Covered->second.Range);
  }
  auto N = S.Names.find(D.Name);
  if (N != S.Names.end())
    return Report(D.Name, N->second.Range);
  StringRef Prefix;
  uint64_t Index;
  if (splitIndex(D.Name, Prefix, Index)) {
    auto R = S.Ranges.find(Prefix);
    if (R != S.Ranges.end() && Index < R->second.Count)
      return Report(D.Name, R->second.Sym.Range);
  }
  // A module variable named like a function declared before it.
  if (&S == &Scopes.front()) {
    auto Fn = Functions.find(D.Name);
    if (Fn != Functions.end())
      return Report(D.Name, Fn->second);
  }
  auto L = S.Labels.find(D.Name);
  if (L != S.Labels.end() &&
      L->second.Start.getPointer() < D.Range.Start.getPointer())
    return Report(D.Name, L->second);
  return false;
}

const Symbol *SemaState::lookup(StringRef Name) const {
  size_t Size = Name.size();
  if (isShortName(Name)) {
    uint64_t Word = packShortName(Name);
    ShortLookup &E = ShortLookups[hashShortName(Word, Size, ShortLookupBits)];
    if (E.Generation == LookupGeneration && E.Word == Word && E.Size == Size)
      return E.Sym;
    E = {Word, Size, LookupGeneration, lookupInScopes(Name)};
    return E.Sym;
  }
  unsigned Slot = unsigned(Size * 31);
  if (Size)
    Slot += 7u * uint8_t(Name[Size - 1]);
  if (Size > 1)
    Slot += uint8_t(Name[Size - 2]);
  LookupCacheEntry &E = LookupCache[Slot % LookupCache.size()];
  if (E.Generation == LookupGeneration && StringRef(E.Name) == Name)
    return E.Sym;
  E.Sym = lookupInScopes(Name);
  E.Name.assign(Name.data(), Size);
  E.Generation = LookupGeneration;
  return E.Sym;
}

const Symbol *SemaState::lookupInScopes(StringRef Name) const {
  StringRef Prefix;
  uint64_t Index = 0;
  bool HasIndex = splitIndex(Name, Prefix, Index);
  uint64_t PrefixWord =
      HasIndex && isShortName(Prefix) ? packShortName(Prefix) : 0;
  bool Percent = Name.startswith("%");
  for (auto It = Scopes.rbegin(), E = Scopes.rend(); It != E; ++It) {
    if (It->PercentNames || !Percent) {
      auto N = It->Names.find(Name);
      if (N != It->Names.end())
        return &N->second;
    }
    if (!HasIndex)
      continue;
    if (!It->ManyRanges) {
      for (const Scope::ListedRange &L : It->RangeList)
        if (L.Prefix.size() == Prefix.size() &&
            (PrefixWord ? L.Word == PrefixWord
                        : std::memcmp(L.Prefix.data(), Prefix.data(),
                                      Prefix.size()) == 0)) {
          if (Index < L.R.Count)
            return &L.R.Sym;
          break;
        }
      continue;
    }
    auto R = It->Ranges.find(Prefix);
    if (R != It->Ranges.end() && Index < R->second.Count)
      return &R->second.Sym;
  }
  return nullptr;
}

static void collectExprNames(const ast::Expr &E,
                             SmallVectorImpl<const ast::NameExpr *> &Out) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Name:
    Out.push_back(cast<ast::NameExpr>(&E));
    break;
  case ast::Expr::Kind::Unary:
    collectExprNames(*cast<ast::UnaryExpr>(&E)->Sub, Out);
    break;
  case ast::Expr::Kind::Binary:
    collectExprNames(*cast<ast::BinaryExpr>(&E)->LHS, Out);
    collectExprNames(*cast<ast::BinaryExpr>(&E)->RHS, Out);
    break;
  case ast::Expr::Kind::Conditional: {
    const auto *C = cast<ast::ConditionalExpr>(&E);
    collectExprNames(*C->Cond, Out);
    collectExprNames(*C->Then, Out);
    collectExprNames(*C->Else, Out);
    break;
  }
  default:
    break;
  }
}

// ptxas's messages, probed with ptxas 13.0: `%laneid.x` "Unknown field
// '.x'"; `mov.u32 %r, %tid` "Argument vector size mismatch" (%tid is a
// .v4 .u32, PTX ISA 10.1); `%tid.xy` "Unimplemented feature: vector
// swizzle"; `%tid.X` "Unknown vector selector: 'X'".
bool SemaState::checkSpecialRegField(const ast::NameOperand &N,
                                     const isa::SpecialReg &SR,
                                     StringRef Instr) {
  if (Target && Target->Number < SR.MinTarget) {
    auto B = report(DiagID::TargetGate, N.Range);
    B << "Feature '" << N.Name << "' requires .target sm_" << SR.MinTarget
      << " or higher (module targets " << Target->Spelling << ")";
    noteTarget(B);
    return false;
  }
  StringRef C = N.Component;
  if (!SR.HasComponents) {
    if (C.empty())
      return true;
    report(DiagID::SpecialRegister, N.Range)
        << "Unknown field '." << C << "': '" << N.Name
        << "' is a scalar special register";
    return false;
  }
  if (C.empty()) {
    report(DiagID::SpecialRegister, N.Range)
        << "Argument vector size mismatch for instruction '" << Instr << "': '"
        << N.Name << "' is a vector; read one element ('" << N.Name << ".x')";
    return false;
  }
  if (isa::isVectorSelector(C))
    return true;
  auto B = report(DiagID::SpecialRegister, N.Range);
  if (C.size() > 1)
    B << "Unimplemented feature: vector swizzle '." << C << "'";
  else
    B << "Unknown vector selector: '" << C << "'";
  return false;
}

void SemaState::checkDeclaredNames(const ast::Operand &O) {
  auto CheckName = [&](StringRef Name, SMRange R) {
    // `%` names are registers; plain identifiers are variables, functions
    // or labels (which may be defined later in an enclosing block).
    if (isa::findSpecialReg(Name) || lookup(Name) ||
        (!Name.startswith("%") && isKnownName(Name)))
      return;
    report(DiagID::UndeclaredSymbol, R) << "Unknown symbol '" << Name << "'";
  };
  switch (O.getKind()) {
  case ast::Operand::Kind::Name: {
    const auto *N = cast<ast::NameOperand>(&O);
    if (const isa::SpecialReg *SR = isa::findSpecialReg(N->Name))
      checkSpecialRegField(*N, *SR, CurrentOp.name());
    else
      CheckName(N->Name, N->Range);
    break;
  }
  case ast::Operand::Kind::Imm:
  case ast::Operand::Kind::Address: {
    SmallVector<const ast::NameExpr *, 4> Names;
    if (const auto *I = dyn_cast<ast::ImmOperand>(&O))
      collectExprNames(*I->Value, Names);
    else {
      const auto *A = cast<ast::AddressOperand>(&O);
      if (A->Base)
        collectExprNames(*A->Base, Names);
      for (const ast::Operand *R : A->Rest)
        checkDeclaredNames(*R);
    }
    for (const ast::NameExpr *N : Names)
      CheckName(N->Name, N->Range);
    break;
  }
  case ast::Operand::Kind::Pair: {
    const auto *P = cast<ast::PairOperand>(&O);
    checkDeclaredNames(*P->First);
    checkDeclaredNames(*P->Second);
    break;
  }
  case ast::Operand::Kind::Vector:
    for (const ast::Operand *E : cast<ast::VectorOperand>(&O)->Elements)
      checkDeclaredNames(*E);
    break;
  case ast::Operand::Kind::List:
    for (const ast::Operand *E : cast<ast::ListOperand>(&O)->Elements)
      checkDeclaredNames(*E);
    break;
  default:
    break;
  }
}

} // namespace sema
} // namespace ptxwarp
