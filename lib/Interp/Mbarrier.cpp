//===- Mbarrier.cpp - The mbarrier object's state machine -----------------===//
//
// PTX ISA "Parallel Synchronization and Communication Instructions:
// mbarrier" (the phase, arrival and tx-count rules); see Mbarrier.h.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Mbarrier.h"

namespace ptxwarp {
namespace interp {

std::string Mbarrier::init(int64_t Count) {
  // mbarrier.init: count in [1, 2^20 - 1]; phase 0, pending = expected =
  // count, tx-count 0.
  if (Count < 1 || Count > MaxCount)
    return "has arrival count " + std::to_string(Count) +
           ", outside [1, 1048575]";
  Valid = true;
  Phase = 0;
  Expected = Pending = Count;
  Tx = 0;
  return "";
}

std::string Mbarrier::checkTx(int64_t NewTx) const {
  if (NewTx > MaxCount || NewTx < -MaxCount)
    return "makes the tx-count " + std::to_string(NewTx) +
           ", outside [-1048575, 1048575]";
  return "";
}

std::string Mbarrier::expectTx(int64_t Bytes) {
  // expect-tx operation: tx-count += txCount.
  if (Bytes < 0 || Bytes > MaxCount)
    return "has tx-count operand " + std::to_string(Bytes) +
           ", outside [0, 1048575]";
  if (std::string E = checkTx(Tx + Bytes); !E.empty())
    return E;
  Tx += Bytes;
  settle();
  return "";
}

std::string Mbarrier::addPending(int64_t Count) {
  if (Pending + Count > MaxCount)
    return "makes the pending arrival count " +
           std::to_string(Pending + Count) + ", more than 1048575";
  Pending += Count;
  return "";
}

std::string Mbarrier::completeTx(int64_t Bytes) {
  // complete-tx operation: tx-count -= txCount; completes the phase when
  // the arrivals are in too.
  if (Bytes < 0 || Bytes > MaxCount)
    return "has tx-count operand " + std::to_string(Bytes) +
           ", outside [0, 1048575]";
  if (std::string E = checkTx(Tx - Bytes); !E.empty())
    return E;
  Tx -= Bytes;
  settle();
  return "";
}

std::string Mbarrier::arrive(int64_t Count, int64_t TxBytes, bool NoComplete,
                             bool Drop, uint64_t &State) {
  if (Count < 1 || Count > MaxCount)
    return "has arrival count " + std::to_string(Count) +
           ", outside [1, 1048575]";
  if (Count > Pending)
    return "arrives with count " + std::to_string(Count) +
           " but the current phase has only " + std::to_string(Pending) +
           " pending arrivals";
  if (Drop && Count > Expected)
    return "lowers the expected arrival count " + std::to_string(Expected) +
           " by " + std::to_string(Count);
  if (TxBytes) {
    if (TxBytes < 0 || TxBytes > MaxCount)
      return "has tx-count operand " + std::to_string(TxBytes) +
             ", outside [0, 1048575]";
    if (std::string E = checkTx(Tx + TxBytes); !E.empty())
      return E;
  }
  // .noComplete: undefined when this arrive-on completes the phase.
  if (NoComplete && Pending == Count && Tx + TxBytes == 0)
    return "is .noComplete but completes the current phase";
  State = uint64_t(Phase) << 32 | uint32_t(Pending);
  Tx += TxBytes;
  if (Drop)
    Expected -= Count;
  Pending -= Count;
  settle();
  return "";
}

void Mbarrier::settle() {
  if (Pending != 0 || Tx != 0)
    return;
  ++Phase;
  Pending = Expected;
}

} // namespace interp
} // namespace ptxwarp
