//===- Convert.td - cvt ---------------------------------------------------===//
//
// PTX ISA 9.0, 9.7.9.21 cvt: every destination/source type pair, as ptxas
// 13.0 takes them (enumerated: every pair of the types below × every set of
// up to three of .rn/.rz/.rm/.rp/.rni/.rzi/.rmi/.rpi/.rna/.rs/.ftz/.sat/
// .relu/.satfinite, on sm_52..sm_121f and PTX 4.1..9.0):
// - a float-to-integer conversion needs an integer rounding, an integer-to-
//   float one or a narrowing float one a floating rounding ("Rounding
//   modifier required for instruction 'cvt'"); a same-type float
//   conversion takes an optional integer rounding (round to integer);
// - .sat where the result can overflow (integer to a narrower or
//   other-signed integer, to a float from an integer or wider float);
//   never on a .bf16 result or source; .ftz where a .f32 is involved;
// - the packed and narrow formats (.f16x2/.bf16x2 from a pair of .f32, the
//   FP8/FP6/FP4 pairs, .ue8m0x2) with .relu/.satfinite and their gates; the
//   sm_100a-family formats name the family targets.
// Where ptxas takes more than the ISA text lists: .e2m1x2 from .f16x2,
// .rm/.rp on .bf16 results, an optional rounding on .f32.bf16.
//
//===----------------------------------------------------------------------===//

// The operands (PTX ISA 9.7.9.21; Classes.td's notation), enumerated with
// ptxas 13.0 (test/Sema/operands-cvt.ptx): d and a are registers whose size
// may exceed the type (9.4.1, `:relaxed`/`:arelaxed`; OperandSize.cpp checks
// them), a may be a constant of its type, either a special register (a
// destination one is "Read-only", any "not allowed" with a floating-point type
// word). The .bf16x2 and .tf32 results take .f32 sources of exactly 32 bits,
// the packed narrow formats exactly a .b8/.b16 register or a .b32/.f16x2 one
// (`:x8`, `:x16`, `:x32`). The four-element .rs forms and cvt.pack keep the
// older checks (the count, special registers, declared names).
class CvtArgs<string args> { string Args = args; }
class Scalar : CvtArgs<"d:relaxed%, a:arelaxed%">;
class Tf32Args : CvtArgs<"d:relaxed%, a:f32">;
// With a .bf16 type word ptxas 13.0 takes no wider register on either side.
class Bf16Args : CvtArgs<"d, a:atype">;

defvar CvtInts = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"];
defvar CvtIntWords = "u8,u16,u32,u64,s8,s16,s32,s64";
defvar RnRz = Words<"rnd", "rn,rz", "Multiple rounding modifiers specified">;
defvar RpRz = Words<"rnd", "rp,rz", "Multiple rounding modifiers specified">;
class CvtGate<int major, int minor, int sm, string feature>
    : Gate<Version<major, minor>, feature, sm, feature, 1>;
// The narrow formats of the sm_100a family (PTX 8.6).
class FamilyGate<string feature> : Gate<Version<8, 6>, feature, 0, feature> {
  let OnlyTargets = "sm_100a,sm_100f,sm_101a,sm_101f,sm_103a,sm_103f,"
                    # "sm_110a,sm_110f,sm_120a,sm_120f,sm_121a,sm_121f";
}

