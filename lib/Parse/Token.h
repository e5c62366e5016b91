//===- Token.h - Tokens and token streams fed to the ANTLR parser ---------===//
//
// Internal to lib/Parse (ANTLR types are allowed here, never in include/).
// A PtxToken is a view of the source buffer: no text is copied, which is what
// lets the hand-written lexer feed the ANTLR parser at memory speed. A
// ChunkTokenStream serves one top-level item's tokens (ending in EOF) to the
// parser.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_TOKEN_H
#define PTXWARP_LIB_PARSE_TOKEN_H

#include "PTXLexer.h"
#include "antlr4-runtime.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <vector>

namespace ptxwarp {
namespace parse {

/// Token kinds: the vocabulary of grammar/PTXLexer.g4.
using Tok = ptxwarp_antlr::PTXLexer;

/// What ANTLR's error recovery asks of a token source: a factory for the
/// tokens it conjures up ("missing ';'").
class ChunkTokenSource : public antlr4::TokenSource {
public:
  std::unique_ptr<antlr4::Token> nextToken() override { return nullptr; }
  size_t getLine() const override { return 0; }
  size_t getCharPositionInLine() override { return 0; }
  antlr4::CharStream *getInputStream() override { return nullptr; }
  std::string getSourceName() override { return "<ptx>"; }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }
};

/// The one (stateless) source every PtxToken names.
ChunkTokenSource &theTokenSource();

class PtxToken final : public antlr4::Token {
public:
  PtxToken() = default;
  PtxToken(size_t Type, const char *Start, uint32_t Len, uint32_t Line,
           uint32_t Col)
      : Type(Type), Start(Start), Line(Line), Col(Col), Len(Len) {}

  std::string getText() const override { return std::string(Start, Len); }
  size_t getType() const override { return Type; }
  size_t getLine() const override { return Line; }
  size_t getCharPositionInLine() const override { return Col; }
  size_t getChannel() const override { return DEFAULT_CHANNEL; }
  size_t getTokenIndex() const override { return Index; }
  size_t getStartIndex() const override { return Offset; }
  size_t getStopIndex() const override { return Offset + Len - 1; }
  antlr4::TokenSource *getTokenSource() const override {
    return &theTokenSource();
  }
  antlr4::CharStream *getInputStream() const override { return nullptr; }
  std::string toString() const override { return getText(); }

  llvm::StringRef text() const { return llvm::StringRef(Start, Len); }
  llvm::SMLoc loc() const { return llvm::SMLoc::getFromPointer(Start); }
  llvm::SMRange range() const {
    return llvm::SMRange(loc(), llvm::SMLoc::getFromPointer(Start + Len));
  }

  /// For the EOF that ends a chunk: what the user sees there, the next
  /// item's first token (empty: "end of file"). That token starts where
  /// the EOF stands.
  llvm::StringRef display() const { return llvm::StringRef(Start, DisplayLen); }

  size_t Type = 0;
  const char *Start = nullptr;
  uint32_t Line = 0;
  uint32_t Col = 0;
  /// After Line and Col: the chunker copies each token right after the
  /// lexer wrote it, and a load of Len merged with a neighbour written by a
  /// separate store would stall (Parser.cpp).
  uint32_t Len = 0;
  uint32_t DisplayLen = 0; ///< display()'s length
  size_t Index = 0;
  size_t Offset = 0; ///< from the start of the buffer
};

/// The tokens of one chunk; the last one is always EOF.
class ChunkTokenStream : public antlr4::TokenStream {
public:
  explicit ChunkTokenStream(std::vector<PtxToken> &Toks) : Toks(&Toks) {}
  /// Serves \p T (which must end in EOF) from now on.
  void setTokens(std::vector<PtxToken> *T) {
    Toks = T;
    P = 0;
  }

  antlr4::Token *LT(ssize_t K) override;
  antlr4::Token *get(size_t I) const override {
    return &(*Toks)[I < Toks->size() ? I : Toks->size() - 1];
  }
  antlr4::TokenSource *getTokenSource() const override {
    return &theTokenSource();
  }
  std::string getText(const antlr4::misc::Interval &I) override;
  std::string getText() override;
  std::string getText(antlr4::RuleContext *Ctx) override;
  std::string getText(antlr4::Token *Start, antlr4::Token *Stop) override;

  void consume() override {
    if (P + 1 < Toks->size())
      ++P;
  }
  size_t LA(ssize_t I) override { return LT(I)->getType(); }
  ssize_t mark() override { return 0; }
  void release(ssize_t) override {}
  size_t index() override { return P; }
  void seek(size_t I) override { P = I < Toks->size() ? I : Toks->size() - 1; }
  size_t size() override { return Toks->size(); }
  std::string getSourceName() const override { return "<ptx>"; }

  /// The highest token index LT() has served since it was last reset (the
  /// shape cache checks how far the parser looked ahead).
  size_t HighWater = 0;

private:
  std::vector<PtxToken> *Toks;
  size_t P = 0;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_TOKEN_H
