//===- Target.h - PTX versions, .target names and -arch compatibility -----===//
//
// The module-level facts of PTX: which `.version` values exist, which
// `.target` names exist (with the `a`/`f` suffix rules), the lowest `.version`
// that knows each target, target families, and which `.target` a given
// `--arch` (ptxas `-arch`) can compile. Sources: PTX ISA 9.0 section 11.1
// (.version/.target), what ptxas 13.0 really accepts (pinned by
// unittests/ISA/TargetTests.cpp and test/Sema/module.ptx), checked against
// `ptxas --list-version`.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_ISA_TARGET_H
#define PTXWARP_ISA_TARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ptxwarp {
namespace isa {

/// A `.version major.minor`, compared as two integers (`6.10` > `6.5`).
struct PtxVersion {
  unsigned Major = 0;
  unsigned Minor = 0;

  constexpr PtxVersion() = default;
  constexpr PtxVersion(unsigned Major, unsigned Minor)
      : Major(Major), Minor(Minor) {}
  /// Encoded as Major*1000+Minor so comparisons are plain integer ones.
  constexpr unsigned key() const { return Major * 1000 + Minor; }
  friend constexpr bool operator<(PtxVersion A, PtxVersion B) {
    return A.key() < B.key();
  }
  friend constexpr bool operator>=(PtxVersion A, PtxVersion B) {
    return !(A < B);
  }
  friend constexpr bool operator==(PtxVersion A, PtxVersion B) {
    return A.key() == B.key();
  }
  friend constexpr bool operator!=(PtxVersion A, PtxVersion B) {
    return !(A == B);
  }
  std::string str() const;
};

/// Parses "9.0", "06.0", "6.10" as two integers; nullopt when malformed.
std::optional<PtxVersion> parseVersion(llvm::StringRef Text);

/// True when ptxas 13.0 accepts this `.version` (1.0 .. 9.0 as listed by
/// `ptxas --list-version`). ptxas compares the minor number with its trailing
/// zeros dropped, so `6.10` is accepted like `6.1` and `9.00` like `9.0`.
bool isSupportedVersion(PtxVersion V);

/// The newest version this project knows (ptxas 13.0's "current version").
constexpr PtxVersion latestVersion() { return PtxVersion(9, 0); }

enum class TargetSuffix { None, A, F };

/// A parsed `.target sm_XY[a|f]` (or `compute_XY`) name.
struct SmTarget {
  unsigned Number = 0; ///< 90 for sm_90a.
  TargetSuffix Suffix = TargetSuffix::None;
  std::string Spelling; ///< As written.

  bool isArchSpecific() const { return Suffix == TargetSuffix::A; }
  bool isFamily() const { return Suffix == TargetSuffix::F; }
  /// Canonical name: "sm_90a", "sm_100f", "sm_80".
  std::string name() const;
};

/// The outcome of reading a `.target` name.
enum class TargetStatus {
  Ok,
  Unsupported, ///< ptxas: "Unsupported .target 'sm_80a'"
  NotATarget   ///< not an sm_/compute_ name at all (e.g. "debug")
};

/// Parses a target name with ptxas's loose suffix reading: the suffix is
/// decided by its last letter (`sm_100af` is a family target, `sm_90A` and
/// `sm_100b` are plain), `compute_XY` reads as `sm_XY`.
TargetStatus parseTarget(llvm::StringRef Text, SmTarget &Out);

/// True for the non-sm target-list words (`debug`, `texmode_unified`,
/// `texmode_independent`, `map_f64_to_f32`).
bool isTargetOption(llvm::StringRef Text);

/// Lowest `.version` that accepts \p T in ptxas 13.0
/// (unittests/ISA/TargetTests.cpp).
PtxVersion minVersionForTarget(const SmTarget &T);

/// The family id (100, 110, 120) of a target number, or 0 for none.
/// sm_101 is renamed sm_110 and belongs to that family, as in ptxas 13.0
/// (unittests/ISA/TargetTests.cpp).
unsigned targetFamily(unsigned Number);

/// Why a module's `.target` cannot be compiled for an `--arch`.
enum class ArchCompat {
  Ok,
  TargetHigher, ///< "SM version specified by .target is higher than ..."
  ArchSpecificMismatch, ///< "PTX with .target 'sm_90a' cannot be compiled
                        ///< for architecture 'sm_90'"
  ArchSpecificFuture,   ///< "... cannot be compiled to future architecture"
  FamilyMismatch        ///< "... cannot be compiled to different SM-family ..."
};

/// ptxas -arch rule: plain targets compile for any arch at least as new
/// (a/f variants included); `a` targets only for themselves; `f` targets for
/// the newer members of their family.
ArchCompat checkArch(const SmTarget &Target, const SmTarget &Arch);

/// True when ptxas 13 offers \p Arch as `-arch` (sm_75 and above, not sm_101).
bool isValidArch(const SmTarget &Arch);

/// The message ptxas prints for a failed checkArch.
std::string archCompatMessage(ArchCompat C, const SmTarget &Target,
                              const SmTarget &Arch);

/// Every target number ptxas knows, ascending.
llvm::ArrayRef<unsigned> knownTargetNumbers();
/// True when `a`/`f` suffixes exist for this number (sm_90a; sm_100 and up).
bool targetTakesSuffix(unsigned Number, TargetSuffix S);

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_ISA_TARGET_H
