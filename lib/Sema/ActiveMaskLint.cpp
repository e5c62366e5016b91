//===- ActiveMaskLint.cpp - activemask's result used as a membermask ------===//
//
// activemask (PTX ISA 9.7.9.13) names the lanes that happen to execute it
// together; it is not a synchronisation point. Using its result as the
// membermask of a .sync warp instruction is what cooperative groups'
// coalesced_threads() does by design (the group is exactly those lanes), and
// what the warp-aggregated atomic idiom does. It goes wrong in two ways:
//
//  1. Some lanes of the mask do not reach the instruction with that mask: a
//     divergent branch between the activemask and the use sends them
//     elsewhere (or out of the function), a lane-dependent guard skips the
//     use, or a divergent loop has some lanes take the mask again while the
//     others use the old one. "All non-exited threads named in membermask
//     must execute the same shfl.sync with the same membermask" (PTX ISA
//     9.7.9.6, shfl.sync; likewise vote.sync, match.sync, redux.sync,
//     bar.warp.sync), so the behaviour is undefined.
//  2. A shfl whose source lane b does not depend on the mask (a fixed lane,
//     or the up/down/bfly offsets of a full-warp reduction): lanes that have
//     not arrived yet are missing from the mask, and a lane outside it is
//     not a source ("Value of SourceA[lane] is unpredictable for inactive
//     threads", PTX ISA shfl.sync pseudocode), e.g. the CUDA blog's
//     `if (...) { m = __activemask(); v += __shfl_down_sync(m, v, 16); }`.
//
// Lanes that were together at the activemask and pass no divergent split
// before the use (or split and meet again at the split's post-dominator
// before it) all reach the use with the same mask: no warning.
//
//===----------------------------------------------------------------------===//

#include "Divergence.h"
#include "ptxwarp/ISA/Modes.h"

#include <deque>

using namespace llvm;

