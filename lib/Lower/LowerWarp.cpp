//===- LowerWarp.cpp - Lowering warp-level instructions -------------------===//
//
// shfl, vote, match, redux, elect, activemask and bar.warp.sync: what they
// compute comes from the instruction table's SemanticOp.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/WarpModes.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/Modes.h"
#include "ptxwarp/ISA/Types.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

/// The table form of a warp-level instruction, or null for the rest.
const isa::InstrForm *warpForm(const ast::InstructionStmt &I) {
  StringRef First = I.Qualifiers.empty() ? "" : I.Qualifiers[0].Text;
  const isa::InstrFamily *Fam = isa::findFamily(I.Opcode, First);
  if (!Fam || Fam->General)
    return nullptr;
  SmallVector<StringRef, 8> Words;
  for (const ast::Qualifier &Q : I.Qualifiers)
    Words.push_back(Q.Text);
  // The same selection as the checker's (isa::selectForm).
  const isa::InstrForm *F = isa::selectForm(*Fam, isa::formKeyOf(*Fam, Words));
  if (!F || F->Op == isa::SemanticOp::Mov || F->Op == isa::SemanticOp::Generic)
    return nullptr;
  return F;
}

void Lowerer::lowerWarp(const ast::InstructionStmt &I, const isa::InstrForm &WF,
                        Inst &In, Scope &S) {
  using isa::SemanticOp;
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  Type U32{Type::U, 32};
  Type Pred{Type::Pred, 1};
  auto Unsupported = [&] {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter");
  };
  auto Push = [&](std::optional<Operand> O) {
    if (!O)
      return false;
    In.Ops.push_back(*O);
    return true;
  };
  // `d|p` or `d`: two destination slots (p = none when absent).
  auto PushDestPair = [&](const ast::Operand *O) {
    if (const auto *P = dyn_cast<ast::PairOperand>(O))
      return Push(dest(P->First, S)) && Push(dest(P->Second, S));
    if (!Push(dest(O, S)))
      return false;
    In.Ops.push_back(Operand());
    return true;
  };
  // Legacy (non-.sync) forms take part with the lanes executing together.
  auto PushMask = [&](size_t Index) {
    if (!WF.Sync) {
      In.ImplicitMask = true;
      In.Ops.push_back(Operand::imm(0));
      return true;
    }
    return Index < Ops.size() && Push(source(Ops[Index], U32, S));
  };
  if (Ops.size() != WF.Operands.size())
    return Unsupported();
  if (isa::warpOpKind(WF.Op) == isa::WarpOpKind::Collective)
    return lowerCollective(I, WF, In, S);
  switch (WF.Op) {
  case SemanticOp::ShflUp:
  case SemanticOp::ShflDown:
  case SemanticOp::ShflBfly:
  case SemanticOp::ShflIdx:
    In.Op = Opcode::Shfl;
    In.Sub = uint8_t(WF.Op == SemanticOp::ShflUp     ? ir::ShflMode::Up
                     : WF.Op == SemanticOp::ShflDown ? ir::ShflMode::Down
                     : WF.Op == SemanticOp::ShflBfly ? ir::ShflMode::Bfly
                                                     : ir::ShflMode::Idx);
    if (!PushDestPair(Ops[0]))
      return;
    for (unsigned K = 1; K < 4; ++K)
      if (!Push(source(Ops[K], U32, S)))
        return;
    if (!PushMask(4))
      return;
    break;
  case SemanticOp::VoteAll:
  case SemanticOp::VoteAny:
  case SemanticOp::VoteUni:
  case SemanticOp::VoteBallot:
    In.Op = Opcode::Vote;
    In.Sub = uint8_t(WF.Op == SemanticOp::VoteAll   ? ir::VoteMode::All
                     : WF.Op == SemanticOp::VoteAny ? ir::VoteMode::Any
                     : WF.Op == SemanticOp::VoteUni ? ir::VoteMode::Uni
                                                    : ir::VoteMode::Ballot);
    if (!Push(dest(Ops[0], S)) || !Push(source(Ops[1], Pred, S)) ||
        !PushMask(2))
      return;
    break;
  case SemanticOp::MatchAny:
  case SemanticOp::MatchAll:
    In.Op = Opcode::Match;
    In.Sub = uint8_t(WF.Op == SemanticOp::MatchAll ? ir::MatchMode::All
                                                   : ir::MatchMode::Any);
    if (!PushDestPair(Ops[0]) || !Push(source(Ops[1], In.Ty, S)) ||
        !PushMask(2))
      return;
    break;
  case SemanticOp::ReduxAdd:
  case SemanticOp::ReduxMin:
  case SemanticOp::ReduxMax:
  case SemanticOp::ReduxAnd:
  case SemanticOp::ReduxOr:
  case SemanticOp::ReduxXor:
  case SemanticOp::ReduxFMin:
  case SemanticOp::ReduxFMax:
    In.Op = Opcode::Redux;
    In.Sub = uint8_t(
        WF.Op == SemanticOp::ReduxAdd   ? ir::ReduxOp::Add
        : WF.Op == SemanticOp::ReduxAnd ? ir::ReduxOp::And
        : WF.Op == SemanticOp::ReduxOr  ? ir::ReduxOp::Or
        : WF.Op == SemanticOp::ReduxXor ? ir::ReduxOp::Xor
        : (WF.Op == SemanticOp::ReduxMin || WF.Op == SemanticOp::ReduxFMin)
            ? ir::ReduxOp::Min
            : ir::ReduxOp::Max);
    switch (isa::parseType(WF.Type).value_or(isa::PtxType::B32)) {
    case isa::PtxType::S32:
      In.Sub2 = uint8_t(ir::ReduxType::S32);
      break;
    case isa::PtxType::U32:
      In.Sub2 = uint8_t(ir::ReduxType::U32);
      break;
    case isa::PtxType::F32:
      In.Sub2 = uint8_t(ir::ReduxType::F32);
      break;
    default:
      In.Sub2 = uint8_t(ir::ReduxType::B32);
      break;
    }
    In.Abs = I.hasQualifier("abs");
    In.NaN = I.hasQualifier("NaN");
    if (!Push(dest(Ops[0], S)) || !Push(source(Ops[1], In.Ty, S)) ||
        !PushMask(2))
      return;
    break;
  case SemanticOp::ActiveMask:
    In.Op = Opcode::Activemask;
    if (!Push(dest(Ops[0], S)))
      return;
    break;
  case SemanticOp::Elect:
    In.Op = Opcode::Elect;
    if (!PushDestPair(Ops[0]) || !PushMask(1))
      return;
    break;
  case SemanticOp::BarWarpSync:
    In.Op = Opcode::BarWarpSync;
    if (!PushMask(0))
      return;
    break;
  default:
    return Unsupported();
  }
  F.Insts.push_back(std::move(In));
}

