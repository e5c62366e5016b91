//===- LowerControl.cpp - Lowering branches and CTA barriers --------------===//
//
// bra (its label is fixed up at the end of the scope), brx.idx (a jump
// table from a .branchtargets list) and bar/barrier.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/WarpModes.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/Modes.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

/// bra and brx.idx.
void Lowerer::lowerBranch(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                          Opcode Exec, Inst &In, Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  Type U32{Type::U, 32};
  if (Exec == Opcode::Bra) {
    if (Ops.size() != 1)
      return unsupported(I);
    In.Op = Opcode::Bra;
    StringRef Label;
    if (const auto *N = dyn_cast<ast::NameOperand>(Ops[0]))
      Label = N->Name;
    else if (const auto *Im = dyn_cast<ast::ImmOperand>(Ops[0]))
      if (const auto *NE = dyn_cast<ast::NameExpr>(Im->Value))
        Label = NE->Name;
    if (Label.empty())
      return unsupported(I);
    S.Fixups.push_back({unsigned(F.Insts.size()), Label, Ops[0]->Range});
    return emit(In);
  }
  // brx.idx{.uni} index, tlist (PTX ISA 9.7.12.3): to the index-th label
  // of a .branchtargets list declared in this function.
  if (Ops.size() != 2)
    return unsupported(I);
  In.Op = Opcode::BrxIdx;
  const auto *N = dyn_cast<ast::NameOperand>(Ops[1]);
  const ast::TargetListStmt *List =
      N ? S.BranchTargets.lookup(N->Name) : nullptr;
  if (!List) {
    error(DiagID::LoweringError, Ops[1]->Range,
          "brx.idx needs the label of a .branchtargets list declared "
          "before it in this function");
    return;
  }
  if (!push(In, source(Ops[0], U32, S)))
    return;
  In.Target = unsigned(F.JumpTables.size());
  F.JumpTables.emplace_back(List->Targets.size(), 0);
  for (size_t K = 0; K < List->Targets.size(); ++K) {
    const auto *L = dyn_cast<ast::NameOperand>(List->Targets[K]);
    if (!L) {
      error(DiagID::LoweringError, List->Targets[K]->Range,
            "a .branchtargets entry must be a label");
      return;
    }
    S.TableFixups.push_back(
        {In.Target, unsigned(K), L->Name, List->Targets[K]->Range});
  }
  return emit(In);
}

/// bar and barrier.
void Lowerer::lowerBarrier(const ast::InstructionStmt &I,
                           const isa::ExecInfo &X, Opcode Exec, Inst &In,
                           Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  Type U32{Type::U, 32};
  Type Pred{Type::Pred, 1};
  // bar/barrier{.cta}.sync|arrive a{, b} and .red.{popc.u32,and.pred,
  // or.pred} d, a{, b}, {!}c (PTX ISA 9.7.13.1); `bar` is the .aligned
  // form. The interpreter's CtaBarriers model them.
  if (I.hasQualifier("cluster")) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) +
              "' is not supported by the interpreter: cluster barriers "
              "are not modelled");
    return;
  }
  bool Red = I.hasQualifier("red");
  In.Op = Red ? Opcode::BarRed : Opcode::BarSync;
  In.Sub2 = (X.Flags & isa::ExecInfo::AlignedForm) || I.hasQualifier("aligned");
  size_t Sources = Ops.size() - (Red ? 2 : 0); // a and, if given, b
  if (Ops.size() < (Red ? 3u : 1u) || Sources > 2)
    return unsupported(I);
  if (Red) {
    In.Sub = uint8_t(I.hasQualifier("popc")  ? BarRedOp::Popc
                     : I.hasQualifier("and") ? BarRedOp::And
                                             : BarRedOp::Or);
    if (!push(In, dest(Ops[0], S)))
      return;
  } else {
    In.Sub =
        uint8_t(I.hasQualifier("arrive") ? BarMode::Arrive : BarMode::Sync);
  }
  const ast::Operand *const *Src = Ops.begin() + (Red ? 1 : 0);
  if (!push(In, source(Src[0], U32, S)))
    return;
  if (Sources == 1)
    In.Ops.push_back(Operand()); // no b: every thread of the CTA
  else if (!push(In, source(Src[1], U32, S)))
    return;
  if (Red && !push(In, source(Ops.back(), Pred, S)))
    return;
  return emit(In);
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
