//===- Chunker.h - Cuts a module's token stream into chunks -----*- C++ -*-===//
//
// Internal to lib/Parse. The parsing driver (Parser.cpp) lexes the module
// once, on one thread, and cuts the tokens into top-level chunks (a
// function, a declaration, a directive), and a large function body into
// slices at statement boundaries, which the parsing threads then parse on
// their own; a large `.section` body likewise, before a data line that
// follows a number or a `;` (DWARF sections of nvcc -G hold millions of
// tokens). Braces decide where an item ends; every kind of bracket, and
// runs of unary operators, count towards the nesting limit.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_CHUNKER_H
#define PTXWARP_LIB_PARSE_CHUNKER_H

#include "Lexer.h"
#include "Token.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace ptxwarp {
namespace parse {

/// Cuts the token stream into top-level chunks.
class Chunker {
public:
  Chunker(llvm::StringRef Buf, unsigned MaxDepth, unsigned SliceTokens)
      : L(Buf), MaxDepth(MaxDepth),
        SliceTokens(SliceTokens ? SliceTokens : ~0u) {
    advance();
  }

  /// What a chunk is: a whole top-level item, or the head (header, `{` and
  /// the first statements), a middle slice or the last slice (up to but not
  /// including the closing `}`) of a large function.
  enum class Part { Whole, Head, Middle, Last };

  /// Fills \p Out with the next chunk's tokens plus a final EOF. Returns
  /// false at the end of the input. \p Deep is set to the token where the
  /// nesting limit was exceeded, if it was. For Part::Last, \p Close is the
  /// body's closing `}`, or an EOF token when it is missing.
  bool next(std::vector<PtxToken> &Out, const PtxToken *&Deep, Part &What,
            PtxToken &Close);

  uint64_t tokens() const { return NumTokens; }

  /// Whether the last chunk was part of a `.section` (a sliced one's parts
  /// are its items, not statements).
  bool inSection() const { return SawSection; }

private:
  /// At a statement boundary directly inside a function body: cut a slice
  /// once the current chunk is long enough.
  bool sliceHere(std::vector<PtxToken> &Out, unsigned Nesting) {
    if (Nesting != 1 || InitBrace || !SawFunc || Out.size() < SliceTokens)
      return false;
    return cutSlice();
  }

  /// Before a directive (DOT_IDENT) directly inside a `.section` body: cut
  /// a slice once the current chunk is long enough and the directive surely
  /// starts a data line (rule sectionItem): after a number or a `;` it
  /// cannot continue the line before it, whose values are separated by
  /// commas.
  bool sliceSectionHere(const std::vector<PtxToken> &Out) {
    if (!SawSection || Nesting != 1 || Braces != 1 || Out.size() < SliceTokens)
      return false;
    size_t Prev = Out.back().Type;
    if (Prev != Tok::INT && Prev != Tok::SEMI)
      return false;
    return cutSlice();
  }

  /// Ends the current chunk as a slice of the item (its head, or a middle
  /// one); the item goes on in the next.
  bool cutSlice() {
    SliceWhat = InItem ? Part::Middle : Part::Head;
    InItem = true;
    SlicedNow = true;
    return true;
  }

  void advance() {
    if (!Pending.empty()) {
      Look = Pending.front();
      Pending.pop_front();
      return;
    }
    L.lex(Look);
    ++NumTokens;
  }

  void noteDeep(const PtxToken &T, const PtxToken *&Deep) {
    DeepTok = T;
    Deep = &DeepTok;
  }

  /// Whether the item in \p Out is over before a token of kind \p T. Needed
  /// for directives without a terminator (`.version 7.0`), and to recover
  /// from a body that lacks its `}`: `.entry`/`.func` never occur inside one.
  bool cutBefore(size_t T, unsigned Depth, std::vector<PtxToken> &Out);

  /// Moves Out[N..] back in front of the lookahead.
  void pushBack(std::vector<PtxToken> &Out, size_t N);

  Lexer L;
  unsigned MaxDepth;
  unsigned SliceTokens;
  // Item state, kept across the slices of a large function.
  bool InItem = false, InitBrace = false, SawFunc = false, SlicedNow = false;
  bool SawSection = false;
  unsigned Braces = 0, Nesting = 0;

public:
  Part SliceWhat = Part::Whole; ///< what the last sliced chunk was

private:
  PtxToken Look;
  std::deque<PtxToken> Pending;
  PtxToken DeepTok;
  uint64_t NumTokens = 0;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_CHUNKER_H
