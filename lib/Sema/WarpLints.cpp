//===- WarpLints.cpp - Warnings beyond ptxas for the warp instructions ---===//
//
// Mistakes ptxas lets through (test/Sema/warnings.ptx): a membermask of 0 or
// wider than 32 bits, a shfl lane/offset immediate above 31, a shfl `c` that is
// not the builtins' width encoding, legacy and .sync warp instructions mixed in
// one function, and a vote destination whose declared type contradicts the
// mode (activemask as a membermask: ActiveMaskLint.cpp). The operand-value
// lints run twice: on immediates while the body is checked, and after it on
// the constants registers hold (ConstProp.h), as compilers write them.
//
//===----------------------------------------------------------------------===//

#include "ConstProp.h"
#include "FunctionCFG.h"
#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

/// Seed 003 ("Width Operand Encoding"): the CUDA builtins pass
/// c = ((32 - width) << 8) | clamp with clamp 0x1f for down/bfly/idx and 0 for
/// up. Per the PTX ISA shfl.sync pseudocode only the clamp bits outside the
/// segment mask matter (maxLane = minLane | (clamp & ~segmask)), so a clamp is
/// right when its low log2(width) bits are all ones (width-1) for
/// down/bfly/idx and all zeros for up.
static bool isValidShflC(isa::SemanticOp Op, uint64_t C) {
  if (C > 0x1fff)
    return false;
  unsigned SegMask = (C >> 8) & 0x1f;
  unsigned Clamp = C & 0x1f;
  // SegMask must be 32 - W for a power-of-two width W in 1..32.
  unsigned W = 32 - SegMask;
  if (W == 0 || (W & (W - 1)) != 0)
    return false;
  unsigned Low = Clamp & (W - 1);
  return Op == isa::SemanticOp::ShflUp ? Low == 0 : Low == W - 1;
}

void SemaState::lintWarpInstruction(const ast::InstructionStmt &I,
                                    const isa::InstrFamily &F,
                                    const isa::InstrForm &Form,
                                    const ConstantValues *CV) {
  // An operand's value: during the body walk (no CV) an immediate's; after
  // it, the constant a register holds there (nvcc writes `mov.u32 %r4, -1;`
  // and then names %r4), so compiled code is linted as hand-written code.
  auto ValueOf = [&](const ast::Operand &O) -> std::optional<uint64_t> {
    if (!CV)
      return intValueOf(O);
    if (llvm::isa<ast::ImmOperand>(O))
      return std::nullopt; // reported during the walk
    if (std::optional<APInt> V = CV->valueAt(O))
      return V->getZExtValue();
    return std::nullopt;
  };

  // Legacy and .sync forms mixed in one function: the legacy forms carry no
  // membermask, so the mix loses the membership contract.
  bool IsWarpSync =
      Form.Sync && isa::warpOpKind(Form.Op) != isa::WarpOpKind::Mov;
  if (!CV && Form.Legacy && !Facts.FirstLegacy)
    Facts.FirstLegacy = &I;
  if (!CV && IsWarpSync && !Facts.FirstSync)
    Facts.FirstSync = &I;
  if (!CV && !Facts.MixReported && Facts.FirstLegacy && Facts.FirstSync &&
      (&I == Facts.FirstLegacy || &I == Facts.FirstSync)) {
    Facts.MixReported = true;
    const ast::InstructionStmt *Other =
        &I == Facts.FirstLegacy ? Facts.FirstSync : Facts.FirstLegacy;
    report(DiagID::LegacySyncMix, I.OpcodeRange)
            .note(Other->OpcodeRange, "the other kind is used here")
        << "non-.sync and .sync warp instructions are mixed in one function; "
           "the legacy form assumes an implicit full-warp lockstep the .sync "
           "forms do not provide";
  }

  for (unsigned N = 0; N != Form.Operands.size(); ++N) {
    const isa::OperandSlot &Slot = Form.Operands[N];
    const ast::Operand &O = *I.Operands[N];
    if (Slot.Role == isa::SlotRole::Membermask) {
      if (std::optional<uint64_t> V = ValueOf(O)) {
        if (*V == 0)
          report(DiagID::MembermaskZero, O.Range)
              << "membermask " << (CV ? operandText(O, *V) + " " : "")
              << "is 0: no lane takes part, so the behaviour of '" << F.DiagName
              << "' is undefined";
        // nvcc writes 0xffff0000 as -65536: a negative literal that fits in
        // 32 signed bits is a 32-bit mask, not a wider one.
        else if (*V > 0xffffffffULL && *V < 0xffffffff80000000ULL)
          report(DiagID::MembermaskWide, O.Range)
              << "membermask " << operandText(O, *V)
              << " is wider than 32 bits; ptxas silently truncates it";
      }
    }
  }

  if (isa::warpOpKind(Form.Op) == isa::WarpOpKind::Shfl) {
    const ast::Operand &B = *I.Operands[2], &C = *I.Operands[3];
    if (std::optional<uint64_t> V = ValueOf(B))
      if (*V > 31)
        report(DiagID::ShflLaneRange, B.Range)
            << "shfl lane/offset b = " << operandText(B, *V)
            << " is above 31; only its low 5 bits are used";
    if (std::optional<uint64_t> V = ValueOf(C))
      if (!isValidShflC(Form.Op, *V))
        report(DiagID::ShflCEncoding, C.Range)
            << "shfl c = " << operandText(C, *V)
            << " is not a width encoding ((32-width)<<8 | clamp, clamp = "
            << (Form.Op == isa::SemanticOp::ShflUp ? "0 for up"
                                                   : "0x1f for this mode")
            << ")";
  }
  if (CV)
    return;

  // A vote destination whose type contradicts the mode (PTX ISA, vote.sync:
  // .ballot writes a .b32, the other modes a .pred).
  if (isa::warpOpKind(Form.Op) == isa::WarpOpKind::Vote)
    if (const auto *D = dyn_cast<ast::NameOperand>(I.Operands[0]))
      if (const Symbol *S = lookup(D->Name))
        if (S->Type) {
          bool Ballot = Form.Op == isa::SemanticOp::VoteBallot;
          bool Contradicts = Ballot ? *S->Type == isa::PtxType::F32 ||
                                          *S->Type == isa::PtxType::F16x2
                                    : *S->Type != isa::PtxType::Pred;
          if (Contradicts)
            report(DiagID::VoteDestType, D->Range)
                << "'" << D->Name << "' is declared ."
                << isa::typeName(*S->Type) << " but '" << Form.Name
                << "' writes "
                << (Ballot ? "a 32-bit lane mask" : "a predicate");
        }
}

