//===- Parser.cpp - Chunked, two-stage parsing of a PTX module ------------===//
//
// The module is cut into top-level chunks (Chunker.h: a function, a
// declaration, a directive) by a token-level scanner, so each chunk has its
// own short token stream and parse tree and memory stays bounded however
// large the file is.
// Each chunk is parsed with SLL prediction and a bail-out error strategy
// first (fast; almost every real chunk succeeds); only when that fails is it
// re-parsed with full LL prediction and the reporting, recovering strategy,
// which produces the located syntax errors (the "two-stage" strategy
// recommended for ANTLR 4).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Parse/Parser.h"

#include "ASTBuilder.h"
#include "Chunker.h"
#include "Lexer.h"
#include "MemoParser.h"
#include "ParserCache.h"
#include "SyntaxErrors.h"
#include "TextCheck.h"
#include "Token.h"

#include "PTXParser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <sys/mman.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace {

/// ANTLR 4.9 guards its shared DFA with internal locks, but the full-context
/// (LL) stage also goes through the grammar-wide PredictionContextCache; that
/// stage is rare (only chunks with syntax errors), so it is serialised.
std::mutex &llStageMutex() {
  static std::mutex M;
  return M;
}

/// One top-level chunk: its tokens in, its AST and syntax errors out.
struct ChunkJob {
  std::vector<PtxToken> Toks;
  const char *TextEnd = nullptr; ///< end of the chunk's last token
  bool TooDeep = false;
  PtxToken DeepTok;
  std::unique_ptr<ast::ASTContext> Ctx;
  std::vector<const ast::Stmt *> Items;
  std::vector<SyntaxIssue> Issues;
  bool LLFallback = false;
  uint64_t ShapeHits = 0, ShapeMisses = 0;
  bool Done = false;
  Chunker::Part What = Chunker::Part::Whole;
  bool Section = false; ///< a part of a `.section` (Chunker::inSection)
  PtxToken Close;       ///< Part::Last: the body's `}` (EOF when missing)

  ChunkKind kind() const {
    if (What != Chunker::Part::Middle && What != Chunker::Part::Last)
      return ChunkKind::Items;
    return Section ? ChunkKind::SectionSlice : ChunkKind::BodySlice;
  }
};

/// Parses chunks; one per thread (it owns an ANTLR parser).
class ChunkParser {
public:
  explicit ChunkParser(const ParseOptions &Opts)
      : Opts(Opts), Stream(Empty), Parser(&Stream),
        Reporter(std::make_shared<ReportingErrorStrategy>(Opts.MaxErrors)),
        Bail(std::make_shared<antlr4::BailErrorStrategy>()),
        Memo(Parser, Stream, Bail) {
    Parser.removeErrorListeners();
  }

  void process(ChunkJob &J) {
    J.Ctx = std::make_unique<ast::ASTContext>();
    if (J.TooDeep) {
      J.Issues.push_back(
          {J.DeepTok.range(),
           "nesting too deep: more than " +
               std::to_string(Opts.MaxNestingDepth) +
               " levels of braces, brackets, parentheses or unary operators"});
      return;
    }
    ChunkKind Kind = J.kind();
    if (J.What == Chunker::Part::Head) {
      // The head of a sliced function or `.section` parses as a whole one
      // whose body ends here: give it a `}` of no width where the slice
      // ends.
      PtxToken Brace = J.Toks.back();
      Brace.Type = Tok::RBRACE;
      Brace.DisplayLen = 0;
      J.Toks.insert(J.Toks.end() - 1, Brace);
      for (size_t I = 0; I < J.Toks.size(); ++I)
        J.Toks[I].Index = I;
    }
    Stream.setTokens(&J.Toks);
    if (!memoised(J, Kind)) {
      antlr4::ParserRuleContext *Tree = parse(J, Kind);
      if (Tree && Kind == ChunkKind::BodySlice)
        buildStatementsAST(
            static_cast<ptxwarp_antlr::PTXParser::StatementsContext *>(Tree),
            *J.Ctx, J.Issues, J.Items);
      else if (Tree && Kind == ChunkKind::SectionSlice)
        buildSectionItemsAST(
            static_cast<ptxwarp_antlr::PTXParser::SectionItemsContext *>(Tree),
            *J.Ctx, J.Issues, J.Items);
      else if (Tree)
        buildChunkAST(
            static_cast<ptxwarp_antlr::PTXParser::ChunkContext *>(Tree), *J.Ctx,
            J.Issues, [&](const ast::Stmt *S) { J.Items.push_back(S); });
    }
    hashWords(J.Items);
    if (J.What == Chunker::Part::Last && J.Close.Type != Tok::RBRACE)
      J.Issues.push_back(
          {SMRange(J.Close.loc(), J.Close.loc()),
           "unexpected " + describeToken(&J.Close) + "; expected '}'"});
    // Free the parse tree now; the AST does not point into it or the tokens.
    Stream.setTokens(&Empty);
    Stream.seek(0);
    Parser.setTokenStream(&Stream);
    J.Toks.clear(); // the driver reuses its capacity for a later chunk
  }

