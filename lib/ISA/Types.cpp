//===- Types.cpp - PTX fundamental types and their compatibility rules ----===//

#include "ptxwarp/ISA/Types.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace isa {

std::optional<PtxType> parseType(StringRef Name) {
  return StringSwitch<std::optional<PtxType>>(Name)
      .Case("b8", PtxType::B8)
      .Case("u8", PtxType::U8)
      .Case("s8", PtxType::S8)
      .Case("b16", PtxType::B16)
      .Case("u16", PtxType::U16)
      .Case("s16", PtxType::S16)
      .Case("f16", PtxType::F16)
      .Case("bf16", PtxType::BF16)
      .Case("f16x2", PtxType::F16x2)
      .Case("bf16x2", PtxType::BF16x2)
      .Case("b32", PtxType::B32)
      .Case("u32", PtxType::U32)
      .Case("s32", PtxType::S32)
      .Case("f32", PtxType::F32)
      .Case("tf32", PtxType::TF32)
      .Case("b64", PtxType::B64)
      .Case("u64", PtxType::U64)
      .Case("s64", PtxType::S64)
      .Case("f64", PtxType::F64)
      .Case("b128", PtxType::B128)
      .Case("pred", PtxType::Pred)
      .Default(std::nullopt);
}

StringRef typeName(PtxType T) {
  switch (T) {
  case PtxType::B8:
    return "b8";
  case PtxType::U8:
    return "u8";
  case PtxType::S8:
    return "s8";
  case PtxType::B16:
    return "b16";
  case PtxType::U16:
    return "u16";
  case PtxType::S16:
    return "s16";
  case PtxType::F16:
    return "f16";
  case PtxType::BF16:
    return "bf16";
  case PtxType::F16x2:
    return "f16x2";
  case PtxType::BF16x2:
    return "bf16x2";
  case PtxType::B32:
    return "b32";
  case PtxType::U32:
    return "u32";
  case PtxType::S32:
    return "s32";
  case PtxType::F32:
    return "f32";
  case PtxType::TF32:
    return "tf32";
  case PtxType::B64:
    return "b64";
  case PtxType::U64:
    return "u64";
  case PtxType::S64:
    return "s64";
  case PtxType::F64:
    return "f64";
  case PtxType::B128:
    return "b128";
  case PtxType::Pred:
    return "pred";
  }
  return "";
}

unsigned typeBits(PtxType T) {
  switch (T) {
  case PtxType::B8:
  case PtxType::U8:
  case PtxType::S8:
    return 8;
  case PtxType::B16:
  case PtxType::U16:
  case PtxType::S16:
  case PtxType::F16:
  case PtxType::BF16:
    return 16;
  case PtxType::F16x2:
  case PtxType::BF16x2:
  case PtxType::B32:
  case PtxType::U32:
  case PtxType::S32:
  case PtxType::F32:
  case PtxType::TF32:
    return 32;
  case PtxType::B64:
  case PtxType::U64:
  case PtxType::S64:
  case PtxType::F64:
    return 64;
  case PtxType::B128:
    return 128;
  case PtxType::Pred:
    return 1;
  }
  return 0;
}

std::optional<unsigned> integerTypeWidth(llvm::StringRef Name) {
  std::optional<PtxType> T = parseType(Name);
  if (!T)
    return std::nullopt;
  TypeKind K = typeKind(*T);
  if (K == TypeKind::Float || K == TypeKind::Pred || typeBits(*T) > 64)
    return std::nullopt;
  return typeBits(*T);
}

TypeKind typeKind(PtxType T) {
  switch (T) {
  case PtxType::U8:
  case PtxType::U16:
  case PtxType::U32:
  case PtxType::U64:
    return TypeKind::Unsigned;
  case PtxType::S8:
  case PtxType::S16:
  case PtxType::S32:
  case PtxType::S64:
    return TypeKind::Signed;
  case PtxType::F16:
  case PtxType::BF16:
  case PtxType::F32:
  case PtxType::TF32:
  case PtxType::F64:
    return TypeKind::Float;
  case PtxType::Pred:
    return TypeKind::Pred;
  default:
    // ptxas 13.0 treats the packed half types as bit containers: mov.u32
    // into an .f16x2 register is accepted (case sreg-00041 of
    // test/Inputs/ptxas/cases.txt, run by test/Sema/ptxas-expectations.test).
    return TypeKind::Bit;
  }
}

