//===- Lexer.h - The hand-written PTX lexer
//--------------------------------===//
//
// Produces exactly the tokens grammar/PTXLexer.g4 specifies (checked token
// for token against the ANTLR-generated lexer in unittests/Parse), but reads
// the UTF-8 buffer in place instead of through ANTLR's UTF-32 input stream:
// that lexer reaches ~7 MB/s on the CUB module, this one is memory-bound.
//
// Deliberate differences on malformed input only: a byte sequence that is not
// a token is one ERROR_CHAR per UTF-8 sequence (ANTLR rejects invalid UTF-8
// outright), and an unterminated `/*` is one ERROR_CHAR covering `/*`.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_LEXER_H
#define PTXWARP_LIB_PARSE_LEXER_H

#include "Token.h"

#include "llvm/ADT/StringRef.h"

#include <memory>

namespace ptxwarp {
namespace parse {

class Lexer : public antlr4::TokenSource {
public:
  explicit Lexer(llvm::StringRef Buffer)
      : BufStart(Buffer.begin()), Cur(Buffer.begin()), End(Buffer.end()),
        LineStart(Buffer.begin()) {}

  /// Lexes the next token into \p T (EOF at the end, repeatedly).
  void lex(PtxToken &T);

  // antlr4::TokenSource, for generic ANTLR use and the equivalence test.
  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override { return Line; }
  size_t getCharPositionInLine() override { return Cur - LineStart; }
  antlr4::CharStream *getInputStream() override { return nullptr; }
  std::string getSourceName() override { return "<ptx>"; }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override {
    return nullptr;
  }

private:
  void skipTrivia();
  size_t lexDotted(const char *&P);
  size_t lexNumber(const char *&P);

  const char *BufStart;
  const char *Cur;
  const char *End;
  const char *LineStart;
  uint32_t Line = 1;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_LEXER_H
