//===- TargetTests.cpp - PTX versions, targets and --arch compatibility --===//
//
// Expectations from ptxas 13.0 (`ptxas -arch A x.ptx`, `ptxas --list-version`);
// the messages are ptxas's own.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/Target.h"

#include "gtest/gtest.h"

using namespace ptxwarp::isa;

namespace {

SmTarget target(const char *Name) {
  SmTarget T;
  EXPECT_EQ(parseTarget(Name, T), TargetStatus::Ok) << Name;
  return T;
}

TEST(Target, VersionsParseAsTwoIntegers) {
  EXPECT_EQ(parseVersion("6.10")->key(), PtxVersion(6, 10).key());
  EXPECT_TRUE(PtxVersion(6, 5) < *parseVersion("6.10"));
  EXPECT_EQ(*parseVersion("06.0"), PtxVersion(6, 0));
  EXPECT_FALSE(parseVersion("9"));
}

TEST(Target, SupportedVersions) {
  EXPECT_TRUE(isSupportedVersion({9, 0}));
  EXPECT_TRUE(isSupportedVersion({5, 1}));
  EXPECT_TRUE(isSupportedVersion({6, 10})); // read like 6.1 by ptxas
  EXPECT_FALSE(isSupportedVersion({9, 1}));
  EXPECT_FALSE(isSupportedVersion({7, 9}));
  EXPECT_FALSE(isSupportedVersion({10, 0}));
  EXPECT_FALSE(isSupportedVersion({6, 6}));
}

TEST(Target, SuffixRules) {
  SmTarget T;
  EXPECT_EQ(parseTarget("sm_80a", T), TargetStatus::Unsupported);
  EXPECT_EQ(parseTarget("sm_90f", T), TargetStatus::Unsupported);
  EXPECT_EQ(parseTarget("sm_122", T), TargetStatus::Unsupported);
  EXPECT_EQ(parseTarget("debug", T), TargetStatus::NotATarget);
  EXPECT_TRUE(target("sm_90a").isArchSpecific());
  EXPECT_TRUE(target("sm_100f").isFamily());
  // Loose suffix reading: only a trailing lower-case a/f counts.
  EXPECT_EQ(target("sm_90A").Suffix, TargetSuffix::None);
  EXPECT_EQ(target("sm_100b").Suffix, TargetSuffix::None);
  EXPECT_EQ(target("compute_90").Number, 90u);
}

TEST(Target, LowestVersions) {
  EXPECT_EQ(minVersionForTarget(target("sm_70")), PtxVersion(5, 1));
  EXPECT_EQ(minVersionForTarget(target("sm_88")), PtxVersion(7, 3));
  EXPECT_EQ(minVersionForTarget(target("sm_87")), PtxVersion(7, 4));
  EXPECT_EQ(minVersionForTarget(target("sm_90a")), PtxVersion(8, 0));
  EXPECT_EQ(minVersionForTarget(target("sm_100f")), PtxVersion(8, 8));
  EXPECT_EQ(minVersionForTarget(target("sm_110")), PtxVersion(9, 0));
  EXPECT_EQ(minVersionForTarget(target("sm_120")), PtxVersion(8, 7));
}

TEST(Target, ArchCompatibility) {
  EXPECT_EQ(checkArch(target("sm_80"), target("sm_90a")), ArchCompat::Ok);
  EXPECT_EQ(checkArch(target("sm_90"), target("sm_80")),
            ArchCompat::TargetHigher);
  EXPECT_EQ(checkArch(target("sm_90a"), target("sm_90a")), ArchCompat::Ok);
  EXPECT_EQ(checkArch(target("sm_90a"), target("sm_90")),
            ArchCompat::ArchSpecificMismatch);
  EXPECT_EQ(checkArch(target("sm_90a"), target("sm_100a")),
            ArchCompat::ArchSpecificFuture);
  EXPECT_EQ(checkArch(target("sm_100f"), target("sm_103a")), ArchCompat::Ok);
  EXPECT_EQ(checkArch(target("sm_100f"), target("sm_120")),
            ArchCompat::FamilyMismatch);
  // sm_101 is sm_110 renamed.
  EXPECT_EQ(checkArch(target("sm_101a"), target("sm_110a")), ArchCompat::Ok);
  EXPECT_EQ(checkArch(target("sm_101f"), target("sm_110")), ArchCompat::Ok);
  EXPECT_FALSE(isValidArch(target("sm_70")));
  EXPECT_FALSE(isValidArch(target("sm_101")));
  EXPECT_TRUE(isValidArch(target("sm_75")));
}

} // namespace