bool isTypeCompatible(PtxType Instr, PtxType Reg) {
  if (Instr == Reg)
    return true;
  TypeKind IK = typeKind(Instr), RK = typeKind(Reg);
  if (IK == TypeKind::Pred || RK == TypeKind::Pred)
    return false;
  if (typeBits(Instr) != typeBits(Reg))
    return false;
  // The packed halves are bit types, but ptxas 13.0 takes only a bit-size
  // register for them (or a packed one), and a packed register for any type
  // but a floating-point one (`add.f16x2 %r1, %f1, %r2`, `setp.eq.f16x2
  // p|q, %r1, %u2`, `add.f32 %f1, %hh1, %f2` are "Arguments mismatch";
  // `add.u32 %r1, %hh1, %r2` and mov.b32 are fine).
  bool PI = Instr == PtxType::F16x2 || Instr == PtxType::BF16x2;
  bool PR = Reg == PtxType::F16x2 || Reg == PtxType::BF16x2;
  if ((PI && RK != TypeKind::Bit) || (PR && IK == TypeKind::Float))
    return false;
  if (IK == TypeKind::Bit || RK == TypeKind::Bit)
    return true;
  bool IInt = IK == TypeKind::Unsigned || IK == TypeKind::Signed;
  bool RInt = RK == TypeKind::Unsigned || RK == TypeKind::Signed;
  if (IInt && RInt)
    return true;
  return false; // float vs int, or two different float types
}

bool isRelaxedTypeCompatible(PtxType Instr, PtxType Reg) {
  if (Instr == Reg)
    return true;
  TypeKind IK = typeKind(Instr), RK = typeKind(Reg);
  if (IK == TypeKind::Pred || RK == TypeKind::Pred)
    return false;
  if (typeBits(Reg) < typeBits(Instr)) // note 1 of both tables
    return false;
  // ptxas 13.0 is stricter than the tables for the types they predate:
  // .bf16, .bf16x2 and .tf32 take a bit-size register of their own size
  // only, .f16x2 no floating-point one, and a floating-point type no .f16x2
  // (`cvt.rn.bf16.f32 %r1, %f1`, `cvt.f64.f32 %fd1, %hh1`, `ld.f32 %hh1`
  // are "Arguments mismatch").
  if (Instr == PtxType::BF16 || Instr == PtxType::BF16x2 ||
      Instr == PtxType::TF32)
    return RK == TypeKind::Bit && typeBits(Reg) == typeBits(Instr) &&
           Reg != PtxType::F16x2;
  if (Instr == PtxType::F16x2)
    return RK != TypeKind::Float && Reg != PtxType::BF16x2;
  if (IK == TypeKind::Float &&
      (Reg == PtxType::F16x2 || Reg == PtxType::BF16x2))
    return false;
  switch (IK) {
  case TypeKind::Float: // note 4: bit-size, or the exact type
    return RK == TypeKind::Bit;
  case TypeKind::Signed:
  case TypeKind::Unsigned: // note 3: bit-size or integer
    return RK != TypeKind::Float;
  default: // note 2: a bit-size type takes any register
    return true;
  }
}

unsigned minTargetForDeclType(PtxType T) {
  return T == PtxType::F16x2 ? 53 : 0;
}

bool isDeclarableType(PtxType T) {
  return T != PtxType::BF16 && T != PtxType::BF16x2 && T != PtxType::TF32;
}

DeclTypeWord classifyDeclTypeWord(StringRef Word) {
  return StringSwitch<DeclTypeWord>(Word)
      .Cases("texref", "samplerref", "surfref", DeclTypeWord::Accepted)
      .Cases("e4m3", "e5m2", "e4m3x2", "e5m2x2", "e4m3x4", "e5m2x4",
             DeclTypeWord::InstructionOnly)
      // ptxas 13.0 says nothing about these three and then crashes
      // (SIGSEGV) on the module: no type a variable can have either.
      .Cases("e2m1x4", "e2m3x4", "e3m2x4", DeclTypeWord::InstructionOnly)
      .Cases("e2m1x2", "e2m3x2", "e3m2x2", "ue8m0x2",
             DeclTypeWord::InstructionOnly)
      .Cases("u16x2", "s16x2", "f32x2", DeclTypeWord::InstructionOnly)
      .Default(DeclTypeWord::NotAType);
}

} // namespace isa
} // namespace ptxwarp
