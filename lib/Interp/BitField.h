//===- BitField.h - bfe, bfi, bmsk and fns for one lane ---------*- C++ -*-===//
//
// Private to the interpreter (used by Alu.cpp). Values are raw bit patterns.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_INTERP_BITFIELD_H
#define PTXWARP_LIB_INTERP_BITFIELD_H

#include "ptxwarp/IR/IR.h"

#include <cstdint>

namespace ptxwarp {
namespace interp {

/// bfe.type d, a, b, c (PTX ISA 9.7.8.5): c bits of a from bit b.
uint64_t bfe(ir::Type T, uint64_t A, uint64_t B, uint64_t C);

/// bfi.type f, a, b, c, d (PTX ISA 9.7.8.4): a's low d bits into b at c.
uint64_t bfi(ir::Type T, uint64_t A, uint64_t B, uint64_t C, uint64_t D);

/// bmsk.{clamp,wrap}.b32 d, a, b (PTX ISA 9.7.1.22).
uint32_t bmsk(uint32_t Pos, uint32_t Width, bool Wrap);

/// fns.b32 d, mask, base, offset (PTX ISA 9.7.8.? "fns").
uint32_t fns(uint32_t Mask, uint32_t Base, int32_t Offset);

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_LIB_INTERP_BITFIELD_H