/// The register type an operand slot of class \p C reads or writes.
static Type slotType(isa::SlotClass C, Type InstrTy) {
  switch (C) {
  case isa::SlotClass::Data64:
    return Type{Type::U, 64};
  case isa::SlotClass::Pred:
  case isa::SlotClass::VotePred:
    return Type{Type::Pred, 1};
  case isa::SlotClass::InstrType:
  case isa::SlotClass::Any:
    return InstrTy;
  default:
    return Type{Type::U, 32};
  }
}

// Every table-driven collective lowers here, from its form's operand slots
// alone: destinations, sources, then the membermask (a placeholder for the
// .aligned whole-warp forms), as Opcodes.def's Collective says. A new
// family needs nothing in this file.
void Lowerer::lowerCollective(const ast::InstructionStmt &I,
                              const isa::InstrForm &WF, Inst &In, Scope &S) {
  In.Op = Opcode::Collective;
  In.Sub = uint16_t(WF.Op);
  In.AlignedWarp = WF.Contract == isa::WarpContract::AlignedWarp;
  const ast::Operand *Mask = nullptr;
  for (size_t K = 0; K < WF.Operands.size(); ++K)
    if (WF.Operands[K].Role == isa::SlotRole::Membermask)
      Mask = I.Operands[K];
  emitCollective(
      I, WF.Operands.size(), [&](size_t K) { return WF.Operands[K].Role; },
      [&](size_t K) { return slotType(WF.Operands[K].Class, In.Ty); }, Mask, In,
      S);
}

void Lowerer::emitCollective(const ast::InstructionStmt &I, size_t N,
                             function_ref<isa::SlotRole(size_t)> RoleOf,
                             function_ref<Type(size_t)> TypeOf,
                             const ast::Operand *Mask, Inst &In, Scope &S) {
  unsigned NumDst = 0;
  // Vector operands (brace lists, whole vector registers) give one register
  // each, in order.
  for (isa::SlotRole Role : {isa::SlotRole::Dest, isa::SlotRole::Source})
    for (size_t K = 0; K < N; ++K) {
      if (RoleOf(K) != Role)
        continue;
      bool Ok = Role == isa::SlotRole::Dest
                    ? destElements(I.Operands[K], S, In.Ops)
                    : sourceElements(I.Operands[K], TypeOf(K), S, In.Ops);
      if (!Ok)
        return;
      if (Role == isa::SlotRole::Dest)
        NumDst = unsigned(In.Ops.size());
    }
  if (NumDst > MaxCollectiveOperands ||
      In.Ops.size() - NumDst > MaxCollectiveOperands) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' has more operands than the interpreter's " +
              "collectives take (" + Twine(MaxCollectiveOperands) +
              " on either side)");
    return;
  }
  In.Sub2 = uint8_t(NumDst);
  if (Mask) {
    std::optional<Operand> M = source(Mask, Type{Type::U, 32}, S);
    if (!M)
      return;
    In.Ops.push_back(*M);
  } else {
    In.ImplicitMask = true;
    In.Ops.push_back(Operand::imm(0));
  }
  F.Insts.push_back(std::move(In));
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
