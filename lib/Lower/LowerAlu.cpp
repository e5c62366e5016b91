//===- LowerAlu.cpp - Lowering comparisons, cvt and the ALU ---------------===//
//
// setp/set, cvt and the ALU operations that reach Lowerer::lowerInst
// (LowerScalar.cpp takes the forms with their own rules first).
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

/// setp and set (PTX ISA 9.7.3.17-18 ... comparison instructions).
void Lowerer::lowerCompare(const ast::InstructionStmt &I,
                           const isa::ExecInfo &X, Opcode Exec, Inst &In,
                           Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  Type Pred{Type::Pred, 1};
  In.Op = Exec;
  std::optional<CmpOp> C;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    if (auto X = isa::parseMode<CmpOp>(Q.Text))
      C = X;
    if (auto B = isa::parseMode<BoolOp>(Q.Text))
      In.Sub2 = uint8_t(*B);
  }
  auto Ts = types(I);
  if (!C || Ts.empty())
    return unsupported(I);
  In.Sub = uint8_t(*C);
  In.SrcTy = Ts.back();
  In.Ty = Ts.front();
  // setp.f16x2 writes a predicate pair (checked in LowerScalar.cpp).
  if (Ops.size() < 3)
    return unsupported(I);
  if (const auto *P = dyn_cast<ast::PairOperand>(Ops[0])) {
    if (!push(In, dest(P->First, S)) || !push(In, dest(P->Second, S)))
      return;
  } else {
    if (!push(In, dest(Ops[0], S)))
      return;
    In.Ops.push_back(Operand());
  }
  if (!push(In, source(Ops[1], In.SrcTy, S)) ||
      !push(In, source(Ops[2], In.SrcTy, S)))
    return;
  if (Ops.size() > 3) {
    if (!push(In, source(Ops[3], Pred, S)))
      return;
  } else {
    In.Sub2 = uint8_t(BoolOp::None);
  }
  return emit(In);
}

/// cvt (PTX ISA 9.7.9.21).
void Lowerer::lowerCvt(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                       Opcode Exec, Inst &In, Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  auto Ts = types(I);
  // cvt.f16x2.f32 / cvt.bf16x2.f32 d, a, b convert two f32 sources into
  // one packed pair (PTX ISA 9.7.9.21); every other form has one source.
  if (Ts.size() != 2)
    return unsupported(I);
  bool Pair = Ts[0].Packed && Ts[1].K == Type::F && Ts[1].Bits == 32;
  if (Ops.size() != (Pair ? 3u : 2u) ||
      ((Ts[0].Packed || Ts[1].Packed) && !Pair))
    return unsupported(I);
  In.Op = Opcode::Cvt;
  In.Ty = Ts[0];
  In.SrcTy = Ts[1];
  if (!push(In, dest(Ops[0], S)))
    return;
  for (size_t K = 1; K < Ops.size(); ++K)
    if (!push(In, source(Ops[K], In.SrcTy, S)))
      return;
  return emit(In);
}

/// The ALU operations: `op.type d, a[, b[, c]]`.
void Lowerer::lowerAlu(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                       Opcode Exec, Inst &In, Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  Type U32{Type::U, 32};
  Type Pred{Type::Pred, 1};
  if (Ops.empty())
    return unsupported(I);
  In.Op = Exec;
  // The integer .relu runs in LowerScalar.cpp; anything reaching here with
  // it would run without the clamp, silently wrong.
  if (In.Relu && !In.Ty.isFloat())
    return unsupported(I);
  if (In.Op == Opcode::Mul || In.Op == Opcode::Mad) {
    if (I.hasQualifier("hi"))
      In.Sub = 1;
    else if (I.hasQualifier("wide"))
      In.Sub = 2;
  }
  // Extended-precision arithmetic (PTX ISA 9.7.2): .cc writes the carry
  // flag, addc/subc/madc read it.
  In.CarryOut = I.hasQualifier("cc");
  In.CarryIn = X.Flags & isa::ExecInfo::CarryIn;
  if (In.Op == Opcode::Shf) {
    In.Sub = I.hasQualifier("r");
    In.Sub2 = I.hasQualifier("wrap");
  }
  if (In.Op == Opcode::Mul24 || In.Op == Opcode::Mad24)
    In.Sub = I.hasQualifier("hi");
  if (In.Op == Opcode::Testp) {
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (auto K = isa::parseMode<TestpClass>(Q.Text))
        In.Sub = uint8_t(*K);
  }
  if (In.Op == Opcode::Lop3 && I.hasQualifier("BoolOp"))
    return unsupported(I);
  if (In.Op == Opcode::Bfind)
    In.Sub = I.hasQualifier("shiftamt");
  // min/max .abs and .xorsign.abs (PTX ISA 9.7.3.11-12); Sub = .xorsign.
  if ((In.Op == Opcode::Min || In.Op == Opcode::Max) && In.Ty.isFloat()) {
    In.Abs = I.hasQualifier("abs");
    In.Sub = I.hasQualifier("xorsign");
  }
  if (In.Op == Opcode::Bmsk)
    In.Sub = I.hasQualifier("wrap");
  if (In.Op == Opcode::Prmt) {
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (Q.Text != "b32")
        return unsupported(I);
  }
  if ((In.CarryIn || In.CarryOut) && (In.Ty.isFloat() || In.Sub == 2))
    return unsupported(I);
  if ((In.Op == Opcode::Sqrt || In.Op == Opcode::Rcp || In.Op == Opcode::Div) &&
      In.Ty.isFloat() && I.hasQualifier("approx"))
    In.Sub = 1;
  if (In.Op == Opcode::Slct) {
    auto Ts = types(I);
    if (Ts.size() != 2)
      return unsupported(I);
    In.Ty = Ts[0];
    In.SrcTy = Ts[1];
  }
  if (In.Ty.K == Type::None && In.Op != Opcode::Activemask)
    return unsupported(I);
  if (!push(In, dest(Ops[0], S)))
    return;
  for (size_t K = 1; K < Ops.size(); ++K) {
    Type T = In.Ty;
    // Shift amounts, bfe/bfi positions and selp's predicate are u32/pred.
    if ((In.Op == Opcode::Shl || In.Op == Opcode::Shr) && K == 2)
      T = U32;
    if ((In.Op == Opcode::Bfe && K >= 2) || (In.Op == Opcode::Bfi && K >= 3))
      T = U32;
    if (In.Op == Opcode::Selp && K == 3)
      T = Pred;
    if (In.Op == Opcode::Slct && K == 3)
      T = In.SrcTy;
    if (In.Op == Opcode::Mul && In.Sub == 2)
      T = In.Ty;
    // mad.wide: c has twice the width of a and b (PTX ISA 9.7.1.4).
    if (In.Op == Opcode::Mad && In.Sub == 2 && K == 3)
      T = Type{In.Ty.K, uint8_t(In.Ty.Bits * 2)};
    if (!push(In, source(Ops[K], T, S)))
      return;
  }
  emit(In);
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
