//===- RunGrid.cpp - The grid: CTAs in order or on several threads --------===//
//
// interp::run, the entry point: sets the launch up (Runner::prepareLaunch)
// and runs its CTAs, one after another (RunOptions::Jobs 1) or on several
// threads, each with a Runner of its own.
//
// Whatever the number of threads, a launch's outcome is the one of running
// its CTAs one after another in linear order (x fastest), for every kernel
// whose result does not depend on the order in which CTAs run (README.md,
// "ptx-run", --jobs):
//  - Threads take CTAs in linear order, in chunks of consecutive CTAs (up
//    to 64; one when the kernel can print or is traced). Printf output and
//    the trace are kept per chunk and written in CTA order, each chunk's as
//    soon as every CTA before it has finished (a CTA never starts more than
//    Window CTAs ahead of the oldest unwritten one, which bounds what is
//    kept).
//  - Statistics are sums over the CTAs; %clock counts the instructions of
//    the CTA that reads it.
//  - --sched=random seeds each CTA's stream from the seed and the CTA's
//    linear index (RunSchedule.cpp).
//  - An atom/red instruction holds one lock while it runs, so that atomics
//    are atomic between threads. Plain loads and
//    stores of different CTAs to different addresses touch different bytes;
//    to the same address they are the kernel's race, as on a GPU.
//  - A runtime error, or the step limit, ends the parallel attempt: every
//    thread stops, global memory is restored from a copy taken before the
//    launch (or from the bytes the launch's owner keeps, Region::Initial),
//    and the launch runs again in CTA order from the start (output
//    already written for the first CTAs is not written again). So the error
//    reported, its CTA, the buffers and the statistics are exactly those of
//    the run in order: the first error in CTA order wins. Such a launch
//    costs up to twice the time; a launch without errors never runs twice.
//  - The step limit (--max-steps) counts the warp instructions of the whole
//    launch in CTA order. In parallel each CTA runs with the budget the CTAs
//    before it left when it started, and the total is checked again in CTA
//    order as CTAs finish; crossing either runs the launch again in order,
//    which reports the exact instruction.
//  - The memory limit covers what runs at once: the launch's global memory,
//    its copy, and the state of one CTA per thread. The number of threads
//    is lowered until that fits (at least one CTA's state always must).
//
// Kernels whose result depends on the order of CTAs (one CTA reads what
// another writes without synchronisation, float atomics whose rounding
// depends on the order of the additions, atomics whose returned old values
// decide what a CTA does) may give different results for different --jobs,
// as they may from one GPU run to the next; --jobs 1 is the reproducible
// order.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <condition_variable>
#include <map>
#include <thread>

namespace ptxwarp {
namespace interp {

namespace {

using detail::Runner;

/// At most this many threads, whatever was asked for.
constexpr unsigned MaxJobs = 256;

uint64_t ctaCount(const Launch &L) {
  return uint64_t(L.Grid[0]) * L.Grid[1] * L.Grid[2];
}

/// Runs CTAs [0, N) in order on \p R; the output of CTAs below \p Quiet is
/// dropped (it was written by an earlier, parallel attempt).
bool runInOrder(Runner &R, uint64_t N, const RunOptions &Opts, uint64_t Quiet) {
  llvm::raw_null_ostream Null;
  for (uint64_t C = 0; C < N; ++C) {
    if (C < Quiet)
      R.setOutputs(Opts.PrintfOut ? &Null : nullptr,
                   Opts.Trace ? &Null : nullptr);
    else
      R.setOutputs(Opts.PrintfOut, Opts.Trace);
    if (!R.runCta(C))
      return false;
  }
  return true;
}

/// The state the threads of a parallel launch share.
struct Grid {
  const ir::Function &F;
  const Launch &L;
  Memory &Mem;
  const RunOptions &Opts;
  uint64_t N;        ///< CTAs
  unsigned Jobs;     ///< threads
  uint64_t MaxChunk; ///< CTAs a thread takes at once, at most
  uint64_t Window;   ///< how far ahead of the oldest unwritten CTA one starts

  std::atomic<bool> Abort{false};
  std::mutex AtomicLock;

  std::mutex M; // guards everything below
  std::condition_variable CV;
  uint64_t Next = 0;    ///< the next CTA to start
  uint64_t Written = 0; ///< CTAs whose output is written, in order
  bool Failed = false;
  RunStats Done; ///< of the written CTAs
  struct Finished {
    std::string Printf, Trace;
    RunStats Stats;
  };
  /// Finished chunks not yet written, by their first CTA: their CTA count
  /// and output.
  std::map<uint64_t, std::pair<uint64_t, Finished>> Pending;

  Grid(const ir::Function &F, const Launch &L, Memory &Mem,
       const RunOptions &Opts, uint64_t N, unsigned Jobs)
      : F(F), L(L), Mem(Mem), Opts(Opts), N(N), Jobs(Jobs),
        MaxChunk(chunkLimit(F, Opts)), Window(uint64_t(Jobs) * 16 * MaxChunk) {}

  /// A thread takes up to 64 CTAs at once (one lock, one entry of Pending
  /// per chunk rather than per CTA), unless the CTAs may write output
  /// (printf or the trace), which is kept until it is written: then one.
  static uint64_t chunkLimit(const ir::Function &F, const RunOptions &Opts) {
    if (Opts.Trace)
      return 1;
    for (const ir::Inst &I : F.Insts)
      if (I.Op == ir::Opcode::Printf)
        return 1;
    return 64;
  }

