//===- ModesTest.cpp - The qualifier word sets of lib/ISA/td/ModeSets.td ===//
//
// The words are those the PTX ISA lists for each instruction (setp's
// comparison operators, cvt's rounding modifiers, atom's operations, the
// warp instructions' modes), written out here independently of the .def files.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/Modes.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace ptxwarp::isa;

namespace {

template <typename E>
void expectWords(const std::vector<std::string> &Words, size_t First = 0) {
  llvm::ArrayRef<llvm::StringRef> S = modeSpellings<E>();
  ASSERT_EQ(S.size(), Words.size() + First);
  for (size_t K = 0; K < Words.size(); ++K) {
    EXPECT_EQ(S[K + First], Words[K]);
    // Each word parses back to its enumerator, and spells as itself.
    std::optional<E> V = parseMode<E>(Words[K]);
    ASSERT_TRUE(V.has_value()) << Words[K];
    EXPECT_EQ(unsigned(*V), K + First);
    EXPECT_EQ(modeSpelling(*V), Words[K]);
  }
  EXPECT_FALSE(parseMode<E>("").has_value());
  EXPECT_FALSE(parseMode<E>("nosuchword").has_value());
}

TEST(Modes, ComparisonOperators) {
  expectWords<CmpOp>({"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi",
                      "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
                      "nan"});
  EXPECT_EQ(parseMode<CmpOp>("EQ"), std::nullopt); // words are case sensitive
}

TEST(Modes, RoundingAndBoolOpsStartWithNone) {
  expectWords<Rounding>({"rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"},
                        1);
  EXPECT_EQ(modeSpelling(Rounding::None), "");
  expectWords<BoolOp>({"and", "or", "xor"}, 1);
  // prmt's modes; Default is prmt without one (the byte selectors).
  expectWords<PrmtMode>({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"}, 1);
}

TEST(Modes, AtomAndWarpModes) {
  expectWords<AtomOp>(
      {"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas"});
  expectWords<ShflMode>({"up", "down", "bfly", "idx"});
  expectWords<VoteMode>({"all", "any", "uni", "ballot"});
  expectWords<MatchMode>({"any", "all"});
  expectWords<ReduxOp>({"add", "min", "max", "and", "or", "xor"});
  expectWords<TestpClass>(
      {"finite", "infinite", "number", "notanumber", "normal", "subnormal"});
}

TEST(Modes, WordListsForTheTable) {
  EXPECT_EQ(modeWordList<ShflMode>(), "up,down,bfly,idx");
  EXPECT_EQ(modeWordList<VoteMode>(), "all,any,uni,ballot");
  EXPECT_EQ(modeWordList<MatchMode>(), "any,all");
  EXPECT_EQ(modeWordList<ReduxOp>(), "add,min,max,and,or,xor");
}

} // namespace
