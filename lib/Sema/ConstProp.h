//===- ConstProp.h - Integer constants in registers, per use -------------===//
//
// Compilers put constants in registers: nvcc writes `mov.u32 %r4, -1;` and
// then `shfl.sync.idx.b32 %r5|%p1, %r1, %r3, %r2, %r4;`. The warp lints
// (WarpLints.cpp, Divergence.cpp) ask this analysis what such a register
// holds where it is read.
//
// A forward dataflow over the function's basic blocks (FunctionCFG.h) on the
// lattice "not reached yet" > one constant > unknown, iterated to a fixed
// point: a register's value at a use is known when every definition that
// reaches the use gives the same constant. Definitions are followed through
// the opcodes the instruction table says how to fold (isa::constFoldOf: mov,
// add, sub, and, or, xor, not, shl, shr), computed with APInt at the
// instruction type's width, so they wrap as the hardware does. Anything else
// that writes a register makes it unknown, and so does a register read
// before any write on some path (a .func's register parameters, undefined
// values). A guarded write joins the old and the new value.
//
// Two more kinds of definition serve nvcc -G's intrinsic helpers
// (WarpCalls.cpp): in a .func, a whole-width `ld.param` of its own parameter
// K gives the symbolic value "parameter K", kept through copies only; and a
// whole-width store at offset 0 into a call's argument variable gives that
// argument the stored value.
//
// Queries are answered on demand (ConstantValues::Solver): a write earlier in
// the use's block decides the value, and only a value that arrives from other
// blocks is solved as the fixed point, for the slice of registers it depends
// on. Compilers mostly write a constant operand just before its use, and
// most functions are never solved at all.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_CONSTPROP_H
#define PTXWARP_LIB_SEMA_CONSTPROP_H

#include "FunctionCFG.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>

namespace ptxwarp {
namespace sema {

class ConstantValues {
public:
  /// The values of the function \p G (which must have been built
  /// successfully and outlive this). \p Params: the function's .param
  /// parameters in order; a whole-width `ld.param` of one of them at offset
  /// 0 gives "parameter K", followed through copies (paramAt), so a
  /// helper's summary can say which of its parameters reaches an operand.
  /// The function is solved when a register's value is first asked for:
  /// compilers mostly write membermasks and shfl operands as immediates, and
  /// then no lint asks.
  explicit ConstantValues(const FunctionCFG &G,
                          llvm::ArrayRef<llvm::StringRef> Params = {});
  ~ConstantValues();

  /// The value register operand \p O (a plain `%r` of an instruction of the
  /// graph, or a call's argument variable) holds when its instruction reads
  /// it; none when not a constant. A call argument's value is what a
  /// whole-width `st` at offset 0 stored in it (`st.param.b32 [param0+0],
  /// -1;`), at the store's width.
  std::optional<llvm::APInt> valueAt(const ast::Operand &O) const;
  /// Which parameter (index, width in bits) \p O holds unchanged, if one.
  std::optional<std::pair<unsigned, unsigned>>
  paramAt(const ast::Operand &O) const;

  struct Fact {
    llvm::APInt V;
    int Param; ///< -1: V is the value; else the parameter, V its width
  };

private:
  class Solver;
  /// The facts of \p O, a plain register operand, worked out on first use.
  const Fact *factOf(const ast::Operand &O) const;

  const FunctionCFG &G;
  std::vector<llvm::StringRef> Params;
  mutable std::unique_ptr<Solver> S;
  mutable llvm::DenseMap<const ast::Operand *, std::optional<Fact>> Known;
};

/// An integer operand's value: the immediate itself, or the constant a
/// register holds at this use (when \p CV is given).
std::optional<uint64_t> constantOperand(const ast::Operand &O,
                                        const ConstantValues *CV);

/// How a lint names an operand whose value \p V it knows: its text, and for
/// a register also the value (`%r4 (= 0xffffffff)`).
std::string operandText(const ast::Operand &O, uint64_t V);

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_LIB_SEMA_CONSTPROP_H
