//===- LowerAsync.cpp - Lowering cp.async, cp.async.bulk and mbarrier -----===//
//
// PTX ISA "Data Movement and Conversion Instructions: cp.async",
// "cp.async.commit_group", "cp.async.wait_group / cp.async.wait_all",
// "cp.async.mbarrier.arrive", "cp.async.bulk", "cp.async.bulk.prefetch",
// "cp.async.bulk.commit_group", "cp.async.bulk.wait_group", and "Parallel
// Synchronization and Communication Instructions: mbarrier". The operand
// layouts are in ptxwarp/IR/AsyncOps.h. Forms without a meaning on one SM
// (tensor maps, multicast to other CTAs, reductions) are refused.
//
// The memory-ordering qualifiers (.release, .acquire, .relaxed, .cta,
// .cluster) and the cache hints (.L2::64B/128B/256B, .L2::cache_hint with
// its policy operand) change nothing in the interpreter: it runs one CTA
// at a time with sequentially consistent memory, and caches are invisible.
//
//===----------------------------------------------------------------------===//

#include "LowerAsync.h"

#include "ptxwarp/IR/AsyncOps.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {

namespace {

/// The state space a qualifier names, if any.
std::optional<Space> spaceQual(StringRef Q) {
  if (Q == "global")
    return Space::Global;
  if (Q == "shared" || Q == "shared::cta" || Q == "shared::cluster")
    return Space::Shared; // a cluster of one CTA: its own shared memory
  return std::nullopt;
}

/// The space of an mbarrier operand: the instruction's state space, or
/// generic addressing without one.
Space mbarSpace(const ast::InstructionStmt &I) {
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto Sp = spaceQual(Q.Text))
      return *Sp;
  return Space::Generic;
}

const Type U32{Type::U, 32};
const Type B64{Type::B, 64};
const Type Pred{Type::Pred, 1};

bool lowerCp(const ast::InstructionStmt &I, Inst &In, const AsyncLowering &L) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  auto Push = [&](std::optional<Operand> O) {
    if (O)
      In.Ops.push_back(*O);
    return O.has_value();
  };
  auto Imm = [&](unsigned K) {
    return K < Ops.size() && Push(L.Source(Ops[K], U32));
  };
  if (I.hasQualifier("reduce") || !I.hasQualifier("async")) {
    L.Refuse("reductions into memory (cp.reduce.async.bulk) are not "
             "modelled");
    return false;
  }
  In.Op = Opcode::AsyncCopy;
  if (I.hasQualifier("tensor")) {
    L.Refuse("cp.async.bulk.tensor reads a tensor map (CUtensorMap), which "
             "the interpreter does not model");
    return false;
  }
  if (I.hasQualifier("commit_group")) {
    In.Sub = uint8_t(I.hasQualifier("bulk") ? AsyncOp::BulkCommitGroup
                                            : AsyncOp::CommitGroup);
    return true;
  }
  if (I.hasQualifier("wait_group")) {
    In.Sub = uint8_t(I.hasQualifier("bulk") ? AsyncOp::BulkWaitGroup
                                            : AsyncOp::WaitGroup);
    In.Sub2 = I.hasQualifier("read");
    return Imm(0);
  }
  if (I.hasQualifier("wait_all")) {
    In.Sub = uint8_t(AsyncOp::WaitAll);
    return true;
  }
  if (I.hasQualifier("mbarrier") && I.hasQualifier("arrive")) {
    In.Sub = uint8_t(AsyncOp::MbarrierArrive);
    In.Sub2 = I.hasQualifier("noinc");
    return !Ops.empty() && Push(L.Address(Ops[0], mbarSpace(I)));
  }
  if (I.hasQualifier("bulk")) {
    if (I.hasQualifier("prefetch")) {
      // A prefetch into L2 has no effect a program can observe.
      In.Op = Opcode::Fence;
      return true;
    }
    if (I.hasQualifier("multicast::cluster")) {
      L.Refuse("multicast to other CTAs of a cluster is not modelled (the "
               "interpreter runs clusters of one CTA)");
      return false;
    }
    if (I.hasQualifier("cp_mask")) {
      L.Refuse(".cp_mask byte masks are not modelled");
      return false;
    }
    // cp.async.bulk.dst.src.completion [dst], [src], size{, [mbar]}...
    SmallVector<Space, 2> Spaces;
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (auto Sp = spaceQual(Q.Text))
        Spaces.push_back(*Sp);
    bool Mbar = I.hasQualifier("mbarrier::complete_tx::bytes");
    bool Group = I.hasQualifier("bulk_group");
    if (Spaces.size() != 2 || Mbar == Group || Ops.size() < (Mbar ? 4u : 3u)) {
      L.Refuse("this form of cp.async.bulk is not modelled");
      return false;
    }
    In.Sub = uint8_t(AsyncOp::Bulk);
    In.Sub2 = Group;
    if (!Push(L.Address(Ops[0], Spaces[0])) ||
        !Push(L.Address(Ops[1], Spaces[1])) || !Imm(2))
      return false;
    if (Mbar)
      return Push(L.Address(Ops[3], Space::Shared));
    In.Ops.push_back(Operand());
    return true;
  }
  if (!I.hasQualifier("ca") && !I.hasQualifier("cg")) {
    L.Refuse("this form of cp.async is not modelled");
    return false;
  }
  // cp.async.{ca,cg}.shared{::cta}.global [dst], [src], cp-size
  //     {, src-size | ignore-src}{, cache-policy}
  In.Sub = uint8_t(AsyncOp::Copy);
  bool Hint = I.hasQualifier("L2::cache_hint");
  size_t Extra = Ops.size() - (Hint ? 1 : 0);
  if (Ops.size() < 3 || Extra < 3 || Extra > 4) {
    L.Refuse("cp.async takes [dst], [src], cp-size and optional src-size or "
             "ignore-src and cache-policy operands");
    return false;
  }
  if (!Push(L.Address(Ops[0], Space::Shared)) ||
      !Push(L.Address(Ops[1], Space::Global)) || !Imm(2))
    return false;
  uint64_t Size = In.Ops[2].Imm;
  if (In.Ops[2].K != Operand::Immediate ||
      (Size != 4 && Size != 8 && Size != 16) ||
      (I.hasQualifier("cg") && Size != 16)) {
    L.Refuse("cp-size must be 4, 8 or 16 (16 with .cg)");
    return false;
  }
  Operand SrcSize, Ignore;
  if (Extra == 4) {
    std::optional<Operand> O = L.Source(Ops[3], U32);
    if (!O)
      return false;
    bool IsPred =
        O->Negated || (O->isReg() && L.F.Regs[O->RegNo].Ty.K == Type::Pred);
    if (IsPred) {
      O = L.Source(Ops[3], Pred);
      if (!O)
        return false;
      Ignore = *O;
    } else {
      SrcSize = *O;
    }
  }
  In.Ops.push_back(SrcSize);
  In.Ops.push_back(Ignore);
  return true;
}