  /// process() while holding the shared prediction cache, which entering
  /// sometimes bounds first (ParserCache.h).
  void processBounded(ChunkJob &J) {
    ParserCacheUse Use(
        *Parser.getInterpreter<antlr4::atn::ParserATNSimulator>());
    process(J);
  }

private:
  /// Works out each instruction's words hash here, on a parsing thread,
  /// rather than on the checker's (ast::InstructionStmt::wordsHash).
  static void hashWords(ArrayRef<const ast::Stmt *> Items) {
    for (const ast::Stmt *S : Items) {
      if (const auto *I = dyn_cast<ast::InstructionStmt>(S))
        (void)I->wordsHash();
      else if (const auto *B = dyn_cast<ast::BlockStmt>(S))
        hashWords(B->Body);
      else if (const auto *F = dyn_cast<ast::FunctionStmt>(S); F && F->Body)
        hashWords(F->Body->Body);
    }
  }

  /// The fast path (MemoParser.h) for functions, sections and their slices.
  bool memoised(ChunkJob &J, ChunkKind Kind) {
    if (!Opts.UseShapeCache || Opts.ShapeCacheBytes == 0)
      return false;
    uint64_t H = Memo.Hits, M = Memo.Misses;
    if (Memo.parse(J.Toks, Kind, threadShapeCache(Opts.ShapeCacheBytes), *J.Ctx,
                   J.Items)) {
      J.ShapeHits = Memo.Hits - H;
      J.ShapeMisses = Memo.Misses - M;
      return true;
    }
    J.Ctx = std::make_unique<ast::ASTContext>(); // drop the attempt's nodes
    Stream.setTokens(&J.Toks);
    return false;
  }

  /// Two-stage parse. Null when the chunk has syntax errors (in J.Issues).
  antlr4::ParserRuleContext *parse(ChunkJob &J, ChunkKind Kind) {
    // setTokenStream resets the parser (freeing the last tree) but does not
    // rewind the stream it is given.
    Stream.seek(0);
    Parser.setTokenStream(&Stream);
    Parser.setErrorHandler(Bail);
    auto *Sim = Parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    try {
      return startRule(Kind);
    } catch (antlr4::ParseCancellationException &) {
    } catch (antlr4::RecognitionException &) {
    }
    J.LLFallback = true;
    std::lock_guard<std::mutex> Lock(llStageMutex());
    Stream.seek(0);
    Parser.setTokenStream(&Stream);
    Parser.setErrorHandler(Reporter);
    Sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
    Reporter->startChunk(/*BodySlice=*/Kind != ChunkKind::Items);
    antlr4::ParserRuleContext *Tree = nullptr;
    try {
      Tree = startRule(Kind);
    } catch (antlr4::RecognitionException &) {
      Tree = nullptr;
    }
    if (Reporter->errorCount() == 0 && Tree)
      return Tree; // LL succeeded where SLL gave up
    J.Issues = std::move(Reporter->pending());
    if (Tree)
      operandShapeErrors(Tree, J.Issues);
    // In source order, whichever pass found them.
    std::stable_sort(J.Issues.begin(), J.Issues.end(),
                     [](const SyntaxIssue &A, const SyntaxIssue &B) {
                       return A.Range.Start.getPointer() <
                              B.Range.Start.getPointer();
                     });
    if (J.Issues.empty()) // defensive: a failure always gets a message
      J.Issues.push_back(
          {J.Toks.front().range(), "syntax error in this declaration"});
    return nullptr;
  }

  /// Parses the stream with the rule for a chunk of kind \p Kind.
  antlr4::ParserRuleContext *startRule(ChunkKind Kind) {
    switch (Kind) {
    case ChunkKind::BodySlice:
      return Parser.statements();
    case ChunkKind::SectionSlice:
      return Parser.sectionItems();
    case ChunkKind::Items:
      break;
    }
    return Parser.chunk();
  }

  const ParseOptions &Opts;
  std::vector<PtxToken> Empty{PtxToken()};
  ChunkTokenStream Stream;
  ptxwarp_antlr::PTXParser Parser;
  std::shared_ptr<ReportingErrorStrategy> Reporter;
  std::shared_ptr<antlr4::BailErrorStrategy> Bail;
  MemoParser Memo;
};

