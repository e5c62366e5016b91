//===- Chunker.cpp - Cuts a module's token stream into chunks -----------===//

#include "Chunker.h"

#include <array>

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace {

bool isLinkage(size_t T) {
  return T == Tok::VISIBLE || T == Tok::EXTERN || T == Tok::WEAK ||
         T == Tok::COMMON;
}
bool isSpace(size_t T) {
  return T == Tok::REG || T == Tok::SREG || T == Tok::LOCAL ||
         T == Tok::SHARED || T == Tok::PARAM || T == Tok::CONST ||
         T == Tok::GLOBAL || T == Tok::TEX;
}
bool isUnaryOp(size_t T) {
  return T == Tok::MINUS || T == Tok::TILDE || T == Tok::BANG || T == Tok::PLUS;
}

/// What the chunker looks at in a token kind, as bits.
enum TokenKindBits : uint8_t {
  MayCut = 1,     ///< cutBefore may end the item before it
  Unary = 2,      ///< counts towards the nesting limit in a run
  Structural = 4, ///< a bracket, `;`, `.entry` or `.func`
};
uint8_t kindOf(size_t T) {
  static const std::array<uint8_t, 256> Kinds = [] {
    std::array<uint8_t, 256> A{};
    for (size_t T : {Tok::VERSION, Tok::TARGET, Tok::ADDRESS_SIZE, Tok::FILE,
                     Tok::ENTRY, Tok::FUNC, Tok::SECTION})
      A[T] |= MayCut;
    for (size_t T = 0; T != A.size(); ++T)
      if (isSpace(T))
        A[T] |= MayCut;
    for (size_t T = 0; T != A.size(); ++T)
      if (isUnaryOp(T))
        A[T] |= Unary;
    for (size_t T :
         {Tok::ENTRY, Tok::FUNC, Tok::LBRACE, Tok::LPAREN, Tok::LBRACK,
          Tok::RPAREN, Tok::RBRACK, Tok::RBRACE, Tok::SEMI})
      A[T] |= Structural;
    return A;
  }();
  return T < Kinds.size() ? Kinds[T] : 0;
}

} // namespace

