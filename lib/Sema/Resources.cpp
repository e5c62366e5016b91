//===- Resources.cpp - Per-kernel static shared memory and parameter space ===//
//
// What ptxas 13.0 reports about a kernel's resources at the .ptx level,
// probed with it for sm_75 to sm_120 (test/Sema/resources.test):
//
//   Entry function 'k' uses too much shared data (0xc001 bytes, 0xc000 max)
//     The static .shared variables a kernel uses: those its body and the
//     functions it calls (transitively) name, and every one they declare,
//     laid out in declaration order, each at its alignment (.align, or its
//     element size): the kernel's own, those of the functions it calls in
//     the order the module defines the functions (whatever the order of
//     the calls), then the module's. 48 KiB on every target (more
//     needs dynamic shared memory); .extern (dynamic) arrays do not count,
//     nor variables no function of the kernel names. No line.
//     ptxas keeps that sum in 32 bits: it wraps modulo 2^32 and a sum of
//     2^31 bytes or more (negative) passes; ptx-lint follows it (the
//     lowering refuses such sizes itself).
//   Entry function 'k' uses too much parameter space (0x8000 bytes, 0x7ffc
//   max).
//     The kernel's parameters in order, each at its alignment; reported on
//     the line of the body's closing brace. Before PTX ISA 8.1 the limit is
//     0x1100 bytes, with a second error: "Feature 'Kernel parameter size
//     larger than 4352 bytes' requires PTX ISA .version 8.1 or later".
//
// ptxas reports no .local limit at the .ptx level (16 MiB per thread
// passes), so none is checked. Register counts come from register
// allocation, which ptx-lint does not do.
//
//===----------------------------------------------------------------------===//

#include "FunctionCFG.h"
#include "SemaState.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

/// ptxas 13.0's limits, the same for every -arch it accepts.
constexpr uint64_t MaxStaticShared = 0xc000;
constexpr uint64_t MaxEntryParams = 0x7ffc;
constexpr uint64_t MaxEntryParamsBefore81 = 0x1100;

uint64_t saturatingMul(uint64_t A, uint64_t B) {
  if (A && B > ~uint64_t(0) / A)
    return ~uint64_t(0);
  return A * B;
}

uint64_t saturatingAdd(uint64_t A, uint64_t B) {
  return A > ~uint64_t(0) - B ? ~uint64_t(0) : A + B;
}

/// Places \p V after \p Offset at its alignment (saturating).
uint64_t place(uint64_t Offset, const VarLayout &V) {
  uint64_t Align = V.Align ? V.Align : 1;
  uint64_t Pad = (Align - Offset % Align) % Align;
  return saturatingAdd(saturatingAdd(Offset, Pad), V.Saturated);
}

/// The names \p Body's operands mention, to \p Name, and its .shared
/// variables, to \p U.
template <typename NameFn>
void collectBody(ArrayRef<const ast::Stmt *> Body, FunctionUsage &U,
                 NameFn &Name) {
  for (const ast::Stmt *S : Body) {
    if (const auto *I = dyn_cast<ast::InstructionStmt>(S)) {
      for (const ast::Operand *O : I->Operands)
        forEachName(*O, Name); // FunctionCFG.h
    } else if (const auto *B = dyn_cast<ast::BlockStmt>(S)) {
      collectBody(B->Body, U, Name);
    } else if (const auto *D = dyn_cast<ast::VarDeclStmt>(S)) {
      if (D->Space == ast::StateSpace::Shared &&
          D->Link != ast::Linkage::Extern)
        for (const ast::Declarator &Decl : D->Declarators)
          U.Shared.push_back(layoutOf(*D, Decl));
    }
  }
}

} // namespace

VarLayout layoutOf(const ast::VarDeclStmt &D, const ast::Declarator &Decl) {
  VarLayout L;
  std::optional<isa::PtxType> T = isa::parseType(D.Type);
  uint64_t Elem = T ? std::max(1u, isa::typeBits(*T) / 8) : 1;
  Elem = saturatingMul(Elem, D.VectorWidth ? D.VectorWidth : 1);
  uint64_t Size = Elem;
  // Wrapping too, so that the low 32 bits ptxas keeps are exact.
  uint64_t Wrapped = Elem;
  for (const ast::ArrayDim &Dim : Decl.Dims) {
    const auto *N = dyn_cast_or_null<ast::IntExpr>(Dim.Size);
    Size = saturatingMul(Size, N ? N->Value : 0);
    Wrapped *= N ? N->Value : 0;
  }
  L.Size = Wrapped;
  L.Saturated = Size;
  L.Align = D.Align ? D.Align : Elem;
  return L;
}

