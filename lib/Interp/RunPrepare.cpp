//===- RunPrepare.cpp - What the hot loop needs, decided once -------------===//
//
// Runner::prepare(): the registers' lanes (which a new CTA resets), and for
// each instruction what runGroup and compute() need (Runner::Prepared): its
// lane kernel with its sources resolved, the general path's choice
// (GeneralPrep), and whether the group loop runs it itself.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ptxwarp/IR/AsyncOps.h"
#include "ptxwarp/IR/DefiniteWrites.h"
#include "ptxwarp/Interp/Packed.h"

#include <map>

namespace ptxwarp {
namespace interp {
namespace detail {

namespace {

/// The lane ids 0..31: the value of %laneid in every lane, in lanes of T.
template <typename T> const T *laneIds() {
  static const LaneArray<T> Ids = [] {
    LaneArray<T> A{};
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      A[Lane] = T(Lane);
    return A;
  }();
  return Ids.data();
}

/// The special registers with one value in every thread of a CTA (get()
/// reads them from the launch and the CTA's id, not from the warp or lane).
bool isCtaUniform(SReg S) {
  switch (S) {
  case SReg::NTidX:
  case SReg::NTidY:
  case SReg::NTidZ:
  case SReg::CtaIdX:
  case SReg::CtaIdY:
  case SReg::CtaIdZ:
  case SReg::NCtaIdX:
  case SReg::NCtaIdY:
  case SReg::NCtaIdZ:
  case SReg::NWarpId:
  case SReg::TotalSmemSize:
  case SReg::SmId:
  case SReg::NSmId:
  case SReg::GridId:
  case SReg::Zero:
  case SReg::DynamicSmemSize:
    return true;
  default:
    return false;
  }
}

bool isTid(SReg S) {
  return S == SReg::TidX || S == SReg::TidY || S == SReg::TidZ;
}

/// Instructions that only compute registers from registers (Runner::compute):
/// everything but control flow, memory, barriers, printf and warp-sync ops.
bool onlyComputes(Opcode Op) {
  switch (Op) {
  case Opcode::Bra:
  case Opcode::BrxIdx:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Trap:
  case Opcode::BarRed:
  case Opcode::BarSync:
  case Opcode::Printf:
  case Opcode::Fence:
  case Opcode::AsyncCopy:
  case Opcode::Mbarrier:
  case Opcode::Nop:
  case Opcode::Ld:
  case Opcode::St:
  case Opcode::Atom:
  case Opcode::Red:
    return false;
  default:
    return !isWarpSync(Op);
  }
}

} // namespace

void Runner::prepare() {
  // Registers of at most 32 bits (and predicates) get 32-bit lanes.
  // The registers a thread may read before writing them come first, so
  // that a new CTA resets a prefix of Regs32 and of Regs (resetWarp); the
  // others are written before any read, whatever they held.
  Slot.resize(F.Regs.size());
  Narrow.resize(F.Regs.size());
  llvm::BitVector ReadFirst = ir::registersMaybeReadFirst(F);
  for (bool First : {true, false})
    for (size_t R = 0; R < F.Regs.size(); ++R) {
      if (ReadFirst.test(unsigned(R)) != First)
        continue;
      ir::Type T = F.Regs[R].Ty;
      Narrow[R] = T.K == ir::Type::Pred || (T.Bits > 0 && T.Bits <= 32);
      Slot[R] = uint32_t((Narrow[R] ? NumNarrow++ : NumWide++) * WarpSize);
      if (First) {
        ResetNarrow = NumNarrow * WarpSize;
        ResetWide = NumWide * WarpSize;
      }
    }
  static const Operand NoOp;
  // Kernel sources that are no registers read constant lane arrays
  // (FixedLanes), one per constant: each warp's RegLanes points to them
  // after the registers and %tid.
  const uint32_t FirstFixed = uint32_t(F.Regs.size() + 3);
  const uint32_t LaneIds32 = 0, LaneIds64 = 1;
  FixedLanes = {laneIds<uint32_t>(), laneIds<uint64_t>()};
  std::map<std::pair<uint64_t, bool>, uint32_t> ImmSlots;
  std::map<std::pair<unsigned, bool>, uint32_t> SpecialSlots;
  Code.resize(F.Insts.size());
  Gen.resize(F.Insts.size());
  std::vector<uint32_t> ParamLoads;
  for (size_t PC = 0; PC < F.Insts.size(); ++PC) {
    const Inst *Param = paramLoadAsMov(F.Insts[PC]);
    if (Param)
      ParamLoads.push_back(uint32_t(PC));
    const Inst &I = Param ? *Param : F.Insts[PC];
    Prepared &P = Code[PC];
    if (onlyComputes(I.Op) && !isPackedScalar(I)) {
      GeneralPrep &G = Gen[PC];
      G.K = laneKernelOf(I);
      G.Path = G.K != LaneKernel::None && !isSetpKernel(G.K)
                   ? GeneralPrep::Kernel
                   : GeneralPrep::General;
      if (G.Path == GeneralPrep::Kernel)
        G.Args = laneArgsOf(I, ir::Type());
    }
    P.OnlyComputes = onlyComputes(I.Op);
    P.Branch = I.Op == Opcode::Bra || I.Op == Opcode::Ret;
    P.Access = I.Op == Opcode::Ld || I.Op == Opcode::St;
    P.Guard = I.Guard;
    P.GuardNeg = I.GuardNeg;
    P.Target = I.Target;
    prepareWarpFast(uint32_t(PC));
    LaneKernel K = laneKernelOf(I);
    // A kernel writes one register with the formula's bits; a predicate
    // register (0/1) only takes setp's result as it is.
    if (K == LaneKernel::None || I.Ops.size() > 4 || !I.Ops[0].isReg())
      continue;
    ir::Type DT = F.Regs[I.Ops[0].RegNo].Ty;
    if (DT.K == ir::Type::Pred && !isSetpKernel(K))
      continue;
    // setp's sources follow p and the (absent) q.
    unsigned First = 1;
    if (isSetpKernel(K)) {
      if (I.Ops.size() != 4 || I.Ops[1].K != Operand::None)
        continue;
      First = 2;
    }
    // The sources: registers of one lane width (selp's predicate apart),
    // constants or %laneid; anything else takes the general path.
    const Operand *Ops[3];
    int NarrowS = -1; // unknown until a register source says
    bool Ok = true;
    for (unsigned S = 0; S < 3; ++S) {
      const Operand &O = First + S < I.Ops.size() ? I.Ops[First + S] : NoOp;
      Ops[S] = &O;
      bool Pred = K == LaneKernel::Selp && S == 2;
      if (O.Negated)
        Ok = false;
      else if (O.K == Operand::Register && Pred)
        Ok &= bool(Narrow[O.RegNo]);
      else if (O.K == Operand::Register && NarrowS >= 0)
        Ok &= NarrowS == int(Narrow[O.RegNo]);
      else if (O.K == Operand::Register)
        NarrowS = Narrow[O.RegNo];
      else if (O.K == Operand::Special)
        Ok &= O.S == SReg::LaneId || isTid(O.S) || isCtaUniform(O.S);
      else
        Ok &= O.K == Operand::Immediate || O.K == Operand::None;
    }
    if (!Ok)
      continue;
    unsigned Dst = I.Ops[0].RegNo;
    if (NarrowS < 0)
      NarrowS = Narrow[Dst];
    // %tid lanes are 32-bit (Warp::Tid): only for kernels of 32-bit lanes.
    for (unsigned S = 0; S < 3; ++S)
      if (Ops[S]->K == Operand::Special && isTid(Ops[S]->S) && !NarrowS &&
          !(K == LaneKernel::Selp && S == 2))
        Ok = false;
    if (!Ok)
      continue;
    P.Kernel = K;
    P.Args = laneArgsOf(I, DT);
    P.Loop = laneLoopOf(wholeWarpKernel(I, K, P.Args), Narrow[Dst], NarrowS);
    P.Dst = Dst;
    for (unsigned S = 0; S < 3; ++S) {
      const Operand &O = *Ops[S];
      KernelSrc &KS = P.Src[S];
      KS.Op = &O;
      bool Narrow32 = NarrowS || (K == LaneKernel::Selp && S == 2);
      // Anything but a register is always defined.
      KS.UndefAt = uint32_t(F.Regs.size());
      if (O.K == Operand::Register) {
        KS.Lanes = uint32_t(O.RegNo);
        KS.UndefAt = uint32_t(O.RegNo);
      } else if (O.K == Operand::Special && isTid(O.S)) {
        // Warp::Tid's lanes, at the register numbers after the kernel's
        // own (setupWarps).
        KS.Lanes =
            uint32_t(F.Regs.size() + unsigned(O.S) - unsigned(SReg::TidX));
      } else if (O.K == Operand::Special && isCtaUniform(O.S)) {
        auto [It, New] = SpecialSlots.try_emplace({unsigned(O.S), Narrow32},
                                                  uint32_t(FixedLanes.size()));
        if (New) {
          CtaSpecial CS{&O, nullptr, nullptr};
          if (Narrow32)
            FixedLanes.push_back(
                (CS.A32 = &Broadcasts32.emplace_back())->data());
          else
            FixedLanes.push_back((CS.A64 = &Broadcasts.emplace_back())->data());
          CtaSpecials.push_back(CS);
        }
        KS.Lanes = FirstFixed + It->second;
      } else if (O.K == Operand::Special) {
        KS.Lanes = FirstFixed + (Narrow32 ? LaneIds32 : LaneIds64);
      } else {
        uint64_t V = Narrow32 ? uint32_t(O.Imm) : O.Imm;
        auto [It, New] =
            ImmSlots.try_emplace({V, Narrow32}, uint32_t(FixedLanes.size()));
        if (New && Narrow32) {
          LaneArray<uint32_t> &B = Broadcasts32.emplace_back();
          B.fill(uint32_t(V));
          FixedLanes.push_back(B.data());
        } else if (New) {
          LaneArray<uint64_t> &B = Broadcasts.emplace_back();
          B.fill(V);
          FixedLanes.push_back(B.data());
        }
        KS.Lanes = FirstFixed + It->second;
      }
    }
  }
  // A parameter load that did not become a lane kernel stays a load.
  for (uint32_t PC : ParamLoads)
    if (!Code[PC].Loop) {
      Code[PC].OnlyComputes = false;
      Code[PC].Access = true;
    }
  using Path = Prepared::Path;
  for (size_t PC = 0; PC < F.Insts.size(); ++PC) {
    Prepared &P = Code[PC];
    const Inst &I = F.Insts[PC];
    if (P.OnlyComputes)
      P.How = Path::Compute;
    else if (P.Branch)
      P.How = Path::Branch;
    else if (P.Access)
      P.How = Path::Access;
    else if (P.Fast >= 0)
      P.How = Path::Fast;
    else if (!isWarpSync(I.Op) && !(I.Op == Opcode::Mbarrier &&
                                    ir::MbarOp(I.Sub) == ir::MbarOp::TryWait))
      P.How = Path::ViaExec;
  }
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