bool Chunker::next(std::vector<PtxToken> &Out, const PtxToken *&Deep,
                   Part &What, PtxToken &Close) {
  Out.clear();
  Deep = nullptr;
  DeepTok = PtxToken();
  if (Look.Type == antlr4::Token::EOF && !InItem)
    return false;
  // Braces decide where an item ends; all brackets count towards the
  // nesting limit. A stray `)` or `]` must not end a function early.
  if (!InItem) {
    Braces = Nesting = 0;
    InitBrace = SawFunc = false;
    // `.section` starts no other item, and never after linkage words.
    SawSection = Look.Type == Tok::SECTION;
  }
  unsigned UnaryRun = 0;
  bool Closed = false;
  while (Look.Type != antlr4::Token::EOF) {
    size_t T = Look.Type;
    uint8_t K = kindOf(T);
    if ((K & MayCut) && (!Out.empty() || InItem) && cutBefore(T, Nesting, Out))
      break;
    if (T == Tok::DOT_IDENT && sliceSectionHere(Out))
      break;
    // The lookahead into the chunk, numbered, built from its fields: a
    // plain copy loads the lexer's separate stores (Index and Offset) as
    // 16-byte loads right after them, which the store buffer cannot
    // forward, and stalled this thread (perf: half of next()).
    // DisplayLen is 0: only the chunk-ending EOF and Close, which never
    // come back here, have one.
    PtxToken &Cur =
        Out.emplace_back(T, Look.Start, Look.Len, Look.Line, Look.Col);
    Cur.Index = Out.size() - 1;
    Cur.Offset = Look.Offset;
    advance();
    UnaryRun = (K & Unary) ? UnaryRun + 1 : 0;
    if (UnaryRun > MaxDepth && !Deep)
      noteDeep(Cur, Deep);
    // Most tokens (names, numbers, words, commas) change nothing else.
    if (!(K & Structural))
      continue;
    if ((T == Tok::ENTRY || T == Tok::FUNC) && Braces == 0)
      SawFunc = true;
    if (T == Tok::LBRACE || T == Tok::LPAREN || T == Tok::LBRACK) {
      if (++Nesting > MaxDepth && !Deep)
        noteDeep(Cur, Deep);
      if (T == Tok::LBRACE) {
        if (Braces == 0) // `= {` starts an initialiser
          InitBrace = Out.size() > 1 && Out[Out.size() - 2].Type == Tok::EQ;
        ++Braces;
      }
      continue;
    }
    if (T == Tok::RPAREN || T == Tok::RBRACK) {
      if (Nesting)
        --Nesting;
      continue;
    }
    if (T == Tok::RBRACE) {
      if (Nesting)
        --Nesting;
      if (Braces == 0) // a stray `}` is a chunk of its own
        break;
      if (--Braces == 0) {
        if (InitBrace) {
          InitBrace = false;
          continue;
        }
        if (InItem) { // the `}` of a sliced body is not part of the slice
          Close = Out.back();
          Out.pop_back();
          Closed = true;
        }
        break;
      }
      // No slice after a `}` back at body level: it may close a vector
      // operand (`{%r3, %r4};`) rather than a block.
      continue;
    }
    if (T == Tok::SEMI && Braces == 0)
      break;
    if (T == Tok::SEMI && Braces == 1 && sliceHere(Out, Nesting))
      break;
  }
  if (SlicedNow) {
    What = SliceWhat;
    SlicedNow = false;
  } else if (InItem) {
    // A sliced item ends here: closed by its `}`, or not (end of file, or
    // the next item starts); then Close is an EOF token standing there.
    if (!Closed) {
      Close = Look;
      Close.Type = antlr4::Token::EOF;
      Close.Len = 0;
      Close.DisplayLen = Look.Type == antlr4::Token::EOF ? 0 : Look.Len;
    }
    What = Part::Last;
    InItem = false;
  } else {
    What = Part::Whole;
  }
  // The EOF that ends the chunk stands where the next item starts, and
  // reads as that token in messages ("expected '}' before '.visible'").
  PtxToken E = Look;
  E.Type = antlr4::Token::EOF;
  E.DisplayLen = Look.Type == antlr4::Token::EOF ? 0 : Look.Len;
  E.Len = 0;
  if (Look.Type == antlr4::Token::EOF && !Out.empty()) {
    const PtxToken &B = Out.back();
    E.Start = B.Start + B.Len; // "end of file" right after the last token
    E.Line = B.Line;
    E.Col = B.Col + B.Len;
    E.Offset = B.Offset + B.Len;
  }
  E.Index = Out.size();
  Out.push_back(E);
  return true;
}

bool Chunker::cutBefore(size_t T, unsigned Depth, std::vector<PtxToken> &Out) {
  // Depth: open brackets of any kind.
  if (T == Tok::VERSION || T == Tok::TARGET || T == Tok::ADDRESS_SIZE)
    return true;
  if (T == Tok::FILE && Depth == 0)
    return true;
  if (T == Tok::ENTRY || T == Tok::FUNC) {
    // Give trailing linkage words back: they belong to the next item.
    size_t N = Out.size();
    while (N > 0 && isLinkage(Out[N - 1].Type))
      --N;
    if (N == 0 && !InItem)
      return false;
    pushBack(Out, N);
    return true;
  }
  if (Depth == 0 && (isSpace(T) || T == Tok::SECTION)) {
    size_t N = Out.size();
    while (N > 0 && isLinkage(Out[N - 1].Type))
      --N;
    if (N == 0)
      return false;
    pushBack(Out, N);
    return true;
  }
  return false;
}

void Chunker::pushBack(std::vector<PtxToken> &Out, size_t N) {
  if (N == Out.size())
    return;
  Pending.push_front(Look);
  for (size_t I = Out.size(); I-- > N + 1;)
    Pending.push_front(Out[I]);
  Look = Out[N];
  Out.resize(N);
}

} // namespace parse
} // namespace ptxwarp