  /// The next chunk's size when \p Left CTAs are left: about an eighth of
  /// each thread's share, so that the threads finish close together.
  uint64_t chunkFor(uint64_t Left) const {
    return std::max<uint64_t>(1, std::min(MaxChunk, Left / (8 * Jobs)));
  }

  void fail() {
    Failed = true;
    Abort.store(true);
    CV.notify_all();
  }

  /// Writes the output of the finished CTAs that are next in order and
  /// checks the launch's step limit in that order. Called with M held.
  void writeInOrder() {
    for (auto It = Pending.find(Written); It != Pending.end() && !Failed;
         It = Pending.find(Written)) {
      uint64_t Count = It->second.first;
      Finished &D = It->second.second;
      if (D.Stats.WarpInstructions > Opts.MaxSteps - Done.WarpInstructions) {
        fail(); // the run in order reports where the limit is crossed
        return;
      }
      Done += D.Stats;
      if (Opts.PrintfOut)
        *Opts.PrintfOut << D.Printf;
      if (Opts.Trace && Opts.Trace != Opts.PrintfOut)
        *Opts.Trace << D.Trace;
      Pending.erase(It);
      Written += Count;
    }
    CV.notify_all();
  }

  void worker() {
    // Errors of this attempt are not reported: the run in order that
    // follows a failure reports them. Without a SourceMgr they are not
    // located either (SourceMgr builds its line tables lazily, which is no
    // thing for several threads to do at once).
    DiagnosticEngine Diags(nullptr);
    RunStats Stats;
    Runner R(F, L, Mem, Opts, Diags, Stats);
    R.setAbort(&Abort);
    R.setAtomicLock(&AtomicLock);
    for (;;) {
      uint64_t C, K, Budget;
      {
        std::unique_lock<std::mutex> G(M);
        CV.wait(G,
                [&] { return Failed || Next >= N || Next < Written + Window; });
        if (Failed || Next >= N)
          return;
        C = Next;
        K = chunkFor(N - Next);
        Next += K;
        Budget = Opts.MaxSteps - Done.WarpInstructions;
      }
      // CTAs C..C+K-1 in order, their output one stream; the step budget
      // covers the chunk, so each CTA has what the ones before it left.
      Finished D;
      llvm::raw_string_ostream P(D.Printf), T(D.Trace);
      bool OneStream = Opts.Trace == Opts.PrintfOut;
      R.setOutputs(Opts.PrintfOut ? &P : nullptr,
                   Opts.Trace ? (OneStream ? &P : &T) : nullptr);
      RunStats Before = Stats;
      // Saturating: with no limit (MaxSteps near 2^64), a thread that has
      // run more than the CTAs written so far would otherwise wrap to a
      // limit it has already passed, and the launch would run again in
      // order for nothing.
      R.setStepLimit(llvm::SaturatingAdd(Stats.WarpInstructions, Budget));
      bool Ok = true;
      for (uint64_t I = 0; I < K && Ok; ++I)
        Ok = R.runCta(C + I);
      P.flush();
      T.flush();
      D.Stats = Stats.since(Before);
      std::lock_guard<std::mutex> G(M);
      if (!Ok) {
        fail();
        return;
      }
      Pending.emplace(C, std::make_pair(K, std::move(D)));
      writeInOrder();
    }
  }
};

} // namespace

bool run(const ir::Function &F, const Launch &L, Memory &Mem,
         const RunOptions &Opts, DiagnosticEngine &Diags, RunStats &Stats) {
  Runner Main(F, L, Mem, Opts, Diags, Stats);
  uint64_t PerCta = 0;
  if (!Main.prepareLaunch(PerCta))
    return false;
  uint64_t N = ctaCount(L);
  unsigned Jobs = Opts.Jobs ? Opts.Jobs : std::thread::hardware_concurrency();
  Jobs = unsigned(std::min<uint64_t>({Jobs ? Jobs : 1, MaxJobs, N}));
  // Global memory, its copy and one CTA's state per thread.
  uint64_t Global = Mem.totalBytes();
  auto Needs = [&](unsigned J) {
    return llvm::SaturatingAdd(llvm::SaturatingMultiply<uint64_t>(2, Global),
                               llvm::SaturatingMultiply<uint64_t>(J, PerCta));
  };
  while (Jobs > 1 && Needs(Jobs) > Opts.MemoryLimit)
    --Jobs;
  if (Jobs <= 1)
    return runInOrder(Main, N, Opts, 0);

  // What a run again in order starts from: the regions' bytes before the
  // launch, copied unless their owner keeps them (Region::Initial).
  std::vector<std::vector<uint8_t>> Copy;
  for (const Region &R : Mem.regions())
    Copy.push_back(R.Initial ? std::vector<uint8_t>() : R.Data);
  Grid G(F, L, Mem, Opts, N, Jobs);
  {
    std::vector<std::thread> Threads;
    for (unsigned J = 0; J < Jobs; ++J)
      Threads.emplace_back([&G] { G.worker(); });
    for (std::thread &T : Threads)
      T.join();
  }
  if (!G.Failed) {
    Stats += G.Done;
    return true;
  }
  // Again in order, from the memory the launch started with.
  ++Stats.RunsAgainInOrder;
  for (size_t I = 0; I < Copy.size(); ++I) {
    Region &R = Mem.regions()[I];
    if (R.Initial)
      R.Data = *R.Initial;
    else
      R.Data = std::move(Copy[I]);
  }
  return runInOrder(Main, N, Opts, G.Written);
}

} // namespace interp
} // namespace ptxwarp
