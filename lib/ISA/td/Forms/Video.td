//===- Video.td - The scalar and SIMD video instructions ------------------===//
//
// PTX ISA 9.0: 9.7.10 (scalar video: vadd, vsub, vabsdiff, vmin, vmax, vshl,
// vshr, vmad, vset) and 9.7.11 (SIMD video: vadd2 ... vset4). The messages
// are ptxas 13.0's; test/Sema/syntax-video.ptx pins them.
//
// The operands (Args, with the selectors `%r1.b0`, `%r2.h10` of
// Classes.td's notation), as ptxas 13.0 takes them (enumerated: every
// register type, constant, address, brace list, special register, variable,
// label and selector in every position of every row;
// test/Sema/operands-video.ptx): d, a, b and c follow the instruction type
// (a .b32/.u32/.s32 register, or .f16x2 as for any 32-bit integer type) but
// vset's d and c, which are .u32; the scalar sources may be integer
// constants, the SIMD operands are registers ("Incorrect video selector").
// ptxas also takes a function's name as a scalar source (but vset's c) and
// `var+4` as a scalar c; it refuses `var+4` and `.b01` on a scalar a or b
// only while expanding the instruction (a fatal error at no line).
//
//===----------------------------------------------------------------------===//

defvar VDType = Words<"dtype", "u32,s32">;
defvar VAType = Words<"atype", "u32,s32">;
defvar VBType = Words<"btype", "u32,s32">;
// The secondary operation; ptxas counts .add.add as two.
defvar VOp2 = Words<"op2", "add,min,max", "Multiple instruction post-operation flags set">;
// vset's comparisons: ptxas reads every setp comparison and refuses the
// unordered ones.
defvar VCmp = Words<"cmp", "eq,ne,lt,le,gt,ge,lo,ls,hi,hs,equ,neu,ltu,leu,gtu,geu,num,nan",
                    "Multiple comparisons set">;
// The unordered comparisons always, the unsigned ones when b is signed.
defvar VCmpMismatch = "Mismatch between instruction type and comparison qualifier";
defvar VCmpRefusedU = Refuse<"cmp", "equ,neu,ltu,leu,gtu,geu,num,nan", VCmpMismatch>;
defvar VCmpRefusedS = Refuse<"cmp", "equ,neu,ltu,leu,gtu,geu,num,nan,lo,ls,hi,hs",
                             VCmpMismatch>;
defvar VCmpMissing = "Comparison modifier required for instruction '{instr}'";

// ptxas names the version a video instruction needs as the feature
// ("Feature '2.0' requires PTX ISA .version 2.0 or later").
class VideoGate<int major, int sm, string opcode>
    : Gate<Version<major, 0>, major # ".0", sm, opcode>;

// Scalar (9.7.10.1): `d, a, b` or, with a secondary operation, `d, a, b, c`;
// a destination selector merges with c (`d.b0, a, b, c`), and only there.
defvar VDestSelOp2 = "Video instruction cannot have destination selector and secondary operation";
class VideoArgs<string args, string destSel = ""> {
  string Args = args;
  string DestSelectorMessage = destSel;
}
class VScalar3 : VideoArgs<"d, a.sel, b.sel">;
class VScalarMerge : VideoArgs<"d.sel, a.sel, b.sel, c">;
class VScalarOp2 : VideoArgs<"d, a.sel, b.sel, c", VDestSelOp2>;
foreach op = ["vadd", "vsub", "vabsdiff", "vmin", "vmax"] in {
  def : Syntax<op # ".dtype.atype.btype{.sat}", [VDType, VAType, VBType],
               VideoGate<2, 20, op>>, Operands<3>, VScalar3;
  def : Syntax<op # ".dtype.atype.btype{.sat}", [VDType, VAType, VBType],
               VideoGate<2, 20, op>>, Operands<4>, VScalarMerge;
  def : Syntax<op # ".dtype.atype.btype{.sat}.op2", [VDType, VAType, VBType, VOp2],
               VideoGate<2, 20, op>>, Operands<4>, VScalarOp2;
}

// vshl, vshr (9.7.10.2): b is .u32, the mode is required.
defvar VShiftB = Refuse<"btype", "s32", "Operation requires .u32 type">;
defvar VShiftMissing = "Clamp modifier required for instruction '{instr}'";
foreach op = ["vshl", "vshr"] in {
  foreach n = [3, 4] in
    def : Syntax<op # ".dtype.atype.btype.clampmode{.sat}", [VDType, VAType, VBType],
                 VideoGate<2, 20, op>>,
          Operands<n>,
          VideoArgs<!if(!eq(n, 3), "d, a.sel, b.sel", "d.sel, a.sel, b.sel, c")>,
          Refuses<[VShiftB]>,
          MissingSays<"clampmode", VShiftMissing>;
  def : Syntax<op # ".dtype.atype.btype.clampmode{.sat}.op2",
               [VDType, VAType, VBType, VOp2], VideoGate<2, 20, op>>,
        Operands<4>, VScalarOp2, Refuses<[VShiftB]>,
        MissingSays<"clampmode", VShiftMissing>;
}

