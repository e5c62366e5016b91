//===- Pipeline.cpp - The checker on two threads, in Checker's order ------===//
//
// PipelinedChecker splits Checker's work on a function in two:
//  - the calling thread checks every item as Checker does (declarations,
//    the body's instructions, resources);
//  - a worker thread runs what lintFunctionBody does after the body (the
//    constants registers hold, divergence, the warp summaries of .func
//    callees), which reads only the function's AST, the Facts and Forms its
//    check left, and the summaries of the functions before it. Those move
//    into a job; the worker has a SemaState of its own, whose WarpCallees
//    collect the summaries in source order (one worker, jobs in order).
//
// Order of the diagnostics: both sides report into engines that keep them
// (the calling thread's resolves locations; the worker's has no SourceMgr,
// since SourceMgr builds its line tables lazily, and its locations are
// resolved when they are passed on). After each item, what the calling
// thread reported (the parser's diagnostics of the chunk included) is queued
// with the item's job; the queue goes to the real engine in order, an item's
// job after its own diagnostics, as Checker reports them. The real engine
// then applies the options and the error limit, as it would have.
//
// At most MaxJobs jobs wait (each holds its chunk's AST), so memory stays
// bounded when the worker is slower than the calling thread. Items without a
// job (declarations) queue behind them without counting: counting them made
// the calling thread wait for the worker behind a few declarations, and then
// the worker wait for the calling thread.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

constexpr size_t MaxJobs = 4;

/// The options a buffering engine filters with: the real engine's, without
/// its error limit (only the real engine sees every error, in order).
DiagnosticOptions bufferOptions(DiagnosticEngine &Real) {
  DiagnosticOptions O = Real.options();
  O.ErrorLimit = 0;
  return O;
}

} // namespace

struct PipelinedChecker::Impl {
  /// One function's body lints, as the worker runs them.
  struct Job {
    const ast::FunctionStmt *F;
    /// Where F's text starts (F itself may be freed once the job is done).
    const char *TextStart;
    FunctionFacts Facts;
    DenseMap<const ast::InstructionStmt *, const isa::InstrForm *> Forms;
    /// The chunk's arenas: the AST lives until its last job is done.
    std::shared_ptr<ItemArenas> Arenas;
    std::vector<Diagnostic> Diags; ///< locations not resolved yet
    bool Done = false;
  };
  /// What Checker would report for one item: the calling thread's
  /// diagnostics, then (for a function) its job's.
  struct Entry {
    std::vector<Diagnostic> Diags;
    std::unique_ptr<Job> J;
  };

  DiagnosticEngine &Real;
  DiagnosticEngine Buf;     ///< the calling thread's (and the parser's)
  DiagnosticEngine LintBuf; ///< the worker's: no SourceMgr
  SemaState Main, Lint;
  std::shared_ptr<ItemArenas> Current; ///< of the chunk being checked
  std::unique_ptr<Job> Pending;        ///< the item being checked made one

  std::mutex M;
  std::condition_variable WorkCV, DoneCV;
  std::deque<Job *> Work; ///< guarded by M
  bool Stop = false;      ///< guarded by M
  std::deque<Entry> Queue;
  size_t Jobs = 0; ///< the entries of Queue with a job
  std::thread Worker;

  Impl(DiagnosticEngine &Real, SemaOptions Opts)
      : Real(Real), Buf(Real.sourceMgr()), LintBuf(nullptr), Main(Buf, Opts),
        Lint(LintBuf, std::move(Opts)) {
    for (DiagnosticEngine *E : {&Buf, &LintBuf}) {
      E->options() = bufferOptions(Real);
      E->setHiddenLines(Real.hiddenLines());
    }
    Main.pushScope(); // module scope
    Lint.pushScope();
    Main.DeferBodyLints = [this](const ast::FunctionStmt &F) {
      auto J = std::make_unique<Job>();
      J->F = &F;
      J->TextStart = F.Range.Start.getPointer();
      J->Facts = std::move(Main.Facts); // checkFunction resets both
      J->Forms = std::move(Main.Forms);
      J->Arenas = Current;
      Pending = std::move(J);
    };
    Worker = std::thread([this] { work(); });
  }

