//===- AsyncEngine.cpp - Pending asynchronous copies and mbarriers --------===//
//
// The completion model is described in AsyncEngine.h; the mbarrier state
// machine is in Mbarrier.cpp.
//
//===----------------------------------------------------------------------===//

#include "AsyncEngine.h"

#include "ptxwarp/IR/AsyncOps.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdint>
#include <cstring>

using namespace llvm;
using ptxwarp::ir::MbarOp;

namespace ptxwarp {
namespace interp {

namespace {
bool overlaps(const uint8_t *P, uint64_t N, const uint8_t *Q, uint64_t M) {
  if (!N || !M || !P || !Q)
    return false;
  uintptr_t A = reinterpret_cast<uintptr_t>(P);
  uintptr_t B = reinterpret_cast<uintptr_t>(Q);
  return A < B + M && B < A + N;
}
} // namespace

void AsyncEngine::reset(const ir::Function &Fn, unsigned NumThreads,
                        uint8_t *SharedBase, uint64_t Size) {
  F = &Fn;
  Shared = SharedBase;
  SharedSize = Size;
  this->NumThreads = NumThreads;
  Threads.clear();
  Copies.clear();
  Mbars.clear();
  LiveMbars = 0;
}

std::string AsyncEngine::copyText(const PendingCopy &C) const {
  const ir::Inst &I = F->Insts[C.PC];
  return "'" + I.Text + "' (line " + std::to_string(I.Line) + ", thread " +
         std::to_string(C.Thread) + ")";
}

std::string AsyncEngine::hazard(const uint8_t *P, uint64_t N, bool Write,
                                DiagID *ID) const {
  if (ID)
    *ID = DiagID::AsyncPending;
  for (const auto &[Id, C] : Copies) {
    if (overlaps(P, N, C.Dst, C.Size))
      return std::string(Write ? "writes" : "reads") +
             " bytes that the pending " + copyText(C) +
             " writes: they have no defined value until " +
             (C.Mbar >= 0 ? "the mbarrier phase it signals completes"
              : C.Bulk    ? "cp.async.bulk.wait_group waits for its group"
                          : "cp.async.wait_group/wait_all waits for it");
    if (Write && !C.SrcRead && overlaps(P, N, C.Src, C.SrcSize))
      return "overwrites the source of the pending " + copyText(C) +
             " before the copy has read it";
  }
  if (ID)
    *ID = DiagID::MbarrierMisuse;
  for (const auto &[Key, E] : Mbars)
    if (E.M.valid() && overlaps(P, N, E.Ptr, 8))
      return "accesses the mbarrier object at shared offset 0x" +
             utohexstr(Key) +
             ": only mbarrier instructions may access it until "
             "mbarrier.inval";
  return "";
}

void AsyncEngine::readSource(PendingCopy &C) {
  if (C.SrcRead)
    return;
  C.Snapshot.assign(C.Src, C.Src + C.SrcSize);
  C.SrcRead = true;
}

void AsyncEngine::complete(uint64_t Id) {
  auto It = Copies.find(Id);
  if (It == Copies.end())
    return;
  PendingCopy &C = It->second;
  // A source that overlaps the destination is read first (memmove).
  if (C.SrcRead && C.SrcSize)
    std::memcpy(C.Dst, C.Snapshot.data(), C.SrcSize);
  else if (C.SrcSize)
    std::memmove(C.Dst, C.Src, C.SrcSize);
  // cp.async with src-size < cp-size: the rest is zero-filled.
  std::memset(C.Dst + C.SrcSize, 0, C.Size - C.SrcSize);
  Copies.erase(It);
}

std::string AsyncEngine::copy(PendingCopy C, bool BulkGroup) {
  // Two writers in flight, or reading bytes still being written, have no
  // defined result either.
  std::string H = hazard(C.Dst, C.Size, /*Write=*/true);
  if (H.empty())
    H = hazard(C.Src, C.SrcSize, /*Write=*/false);
  if (!H.empty())
    return H;
  uint64_t Id = NextId++;
  int64_t Key = C.Mbar;
  unsigned T = C.Thread;
  bool Bulk = C.Bulk;
  C.Tx = Key >= 0;
  Copies.emplace(Id, std::move(C));
  if (Key >= 0) {
    return "";
  }
  Queues &Q = Bulk ? thread(T).Bulk : thread(T).Async;
  (void)BulkGroup;
  Q.Open.push_back(Id);
  return "";
}

void AsyncEngine::commit(unsigned Thread, bool Bulk) {
  // commit_group with nothing pending makes an empty group (PTX ISA
  // "cp.async.commit_group"): wait_group N counts it.
  Queues &Q = Bulk ? thread(Thread).Bulk : thread(Thread).Async;
  Q.Groups.push_back(std::move(Q.Open));
  Q.Open.clear();
}

std::string AsyncEngine::waitGroup(unsigned Thread, uint64_t N, bool Bulk,
                                   bool Read) {
  // wait_group N: every group but the N most recent ones completes.
  Queues &Q = Bulk ? thread(Thread).Bulk : thread(Thread).Async;
  if (Q.Groups.size() <= N)
    return "";
  size_t Done = Q.Groups.size() - size_t(N);
  for (size_t K = 0; K < Done; ++K)
    for (uint64_t Id : Q.Groups[K]) {
      if (!Read) {
        complete(Id);
        continue;
      }
      auto It = Copies.find(Id);
      if (It != Copies.end())
        readSource(It->second);
    }
  if (!Read)
    Q.Groups.erase(Q.Groups.begin(), Q.Groups.begin() + Done);
  return "";
}

std::string AsyncEngine::copyArrive(unsigned Thread, uint64_t Key, bool NoInc) {
  auto It = Mbars.find(Key);
  if (It == Mbars.end() || !It->second.M.valid())
    return "uses the mbarrier object at shared offset 0x" + utohexstr(Key) +
           ", which mbarrier.init has not initialized";
  MbarEntry &E = It->second;
  if (std::string Err = flush(Key); !Err.empty())
    return Err;
  // Every prior cp.async of the thread is tracked: the arrive-on happens
  // after they complete. One already tracked by another mbarrier completes
  // now (earlier is always allowed).
  SmallVector<uint64_t, 8> Now;
  for (auto &[Id, C] : Copies) {
    if (C.Thread != Thread || C.Bulk)
      continue;
    if (C.Mbar >= 0 && uint64_t(C.Mbar) != Key)
      Now.push_back(Id);
    else
      C.Mbar = int64_t(Key);
  }
  for (uint64_t Id : Now)
    complete(Id);
  // Without .noinc the pending count is raised by one first, so the
  // asynchronous arrive-on changes nothing in the current phase; with
  // .noinc it is one of the phase's expected arrivals.
  if (!NoInc)
    if (std::string Err = E.M.addPending(1); !Err.empty())
      return Err;
  ++E.Deferred;
  return "";
}

std::string AsyncEngine::flush(uint64_t Key) {
  MbarEntry &E = Mbars[Key];
  Mbarrier &M = E.M;
  int64_t InFlight = 0;
  SmallVector<uint64_t, 8> Ids;
  for (const auto &[Id, C] : Copies)
    if (C.Mbar == int64_t(Key)) {
      InFlight += C.Tx ? C.Size : 0;
      Ids.push_back(Id);
    }
  if (!M.valid() || (Ids.empty() && !E.Deferred) || M.pending() != E.Deferred ||
      M.txCount() != InFlight)
    return "";
  for (uint64_t Id : Ids) {
    bool Tx = Copies[Id].Tx;
    uint32_t Size = Copies[Id].Size;
    complete(Id);
    if (Tx)
      if (std::string Err = M.completeTx(Size); !Err.empty())
        return Err;
  }
  if (E.Deferred) {
    uint64_t State;
    int64_t D = E.Deferred;
    E.Deferred = 0;
    return M.arrive(D, 0, false, false, State);
  }
  return "";
}

std::string AsyncEngine::mbarrier(const ir::Inst &I, uint64_t Key, uint8_t *Ptr,
                                  uint64_t A, uint64_t B, uint64_t &Out) {
  MbarOp Op = MbarOp(I.Sub);
  MbarEntry &E = Mbars[Key];
  E.Ptr = Ptr;
  bool WasValid = E.M.valid();
  if (Op == MbarOp::Init) {
    std::string Err = E.M.init(int64_t(uint32_t(A)));
    LiveMbars += E.M.valid() && !WasValid;
    return Err;
  }
  if (!WasValid)
    return "uses the mbarrier object at shared offset 0x" + utohexstr(Key) +
           ", which mbarrier.init has not initialized (or mbarrier.inval "
           "invalidated)";
  if (std::string Err = flush(Key); !Err.empty())
    return Err;
  std::string Err;
  switch (Op) {
  case MbarOp::Inval:
    for (const auto &[Id, C] : Copies)
      if (C.Mbar == int64_t(Key))
        return "invalidates the mbarrier object at shared offset 0x" +
               utohexstr(Key) + " that the pending " + copyText(C) + " signals";
    if (E.Deferred)
      return "invalidates the mbarrier object at shared offset 0x" +
             utohexstr(Key) +
             " while a cp.async.mbarrier.arrive has yet to arrive on it";
    E.M.inval();
    --LiveMbars;
    return "";
  case MbarOp::ExpectTx:
    Err = E.M.expectTx(int64_t(uint32_t(A)));
    break;
  case MbarOp::CompleteTx:
    Err = E.M.completeTx(int64_t(uint32_t(A)));
    break;
  case MbarOp::Arrive:
  case MbarOp::ArriveDrop:
    Err =
        E.M.arrive(int64_t(uint32_t(A)),
                   (I.Sub2 & ir::MbarExpectTx) ? int64_t(uint32_t(B)) : 0,
                   I.Sub2 & ir::MbarNoComplete, Op == MbarOp::ArriveDrop, Out);
    break;
  case MbarOp::TestWait:
  case MbarOp::TryWait:
    Out = (I.Sub2 & ir::MbarParity) ? E.M.parityDone(A) : E.M.phaseDone(A);
    return "";
  case MbarOp::PendingCount:
  case MbarOp::Init:
    return "";
  }
  return Err;
}

AsyncResult AsyncEngine::execLane(const ir::Inst &I, uint32_t PC,
                                  const AsyncLane &L) {
  using ir::AsyncOp;
  using ir::Operand;
  AsyncResult R;
  auto Fail = [&](DiagID ID, std::string Msg) {
    R.K = AsyncResult::Error;
    R.ID = ID;
    R.Msg = std::move(Msg);
    return R;
  };
  auto Check = [&](std::string Msg) {
    if (!Msg.empty())
      Fail(DiagID::AsyncPending, std::move(Msg));
    return R;
  };
  // The host bytes of an address operand, checked for bounds and for
  // alignment to \p Align.
  auto Bytes = [&](const Operand &A, uint64_t N, uint64_t Align,
                   uint64_t &Addr) -> uint8_t * {
    Addr = L.Get(A);
    if (Align > 1 && Addr % Align) {
      Fail(DiagID::MisalignedAccess,
           "accesses address 0x" + utohexstr(Addr) + ", which is not " +
               std::to_string(Align) + "-byte aligned");
      return nullptr;
    }
    std::string Where;
    uint8_t *P = L.Resolve(A.Sp, Addr, N, Where);
    if (!P)
      Fail(DiagID::OutOfBounds, "accesses " + std::to_string(N) +
                                    " bytes at address 0x" +
                                    utohexstr(Addr, true) + " " + Where);
    return P;
  };
  // The shared-memory offset of the mbarrier object operand \p A.
  auto MbarKey = [&](const Operand &A, uint64_t &Key) -> uint8_t * {
    uint64_t Addr;
    uint8_t *P = Bytes(A, 8, 8, Addr);
    if (!P)
      return nullptr;
    if (P < Shared || P >= Shared + SharedSize) {
      Fail(DiagID::MbarrierMisuse,
           "uses address 0x" + utohexstr(Addr, true) +
               " as an mbarrier object, which must be in shared memory");
      return nullptr;
    }
    Key = uint64_t(P - Shared);
    return P;
  };

  if (I.Op == ir::Opcode::Mbarrier) {
    MbarOp Op = MbarOp(I.Sub);
    if (Op == MbarOp::PendingCount) {
      R.Out = Mbarrier::pendingCount(L.Get(I.Ops[1]));
      return R;
    }
    bool HasDest = Op == MbarOp::Arrive || Op == MbarOp::ArriveDrop ||
                   Op == MbarOp::TestWait || Op == MbarOp::TryWait;
    unsigned AddrIdx = HasDest ? 1 : 0;
    uint64_t Key;
    uint8_t *P = MbarKey(I.Ops[AddrIdx], Key);
    if (!P)
      return R;
    auto Val = [&](unsigned K) {
      return AddrIdx + K < I.Ops.size() ? L.Get(I.Ops[AddrIdx + K]) : 0;
    };
    std::string Err = mbarrier(I, Key, P, Val(1), Val(2), R.Out);
    if (!Err.empty())
      return Fail(DiagID::MbarrierMisuse, Err);
    if (Op == MbarOp::TryWait && !R.Out)
      R.K = AsyncResult::Blocked;
    return R;
  }

  switch (AsyncOp(I.Sub)) {
  case AsyncOp::Copy:
  case AsyncOp::Bulk: {
    bool Bulk = AsyncOp(I.Sub) == AsyncOp::Bulk;
    uint64_t Size = L.Get(I.Ops[2]);
    uint64_t SrcSize = Size;
    if (Bulk && (Size % 16 || Size == 0))
      return Fail(DiagID::MisalignedAccess,
                  "copies " + std::to_string(Size) +
                      " bytes, which is not a positive multiple of 16");
    if (!Bulk && I.Ops[3].K != Operand::None) {
      // src-size: the bytes read; the rest of cp-size is zero-filled.
      SrcSize = uint32_t(L.Get(I.Ops[3]));
      if (SrcSize > Size)
        return Fail(DiagID::AsyncPending,
                    "has src-size " + std::to_string(SrcSize) +
                        " larger than its cp-size " + std::to_string(Size));
    }
    if (!Bulk && I.Ops[4].K != Operand::None && L.Get(I.Ops[4]))
      SrcSize = 0; // ignore-src: zeros are written
    uint64_t Align = Bulk ? 16 : Size;
    PendingCopy C;
    C.Dst = Bytes(I.Ops[0], Size, Align, C.DstAddr);
    if (!C.Dst)
      return R;
    if (SrcSize || Bulk) {
      C.Src = Bytes(I.Ops[1], SrcSize, Align, C.SrcAddr);
      if (!C.Src)
        return R;
    }
    C.Size = uint32_t(Size);
    C.SrcSize = uint32_t(SrcSize);
    C.Thread = L.Thread;
    C.PC = PC;
    C.Bulk = Bulk;
    if (Bulk && I.Ops[3].K != Operand::None) {
      uint64_t Key;
      if (!MbarKey(I.Ops[3], Key))
        return R;
      auto It = Mbars.find(Key);
      if (It == Mbars.end() || !It->second.M.valid())
        return Fail(DiagID::MbarrierMisuse,
                    "signals complete-tx on the mbarrier object at shared "
                    "offset 0x" +
                        utohexstr(Key) + ", which is not initialized");
      C.Mbar = int64_t(Key);
    }
    R.CopyDst = C.Dst;
    R.CopySrc = C.Src;
    R.CopySize = C.Size;
    R.CopySrcSize = C.SrcSize;
    return Check(copy(std::move(C), I.Sub2 != 0));
  }
  case AsyncOp::CommitGroup:
  case AsyncOp::BulkCommitGroup:
    commit(L.Thread, AsyncOp(I.Sub) == AsyncOp::BulkCommitGroup);
    return R;
  case AsyncOp::WaitAll:
    commit(L.Thread, false);
    return Check(waitGroup(L.Thread, 0, false, false));
  case AsyncOp::WaitGroup:
  case AsyncOp::BulkWaitGroup:
    return Check(waitGroup(L.Thread, L.Get(I.Ops[0]),
                           AsyncOp(I.Sub) == AsyncOp::BulkWaitGroup,
                           I.Sub2 != 0));
  case AsyncOp::MbarrierArrive: {
    uint64_t Key;
    if (!MbarKey(I.Ops[0], Key))
      return R;
    std::string Err = copyArrive(L.Thread, Key, I.Sub2 != 0);
    if (!Err.empty())
      return Fail(DiagID::MbarrierMisuse, Err);
    return R;
  }
  }
  return R;
}

void AsyncEngine::finish() {
  while (!Copies.empty())
    complete(Copies.begin()->first);
}

std::string AsyncEngine::describe(uint64_t Key) const {
  auto It = Mbars.find(Key);
  if (It == Mbars.end() || !It->second.M.valid())
    return "not initialized";
  const Mbarrier &M = It->second.M;
  return "phase " + std::to_string(M.phase()) + ", " +
         std::to_string(M.pending()) + " pending arrivals, tx-count " +
         std::to_string(M.txCount());
}

} // namespace interp
} // namespace ptxwarp
