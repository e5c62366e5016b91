//===- Target.cpp - PTX versions, .target names and -arch compatibility ---===//
//
// Data from what ptxas 13.0 accepts (pinned by unittests/ISA/TargetTests.cpp
// and test/Sema/module.ptx) and `ptxas --list-version`; see Target.h.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace isa {

std::string PtxVersion::str() const {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

std::optional<PtxVersion> parseVersion(StringRef Text) {
  Text = Text.trim();
  auto [MajorText, MinorText] = Text.split('.');
  unsigned Major, Minor;
  if (MinorText.empty() || MajorText.getAsInteger(10, Major) ||
      MinorText.getAsInteger(10, Minor))
    return std::nullopt;
  return PtxVersion(Major, Minor);
}

// `ptxas --list-version` of CUDA 13.0.
static constexpr PtxVersion SupportedVersions[] = {
    {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 0}, {2, 1}, {2, 2},
    {2, 3}, {3, 0}, {3, 1}, {3, 2}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {5, 0},
    {5, 1}, {6, 0}, {6, 1}, {6, 2}, {6, 3}, {6, 4}, {6, 5}, {7, 0}, {7, 1},
    {7, 2}, {7, 3}, {7, 4}, {7, 5}, {7, 6}, {7, 7}, {7, 8}, {8, 0}, {8, 1},
    {8, 2}, {8, 3}, {8, 4}, {8, 5}, {8, 6}, {8, 7}, {8, 8}, {9, 0}};

bool isSupportedVersion(PtxVersion V) {
  // ptxas drops trailing zeros of the minor number before looking it up:
  // 6.10 is accepted like 6.1 (measured: 5.10, 7.10, 8.10 accepted too).
  unsigned Minor = V.Minor;
  while (Minor != 0 && Minor % 10 == 0)
    Minor /= 10;
  PtxVersion Normal(V.Major, Minor);
  return llvm::any_of(SupportedVersions,
                      [&](PtxVersion S) { return S == Normal; });
}

namespace {
struct TargetRow {
  unsigned Number;
  PtxVersion Plain; ///< lowest .version for sm_N
  PtxVersion A;     ///< for sm_Na ({0,0}: no such target)
  PtxVersion F;     ///< for sm_Nf
};
} // namespace

// The lowest .version ptxas 13.0 accepts for each .target ("PTX .version 6.0
// does not support .target sm_80" below it; unittests/ISA/TargetTests.cpp,
// LowestVersions), extended below sm_60 by probing ptxas 13.0.
static constexpr TargetRow Targets[] = {
    {10, {1, 0}, {}, {}},          {11, {1, 0}, {}, {}},
    {12, {1, 2}, {}, {}},          {13, {1, 2}, {}, {}},
    {20, {2, 0}, {}, {}},          {21, {2, 0}, {}, {}},
    {30, {3, 0}, {}, {}},          {32, {4, 0}, {}, {}},
    {35, {3, 1}, {}, {}},          {37, {4, 1}, {}, {}},
    {50, {4, 0}, {}, {}},          {52, {4, 1}, {}, {}},
    {53, {4, 2}, {}, {}},          {60, {5, 0}, {}, {}},
    {61, {5, 0}, {}, {}},          {62, {5, 0}, {}, {}},
    {70, {5, 1}, {}, {}},          {72, {6, 1}, {}, {}},
    {75, {6, 3}, {}, {}},          {80, {7, 0}, {}, {}},
    {86, {7, 1}, {}, {}},          {87, {7, 4}, {}, {}},
    {88, {7, 3}, {}, {}},          {89, {7, 8}, {}, {}},
    {90, {7, 8}, {8, 0}, {}},      {100, {8, 6}, {8, 6}, {8, 8}},
    {101, {8, 6}, {8, 6}, {8, 8}}, {103, {8, 8}, {8, 8}, {8, 8}},
    {110, {9, 0}, {9, 0}, {9, 0}}, {120, {8, 7}, {8, 7}, {8, 8}},
    {121, {8, 8}, {8, 8}, {8, 8}},
};

static const TargetRow *findTarget(unsigned Number) {
  for (const TargetRow &R : Targets)
    if (R.Number == Number)
      return &R;
  return nullptr;
}

ArrayRef<unsigned> knownTargetNumbers() {
  static const std::vector<unsigned> Numbers = [] {
    std::vector<unsigned> N;
    for (const TargetRow &R : Targets)
      N.push_back(R.Number);
    return N;
  }();
  return Numbers;
}

bool targetTakesSuffix(unsigned Number, TargetSuffix S) {
  const TargetRow *R = findTarget(Number);
  if (!R)
    return false;
  switch (S) {
  case TargetSuffix::None:
    return true;
  case TargetSuffix::A:
    return R->A.Major != 0;
  case TargetSuffix::F:
    return R->F.Major != 0;
  }
  return false;
}

std::string SmTarget::name() const {
  std::string N = "sm_" + std::to_string(Number);
  if (Suffix == TargetSuffix::A)
    N += "a";
  else if (Suffix == TargetSuffix::F)
    N += "f";
  return N;
}

bool isTargetOption(StringRef Text) {
  return StringSwitch<bool>(Text)
      .Cases("debug", "texmode_unified", "texmode_independent",
             "map_f64_to_f32", true)
      .Default(false);
}

TargetStatus parseTarget(StringRef Text, SmTarget &Out) {
  StringRef Rest = Text;
  if (!Rest.consume_front("sm_") && !Rest.consume_front("compute_"))
    return TargetStatus::NotATarget;
  size_t Digits = Rest.find_if_not([](char C) { return C >= '0' && C <= '9'; });
  StringRef NumText = Rest.substr(0, Digits);
  StringRef Suffix = Digits == StringRef::npos ? "" : Rest.substr(Digits);
  unsigned Number;
  if (NumText.empty() || NumText.getAsInteger(10, Number))
    return TargetStatus::Unsupported;
  Out.Number = Number;
  Out.Spelling = Text.str();
  // ptxas reads the suffix loosely: only its last (lower-case) letter counts
  // (ptxas 13.0 accepts sm_90A and sm_100b as plain targets;
  // unittests/ISA/TargetTests.cpp, SuffixRules).
  Out.Suffix = TargetSuffix::None;
  if (Suffix.endswith("a"))
    Out.Suffix = TargetSuffix::A;
  else if (Suffix.endswith("f"))
    Out.Suffix = TargetSuffix::F;
  if (!targetTakesSuffix(Number, Out.Suffix))
    return TargetStatus::Unsupported;
  return TargetStatus::Ok;
}

PtxVersion minVersionForTarget(const SmTarget &T) {
  const TargetRow *R = findTarget(T.Number);
  if (!R)
    return latestVersion();
  switch (T.Suffix) {
  case TargetSuffix::A:
    return R->A;
  case TargetSuffix::F:
    return R->F;
  case TargetSuffix::None:
    break;
  }
  return R->Plain;
}

/// sm_101 was renamed sm_110: ptxas 13.0 compiles .target sm_101a only
/// with -arch sm_110a (unittests/ISA/TargetTests.cpp, ArchCompatibility).
static unsigned canonicalNumber(unsigned N) { return N == 101 ? 110 : N; }

unsigned targetFamily(unsigned Number) {
  switch (canonicalNumber(Number)) {
  case 100:
  case 103:
    return 100;
  case 110:
    return 110;
  case 120:
  case 121:
    return 120;
  default:
    return 0;
  }
}

bool isValidArch(const SmTarget &Arch) {
  return Arch.Number >= 75 && Arch.Number != 101 &&
         targetTakesSuffix(Arch.Number, Arch.Suffix);
}

ArchCompat checkArch(const SmTarget &Target, const SmTarget &Arch) {
  unsigned T = canonicalNumber(Target.Number);
  unsigned A = canonicalNumber(Arch.Number);
  switch (Target.Suffix) {
  case TargetSuffix::None:
    return A >= T ? ArchCompat::Ok : ArchCompat::TargetHigher;
  case TargetSuffix::A:
    if (A == T && Arch.Suffix == TargetSuffix::A)
      return ArchCompat::Ok;
    if (A < T)
      return ArchCompat::TargetHigher;
    return A == T ? ArchCompat::ArchSpecificMismatch
                  : ArchCompat::ArchSpecificFuture;
  case TargetSuffix::F:
    if (A < T)
      return ArchCompat::TargetHigher;
    return targetFamily(A) == targetFamily(T) ? ArchCompat::Ok
                                              : ArchCompat::FamilyMismatch;
  }
  return ArchCompat::Ok;
}

std::string archCompatMessage(ArchCompat C, const SmTarget &Target,
                              const SmTarget &Arch) {
  // ptxas 13.0's own texts (test/Sema/module.ptx checks them).
  switch (C) {
  case ArchCompat::Ok:
    return "";
  case ArchCompat::TargetHigher:
    return "SM version specified by .target is higher than default SM "
           "version assumed";
  case ArchCompat::ArchSpecificMismatch:
    return "PTX with .target '" + Target.Spelling +
           "' cannot be compiled for architecture '" + Arch.name() + "'";
  case ArchCompat::ArchSpecificFuture:
    return "Program with .target '" + Target.Spelling +
           "' cannot be compiled to future architecture";
  case ArchCompat::FamilyMismatch:
    return "Program with .target '" + Target.Spelling +
           "' cannot be compiled to different SM-family architecture";
  }
  return "";
}

} // namespace isa
} // namespace ptxwarp
