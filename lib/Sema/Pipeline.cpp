//===- Pipeline.cpp - The checker on several threads, in Checker's order --===//
//
// PipelinedChecker spreads Checker's work over threads:
//  - the calling thread appends each chunk's items to a log, passes on the
//    diagnostics of finished items in order, and runs the end-of-module
//    checks;
//  - N checking threads each walk the whole log in order with a SemaState of
//    their own. Each item is claimed by the first that reaches it: that one
//    checks it whole and keeps its diagnostics; the others check it without
//    a function's body (SemaState::checkItem), which leaves their module
//    state what it would have been (declarations, functions, signatures),
//    and drop what they report. So every body is checked once, by whichever
//    thread is free, against the same module state as Checker's;
//  - a lint thread runs what lintFunctionBody does after a body (the
//    constants registers hold, divergence, the warp summaries of .func
//    callees), which reads only the function's AST, the Facts and Forms its
//    check left, and the summaries of the functions before it. It takes the
//    bodies in log order, so its WarpCallees collect the summaries in
//    source order.
// What bodies record for the end-of-module checks (BodyRecords: the uses of
// function names, each definition's usage) moves out of the owner's
// SemaState with the item and is merged in log order.
//
// Order of the diagnostics: the parser reports into an engine that keeps
// them, resolving locations; the checking and lint threads report into
// engines without a SourceMgr (SourceMgr builds its line tables lazily), and
// their locations are resolved when the calling thread passes them on. The
// calling thread passes on, in log order, the parser's diagnostics before
// each chunk, then each item's owner's diagnostics and its lint
// diagnostics, as Checker reports them. The real engine then applies the
// options and the error limit, as it would have.
//
// At most MaxBodies function definitions wait in the log (each holds its
// chunk's AST), so memory stays bounded when checking is slower than
// parsing. Declarations queue behind them without counting.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

constexpr size_t MaxBodies = 8;

/// The options a buffering engine filters with: the real engine's, without
/// its error limit (only the real engine sees every error, in order).
DiagnosticOptions bufferOptions(DiagnosticEngine &Real) {
  DiagnosticOptions O = Real.options();
  O.ErrorLimit = 0;
  return O;
}

bool isDefinition(const ast::Stmt *S) {
  const auto *F = dyn_cast_or_null<ast::FunctionStmt>(S);
  return F && F->isDefinition();
}

} // namespace

struct PipelinedChecker::Impl {
  /// One function's body lints, as the lint thread runs them.
  struct Job {
    const ast::FunctionStmt *F;
    FunctionFacts Facts;
    DenseMap<const ast::InstructionStmt *, const isa::InstrForm *> Forms;
    std::vector<Diagnostic> Diags; ///< locations not resolved yet
    bool Done = false;             ///< guarded by M
  };
  /// One entry of the log: an item, or (S null) the parser's diagnostics
  /// before a chunk.
  struct Entry {
    const ast::Stmt *S = nullptr;
    /// The chunk's arenas: the AST lives until its last entry is done.
    std::shared_ptr<ItemArenas> Arenas;
    // Guarded by M:
    bool Claimed = false;  ///< a checking thread owns it
    unsigned Passed = 0;   ///< checking threads done with it
    bool Finished = false; ///< its owner is done: the fields below are set
    /// The owner's, locations not resolved yet; for S null, the parser's.
    std::vector<Diagnostic> Diags;
    std::unique_ptr<Job> J;
    BodyRecords Records;
  };
  /// A checking thread and its view of the module.
  struct CheckThread {
    DiagnosticEngine Buf; ///< no SourceMgr
    SemaState S;
    std::unique_ptr<Job> Pending; ///< the body it checked made one
    uint64_t Next = 0;            ///< the log position it is at
    std::thread T;
    CheckThread(DiagnosticEngine &Real, const SemaOptions &Opts)
        : Buf(nullptr), S(Buf, Opts) {
      Buf.options() = bufferOptions(Real);
      Buf.setHiddenLines(Real.hiddenLines());
      S.pushScope(); // module scope
      S.DeferBodyLints = [this](const ast::FunctionStmt &F) {
        auto J = std::make_unique<Job>();
        J->F = &F;
        J->Facts = std::move(S.Facts); // checkFunction resets both
        J->Forms = std::move(S.Forms);
        Pending = std::move(J);
      };
    }
  };

