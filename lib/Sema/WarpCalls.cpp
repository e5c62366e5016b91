//===- WarpCalls.cpp - Warp lints through calls to intrinsic helpers -----===//
//
// nvcc -G does not inline the warp intrinsics: `__shfl_sync(0, t, 40)`
// becomes a call of a .func helper that loads its parameters and runs
// shfl.sync with them, and the constants are stored into the call's .param
// arguments (`st.param.b32 [param2+0], 40;`). A helper is summarized when it
// is checked (nvcc emits helpers before their callers): which of its
// parameters reach a membermask or a shfl lane unchanged, on every call, and
// whether it always runs a warp .sync instruction. At each call site the
// argument's constant (ConstProp.h) then gets the lint the instruction would
// get with it, reported at the argument, with a note at the instruction.
//
//===----------------------------------------------------------------------===//

#include "ConstProp.h"
#include "FunctionCFG.h"
#include "SemaState.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

const WarpCallee *SemaState::warpCalleeOf(const ast::InstructionStmt &I) const {
  if (WarpCallees.empty())
    return nullptr;
  std::optional<CallSite> C = callSiteOf(I);
  if (!C)
    return nullptr;
  auto It = WarpCallees.find(C->Callee);
  return It == WarpCallees.end() ? nullptr : &It->second;
}

void SemaState::summarizeWarpCallee(const ast::FunctionStmt &F,
                                    const FunctionCFG &G,
                                    const ConstantValues &CV) {
  // The blocks every call runs: from the entry, as long as each block has
  // exactly one way on (a label the helper's line table puts in the middle
  // starts a new block but does not branch).
  BitVector Always(G.Insts.size());
  for (unsigned B = 0, Seen = 0; Seen <= G.Blocks.size(); ++Seen) {
    for (unsigned N = G.Blocks[B].Begin; N != G.Blocks[B].End; ++N)
      if (!G.Insts[N]->G.isPresent())
        Always.set(N);
    if (G.Blocks[B].Succs.size() != 1 || G.Blocks[B].ExitsFunction)
      break;
    B = G.Blocks[B].Succs[0];
  }
  DenseMap<const ast::InstructionStmt *, unsigned> IndexOf;
  for (unsigned N = 0; N != G.Insts.size(); ++N)
    IndexOf[G.Insts[N]] = N;

  WarpCallee Summary;
  auto AddUse = [&](WarpCallee::Use::Kind What, const ast::Operand &O,
                    const FunctionFacts::CheckedWarp &W) {
    if (auto P = CV.paramAt(O))
      Summary.Uses.push_back({What, P->first, P->second, O.Range, W.F, W.Form});
  };
  for (const FunctionFacts::CheckedWarp &W : Facts.CheckedWarps) {
    auto It = IndexOf.find(W.I);
    if (It == IndexOf.end() || !Always.test(It->second))
      continue;
    if (W.Form->Sync && W.Form->Op != isa::SemanticOp::Mov)
      Summary.Syncs = true;
    for (unsigned N = 0; N != W.Form->Operands.size(); ++N)
      if (W.Form->Operands[N].Role == isa::SlotRole::Membermask)
        AddUse(WarpCallee::Use::Membermask, *W.I->Operands[N], W);
    if (isa::warpOpKind(W.Form->Op) == isa::WarpOpKind::Shfl)
      AddUse(WarpCallee::Use::ShflLane, *W.I->Operands[2], W);
  }
  // A helper that always calls one that synchronises does so too.
  for (unsigned N : Always.set_bits())
    if (const WarpCallee *C = warpCalleeOf(*G.Insts[N]))
      Summary.Syncs |= C->Syncs;
  if (Summary.Syncs || !Summary.Uses.empty())
    WarpCallees[F.Name] = std::move(Summary);
}

void SemaState::lintWarpCalls(const FunctionCFG &G, const ConstantValues &CV) {
  for (const ast::InstructionStmt *I : G.Insts) {
    const WarpCallee *C = warpCalleeOf(*I);
    if (!C)
      continue;
    const ast::ListOperand *Args = callSiteOf(*I)->Args;
    for (const WarpCallee::Use &U : C->Uses) {
      if (!Args || U.Param >= Args->Elements.size())
        continue;
      const ast::Operand &A = *Args->Elements[U.Param];
      std::optional<APInt> V = CV.valueAt(A);
      if (!V || V->getBitWidth() != U.Width)
        continue;
      uint64_t X = V->getZExtValue();
      if (U.What == WarpCallee::Use::Membermask && X == 0)
        report(DiagID::MembermaskZero, A.Range)
                .note(U.Range, "the argument is the membermask of this '" +
                                   U.Form->Name + "'")
            << "membermask " << operandText(A, X)
            << " is 0: no lane takes part, so the behaviour of '"
            << U.F->DiagName << "' is undefined";
      else if (U.What == WarpCallee::Use::ShflLane && X > 31)
        report(DiagID::ShflLaneRange, A.Range)
                .note(U.Range, "the argument is the lane/offset b of this '" +
                                   U.Form->Name + "'")
            << "shfl lane/offset b = " << operandText(A, X)
            << " is above 31; only its low 5 bits are used";
    }
  }
}

} // namespace sema
} // namespace ptxwarp