namespace ptxwarp {
namespace sema {

bool DivergenceLint::isDivergentSplit(unsigned Block) const {
  const ast::InstructionStmt &Last = *Insts[Blocks[Block].End - 1];
  return isa::controlFlowOf(Ops[Blocks[Block].End - 1]) !=
             isa::ControlFlow::None &&
         Last.G.isPresent() && isVaryingAt(Last.G.Pred, Blocks[Block].End - 1);
}

bool DivergenceLint::postDominates(unsigned To, unsigned From) const {
  for (unsigned P = IPDom[From]; P != NoBlock && P != Blocks.size();
       P = IPDom[P])
    if (P == To)
      return true;
  return false;
}

/// Which side of block \p B's branch only a full warp takes: `@%p bra L;`
/// where %p is `M == 0xffffffff` (or !=) and every write of M that reaches
/// it is an activemask or a match.any.sync result: all 32 lanes are there
/// (PTX ISA 9.7.9.13, activemask: "the bit is set for every active thread";
/// 9.7.9.8, match.any: the lanes holding the same value). nvcc's cooperative
/// groups branch so to their full-warp fast path. 0: none, 1: the branch
/// target, 2: the fall-through.
unsigned DivergenceLint::fullWarpSide(unsigned B) const {
  unsigned Last = Blocks[B].End - 1;
  const ast::InstructionStmt &Br = *Insts[Last];
  if (isa::controlFlowOf(Ops[Last]) != isa::ControlFlow::Branch ||
      !Br.G.isPresent())
    return 0;
  int P = writtenReg(Br.G.Pred);
  if (P < 0)
    return 0;
  ArrayRef<unsigned> PD = reachingDefs(unsigned(P), Last);
  if (PD.size() != 1)
    return 0;
  // (reachingDefs may move what it returned when it is called again.)
  unsigned CmpAt = PD[0];
  const ast::InstructionStmt &Cmp = *Insts[CmpAt];
  if (Cmp.G.isPresent() || Cmp.Operands.size() != 3 ||
      isa::indexArithOf(Ops[CmpAt]) != isa::IndexArith::Compare)
    return 0;
  std::optional<isa::CmpOp> Op;
  for (const ast::Qualifier &Q : Cmp.Qualifiers)
    if (auto C = isa::parseMode<isa::CmpOp>(Q.Text))
      Op = C;
  if (!Op || (*Op != isa::CmpOp::Eq && *Op != isa::CmpOp::Ne))
    return 0;
  auto IsLaneMask = [&](const ast::Operand &O) {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    int Reg = N ? writtenReg(N->Name) : -1;
    if (Reg < 0)
      return false;
    ArrayRef<unsigned> Ds = reachingDefs(unsigned(Reg), CmpAt);
    return !Ds.empty() && all_of(Ds, [&](unsigned D) {
      const isa::InstrForm *F = FormAt[D];
      return F && !Insts[D]->G.isPresent() &&
             (F->Op == isa::SemanticOp::ActiveMask ||
              F->Op == isa::SemanticOp::MatchAny);
    });
  };
  auto IsAllOnes = [&](const ast::Operand &O) {
    std::optional<uint64_t> C = constOf(O);
    return C && (*C == 0xffffffffULL || *C == ~0ULL);
  };
  const ast::Operand &A = *Cmp.Operands[1], &C = *Cmp.Operands[2];
  if (!((IsLaneMask(A) && IsAllOnes(C)) || (IsLaneMask(C) && IsAllOnes(A))))
    return 0;
  bool TakenIsFull = (*Op == isa::CmpOp::Eq) != Br.G.Negated;
  return TakenIsFull ? 1 : 2;
}

void DivergenceLint::computeFullWarpBlocks() {
  // A must-analysis from "not known" at the entry (a kernel may start with
  // a partial warp): a block has the whole warp when every edge into it
  // comes from the full side of such a test, or from a block with the whole
  // warp that does not split it.
  unsigned NB = Blocks.size();
  FullWarp.assign(NB, true);
  if (NB)
    FullWarp[0] = false;
  std::vector<unsigned> Side(NB);
  for (unsigned B = 0; B != NB; ++B)
    Side[B] = fullWarpSide(B);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (unsigned B = 1; B != NB; ++B) {
      if (!FullWarp[B])
        continue;
      bool All = !Blocks[B].Preds.empty();
      for (unsigned P : Blocks[B].Preds) {
        bool Edge = false;
        if (Side[P]) {
          // The fall-through is the next block; the target the other one.
          bool IsFallThrough = Blocks[P].End == Blocks[B].Begin;
          Edge = Side[P] == (IsFallThrough ? 2u : 1u);
          if (Blocks[P].Succs.size() == 1) // both edges lead here
            Edge = FullWarp[P];
        }
        Edge |= FullWarp[P] && !isDivergentSplit(P);
        All &= Edge;
      }
      if (!All) {
        FullWarp[B] = false;
        Changed = true;
      }
    }
  }
}

namespace {
/// Forward walks over blocks from an activemask `Def` towards a use `Use`:
/// entering a block at its start meets whichever of the two comes first in
/// it. Meeting Def again takes a fresh mask, so a walk stops there.
struct MaskWalk {
  const std::vector<BasicBlock> &Blocks;
  const std::vector<unsigned> &BlockOf;
  unsigned Def, Use;

