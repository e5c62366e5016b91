//===- Parser.cpp - Chunked, two-stage parsing of a PTX module ------------===//
//
// The module is cut into top-level chunks (a function, a declaration, a
// directive) by a token-level scanner, so each chunk has its own short token
// stream and parse tree and memory stays bounded however large the file is.
// Each chunk is parsed with SLL prediction and a bail-out error strategy
// first (fast; almost every real chunk succeeds); only when that fails is it
// re-parsed with full LL prediction and the reporting, recovering strategy,
// which produces the located syntax errors (the "two-stage" strategy
// recommended for ANTLR 4).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Parse/Parser.h"

#include "ASTBuilder.h"
#include "Lexer.h"
#include "SyntaxErrors.h"
#include "Token.h"

#include "PTXParser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <deque>
#include <mutex>

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

/// Cuts the token stream into top-level chunks.
class Chunker {
public:
  Chunker(StringRef Buf, unsigned MaxDepth)
      : L(Buf), BufEnd(Buf.end()), MaxDepth(MaxDepth) {
    advance();
  }

  /// Fills \p Out with the next chunk's tokens plus a final EOF. Returns
  /// false at the end of the input. \p Deep is set to the token where the
  /// nesting limit was exceeded, if it was.
  bool next(std::vector<PtxToken> &Out, const PtxToken *&Deep) {
    Out.clear();
    Deep = nullptr;
    DeepTok = PtxToken();
    if (Look.Type == antlr4::Token::EOF)
      return false;
    // Braces decide where an item ends; all brackets count towards the
    // nesting limit. A stray `)` or `]` must not end a function early.
    unsigned Braces = 0, Nesting = 0, UnaryRun = 0;
    bool InitBrace = false;
    while (Look.Type != antlr4::Token::EOF) {
      size_t T = Look.Type;
      if (!Out.empty() && cutBefore(T, Nesting, Out))
        break;
      PtxToken Cur = Look;
      advance();
      size_t Prev = Out.empty() ? 0 : Out.back().Type;
      Out.push_back(Cur);
      UnaryRun = isUnaryOp(T) ? UnaryRun + 1 : 0;
      if (UnaryRun > MaxDepth && !Deep)
        noteDeep(Cur, Deep);
      if (T == Tok::LBRACE || T == Tok::LPAREN || T == Tok::LBRACK) {
        if (++Nesting > MaxDepth && !Deep)
          noteDeep(Cur, Deep);
        if (T == Tok::LBRACE) {
          if (Braces == 0)
            InitBrace = Prev == Tok::EQ;
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
          if (!InitBrace)
            break;
          InitBrace = false;
        }
        continue;
      }
      if (T == Tok::SEMI && Braces == 0)
        break;
    }
    // The EOF that ends the chunk stands where the next item starts, and
    // reads as that token in messages ("expected '}' before '.visible'").
    PtxToken E = Look;
    E.Type = antlr4::Token::EOF;
    E.Display = Look.Type == antlr4::Token::EOF ? StringRef() : Look.text();
    E.Len = 0;
    if (Look.Type == antlr4::Token::EOF && !Out.empty()) {
      const PtxToken &B = Out.back();
      E.Start = B.Start + B.Len; // "end of file" right after the last token
      E.Line = B.Line;
      E.Col = B.Col + B.Len;
      E.Offset = B.Offset + B.Len;
    }
    Out.push_back(E);
    for (size_t I = 0; I < Out.size(); ++I)
      Out[I].Index = I;
    return true;
  }

