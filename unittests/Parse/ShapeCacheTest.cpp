//===- ShapeCacheTest.cpp - The parse-shape cache: keys, bound, use -------===//

#include "ShapeCache.h"
#include "Lexer.h"
#include "MemoParser.h"

#include "ParseTestUtil.h"

#include <gtest/gtest.h>

using namespace ptxwarp;
using namespace ptxwarp::parse;

namespace {

/// The key of the first statement of \p Text (up to and including the
/// first `;`), followed by the token after it.
std::string keyOf(llvm::StringRef Text) {
  Lexer L(Text);
  std::vector<PtxToken> Toks;
  PtxToken T;
  do {
    L.lex(T);
    Toks.push_back(T);
  } while (T.Type != antlr4::Token::EOF);
  size_t Semi = 0;
  while (Toks[Semi].Type != Tok::SEMI)
    ++Semi;
  llvm::SmallVector<char, 64> K;
  EXPECT_TRUE(shapeKey(llvm::ArrayRef<PtxToken>(Toks.data(), Semi + 1),
                       Toks[Semi + 1], /*InSection=*/false, K));
  return std::string(K.data(), K.size());
}

TEST(ShapeCacheTest, KeyIsTheTokenShape) {
  // Instructions: only the token types count.
  EXPECT_EQ(keyOf("add.s32 %r1, %r2, 1; ret;"),
            keyOf("sub.u64 %rd9, %x, 0x77; ret;"));
  EXPECT_NE(keyOf("add.s32 %r1, %r2, 1; ret;"),
            keyOf("add.s32 %r1, %r2, %r3; ret;"));
  // ... and the type of the token after the statement.
  EXPECT_NE(keyOf("add.s32 %r1, %r2, 1; ret;"),
            keyOf("add.s32 %r1, %r2, 1; }"));
  // Declarations: the words the builder reads (vector width, type, counts).
  EXPECT_NE(keyOf(".reg .v2 .b32 %v; ret;"), keyOf(".reg .b32 .b32 %v; ret;"));
  EXPECT_NE(keyOf(".reg .b32 %r<4>; ret;"), keyOf(".reg .b32 %r<5>; ret;"));
  EXPECT_EQ(keyOf(".reg .b32 %r<4>; ret;"), keyOf(".reg .b32 %q<4>; ret;"));
  EXPECT_NE(keyOf(".global .u64 g = generic(d); ret;"),
            keyOf(".global .u64 g = other(d); ret;"));
  EXPECT_EQ(keyOf(".global .u64 g = generic(d); ret;"),
            keyOf(".global .u64 h = generic(e); ret;"));
}

TEST(ShapeCacheTest, StaysWithinItsBudget) {
  // Endless distinct shapes: the cache never holds more than its budget,
  // and the templates in use survive the dropping of the older half.
  const size_t Budget = 16 << 10;
  ShapeCache C(Budget);
  ShapeTemplate T(20, 7);
  const std::string Hot = "hot-key";
  C.insert(Hot, T);
  for (unsigned I = 0; I < 20000; ++I) {
    C.insert("key-" + std::to_string(I), T);
    ASSERT_LE(C.bytes(), Budget);
    if (I % 20 == 0) {
      ASSERT_NE(C.find(Hot), nullptr) << I;
    }
  }
  EXPECT_GT(C.generationsDropped(), 10u);
  EXPECT_GT(C.entries(), 0u);
  EXPECT_LE(C.entries() * ShapeCache::cost("key-00000", T), Budget);
  // Long unused keys are gone; the latest is there.
  EXPECT_EQ(C.find("key-0"), nullptr);
  EXPECT_NE(C.find("key-19999"), nullptr);
  // An entry larger than half the budget is not stored at all.
  ShapeTemplate Big(Budget, 1);
  C.insert("big", Big);
  EXPECT_EQ(C.find("big"), nullptr);
  C.clear();
  EXPECT_EQ(C.bytes(), 0u);
  EXPECT_EQ(C.entries(), 0u);
}

TEST(ShapeCacheTest, RecentFindsMatchTheirKeysAndDieWithThem) {
  // More keys than find's recent slots: whatever shares a slot, each key
  // finds its own template, first from the map and then from the slot.
  ShapeCache C(1 << 20);
  for (unsigned I = 0; I < 3000; ++I)
    C.insert("k" + std::to_string(I), ShapeTemplate(3, I));
  for (unsigned Round = 0; Round < 2; ++Round)
    for (unsigned I = 0; I < 3000; ++I) {
      const ShapeTemplate *T = C.find("k" + std::to_string(I));
      ASSERT_NE(T, nullptr) << I;
      EXPECT_EQ((*T)[0], I);
    }
  // A template found once is not found after its generation is dropped,
  // nor after clear().
  ShapeCache D(4096);
  D.insert("gone", ShapeTemplate(4, 42));
  ASSERT_NE(D.find("gone"), nullptr);
  for (unsigned I = 0; I < 200; ++I)
    D.insert("other" + std::to_string(I), ShapeTemplate(4, 0));
  EXPECT_GT(D.generationsDropped(), 1u);
  EXPECT_EQ(D.find("gone"), nullptr);
  D.insert("gone", ShapeTemplate(4, 43));
  ASSERT_NE(D.find("gone"), nullptr);
  EXPECT_EQ((*D.find("gone"))[0], 43u);
  D.insert("back", ShapeTemplate(4, 7));
  ASSERT_NE(D.find("back"), nullptr);
  D.clear();
  EXPECT_EQ(D.find("back"), nullptr);
}

/// A module of \p N statements of distinct shapes: twelve operands, each a
/// register or an integer as the bits of the statement's number say.
std::string distinctShapes(unsigned N, unsigned From = 0) {
  std::string S = ".version 8.0\n.target sm_80\n.address_size 64\n"
                  ".visible .entry k()\n{\n.reg .b32 %r<4>;\n";
  for (unsigned I = From; I < From + N; ++I) {
    S += "op %r1";
    for (unsigned J = 0; J < 12; ++J)
      S += (I >> J) & 1 ? ", 7" : ", %r2";
    S += ";\n";
  }
  return S + "ret;\n}\n";
}

TEST(ShapeCacheTest, HostileInputIsBoundedAndStillParsed) {
  ParseOptions O;
  O.ShapeCacheBytes = 64 << 10;
  ShapeCache &C = threadShapeCache(O.ShapeCacheBytes);
  C.clear();
  size_t Peak = 0;
  for (unsigned Round = 0; Round < 4; ++Round) {
    test::Parsed P = test::parse(distinctShapes(300, Round * 300), O);
    ASSERT_TRUE(P.errors().empty());
    Peak = std::max(Peak, C.bytes());
    // The same module without the cache: the same AST.
    ParseOptions Plain = O;
    Plain.UseShapeCache = false;
    EXPECT_EQ(test::dumpNoLoc(*P.M),
              test::dumpNoLoc(
                  *test::parse(distinctShapes(300, Round * 300), Plain).M));
  }
  EXPECT_LE(Peak, O.ShapeCacheBytes);
  EXPECT_GT(C.generationsDropped(), 0u);
  // A smaller budget on the same thread empties a cache above it.
  threadShapeCache(1024);
  EXPECT_LE(C.bytes(), 1024u);
  threadShapeCache(ParseOptions().ShapeCacheBytes);
}

TEST(ShapeCacheTest, RepeatedShapesComeFromTemplates) {
  std::string S = ".version 8.0\n.target sm_80\n.address_size 64\n"
                  ".visible .entry k()\n{\n.reg .b32 %r<4>;\n";
  for (unsigned I = 0; I < 100; ++I)
    S += "add.s32 %r1, %r2, " + std::to_string(I) + ";\n";
  S += "ret;\n}\n";
  threadShapeCache(ParseOptions().ShapeCacheBytes).clear();
  auto SM = std::make_shared<llvm::SourceMgr>();
  unsigned ID = SM->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(S, "t.ptx"), llvm::SMLoc());
  DiagnosticEngine Diags(SM.get());
  ParseStats St;
  std::unique_ptr<ast::Module> M = parseModule(SM, ID, Diags, {}, &St);
  EXPECT_EQ(Diags.errorCount(), 0u);
  // The first add of this shape and the two other statements by ANTLR,
  // the other 99 adds from the template, each with its own literal.
  EXPECT_EQ(St.ShapeHits, 99u);
  EXPECT_EQ(St.ShapeMisses, 3u);
  const ast::FunctionStmt *F = M->functions().at(0);
  const auto *I = llvm::cast<ast::InstructionStmt>(F->Body->Body[51]);
  EXPECT_EQ(I->Operands[2]->text(), "50");
  EXPECT_EQ(llvm::cast<ast::IntExpr>(
                llvm::cast<ast::ImmOperand>(I->Operands[2])->Value)
                ->Value,
            50u);
}

} // namespace
