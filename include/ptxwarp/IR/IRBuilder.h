//===- IRBuilder.h - Tiny helpers to write ir::Functions by hand ----------===//
//
// For benchmarks, unit tests and embedders that build IR without the
// parser: instructions are written directly in IR.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_IRBUILDER_H
#define PTXWARP_IR_IRBUILDER_H

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/IR/Reconvergence.h"

#include <initializer_list>
#include <string>

namespace ptxwarp {
namespace irb {

inline ir::Type u32() { return ir::Type{ir::Type::U, 32}; }
inline ir::Type b32() { return ir::Type{ir::Type::B, 32}; }
inline ir::Type u64() { return ir::Type{ir::Type::U, 64}; }
inline ir::Type pred() { return ir::Type{ir::Type::Pred, 1}; }

inline unsigned reg(ir::Function &F, const std::string &Name, ir::Type T) {
  F.Regs.push_back(ir::RegInfo{Name, T});
  return unsigned(F.Regs.size() - 1);
}

inline ir::Operand R(unsigned N) { return ir::Operand::reg(N); }
inline ir::Operand I(uint64_t V) { return ir::Operand::imm(V); }
inline ir::Operand S(ir::SReg X) { return ir::Operand::special(X); }

inline ir::Inst &emit(ir::Function &F, ir::Opcode Op, ir::Type Ty,
                      std::initializer_list<ir::Operand> Ops,
                      const std::string &Text = "") {
  ir::Inst In;
  In.Op = Op;
  In.Ty = Ty;
  In.Ops.assign(Ops.begin(), Ops.end());
  In.Text = Text.empty() ? std::string(ir::opcodeName(Op)) : Text;
  In.Line = unsigned(F.Insts.size() + 1);
  F.Insts.push_back(In);
  return F.Insts.back();
}

} // namespace irb
} // namespace ptxwarp

#endif // PTXWARP_IR_IRBUILDER_H
