//===- Divergence.cpp - Full-warp membermasks in code only some lanes reach
//===//
//
// A static divergence analysis, in the spirit of SPIRV-Tools' lint
// (source/lint/divergence_analysis.cpp), for the classic membermask bug that
// ptxas lets through: a `.sync` warp instruction whose membermask names the
// whole warp, placed where only some lanes arrive, e.g.
//
//     @%p bra ELSE;          // %p depends on %laneid
//     shfl.sync.down.b32 %r1, %r0, 1, 31, -1;
//     ...
//   ELSE:                    // the other lanes continue here, never arriving
//
// Under independent thread scheduling the named lanes that took the other
// path never execute the instruction, so its behaviour is undefined
// (PTX ISA 9.7.9.6, shfl.sync, and likewise vote.sync, match.sync,
// bar.warp.sync: every executing thread must be in membermask).
//
// The analysis: flatten the body into basic blocks, find the registers whose
// value can differ between the lanes of a warp (they depend on %tid, %laneid,
// %lanemask_*, a shfl/match/elect result or an atom result), call a branch
// divergent when its guard is such a register, and report full-mask `.sync`
// instructions between a divergent branch and its immediate post-dominator.
// Lanes that avoid the instruction and then only finish and exit are fine
// (a .sync instruction does not wait for exited lanes), so a report needs
// them to reach another warp-synchronous instruction.
//
//===----------------------------------------------------------------------===//

#include "Divergence.h"
#include "ConstProp.h"
#include "SemaState.h"
#include "ptxwarp/ISA/Modes.h"
#include "ptxwarp/Support/PostDominators.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>

using namespace llvm;

