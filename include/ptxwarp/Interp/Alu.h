//===- Alu.h - Per-lane semantics of the scalar PTX instructions ----------===//
//
// Used by the interpreter and tested on its own. Values are raw bit patterns in
// uint64_t (the low Ty.Bits bits are meaningful); predicates are 0 or 1.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_ALU_H
#define PTXWARP_INTERP_ALU_H

#include "ptxwarp/IR/IR.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// Arithmetic, logic, conversion and selection (everything with the shape
/// `d = f(a, b, c)`), for one lane.
uint64_t evalAlu(const ir::Inst &I, uint64_t A, uint64_t B, uint64_t C);
/// evalAlu for an instruction that is neither packed (isPackedScalar) nor
/// has a lane kernel other than setp's (laneKernelOf): what evalAlu does
/// after deciding that, for callers that decided it once.
uint64_t evalAluGeneral(const ir::Inst &I, uint64_t A, uint64_t B, uint64_t C);

/// bfi d, a, b, c, d2 (four sources).
uint64_t evalBfi(const ir::Inst &I, uint64_t A, uint64_t B, uint64_t C,
                 uint64_t D);

/// The comparison of setp/set for one lane (before the .and/.or/.xor);
/// \p Ftz flushes f32 subnormal sources to sign-preserving zero first.
bool evalCompare(ir::CmpOp Op, ir::Type Ty, uint64_t A, uint64_t B,
                 bool Ftz = false);

/// Truncates \p V to the width of \p Ty (predicates to 0/1).
inline uint64_t truncTo(ir::Type Ty, uint64_t V) {
  if (Ty.K == ir::Type::Pred)
    return V != 0;
  if (Ty.Bits >= 64 || Ty.Bits == 0)
    return V;
  return V & ((1ull << Ty.Bits) - 1);
}

/// Sign- or zero-extends the low Ty.Bits bits of \p V to 64 bits.
int64_t sext(uint64_t V, unsigned Bits);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_ALU_H