  uint64_t tokens() const { return NumTokens; }

private:
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
  bool cutBefore(size_t T, unsigned Depth, std::vector<PtxToken> &Out) {
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
      if (N == 0)
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

  /// Moves Out[N..] back in front of the lookahead.
  void pushBack(std::vector<PtxToken> &Out, size_t N) {
    if (N == Out.size())
      return;
    Pending.push_front(Look);
    for (size_t I = Out.size(); I-- > N + 1;)
      Pending.push_front(Out[I]);
    Look = Out[N];
    Out.resize(N);
  }

  Lexer L;
  const char *BufEnd;
  unsigned MaxDepth;
  PtxToken Look;
  std::deque<PtxToken> Pending;
  PtxToken DeepTok;
  uint64_t NumTokens = 0;
};

/// ANTLR 4.9 guards its shared DFA with internal locks, but the full-context
/// (LL) stage also goes through the grammar-wide PredictionContextCache; that
/// stage is rare (only chunks with syntax errors), so it is serialised.
std::mutex &llStageMutex() {
  static std::mutex M;
  return M;
}

class Driver {
public:
  Driver(DiagnosticEngine &Diags, const ParseOptions &Opts)
      : Diags(Diags), Opts(Opts), Stream(Toks), Parser(&Stream),
        Reporter(
            std::make_shared<ReportingErrorStrategy>(Diags, Opts.MaxErrors)),
        Bail(std::make_shared<antlr4::BailErrorStrategy>()) {
    Parser.removeErrorListeners();
  }

  ParseStats run(StringRef Buf, ast::ASTContext &Ctx, bool ResetPerItem,
                 function_ref<void(const ast::Stmt &)> CB) {
    ParseStats St;
    St.Bytes = Buf.size();
    Chunker Ch(Buf, Opts.MaxNestingDepth);
    const PtxToken *Deep;
    unsigned Errors = 0;
    while (Ch.next(Toks, Deep)) {
      if (Opts.MaxErrors && Errors >= Opts.MaxErrors)
        break;
      if (Deep) {
        ++Errors;
        Diags.report(DiagID::SyntaxError, Deep->range())
            << "nesting too deep: more than " << Opts.MaxNestingDepth
            << " levels of braces, brackets, parentheses or unary operators";
        continue;
      }
      ptxwarp_antlr::PTXParser::ChunkContext *Tree = parseChunk(St, Errors);
      if (!Tree)
        continue;
      bool Ok = buildChunkAST(Tree, Ctx, Diags, [&](const ast::Stmt *S) {
        ++St.Items;
        CB(*S);
        if (ResetPerItem)
          Ctx.reset();
      });
      if (!Ok)
        ++Errors;
    }
    St.Tokens = Ch.tokens();
    St.SyntaxErrors = Errors;
    // Free the last chunk's parse tree now rather than with the parser.
    Toks.clear();
    Toks.push_back(PtxToken());
    Parser.reset();
    return St;
  }

private:
  /// Two-stage parse of the chunk in Toks. Null when it has syntax errors
  /// (they have been reported).
  ptxwarp_antlr::PTXParser::ChunkContext *parseChunk(ParseStats &St,
                                                     unsigned &Errors) {
    // setTokenStream resets the parser (freeing the last tree) but does not
    // rewind the stream it is given.
    Stream.seek(0);
    Parser.setTokenStream(&Stream);
    Parser.setErrorHandler(Bail);
    auto *Sim = Parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    try {
      return Parser.chunk();
    } catch (antlr4::ParseCancellationException &) {
    } catch (antlr4::RecognitionException &) {
    }
    ++St.LLFallbacks;
    std::lock_guard<std::mutex> Lock(llStageMutex());
    Stream.seek(0);
    Parser.setTokenStream(&Stream);
    Parser.setErrorHandler(Reporter);
    Sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
    Reporter->resetCount();
    ptxwarp_antlr::PTXParser::ChunkContext *Tree = nullptr;
    try {
      Tree = Parser.chunk();
    } catch (antlr4::RecognitionException &) {
      Tree = nullptr;
    }
    unsigned N = Reporter->errorCount();
    if (N == 0 && Tree)
      return Tree; // LL succeeded where SLL gave up
    std::vector<SyntaxIssue> &Issues = Reporter->pending();
    if (Tree)
      operandShapeErrors(Tree, Issues);
    // In source order, whichever pass found them.
    std::stable_sort(Issues.begin(), Issues.end(),
                     [](const SyntaxIssue &A, const SyntaxIssue &B) {
                       return A.Range.Start.getPointer() <
                              B.Range.Start.getPointer();
                     });
    unsigned Shown = 0;
    for (const SyntaxIssue &I : Issues) {
      if (Opts.MaxErrors && Errors + Shown >= Opts.MaxErrors)
        break;
      Diags.report(DiagID::SyntaxError, I.Range) << I.Message;
      ++Shown;
    }
    N = std::max<unsigned>(N, Shown);
    if (N == 0) {
      // Defensive: a failure that produced no message still gets one.
      const PtxToken &T = Toks.front();
      Diags.report(DiagID::SyntaxError, T.range())
          << "syntax error in this declaration";
      N = 1;
    }
    Errors += N;
    return nullptr;
  }

