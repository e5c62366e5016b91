//===- LowerScalar.cpp - Lowering of the narrow scalar instructions -------===//
//
// The scalar forms beyond the core ALU lowering in Lower.cpp:
//  - add/min/max on .u16x2/.s16x2 and min/max .relu (PTX ISA 9.7.1.1,
//    9.7.1.10-11; PTX ISA 8.0, sm_90);
//  - setp on .f16x2/.bf16x2 into a predicate pair (PTX ISA 9.7.5.x "Half
//    Precision Comparison Instructions: setp");
//  - cvt.pack.sat (9.7.9.22), cvt to and from .e4m3x2/.e5m2x2 and to .tf32,
//    and .satfinite on cvt to .f16/.bf16 (9.7.9.21);
//  - prmt's modes (9.7.9.7), szext (9.7.1.24), isspacep (9.7.9.17);
//  - and, for the instructions the interpreter cannot run, a refusal that
//    says why.
// Semantics: lib/Interp/Packed.cpp and SmallFloat.cpp.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/ScalarModes.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

namespace {

/// The element type of cvt.pack.sat (.u2 .. .s16), or None.
Type packType(const ast::InstructionStmt &I) {
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Type T = StringSwitch<Type>(Q.Text)
                 .Case("u2", Type{Type::U, 2})
                 .Case("s2", Type{Type::S, 2})
                 .Case("u4", Type{Type::U, 4})
                 .Case("s4", Type{Type::S, 4})
                 .Case("u8", Type{Type::U, 8})
                 .Case("s8", Type{Type::S, 8})
                 .Case("u16", Type{Type::U, 16})
                 .Case("s16", Type{Type::S, 16})
                 .Default(Type{});
    if (T.K != Type::None)
      return T;
  }
  return Type{};
}

} // namespace