  ~Impl() {
    {
      std::lock_guard<std::mutex> G(M);
      Stop = true;
    }
    WorkCV.notify_all();
    Worker.join();
  }

  void work() {
    for (;;) {
      Job *J;
      {
        std::unique_lock<std::mutex> G(M);
        WorkCV.wait(G, [&] { return Stop || !Work.empty(); });
        if (Work.empty())
          return;
        J = Work.front();
        Work.pop_front();
      }
      Lint.Facts = std::move(J->Facts);
      Lint.Forms = std::move(J->Forms);
      Lint.lintFunctionBody(*J->F);
      Lint.Facts = FunctionFacts();
      Lint.Forms.clear();
      std::vector<Diagnostic> D = LintBuf.takeDiagnostics();
      std::shared_ptr<ItemArenas> Release = std::move(J->Arenas);
      {
        std::lock_guard<std::mutex> G(M);
        J->Diags = std::move(D);
        J->Done = true;
      }
      DoneCV.notify_all();
    }
  }

  /// The worker's diagnostic with its locations resolved, as the calling
  /// thread's engine would have resolved them.
  void resolve(Diagnostic &D) {
    D.Loc = Real.resolve(D.Range.Start);
    if (D.Loc.File.empty())
      D.Loc.File = Real.mainFileName();
    for (DiagNote &N : D.Notes)
      N.Loc = Real.resolve(N.Range.Start);
  }

  /// Passes on the queue's entries whose jobs are done, in order; with
  /// \p Wait, until no more than \p Keep of them have a job.
  void drain(bool Wait, size_t Keep) {
    while (!Queue.empty()) {
      Entry &E = Queue.front();
      if (E.J) {
        std::unique_lock<std::mutex> G(M);
        if (!E.J->Done) {
          if (!Wait || Jobs <= Keep)
            return;
          DoneCV.wait(G, [&] { return E.J->Done; });
        }
      }
      for (Diagnostic &D : E.Diags)
        Real.emit(std::move(D));
      if (E.J)
        for (Diagnostic &D : E.J->Diags) {
          resolve(D);
          Real.emit(std::move(D));
        }
      Jobs -= E.J != nullptr;
      Queue.pop_front();
    }
  }

  const char *checkChunk(ItemArenas Arenas, ArrayRef<const ast::Stmt *> Items) {
    Current = std::make_shared<ItemArenas>(std::move(Arenas));
    for (const ast::Stmt *S : Items) {
      Main.checkItem(*S);
      Entry E;
      E.Diags = Buf.takeDiagnostics();
      if (Pending) {
        E.J = std::move(Pending);
        {
          std::lock_guard<std::mutex> G(M);
          Work.push_back(E.J.get());
        }
        WorkCV.notify_one();
      }
      Jobs += E.J != nullptr;
      Queue.push_back(std::move(E));
      drain(/*Wait=*/Jobs > MaxJobs, MaxJobs);
    }
    Current.reset();
    // The text of the oldest function the worker has not finished.
    for (const Entry &E : Queue)
      if (E.J)
        return E.J->TextStart;
    return nullptr;
  }

  void finish() {
    drain(/*Wait=*/true, 0);
    Main.finishChecks();
    for (Diagnostic &D : Buf.takeDiagnostics())
      Real.emit(std::move(D));
  }
};

PipelinedChecker::PipelinedChecker(DiagnosticEngine &Diags, SemaOptions Opts)
    : P(std::make_unique<Impl>(Diags, std::move(Opts))) {}

PipelinedChecker::~PipelinedChecker() = default;

DiagnosticEngine &PipelinedChecker::parserDiagnostics() { return P->Buf; }

const char *PipelinedChecker::checkChunk(ItemArenas Arenas,
                                         ArrayRef<const ast::Stmt *> Items) {
  return P->checkChunk(std::move(Arenas), Items);
}

void PipelinedChecker::finish() { P->finish(); }

} // namespace sema
} // namespace ptxwarp