namespace ptxwarp {
namespace sema {
static isa::LaneVariance join(isa::LaneVariance A, isa::LaneVariance B) {
  return std::max(A, B);
}

isa::LaneVariance DivergenceLint::kindOfName(StringRef Name) const {
  NameInfo Info;
  auto Resolve = [&] {
    Info.Special = isa::findSpecialReg(Name);
    if (!Info.Special)
      Info.Reg = writtenReg(Name);
  };
  if (!DefsKnown) {
    Resolve();
  } else {
    // The fixed point and the lints ask about the same operands many times.
    auto [It, New] = Names.try_emplace({Name.data(), Name.size()});
    if (New) {
      Resolve();
      It->second = Info;
    }
    Info = It->second;
  }
  if (Info.Special)
    return Info.Special->Variance;
  if (Info.Reg < 0)
    return isa::LaneVariance::Uniform;
  ArrayRef<unsigned> Defs = reachingDefs(unsigned(Info.Reg), At);
  // A solve adds to reachingDefs' caches, which may move Defs.
  if (solveKinds(Defs))
    Defs = reachingDefs(unsigned(Info.Reg), At);
  isa::LaneVariance K = isa::LaneVariance::Uniform;
  for (unsigned D : Defs)
    K = join(K, DefKind[D]);
  return K;
}

isa::LaneVariance DivergenceLint::kindAt(StringRef Name, unsigned Inst) const {
  At = Inst;
  return kindOfName(Name);
}

ArrayRef<unsigned> DivergenceLint::reachingDefs(unsigned Reg,
                                                unsigned Inst) const {
  // Most registers of compiler output are written once.
  if (DefsOf[Reg].size() <= 1)
    return DefsOf[Reg];
  auto Cached = Reaching.find({Inst, Reg});
  if (Cached != Reaching.end())
    return Cached->second;
  // Backwards from the instruction to the writes that reach it: the first
  // unguarded write on each path ends it; a guarded one (`@%p mov`) keeps
  // the older values for the lanes whose guard is false.
  // The writes of the register, in instruction order.
  ArrayRef<unsigned> Writes = DefsOf[Reg];
  SmallVector<unsigned, 2> Found;
  auto ScanBack = [&](unsigned From, unsigned Begin) {
    // The writes in [Begin, From), last first.
    auto It = std::lower_bound(Writes.begin(), Writes.end(), From);
    while (It != Writes.begin() && *(It - 1) >= Begin) {
      unsigned N = *--It;
      Found.push_back(N);
      if (!Insts[N]->G.isPresent())
        return true;
    }
    return false;
  };
  auto Sorted = [](SmallVectorImpl<unsigned> &V) {
    std::sort(V.begin(), V.end());
    V.erase(std::unique(V.begin(), V.end()), V.end());
  };
  unsigned B = BlockOf[Inst];
  if (!ScanBack(Inst, Blocks[B].Begin)) {
    // The rest reach the block's start: the same for every instruction of
    // the block, so walked once per block and register (kept sorted).
    auto Entry = EntryDefs.find({B, Reg});
    if (Entry == EntryDefs.end()) {
      size_t Own = Found.size();
      ++Epoch;
      if (Mark.size() != Blocks.size())
        Mark.assign(Blocks.size(), 0);
      SmallVector<unsigned, 8> Work;
      for (unsigned P : Blocks[B].Preds)
        Work.push_back(P);
      while (!Work.empty()) {
        unsigned P = Work.pop_back_val();
        if (Mark[P] == Epoch)
          continue;
        Mark[P] = Epoch;
        if (!ScanBack(Blocks[P].End, Blocks[P].Begin))
          for (unsigned Q : Blocks[P].Preds)
            Work.push_back(Q);
      }
      SmallVector<unsigned, 2> Start(Found.begin() + Own, Found.end());
      Found.resize(Own);
      Sorted(Start);
      Entry = EntryDefs.try_emplace({B, Reg}, std::move(Start)).first;
    }
    // No write before the instruction in its block: the block's start's.
    if (Found.empty())
      return Entry->second;
    Found.append(Entry->second.begin(), Entry->second.end());
  }
  Sorted(Found);
  auto &Result = Reaching[{Inst, Reg}];
  Result = std::move(Found);
  return Result;
}

isa::LaneVariance DivergenceLint::kindOf(const ast::Expr &E) const {
  switch (E.getKind()) {
  case ast::Expr::Kind::Name:
    return kindOfName(cast<ast::NameExpr>(E).Name);
  case ast::Expr::Kind::Unary:
    return kindOf(*cast<ast::UnaryExpr>(E).Sub);
  case ast::Expr::Kind::Binary: {
    const auto &B = cast<ast::BinaryExpr>(E);
    return join(kindOf(*B.LHS), kindOf(*B.RHS));
  }
  case ast::Expr::Kind::Conditional: {
    const auto &C = cast<ast::ConditionalExpr>(E);
    return join(kindOf(*C.Cond), join(kindOf(*C.Then), kindOf(*C.Else)));
  }
  default:
    return isa::LaneVariance::Uniform;
  }
}

isa::LaneVariance DivergenceLint::kindOf(const ast::Operand &O) const {
  isa::LaneVariance K = isa::LaneVariance::Uniform;
  auto JoinAll = [&](ArrayRef<const ast::Operand *> Ops) {
    for (const ast::Operand *E : Ops)
      K = join(K, kindOf(*E));
  };
  switch (O.getKind()) {
  case ast::Operand::Kind::Name:
    return kindOfName(cast<ast::NameOperand>(O).Name);
  case ast::Operand::Kind::Imm:
    return kindOf(*cast<ast::ImmOperand>(O).Value);
  case ast::Operand::Kind::Address: {
    const auto &A = cast<ast::AddressOperand>(O);
    if (A.Base)
      K = kindOf(*A.Base);
    JoinAll(A.Rest);
    return K;
  }
  case ast::Operand::Kind::Pair: {
    const auto &P = cast<ast::PairOperand>(O);
    return join(kindOf(*P.First), kindOf(*P.Second));
  }
  case ast::Operand::Kind::Vector:
    JoinAll(cast<ast::VectorOperand>(O).Elements);
    return K;
  case ast::Operand::Kind::List:
    JoinAll(cast<ast::ListOperand>(O).Elements);
    return K;
  default:
    return K;
  }
}

/// Warp-wide results are the same in every participating lane (vote, redux,
/// activemask, bar.warp.sync); shfl, match and elect hand each lane its own.
static bool isUniformWarpResult(isa::SemanticOp Op) {
  switch (Op) {
  case isa::SemanticOp::VoteAll:
  case isa::SemanticOp::VoteAny:
  case isa::SemanticOp::VoteUni:
  case isa::SemanticOp::VoteBallot:
  case isa::SemanticOp::ReduxAdd:
  case isa::SemanticOp::ReduxMin:
  case isa::SemanticOp::ReduxMax:
  case isa::SemanticOp::ReduxAnd:
  case isa::SemanticOp::ReduxOr:
  case isa::SemanticOp::ReduxXor:
  case isa::SemanticOp::ReduxFMin:
  case isa::SemanticOp::ReduxFMax:
  case isa::SemanticOp::ActiveMask:
  case isa::SemanticOp::BarWarpSync:
    return true;
  default:
    return false;
  }
}

/// Whether `X op C` is the same in every lane of a warp when X is
/// warp-aligned (32 * warp + lane): the boundary must fall between warps.
static bool isWarpAlignedCompare(isa::CmpOp Op, uint64_t C) {
  using isa::CmpOp;
  if (Op == CmpOp::Lt || Op == CmpOp::Ge || Op == CmpOp::Lo || Op == CmpOp::Hs)
    return C % 32 == 0; // X < C
  if (Op == CmpOp::Gt || Op == CmpOp::Le || Op == CmpOp::Hi || Op == CmpOp::Ls)
    return (C + 1) % 32 == 0; // X <= C
  return false;
}

/// The comparison with its operands swapped: `C < X` is `X > C`.
static isa::CmpOp mirrored(isa::CmpOp Op) {
  using isa::CmpOp;
  switch (Op) {
  case CmpOp::Lt:
    return CmpOp::Gt;
  case CmpOp::Gt:
    return CmpOp::Lt;
  case CmpOp::Le:
    return CmpOp::Ge;
  case CmpOp::Ge:
    return CmpOp::Le;
  case CmpOp::Lo:
    return CmpOp::Hi;
  case CmpOp::Hi:
    return CmpOp::Lo;
  case CmpOp::Ls:
    return CmpOp::Hs;
  case CmpOp::Hs:
    return CmpOp::Ls;
  default:
    return Op;
  }
}

isa::LaneVariance DivergenceLint::transfer(unsigned N) const {
  using isa::LaneVariance;
  const ast::InstructionStmt &I = *Insts[N];
  if (const isa::InstrForm *Form = FormAt[N];
      Form && Form->Op != isa::SemanticOp::Mov &&
      Form->Op != isa::SemanticOp::Generic) {
    if (isUniformWarpResult(Form->Op))
      return LaneVariance::Uniform;
    // shfl.idx with the same lane `b` everywhere and no sub-warp segments
    // (c[12:8] = 0) is a broadcast: every lane reads lane b.
    if (Form->Op == isa::SemanticOp::ShflIdx && I.Operands.size() >= 4 &&
        useKind(N, 2) == LaneVariance::Uniform) {
      std::optional<uint64_t> C = constOf(*I.Operands[3]);
      if (C && ((*C >> 8) & 0x1f) == 0)
        return LaneVariance::Uniform;
    }
    return LaneVariance::Lane;
  }
  if (VariesAt[N])
    return LaneVariance::Lane;
  // A write under a lane-dependent guard leaves some lanes' old values.
  if (I.G.isPresent() && useKind(N, -1) != LaneVariance::Uniform)
    return LaneVariance::Lane;
  ArrayRef<const ast::Operand *> Srcs = I.Operands.drop_front();
  LaneVariance K = LaneVariance::Uniform;
  for (unsigned Src = 1; Src < I.Operands.size(); ++Src)
    K = join(K, useKind(N, int(Src)));
  if (K == LaneVariance::Uniform)
    return K;
  // Sources: the warp-aligned one and the constant beside it.
  auto Aligned = [&](unsigned Src) {
    return Src < Srcs.size() &&
           useKind(N, int(Src + 1)) == LaneVariance::WarpAligned;
  };
  auto Const = [&](unsigned Src) -> std::optional<uint64_t> {
    return Src < Srcs.size() ? constOf(*Srcs[Src]) : std::nullopt;
  };
  isa::IndexArith Arith = ArithAt[N];
  switch (Arith) {
  case isa::IndexArith::Copy:
    return K;
  case isa::IndexArith::Add:
  case isa::IndexArith::Sub:
    // X + 32k keeps the lane in the low bits (and 32k + X, but not 32k - X).
    if (Srcs.size() == 2 && ((Aligned(0) && Const(1) && *Const(1) % 32 == 0) ||
                             (Aligned(1) && Const(0) && *Const(0) % 32 == 0 &&
                              Arith == isa::IndexArith::Add)))
      return LaneVariance::WarpAligned;
    return LaneVariance::Lane;
  case isa::IndexArith::ShiftRight:
    if (Aligned(0) && Const(1) && *Const(1) >= 5)
      return LaneVariance::Uniform;
    return LaneVariance::Lane;
  case isa::IndexArith::Divide:
    if (Aligned(0) && Const(1) && *Const(1) != 0 && *Const(1) % 32 == 0)
      return LaneVariance::Uniform;
    return LaneVariance::Lane;
  case isa::IndexArith::BitAnd:
    if ((Aligned(0) && Const(1) && (*Const(1) & 31) == 0) ||
        (Aligned(1) && Const(0) && (*Const(0) & 31) == 0))
      return LaneVariance::Uniform;
    return LaneVariance::Lane;
  case isa::IndexArith::Compare: {
    if (Srcs.size() != 2)
      return LaneVariance::Lane;
    if (isPeerMaskCompare(I))
      return LaneVariance::Uniform;
    {
      unsigned Here = At;
      bool Uniform = isUniformBitsCompare(I, Here);
      At = Here;
      if (Uniform)
        return LaneVariance::Uniform;
    }
    std::optional<isa::CmpOp> Op;
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (auto C = isa::parseMode<isa::CmpOp>(Q.Text))
        Op = C;
    if (!Op)
      return LaneVariance::Lane;
    if (Aligned(0) && Const(1) && isWarpAlignedCompare(*Op, *Const(1)))
      return LaneVariance::Uniform;
    if (Aligned(1) && Const(0) &&
        isWarpAlignedCompare(mirrored(*Op), *Const(0)))
      return LaneVariance::Uniform;
    return LaneVariance::Lane;
  }
  case isa::IndexArith::Other:
    return LaneVariance::Lane;
  }
  return LaneVariance::Lane;
}

void DivergenceLint::findPeerMasks() {
  SmallVector<StringRef, 4> Dests;
  auto IsPeer = [&](unsigned N) {
    const isa::InstrForm *Form = FormAt[N];
    return Form && Form->Op == isa::SemanticOp::MatchAny &&
           !Insts[N]->G.isPresent() && Dests.size() == 1;
  };
  // The match.any results first (few, usually none), then the registers
  // some other instruction writes leave the set.
  for (unsigned N = 0; N != Insts.size(); ++N)
    if (FormAt[N] && FormAt[N]->Op == isa::SemanticOp::MatchAny) {
      Dests.clear();
      destinations(*Insts[N], Dests);
      if (IsPeer(N))
        PeerMasks.insert(Dests.front());
    }
  if (PeerMasks.empty())
    return;
  for (unsigned N = 0; N != Insts.size(); ++N) {
    Dests.clear();
    destinations(*Insts[N], Dests);
    if (!IsPeer(N))
      for (StringRef D : Dests)
        PeerMasks.erase(D);
  }
}

/// `X == 0xffffffff` (or !=) where X is a match.any.sync result: the same in
/// every lane. If one lane's peers are the whole warp, every lane holds the
/// same value, so every lane's peers are the whole warp; if not, no lane's
/// are. nvcc's cooperative groups test this before a full-warp fast path
/// (labeled_partition, then cg::reduce on the part).
bool DivergenceLint::isPeerMaskCompare(const ast::InstructionStmt &I) const {
  if (PeerMasks.empty() || I.Operands.size() != 3)
    return false;
  std::optional<isa::CmpOp> Op;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto C = isa::parseMode<isa::CmpOp>(Q.Text))
      Op = C;
  if (!Op || (*Op != isa::CmpOp::Eq && *Op != isa::CmpOp::Ne))
    return false;
  auto IsPeerMask = [&](const ast::Operand &O) {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    return N && PeerMasks.contains(N->Name);
  };
  auto IsAllOnes = [&](const ast::Operand &O) {
    std::optional<uint64_t> C = constOf(O);
    return C && (*C == 0xffffffffULL || *C == ~0ULL);
  };
  const ast::Operand &A = *I.Operands[1], &B = *I.Operands[2];
  return (IsPeerMask(A) && IsAllOnes(B)) || (IsPeerMask(B) && IsAllOnes(A));
}

void DivergenceLint::addNameUses(unsigned Reg, unsigned N,
                                 OperandUses &U) const {
  // kindOfName's resolution: a special register, else the writes of the
  // register that reach instruction N.
  if (const isa::SpecialReg *R = specialOf(Reg)) {
    U.Fixed = join(U.Fixed, R->Variance);
    return;
  }
  if (DefsOf[Reg].empty())
    return;
  ArrayRef<unsigned> R = reachingDefs(Reg, N);
  UseDefs.insert(UseDefs.end(), R.begin(), R.end());
}

void DivergenceLint::resolveUses(unsigned N) const {
  const ast::InstructionStmt &I = *Insts[N];
  UsesAt[N] = Uses.size();
  auto Add = [&](auto Resolve) {
    OperandUses U;
    U.Begin = UseDefs.size();
    Resolve(U);
    U.End = UseDefs.size();
    Uses.push_back(U);
  };
  // The names kindOf joins: the guard's, then each operand's.
  Add([&](OperandUses &U) {
    for (unsigned Reg : Regs.guard(N))
      addNameUses(Reg, N, U);
  });
  for (unsigned K = 0; K != I.Operands.size(); ++K)
    Add([&](OperandUses &U) {
      for (unsigned Reg : Regs.operand(N, K))
        addNameUses(Reg, N, U);
    });
}

void DivergenceLint::prepareKinds() {
  // Per write: the kind of the value an instruction writes, from the kinds
  // of the writes that reach its sources (a register nvcc reuses for another
  // value, e.g. cooperative groups' mask register reused for a partition's
  // mask, keeps the kind of each value where that value is read). Solved on
  // demand by solveKinds; here only who writes what.
  DefKind.assign(Insts.size(), isa::LaneVariance::Uniform);
  IsWriter.resize(Insts.size());
  for (unsigned N = 0; N != Insts.size(); ++N) {
    const ast::InstructionStmt *I = Insts[N];
    ArrayRef<unsigned> Dests = Regs.dests(N);
    for (unsigned D : Dests)
      DefsOf[D].push_back(N);
    if (!Dests.empty() && !I->Operands.empty() &&
        isa::controlFlowOf(Ops[N]) == isa::ControlFlow::None)
      IsWriter.set(N);
  }
  DefsKnown = true;
  SpecialOf.resize(Regs.size());
  SpecialKnown.resize(Regs.size());
  Solved.resize(Insts.size());
  UsesAt.assign(Insts.size(), 0);
  VariesAt.assign(Insts.size(), false);
  ArithAt.assign(Insts.size(), isa::IndexArith::Other);
  DefBits.assign(Insts.size(), 0);
  DefBitsSweep.assign(Insts.size(), 0);
}

bool DivergenceLint::solveKinds(ArrayRef<unsigned> Defs) const {
  // Inside a solve every write a query reads is in the slice being solved.
  if (Solving)
    return false;
  // The slice: the unsolved writes among Defs, and (through the writes that
  // reach each one's guard and operands) every unsolved write their
  // transfer functions read, directly or through UniformBits.cpp's walk.
  SmallVector<unsigned, 16> Work, Slice;
  auto Add = [&](unsigned D) {
    if (IsWriter.test(D) && !Solved.test(D)) {
      Solved.set(D);
      Work.push_back(D);
    }
  };
  for (unsigned D : Defs)
    Add(D);
  if (Work.empty())
    return false;
  unsigned Saved = At;
  while (!Work.empty()) {
    unsigned N = Work.pop_back_val();
    Slice.push_back(N);
    size_t From = UseDefs.size();
    resolveUses(N);
    VariesAt[N] = isa::resultVariesPerLane(Ops[N]);
    ArithAt[N] = isa::indexArithOf(Ops[N]);
    for (size_t U = From; U != UseDefs.size(); ++U)
      Add(UseDefs[U]);
  }
  // The transfer functions are monotone, so sweeps from "uniform" reach the
  // least fixed point; the writes outside the slice are solved already.
  llvm::sort(Slice);
  Solving = true;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    ++Sweep; // forgets DefBits
    for (unsigned N : Slice) {
      At = N;
      isa::LaneVariance K = transfer(N);
      if (K > DefKind[N]) {
        DefKind[N] = K;
        Changed = true;
      }
    }
  }
  Solving = false;
  At = Saved;
  return true;
}

