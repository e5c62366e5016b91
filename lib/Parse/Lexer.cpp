//===- Lexer.cpp - The hand-written PTX lexer
//------------------------------===//
//
// Mirrors grammar/PTXLexer.g4 rule by rule; ANTLR's longest-match rule (and
// first-listed rule on a tie) is reproduced by hand where alternatives
// overlap (numbers, dotted keywords).
//
//===----------------------------------------------------------------------===//

#include "Lexer.h"

#include "llvm/ADT/StringSwitch.h"

#include <cstring>

namespace ptxwarp {
namespace parse {

namespace {
/// A class of characters as a 256-entry table: one load per character
/// (identifiers and dotted words are most of a module's bytes).
struct CharClass {
  bool Is[256] = {};
  template <typename Pred> constexpr explicit CharClass(Pred P) {
    for (int C = 0; C != 256; ++C)
      Is[C] = P(C);
  }
  bool operator()(char C) const { return Is[static_cast<unsigned char>(C)]; }
};
/// FOLLOWSYM: [a-zA-Z0-9_$].
constexpr CharClass FollowSym([](int C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
});
/// The characters skipTrivia looks at: whitespace and a comment's '/'.
constexpr CharClass MayStartTrivia([](int C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v' ||
         C == '\n' || C == '/';
});
/// Whitespace within a line.
constexpr CharClass IsBlank([](int C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v';
});
} // namespace

static inline bool isFollowSym(unsigned char C) { return FollowSym(char(C)); }
static inline bool isDigit(unsigned char C) { return C >= '0' && C <= '9'; }
static inline bool isHex(unsigned char C) {
  return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F');
}

void Lexer::skipTrivia() {
  while (Cur < End) {
    char C = *Cur;
    if (!MayStartTrivia(C))
      return;
    if (IsBlank(C)) {
      ++Cur;
    } else if (C == '\n') {
      ++Cur;
      ++Line;
      LineStart = Cur;
    } else if (C == '/' && Cur + 1 < End && Cur[1] == '/') {
      const void *NL = std::memchr(Cur, '\n', End - Cur);
      Cur = NL ? static_cast<const char *>(NL) : End;
    } else if (C == '/' && Cur + 1 < End && Cur[1] == '*') {
      const char *P = Cur + 2;
      const char *Close = nullptr;
      while (P + 1 < End) {
        if (P[0] == '*' && P[1] == '/') {
          Close = P;
          break;
        }
        ++P;
      }
      if (!Close)
        return; // unterminated: lex() makes it an ERROR_CHAR
      for (const char *Q = Cur; Q < Close; ++Q)
        if (*Q == '\n') {
          ++Line;
          LineStart = Q + 1;
        }
      Cur = Close + 2;
    } else {
      return;
    }
  }
}

/// `.word` (+ `::word` scopes) at P (which is at the dot). Returns the kind
/// and advances P.
size_t Lexer::lexDotted(const char *&P) {
  const char *Start = P;
  ++P;
  while (P < End && isFollowSym(*P))
    ++P;
  const char *BaseEnd = P;
  // SCOPE: ('::' FOLLOWSYM+)+
  while (P + 2 < End && P[0] == ':' && P[1] == ':' && isFollowSym(P[2])) {
    P += 2;
    while (P < End && isFollowSym(*P))
      ++P;
  }
  bool Scoped = P != BaseEnd;
  llvm::StringRef Base(Start, BaseEnd - Start);
  // State-space keywords take a scope (`.shared::cta`); the others only match
  // exactly, else DOT_IDENT is longer and wins.
  size_t Space = llvm::StringSwitch<size_t>(Base)
                     .Case(".reg", Tok::REG)
                     .Case(".sreg", Tok::SREG)
                     .Case(".local", Tok::LOCAL)
                     .Case(".shared", Tok::SHARED)
                     .Case(".param", Tok::PARAM)
                     .Case(".const", Tok::CONST)
                     .Case(".global", Tok::GLOBAL)
                     .Case(".tex", Tok::TEX)
                     .Default(0);
  if (Space)
    return Space;
  if (Scoped)
    return Tok::DOT_IDENT;
  return llvm::StringSwitch<size_t>(Base)
      .Case(".version", Tok::VERSION)
      .Case(".target", Tok::TARGET)
      .Case(".address_size", Tok::ADDRESS_SIZE)
      .Case(".file", Tok::FILE)
      .Case(".loc", Tok::LOC)
      .Case(".pragma", Tok::PRAGMA)
      .Case(".section", Tok::SECTION)
      .Case(".entry", Tok::ENTRY)
      .Case(".func", Tok::FUNC)
      .Case(".visible", Tok::VISIBLE)
      .Case(".extern", Tok::EXTERN)
      .Case(".weak", Tok::WEAK)
      .Case(".common", Tok::COMMON)
      .Case(".align", Tok::ALIGN)
      .Case(".ptr", Tok::PTR)
      .Case(".callprototype", Tok::CALLPROTOTYPE)
      .Case(".branchtargets", Tok::BRANCHTARGETS)
      .Case(".calltargets", Tok::CALLTARGETS)
      .Default(Tok::DOT_IDENT);
}

/// FLOAT or INT at P (a digit). Longest match over the alternatives of both
/// rules; INT wins a tie (it cannot tie with FLOAT in practice).
size_t Lexer::lexNumber(const char *&P) {
  const char *S = P;
  auto Avail = [&](size_t N) { return static_cast<size_t>(End - S) >= N; };
  if (S[0] == '0' && Avail(2)) {
    char C = S[1];
    if (C == 'f' || C == 'F' || C == 'd' || C == 'D') {
      size_t N = (C == 'f' || C == 'F') ? 8 : 16;
      if (Avail(2 + N)) {
        bool Ok = true;
        for (size_t I = 0; I < N && Ok; ++I)
          Ok = isHex(S[2 + I]);
        if (Ok) {
          P = S + 2 + N;
          return Tok::FLOAT;
        }
      }
    } else if ((C == 'x' || C == 'X') && Avail(3) && isHex(S[2])) {
      P = S + 2;
      while (P < End && isHex(*P))
        ++P;
      if (P < End && *P == 'U')
        ++P;
      return Tok::INT;
    } else if ((C == 'b' || C == 'B') && Avail(3) &&
               (S[2] == '0' || S[2] == '1')) {
      P = S + 2;
      while (P < End && (*P == '0' || *P == '1'))
        ++P;
      // DIGIT+ could be longer only if the binary run stopped at a digit,
      // but DIGIT+ stops at the 'b' already.
      if (P < End && *P == 'U')
        ++P;
      return Tok::INT;
    }
  }
  const char *Q = S;
  while (Q < End && isDigit(*Q))
    ++Q;
  // EXPONENT? at E: returns the end of the exponent or null.
  auto Exponent = [&](const char *E) -> const char * {
    if (E >= End || (*E != 'e' && *E != 'E'))
      return nullptr;
    ++E;
    if (E < End && (*E == '+' || *E == '-'))
      ++E;
    if (E >= End || !isDigit(*E))
      return nullptr;
    while (E < End && isDigit(*E))
      ++E;
    return E;
  };
  if (Q < End && *Q == '.') {
    const char *F = Q + 1;
    while (F < End && isDigit(*F))
      ++F;
    if (const char *E = Exponent(F))
      F = E;
    P = F;
    return Tok::FLOAT;
  }
  if (const char *E = Exponent(Q)) {
    P = E;
    return Tok::FLOAT;
  }
  if (Q < End && *Q == 'U')
    ++Q;
  P = Q;
  return Tok::INT;
}

void Lexer::lex(PtxToken &T) {
  if (Cur < End && MayStartTrivia(*Cur))
    skipTrivia();
  T.Index = 0;
  T.DisplayLen = 0;
  T.Line = Line;
  T.Col = static_cast<uint32_t>(Cur - LineStart);
  T.Start = Cur;
  T.Offset = static_cast<size_t>(Cur - BufStart);
  if (Cur >= End) {
    T.Type = antlr4::Token::EOF;
    T.Len = 0;
    return;
  }
  const char *P = Cur;
  unsigned char C = static_cast<unsigned char>(*P);
  size_t K;
  auto Two = [&](char Next, size_t IfTwo, size_t IfOne) {
    if (P + 1 < End && P[1] == Next) {
      P += 2;
      return IfTwo;
    }
    ++P;
    return IfOne;
  };
  switch (C) {
  case '.':
    if (P + 1 < End && isFollowSym(P[1]))
      K = lexDotted(P);
    else {
      ++P;
      K = Tok::ERROR_CHAR;
    }
    break;
  case '0':
  case '1':
  case '2':
  case '3':
  case '4':
  case '5':
  case '6':
  case '7':
  case '8':
  case '9':
    K = lexNumber(P);
    break;
  case '_':
  case '$':
  case '%':
    if (P + 1 < End && isFollowSym(P[1])) {
      P += 2;
      while (P < End && isFollowSym(*P))
        ++P;
      K = Tok::IDENT;
    } else {
      ++P;
      K = C == '_' ? Tok::UNDERSCORE
                   : (C == '%' ? Tok::PERCENT : Tok::ERROR_CHAR);
    }
    break;
  case '"': {
    const char *Q = P + 1;
    bool Closed = false;
    while (Q < End) {
      char D = *Q;
      if (D == '"') {
        Closed = true;
        ++Q;
        break;
      }
      if (D == '\n' || D == '\r')
        break;
      if (D == '\\') {
        if (Q + 1 >= End || Q[1] == '\n' || Q[1] == '\r')
          break;
        Q += 2;
        continue;
      }
      ++Q;
    }
    if (Closed) {
      P = Q;
      K = Tok::STRING;
    } else {
      ++P;
      K = Tok::ERROR_CHAR;
    }
    break;
  }
  case '/':
    if (P + 1 < End && P[1] == '*') { // unterminated comment (skipTrivia)
      P += 2;
      K = Tok::ERROR_CHAR;
    } else {
      ++P;
      K = Tok::SLASH;
    }
    break;
  case '{':
    ++P;
    K = Tok::LBRACE;
    break;
  case '}':
    ++P;
    K = Tok::RBRACE;
    break;
  case '(':
    ++P;
    K = Tok::LPAREN;
    break;
  case ')':
    ++P;
    K = Tok::RPAREN;
    break;
  case '[':
    ++P;
    K = Tok::LBRACK;
    break;
  case ']':
    ++P;
    K = Tok::RBRACK;
    break;
  case ',':
    ++P;
    K = Tok::COMMA;
    break;
  case ';':
    ++P;
    K = Tok::SEMI;
    break;
  case ':':
    ++P;
    K = Tok::COLON;
    break;
  case '@':
    ++P;
    K = Tok::AT;
    break;
  case '+':
    ++P;
    K = Tok::PLUS;
    break;
  case '-':
    ++P;
    K = Tok::MINUS;
    break;
  case '*':
    ++P;
    K = Tok::STAR;
    break;
  case '~':
    ++P;
    K = Tok::TILDE;
    break;
  case '^':
    ++P;
    K = Tok::CARET;
    break;
  case '?':
    ++P;
    K = Tok::QUESTION;
    break;
  case '=':
    K = Two('=', Tok::EQEQ, Tok::EQ);
    break;
  case '!':
    K = Two('=', Tok::NE, Tok::BANG);
    break;
  case '&':
    K = Two('&', Tok::ANDAND, Tok::AMP);
    break;
  case '|':
    K = Two('|', Tok::OROR, Tok::PIPE);
    break;
  case '<':
    if (P + 1 < End && P[1] == '=')
      K = Two('=', Tok::LE, Tok::LT);
    else
      K = Two('<', Tok::SHL, Tok::LT);
    break;
  case '>':
    if (P + 1 < End && P[1] == '=')
      K = Two('=', Tok::GE, Tok::GT);
    else
      K = Two('>', Tok::SHR, Tok::GT);
    break;
  default:
    if ((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z')) {
      ++P;
      while (P < End && isFollowSym(*P))
        ++P;
      K = Tok::IDENT;
    } else {
      // One ERROR_CHAR per UTF-8 sequence (lead byte + continuation bytes).
      ++P;
      if (C >= 0x80)
        while (P < End && (static_cast<unsigned char>(*P) & 0xC0) == 0x80)
          ++P;
      K = Tok::ERROR_CHAR;
    }
    break;
  }
  T.Type = K;
  T.Len = static_cast<uint32_t>(P - Cur);
  Cur = P;
}

std::unique_ptr<antlr4::Token> Lexer::nextToken() {
  auto T = std::make_unique<PtxToken>();
  lex(*T);
  return T;
}

} // namespace parse
} // namespace ptxwarp
