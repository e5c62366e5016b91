//===- Arith.td - add, sub, mul, mad: integer, floating point and half ----===//
//
// PTX ISA 9.0: 9.7.1 (integer arithmetic), 9.7.2 (extended-precision .cc),
// 9.7.3 (floating point), 9.7.4 (half precision). An opcode's rows are all
// in one file: a row-less type would be rejected.
//
//===----------------------------------------------------------------------===//

// A feature that needs PTX ISA version `major.minor` and target sm_`sm`:
// ptxas names it in both messages ("Feature 'add.bf16' requires .target
// sm_90 or higher").
class Needs<int major, int minor, int sm, string feature>
    : Gate<Version<major, minor>, feature, sm, feature, 1>;

defvar IntTypes = Words<"type", "u16,u32,u64,s16,s32,s64">;
defvar HalfRnd = Words<"rnd", "rn", "Multiple rounding modifiers specified">;

// add / sub (9.7.1.1, 9.7.1.2, 9.7.3.1, 9.7.3.2, 9.7.4.1, 9.7.4.2). The
// packed 16-bit integer forms (PTX 8.0, sm_90) are add's only: sub lists
// none, and ptxas 13.0 says "Unexpected instruction types specified for
// 'sub'" to sub.u16x2 and sub.s16x2. Their operands are .b32 or .f16x2
// registers, no constant (ptxas 13.0: `add.s16x2 %r1, %r3, 1`, a .u32, .f32
// or .b64 register are "Arguments mismatch").
defvar Packed16x2Args = "d:x32, a:x32, b:x32";
def : Syntax<"add.u16x2", [], Needs<8, 0, 90, "add.u16x2">> { let Args = Packed16x2Args; }
def : Syntax<"add.s16x2", [], Needs<8, 0, 90, "add.s16x2">> { let Args = Packed16x2Args; }
foreach op = ["add", "sub"] in {
  def : Syntax<op # ".type", [IntTypes]>;
  def : Syntax<op # "{.sat}.s32">;
  // Extended precision (9.7.2.1, 9.7.2.3): carry out.
  def : Syntax<op # ".cc.type", [Words<"type", "u32,s32,u64,s64">]>;
  def : Syntax<op # "{.rnd}{.ftz}{.sat}.f32">;
  def : Syntax<op # "{.rnd}{.ftz}.f32x2", [], Needs<8, 6, 100, op # ".f32x2">>;
  def : Syntax<op # "{.rnd}.f64">;
  def : Syntax<op # "{.rnd}{.ftz}{.sat}.f16", [HalfRnd], Needs<4, 2, 53, op # ".f16">>;
  def : Syntax<op # "{.rnd}{.ftz}{.sat}.f16x2", [HalfRnd], Needs<4, 2, 53, op # ".f16x2">>;
  def : Syntax<op # "{.rnd}.bf16", [HalfRnd], Needs<7, 8, 90, op # ".bf16">>;
  def : Syntax<op # "{.rnd}.bf16x2", [HalfRnd], Needs<7, 8, 90, op # ".bf16x2">>;
}
// addc / subc (9.7.2.2, 9.7.2.4): carry in, optionally out.
foreach op = ["addc", "subc"] in
  def : Syntax<op # "{.cc}.type", [Words<"type", "u32,s32,u64,s64">]>;

// mul (9.7.1.3, 9.7.3.3, 9.7.4.3): the integer mode is required; .wide only
// on 16- and 32-bit types.
def : Syntax<"mul.mode.type", [Words<"mode", "hi,lo">, IntTypes]>;
def : Syntax<"mul.wide.type", [Words<"type", "u16,u32,s16,s32">]> {
  let Args = "d:wide, a, b";
}
def : Syntax<"mul{.rnd}{.ftz}{.sat}.f32">;
def : Syntax<"mul{.rnd}{.ftz}.f32x2", [], Needs<8, 6, 100, "mul.f32x2">>;
def : Syntax<"mul{.rnd}.f64">;
def : Syntax<"mul{.rnd}{.ftz}{.sat}.f16", [HalfRnd], Needs<4, 2, 53, "mul.f16">>;
def : Syntax<"mul{.rnd}{.ftz}{.sat}.f16x2", [HalfRnd], Needs<4, 2, 53, "mul.f16x2">>;
def : Syntax<"mul{.rnd}.bf16", [HalfRnd], Needs<7, 8, 90, "mul.bf16">>;
def : Syntax<"mul{.rnd}.bf16x2", [HalfRnd], Needs<7, 8, 90, "mul.bf16x2">>;

// mad (9.7.1.4, 9.7.2.5, 9.7.3.6): .sat only with .hi.s32; the floating
// forms need a rounding modifier (mad.f32 without one is the sm_1x form).
def : Syntax<"mad.mode.type", [Words<"mode", "hi,lo">, IntTypes]>;
def : Syntax<"mad.hi.sat.s32">;
def : Syntax<"mad.wide.type", [Words<"type", "u16,u32,s16,s32">]> {
  let Args = "d:wide, a, b, c:wide";
}
def : Syntax<"mad.mode.cc.type", [Words<"mode", "hi,lo">,
                                  Words<"type", "u32,s32,u64,s64">]>;
def : Syntax<"mad.rnd{.ftz}{.sat}.f32">;
def : Syntax<"mad.rnd.f64">;
def : Syntax<"madc.mode{.cc}.type", [Words<"mode", "hi,lo">,
                                      Words<"type", "u32,s32,u64,s64">]>;

// Operands (PTX ISA 9.7.1-9.7.4): every one has the instruction's type, but
// mul.wide's/mad.wide's destination (and mad.wide's c) is twice as wide.
def : OperandsOf<"add", "d, a, b">;
def : OperandsOf<"sub", "d, a, b">;
def : OperandsOf<"addc", "d, a, b">;
def : OperandsOf<"subc", "d, a, b">;
def : OperandsOf<"mul", "d, a, b">;
def : OperandsOf<"mad", "d, a, b, c">;
def : OperandsOf<"madc", "d, a, b, c">;