void DivergenceLint::computePostDominators() {
  // Blocks that leave the function go to the helper's virtual exit node,
  // index Blocks.size().
  unsigned Exit = Blocks.size();
  std::vector<SmallVector<unsigned, 2>> Succs(Blocks.size());
  for (unsigned B = 0; B != Exit; ++B) {
    Succs[B].assign(Blocks[B].Succs.begin(), Blocks[B].Succs.end());
    if (Blocks[B].ExitsFunction)
      Succs[B].push_back(Exit);
  }
  IPDom = immediatePostDominators(Succs);
}

bool DivergenceLint::isWarpSync(const ast::InstructionStmt &I,
                                const isa::InstrForm *Form) const {
  // A call of a helper that always runs one counts as one (nvcc -G calls a
  // .func per warp intrinsic; WarpCalls.cpp).
  if (const WarpCallee *C = S.warpCalleeOf(I))
    return C->Syncs;
  return Form && Form->Sync && Form->Op != isa::SemanticOp::Mov;
}

void DivergenceLint::computeSyncReachability() {
  ReachesSync.resize(Blocks.size());
  for (unsigned B = 0; B != Blocks.size(); ++B)
    for (unsigned N = Blocks[B].Begin; N != Blocks[B].End; ++N)
      if (SyncAt.test(N))
        ReachesSync.set(B);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (unsigned B = Blocks.size(); B-- != 0;) {
      if (ReachesSync.test(B))
        continue;
      for (unsigned T : Blocks[B].Succs)
        if (ReachesSync.test(T)) {
          ReachesSync.set(B);
          Changed = true;
          break;
        }
    }
  }
}

