//===- ShadowTest.cpp - Definedness of shared/local memory bytes ----------===//
//
// ShadowBytes (Shadow.h): lazily allocated, byte-granular, with the origin
// of the first undefined byte of a range.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Shadow.h"

#include "gtest/gtest.h"

using namespace ptxwarp::interp;

namespace {

TEST(Shadow, EmptyUntilPoisoned) {
  ShadowBytes S;
  uint32_t O = 77;
  EXPECT_FALSE(S.live());
  EXPECT_FALSE(S.undefined(0, 16, O));
  S.unpoison(0, 16); // a defined store allocates nothing
  EXPECT_FALSE(S.live());
  EXPECT_EQ(O, 77u);
}

TEST(Shadow, PartialWidthMarksItsBytesOnly) {
  ShadowBytes S;
  S.poison(16, 5, 1, 3); // st.u8 at byte 5, origin 3
  EXPECT_TRUE(S.live());
  uint32_t O = 0;
  EXPECT_FALSE(S.undefined(0, 4, O));
  EXPECT_FALSE(S.undefined(6, 2, O));
  EXPECT_TRUE(S.undefined(4, 4, O));
  EXPECT_EQ(O, 3u);
  // Origin 0 is a valid origin (register 0 read before any write).
  S.poison(16, 8, 4, 0);
  EXPECT_TRUE(S.undefined(8, 1, O));
  EXPECT_EQ(O, 0u);
}

TEST(Shadow, FirstUndefinedByteNamesTheOrigin) {
  ShadowBytes S;
  S.poison(16, 2, 2, 9);
  S.poison(16, 0, 1, 4);
  uint32_t O = 0;
  EXPECT_TRUE(S.undefined(0, 4, O));
  EXPECT_EQ(O, 4u);
  EXPECT_TRUE(S.undefined(1, 3, O));
  EXPECT_EQ(O, 9u);
}

TEST(Shadow, DefinedStoreOverUndefinedBytes) {
  ShadowBytes S;
  S.poison(8, 0, 4, 1);
  S.unpoison(0, 2);
  uint32_t O;
  EXPECT_FALSE(S.undefined(0, 2, O));
  EXPECT_TRUE(S.undefined(0, 4, O));
  S.unpoison(2, 2);
  EXPECT_FALSE(S.undefined(0, 8, O));
  S.reset();
  EXPECT_FALSE(S.live());
}

TEST(Shadow, CopyCarriesDefinednessAndOverlaps) {
  ShadowBytes A, B;
  A.poison(8, 1, 1, 5);
  // Into an empty shadow: allocated only because a byte is undefined.
  B.copyFrom(8, 4, A, 0, 4);
  uint32_t O;
  EXPECT_TRUE(B.undefined(5, 1, O));
  EXPECT_EQ(O, 5u);
  EXPECT_FALSE(B.undefined(4, 1, O));
  EXPECT_FALSE(B.undefined(6, 2, O));
  // A defined source clears the destination.
  ShadowBytes Clean;
  B.copyFrom(8, 4, Clean, 0, 4);
  EXPECT_FALSE(B.undefined(0, 8, O));
  ShadowBytes C;
  C.copyFrom(8, 0, Clean, 0, 8);
  EXPECT_FALSE(C.live());
  // Overlapping within one buffer (memmove): bytes 0-3 move to 1-4.
  A.poison(8, 0, 1, 6);
  A.copyFrom(8, 1, A, 0, 4); // source 0:6, 1:5, 2:-, 3:-
  EXPECT_TRUE(A.undefined(1, 1, O));
  EXPECT_EQ(O, 6u);
  EXPECT_TRUE(A.undefined(2, 1, O));
  EXPECT_EQ(O, 5u);
  EXPECT_FALSE(A.undefined(3, 2, O));
}

} // namespace