/// Cuts the buffer into chunks, has them parsed (on worker threads for big
/// inputs), and delivers items and diagnostics in source order.
class Driver {
public:
  Driver(DiagnosticEngine &Diags, const ParseOptions &Opts)
      : Diags(Diags), Opts(Opts) {}

  /// Streaming over a memory-mapped file: once a chunk is delivered, the
  /// pages of text before it are dropped from memory (they are re-read from
  /// the file if a later diagnostic shows a line from them). This keeps the
  /// peak RSS at a fraction of a large file's size.
  void releaseConsumedText(StringRef Buf) {
    Released = Buf.begin();
    ReleaseEnabled = true;
  }

  /// \p Deliver gets each finished chunk, in order, and returns the first
  /// byte of text it still needs (null: none; ChunkCallback).
  ParseStats run(StringRef Buf, ChunkCallback Deliver) {
    ParseStats St;
    St.Bytes = Buf.size();
    if (rejectNonText(Buf, Diags))
      return St;
    Chunker Ch(Buf, Opts.MaxNestingDepth, Opts.SliceTokens);
    unsigned NThreads = Opts.Threads;
    if (NThreads == 0)
      NThreads =
          std::min(4u, std::max(1u, std::thread::hardware_concurrency()));
    if (Buf.size() < (1u << 20))
      NThreads = 1;

    // Token vectors are recycled: growing a fresh one per chunk (and the
    // page faults of its large allocations) was a tenth of the parse time.
    // (Guarded: with several threads, chunks are cut on a thread of their
    // own and delivered on the calling one.)
    std::vector<std::vector<PtxToken>> Spare;
    std::mutex SpareM;
    // Once a chunk is parsed its tokens are not needed; the AST refers to
    // the text. Keep slice-sized vectors only: one huge item must not pin
    // memory.
    auto Recycle = [&](std::vector<PtxToken> &Toks) {
      size_t Slice =
          Opts.SliceTokens ? Opts.SliceTokens : ParseOptions().SliceTokens;
      if (Toks.capacity() > 4 * Slice)
        return;
      Toks.clear();
      std::lock_guard<std::mutex> G(SpareM);
      // As many as can hold tokens at once (runParallel); more would only
      // keep memory.
      if (Spare.size() < NThreads + 2)
        Spare.push_back(std::move(Toks));
    };
    auto NextJob = [&]() -> std::unique_ptr<ChunkJob> {
      auto J = std::make_unique<ChunkJob>();
      {
        std::lock_guard<std::mutex> G(SpareM);
        if (!Spare.empty()) {
          J->Toks = std::move(Spare.back());
          Spare.pop_back();
        }
      }
      const PtxToken *Deep;
      if (!Ch.next(J->Toks, Deep, J->What, J->Close))
        return nullptr;
      J->Section = Ch.inSection();
      if (J->Toks.size() >= 2) {
        const PtxToken &Last = J->Toks[J->Toks.size() - 2];
        J->TextEnd = Last.Start + Last.Len;
      }
      if (Deep) {
        J->TooDeep = true;
        J->DeepTok = *Deep;
      }
      return J;
    };
    // The parts of a sliced function or `.section`, until its last slice
    // arrives: the item the head built, and the body so far.
    std::vector<std::unique_ptr<ast::ASTContext>> Arenas;
    ast::FunctionStmt *Func = nullptr;
    ast::SectionStmt *Section = nullptr;
    std::vector<const ast::Stmt *> Body;
    bool Failed = false;
    auto Finish = [&](ChunkJob &J) {
      St.LLFallbacks += J.LLFallback;
      St.ShapeHits += J.ShapeHits;
      St.ShapeMisses += J.ShapeMisses;
      for (const SyntaxIssue &I : J.Issues) {
        ++Errors;
        if (Opts.MaxErrors && Errors > Opts.MaxErrors)
          break;
        Diags.report(DiagID::SyntaxError, I.Range) << I.Message;
      }
      Arenas.push_back(std::move(J.Ctx));
      switch (J.What) {
      case Chunker::Part::Whole:
        St.Items += J.Items.size();
        KeepFrom = Deliver(std::move(Arenas), J.Items);
        Arenas.clear();
        break;
      case Chunker::Part::Head:
        Failed = !J.Issues.empty() || J.Items.size() != 1;
        Func = nullptr;
        Section = nullptr;
        Body.clear();
        if (Failed)
          break;
        if (const auto *S = dyn_cast<ast::SectionStmt>(J.Items[0])) {
          Section = const_cast<ast::SectionStmt *>(S);
          Body.assign(S->Body.begin(), S->Body.end());
        } else if (const auto *F = dyn_cast<ast::FunctionStmt>(J.Items[0]);
                   F && F->Body) {
          Func = const_cast<ast::FunctionStmt *>(F);
          Body.assign(F->Body->Body.begin(), F->Body->Body.end());
        } else {
          Failed = true;
        }
        break;
      case Chunker::Part::Middle:
      case Chunker::Part::Last:
        Failed |= !J.Issues.empty();
        Body.insert(Body.end(), J.Items.begin(), J.Items.end());
        if (J.What == Chunker::Part::Middle)
          break;
        if (!Failed) {
          // The whole body, in the head's arena; its range ends at `}`.
          ast::ASTContext &A = *Arenas.front();
          SMLoc End = SMLoc::getFromPointer(J.Close.Start + J.Close.Len);
          ArrayRef<const ast::Stmt *> All =
              A.copy(ArrayRef<const ast::Stmt *>(Body));
          const ast::Stmt *Item;
          if (Section) {
            Section->Body = All;
            Section->Range.End = End;
            Item = Section;
          } else {
            Func->Body = A.create<ast::BlockStmt>(
                SMRange(Func->Body->Range.Start, End), All);
            Func->Range.End = End;
            Item = Func;
          }
          ++St.Items;
          KeepFrom = Deliver(std::move(Arenas), Item);
        } else {
          KeepFrom = Deliver(std::move(Arenas), {});
        }
        Arenas.clear();
        Body.clear();
        Func = nullptr;
        Section = nullptr;
        Failed = false;
        break;
      }
      releaseText(J.TextEnd);
    };

    if (NThreads == 1) {
      ChunkParser P(Opts);
      while (std::unique_ptr<ChunkJob> J = NextJob()) {
        P.processBounded(*J);
        Recycle(J->Toks);
        Finish(*J);
        if (Opts.MaxErrors && Errors >= Opts.MaxErrors)
          break;
      }
    } else {
      runParallel(NThreads, NextJob, Finish, Recycle);
    }
    St.Tokens = Ch.tokens();
    St.SyntaxErrors = Errors;
    return St;
  }

private:
  /// One thread cuts chunks (lexing, the bracket and slice rules), workers
  /// parse them, and the calling thread delivers finished ones in order.
  /// Memory stays bounded: at most NThreads chunks wait to be parsed with
  /// their tokens (72 bytes each; a parsed chunk's are recycled), and at
  /// most 6 * NThreads are cut and not yet delivered (their ASTs, ~36 bytes
  /// a token). The deep lookahead keeps the parsing threads busy while the
  /// calling thread checks a long chunk: with NThreads + 1 they idled and
  /// ptx-lint used 1.54 of 2 cores.
  template <typename NextFn, typename FinishFn, typename RecycleFn>
  void runParallel(unsigned NThreads, NextFn &NextJob, FinishFn &Finish,
                   RecycleFn &Recycle) {
    std::mutex M; // guards everything below but the threads
    std::condition_variable WorkCV, DoneCV, CutCV;
    std::deque<ChunkJob *> Queue;                   // cut, not yet parsing
    std::deque<std::unique_ptr<ChunkJob>> InFlight; // cut, not delivered
    bool Stop = false;    // workers: no more jobs will come
    bool CutDone = false; // the cutter has cut its last chunk
    bool StopCut = false; // the cutter must stop (the error limit)
    const size_t MaxInFlight = 6 * size_t(NThreads), MaxQueued = NThreads;
    std::vector<std::thread> Workers;
    for (unsigned T = 0; T < NThreads; ++T)
      Workers.emplace_back([&] {
        ChunkParser P(Opts);
        for (;;) {
          ChunkJob *J;
          {
            std::unique_lock<std::mutex> L(M);
            WorkCV.wait(L, [&] { return Stop || !Queue.empty(); });
            if (Queue.empty())
              return;
            J = Queue.front();
            Queue.pop_front();
          }
          CutCV.notify_one();
          P.processBounded(*J);
          Recycle(J->Toks);
          {
            std::lock_guard<std::mutex> L(M);
            J->Done = true;
          }
          DoneCV.notify_all();
        }
      });
    std::thread Cutter([&] {
      for (;;) {
        {
          std::unique_lock<std::mutex> L(M);
          CutCV.wait(L, [&] {
            return StopCut ||
                   (InFlight.size() < MaxInFlight && Queue.size() < MaxQueued);
          });
          if (StopCut)
            break;
        }
        std::unique_ptr<ChunkJob> J = NextJob();
        std::lock_guard<std::mutex> L(M);
        if (!J || StopCut)
          break;
        Queue.push_back(J.get());
        InFlight.push_back(std::move(J));
        WorkCV.notify_one();
      }
      std::lock_guard<std::mutex> L(M);
      CutDone = true;
      DoneCV.notify_all();
    });
    for (;;) {
      ChunkJob *Front;
      {
        std::unique_lock<std::mutex> L(M);
        DoneCV.wait(L, [&] {
          return (!InFlight.empty() && InFlight.front()->Done) ||
                 (CutDone && InFlight.empty());
        });
        if (InFlight.empty())
          break;
        Front = InFlight.front().get();
      }
      Finish(*Front);
      // At the error limit, the chunks being parsed are still delivered.
      bool Limit = Opts.MaxErrors && Errors >= Opts.MaxErrors;
      std::lock_guard<std::mutex> L(M);
      InFlight.pop_front();
      if (Limit) {
        StopCut = true;
        // Drop what has not started; wait for what has.
        for (ChunkJob *Q : Queue)
          for (auto It = InFlight.begin(); It != InFlight.end(); ++It)
            if (It->get() == Q) {
              InFlight.erase(It);
              break;
            }
        Queue.clear();
      }
      CutCV.notify_one();
    }
    {
      std::lock_guard<std::mutex> L(M);
      StopCut = Stop = true;
    }
    CutCV.notify_all();
    WorkCV.notify_all();
    Cutter.join();
    for (std::thread &W : Workers)
      W.join();
  }

