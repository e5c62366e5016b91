//===- Types.h - PTX fundamental types and their compatibility rules ------===//
//
// The PTX type names (`.b32`, `.f16x2`, `.pred`, ...), their sizes and kinds,
// and the operand type-compatibility rule of PTX ISA 9.0 section 6.4.x
// ("Operand Type Information"): bit-size types take any type of the same
// size, integer types take integer or bit types of the same size regardless
// of sign, float types take the same float type or a bit type. ptxas treats
// `.f16x2` as a 32-bit bit type (test/Sema/ptxas-expectations.test).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_ISA_TYPES_H
#define PTXWARP_ISA_TYPES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ptxwarp {
namespace isa {

enum class PtxType : uint8_t {
  B8,
  U8,
  S8,
  B16,
  U16,
  S16,
  F16,
  BF16,
  F16x2,
  BF16x2,
  B32,
  U32,
  S32,
  F32,
  TF32,
  B64,
  U64,
  S64,
  F64,
  B128,
  Pred
};

enum class TypeKind : uint8_t { Bit, Unsigned, Signed, Float, Pred };

/// "b32" (without the dot) -> PtxType.
std::optional<PtxType> parseType(llvm::StringRef Name);
llvm::StringRef typeName(PtxType T);
unsigned typeBits(PtxType T);
TypeKind typeKind(PtxType T);
/// The width of the integer or bit type \p Name names ("s16" -> 16), when it
/// is at most 64 bits; none for float, predicate and wider types.
std::optional<unsigned> integerTypeWidth(llvm::StringRef Name);

/// PTX ISA 6.4.x: may a register declared \p Reg be used where an
/// instruction of type \p Instr expects an operand?
bool isTypeCompatible(PtxType Instr, PtxType Reg);

/// PTX ISA 9.4.1 "Operand Size Exceeding Instruction-Type Size" (Tables 27
/// and 28): may a register declared \p Reg be a data operand of an ld, st or
/// cvt of type \p Instr? The register may be wider than the type (chopped
/// as a source, extended as a destination), never narrower; a floating-
/// point type takes a bit-size register or exactly its own type; an integer
/// type takes bit-size or integer registers; a bit-size type takes any.
bool isRelaxedTypeCompatible(PtxType Instr, PtxType Reg);

/// Lowest target on which a variable of type \p T may be declared (0: any).
/// ptxas 13.0: "Feature '.f16x2 packed data-type' requires .target sm_53 or
/// higher" (probed; .f16 has no such gate).
unsigned minTargetForDeclType(PtxType T);

/// False for the types ptxas cannot declare variables of (.bf16, .bf16x2 and
/// .tf32 are instruction types only; ptxas reports a syntax error).
bool isDeclarableType(PtxType T);

/// What ptxas 13.0 makes of a type word in a variable declaration that is no
/// PtxType (probed over every type word of PTX ISA 9.0 and the opaque
/// types of 5.3).
enum class DeclTypeWord {
  /// .texref, .samplerref, .surfref.
  Accepted,
  /// "Type .e4m3 may only be used as an instruction type": the 8-bit
  /// floating-point formats, their pairs and quads, the narrower formats'
  /// pairs and quads, and the packed integer and float pairs (.u16x2,
  /// .s16x2, .f32x2).
  InstructionOnly,
  /// A syntax error for ptxas: anything else (.e2m1, .b4, .u8x4, .foo, ...).
  NotAType,
};
DeclTypeWord classifyDeclTypeWord(llvm::StringRef Word);

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_ISA_TYPES_H
