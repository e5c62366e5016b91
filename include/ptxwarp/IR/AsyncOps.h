//===- AsyncOps.h - Modes of the asynchronous-copy and mbarrier ops -------===//
//
// The IR opcodes AsyncCopy and Mbarrier carry one of these modes in Sub
// (Opcodes.def gives each mode's operand layout).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_ASYNCOPS_H
#define PTXWARP_IR_ASYNCOPS_H

#include <cstdint>

namespace ptxwarp {
namespace ir {

/// AsyncCopy's Sub (PTX ISA "Data Movement and Conversion Instructions:
/// cp.async" and "cp.async.bulk").
enum class AsyncOp : uint8_t {
  /// cp.async.{ca,cg}: dst, src, cp-size, src-size|None, ignore-src|None
  Copy,
  CommitGroup, ///< cp.async.commit_group
  WaitGroup,   ///< cp.async.wait_group N: N
  WaitAll,     ///< cp.async.wait_all
  /// cp.async.mbarrier.arrive{.noinc}: mbar (Sub2 = 1 for .noinc)
  MbarrierArrive,
  /// cp.async.bulk: dst, src, size, mbar|None (Sub2 = 1 for .bulk_group)
  Bulk,
  BulkCommitGroup, ///< cp.async.bulk.commit_group
  BulkWaitGroup,   ///< cp.async.bulk.wait_group{.read} N: N (Sub2 = .read)
};

/// Mbarrier's Sub (PTX ISA "Parallel Synchronization and Communication
/// Instructions: mbarrier").
enum class MbarOp : uint8_t {
  Init,         ///< addr, count
  Inval,        ///< addr
  ExpectTx,     ///< addr, txCount
  CompleteTx,   ///< addr, txCount
  Arrive,       ///< state|None, addr, count, txCount (Sub2: MbarFlags)
  ArriveDrop,   ///< as Arrive
  TestWait,     ///< waitComplete, addr, state|parity (Sub2: MbarParity)
  TryWait,      ///< as TestWait
  PendingCount, ///< count, state
};

/// Mbarrier's Sub2 bits.
enum : uint8_t {
  MbarExpectTx = 1,   ///< .expect_tx
  MbarNoComplete = 2, ///< .noComplete
  MbarParity = 4,     ///< .parity
};

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_ASYNCOPS_H
