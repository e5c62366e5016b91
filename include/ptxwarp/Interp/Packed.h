//===- Packed.h - Packed integers, set/setp on halves, narrow conversions -===//
//
// The scalar instructions beyond Alu.cpp's core, one lane at a time:
// add/min/max on .u16x2/.s16x2 and the integer .relu (PTX ISA 9.7.1.1,
// 9.7.1.10-11), set/setp with every source and destination type including
// the half-precision ones (PTX ISA 9.7.4.3-4, 9.7.5.x "Half Precision
// Comparison Instructions"), cvt.pack (9.7.9.22), the fp8/tf32 conversions
// (9.7.9.21, SmallFloat.h), the prmt modes (9.7.9.7), szext (9.7.1.24) and
// isspacep (9.7.9.17).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_PACKED_H
#define PTXWARP_INTERP_PACKED_H

#include "ptxwarp/IR/IR.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// True when evalPacked computes \p I (evalAlu dispatches to it).
bool isPackedScalar(const ir::Inst &I);

/// d = f(a, b, c) for the instructions isPackedScalar accepts.
uint64_t evalPacked(const ir::Inst &I, uint64_t A, uint64_t B, uint64_t C);

/// setp / set for one lane: \p A, \p B the compared values, \p C the
/// predicate of the .and/.or/.xor (ignored without one). setp: \p D = p,
/// \p D2 = q; set: \p D = the destination value.
void evalSetLane(const ir::Inst &I, uint64_t A, uint64_t B, uint64_t C,
                 uint64_t &D, uint64_t &D2);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_PACKED_H