void SemaState::recordModuleShared(const ast::VarDeclStmt &D) {
  if (D.Space != ast::StateSpace::Shared || D.Link == ast::Linkage::Extern)
    return;
  for (const ast::Declarator &Decl : D.Declarators) {
    ModuleShared.push_back(layoutOf(D, Decl));
    ModuleShared.back().Name = Decl.Name.str();
  }
}

// The performance-tuning directives (PTX ISA 11.4), probed with ptxas
// 13.0: a count of 0 (the value is kept in 32 bits, so 2^32 too) is
// "Positive non-zero value expected for maxnreg", on the directive's line
// for .maxnreg and .minnctapersm and on the body's brace for .maxntid and
// .reqntid; .maxnctapersm is gone ("Deprecated feature: '.maxnctapersm
// directive' not supported as of PTX version 2.1"). A .maxnreg over 255
// is only a warning of ptxas's ("will be ignored").
void SemaState::checkTuningDirectives(const ast::FunctionStmt &F) {
  for (const ast::DirectiveStmt *D : F.Directives) {
    if (D->Name == "maxnctapersm") {
      report(DiagID::LegacyRemoved, D->Range)
          << "Deprecated feature: '.maxnctapersm directive' not supported "
             "as of PTX version 2.1";
      continue;
    }
    bool AtBrace = D->Name == "maxntid" || D->Name == "reqntid";
    if (!AtBrace && D->Name != "maxnreg" && D->Name != "minnctapersm")
      continue;
    for (const ast::Operand *A : D->Args) {
      std::optional<uint64_t> V = intValueOf(*A);
      if (!V || static_cast<uint32_t>(*V) != 0)
        continue;
      SMRange At = A->Range;
      if (AtBrace && F.Body)
        At = SMRange(
            F.Body->Range.Start,
            SMLoc::getFromPointer(F.Body->Range.Start.getPointer() + 1));
      report(DiagID::BadDeclaration, At)
          << "Positive non-zero value expected for " << D->Name;
      break;
    }
  }
}

void SemaState::recordUsage(const ast::FunctionStmt &F) {
  checkTuningDirectives(F);
  FunctionUsage U;
  U.Name = F.Name.str();
  U.IsEntry = F.IsEntry;
  U.NameRange = F.NameRange;
  // Only the names that may be a function or a module variable: not the
  // function's own registers, parameters and labels (most of its names),
  // which no kernel's walk follows.
  bool PercentModuleNames = Scopes.front().PercentNames || PercentFunctionNames;
  StringSet<> Seen;
  // (Inlined into the walk: it sees every name of the body, and most are
  // registers.)
  auto Name = [&](StringRef N) {
    if (N.startswith("%") && !PercentModuleNames)
      return;
    if (!mayNameModuleSymbol(N) || !Seen.insert(N).second)
      return;
    U.Names.push_back(N.str());
  };
  collectBody(F.Body->Body, U, Name);
  if (F.IsEntry) {
    uint64_t Offset = 0;
    for (const ast::VarDeclStmt *P : F.Params)
      for (const ast::Declarator &Decl : P->Declarators)
        Offset = place(Offset, layoutOf(*P, Decl));
    bool Before81 = Version && *Version < isa::PtxVersion(8, 1);
    uint64_t Max = Before81 ? MaxEntryParamsBefore81 : MaxEntryParams;
    if (Offset > Max) {
      const char *End = F.Body->Range.End.getPointer();
      SMRange Brace(SMLoc::getFromPointer(End - 1), SMLoc::getFromPointer(End));
      report(DiagID::ResourceLimit, Brace)
          << "Entry function '" << F.Name << "' uses too much parameter space ("
          << format_hex(Offset, 0) << " bytes, " << format_hex(Max, 0)
          << " max).";
      if (Before81 && Offset <= MaxEntryParams) {
        auto B = report(DiagID::VersionGate, Brace);
        B << "Feature 'Kernel parameter size larger than 4352 bytes' "
             "requires PTX ISA .version 8.1 or later";
        noteVersion(B);
      }
    }
  }
  Records.addUsage(std::move(U));
}