  enum class Meets { Neither, Use, Def };
  Meets entering(unsigned B) const {
    bool HasUse = BlockOf[Use] == B, HasDef = BlockOf[Def] == B;
    if (HasUse && (!HasDef || Use < Def))
      return Meets::Use;
    return HasDef ? Meets::Def : Meets::Neither;
  }
  /// The blocks reached from \p From's successors before meeting Def (and,
  /// with \p StopAt, before block StopAt); whether one of them meets Use.
  bool walk(unsigned From, BitVector &Seen, unsigned StopAt = NoBlock) const {
    bool MeetsUse = false;
    std::deque<unsigned> Work(Blocks[From].Succs.begin(),
                              Blocks[From].Succs.end());
    while (!Work.empty()) {
      unsigned B = Work.front();
      Work.pop_front();
      if (B == StopAt || Seen.test(B))
        continue;
      Seen.set(B);
      Meets M = entering(B);
      MeetsUse |= M == Meets::Use;
      if (M == Meets::Def)
        continue;
      Work.insert(Work.end(), Blocks[B].Succs.begin(), Blocks[B].Succs.end());
    }
    return MeetsUse;
  }
};
} // namespace

std::optional<unsigned> DivergenceLint::lanesMayMiss(unsigned Def,
                                                     unsigned Use) const {
  MaskWalk W{Blocks, BlockOf, Def, Use};
  unsigned DB = BlockOf[Def], UB = BlockOf[Use];
  // Where the mask's lanes can go: the rest of Def's block, then on until
  // they take the mask again.
  BitVector Reach(Blocks.size());
  W.walk(DB, Reach);
  Reach.set(DB);
  for (unsigned X : Reach.set_bits()) {
    if (!isDivergentSplit(X))
      continue;
    // Only a split after which some lanes can still meet Use with this mask.
    BitVector ToUse(Blocks.size());
    if (!W.walk(X, ToUse))
      continue;
    // Some lanes leave the function (`@%p ret;`, whose graph edge is the
    // fall-through only, or a split that meets again only at the end) or
    // never come back, without the others.
    unsigned Join = IPDom[X];
    if (isa::controlFlowOf(Ops[Blocks[X].End - 1]) !=
            isa::ControlFlow::Branch ||
        Join == NoBlock || Join == Blocks.size())
      return X;
    // Between the split and its join: Use (the lanes on the other side do
    // not run it there), or Def (those lanes take a new mask while the
    // others go on with the old one).
    BitVector Region(Blocks.size());
    W.walk(X, Region, Join);
    if (Region.test(UB) || Region.test(DB))
      return X;
  }
  return std::nullopt;
}

/// The names an expression reads.
static void namesIn(const ast::Expr &E, SmallVectorImpl<StringRef> &Out) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Name:
    Out.push_back(cast<ast::NameExpr>(E).Name);
    return;
  case ast::Expr::Kind::Unary:
    namesIn(*cast<ast::UnaryExpr>(E).Sub, Out);
    return;
  case ast::Expr::Kind::Binary:
    namesIn(*cast<ast::BinaryExpr>(E).LHS, Out);
    namesIn(*cast<ast::BinaryExpr>(E).RHS, Out);
    return;
  case ast::Expr::Kind::Conditional: {
    const auto &C = cast<ast::ConditionalExpr>(E);
    namesIn(*C.Cond, Out);
    namesIn(*C.Then, Out);
    namesIn(*C.Else, Out);
    return;
  }
  default:
    return;
  }
}

/// The names an operand reads.
static void namesIn(const ast::Operand &O, SmallVectorImpl<StringRef> &Out) {
  switch (O.getKind()) {
  case ast::Operand::Kind::Imm:
    namesIn(*cast<ast::ImmOperand>(O).Value, Out);
    return;
  case ast::Operand::Kind::Name:
    Out.push_back(cast<ast::NameOperand>(O).Name);
    return;
  case ast::Operand::Kind::Address: {
    const auto &A = cast<ast::AddressOperand>(O);
    if (A.Base)
      namesIn(*A.Base, Out);
    for (const ast::Operand *R : A.Rest)
      namesIn(*R, Out);
    return;
  }
  case ast::Operand::Kind::Pair: {
    const auto &P = cast<ast::PairOperand>(O);
    namesIn(*P.First, Out);
    namesIn(*P.Second, Out);
    return;
  }
  case ast::Operand::Kind::Vector:
    for (const ast::Operand *E : cast<ast::VectorOperand>(O).Elements)
      namesIn(*E, Out);
    return;
  case ast::Operand::Kind::List:
    for (const ast::Operand *E : cast<ast::ListOperand>(O).Elements)
      namesIn(*E, Out);
    return;
  default:
    return;
  }
}

/// The registers whose value is computed from \p Mask (flow-insensitive):
/// a shfl lane derived from the mask (`__ffs(mask) - 1`, cooperative groups'
/// rank-to-lane search) names a lane of it.
static StringSet<> derivedFrom(StringRef Mask,
                               ArrayRef<const ast::InstructionStmt *> Insts) {
  StringSet<> Derived;
  Derived.insert(Mask);
  SmallVector<StringRef, 4> Dests, Srcs;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const ast::InstructionStmt *I : Insts) {
      Dests.clear();
      destinations(*I, Dests);
      if (Dests.empty())
        continue;
      Srcs.clear();
      for (const ast::Operand *O : ArrayRef(I->Operands).drop_front())
        namesIn(*O, Srcs);
      if (none_of(Srcs, [&](StringRef N) { return Derived.contains(N); }))
        continue;
      for (StringRef D : Dests)
        Changed |= Derived.insert(D).second;
    }
  }
  return Derived;
}

static bool isShfl(isa::SemanticOp Op) {
  return isa::warpOpKind(Op) == isa::WarpOpKind::Shfl;
}