  DiagnosticEngine &Real;
  DiagnosticEngine ParseBuf; ///< the parser's
  DiagnosticEngine LintBuf;  ///< the lint thread's: no SourceMgr
  SemaState Lint;
  std::vector<std::unique_ptr<CheckThread>> Checkers;
  std::thread LintThread;

  std::mutex M;
  /// Each side waits on its own, so that a change wakes only who needs it:
  /// the checking threads for new entries, the lint thread for an entry
  /// its owner finished, the calling thread for one that is done.
  std::condition_variable NewEntries, Finished, Done;
  // Guarded by M:
  std::deque<std::unique_ptr<Entry>> Log;
  uint64_t Base = 0; ///< the log position of Log.front()
  bool Stop = false;
  // The calling thread's:
  size_t Bodies = 0;  ///< the function definitions in Log
  BodyRecords Merged; ///< the records of the entries passed on

  Impl(DiagnosticEngine &Real, SemaOptions Opts, unsigned Threads)
      : Real(Real), ParseBuf(Real.sourceMgr()), LintBuf(nullptr),
        Lint(LintBuf, Opts) {
    for (DiagnosticEngine *E : {&ParseBuf, &LintBuf}) {
      E->options() = bufferOptions(Real);
      E->setHiddenLines(Real.hiddenLines());
    }
    Lint.pushScope();
    if (Threads == 0)
      Threads = std::min(4u, std::max(1u, std::thread::hardware_concurrency()));
    for (unsigned K = 0; K != Threads; ++K)
      Checkers.push_back(std::make_unique<CheckThread>(Real, Opts));
    for (auto &C : Checkers)
      C->T = std::thread([this, &C = *C] { check(C); });
    LintThread = std::thread([this] { lint(); });
  }

  ~Impl() {
    {
      std::lock_guard<std::mutex> G(M);
      Stop = true;
    }
    for (std::condition_variable *CV : {&NewEntries, &Finished, &Done})
      CV->notify_all();
    for (auto &C : Checkers)
      C->T.join();
    LintThread.join();
  }

  /// A checking thread: every entry of the log, in order.
  void check(CheckThread &C) {
    for (;;) {
      Entry *E;
      bool Mine;
      {
        std::unique_lock<std::mutex> G(M);
        NewEntries.wait(G, [&] { return Stop || C.Next < Base + Log.size(); });
        if (Stop)
          return;
        E = Log[C.Next - Base].get();
        Mine = !E->Claimed;
        E->Claimed = true;
      }
      std::vector<Diagnostic> Diags;
      BodyRecords Records;
      if (E->S) {
        C.S.checkItem(*E->S, /*Body=*/Mine);
        if (Mine) {
          Diags = C.Buf.takeDiagnostics();
          Records = std::exchange(C.S.Records, BodyRecords());
        } else {
          C.Buf.takeDiagnostics(); // the owner's copy is the one kept
        }
      }
      bool NowDone;
      {
        std::lock_guard<std::mutex> G(M);
        if (Mine) {
          if (E->S)
            E->Diags = std::move(Diags);
          E->J = std::move(C.Pending);
          E->Records = std::move(Records);
          E->Finished = true;
        }
        ++E->Passed;
        NowDone = E == Log.front().get() && done(*E);
      }
      ++C.Next;
      if (Mine)
        Finished.notify_one();
      if (NowDone)
        Done.notify_one();
    }
  }

  /// The lint thread: the jobs of the log's entries, in order.
  void lint() {
    uint64_t Next = 0;
    for (;;) {
      Entry *E;
      Job *J;
      {
        std::unique_lock<std::mutex> G(M);
        Finished.wait(G, [&] {
          // Entries passed on without a job may be gone already.
          Next = std::max(Next, Base);
          return Stop ||
                 (Next < Base + Log.size() && Log[Next - Base]->Finished);
        });
        if (Stop)
          return;
        E = Log[Next - Base].get();
        J = E->J.get();
      }
      ++Next;
      if (!J)
        continue;
      Lint.Facts = std::move(J->Facts);
      Lint.Forms = std::move(J->Forms);
      Lint.lintFunctionBody(*J->F);
      Lint.Facts = FunctionFacts();
      Lint.Forms.clear();
      std::vector<Diagnostic> D = LintBuf.takeDiagnostics();
      bool NowDone;
      {
        std::lock_guard<std::mutex> G(M);
        J->Diags = std::move(D);
        J->Done = true;
        NowDone = E == Log.front().get() && done(*E);
      }
      if (NowDone)
        Done.notify_one();
    }
  }