bool lowerMbarrier(const ast::InstructionStmt &I, Inst &In,
                   const AsyncLowering &L) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  auto Push = [&](std::optional<Operand> O) {
    if (O)
      In.Ops.push_back(*O);
    return O.has_value();
  };
  std::optional<MbarOp> Op;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Op = StringSwitch<std::optional<MbarOp>>(Q.Text)
             .Case("init", MbarOp::Init)
             .Case("inval", MbarOp::Inval)
             .Case("expect_tx", MbarOp::ExpectTx)
             .Case("complete_tx", MbarOp::CompleteTx)
             .Case("arrive", MbarOp::Arrive)
             .Case("arrive_drop", MbarOp::ArriveDrop)
             .Case("test_wait", MbarOp::TestWait)
             .Case("try_wait", MbarOp::TryWait)
             .Case("pending_count", MbarOp::PendingCount)
             .Default(std::nullopt);
    if (Op)
      break;
  }
  if (!Op) {
    L.Refuse("this mbarrier operation is not modelled");
    return false;
  }
  In.Op = Opcode::Mbarrier;
  In.Sub = uint8_t(*Op);
  Space Sp = mbarSpace(I);
  auto Need = [&](size_t N) {
    if (Ops.size() >= N)
      return true;
    L.Refuse("it has too few operands");
    return false;
  };
  switch (*Op) {
  case MbarOp::Init:
  case MbarOp::ExpectTx:
  case MbarOp::CompleteTx:
    return Need(2) && Push(L.Address(Ops[0], Sp)) &&
           Push(L.Source(Ops[1], U32));
  case MbarOp::Inval:
    return Need(1) && Push(L.Address(Ops[0], Sp));
  case MbarOp::Arrive:
  case MbarOp::ArriveDrop: {
    if (I.hasQualifier("expect_tx"))
      In.Sub2 |= MbarExpectTx;
    if (I.hasQualifier("noComplete"))
      In.Sub2 |= MbarNoComplete;
    if (!Need(2) || !Push(L.Dest(Ops[0])) || !Push(L.Address(Ops[1], Sp)))
      return false;
    // arrive{, count} / arrive.expect_tx, txCount (one arrival).
    bool Tx = In.Sub2 & MbarExpectTx;
    if (Ops.size() > 2 && !Tx) {
      if (!Push(L.Source(Ops[2], U32)))
        return false;
    } else {
      In.Ops.push_back(Operand::imm(1));
    }
    if (Tx)
      return Need(3) && Push(L.Source(Ops[2], U32));
    In.Ops.push_back(Operand::imm(0));
    return true;
  }
  case MbarOp::TestWait:
  case MbarOp::TryWait:
    if (I.hasQualifier("parity"))
      In.Sub2 |= MbarParity;
    // The optional suspendTimeHint only bounds how long try_wait waits.
    return Need(3) && Push(L.Dest(Ops[0])) && Push(L.Address(Ops[1], Sp)) &&
           Push(L.Source(Ops[2], (In.Sub2 & MbarParity) ? U32 : B64));
  case MbarOp::PendingCount:
    return Need(2) && Push(L.Dest(Ops[0])) && Push(L.Source(Ops[1], B64));
  }
  return false;
}

} // namespace

bool lowerAsync(const ast::InstructionStmt &I, Opcode Exec, Inst &In,
                const AsyncLowering &L) {
  return Exec == Opcode::Mbarrier ? lowerMbarrier(I, In, L) : lowerCp(I, In, L);
}

} // namespace ir
} // namespace ptxwarp
