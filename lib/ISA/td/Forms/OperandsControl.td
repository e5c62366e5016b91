//===- OperandsControl.td - Control flow, barriers, the other integer ops -===//
//
// OperandsOf<opcode, "d, a, b"> (Classes.td) for control flow (bra, brx.idx),
// synchronisation (bar, barrier: Sync.td's rows) and the remaining integer
// opcodes, as the PTX ISA 9.0 syntax of each writes them. Every list was
// enumerated against ptxas 13.0 (each operand replaced by a register of every
// type, constants, an address, a brace list, special registers, variables, a
// label, a negation; one dropped, one added); where ptxas takes more than the
// ISA text, the comment says so.
//
//===----------------------------------------------------------------------===//

// Integer arithmetic (PTX ISA 9.7.1.17-9.7.1.24).
// bfi.type f, a, b, c, d (9.7.1.20): c, the position, and d, the length,
// are .u32; the length is written `len` here, as `d` names a destination.
def : OperandsOf<"bfi", "f, a, b, c:u32~0..255, len:u32~0..255">;
// szext.mode.type d, a, b (9.7.1.21): b, the width, is .u32.
def : OperandsOf<"szext", "d, a, b:u32">;
// bmsk.mode.b32 d, a, b (9.7.1.22): a and b are .u32; ptxas 13.0 takes no
// float register (.f32, .f16x2) in any of the three.
def : OperandsOf<"bmsk", "d:b32, a:u32, b:u32">;
// fns.b32 d, mask, base, offset (9.7.1.17): base is .u32 and offset .s32
// in the ISA text, but ptxas 13.0 takes any 32-bit register there, as for
// the .b32 mask.
def : OperandsOf<"fns", "d, mask, base, offset">;
// dp2a.mode.atype.btype d, a, b, c (9.7.1.24): a has atype, b btype, d
// and c are .u32 or .s32 (ptxas 13.0 takes any 32-bit integer register
// there, and no .f16x2 one).
def : OperandsOf<"dp2a", "d:u32, a, b:atype, c:u32">;

// Logic and shift (9.7.8.6): lop3's immLut is a constant; the boolean form
// `d|p, a, b, c, immLut, q` (PTX 8.2) takes a source predicate q (written
// `q_in` here, as `q` names a destination), which ptxas 13.0 takes negated
// or as an integer constant, and its d may be the sink (`_|%p1`).
def : OperandsOf<"lop3", "d|p/_, a, b, c, immLut:u32#, !q_in:pred?">;
// shf.dir.mode.b32 d, a, b, c (9.7.8.7): c, the shift amount, is .u32.
def : OperandsOf<"shf", "d, a, b, c:u32">;

// Comparison and selection (9.7.6.1 set, 9.7.6.4 slct): set's d has the first type
// (dtype), a and b the last; slct's c has the last type (.s32 or .f32).
def : OperandsOf<"set", "d, a:atype, b:atype, !c:pred?">;
def : OperandsOf<"slct", "d, a, b, c:atype">;

// Control flow (9.7.12.2 bra, 9.7.12.3 brx.idx): bra's target is a label;
// brx.idx's index is .u32 and tlist the label of a .branchtargets list
// (`T`; a plain label is "Label with '.branchtargets' directive expected").
def : OperandsOf<"bra", "L">;
def : OperandsOf<"brx", "index:u32, T">;

// Miscellaneous (9.7.19.3 nanosleep, 9.7.19.4 pmevent, 9.7.19.6
// setmaxnreg): nanosleep's t is .u32; pmevent's a and setmaxnreg's count
// are constants.
def : OperandsOf<"nanosleep", "t:u32">;
def : OperandsOf<"pmevent", "a:u32#">;
// ptxas 13.0: setmaxnreg's count is a multiple of 8 in 24..256, which it
// names argument 1.
def : OperandsOf<"setmaxnreg", "imm:u32#~24..256*8@1">;
