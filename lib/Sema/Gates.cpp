//===- Gates.cpp - PTX-version and target gates of every form ------------===//
//
// One generic check over each form's Gate row (test/Sema/gates.ptx), plus
// the per-qualifier gates (.abs, .NaN) and the removal rule of the legacy
// non-.sync shfl/vote. Gates look at the module's .target, not at --arch
// (ptxas 13.0: `.target sm_80` with `-arch sm_90` still gets "Feature
// 'elect' requires .target sm_90 or higher"; test/Sema/gates-arch.ptx).
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

void SemaState::checkGate(const isa::Gate &G, SMRange Where, StringRef Name) {
  if (ModuleBroken || !Version || !Target)
    return;
  // Where ptxas accepts a version below the one it prints (5.1 for 6.0,
  // test/Sema/pedantic.ptx), it accepts exactly that version: 5.10 (read as
  // 5.10, a newer minor) is still refused, as ptxas 13.0 does
  // (test/Sema/version-5-10.ptx).
  bool TooOld = *Version < G.MinVersion ||
                (*Version < G.MessageVersion && *Version != G.MinVersion);
  if (G.MinVersion.Major && TooOld) {
    auto B = report(DiagID::VersionGate, Where);
    B << "Feature '" << G.VersionFeature << "' requires PTX ISA .version "
      << G.MessageVersion.str() << " or later (module declares " << VersionText
      << ")";
    noteVersion(B);
  } else if (*Version < G.IsaMinVersion) {
    auto B = report(DiagID::PedanticIsa, Where);
    B << "'" << Name << "' requires PTX ISA .version " << G.IsaMinVersion.str()
      << " by the PTX ISA text; ptxas accepts it from " << G.MinVersion.str();
    noteVersion(B);
  }
  if (G.MinTarget && Target->Number < G.MinTarget) {
    auto B = report(DiagID::TargetGate, Where);
    B << (G.TargetIsFeature ? "Feature '" : "Instruction '") << G.TargetFeature
      << "' requires .target sm_" << G.MinTarget
      << " or higher (module targets " << Target->Spelling << ")";
    noteTarget(B);
  }
  if (!G.OnlyTargets.empty() &&
      !isa::listContains(G.OnlyTargets, Target->name())) {
    std::string List = G.OnlyTargets.str();
    auto B = report(DiagID::TargetGate, Where);
    B << G.OnlyTargetsKind << " '" << G.TargetFeature
      << "' not supported on .target '" << Target->Spelling
      << "'; requires .target one of " << List;
    noteTarget(B);
  }
}

void SemaState::checkGates(const ast::InstructionStmt &I,
                           const isa::InstrFamily &F,
                           const isa::InstrForm &Form, const ResolvedQuals &Q) {
  if (ModuleBroken || !Version || !Target)
    return;
  SMRange Where = I.OpcodeRange;
  checkGate(Form.G, Where, Form.Name);
  for (const isa::QualGate &QG : F.QualGates) {
    if (!llvm::is_contained(Q.Flags, QG.Value))
      continue;
    if (*Version < QG.MinVersion)
      report(DiagID::VersionGate, Where) << QG.VersionMessage;
    if (Target->Number < QG.MinTarget)
      report(DiagID::TargetGate, Where) << QG.TargetMessage;
  }
  if (!Form.Legacy)
    return;
  // Removal rule of the non-.sync forms (ptxas 13.0; test/Sema/legacy.ptx).
  if (Target->Number >= 70 && *Version >= isa::PtxVersion(6, 4)) {
    auto B = report(DiagID::LegacyRemoved, Where);
    B << "Instruction '" << F.DiagName
      << "' without '.sync' is not supported on .target sm_70 and higher "
         "from PTX ISA version 6.4; use '"
      << F.DiagName << ".sync' with a membermask";
    noteTarget(B);
    return;
  }
  report(DiagID::LegacyDeprecated, Where)
      << "Instruction '" << F.DiagName
      << "' without '.sync' is deprecated since PTX ISA version 6.0 and may "
         "produce unpredictable results on sm_70 and later architectures";
}

} // namespace sema
} // namespace ptxwarp
