//===- AsyncEngine.h - Pending asynchronous copies and mbarriers ----------===//
//
// The CTA's asynchronous-copy state (private to the interpreter). Each
// thread's cp.async operations wait in its uncommitted list until
// cp.async.commit_group closes them into a cp.async-group; the groups of a
// thread form a queue (PTX ISA "cp.async.commit_group",
// "cp.async.wait_group"), and cp.async.bulk keeps its own bulk async-groups
// (PTX ISA "cp.async.bulk.commit_group", "cp.async.bulk.wait_group").
//
// The model: a copy completes (its bytes are written) as late as the ISA
// lets it, at the first of
//  - the cp.async.wait_group / wait_all (bulk: cp.async.bulk.wait_group)
//    of its thread that waits for its group,
//  - the completion of the mbarrier phase it is tracked by
//    (cp.async.mbarrier.arrive; cp.async.bulk ... mbarrier::complete_tx),
//    which happens when the next mbarrier operation on that object (a
//    test_wait/try_wait in practice) finds that the tracked copies are all
//    the phase still waits for,
//  - the end of the CTA.
// Until then its destination bytes have no defined value: any access to
// them, and any write to its source, is a runtime error that names the
// access and the pending copy. `.read` waits of bulk copies read the
// source (which may then be reused) but leave the destination pending.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_ASYNCENGINE_H
#define PTXWARP_LIB_INTERP_ASYNCENGINE_H

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IR.h"
#include "ptxwarp/Interp/Mbarrier.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>
#include <vector>

namespace ptxwarp {
namespace interp {

struct PendingCopy {
  uint8_t *Dst = nullptr;       ///< host bytes written
  const uint8_t *Src = nullptr; ///< host bytes read
  uint64_t DstAddr = 0, SrcAddr = 0;
  uint32_t Size = 0;    ///< bytes written
  uint32_t SrcSize = 0; ///< bytes read (the rest is zero-filled)
  unsigned Thread = 0;  ///< within the CTA
  uint32_t PC = 0;      ///< the issuing instruction
  bool Bulk = false;
  bool SrcRead = false; ///< the source is in Snapshot (bulk .read wait)
  std::vector<uint8_t> Snapshot;
  int64_t Mbar = -1; ///< shared offset of the mbarrier it signals
  bool Tx = false;   ///< it signals by complete-tx (else by arrive-on)
};

/// What the engine needs from the runner to execute one lane.
struct AsyncLane {
  unsigned Thread = 0; ///< within the CTA
  /// The operand's value in this lane (an address operand: the address).
  llvm::function_ref<uint64_t(const ir::Operand &)> Get;
  /// The host bytes of [Addr, Addr+N) in space \p Sp for this lane, or
  /// null with \p Where saying why not.
  llvm::function_ref<uint8_t *(ir::Space Sp, uint64_t Addr, uint64_t N,
                               std::string &Where)>
      Resolve;
};

/// One lane's outcome: done (with a result for the destination when the
/// instruction has one), blocked (try_wait on a phase that is not complete)
/// or a runtime error (the message follows the instruction's text).
struct AsyncResult {
  enum Kind { Done, Blocked, Error } K = Done;
  DiagID ID = DiagID::AsyncPending;
  std::string Msg;
  uint64_t Out = 0;
  /// A copy issued (cp.async, cp.async.bulk): its host bytes, for the
  /// runner's shadow memory (bytes past CopySrcSize are zero-filled).
  uint8_t *CopyDst = nullptr;
  const uint8_t *CopySrc = nullptr;
  uint32_t CopySize = 0, CopySrcSize = 0;
};

class AsyncEngine {
public:
  void reset(const ir::Function &Fn, unsigned Threads, uint8_t *SharedBase,
             uint64_t SharedSize);
  /// Executes AsyncCopy or Mbarrier instruction \p I for one lane.
  AsyncResult execLane(const ir::Inst &I, uint32_t PC, const AsyncLane &L);
  /// Whether hazard() can find anything.
  bool busy() const { return !Copies.empty() || LiveMbars; }
  /// Why an access to host bytes [P, P+N) (a write when \p Write) is
  /// undefined while copies are pending or an mbarrier object lives there;
  /// empty when it is not. \p ID (when given) receives the diagnostic.
  std::string hazard(const uint8_t *P, uint64_t N, bool Write,
                     DiagID *ID = nullptr) const;

  /// Each of these returns an empty string or an error message.
  std::string copy(PendingCopy C, bool BulkGroup);
  void commit(unsigned Thread, bool Bulk);
  std::string waitGroup(unsigned Thread, uint64_t N, bool Bulk, bool Read);
  std::string copyArrive(unsigned Thread, uint64_t Mbar, bool NoInc);

  /// The mbarrier at shared offset \p Key (host bytes \p Ptr) for
  /// instruction \p I: Init/Inval/ExpectTx/CompleteTx/Arrive*/waits. \p A
  /// and \p B are the instruction's value operands; \p Out receives the
  /// state, the wait result or the pending count.
  std::string mbarrier(const ir::Inst &I, uint64_t Key, uint8_t *Ptr,
                       uint64_t A, uint64_t B, uint64_t &Out);
  /// Completes every copy still pending (the end of the CTA).
  void finish();
  /// For deadlock messages: the state of the mbarrier at \p Key.
  std::string describe(uint64_t Key) const;

private:
  const ir::Function *F = nullptr;
  uint8_t *Shared = nullptr;
  uint64_t SharedSize = 0;
  struct Queues {
    std::vector<uint64_t> Open;                ///< issued, not yet committed
    std::vector<std::vector<uint64_t>> Groups; ///< oldest first
  };
  struct ThreadState {
    Queues Async, Bulk;
  };
  struct MbarEntry {
    Mbarrier M;
    uint8_t *Ptr = nullptr;
    /// Asynchronous arrive-on operations of cp.async.mbarrier.arrive that
    /// wait for their thread's copies (applied by flush()).
    int64_t Deferred = 0;
  };
  /// Per thread of the CTA, allocated by the first asynchronous copy (a
  /// launch of many CTAs that never copies pays nothing).
  std::vector<ThreadState> Threads;
  unsigned NumThreads = 0;
  ThreadState &thread(unsigned T) {
    if (Threads.empty())
      Threads.resize(NumThreads);
    return Threads[T];
  }
  std::map<uint64_t, PendingCopy> Copies; ///< by issue number
  uint64_t NextId = 0;
  std::map<uint64_t, MbarEntry> Mbars;
  unsigned LiveMbars = 0;

  std::string copyText(const PendingCopy &C) const;
  void complete(uint64_t Id);
  void readSource(PendingCopy &C);
  /// Before any operation on the mbarrier at \p Key: when the copies it
  /// tracks (their complete-tx and deferred arrive-on operations) are all
  /// its current phase still waits for, they complete now, and so does the
  /// phase. Until then they stay pending, so that a read of their bytes
  /// before a wait observed the phase is caught.
  std::string flush(uint64_t Key);
};

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_ASYNCENGINE_H
