//===- ScalarModes.h - Sub-operations of the narrow scalar instructions ---===//
//
// What Inst::Sub / Inst::Sub2 mean for the conversions to and from the small
// float formats (PTX ISA 9.7.9.21 "cvt", 5.2.5.x "Alternate Floating Point
// Data Formats"), cvt.pack (PTX ISA 9.7.9.22), the prmt modes (PTX ISA
// 9.7.9.7) and isspacep (PTX ISA 9.7.9.17). The lowering (LowerScalar.cpp)
// writes them and the interpreter (Interp/Packed.cpp) reads them.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_SCALARMODES_H
#define PTXWARP_IR_SCALARMODES_H

#include "ptxwarp/ISA/Modes.h"

#include <cstdint>

namespace ptxwarp {
namespace ir {

/// The small float formats of cvt (Inst::Sub2 of CvtNarrow): fp8, tf32, and
/// the fp6 (e2m3, e3m2) and fp4 (e2m1) formats of sm_100a.
enum class SmallFormat : uint8_t { E4M3, E5M2, TF32, E2M3, E3M2, E2M1 };

/// CvtNarrow's direction (Inst::Sub).
enum class NarrowCvt : uint8_t {
  FromF32x2,   ///< cvt...e4m3x2.f32 d, a, b (a to the upper byte)
  FromF16x2,   ///< cvt...e4m3x2.f16x2 d, a
  ToF16x2,     ///< cvt.rn{.relu}.f16x2.e4m3x2 d, a
  Tf32FromF32, ///< cvt.{rna,rn,rz}{.satfinite}.tf32.f32 d, a
};

/// prmt.b32{.mode} (Inst::Sub of Prmt): listed in lib/ISA/td/ModeSets.td.
using isa::PrmtMode;

/// isspacep.space (Inst::Sub of Isspacep).
enum class SpaceTest : uint8_t { Global, Shared, Local };

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_SCALARMODES_H
