//===- Operands.td - The operands of the general instructions -------------===//
//
// OperandsOf<opcode, "d, a, b"> (Classes.td): the operands of every row of
// an opcode that does not give its own Args, as the PTX ISA 9.0 syntax of
// each instruction writes them; every operand has the instruction type
// unless the ISA says otherwise (`:u32` shift amounts, `:pred` selectors).
// Checked by lib/Sema/GeneralOperands.cpp with ptxas 13.0's messages; the
// whole-ISA campaign (test/Sema/isa-campaign.test) holds them to ptxas.
//
//===----------------------------------------------------------------------===//

// Logic and shift (PTX ISA 9.7.8.1-9.7.8.9): shl/shr's b is .u32.
def : OperandsOf<"and", "d, a, b">;
def : OperandsOf<"or", "d, a, b">;
def : OperandsOf<"xor", "d, a, b">;
def : OperandsOf<"not", "d, a">;
def : OperandsOf<"cnot", "d, a">;
def : OperandsOf<"shl", "d, a, b:u32">;
def : OperandsOf<"shr", "d, a, b:u32">;

// Bit manipulation (9.7.1.14-9.7.1.18): popc/clz/bfind count into a .u32.
def : OperandsOf<"popc", "d:u32, a">;
def : OperandsOf<"clz", "d:u32, a">;
def : OperandsOf<"bfind", "d:u32, a">;
def : OperandsOf<"brev", "d, a">;

// Floating point (9.7.3): one type throughout.
def : OperandsOf<"fma", "d, a, b, c">;
def : OperandsOf<"rcp", "d, a">;
def : OperandsOf<"sqrt", "d, a">;
def : OperandsOf<"rsqrt", "d, a">;
def : OperandsOf<"sin", "d, a">;
def : OperandsOf<"cos", "d, a">;
def : OperandsOf<"lg2", "d, a">;
def : OperandsOf<"ex2", "d, a">;
def : OperandsOf<"tanh", "d, a">;
def : OperandsOf<"abs", "d, a">;
def : OperandsOf<"neg", "d, a">;
def : OperandsOf<"copysign", "d, a, b">;

// Selection (9.7.6.3): c is a predicate, which may be negated.
def : OperandsOf<"selp", "d, a, b, !c:pred">;

// Integer arithmetic (9.7.1): one type throughout; bfe's position and length
// are .u32; dp4a/dp2a's operands are all 32-bit integers.
def : OperandsOf<"div", "d, a, b">;
def : OperandsOf<"rem", "d, a, b">;
def : OperandsOf<"min", "d, a, b, c?">;
def : OperandsOf<"max", "d, a, b, c?">;
def : OperandsOf<"mul24", "d, a, b">;
def : OperandsOf<"mad24", "d, a, b, c">;
def : OperandsOf<"sad", "d, a, b, c">;
// ptxas 13.0: a constant position or length is in 0..255 ("value '256' out of
// range, expected to be in range [0..255]").
def : OperandsOf<"bfe", "d, a, b:u32~0..255, c:u32~0..255">;
def : OperandsOf<"dp4a", "d, a, b, c">;
def : OperandsOf<"prmt", "d, a, b, c">;

// Comparison (9.7.6.1, 9.7.3.x testp): predicate results; setp's c, the
// predicate its boolean operation takes, may be negated.
def : OperandsOf<"setp", "p|q:pred, a, b, !c:pred?">;
def : OperandsOf<"testp", "p:pred, a">;
