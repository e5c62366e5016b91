//===- Float.td - Floating-point, special-function and min/max rows -------===//
//
// PTX ISA 9.0: 9.7.1 (integer arithmetic: abs, neg, min, max, rem, div),
// 9.7.3 (floating point: fma, div, abs, neg, min, max, rcp, sqrt, rsqrt,
// sin, cos, lg2, ex2, tanh, copysign, testp), 9.7.4 (half precision), 9.7.8
// (selp, slct). Every row was checked against ptxas 13.0 by enumerating
// the words × types of each opcode; where ptxas accepts more than the ISA
// text lists, the row says so. Gates carry the feature names ptxas prints.
//
//===----------------------------------------------------------------------===//

// A gate whose version and target messages name different features
// ("Feature 'f16 arithemetic and compare instructions' requires .target
// sm_53", "Feature 'abs.f16 or abs.f16x2' requires PTX ISA .version 6.5").
class Needs2<int major, int minor, string feature, int sm, string smFeature>
    : Gate<Version<major, minor>, feature, sm, smFeature, 1>;

defvar F16Arith = "f16 arithemetic and compare instructions";
// ".approx" or an IEEE rounding: one element, as ptxas reads them (two of
// them is the "required" message, not "Multiple"; a rounding twice is
// "Multiple rounding modifiers specified", .approx twice is taken).
class RndOrApproxSet
    : Words<"rnd", "rn,rz,rm,rp,approx",
            "Rounding modifier or '.approx' modifier required for instruction '{instr}'",
            "Multiple rounding modifiers specified"> {
  let Twice = "approx";
}
defvar RndOrApprox = RndOrApproxSet<>;
defvar RndOrApproxMissing =
    Missing<"rnd", "Rounding modifier or '.approx' modifier required for instruction '{instr}'">;