// vmad: .po, .sat and a scale in any order. The product a*b (exactly one
// of a, b) or c may be negated, not both; with .po none (ptxas counts .po.po
// as that conflict too).
defvar VScale = Words<"scale", "shr7,shr15", "Multiple shift-right modifiers specified">;
defvar VPoConflict = "Conflicting use of '.po' modifier with operand negation";
// No destination selector (9.7.10.3).
def : OperandsOf<"vmad", "d, a.sel, b.sel, c">;
def : Syntax<"vmad.dtype.atype.btype{.sat}{.scale}", [VDType, VAType, VBType, VScale],
             VideoGate<2, 20, "vmad">>, Operands<4> {
  let NegatesProductOrAddend = 1;
  let NegationMessage =
      "Operand negation limited to either (source A xor source B) or source C";
}
def : Syntax<"vmad.dtype.atype.btype.po{.sat}{.scale}",
             [VDType, VAType, VBType, Words<"po", "po", VPoConflict>, VScale],
             VideoGate<2, 20, "vmad">>, Operands<4> {
  let NegationMessage = VPoConflict;
}

// vset (9.7.10.4): ptxas takes .lo/.ls/.hi/.hs only with an unsigned b
// (and refuses `vset.u32.u32.lo d, a, b` with three operands alone, which
// ptx-lint does not follow).
// Its d and c are .u32 (ptxas: no .f16x2 register).
foreach b = ["u32", "s32"] in {
  defvar Refused = !if(!eq(b, "u32"), VCmpRefusedU, VCmpRefusedS);
  foreach n = [3, 4] in
    def : Syntax<"vset.atype." # b # ".cmp", [VAType, VCmp], VideoGate<2, 20, "vset">>,
          Operands<n>,
          VideoArgs<!if(!eq(n, 3), "d:u32, a.sel, b.sel", "d.sel:u32, a.sel, b.sel, c:u32")>,
          Refuses<[Refused]>, MissingSays<"cmp", VCmpMissing>;
  def : Syntax<"vset.atype." # b # ".cmp.op2", [VAType, VCmp, VOp2],
               VideoGate<2, 20, "vset">>,
        Operands<4>, VideoArgs<"d:u32, a.sel, b.sel, c:u32", VDestSelOp2>,
        Refuses<[Refused]>, MissingSays<"cmp", VCmpMissing>;
}

// SIMD (9.7.11.1, 9.7.11.2): always `d, a, b, c`; the only secondary
// operation is .add, and not with .sat. ptxas reads .min/.max and refuses
// them. Each operand is a register; d takes a mask, a and b a selector of
// halves (vop2) or bytes (vop4), c none; vset2/vset4's d and c are .u32.
defvar VSimdOp2 = Refuse<"op2", "min,max",
                         "Illegal secondary operation for video instruction '{instr}'">;
foreach n = ["2", "4"] in {
  defvar e = !if(!eq(n, "2"), "h", "b");
  defvar Simd = "d." # e # "mask, a." # e # "sel, b." # e # "sel, c.simd";
  foreach op = ["vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"] in {
    def : Syntax<op # n # ".dtype.atype.btype{.sat}", [VDType, VAType, VBType],
                 VideoGate<3, 30, op # n>>, Operands<4>, VideoArgs<Simd>;
    def : Syntax<op # n # ".dtype.atype.btype{.sat}.op2",
                 [VDType, VAType, VBType, VOp2], VideoGate<3, 30, op # n>>,
          Operands<4>, VideoArgs<Simd>,
          Refuses<[VSimdOp2,
                   Refuse<"sat", "sat", "Illegal combination of .sat and .add modifiers">]>;
  }
  foreach b = ["u32", "s32"] in
    def : Syntax<"vset" # n # ".atype." # b # ".cmp{.op2}", [VAType, VCmp, VOp2],
                 VideoGate<3, 30, "vset" # n>>,
          Operands<4>,
          VideoArgs<"d." # e # "mask:u32, a." # e # "sel, b." # e # "sel, c.simd:u32">,
          Refuses<[VSimdOp2, !if(!eq(b, "u32"), VCmpRefusedU, VCmpRefusedS)]>,
          MissingSays<"cmp", VCmpMissing>;
}
