//===- VideoModes.h - The modes of a video or dot-product instruction -----===//
//
// What the lowering reads from the qualifiers and operand selectors of the
// video instructions (PTX ISA 9.7.18: vadd, vsub, vabsdiff, vmin, vmax,
// vshl, vshr, vmad, vset and the SIMD vop2/vop4 forms) and of dp4a/dp2a
// (PTX ISA 9.7.1.23, 9.7.1.24), packed into ir::Inst::Modes; the interpreter
// unpacks them (Interp/Video.h). Header-only so that both sides share it.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_VIDEOMODES_H
#define PTXWARP_IR_VIDEOMODES_H

#include "ptxwarp/IR/IR.h"

#include <cstdint>

namespace ptxwarp {
namespace ir {

/// A scalar video operand selector (PTX ISA 9.7.18.1): the whole word, a
/// byte (.b0-.b3) or a half-word (.h0/.h1).
enum class VSel : uint8_t { None, B0, B1, B2, B3, H0, H1 };
/// The scalar secondary operation (.add/.min/.max); the SIMD forms only
/// have .add (accumulate).
enum class VOp2 : uint8_t { None, Add, Min, Max };
/// The comparisons of vset/vset2/vset4.
enum class VCmp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

struct VideoModes {
  /// .dtype, .atype, .btype are .s32 (dp4a/dp2a: .atype, .btype).
  bool DSigned = false, ASigned = false, BSigned = false;
  bool Sat = false;
  VOp2 Op2 = VOp2::None;
  /// Scalar forms: the destination selector of the merge form (a VSel).
  /// SIMD forms: the mask, bit i set when element i is written.
  uint8_t DSel = 0;
  /// Scalar forms: VSel of a and b. SIMD forms: element i comes from
  /// element ((Sel >> 3*i) & 7) of the pair {b, a} (bytes 0-7 for the
  /// 4-forms, half-words 0-3 for the 2-forms; a holds the low ones).
  uint16_t ASel = 0, BSel = 0;
  VCmp Cmp = VCmp::Eq;
  bool Clamp = false;              ///< vshl/vshr .clamp (else .wrap)
  bool NegA = false, NegB = false; ///< vmad -a, -b
  bool NegC = false, Po = false;   ///< vmad -c, .po
  uint8_t Shr = 0;                 ///< vmad .shr7 / .shr15 (0: none)
  bool Hi = false;                 ///< dp2a.hi

  uint64_t pack() const {
    uint64_t V = 0;
    V |= uint64_t(DSigned) | uint64_t(ASigned) << 1 | uint64_t(BSigned) << 2;
    V |= uint64_t(Sat) << 3 | uint64_t(Op2) << 4 | uint64_t(DSel & 15) << 6;
    V |= uint64_t(ASel & 0xfff) << 10 | uint64_t(BSel & 0xfff) << 22;
    V |= uint64_t(Cmp) << 34 | uint64_t(Clamp) << 37 | uint64_t(NegA) << 38;
    V |= uint64_t(NegB) << 39 | uint64_t(NegC) << 40 | uint64_t(Po) << 41;
    V |= uint64_t(Shr & 31) << 42 | uint64_t(Hi) << 47;
    return V;
  }
  static VideoModes unpack(uint64_t V) {
    VideoModes M;
    M.DSigned = V & 1;
    M.ASigned = (V >> 1) & 1;
    M.BSigned = (V >> 2) & 1;
    M.Sat = (V >> 3) & 1;
    M.Op2 = VOp2((V >> 4) & 3);
    M.DSel = uint8_t((V >> 6) & 15);
    M.ASel = uint16_t((V >> 10) & 0xfff);
    M.BSel = uint16_t((V >> 22) & 0xfff);
    M.Cmp = VCmp((V >> 34) & 7);
    M.Clamp = (V >> 37) & 1;
    M.NegA = (V >> 38) & 1;
    M.NegB = (V >> 39) & 1;
    M.NegC = (V >> 40) & 1;
    M.Po = (V >> 41) & 1;
    M.Shr = uint8_t((V >> 42) & 31);
    M.Hi = (V >> 47) & 1;
    return M;
  }
};

/// The operand shape of a video or dot-product opcode, which the lowering
/// decodes and the interpreter evaluates by: one 32-bit lane (vadd...),
/// vmad, two or four SIMD elements (vadd2, vadd4...), or dp4a/dp2a.
enum class VideoShape : uint8_t { Scalar, Mad, Simd2, Simd4, Dot };
inline VideoShape videoShape(Opcode Op) {
  switch (Op) {
  case Opcode::VMad:
    return VideoShape::Mad;
  case Opcode::VAdd2:
  case Opcode::VSub2:
  case Opcode::VAvrg2:
  case Opcode::VAbsdiff2:
  case Opcode::VMin2:
  case Opcode::VMax2:
  case Opcode::VSet2:
    return VideoShape::Simd2;
  case Opcode::VAdd4:
  case Opcode::VSub4:
  case Opcode::VAvrg4:
  case Opcode::VAbsdiff4:
  case Opcode::VMin4:
  case Opcode::VMax4:
  case Opcode::VSet4:
    return VideoShape::Simd4;
  case Opcode::Dp4a:
  case Opcode::Dp2a:
    return VideoShape::Dot;
  default:
    return VideoShape::Scalar;
  }
}

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_VIDEOMODES_H
