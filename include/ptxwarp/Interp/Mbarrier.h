//===- Mbarrier.h - The mbarrier object's state machine
//--------------------===//
//
// PTX ISA "Parallel Synchronization and Communication Instructions:
// mbarrier": an mbarrier object tracks its current phase, the pending
// arrival count of that phase, the expected arrival count of the next
// phases and the tx-count (pending transaction bytes). The current phase
// completes when its pending arrival count and its tx-count are both zero;
// then the phase advances, the pending count is reloaded with the expected
// count and the tx-count starts again from zero.
//
// The interpreter keeps one Mbarrier per object in shared memory (by
// address); its state operands are opaque 64-bit values (the ISA does not
// define their encoding): the phase before the arrive-on in the high word
// and the pending count before it in the low word.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_MBARRIER_H
#define PTXWARP_INTERP_MBARRIER_H

#include <cstdint>
#include <string>

namespace ptxwarp {
namespace interp {

class Mbarrier {
public:
  /// Arrival counts lie in [1, 2^20 - 1] and tx-counts in
  /// [-(2^20 - 1), 2^20 - 1] (PTX ISA "mbarrier: Contents of the mbarrier
  /// object").
  static constexpr int64_t MaxCount = (1 << 20) - 1;

  /// Each operation returns an empty string or, for undefined behaviour,
  /// why (the caller reports it with the instruction).
  std::string init(int64_t Count);
  void inval() { Valid = false; }
  /// arrive-on with \p Count after an expect-tx of \p Tx bytes (0 for
  /// none); \p State receives the object's state before the arrive-on.
  /// \p NoComplete: .noComplete, undefined when the arrive completes the
  /// phase. \p Drop: arrive_drop, which also lowers the expected count of
  /// the following phases by \p Count.
  std::string arrive(int64_t Count, int64_t Tx, bool NoComplete, bool Drop,
                     uint64_t &State);
  std::string expectTx(int64_t Tx);
  /// cp.async.mbarrier.arrive without .noinc: the pending count of the
  /// current phase rises by \p Count before the asynchronous arrive-on.
  std::string addPending(int64_t Count);
  std::string completeTx(int64_t Tx);
  /// test_wait/try_wait with a state from arrive: whether the phase it
  /// names has completed.
  bool phaseDone(uint64_t State) const {
    return uint32_t(State >> 32) != Phase;
  }
  /// test_wait.parity/try_wait.parity: whether the phase of parity
  /// \p Parity (the current or the preceding one) has completed.
  bool parityDone(uint64_t Parity) const { return (Phase & 1) != (Parity & 1); }
  /// mbarrier.pending_count: the pending count a state recorded.
  static uint32_t pendingCount(uint64_t State) { return uint32_t(State); }

  bool valid() const { return Valid; }
  uint32_t phase() const { return Phase; }
  int64_t pending() const { return Pending; }
  int64_t expected() const { return Expected; }
  int64_t txCount() const { return Tx; }

private:
  bool Valid = false;
  uint32_t Phase = 0; ///< phases completed since init
  int64_t Expected = 0, Pending = 0, Tx = 0;

  std::string checkTx(int64_t NewTx) const;
  /// Completes the current phase when nothing is pending any more.
  void settle();
};

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_MBARRIER_H