bool DivergenceLint::syncReachableFrom(unsigned InstIndex) const {
  if (InstIndex >= Insts.size())
    return false;
  const BasicBlock &BB = Blocks[BlockOf[InstIndex]];
  if (InstIndex == BB.Begin)
    return ReachesSync.test(BlockOf[InstIndex]);
  for (unsigned N = InstIndex; N != BB.End; ++N)
    if (SyncAt.test(N))
      return true;
  return any_of(BB.Succs, [&](unsigned T) { return ReachesSync.test(T); });
}

bool DivergenceLint::namesWholeWarp(unsigned N) const {
  // reportIfFullMask's conditions, without reporting.
  const ast::InstructionStmt &I = *Insts[N];
  if (const WarpCallee *C = S.warpCalleeOf(I)) {
    const ast::ListOperand *Args = callSiteOf(I)->Args;
    for (const WarpCallee::Use &U : C->Uses) {
      if (U.What != WarpCallee::Use::Membermask || !Args ||
          U.Param >= Args->Elements.size())
        continue;
      std::optional<APInt> V = CV.valueAt(*Args->Elements[U.Param]);
      if (V && V->getBitWidth() == U.Width && V->isAllOnes())
        return true;
    }
    return false;
  }
  const isa::InstrForm *Form = FormAt[N];
  if (!Form || !Form->Sync || Form->Op == isa::SemanticOp::Mov ||
      Form->Operands.size() != I.Operands.size())
    return false;
  for (unsigned K = 0; K != Form->Operands.size(); ++K) {
    if (Form->Operands[K].Role != isa::SlotRole::Membermask)
      continue;
    std::optional<uint64_t> V = constOf(*I.Operands[K]);
    return V && (*V == 0xffffffffULL || *V == ~0ULL);
  }
  return false;
}