  void releaseText(const char *UpTo) {
    if (!ReleaseEnabled || !UpTo)
      return;
    if (KeepFrom && KeepFrom < UpTo)
      UpTo = KeepFrom; // the consumer still reads it
    const uintptr_t Page = 4096;
    uintptr_t Lo =
        (reinterpret_cast<uintptr_t>(Released) + Page - 1) & ~(Page - 1);
    uintptr_t Hi = reinterpret_cast<uintptr_t>(UpTo) & ~(Page - 1);
    // In steps of 1 MiB: each madvise flushes TLBs, and per chunk that was
    // several percent of the parse time.
    if (Hi <= Lo || Hi - Lo < (uintptr_t(1) << 20))
      return;
    ::madvise(reinterpret_cast<void *>(Lo), Hi - Lo, MADV_DONTNEED);
    Released = reinterpret_cast<const char *>(Hi);
  }

  DiagnosticEngine &Diags;
  const ParseOptions &Opts;
  unsigned Errors = 0;
  bool ReleaseEnabled = false;
  /// What the consumer's last Deliver said it still reads.
  const char *KeepFrom = nullptr;
  const char *Released = nullptr;
};

} // namespace
} // namespace parse

ParseStats parseStreamingChunks(const SourceMgr &SM, unsigned BufferID,
                                DiagnosticEngine &Diags, ChunkCallback CB,
                                const ParseOptions &Opts) {
  parse::Driver D(Diags, Opts);
  const MemoryBuffer *MB = SM.getMemoryBuffer(BufferID);
  // Only file mappings: on a heap buffer MADV_DONTNEED would zero the text.
  if (MB->getBufferKind() == MemoryBuffer::MemoryBuffer_MMap)
    D.releaseConsumedText(MB->getBuffer());
  return D.run(MB->getBuffer(), CB);
}

ParseStats parseStreaming(const SourceMgr &SM, unsigned BufferID,
                          DiagnosticEngine &Diags, ItemCallback CB,
                          const ParseOptions &Opts) {
  return parseStreamingChunks(
      SM, BufferID, Diags,
      [&](ChunkArenas, ArrayRef<const ast::Stmt *> Items) -> const char * {
        for (const ast::Stmt *S : Items)
          CB(*S);
        return nullptr;
      },
      Opts);
}

std::unique_ptr<ast::Module> parseModule(std::shared_ptr<SourceMgr> SM,
                                         unsigned BufferID,
                                         DiagnosticEngine &Diags,
                                         const ParseOptions &Opts,
                                         ParseStats *Stats) {
  auto M = std::make_unique<ast::Module>(SM, BufferID);
  parse::Driver D(Diags, Opts);
  ParseStats St = D.run(
      SM->getMemoryBuffer(BufferID)->getBuffer(),
      [&](ChunkArenas Cs, ArrayRef<const ast::Stmt *> Items) -> const char * {
        for (const ast::Stmt *S : Items)
          M->addItem(S);
        for (auto &C : Cs)
          M->adoptContext(std::move(C));
        return nullptr; // no text is released here
      });
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