bool Lowerer::lowerScalar(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                          Opcode Exec, Inst &In, Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  // addc/subc share Add/Sub with the carry read; they have no packed forms.
  bool CarryIn = X.Flags & isa::ExecInfo::CarryIn;
  bool IsAdd = Exec == Opcode::Add && !CarryIn;
  bool IsSub = Exec == Opcode::Sub && !CarryIn;
  bool IsMinMax = Exec == Opcode::Min || Exec == Opcode::Max;
  Type U32{Type::U, 32}, Pred{Type::Pred, 1};
  auto Refuse = [&](const Twine &Why) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter: " + Why);
    return true;
  };
  auto Push = [&](std::optional<Operand> O) {
    if (!O)
      return false;
    In.Ops.push_back(*O);
    return true;
  };
  // d, then the sources with their types; emits on success.
  auto EmitOps = [&](ArrayRef<Type> SrcTys) {
    if (Ops.size() != SrcTys.size() + 1)
      return Refuse("expected " + Twine(SrcTys.size() + 1) + " operands");
    if (!Push(dest(Ops[0], S)))
      return true;
    for (size_t K = 0; K < SrcTys.size(); ++K)
      if (!Push(source(Ops[K + 1], SrcTys[K], S)))
        return true;
    F.Insts.push_back(std::move(In));
    return true;
  };

  if (Exec == Opcode::Lop3 && Ops.size() > 0 &&
      llvm::isa<ast::PairOperand>(Ops[0]))
    return Refuse("the predicate form lop3.BoolOp d|p (sm_100) is not "
                  "modelled");

  // The three-source min/max (PTX ISA 8.8, sm_100): the float forms run
  // (Alu.cpp minMax); the integer ones are not modelled, and running them
  // as the two-source form would drop c.
  if (IsMinMax && Ops.size() == 4 && !In.Ty.isFloat())
    return Refuse("the three-source integer form d, a, b, c (sm_100) is not "
                  "modelled");

  // Packed integers and the integer .relu (PTX ISA 9.7.1.1, 9.7.1.10-11).
  bool PackedInt = In.Ty.Packed && !In.Ty.isFloat();
  if ((PackedInt || (In.Relu && !In.Ty.isFloat() && IsMinMax)) &&
      (IsAdd || IsSub || IsMinMax || Exec == Opcode::Neg ||
       Exec == Opcode::Abs)) {
    if (!IsAdd && !IsMinMax)
      return Refuse("'." + In.Ty.str() +
                    "' is defined for add, min and max "
                    "only (PTX ISA 9.7.1)");
    if (In.Relu && IsAdd)
      return Refuse(".relu is defined for min and max only");
    // .relu: .s16x2 and .s32 only (a clamp at 0 means nothing unsigned).
    if (In.Relu && !(In.Ty.K == Type::S && In.Ty.Bits == 32))
      return Refuse(".relu is defined on .s16x2 and .s32 only");
    if (In.Sat || In.Ty.Bits != 32)
      return Refuse("not a form of the PTX ISA");
    In.Op = Exec;
    return EmitOps({In.Ty, In.Ty});
  }

  // setp on halves: the pair p|q (the ISA has no single-predicate form).
  if (Exec == Opcode::Setp) {
    Type T = In.Ty;
    if (T.Packed && T.isFloat() && Ops.size() >= 1 &&
        !llvm::isa<ast::PairOperand>(Ops[0]))
      return Refuse("setp." + T.str() +
                    " writes a predicate pair p|q, one per half (PTX ISA "
                    "\"Half Precision Comparison Instructions: setp\")");
    return false;
  }

  if (Exec == Opcode::Prmt) {
    ir::PrmtMode M = ir::PrmtMode::Default;
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (auto P = isa::parseMode<ir::PrmtMode>(Q.Text))
        M = *P;
    if (M == ir::PrmtMode::Default)
      return false; // Lower.cpp: the byte-selector form
    In.Op = Opcode::Prmt;
    In.Ty = U32;
    In.Sub = uint8_t(M);
    return EmitOps({U32, U32, U32});
  }

  if (Exec == Opcode::Szext) {
    In.Op = Opcode::Szext;
    In.Sub = I.hasQualifier("wrap");
    if (In.Ty.Bits != 32 || In.Ty.Packed ||
        (In.Ty.K != Type::U && In.Ty.K != Type::S))
      return Refuse("szext is defined on .u32 and .s32");
    return EmitOps({U32, U32});
  }

  if (Exec == Opcode::Isspacep) {
    In.Op = Opcode::Isspacep;
    In.Ty = Pred;
    std::optional<SpaceTest> T;
    for (const ast::Qualifier &Q : I.Qualifiers) {
      if (Q.Text == "global")
        T = SpaceTest::Global;
      else if (Q.Text == "shared" || Q.Text == "shared::cta" ||
               Q.Text == "shared::cluster") // a cluster of one CTA
        T = SpaceTest::Shared;
      else if (Q.Text == "local")
        T = SpaceTest::Local;
      else if (Q.Text.startswith("param") || Q.Text == "const")
        return Refuse("generic addresses of ." + Q.Text +
                      " are not modelled (the interpreter keeps .const in "
                      "the global window and gives .param no generic "
                      "address)");
    }
    if (!T)
      return Refuse("no state space");
    In.Sub = uint8_t(*T);
    return EmitOps({Type{Type::U, 64}});
  }

  if (Exec != Opcode::Cvt)
    return false;

  // cvt.pack.sat (PTX ISA 9.7.9.22).
  if (I.hasQualifier("pack")) {
    Type T = packType(I);
    if (T.K == Type::None || !In.Sat)
      return Refuse("not a form of cvt.pack.sat");
    In.Op = Opcode::CvtPack;
    In.Ty = T;
    Type S32{Type::S, 32}, B32{Type::B, 32};
    if (T.Bits == 16)
      return EmitOps({S32, S32});
    return EmitOps({S32, S32, B32});
  }

  bool SatFinite = I.hasQualifier("satfinite");
  for (StringRef Fmt :
       {"ue8m0x2", "e2m1x4", "e4m3x4", "e5m2x4", "e2m3x4", "e3m2x4"})
    if (I.hasQualifier(Fmt))
      return Refuse("the ." + Fmt +
                    " conversions (sm_100a family) are not modelled");
  if (I.hasQualifier("rs"))
    return Refuse("stochastic rounding .rs (sm_100a family) is not modelled");
  auto FmtOf = [&]() -> std::optional<SmallFormat> {
    if (I.hasQualifier("e4m3x2"))
      return SmallFormat::E4M3;
    if (I.hasQualifier("e5m2x2"))
      return SmallFormat::E5M2;
    if (I.hasQualifier("e2m3x2"))
      return SmallFormat::E2M3;
    if (I.hasQualifier("e3m2x2"))
      return SmallFormat::E3M2;
    if (I.hasQualifier("e2m1x2"))
      return SmallFormat::E2M1;
    return std::nullopt;
  };
  if (auto Fmt = FmtOf()) {
    In.Op = Opcode::CvtNarrow;
    In.Sat = SatFinite;
    In.Sub2 = uint8_t(*Fmt);
    Type B16{Type::B, 16}, B32{Type::B, 32}, B8{Type::B, 8};
    bool Fp8 = *Fmt == SmallFormat::E4M3 || *Fmt == SmallFormat::E5M2;
    // The fp6/fp4 pair of a conversion (.e2m1x2 is a .b8, the others a
    // .b16 with an element per byte).
    Type Pair = *Fmt == SmallFormat::E2M1 ? B8 : B16;
    // The formats without NaN: what .relu makes of a NaN input is not
    // specified for them.
    if (!Fp8 && In.Relu)
      return Refuse(".relu with the fp6/fp4 formats (sm_100a) is not "
                    "modelled: what it makes of a NaN is unspecified");
    // The destination type comes first: cvt.rn.satfinite.e4m3x2.f32.
    StringRef First;
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (Q.Text == "e4m3x2" || Q.Text == "e5m2x2" || Q.Text == "f16x2" ||
          Q.Text == "f32") {
        First = Q.Text;
        break;
      } else if (Q.Text == "e2m3x2" || Q.Text == "e3m2x2" ||
                 Q.Text == "e2m1x2") {
        First = Q.Text;
        break;
      }
    if (In.Rnd != Rounding::Rn)
      return Refuse("fp8/fp6/fp4 conversions round to nearest (.rn) only");
    if (First == "f16x2") { // cvt.rn{.relu}.f16x2.e4m3x2 d, a
      In.Sub = uint8_t(NarrowCvt::ToF16x2);
      return EmitOps({Pair});
    }
    if (!SatFinite)
      return Refuse("conversions to fp8/fp6/fp4 need .satfinite");
    if (I.hasQualifier("f16x2") && Fp8) {
      In.Sub = uint8_t(NarrowCvt::FromF16x2);
      return EmitOps({B32});
    }
    if (I.hasQualifier("f32")) {
      In.Sub = uint8_t(NarrowCvt::FromF32x2);
      Type F32{Type::F, 32};
      return EmitOps({F32, F32});
    }
    return Refuse("not a form of the fp8 conversions");
  }
  if (I.hasQualifier("tf32")) {
    In.Op = Opcode::CvtNarrow;
    In.Sat = SatFinite;
    In.Sub = uint8_t(NarrowCvt::Tf32FromF32);
    In.Sub2 = uint8_t(SmallFormat::TF32);
    bool Rna = I.hasQualifier("rna");
    if (In.Relu)
      return Refuse(".relu on .tf32 (sm_100) is not modelled");
    if (!Rna && In.Rnd != Rounding::Rn && In.Rnd != Rounding::Rz)
      return Refuse("not a rounding of cvt.tf32.f32 (.rna, .rn, .rz)");
    In.Rnd = Rna ? Rounding::None : In.Rnd;
    return EmitOps({Type{Type::F, 32}});
  }
  // .satfinite on cvt to .f16/.f16x2/.bf16/.bf16x2: overflow (and infinity)
  // saturates to the largest finite value (Interp/Packed.cpp).
  if (SatFinite) {
    // Defined for .f32 sources into .f16/.bf16 (and their pairs) only.
    SmallVector<Type, 2> Ts;
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (Type::fromName(Q.Text).K != Type::None)
        Ts.push_back(Type::fromName(Q.Text));
    if (Ts.size() != 2 || Ts[1].K != Type::F || Ts[1].Bits != 32 ||
        Ts[0].elem().Bits != 16 || !Ts[0].isFloat())
      return Refuse(".satfinite is defined on cvt from .f32 to .f16, .bf16 "
                    "and their pairs");
  }
  return false;
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