void DivergenceLint::reportIfFullMask(unsigned InstIndex, SMRange Cause,
                                      StringRef Why) {
  const ast::InstructionStmt &I = *Insts[InstIndex];
  if (const WarpCallee *C = S.warpCalleeOf(I)) {
    // A helper's membermask comes from the call's argument.
    const ast::ListOperand *Args = callSiteOf(I)->Args;
    for (const WarpCallee::Use &U : C->Uses) {
      if (U.What != WarpCallee::Use::Membermask || !Args ||
          U.Param >= Args->Elements.size() || Reported.count(&I))
        continue;
      const ast::Operand &Mask = *Args->Elements[U.Param];
      std::optional<APInt> V = CV.valueAt(Mask);
      if (!V || V->getBitWidth() != U.Width || !V->isAllOnes())
        continue;
      Reported[&I] = true;
      S.report(DiagID::DivergentFullMask, Mask.Range)
              .note(Cause, Why)
              .note(U.Range, "the argument is the membermask of this '" +
                                 U.Form->Name + "'")
          << "membermask " << operandText(Mask, V->getZExtValue())
          << " names the whole warp, but only some lanes reach this call "
             "of a '"
          << U.Form->Name
          << "': the lanes that do not are never waited for, so its "
             "behaviour is undefined; name the lanes that arrive (e.g. a "
             "vote.sync.ballot taken before the branch)";
    }
    return;
  }
  const isa::InstrForm *Form = FormAt[InstIndex];
  if (!Form || !Form->Sync || Form->Op == isa::SemanticOp::Mov ||
      Form->Operands.size() != I.Operands.size() || Reported.count(&I))
    return;
  for (unsigned N = 0; N != Form->Operands.size(); ++N) {
    if (Form->Operands[N].Role != isa::SlotRole::Membermask)
      continue;
    const ast::Operand &Mask = *I.Operands[N];
    std::optional<uint64_t> V = constOf(Mask);
    if (!V || (*V != 0xffffffffULL && *V != ~0ULL))
      return;
    Reported[&I] = true;
    S.report(DiagID::DivergentFullMask, Mask.Range).note(Cause, Why)
        << "membermask " << operandText(Mask, *V)
        << " names the whole warp, but only "
        << "some lanes reach this '" << Form->Name
        << "': the lanes that do not are never waited for, so its behaviour "
           "is undefined; name the lanes that arrive (e.g. a vote.sync.ballot "
           "taken before the branch)";
    return;
  }
}

