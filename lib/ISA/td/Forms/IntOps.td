//===- IntOps.td - sad, mul24, mad24, the bit instructions, dp4a, dp2a ----===//
//
// PTX ISA 9.0, "Integer Arithmetic Instructions" (9.7.1: sad, mul24, mad24,
// popc, clz, bfind, fns, brev, bfe, bfi, szext, bmsk, dp4a, dp2a) and "Data
// Movement and Conversion Instructions: prmt". The messages are ptxas
// 13.0's; test/Sema/syntax-intops.ptx and syntax-intops-gates.ptx pin them.
//
//===----------------------------------------------------------------------===//

defvar Int32Types = Words<"type", "u32,s32">;
defvar B32B64 = Words<"type", "b32,b64">;
defvar Int32And64 = Words<"type", "u32,u64,s32,s64">;

// sad (9.7.1.7).
def : Syntax<"sad.type", [Words<"type", "u16,u32,u64,s16,s32,s64">]>;

// mul24, mad24 (9.7.1.5, 9.7.1.6): 'mul24.lo' is the instruction's name,
// 'mul24' alone none ("Not a name of any known instruction"); .sat only
// with mad24.hi.s32.
def : Syntax<"mul24.mode.type", [Words<"mode", "hi,lo">, Int32Types]>;
def : Syntax<"mad24.mode.type", [Words<"mode", "hi,lo">, Int32Types]>;
def : Syntax<"mad24.hi.sat.s32">;

// popc, clz, bfind (9.7.1.14 - 9.7.1.16), brev, bfe, bfi: PTX 2.0, sm_20.
foreach op = ["popc", "clz", "brev", "bfi"] in
  def : Syntax<op # ".type", [B32B64], IntRowGate<2, 0, 20, op>>;
def : Syntax<"bfe.type", [Int32And64], IntRowGate<2, 0, 20, "bfe">>;
def : Syntax<"bfind{.shiftamt}.type", [Int32And64], IntRowGate<2, 0, 20, "bfind">>;

// fns (9.7.1.17).
def : Syntax<"fns.b32", [], IntRowGate<6, 0, 30, "fns">>;

// szext, bmsk: the mode is required.
def : Syntax<"szext.clampmode.type", [Int32Types], IntRowGate<7, 6, 70, "szext">>,
      MissingSays<"clampmode", "Clamp modifier required for instruction '{instr}'">;
def : Syntax<"bmsk.clampmode.b32", [], IntRowGate<7, 6, 70, "bmsk">>,
      MissingSays<"clampmode", "Clamp modifier required for instruction '{instr}'">;

// dp4a, dp2a: 'dp2a.lo' is the instruction's name,
// and ptxas says what is missing without .lo/.hi.
def : Syntax<"dp4a.atype.btype", [Words<"atype", "u32,s32">, Words<"btype", "u32,s32">],
             IntRowGate<5, 0, 61, "dp4a">>;
foreach mode = ["lo", "hi"] in
  def : Syntax<"dp2a." # mode # ".atype.btype",
               [Words<"atype", "u32,s32">, Words<"btype", "u32,s32">],
               IntRowGate<5, 0, 61, "dp2a." # mode>>,
        MissingSays<mode, "'.hi/.lo' modifier required for instruction '{instr}'">;

// prmt: the mode may come before or after .b32.
def : Syntax<"prmt.b32{.mode}",
             [Words<"mode", "f4e,b4e,rc8,ecl,ecr,rc16", "Multiple permute modifiers specified">],
             IntRowGate<2, 0, 20, "prmt">>;
