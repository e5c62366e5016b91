//===- Logic.td - and, or, xor, not, cnot, lop3, shf, shl, shr ------------===//
//
// PTX ISA 9.0, "Logic and Shift Instructions" (sections are named by their
// titles here: the numbering moves between ISA versions). The messages are
// ptxas 13.0's; test/Sema/syntax-logic.ptx and syntax-logic-gates.ptx pin
// them.
//
//===----------------------------------------------------------------------===//

// A PTX ISA version and a target an instruction needs: ptxas names the
// instruction in the target message ("Instruction 'lop3' requires .target
// sm_50 or higher").
class IntRowGate<int major, int minor, int sm, string feature>
    : Gate<Version<major, minor>, feature, sm, feature>;

// Words ptxas names by their kind where an instruction does not take them
// ("Illegal modifier 'Clamp' for instruction 'and'"), whatever the opcode.
def : IllegalMessage<"clamp,wrap", "Illegal modifier 'Clamp' for instruction '{instr}'">;
def : IllegalMessage<"f4e,b4e,rc8,ecl,ecr,rc16",
                     "Illegal modifier 'Permute' for instruction '{instr}'">;
def : IllegalMessage<"shr7,shr15", "Illegal modifier 'Shift-right' for instruction '{instr}'">;
def : IllegalMessage<"r,g,b,a", "Illegal modifier 'Component' for instruction '{instr}'">;
def : IllegalMessage<"v2,v4,v8", "Vector qualifier is not allowed for instruction '{instr}'">;

// The mode of shf, szext, bmsk and the video shifts: .clamp.clamp is
// "Multiple" too.
def : WordSet<"clampmode", "clamp,wrap", "Multiple clamp modifiers specified">;

// and, or, xor, not, cnot.
foreach op = ["and", "or", "xor", "not"] in
  def : Syntax<op # ".type", [Words<"type", "pred,b16,b32,b64">]>;
def : Syntax<"cnot.type", [Words<"type", "b16,b32,b64">]>;

// lop3: the predicate-output form `d|p, a, b, c, immLut, q` from
// PTX 8.2, on sm_70 and later as ptxas 13.0 enforces it; ptxas reads .xor as
// a boolean operation and refuses it.
def : Syntax<"lop3.b32", [], IntRowGate<4, 3, 50, "lop3">>, Operands<5>, PredOutputIs<0>;
def : Syntax<"lop3.boolop.b32",
             [Words<"boolop", "or,and,xor",
                    "Multiple instruction post-operation flags set">],
             IntRowGate<8, 2, 70, "lop3.<BoolOp>">>,
      Operands<6>, PredOutputIs<1>,
      Refuses<[Refuse<"boolop", "xor", "Illegal operation '.xor' for instruction '{instr}'">]>;

// shf: the direction names the instruction; the mode is required.
foreach dir = ["l", "r"] in
  def : Syntax<"shf." # dir # ".clampmode.b32", [], IntRowGate<3, 1, 32, "shf." # dir>>,
        MissingSays<"clampmode", "Clamp modifier required for instruction '{instr}'">;

// shl, shr.
def : Syntax<"shl.type", [Words<"type", "b16,b32,b64">]>;
def : Syntax<"shr.type", [Words<"type", "b16,b32,b64,u16,u32,u64,s16,s32,s64">]>;