  /// Passes \p D on with its locations resolved, as an engine with the
  /// SourceMgr would have resolved them.
  void emitResolved(Diagnostic D) {
    D.Loc = Real.resolve(D.Range.Start);
    if (D.Loc.File.empty())
      D.Loc.File = Real.mainFileName();
    for (DiagNote &N : D.Notes)
      N.Loc = Real.resolve(N.Range.Start);
    Real.emit(std::move(D));
  }

  bool done(const Entry &E) const {
    return E.Passed == Checkers.size() && (!E.J || E.J->Done);
  }

  /// Passes on the log's finished entries, in order: with \p All, every
  /// entry (waiting for them), else until at most MaxBodies function
  /// definitions wait in it.
  void drain(bool All) {
    std::unique_lock<std::mutex> G(M);
    while (!Log.empty()) {
      if (!done(*Log.front())) {
        if (!All && Bodies <= MaxBodies)
          return;
        Done.wait(G, [&] { return done(*Log.front()); });
      }
      std::unique_ptr<Entry> E = std::move(Log.front());
      Log.pop_front();
      ++Base;
      G.unlock();
      Bodies -= isDefinition(E->S);
      for (Diagnostic &D : E->Diags)
        if (E->S)
          emitResolved(std::move(D));
        else // the parser's engine has resolved them
          Real.emit(std::move(D));
      if (E->J)
        for (Diagnostic &D : E->J->Diags)
          emitResolved(std::move(D));
      Merged.append(std::move(E->Records));
      E.reset(); // may free the chunk's arenas, outside the lock
      G.lock();
    }
  }

  const char *checkChunk(ItemArenas Arenas, ArrayRef<const ast::Stmt *> Items) {
    auto Shared = std::make_shared<ItemArenas>(std::move(Arenas));
    std::vector<std::unique_ptr<Entry>> New;
    if (std::vector<Diagnostic> D = ParseBuf.takeDiagnostics(); !D.empty()) {
      auto E = std::make_unique<Entry>();
      E->Diags = std::move(D);
      New.push_back(std::move(E));
    }
    for (const ast::Stmt *S : Items) {
      auto E = std::make_unique<Entry>();
      E->S = S;
      E->Arenas = Shared;
      Bodies += isDefinition(S);
      New.push_back(std::move(E));
    }
    if (!New.empty()) {
      {
        std::lock_guard<std::mutex> G(M);
        for (auto &E : New)
          Log.push_back(std::move(E));
      }
      NewEntries.notify_all();
    }
    drain(/*All=*/false);
    // The text of the oldest item a thread may still read.
    std::lock_guard<std::mutex> G(M);
    for (const auto &E : Log)
      if (E->S)
        return E->S->Range.Start.getPointer();
    return nullptr;
  }

  void finish() {
    drain(/*All=*/true);
    for (Diagnostic &D : ParseBuf.takeDiagnostics())
      Real.emit(std::move(D));
    // Every checking thread has passed every entry: the first one's module
    // state, with the merged records, is Checker's at the end.
    CheckThread &C = *Checkers.front();
    C.S.Records = std::move(Merged);
    C.S.finishChecks();
    for (Diagnostic &D : C.Buf.takeDiagnostics())
      emitResolved(std::move(D));
  }
};

PipelinedChecker::PipelinedChecker(DiagnosticEngine &Diags, SemaOptions Opts,
                                   unsigned Threads)
    : P(std::make_unique<Impl>(Diags, std::move(Opts), Threads)) {}

PipelinedChecker::~PipelinedChecker() = default;

DiagnosticEngine &PipelinedChecker::parserDiagnostics() { return P->ParseBuf; }

const char *PipelinedChecker::checkChunk(ItemArenas Arenas,
                                         ArrayRef<const ast::Stmt *> Items) {
  return P->checkChunk(std::move(Arenas), Items);
}

void PipelinedChecker::finish() { P->finish(); }

} // namespace sema
} // namespace ptxwarp
