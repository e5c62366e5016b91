//===- MemoParser.cpp - Chunks parsed statement by statement, memoised ----===//

#include "MemoParser.h"

#include "ASTBuilder.h"

using namespace llvm;
using P = ptxwarp_antlr::PTXParser;

namespace ptxwarp {
namespace parse {
namespace {

constexpr size_t NoEnd = ~size_t(0);

bool isLinkageToken(size_t T) {
  return T == Tok::VISIBLE || T == Tok::EXTERN || T == Tok::WEAK ||
         T == Tok::COMMON;
}

/// Where the statement starting at \p I ends (inclusive), as the grammar's
/// `statement` rule would end it; NoEnd when it does not end before \p End.
/// Only a proposal: a statement is keyed by these bounds, and its template
/// is kept only if ANTLR ended it at the same token.
size_t statementEnd(const std::vector<PtxToken> &Toks, size_t I, size_t End) {
  size_t T = Toks[I].Type;
  if (T == Tok::IDENT && I + 1 < End && Toks[I + 1].Type == Tok::COLON) {
    size_t A = Toks[I + 2].Type;
    if (A != Tok::CALLPROTOTYPE && A != Tok::BRANCHTARGETS &&
        A != Tok::CALLTARGETS)
      return I + 1; // a label
  }
  if (T == Tok::LOC) { // LOC INT INT INT (COMMA locAttr)*, no `;`
    size_t J = I + 4;
    while (J < End && Toks[J].Type == Tok::COMMA) {
      if (++J < End && Toks[J].Type == Tok::IDENT) {
        if (++J < End && Toks[J].Type == Tok::IDENT) {
          if (++J < End && Toks[J].Type == Tok::PLUS)
            J += 2;
        } else {
          J += 3;
        }
      }
    }
    return J <= End ? J - 1 : NoEnd;
  }
  unsigned Depth = 0;
  for (size_t J = I; J < End; ++J) {
    switch (Toks[J].Type) {
    case Tok::LBRACE:
    case Tok::LPAREN:
    case Tok::LBRACK:
      ++Depth;
      break;
    case Tok::RBRACE:
    case Tok::RPAREN:
    case Tok::RBRACK:
      if (Depth == 0)
        return NoEnd;
      --Depth;
      break;
    case Tok::SEMI:
      if (Depth == 0)
        return J;
      break;
    default:
      break;
    }
  }
  return NoEnd;
}

/// Where the `.section` item starting at \p I ends (inclusive), as rule
/// sectionItem would end it: `label:`, or `.bN` with values up to the next
/// item (a `.debug_*` name right after `.bN` is left to ANTLR: it may be a
/// value or the next item). NoEnd when unsure. Only a proposal, as above.
size_t sectionItemEnd(const std::vector<PtxToken> &Toks, size_t I, size_t End) {
  auto StartsItem = [&](size_t J) {
    size_t T = Toks[J].Type;
    return T == Tok::DOT_IDENT || T == Tok::RBRACE ||
           (T == Tok::IDENT && J + 1 < End && Toks[J + 1].Type == Tok::COLON);
  };
  size_t T = Toks[I].Type;
  if (T == Tok::IDENT && I + 1 < End && Toks[I + 1].Type == Tok::COLON)
    return I + 1;
  if (T != Tok::DOT_IDENT)
    return NoEnd;
  size_t J = I + 1;
  if (J < End && Toks[J].Type == Tok::DOT_IDENT)
    return NoEnd;
  while (J < End && !StartsItem(J) && Toks[J].Type != Tok::SEMI) {
    // `, .debug_loc` and `+ ...` continue the values.
    size_t K = J + 1;
    if ((Toks[J].Type == Tok::COMMA || Toks[J].Type == Tok::PLUS) && K < End &&
        Toks[K].Type == Tok::DOT_IDENT)
      J = K;
    ++J;
  }
  if (J < End && Toks[J].Type == Tok::SEMI)
    return J;
  return J <= End ? J - 1 : NoEnd;
}

} // namespace

ShapeCache &threadShapeCache(size_t MaxBytes) {
  static thread_local ShapeCache C(MaxBytes);
  if (C.maxBytes() != MaxBytes) {
    if (C.bytes() > MaxBytes)
      C.clear();
    C.setMaxBytes(MaxBytes);
  }
  return C;
}

void MemoParser::restart(std::vector<PtxToken> &Toks) {
  // setTokenStream resets the parser (freeing the last tree); it does not
  // rewind the stream.
  Stream.setTokens(&Toks);
  Parser.setTokenStream(&Stream);
  Parser.setErrorHandler(Bail);
  Parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
}

P::StatementContext *MemoParser::parseStatement(std::vector<PtxToken> &Toks,
                                                size_t At) {
  restart(Toks);
  Stream.seek(At);
  Stream.HighWater = At;
  try {
    return Parser.statement();
  } catch (antlr4::ParseCancellationException &) {
  } catch (antlr4::RecognitionException &) {
  }
  return nullptr;
}

bool MemoParser::body(std::vector<PtxToken> &Toks, size_t Begin, size_t End,
                      ast::ASTContext &Ctx,
                      std::vector<const ast::Stmt *> &Out) {
  // Statements of the enclosing blocks, innermost last; Levels[0] is Out.
  SmallVector<size_t, 8> Braces;
  SmallVector<std::vector<const ast::Stmt *>, 8> Levels(1);
  std::vector<SyntaxIssue> Issues;
  size_t I = Begin;
  while (I < End) {
    size_t T = Toks[I].Type;
    if (T == Tok::LBRACE) { // rule block: LBRACE statement* RBRACE
      Braces.push_back(I);
      Levels.emplace_back();
      ++I;
      continue;
    }
    if (T == Tok::RBRACE) {
      if (Braces.empty())
        return false;
      SMRange R(Toks[Braces.back()].loc(),
                SMLoc::getFromPointer(Toks[I].Start + Toks[I].Len));
      const ast::Stmt *B = Ctx.create<ast::BlockStmt>(
          R, Ctx.copy(ArrayRef<const ast::Stmt *>(Levels.back())));
      Braces.pop_back();
      Levels.pop_back();
      Levels.back().push_back(B);
      ++I;
      continue;
    }
    size_t E = statementEnd(Toks, I, End);
    bool Keyed = E != NoEnd && shapeKey(ArrayRef<PtxToken>(&Toks[I], E - I + 1),
                                        Toks[E + 1], /*InSection=*/false, Key);
    if (Keyed) {
      if (const ShapeTemplate *Tpl =
              Cache->find(StringRef(Key.data(), Key.size()))) {
        const ast::Stmt *S =
            replayShape(*Tpl, ArrayRef<PtxToken>(&Toks[I], E - I + 1), Ctx);
        if (!S)
          return false;
        ++ChunkHits;
        Levels.back().push_back(S);
        I = E + 1;
        continue;
      }
    }
    P::StatementContext *C = parseStatement(Toks, I);
    if (!C || !C->getStop())
      return false;
    size_t Stop = static_cast<const PtxToken *>(C->getStop())->Index;
    if (Stop < I || Stop >= End)
      return false;
    const ast::Stmt *S = buildStatementAST(C, Ctx, Issues);
    if (!S || !Issues.empty())
      return false;
    ++ChunkMisses;
    if (Keyed && Stop == E && Stream.HighWater <= E + 1 &&
        recordShape(ArrayRef<PtxToken>(&Toks[I], E - I + 1), *S, Scratch))
      Cache->insert(StringRef(Key.data(), Key.size()), std::move(Scratch));
    Levels.back().push_back(S);
    I = Stop + 1;
  }
  if (!Braces.empty())
    return false;
  Out.insert(Out.end(), Levels[0].begin(), Levels[0].end());
  return true;
}

bool MemoParser::function(std::vector<PtxToken> &Toks, ast::ASTContext &Ctx,
                          std::vector<const ast::Stmt *> &Items) {
  size_t N = Toks.size();
  size_t K = 0;
  while (K < N && isLinkageToken(Toks[K].Type))
    ++K;
  if (K >= N || (Toks[K].Type != Tok::ENTRY && Toks[K].Type != Tok::FUNC))
    return false;
  // The body's `{`: the first one outside the parameter lists.
  size_t Open = NoEnd;
  unsigned Depth = 0;
  for (size_t I = K; I < N && Open == NoEnd; ++I) {
    switch (Toks[I].Type) {
    case Tok::LPAREN:
    case Tok::LBRACK:
      ++Depth;
      break;
    case Tok::RPAREN:
    case Tok::RBRACK:
      if (Depth == 0)
        return false;
      --Depth;
      break;
    case Tok::LBRACE:
      if (Depth == 0)
        Open = I;
      break;
    case Tok::SEMI:
      if (Depth == 0)
        return false; // a prototype
      break;
    default:
      break;
    }
  }
  size_t Close = N - 2;
  if (Open == NoEnd || N < 3 || Close <= Open ||
      Toks[Close].Type != Tok::RBRACE || Toks[N - 1].Type != antlr4::Token::EOF)
    return false;

  // The header, by ANTLR, with an empty body.
  Stub.assign(Toks.begin(), Toks.begin() + Open + 1);
  Stub.push_back(Toks[Close]);
  Stub.push_back(Toks[N - 1]);
  const ast::Stmt *Head = stubItem(Ctx);
  const auto *F = Head ? dyn_cast<ast::FunctionStmt>(Head) : nullptr;
  if (!F || !F->Body || !F->Body->Body.empty())
    return false;

  std::vector<const ast::Stmt *> Body;
  if (!body(Toks, Open + 1, Close, Ctx, Body))
    return false;
  const_cast<ast::FunctionStmt *>(F)->Body = Ctx.create<ast::BlockStmt>(
      F->Body->Range, Ctx.copy(ArrayRef<const ast::Stmt *>(Body)));
  Items.push_back(F);
  return true;
}

bool MemoParser::sectionItems(std::vector<PtxToken> &Toks, size_t Begin,
                              size_t End, ast::ASTContext &Ctx,
                              std::vector<const ast::Stmt *> &Out) {
  std::vector<SyntaxIssue> Issues;
  std::vector<const ast::Stmt *> Got;
  for (size_t I = Begin; I < End;) {
    size_t E = sectionItemEnd(Toks, I, End);
    bool Keyed = E != NoEnd && E < End &&
                 shapeKey(ArrayRef<PtxToken>(&Toks[I], E - I + 1), Toks[E + 1],
                          /*InSection=*/true, Key);
    if (Keyed) {
      if (const ShapeTemplate *Tpl =
              Cache->find(StringRef(Key.data(), Key.size()))) {
        const ast::Stmt *X =
            replayShape(*Tpl, ArrayRef<PtxToken>(&Toks[I], E - I + 1), Ctx);
        if (!X)
          return false;
        ++ChunkHits;
        Got.push_back(X);
        I = E + 1;
        continue;
      }
    }
    restart(Toks);
    Stream.seek(I);
    Stream.HighWater = I;
    P::SectionItemContext *C = nullptr;
    try {
      C = Parser.sectionItem();
    } catch (antlr4::ParseCancellationException &) {
    } catch (antlr4::RecognitionException &) {
    }
    if (!C || !C->getStop())
      return false;
    size_t Stop = static_cast<const PtxToken *>(C->getStop())->Index;
    if (Stop < I || Stop >= End)
      return false;
    const ast::Stmt *X = buildSectionItemAST(C, Ctx, Issues);
    if (!X || !Issues.empty())
      return false;
    ++ChunkMisses;
    if (Keyed && Stop == E && Stream.HighWater <= E + 1 &&
        recordShape(ArrayRef<PtxToken>(&Toks[I], E - I + 1), *X, Scratch))
      Cache->insert(StringRef(Key.data(), Key.size()), std::move(Scratch));
    Got.push_back(X);
    I = Stop + 1;
  }
  Out.insert(Out.end(), Got.begin(), Got.end());
  return true;
}

bool MemoParser::section(std::vector<PtxToken> &Toks, ast::ASTContext &Ctx,
                         std::vector<const ast::Stmt *> &Items) {
  // SECTION DOT_IDENT LBRACE sectionItem* RBRACE, then EOF.
  size_t N = Toks.size();
  if (N < 5 || Toks[1].Type != Tok::DOT_IDENT || Toks[2].Type != Tok::LBRACE ||
      Toks[N - 2].Type != Tok::RBRACE)
    return false;
  Stub.assign(Toks.begin(), Toks.begin() + 3);
  Stub.push_back(Toks[N - 2]);
  Stub.push_back(Toks[N - 1]);
  const ast::Stmt *Head = stubItem(Ctx);
  const auto *S = Head ? dyn_cast<ast::SectionStmt>(Head) : nullptr;
  if (!S || !S->Body.empty())
    return false;
  std::vector<const ast::Stmt *> Body;
  if (!sectionItems(Toks, 3, N - 2, Ctx, Body))
    return false;
  const_cast<ast::SectionStmt *>(S)->Body =
      Ctx.copy(ArrayRef<const ast::Stmt *>(Body));
  Items.push_back(S);
  return true;
}

const ast::Stmt *MemoParser::stubItem(ast::ASTContext &Ctx) {
  for (size_t I = 0; I < Stub.size(); ++I)
    Stub[I].Index = I;
  restart(Stub);
  P::ChunkContext *Tree = nullptr;
  try {
    Tree = Parser.chunk();
  } catch (antlr4::ParseCancellationException &) {
  } catch (antlr4::RecognitionException &) {
  }
  if (!Tree)
    return nullptr;
  std::vector<SyntaxIssue> Issues;
  std::vector<const ast::Stmt *> Header;
  if (!buildChunkAST(Tree, Ctx, Issues,
                     [&](const ast::Stmt *S) { Header.push_back(S); }) ||
      !Issues.empty() || Header.size() != 1)
    return nullptr;
  return Header[0];
}

bool MemoParser::parse(std::vector<PtxToken> &Toks, ChunkKind Kind,
                       ShapeCache &C, ast::ASTContext &Ctx,
                       std::vector<const ast::Stmt *> &Items) {
  Cache = &C;
  ChunkHits = ChunkMisses = 0;
  if (Toks.empty() || Toks.back().Type != antlr4::Token::EOF)
    return false;
  bool Ok = false;
  switch (Kind) {
  case ChunkKind::BodySlice:
    Ok = body(Toks, 0, Toks.size() - 1, Ctx, Items);
    break;
  case ChunkKind::SectionSlice:
    Ok = sectionItems(Toks, 0, Toks.size() - 1, Ctx, Items);
    break;
  case ChunkKind::Items:
    Ok = Toks[0].Type == Tok::SECTION ? section(Toks, Ctx, Items)
                                      : function(Toks, Ctx, Items);
    break;
  }
  if (Ok) {
    Hits += ChunkHits;
    Misses += ChunkMisses;
  }
  return Ok;
}

} // namespace parse
} // namespace ptxwarp