void DivergenceLint::reportRegion(unsigned Branch) {
  unsigned Join = IPDom[Branch];
  // Paths that meet only at the function's end: some lanes leave for good.
  if (Join == NoBlock || Join == Blocks.size())
    return;
  // For each way out of the branch: the blocks its lanes run before the
  // join, and whether they meet a warp-synchronous instruction there.
  struct Path {
    BitVector Blocks;
    bool HasSync = false;
  };
  SmallVector<Path, 2> Paths;
  for (unsigned T : Blocks[Branch].Succs) {
    Path P{BitVector(Blocks.size())};
    std::deque<unsigned> Work{T};
    while (!Work.empty()) {
      unsigned B = Work.front();
      Work.pop_front();
      if (B == Join || P.Blocks.test(B))
        continue;
      P.Blocks.set(B);
      for (unsigned N = Blocks[B].Begin; N != Blocks[B].End; ++N)
        P.HasSync |= SyncAt.test(N);
      Work.insert(Work.end(), Blocks[B].Succs.begin(), Blocks[B].Succs.end());
    }
    Paths.push_back(std::move(P));
  }
  // A .sync instruction on one path is a mistake when lanes on another path
  // never reach it but do reach another warp-synchronous instruction (on
  // their path or after the join): they wait there, not here. Lanes that
  // only finish and exit are not waited for.
  BitVector Suspect(Blocks.size());
  for (const Path &On : Paths)
    for (unsigned B : On.Blocks.set_bits())
      if (any_of(Paths, [&](const Path &Other) {
            return !Other.Blocks.test(B) &&
                   (Other.HasSync || ReachesSync.test(Join));
          }))
        Suspect.set(B);
  // Blocks are in source order, so the reports are too.
  SmallVector<unsigned, 4> Found;
  for (unsigned B : Suspect.set_bits())
    for (unsigned N = Blocks[B].Begin; N != Blocks[B].End && !FullWarp[B]; ++N)
      if (WholeWarpAt.test(N))
        Found.push_back(N);
  // Whether the branch splits the warp is asked last: the kinds of values
  // are solved on demand, and most branches have nothing to report.
  const unsigned BrAt = Blocks[Branch].End - 1;
  const ast::InstructionStmt &Br = *Insts[BrAt];
  if (Found.empty() || !isVaryingAt(Br.G.Pred, BrAt))
    return;
  std::string Why =
      "the warp splits here: '" + Br.G.Pred.str() + "' depends on the lane";
  for (unsigned N : Found)
    reportIfFullMask(N, Br.G.Range, Why);
}