void DivergenceLint::lintActiveMasks() {
  // activemask results, by register.
  StringMap<SmallVector<unsigned, 1>> Defs;
  for (unsigned N = 0; N != Insts.size(); ++N) {
    const isa::InstrForm *Form = FormAt[N];
    if (Form && Form->Op == isa::SemanticOp::ActiveMask &&
        !Insts[N]->Operands.empty())
      if (const auto *D = dyn_cast<ast::NameOperand>(Insts[N]->Operands[0]))
        Defs[D->Name].push_back(N);
  }
  if (Defs.empty())
    return;
  StringMap<StringSet<>> Derived;
  // One report per use at most.
  auto CheckUse = [&](unsigned U, const isa::InstrForm &Form,
                      const ast::NameOperand &Mask, unsigned D) {
    const ast::InstructionStmt &I = *Insts[U];
    MaskWalk W{Blocks, BlockOf, D, U};
    BitVector Seen(Blocks.size());
    bool Reaches =
        (BlockOf[D] == BlockOf[U] && D < U) || W.walk(BlockOf[D], Seen);
    if (!Reaches)
      return false;
    SMRange DefAt = Insts[D]->OpcodeRange;
    if (I.G.isPresent() && isVaryingAt(I.G.Pred, U)) {
      S.report(DiagID::ActivemaskAsMask, Mask.Range)
              .note(I.G.Range, "'" + I.G.Pred.str() +
                                   "' depends on the lane, so some lanes "
                                   "skip it")
              .note(DefAt, "written by activemask here")
          << "membermask '" << Mask.Name
          << "' comes from activemask, but not every lane in it runs this '"
          << Form.Name
          << "': the lanes that skip it are never waited for, so its "
             "behaviour is undefined";
      return true;
    }
    if (std::optional<unsigned> X = lanesMayMiss(D, U)) {
      const ast::InstructionStmt &Br = *Insts[Blocks[*X].End - 1];
      S.report(DiagID::ActivemaskAsMask, Mask.Range)
              .note(Br.G.Range, "the warp splits here: '" + Br.G.Pred.str() +
                                    "' depends on the lane")
              .note(DefAt, "written by activemask here")
          << "membermask '" << Mask.Name
          << "' comes from activemask, but lanes in it may not reach this '"
          << Form.Name
          << "' with it (the warp splits in between and does not meet "
             "again before it), so its behaviour is undefined";
      return true;
    }
    if (!isShfl(Form.Op) || I.Operands.size() <= 2)
      return false;
    auto Inserted = Derived.try_emplace(Mask.Name);
    const auto &FromMask = Inserted.first->second;
    if (Inserted.second)
      Inserted.first->second = derivedFrom(Mask.Name, Insts);
    SmallVector<StringRef, 2> Lane;
    namesIn(*I.Operands[2], Lane);
    if (any_of(Lane, [&](StringRef L) { return FromMask.contains(L); }))
      return false;
    S.report(DiagID::ActivemaskAsMask, Mask.Range)
            .note(DefAt, "written by activemask here")
        << "membermask '" << Mask.Name
        << "' comes from activemask, which is not a synchronisation point: "
           "lanes that have not arrived yet are missing from it, and this '"
        << Form.Name << "' reads lane/offset b = " << I.Operands[2]->text()
        << ", which does not depend on the mask, so the source lane need not "
           "be in it (its value is then undefined); derive the lane from the "
           "mask (e.g. __ffs(mask) - 1)";
    return true;
  };

  for (unsigned U = 0; U != Insts.size(); ++U) {
    const ast::InstructionStmt &I = *Insts[U];
    const isa::InstrForm *Form = FormAt[U];
    if (!Form || !Form->Sync || Form->Op == isa::SemanticOp::Mov ||
        Form->Operands.size() != I.Operands.size())
      continue;
    for (unsigned N = 0; N != Form->Operands.size(); ++N) {
      if (Form->Operands[N].Role != isa::SlotRole::Membermask)
        continue;
      const auto *Mask = dyn_cast<ast::NameOperand>(I.Operands[N]);
      auto It = Mask ? Defs.find(Mask->Name) : Defs.end();
      if (It == Defs.end())
        continue;
      for (unsigned D : It->second)
        if (CheckUse(U, *Form, *Mask, D))
          break;
    }
  }
}

} // namespace sema
} // namespace ptxwarp