// Integer to integer: .sat unless every source value fits the result.
foreach d = CvtInts in {
  defvar fits = !cond(
      !eq(d, "u8") : "u8", !eq(d, "u16") : "u8,u16", !eq(d, "u32") : "u8,u16,u32",
      !eq(d, "u64") : "u8,u16,u32,u64", !eq(d, "s8") : "s8",
      !eq(d, "s16") : "s8,s16,u8", !eq(d, "s32") : "s8,s16,s32,u8,u16",
      true : "s8,s16,s32,s64,u8,u16,u32");
  defvar overflows = !interleave(!filter(t, CvtInts, !not(!ge(!find(fits # ",", t # ","), 0))), ",");
  def : Syntax<"cvt." # d # ".atype", [Words<"atype", fits>]>, Operands<2>, Scalar;
  def : Syntax<"cvt{.sat}." # d # ".atype", [Words<"atype", overflows>]>, Operands<2>, Scalar;
  // From a bf16: an integer rounding, no .sat (PTX 7.8, sm_90).
  def : Syntax<"cvt.irnd." # d # ".bf16", [], CvtGate<7, 8, 90, "cvt with ." # d # ".bf16">>,
        Operands<2>, Bf16Args;
  // To a bf16: a floating rounding.
  def : Syntax<"cvt.rnd.bf16." # d, [], CvtGate<7, 8, 90, "cvt with .bf16." # d>>, Operands<2>, Bf16Args;
}
defvar IntT = Words<"dtype", CvtIntWords>;
// Float to integer.
def : Syntax<"cvt.irnd{.sat}.dtype.atype", [IntT, Words<"atype", "f16,f64">]>, Operands<2>, Scalar;
def : Syntax<"cvt.irnd{.ftz}{.sat}.dtype.f32", [IntT]>, Operands<2>, Scalar;
// Integer (or a wider float) to float.
def : Syntax<"cvt.rnd{.sat}.f16.atype", [Words<"atype", CvtIntWords # ",f64">]>, Operands<2>, Scalar;
def : Syntax<"cvt.rnd{.sat}.f64.atype", [Words<"atype", CvtIntWords>]>, Operands<2>, Scalar;
def : Syntax<"cvt.rnd{.ftz}{.sat}.f32.atype", [Words<"atype", CvtIntWords # ",f64">]>, Operands<2>, Scalar;
def : Syntax<"cvt.rnd.bf16.f64", [], CvtGate<7, 8, 90, "cvt with .bf16.f64">>, Operands<2>, Bf16Args;
// Same type: round to integer.
def : Syntax<"cvt{.irnd}{.sat}.f16.f16">, Operands<2>, Scalar;
def : Syntax<"cvt{.irnd}{.sat}.f64.f64">, Operands<2>, Scalar;
def : Syntax<"cvt{.irnd}{.ftz}{.sat}.f32.f32">, Operands<2>, Scalar;
def : Syntax<"cvt{.irnd}.bf16.bf16", [], CvtGate<7, 8, 90, "cvt with .bf16.bf16">>, Operands<2>, Bf16Args;
// Widening float.
def : Syntax<"cvt{.ftz}{.sat}.f32.f16">, Operands<2>, Scalar;
def : Syntax<"cvt{.ftz}{.sat}.f64.f32">, Operands<2>, Scalar;
def : Syntax<"cvt{.sat}.f64.f16">, Operands<2>, Scalar;
def : Syntax<"cvt{.rnd}.f32.bf16", [], CvtGate<7, 1, 80, "cvt with .f32.bf16">>, Operands<2>, Bf16Args;
def : Syntax<"cvt{.rnd}.ftz.f32.bf16", [], CvtGate<7, 8, 90, "cvt with .f32.bf16.ftz">>, Operands<2>, Bf16Args;
def : Syntax<"cvt{.rnd}.f64.bf16", [], CvtGate<7, 8, 90, "cvt with .f64.bf16">>, Operands<2>, Bf16Args;
def : Syntax<"cvt{.rnd}.f16.bf16", [], CvtGate<7, 8, 90, "cvt with .f16.bf16">>, Operands<2>, Bf16Args;
def : Syntax<"cvt{.rnd}.bf16.f16", [], CvtGate<7, 8, 90, "cvt with .bf16.f16">>, Operands<2>, Bf16Args;
// f32 to f16 / bf16 (cvt.frnd2): .relu from PTX 7.0 on sm_80, .satfinite
// from PTX 8.1 (on sm_70 for .f16 alone).
def : Syntax<"cvt.rnd{.ftz}{.sat}.f16.f32">, Operands<2>, Scalar;
def : Syntax<"cvt.rnd.relu.f16.f32", [RnRz], CvtGate<7, 0, 80, ".relu">>, Operands<2>, Scalar;
def : Syntax<"cvt.rnd.satfinite.f16.f32", [RnRz], CvtGate<8, 1, 70, ".satfinite">>, Operands<2>, Scalar;
def : Syntax<"cvt.rnd.relu.satfinite.f16.f32", [RnRz], CvtGate<8, 1, 80, ".satfinite">>,
      Operands<2>, Scalar;
def : Syntax<"cvt.rnd{.ftz}.bf16.f32", [], CvtGate<7, 0, 80, "cvt.bf16.f32">>, Operands<2>, Bf16Args;
def : Syntax<"cvt.rnd.relu.bf16.f32", [RnRz], CvtGate<7, 0, 80, "cvt.bf16.f32">>, Operands<2>, Bf16Args;
def : Syntax<"cvt.rnd{.relu}.satfinite.bf16.f32", [RnRz], CvtGate<8, 1, 80, ".satfinite">>,
      Operands<2>, Bf16Args;
// tf32: .rna from PTX 7.0 (sm_80), .rn/.rz from 7.8 (sm_90), .satfinite
// with .rn/.rz from 8.6 (sm_100).
def : Syntax<"cvt.rna.tf32.f32", [], CvtGate<7, 0, 80, "cvt.tf32.f32">>, Operands<2>, Tf32Args;
def : Syntax<"cvt.rna.satfinite.tf32.f32", [], CvtGate<8, 1, 80, ".satfinite">>, Operands<2>, Tf32Args;
def : Syntax<"cvt.rnd{.relu}.tf32.f32", [RnRz], CvtGate<7, 8, 90, "cvt.tf32.f32">>, Operands<2>, Tf32Args;
def : Syntax<"cvt.rnd{.relu}.satfinite.tf32.f32", [RnRz], CvtGate<8, 6, 100, "cvt.tf32.f32">>,
      Operands<2>, Tf32Args;
// A pair of f32 to f16x2 / bf16x2.
// ptxas 13.0 takes wider registers for the .f16x2 pair, not the .bf16x2 one.
foreach t = ["f16x2", "bf16x2"] in {
  defvar args = !if(!eq(t, "f16x2"), "d:relaxed%, a:arelaxed%, b:arelaxed%",
                    "d:relaxed%, a:f32, b:f32");
  def : Syntax<"cvt.rnd{.relu}." # t # ".f32", [RnRz], CvtGate<7, 0, 80, "cvt." # t # ".f32">>,
        Operands<3>, CvtArgs<args>;
  def : Syntax<"cvt.rnd{.relu}.satfinite." # t # ".f32", [RnRz], CvtGate<8, 1, 80, ".satfinite">>,
        Operands<3>, CvtArgs<args>;
}
// FP8 pairs: ptxas takes them from PTX 7.8 on sm_90, but from 8.1 on
// sm_89; a gate is one version and one target, so PTX 7.8 to 8.0 on sm_89
// is taken here too (the false acceptance rather than a false error).
defvar F8 = Words<"type", "e4m3x2,e5m2x2">;
defvar F8Gate = CvtGate<7, 8, 89, "cvt with .e4m3x2/.e5m2x2">;
def : Syntax<"cvt.rn{.relu}.f16x2.type", [F8], F8Gate>, Operands<2>, CvtArgs<"d:x32, a:x16">;
// A narrow result needs .satfinite: ptxas names the type.
class SatfiniteRequired<string t> {
  list<Missing> MissingMessages = [Missing<"satfinite",
      "'.satfinite' modifier required for instruction 'cvt' with destination type '." # t # "'">];
}
foreach t = ["e4m3x2", "e5m2x2"] in {
  def : Syntax<"cvt.rn.satfinite{.relu}." # t # ".f32", [], F8Gate>, Operands<3>,
        SatfiniteRequired<t>, CvtArgs<"d:x16, a:f32, b:f32">;
  def : Syntax<"cvt.rn.satfinite{.relu}." # t # ".f16x2", [], F8Gate>, Operands<2>,
        SatfiniteRequired<t>, CvtArgs<"d:x16, a:x32">;
}
// FP6 / FP4 pairs and .ue8m0x2 (PTX 8.6, the sm_100a family).
defvar F6Gate = FamilyGate<"cvt with .e2m3x2/.e3m2x2">;
defvar F4Gate = FamilyGate<"cvt with .e2m1x2">;
defvar UE8Gate = FamilyGate<"cvt with .ue8m0x2">;
def : Syntax<"cvt.rn{.relu}.f16x2.type", [Words<"type", "e2m3x2,e3m2x2">], F6Gate>, Operands<2>,
      CvtArgs<"d:x32, a:x16">;
foreach t = ["e2m3x2", "e3m2x2"] in
  def : Syntax<"cvt.rn.satfinite{.relu}." # t # ".f32", [], F6Gate>, Operands<3>,
        SatfiniteRequired<t>, CvtArgs<"d:x16, a:f32, b:f32">;
def : Syntax<"cvt.rn{.relu}.f16x2.e2m1x2", [], F4Gate>, Operands<2>, CvtArgs<"d:x32, a:x8">;
def : Syntax<"cvt.rn.satfinite{.relu}.e2m1x2.f32", [], F4Gate>, Operands<3>,
      SatfiniteRequired<"e2m1x2">, CvtArgs<"d:x8, a:f32, b:f32">;
def : Syntax<"cvt.rn.satfinite{.relu}.e2m1x2.f16x2", [], F4Gate>, Operands<2>,
      SatfiniteRequired<"e2m1x2">, CvtArgs<"d:x8, a:x32">;
def : Syntax<"cvt.rn.bf16x2.ue8m0x2", [], UE8Gate>, Operands<2>, CvtArgs<"d:x32, a:x16">;
def : Syntax<"cvt.rnd{.satfinite}.ue8m0x2.f32", [RpRz], UE8Gate>, Operands<3>,
      CvtArgs<"d:x16, a:f32, b:f32">;
def : Syntax<"cvt.rnd{.satfinite}.ue8m0x2.bf16x2", [RpRz], UE8Gate>, Operands<2>,
      CvtArgs<"d:x16, a:x32">;
// Stochastic rounding with random bits rbits (PTX 8.7, sm_100a and sm_103a
// only): d, a, b, rbits for the 16-bit pairs; d, {a, b, e, f}, rbits for
// the four-element narrow formats, which need .satfinite.
def RsGate : Gate<Version<8, 7>, ".rs", 0, ".rs"> { let OnlyTargets = "sm_100a,sm_103a"; }
def : Syntax<"cvt.rs{.relu}{.satfinite}.type.f32", [Words<"type", "f16x2,bf16x2">], RsGate>,
      Operands<4>;
foreach t = ["e4m3x4", "e5m2x4", "e2m1x4", "e2m3x4", "e3m2x4"] in
  def : Syntax<"cvt.rs{.relu}.satfinite." # t # ".f32", [], RsGate>, Operands<3>,
        SatfiniteRequired<t>;

// cvt.pack (9.7.9.22, PTX 6.5, sm_72; the sub-byte results sm_75): ptxas
// names it 'cvt.pack'; .sat is required.
class PackSat {
  list<Missing> MissingMessages = [
    Missing<"sat", ".sat modifier required for instruction 'cvt.pack'">];
}
def : Syntax<"cvt.pack.sat.type.s32", [Words<"type", "u16,s16">], CvtGate<6, 5, 72, "cvt.pack">>,
      Operands<3>, PackSat;
def : Syntax<"cvt.pack.sat.type.s32.b32", [Words<"type", "u8,s8">], CvtGate<6, 5, 72, "cvt.pack">>,
      Operands<4>, PackSat;
def : Syntax<"cvt.pack.sat.type.s32.b32", [Words<"type", "u4,s4,u2,s2">],
             CvtGate<6, 5, 75, "cvt.pack with sub-byte type">>, Operands<4>, PackSat;