void DivergenceLint::run() {
  // What the lints below look at, once per instruction; nothing to do when
  // no instruction has a whole-warp membermask and no activemask is read
  // into a register (the two things the lints report on).
  FormAt.resize(Insts.size());
  SyncAt.resize(Insts.size());
  DefsOf.resize(Regs.size());
  bool HasActiveMask = false;
  for (unsigned N = 0; N != Insts.size(); ++N) {
    const ast::InstructionStmt &I = *Insts[N];
    FormAt[N] = S.formOf(I);
    if (isWarpSync(I, FormAt[N]))
      SyncAt.set(N);
    HasActiveMask |=
        FormAt[N] && FormAt[N]->Op == isa::SemanticOp::ActiveMask &&
        !I.Operands.empty() && llvm::isa<ast::NameOperand>(I.Operands[0]);
  }
  WholeWarpAt.resize(Insts.size());
  for (unsigned N = 0; N != Insts.size(); ++N)
    if (namesWholeWarp(N))
      WholeWarpAt.set(N);
  if (WholeWarpAt.none() && !HasActiveMask)
    return;
  findPeerMasks();
  prepareKinds();
  computePostDominators();
  computeSyncReachability();
  computeFullWarpBlocks();
  for (unsigned B = 0; B != Blocks.size() && WholeWarpAt.any(); ++B) {
    const ast::InstructionStmt &Last = *Insts[Blocks[B].End - 1];
    if (isa::controlFlowOf(Ops[Blocks[B].End - 1]) ==
            isa::ControlFlow::Branch &&
        Last.G.isPresent())
      reportRegion(B);
  }
  // A .sync instruction under a lane-dependent guard: the lanes whose guard
  // is false do not execute it.
  for (unsigned N = 0; N != Insts.size(); ++N) {
    const ast::InstructionStmt *I = Insts[N];
    if (WholeWarpAt.test(N) && I->G.isPresent() && isVaryingAt(I->G.Pred, N) &&
        syncReachableFrom(N + 1))
      reportIfFullMask(N, I->G.Range,
                       "'" + I->G.Pred.str() +
                           "' depends on the lane, so some lanes skip it");
  }
  lintActiveMasks();
}

void SemaState::lintDivergence(const FunctionCFG &G, const ConstantValues &CV) {
  DivergenceLint(*this, G, CV).run();
}

} // namespace sema
} // namespace ptxwarp