/// Whether \p Body calls a function with a warp summary, and whether one
/// that runs a warp .sync instruction.
static void findWarpCalls(const SemaState &S, ArrayRef<const ast::Stmt *> Body,
                          bool &Calls, bool &Syncs) {
  for (const ast::Stmt *St : Body) {
    if (const auto *B = dyn_cast<ast::BlockStmt>(St))
      findWarpCalls(S, B->Body, Calls, Syncs);
    else if (const auto *I = dyn_cast<ast::InstructionStmt>(St))
      if (const WarpCallee *C = S.warpCalleeOf(*I)) {
        Calls = true;
        Syncs |= C->Syncs;
      }
  }
}

void SemaState::lintFunctionBody(const ast::FunctionStmt &F) {
  if (!F.Body)
    return;
  bool CallsWarp = false, CallsSync = false;
  if (!WarpCallees.empty())
    findWarpCalls(*this, F.Body->Body, CallsWarp, CallsSync);
  if (!Facts.HasWarpSync && Facts.CheckedWarps.empty() && !CallsWarp)
    return;
  FunctionCFG G;
  if (!G.build(*F.Body))
    return;
  // A .func's parameters, for its summary.
  SmallVector<StringRef, 4> Params;
  if (!F.IsEntry)
    for (const ast::VarDeclStmt *P : F.Params)
      for (const ast::Declarator &D : P->Declarators)
        Params.push_back(D.Name);
  ConstantValues CV(G, Params);
  for (const FunctionFacts::CheckedWarp &W : Facts.CheckedWarps)
    lintWarpInstruction(*W.I, *W.F, *W.Form, &CV);
  if (CallsWarp)
    lintWarpCalls(G, CV);
  if (Facts.HasWarpSync || CallsSync)
    lintDivergence(G, CV);
  if (!F.IsEntry)
    summarizeWarpCallee(F, G, CV);
}

} // namespace sema
} // namespace ptxwarp
