//===- ChunkerTest.cpp - Where the chunker cuts slices --------------------===//
//
// lib/Parse/Chunker.h: large function and `.section` bodies are cut into
// slices, a `.section` only before a data line that follows a number or a
// `;` (no value list continues there). Expected cuts worked out by hand
// from the grammar's rule sectionItem.
//
//===----------------------------------------------------------------------===//

#include "Chunker.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace ptxwarp::parse;

namespace {

struct Cut {
  Chunker::Part What;
  bool Section;
  std::string Text; ///< the chunk's tokens, space-separated, without EOF
  std::string Close;
};

std::vector<Cut> cuts(llvm::StringRef Text, unsigned SliceTokens) {
  Chunker C(Text, /*MaxDepth=*/64, SliceTokens);
  std::vector<Cut> R;
  std::vector<PtxToken> Toks;
  const PtxToken *Deep;
  Chunker::Part What;
  PtxToken Close;
  while (C.next(Toks, Deep, What, Close)) {
    Cut K{What, C.inSection(), "", ""};
    for (size_t I = 0; I + 1 < Toks.size(); ++I)
      K.Text += (I ? " " : "") + Toks[I].text().str();
    if (What == Chunker::Part::Last)
      K.Close = Close.text().str();
    R.push_back(K);
  }
  return R;
}

TEST(Chunker, SectionsAreCutOnlyWhereADataLineSurelyStarts) {
  std::vector<Cut> R = cuts(".section .debug_info\n{\n.b32 100\n.b8 1,2,3\n"
                            ".b32 .debug_abbrev\n.b8 4\n$L1:\n.b64 $L1\n"
                            ".b8 5\n}\n.global .u32 x;\n",
                            /*SliceTokens=*/1);
  using P = Chunker::Part;
  ASSERT_EQ(R.size(), 4u);
  // After `100` and `3`: a directive there starts a line. Not after
  // `.debug_abbrev` (it could be one of the values), `:` or `$L1`.
  EXPECT_EQ(R[0].What, P::Head);
  EXPECT_EQ(R[0].Text, ".section .debug_info { .b32 100");
  EXPECT_EQ(R[1].What, P::Middle);
  EXPECT_EQ(R[1].Text, ".b8 1 , 2 , 3");
  EXPECT_EQ(R[2].What, P::Last);
  EXPECT_EQ(R[2].Text, ".b32 .debug_abbrev .b8 4 $L1 : .b64 $L1 .b8 5");
  EXPECT_EQ(R[2].Close, "}");
  for (int I = 0; I < 3; ++I)
    EXPECT_TRUE(R[I].Section) << I;
  EXPECT_EQ(R[3].What, P::Whole);
  EXPECT_FALSE(R[3].Section);
}

TEST(Chunker, ShortSectionsAndOtherItemsStayWhole) {
  std::vector<Cut> R = cuts(".section .debug_abbrev\n{\n.b8 1\n.b8 2\n}\n"
                            ".global .b8 g[2] = {1, 2};\n",
                            /*SliceTokens=*/100);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].What, Chunker::Part::Whole);
  EXPECT_TRUE(R[0].Section);
  EXPECT_EQ(R[0].Text, ".section .debug_abbrev { .b8 1 .b8 2 }");
  EXPECT_EQ(R[1].What, Chunker::Part::Whole);
  EXPECT_FALSE(R[1].Section);
  // An initialiser's braces are no body to slice, however small the slices.
  R = cuts(".global .b8 g[3] = {1, 2, 3};\n", /*SliceTokens=*/1);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].What, Chunker::Part::Whole);
}

TEST(Chunker, ASectionSliceAfterASemicolon) {
  // `.b8 1;` is an error (the builder's), but a line still starts after it.
  std::vector<Cut> R =
      cuts(".section .x\n{\n.b8 1;\n.b8 2\n}\n", /*SliceTokens=*/1);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Text, ".section .x { .b8 1 ;");
  EXPECT_EQ(R[1].Text, ".b8 2");
  EXPECT_EQ(R[1].What, Chunker::Part::Last);
}

} // namespace
