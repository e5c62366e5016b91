//===- WarningFlags.cpp - -W<group>, -Wno-<group>, -Werror, -w -----------===//

#include "ptxwarp/Sema/WarningFlags.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

static bool isKnownGroup(StringRef G) {
  for (const DiagInfo &I : allDiagInfos())
    if (I.Group == G)
      return true;
  return false;
}

Error applyWarningFlags(ArrayRef<std::string> Flags, bool NoWarnings,
                        DiagnosticOptions &Opts) {
  Opts.IgnoreWarnings = NoWarnings;
  for (StringRef F : Flags) {
    if (F == "error") {
      Opts.WarningsAsErrors = true;
      continue;
    }
    if (F == "no-error") {
      Opts.WarningsAsErrors = false;
      continue;
    }
    bool Disable = F.consume_front("no-");
    if (!isKnownGroup(F))
      return createStringError(
          inconvertibleErrorCode(), "unknown warning group '%s' in '-W%s%s'",
          F.str().c_str(), Disable ? "no-" : "", F.str().c_str());
    if (Disable) {
      Opts.DisabledGroups.insert(F);
      Opts.EnabledOptInGroups.erase(F);
    } else {
      Opts.DisabledGroups.erase(F);
      Opts.EnabledOptInGroups.insert(F);
    }
  }
  return Error::success();
}

} // namespace sema
} // namespace ptxwarp
