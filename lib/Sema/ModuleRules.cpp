//===- ModuleRules.cpp - .version, .target and --arch --------------------===//
//
// What ptxas 13.0 enforces (test/Sema/module.ptx,
// unittests/ISA/TargetTests.cpp): accepted versions, the lowest version of each
// target, the a/f suffix rules, and which target an --arch can compile.
// Messages quote ptxas; errors sit on the .version / .target line (where
// ptxas blames them).
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

void SemaState::noteTarget(DiagnosticEngine::Builder &B) {
  if (HasTarget)
    B.note(TargetRange, "module targets " +
                            (Target ? Target->Spelling : std::string("?")) +
                            " here");
}

void SemaState::noteVersion(DiagnosticEngine::Builder &B) {
  if (HasVersion)
    B.note(VersionRange, "module declares .version " + VersionText + " here");
}

static SMRange textRange(const ast::VersionStmt &V) {
  return V.VersionText.empty() ? V.Range : ast::rangeOf(V.VersionText);
}

// The module header, probed with ptxas 13.0 (PTX ISA "PTX Module
// Directives"): .version comes first, then .target (which may repeat), then
// at most one .address_size. Anything else first is fatal ("Missing .version
// directive at start of file", likewise for .target); any of the three
// later in the module is a syntax error.
void SemaState::checkModuleOrder(const ast::Stmt &S) {
  bool IsVersion = llvm::isa<ast::VersionStmt>(&S);
  bool IsTarget = llvm::isa<ast::TargetStmt>(&S);
  bool IsAddressSize = llvm::isa<ast::AddressSizeStmt>(&S);
  if (Header == HeaderPhase::AfterTarget) {
    if (!IsTarget)
      Header = HeaderPhase::Body;
    return;
  }
  if (Header == HeaderPhase::Body) {
    if (!IsVersion && !IsTarget && !IsAddressSize)
      return;
    report(DiagID::DirectiveOrder, S.Range)
        << "Parsing error near '"
        << (IsVersion  ? ".version"
            : IsTarget ? ".target"
                       : ".address_size")
        << "': it belongs in the module header (.version, .target, "
           ".address_size), before every other item";
    return;
  }
  bool WantVersion = Header == HeaderPhase::Version;
  if (WantVersion ? IsVersion : IsTarget) {
    Header = WantVersion ? HeaderPhase::Target : HeaderPhase::AfterTarget;
    return;
  }
  if (HeaderReported)
    return;
  HeaderReported = true;
  ModuleBroken = true;
  report(DiagID::MissingDirective, S.Range)
      << "Missing " << (WantVersion ? ".version" : ".target")
      << " directive at start of file";
}

void SemaState::checkAddressSize(const ast::AddressSizeStmt &A) {
  // ptxas 13.0 reads the literal with its radix: 0x40 is 64, 064 is 52.
  std::optional<uint64_t> Size;
  if (Optional<uint64_t> V = ast::evaluateInt(*A.Size))
    Size = *V;
  if (Version && *Version < isa::PtxVersion(2, 3))
    report(DiagID::AddressSize, A.Range)
        << "Feature '.address_size directive' requires PTX ISA .version 2.3 "
           "or later";
  if (Size != 32u && Size != 64u) {
    report(DiagID::AddressSize, A.Range)
        << "Illegal value for .address_size directive (must be 32 or 64)";
    return;
  }
  if (Size != 32u)
    return;
  report32BitCode(A.Range);
}

DiagnosticEngine::Builder SemaState::report32BitCode(SMRange R) {
  // ptxas 13.0 compiles 64-bit code only; both texts are fatal.
  std::optional<isa::SmTarget> Arch = arch();
  auto B = report(DiagID::AddressSize, R);
  if (Arch && Arch->Number >= 90)
    B << "32-Bit ABI (--machine 32 or 32-Bit addressing) is not supported on "
         "sm_90 or higher architectures.";
  else
    B << "32-Bit compilation is no longer supported";
  return B;
}

void SemaState::checkModuleItem(const ast::Stmt &S) {
  if (const auto *A = dyn_cast<ast::AddressSizeStmt>(&S)) {
    checkAddressSize(*A);
    return;
  }
  if (const auto *V = dyn_cast<ast::VersionStmt>(&S)) {
    if (HasVersion)
      return; // ptxas reads the first one
    HasVersion = true;
    VersionText = V->VersionText.str();
    VersionRange = textRange(*V);
    isa::PtxVersion PV(V->Major, V->Minor);
    if (!isa::isSupportedVersion(PV)) {
      report(DiagID::UnsupportedVersion, textRange(*V))
          << "Unsupported .version " << V->VersionText
          << "; current version is '" << isa::latestVersion().str() << "'";
      ModuleBroken = true;
      return;
    }
    Version = PV;
    return;
  }
  const auto *T = dyn_cast<ast::TargetStmt>(&S);
  if (!T || HasTarget)
    return;
  HasTarget = true;
  TargetRange = T->Range;
  for (const ast::TargetStmt::Entry &E : T->Targets) {
    if (isa::isTargetOption(E.Name))
      continue;
    isa::SmTarget ST;
    isa::TargetStatus Status = isa::parseTarget(E.Name, ST);
    if (Status != isa::TargetStatus::Ok) {
      report(DiagID::UnsupportedTarget, E.Range)
          << "Unsupported .target '" << E.Name << "'";
      ModuleBroken = true;
      continue;
    }
    if (Target)
      continue;
    Target = ST;
    TargetRange = E.Range;
    if (Version && *Version < isa::minVersionForTarget(ST)) {
      auto B = report(DiagID::VersionTarget, E.Range);
      B << "PTX .version " << VersionText << " does not support .target "
        << E.Name << " (needs .version " << isa::minVersionForTarget(ST).str()
        << " or later)";
      noteVersion(B);
    }
    if (std::optional<isa::SmTarget> A = Opts.Arch) {
      isa::ArchCompat C = isa::checkArch(ST, *A);
      if (C != isa::ArchCompat::Ok)
        report(DiagID::ArchMismatch, E.Range)
            << isa::archCompatMessage(C, ST, *A) << " (--arch=" << A->name()
            << ")";
    }
  }
}

void SemaState::finishModule() {
  if (HeaderReported)
    return;
  // ptxas requires both directives before anything else (PTX ISA 11.1).
  if (!HasVersion)
    report(DiagID::MissingDirective, SMRange())
        << "the module has no .version directive";
  else if (!HasTarget)
    report(DiagID::MissingDirective, VersionRange)
        << "the module has no .target directive";
}

} // namespace sema
} // namespace ptxwarp