  DiagnosticEngine &Diags;
  const ParseOptions &Opts;
  std::vector<PtxToken> Toks{PtxToken()};
  ChunkTokenStream Stream;
  ptxwarp_antlr::PTXParser Parser;
  std::shared_ptr<ReportingErrorStrategy> Reporter;
  std::shared_ptr<antlr4::BailErrorStrategy> Bail;
};

} // namespace
} // namespace parse

ParseStats parseStreaming(const SourceMgr &SM, unsigned BufferID,
                          DiagnosticEngine &Diags, ItemCallback CB,
                          const ParseOptions &Opts) {
  ast::ASTContext Ctx;
  parse::Driver D(Diags, Opts);
  return D.run(SM.getMemoryBuffer(BufferID)->getBuffer(), Ctx,
               /*ResetPerItem=*/true, CB);
}

std::unique_ptr<ast::Module> parseModule(std::shared_ptr<SourceMgr> SM,
                                         unsigned BufferID,
                                         DiagnosticEngine &Diags,
                                         const ParseOptions &Opts,
                                         ParseStats *Stats) {
  auto M = std::make_unique<ast::Module>(SM, BufferID);
  parse::Driver D(Diags, Opts);
  ParseStats St = D.run(SM->getMemoryBuffer(BufferID)->getBuffer(),
                        M->context(), /*ResetPerItem=*/false,
                        [&](const ast::Stmt &S) { M->addItem(&S); });
  if (Stats)
    *Stats = St;
  return M;
}

std::unique_ptr<ast::Module> parseBuffer(StringRef Text, StringRef BufferName,
                                         DiagnosticEngine &Diags,
                                         const ParseOptions &Opts) {
  auto SM = std::make_shared<SourceMgr>();
  unsigned ID = SM->AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Text, BufferName), SMLoc());
  if (!Diags.sourceMgr())
    Diags.setSourceMgr(SM.get());
  return parseModule(SM, ID, Diags, Opts);
}

Expected<unsigned> addSourceFile(SourceMgr &SM, StringRef Path,
                                 StringRef BufferName) {
  if (Path != "-" && sys::fs::is_directory(Path))
    return createStringError(std::errc::is_a_directory,
                             "cannot read '%s': is a directory",
                             Path.str().c_str());
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read '%s': %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
  std::unique_ptr<MemoryBuffer> B = std::move(*Buf);
  StringRef Name = !BufferName.empty() ? BufferName
                   : Path == "-"       ? StringRef("<stdin>")
                                       : Path;
  if (B->getBufferIdentifier() != Name)
    B = MemoryBuffer::getMemBufferCopy(B->getBuffer(), Name);
  return SM.AddNewSourceBuffer(std::move(B), SMLoc());
}

Expected<std::unique_ptr<ast::Module>> parseFile(StringRef Path,
                                                 std::shared_ptr<SourceMgr> SM,
                                                 DiagnosticEngine &Diags,
                                                 const ParseOptions &Opts) {
  Expected<unsigned> ID = addSourceFile(*SM, Path);
  if (!ID)
    return ID.takeError();
  return parseModule(SM, *ID, Diags, Opts);
}

} // namespace ptxwarp