void BodyRecords::addUsage(FunctionUsage U) {
  auto [It, New] = UsageIndex.try_emplace(U.Name, Usages.size());
  if (New)
    Usages.push_back(std::move(U));
  else
    Usages[It->second] = std::move(U);
}

void BodyRecords::append(BodyRecords Later) {
  FunctionUses.insert(FunctionUses.end(), Later.FunctionUses.begin(),
                      Later.FunctionUses.end());
  for (FunctionUsage &U : Later.Usages)
    addUsage(std::move(U));
}

bool SemaState::mayNameModuleSymbol(StringRef Name) const {
  for (size_t S = Scopes.size(); S-- > 1;)
    if (Scopes[S].Labels.count(Name))
      return false;
  const Symbol *Sym = lookupInScopes(Name);
  if (!Sym)
    return true; // a function, or not declared
  auto It = Scopes.front().Names.find(Name);
  return It != Scopes.front().Names.end() && &It->second == Sym;
}

void SemaState::checkResources() {
  // Per function, the first time a kernel reaches it: the functions its
  // names may call and the module .shared variables it names.
  struct Edges {
    bool Known = false;
    SmallVector<unsigned, 4> Callees;
    SmallVector<unsigned, 2> Shared;
  };
  std::vector<Edges> Graph(Records.Usages.size());
  StringMap<SmallVector<unsigned, 1>> SharedByName;
  for (unsigned V = 0; V != ModuleShared.size(); ++V)
    SharedByName[ModuleShared[V].Name].push_back(V);
  auto EdgesOf = [&](unsigned Index) -> const Edges & {
    Edges &E = Graph[Index];
    if (E.Known)
      return E;
    E.Known = true;
    for (const std::string &N : Records.Usages[Index].Names) {
      auto Callee = Records.UsageIndex.find(N);
      if (Callee != Records.UsageIndex.end())
        E.Callees.push_back(Callee->second);
      auto Named = SharedByName.find(N);
      if (Named != SharedByName.end())
        E.Shared.append(Named->second.begin(), Named->second.end());
    }
    return E;
  };
  for (unsigned EntryIndex = 0; EntryIndex != Records.Usages.size();
       ++EntryIndex) {
    const FunctionUsage &Entry = Records.Usages[EntryIndex];
    if (!Entry.IsEntry)
      continue;
    // The functions the kernel reaches and the module .shared variables
    // they name.
    BitVector Seen(Records.Usages.size());
    SmallVector<unsigned, 8> Work{EntryIndex}, Reached;
    BitVector Named(ModuleShared.size());
    while (!Work.empty()) {
      unsigned Index = Work.pop_back_val();
      if (Seen.test(Index))
        continue;
      Seen.set(Index);
      if (Index != EntryIndex)
        Reached.push_back(Index);
      const Edges &E = EdgesOf(Index);
      for (unsigned V : E.Shared)
        Named.set(V);
      Work.append(E.Callees.begin(), E.Callees.end());
    }
    // Their own .shared variables: the kernel's, then the others' in the
    // order the module defines the functions (not the order of the calls).
    std::vector<const VarLayout *> Local;
    for (const VarLayout &V : Entry.Shared)
      Local.push_back(&V);
    llvm::sort(Reached);
    for (unsigned Index : Reached)
      for (const VarLayout &V : Records.Usages[Index].Shared)
        Local.push_back(&V);
    // ptxas's 32-bit sum (see the top of the file).
    uint32_t Offset = 0;
    auto Place32 = [&](const VarLayout &V) {
      uint32_t Align = static_cast<uint32_t>(V.Align);
      if (Align == 0)
        Align = 1;
      Offset += (Align - Offset % Align) % Align;
      Offset += static_cast<uint32_t>(V.Size);
    };
    for (const VarLayout *V : Local)
      Place32(*V);
    for (unsigned V = 0; V != ModuleShared.size(); ++V)
      if (Named.test(V))
        Place32(ModuleShared[V]);
    if (static_cast<int32_t>(Offset) <= static_cast<int32_t>(MaxStaticShared))
      continue;
    report(DiagID::ResourceLimit, Entry.NameRange)
        << "Entry function '" << Entry.Name << "' uses too much shared data ("
        << format_hex(Offset, 0) << " bytes, " << format_hex(MaxStaticShared, 0)
        << " max): static .shared memory is limited to 48 KiB per CTA; "
           "use dynamic shared memory (.extern .shared) for more";
  }
}

} // namespace sema
} // namespace ptxwarp
