//===- DefiniteWrites.cpp - Registers a thread may read before writing ----===//
//
// A forward must-analysis on the instruction CFG (Successors.h): the
// registers written on every path to each instruction. The lattice is a bit
// per register, the meet is intersection, the entry starts empty and every
// other instruction at "all written" (unreachable code then reads nothing
// first).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/DefiniteWrites.h"
#include "ptxwarp/IR/Successors.h"

#include <vector>

namespace ptxwarp {
namespace ir {

namespace {

void pushReg(const Operand &O, llvm::SmallVectorImpl<unsigned> &Regs) {
  if (O.isReg())
    Regs.push_back(unsigned(O.RegNo));
}

/// The instruction's leading destinations (Opcodes.def gives the layouts):
/// the ones listed here write their whole register in every lane the
/// instruction executes in.
unsigned leadingDestinations(const Inst &I) {
  switch (I.Op) {
  case Opcode::Unpack: // d0..dn, a
    return unsigned(I.Ops.size()) - 1;
  case Opcode::Ld:   // d0..dn, addr
  case Opcode::Atom: // d, addr, b[, c]
  {
    unsigned N = 0;
    while (N < I.Ops.size() && I.Ops[N].K != Operand::Addr)
      ++N;
    return N == I.Ops.size() ? 0 : N;
  }
  case Opcode::Shfl:  // d, p, ...
  case Opcode::Match: // d, p, a, mask
  case Opcode::Elect: // d, p, mask
    return 2;
  case Opcode::Nop:
  case Opcode::St:
  case Opcode::Red:
  case Opcode::Bra:
  case Opcode::BrxIdx:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Trap:
  case Opcode::Printf:
  case Opcode::BarSync:
  case Opcode::BarRed:
  case Opcode::BarWarpSync:
  case Opcode::Fence:
  case Opcode::AsyncCopy:
  case Opcode::Mbarrier:
  case Opcode::Collective:
    return 0; // no destination, or one the analysis does not rely on
  default:
    // Every other opcode computes one destination, Ops[0] (Setp's optional
    // second predicate is left out: it is only read as far as this goes).
    return 1;
  }
}

} // namespace

void fullWrites(const Inst &I, llvm::SmallVectorImpl<unsigned> &Regs) {
  unsigned N = std::min<unsigned>(leadingDestinations(I), I.Ops.size());
  for (unsigned K = 0; K < N; ++K)
    pushReg(I.Ops[K], Regs);
}

llvm::BitVector registersMaybeReadFirst(const Function &F) {
  const unsigned N = unsigned(F.Insts.size());
  const unsigned R = unsigned(F.Regs.size());
  llvm::BitVector ReadFirst(R);
  if (N == 0)
    return ReadFirst;
  // The sets below take N x R bits: past MaxSetBits (a function with tens of
  // thousands of instructions and registers, e.g. deep inlined recursion),
  // answer "every register" -- what a CTA did before this analysis existed
  // (reset them all), so only the speed of its start changes.
  if (uint64_t(N) * R > MaxSetBits) {
    ReadFirst.set();
    return ReadFirst;
  }
  std::vector<llvm::SmallVector<unsigned, 2>> Succs = successors(F);
  // In[I]: written on every path to I. Out = In + I's writes when unguarded.
  std::vector<llvm::BitVector> In(N, llvm::BitVector(R, true));
  In[0].reset();
  std::vector<llvm::SmallVector<unsigned, 4>> Writes(N);
  for (unsigned I = 0; I < N; ++I)
    if (F.Insts[I].Guard < 0)
      fullWrites(F.Insts[I], Writes[I]);
  std::vector<unsigned> Work;
  std::vector<uint8_t> Queued(N, 0);
  Work.push_back(0);
  Queued[0] = 1;
  llvm::BitVector Out(R);
  while (!Work.empty()) {
    unsigned I = Work.back();
    Work.pop_back();
    Queued[I] = 0;
    Out = In[I];
    for (unsigned W : Writes[I])
      Out.set(W);
    for (unsigned S : Succs[I]) {
      if (S >= N)
        continue;
      // In[S] &= Out; requeue S when that removed something.
      llvm::BitVector Before = In[S];
      In[S] &= Out;
      if (In[S] != Before && !Queued[S]) {
        Queued[S] = 1;
        Work.push_back(S);
      }
    }
  }
  // Now every read that In does not cover.
  for (unsigned I = 0; I < N; ++I) {
    const Inst &Ins = F.Insts[I];
    const unsigned Dests = leadingDestinations(Ins);
    auto Read = [&](int Reg) {
      if (Reg >= 0 && unsigned(Reg) < R && !In[I].test(unsigned(Reg)))
        ReadFirst.set(unsigned(Reg));
    };
    Read(Ins.Guard);
    for (unsigned K = 0; K < Ins.Ops.size(); ++K) {
      const Operand &O = Ins.Ops[K];
      if (O.K == Operand::Addr) {
        Read(O.RegNo);
        continue;
      }
      if (!O.isReg())
        continue;
      if (K < Dests)
        continue; // a destination: written (if the guard holds), not read
      Read(O.RegNo);
    }
  }
  return ReadFirst;
}

} // namespace ir
} // namespace ptxwarp
