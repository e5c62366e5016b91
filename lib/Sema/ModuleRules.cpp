//===- ModuleRules.cpp - .version, .target and --arch --------------------===//
//
// FINDINGS.md section 1: accepted versions, the lowest version of each
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

void SemaState::checkModuleItem(const ast::Stmt &S) {
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
