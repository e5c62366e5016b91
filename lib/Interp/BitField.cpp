//===- BitField.cpp - bfe, bfi, bmsk and fns for one lane -----------------===//
//
// Each function follows the Semantics pseudocode of its PTX ISA section;
// positions and lengths past the operand width are defined there (bfe/bfi
// read only the low 8 bits of them).
//
//===----------------------------------------------------------------------===//

#include "BitField.h"

#include <algorithm>

namespace ptxwarp {
namespace interp {

uint64_t bfe(ir::Type T, uint64_t A, uint64_t B, uint64_t C) {
  unsigned Msb = T.Bits - 1;
  unsigned Pos = B & 0xff, Len = C & 0xff;
  uint64_t SBit = 0;
  if (T.isSigned() && Len != 0)
    SBit = (A >> std::min(Pos + Len - 1, Msb)) & 1;
  uint64_t D = 0;
  for (unsigned I = 0; I <= Msb; ++I) {
    uint64_t Bit = (I < Len && Pos + I <= Msb) ? (A >> (Pos + I)) & 1 : SBit;
    D |= Bit << I;
  }
  return D;
}

uint64_t bfi(ir::Type T, uint64_t A, uint64_t B, uint64_t C, uint64_t D) {
  unsigned Msb = T.Bits - 1;
  unsigned Pos = C & 0xff, Len = D & 0xff;
  uint64_t F = B;
  for (unsigned I = 0; I < Len && Pos + I <= Msb; ++I) {
    uint64_t Bit = (A >> I) & 1;
    F = (F & ~(1ull << (Pos + I))) | (Bit << (Pos + I));
  }
  return F;
}

uint32_t bmsk(uint32_t Pos, uint32_t Width, bool Wrap) {
  uint32_t Pos1 = Pos & 31, Width1 = Width & 31, Sum = Pos1 + Width1;
  uint32_t Mask0 = ~0u << Pos1;
  uint32_t Mask1 = Sum >= 32 ? 0 : ~0u << Sum;
  bool Overflow = Sum >= 32;
  if (!Wrap && Pos >= 32) { // .clamp
    Overflow = true;
    Mask0 = 0;
  }
  if (!Wrap && Width >= 32)
    Overflow = true;
  if (Overflow)
    Mask1 = 0;
  else if (Width1 == 0)
    Mask1 = ~0u;
  return Mask0 & ~Mask1;
}

uint32_t fns(uint32_t Mask, uint32_t Base, int32_t Offset) {
  // The |offset|-th set bit of the mask counting from base (upwards for a
  // positive offset, downwards for a negative one; offset 0 asks whether
  // bit base is set), or 0xffffffff. A base above 31 is undefined in the
  // ISA; here no bit is found.
  if (Offset == 0)
    return Base < 32 && (Mask >> Base & 1) ? Base : 0xffffffffu;
  int64_t Count = Offset > 0 ? int64_t(Offset) : -int64_t(Offset);
  int Inc = Offset > 0 ? 1 : -1;
  for (int64_t Pos = Base; Pos >= 0 && Pos < 32; Pos += Inc)
    if ((Mask >> Pos & 1) && --Count == 0)
      return uint32_t(Pos);
  return 0xffffffffu;
}

} // namespace interp
} // namespace ptxwarp