class ApproxRequired<string op> {
  list<Missing> MissingMessages = [
    Missing<"approx", ".approx modifier required for instruction '" # op # "'">];
}

// rcp (9.7.3.8) and sqrt (9.7.3.10): .approx or a rounding. ptxas takes
// .ftz on rcp.rnd.f64 too, which the ISA text does not list.
def : Syntax<"rcp.rnd{.ftz}.f32", [RndOrApprox]> { let MissingMessages = [RndOrApproxMissing]; }
def : Syntax<"rcp.rnd{.ftz}.f64"> { let MissingMessages = [RndOrApproxMissing]; }
def : Syntax<"rcp.approx.ftz.f64"> {
  let MissingMessages = [Missing<"ftz", "'.ftz' modifier required for instruction 'rcp.approx.f64'">];
}
def : Syntax<"sqrt.rnd{.ftz}.f32", [RndOrApprox]> { let MissingMessages = [RndOrApproxMissing]; }
def : Syntax<"sqrt.rnd.f64">;
// rsqrt (9.7.3.11, 9.7.3.12): .approx only.
def : Syntax<"rsqrt.approx{.ftz}.f32">, ApproxRequired<"rsqrt">;
def : Syntax<"rsqrt.approx.f64">, ApproxRequired<"rsqrt">;
def : Syntax<"rsqrt.approx.ftz.f64", [], Gate<Version<4, 0>, "rsqrt.approx.ftz.f64">>,
      ApproxRequired<"rsqrt">;
// sin, cos, lg2 (9.7.3.13-15): .approx.f32 only.
foreach op = ["sin", "cos", "lg2"] in
  def : Syntax<op # ".approx{.ftz}.f32">, ApproxRequired<op>;
// ex2 (9.7.3.16, 9.7.4.9): the half forms from sm_75, bf16 ones need .ftz.
def : Syntax<"ex2.approx{.ftz}.f32">, ApproxRequired<"ex2">;
def : Syntax<"ex2.approx.type", [Words<"type", "f16,f16x2">],
             Needs<7, 0, 75, "ex2.f16/f16x2">>, ApproxRequired<"ex2">;
def : Syntax<"ex2.approx.ftz.bf16", [], Needs<7, 8, 90, "ex2.bf16">>, ApproxRequired<"ex2"> {
  let MissingMessages = [
    Missing<"approx", ".approx modifier required for instruction 'ex2'">,
    Missing<"ftz", ".ftz modifier required for instruction 'ex2.bf16'">];
}
def : Syntax<"ex2.approx.ftz.bf16x2", [], Needs<7, 8, 90, "ex2.bf16x2">> {
  let MissingMessages = [
    Missing<"approx", ".approx modifier required for instruction 'ex2'">,
    Missing<"ftz", ".ftz modifier required for instruction 'ex2.bf16x2'">];
}
// tanh (9.7.3.17, 9.7.4.10).
def : Syntax<"tanh.approx.type", [Words<"type", "f32,f16,f16x2">],
             Needs<7, 0, 75, "tanh">>, ApproxRequired<"tanh">;
def : Syntax<"tanh.approx.bf16", [], Needs<7, 8, 90, "tanh.bf16">>, ApproxRequired<"tanh">;
def : Syntax<"tanh.approx.bf16x2", [], Needs<7, 8, 90, "tanh.bf16x2">>, ApproxRequired<"tanh">;

// abs, neg (9.7.1.6, 9.7.1.7, 9.7.3.4, 9.7.3.5, 9.7.4.6, 9.7.4.7).
foreach op = ["abs", "neg"] in {
  def : Syntax<op # ".type", [Words<"type", "s16,s32,s64">]>;
  def : Syntax<op # "{.ftz}.f32">;
  def : Syntax<op # ".f64">;
  def : Syntax<op # "{.ftz}.type", [Words<"type", "f16,f16x2">],
               Needs2<!if(!eq(op, "abs"), 6, 6), !if(!eq(op, "abs"), 5, 0),
                      op # ".f16 or " # op # ".f16x2", 53, F16Arith>>;
  def : Syntax<op # ".bf16", [], Needs<7, 0, 80, ".bf16">>;
  def : Syntax<op # ".bf16x2", [], Needs<7, 0, 80, ".bf16x2">>;
}

// fma (9.7.3.5, 9.7.4.4): a rounding is required. The half forms take .rn
// only (bf16: any rounding, which the ISA text does not list); .relu from
// PTX 7.0 on sm_80, .oob from PTX 8.1 on sm_90, where ptxas takes .oob with
// .sat or .relu but not with .ftz.
defvar Half = Words<"type", "f16,f16x2">;
defvar BHalf = Words<"type", "bf16,bf16x2">;
defvar ReluGate = Needs<7, 0, 80, ".relu">;
defvar OobGate = Needs<8, 1, 90, ".oob">;
def : Syntax<"fma.rnd{.ftz}{.sat}.f32">;
def : Syntax<"fma.rnd{.ftz}.f32x2", [], Needs<8, 6, 100, "fma.f32x2">>;
def : Syntax<"fma.rnd.f64">;
def : Syntax<"fma.rn{.ftz}{.sat}.type", [Half], Needs<4, 2, 53, F16Arith>>;
def : Syntax<"fma.rn{.ftz}.relu.type", [Half], ReluGate>;
def : Syntax<"fma.rn.oob{.sat}.type", [Half], OobGate>;
def : Syntax<"fma.rn.oob.relu.type", [Half], OobGate>;
def : Syntax<"fma.rnd{.relu}.type", [BHalf], Needs<7, 0, 80, ".bf16">>;
def : Syntax<"fma.rnd.oob{.relu}.type", [BHalf], OobGate>;

// div (9.7.1.8, 9.7.3.7): integer; .approx, .full (named 'div.full') or a
// rounding on f32; a rounding on f64.
def : Syntax<"div.type", [IntTypes]>;
def : Syntax<"div.rnd{.ftz}.f32", [RndOrApprox]> { let MissingMessages = [RndOrApproxMissing]; }
def : Syntax<"div.full{.ftz}.f32">;
def : Syntax<"div.rnd.f64">;
// rem (9.7.1.9).
def : Syntax<"rem.type", [IntTypes]>;
// copysign (9.7.3.3).
def : Syntax<"copysign.type", [Words<"type", "f32,f64">]>;
// testp (9.7.3.2): ptxas takes it without the property too (which the ISA
// text does not list).
def : Syntax<"testp{.op}.type", [Words<"op", "finite,infinite,number,notanumber,normal,subnormal",
                                       "Multiple testp operation modifiers specified">,
                                 Words<"type", "f32,f64">]>;

// selp, slct (9.7.8.1, 9.7.8.2): every 16-, 32- and 64-bit type; slct's
// selector is .s32, or .f32 with an optional .ftz.
defvar SelTypes = Words<"type", "b16,b32,b64,u16,u32,u64,s16,s32,s64,f32,f64">;
def : Syntax<"selp.type", [SelTypes]>;
def : Syntax<"slct.type.s32", [SelTypes]>;
def : Syntax<"slct{.ftz}.type.f32", [SelTypes]>;

// min / max (9.7.1.10, 9.7.1.11, 9.7.3.11, 9.7.3.12, 9.7.4.11, 9.7.4.12):
// two inputs, but the three-input f32 form (PTX 8.8, sm_100), a row of its
// own told from the two-input one by its operand count; .xorsign.abs only
// with two.
// .xorsign and .abs come together: ptxas's messages for either alone.
class XorsignAbs {
  list<Missing> MissingMessages = [
    Missing<"abs", "Modifier '.xorsign' requires modifier '.abs'">,
    Missing<"xorsign", "Modifier '.abs' requires modifier '.xorsign'">];
}
foreach op = ["min", "max"] in {
  def : Syntax<op # ".type", [IntTypes]>, Operands<3>;
  // The packed 16-bit forms: operands as add.s16x2's (Arith.td).
  def : Syntax<op # ".u16x2", [], Needs<8, 0, 90, op # ".u16x2">>, Operands<3> {
    let Args = Packed16x2Args;
  }
  def : Syntax<op # ".s16x2", [], Needs<8, 0, 90, op # ".s16x2">>, Operands<3> {
    let Args = Packed16x2Args;
  }
  def : Syntax<op # ".relu.s32", [], Needs<8, 0, 90, op # ".relu">>, Operands<3>;
  def : Syntax<op # ".relu.s16x2", [], Needs<8, 0, 90, op # ".relu">>, Operands<3> {
    let Args = Packed16x2Args;
  }
  def : Syntax<op # "{.ftz}.f32">, Operands<3>;
  def : Syntax<op # "{.ftz}.NaN.f32", [], Needs2<7, 0, ".NaN", 80, ".NaN">>, Operands<3>;
  def : Syntax<op # "{.ftz}{.NaN}.xorsign.abs.f32", [], Needs<7, 2, 86, ".abs">>, Operands<3>,
        XorsignAbs;
  def : Syntax<op # "{.ftz}{.NaN}{.abs}.f32", [],
               Needs<8, 8, 100, op # ".f32 with 3 input operands">>, Operands<4>;
  def : Syntax<op # ".f64">, Operands<3>;
  def : Syntax<op # "{.ftz}{.NaN}.type", [Half],
               Needs<7, 0, 80, op # ".f16 or " # op # ".f16x2">>, Operands<3>;
  def : Syntax<op # "{.ftz}{.NaN}.xorsign.abs.type", [Half], Needs<7, 2, 86, ".abs">>, Operands<3>,
        XorsignAbs;
  def : Syntax<op # "{.NaN}.bf16", [], Needs<7, 0, 80, ".bf16">>, Operands<3>;
  def : Syntax<op # "{.NaN}.bf16x2", [], Needs<7, 0, 80, ".bf16x2">>, Operands<3>;
  def : Syntax<op # "{.NaN}.xorsign.abs.type", [BHalf], Needs<7, 2, 86, ".abs">>, Operands<3>,
        XorsignAbs;
}
