//===- Video.cpp - The video instructions and dp4a/dp2a, per lane ---------===//
//
// Transcribes the PTX ISA's pseudocode:
//  - 9.7.18.1 "Scalar Video Instructions" (the stages, optSaturate,
//    optSecOp, optMerge) and 9.7.18.1.1-4 (vadd/vsub/vabsdiff/vmin/vmax,
//    vshl/vshr, vmad, vset);
//  - 9.7.18.2.1-4 "SIMD Video Instructions" (vadd2 .. vset4);
//  - 9.7.1.23 dp4a, 9.7.1.24 dp2a.
// Intermediate values are held in int64_t (in __int128 for vmad's 128-bit
// product) and wrapped to the widths the ISA gives them (.s34 for the
// primary result, .s33 after optSaturate and optSecOp).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Video.h"

#include <algorithm>

namespace ptxwarp {
namespace interp {

using ir::Opcode;
using ir::VCmp;
using ir::VideoModes;
using ir::VOp2;
using ir::VSel;

namespace {

/// \p V wrapped to a signed \p N-bit value (two's complement).
int64_t wrapS(int64_t V, unsigned N) {
  unsigned Sh = 64 - N;
  return int64_t(uint64_t(V) << Sh) >> Sh;
}

/// The low \p Bits bits of \p V, sign- or zero-extended.
int64_t ext(uint32_t V, unsigned Bits, bool Signed) {
  uint64_t Low = Bits >= 32 ? V : V & ((1u << Bits) - 1);
  return Signed ? wrapS(int64_t(Low), Bits) : int64_t(Low);
}

/// partSelectSignExtend (PTX ISA 9.7.18.1): the selected byte, half-word
/// or word of \p V, sign- or zero-extended to .s33.
int64_t partSelect(uint32_t V, bool Signed, VSel S) {
  switch (S) {
  case VSel::None:
    return ext(V, 32, Signed);
  case VSel::B0:
  case VSel::B1:
  case VSel::B2:
  case VSel::B3:
    return ext(V >> (8 * (unsigned(S) - unsigned(VSel::B0))), 8, Signed);
  case VSel::H0:
  case VSel::H1:
    return ext(V >> (16 * (unsigned(S) - unsigned(VSel::H0))), 16, Signed);
  }
  return 0;
}

int64_t clamp(int64_t V, int64_t Max, int64_t Min) {
  return std::max(Min, std::min(Max, V));
}

/// optSaturate (PTX ISA 9.7.18.1): .s34 in, .s33 out.
int64_t optSaturate(int64_t Tmp, bool Sat, bool Sign, VSel DSel) {
  if (!Sat)
    return wrapS(Tmp, 33);
  switch (DSel) {
  case VSel::B0:
  case VSel::B1:
  case VSel::B2:
  case VSel::B3:
    return Sign ? clamp(Tmp, INT8_MAX, INT8_MIN) : clamp(Tmp, UINT8_MAX, 0);
  case VSel::H0:
  case VSel::H1:
    return Sign ? clamp(Tmp, INT16_MAX, INT16_MIN) : clamp(Tmp, UINT16_MAX, 0);
  case VSel::None:
    break;
  }
  return Sign ? clamp(Tmp, INT32_MAX, INT32_MIN) : clamp(Tmp, UINT32_MAX, 0);
}

/// optSecOp (PTX ISA 9.7.18.1), on .s33 values.
int64_t optSecOp(VOp2 Op, int64_t Tmp, int64_t C) {
  switch (Op) {
  case VOp2::Add:
    return wrapS(Tmp + C, 33);
  case VOp2::Min:
    return std::min(Tmp, C);
  case VOp2::Max:
    return std::max(Tmp, C);
  case VOp2::None:
    break;
  }
  return Tmp;
}

/// optMerge (PTX ISA 9.7.18.1): the low byte/half-word of \p Tmp into the
/// position \p DSel names, the other bits from \p C.
uint32_t optMerge(VSel DSel, int64_t Tmp, uint32_t C) {
  uint32_t T = uint32_t(uint64_t(Tmp));
  switch (DSel) {
  case VSel::H0:
    return (T & 0xffff) | (0xffff0000u & C);
  case VSel::H1:
    return (T & 0xffff) << 16 | (0x0000ffffu & C);
  case VSel::B0:
    return (T & 0xff) | (0xffffff00u & C);
  case VSel::B1:
    return (T & 0xff) << 8 | (0xffff00ffu & C);
  case VSel::B2:
    return (T & 0xff) << 16 | (0xff00ffffu & C);
  case VSel::B3:
    return (T & 0xff) << 24 | (0x00ffffffu & C);
  case VSel::None:
    break;
  }
  return T;
}

bool compare(VCmp Cmp, int64_t A, int64_t B) {
  switch (Cmp) {
  case VCmp::Eq:
    return A == B;
  case VCmp::Ne:
    return A != B;
  case VCmp::Lt:
    return A < B;
  case VCmp::Le:
    return A <= B;
  case VCmp::Gt:
    return A > B;
  case VCmp::Ge:
    return A >= B;
  }
  return false;
}

/// The scalar forms but vmad (PTX ISA 9.7.18.1.1, 9.7.18.1.2, 9.7.18.1.4).
uint32_t scalar(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
                uint32_t C) {
  VSel ASel = VSel(M.ASel), BSel = VSel(M.BSel), DSel = VSel(M.DSel);
  bool Shift = Op == Opcode::VShl || Op == Opcode::VShr;
  int64_t TA = partSelect(A, M.ASigned, ASel);
  // vshl/vshr: b is always .u32.
  int64_t TB = partSelect(B, Shift ? false : M.BSigned, BSel);
  int64_t Tmp = 0;
  switch (Op) {
  case Opcode::VAdd:
    Tmp = TA + TB;
    break;
  case Opcode::VSub:
    Tmp = TA - TB;
    break;
  case Opcode::VAbsdiff:
    Tmp = TA > TB ? TA - TB : TB - TA;
    break;
  case Opcode::VMin:
    Tmp = std::min(TA, TB);
    break;
  case Opcode::VMax:
    Tmp = std::max(TA, TB);
    break;
  case Opcode::VShl:
  case Opcode::VShr:
    if (M.Clamp && TB > 32)
      TB = 32;
    if (!M.Clamp)
      TB &= 0x1f;
    // The primary result is .s34: a left shift keeps its low 34 bits.
    Tmp =
        Op == Opcode::VShl ? wrapS(int64_t(uint64_t(TA) << TB), 34) : TA >> TB;
    break;
  case Opcode::VSet:
    // "The intermediate result of the comparison is always unsigned, and
    // therefore destination d and operand c are also unsigned."
    Tmp = compare(M.Cmp, TA, TB) ? 1 : 0;
    if (DSel != VSel::None)
      return optMerge(DSel, Tmp, C);
    return uint32_t(uint64_t(optSecOp(M.Op2, Tmp, ext(C, 32, false))));
  default:
    return 0;
  }
  Tmp = optSaturate(Tmp, M.Sat, M.DSigned, DSel);
  if (DSel != VSel::None)
    return optMerge(DSel, Tmp, C);
  // "The sign of the third operand is based on dtype."
  return uint32_t(uint64_t(optSecOp(M.Op2, Tmp, ext(C, 32, M.DSigned))));
}

/// vmad (PTX ISA 9.7.18.1.3), line by line.
uint32_t vmad(const VideoModes &M, uint32_t A, uint32_t B, uint32_t C) {
  int64_t TA = partSelect(A, M.ASigned, VSel(M.ASel));
  int64_t TB = partSelect(B, M.BSigned, VSel(M.BSel));
  bool SignedFinal = M.ASigned || M.BSigned || (M.NegA != M.NegB) || M.NegC;
  __int128 Tmp = __int128(TA) * TB;
  int Lsb = 0;
  if (M.Po) {
    Lsb = 1;
  } else if (M.NegA != M.NegB) {
    Tmp = ~Tmp;
    Lsb = 1;
  } else if (M.NegC) {
    C = ~C;
    Lsb = 1;
  }
  __int128 C128 = SignedFinal ? __int128(int32_t(C)) : __int128(C);
  Tmp = Tmp + C128 + Lsb;
  // The shift of the 128-bit intermediate, then its low 64 bits.
  uint64_t Result = uint64_t(static_cast<unsigned __int128>(Tmp >> M.Shr));
  if (M.Sat) {
    if (SignedFinal)
      Result = uint64_t(clamp(int64_t(Result), INT32_MAX, INT32_MIN));
    else
      Result = std::min<uint64_t>(Result, UINT32_MAX);
  }
  return uint32_t(Result);
}

/// The SIMD forms (PTX ISA 9.7.18.2.1-4): \p N elements of \p Bits bits.
uint32_t simd(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
              uint32_t C, unsigned N) {
  unsigned Bits = 32 / N;
  uint64_t Pair = uint64_t(B) << 32 | A; // extractAndSignExt: {b, a}
  auto Elem = [&](uint64_t V, unsigned K, bool Signed) {
    return ext(uint32_t(V >> (K * Bits)), Bits, Signed);
  };
  int64_t Max = int64_t(1) << Bits; // 2^8 or 2^16
  int64_t T[4] = {0, 0, 0, 0};
  for (unsigned I = 0; I < N; ++I) {
    // Element numbers are < 2 * N (the lowering checks; masked anyway).
    unsigned Ka = ((M.ASel >> (3 * I)) & 7) % (2 * N);
    unsigned Kb = ((M.BSel >> (3 * I)) & 7) % (2 * N);
    int64_t Va = Elem(Pair, Ka, M.ASigned);
    int64_t Vb = Elem(Pair, Kb, M.BSigned);
    int64_t &Ti = T[I];
    switch (Op) {
    case Opcode::VAdd2:
    case Opcode::VAdd4:
      Ti = Va + Vb;
      break;
    case Opcode::VSub2:
    case Opcode::VSub4:
      Ti = Va - Vb;
      break;
    case Opcode::VAvrg2:
    case Opcode::VAvrg4:
      // Arithmetic shifts: (Va + Vb) >> 1 rounds towards minus infinity.
      Ti = Va + Vb >= 0 ? (Va + Vb + 1) >> 1 : (Va + Vb) >> 1;
      break;
    case Opcode::VAbsdiff2:
    case Opcode::VAbsdiff4:
      Ti = Va > Vb ? Va - Vb : Vb - Va;
      break;
    case Opcode::VMin2:
    case Opcode::VMin4:
      Ti = std::min(Va, Vb);
      break;
    case Opcode::VMax2:
    case Opcode::VMax4:
      Ti = std::max(Va, Vb);
      break;
    case Opcode::VSet2:
    case Opcode::VSet4:
      Ti = compare(M.Cmp, Va, Vb) ? 1 : 0;
      break;
    default:
      break;
    }
    if (M.Sat)
      Ti = M.DSigned ? clamp(Ti, Max / 2 - 1, -Max / 2) : clamp(Ti, Max - 1, 0);
  }
  // Secondary accumulate or SIMD merge.
  if (M.Op2 == VOp2::Add) {
    uint32_t D = C;
    for (unsigned I = 0; I < N; ++I)
      if ((M.DSel >> I) & 1)
        D += uint32_t(uint64_t(T[I]));
    return D;
  }
  uint32_t D = 0;
  uint32_t ElemMask = (uint32_t(1) << Bits) - 1;
  for (unsigned I = 0; I < N; ++I) {
    uint32_t V = (M.DSel >> I) & 1 ? uint32_t(uint64_t(T[I])) : C >> (I * Bits);
    D |= (V & ElemMask) << (I * Bits);
  }
  return D;
}

} // namespace

bool isVideoOpcode(Opcode Op) {
  return Op >= Opcode::VAdd && Op <= Opcode::Dp2a;
}

uint32_t evalVideo(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
                   uint32_t C) {
  if (!isVideoOpcode(Op))
    return 0;
  switch (ir::videoShape(Op)) {
  case ir::VideoShape::Scalar:
    return scalar(Op, M, A, B, C);
  case ir::VideoShape::Mad:
    return vmad(M, A, B, C);
  case ir::VideoShape::Simd2:
    return simd(Op, M, A, B, C, 2);
  case ir::VideoShape::Simd4:
    return simd(Op, M, A, B, C, 4);
  case ir::VideoShape::Dot:
    break;
  }
  switch (Op) {
  case Opcode::Dp4a: {
    // PTX ISA 9.7.1.23: d = c + sum of the four byte products.
    uint32_t D = C;
    for (unsigned I = 0; I < 4; ++I)
      D += uint32_t(uint64_t(ext(A >> (8 * I), 8, M.ASigned) *
                             ext(B >> (8 * I), 8, M.BSigned)));
    return D;
  }
  case Opcode::Dp2a: {
    // PTX ISA 9.7.1.24: the two half-words of a times bytes 0-1 (.lo) or
    // 2-3 (.hi) of b.
    uint32_t D = C;
    unsigned Sel = M.Hi ? 2 : 0;
    for (unsigned I = 0; I < 2; ++I)
      D += uint32_t(uint64_t(ext(A >> (16 * I), 16, M.ASigned) *
                             ext(B >> (8 * (Sel + I)), 8, M.BSigned)));
    return D;
  }
  default:
    return 0;
  }
}

} // namespace interp
} // namespace ptxwarp
