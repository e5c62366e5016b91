//===- OperandsAddr.td - Operands of the address instructions -------------===//
//
// OperandsOf<opcode, "..."> (Classes.td) for the address, stack and cache
// instructions whose rows all take the same operands; cvta, createpolicy,
// atom and red, whose rows differ, give each row its Args (Memory.td,
// Async.td, Atomics.td). PTX ISA 9.0, the sections those files name; checked
// against ptxas 13.0 by substituting every operand with registers of every
// type, constants, addresses, brace lists, special registers, variables,
// labels and negations (test/Sema/operands-addr.ptx).
//
//===----------------------------------------------------------------------===//

// isspacep.space p, a: a is an address, a 32- or 64-bit integer
// register or constant (ptxas takes `var+imm` too).
def : OperandsOf<"isspacep", "p:pred, a:addr">;

// prefetch{.space}.level [a], prefetchu.L1 [a].
def : OperandsOf<"prefetch", "[a]">;
def : OperandsOf<"prefetchu", "[a]">;

// discard.global.L2 [a], 128; applypriority.global.L2::evict_normal [a],
// 128: the size is the constant 128 (ptxas: "unexpected value '64',
// expected to be 128", which is not checked here).
def : OperandsOf<"discard", "[a], b#">;
def : OperandsOf<"applypriority", "[a], b#">;

// mapa{.shared::cluster}.type d, a, b: a is a register of the type or a
// .shared variable (`sh`, `sh+imm`), b the target CTA's rank, a .u32.
def : OperandsOf<"mapa", "d, a&, b:u32">;
// getctarank{.shared::cluster}.type d, a: the rank is a .u32.
def : OperandsOf<"getctarank", "d:u32, a&">;

// alloca.type ptr, size{, immAlign}: immAlign is a constant (ptxas
// refuses a register: "Arguments mismatch"; its power-of-two and 2^23
// limits are not checked here). stacksave.type d; stackrestore.type a:
// ptxas 13.0 checks stackrestore's source as it checks a result ("Result
// register required for instruction 'stackrestore'" for a constant), so
// its operand is written as a destination here.
def : OperandsOf<"alloca", "d, a, b:u32#?">;
def : OperandsOf<"stacksave", "d">;
def : OperandsOf<"stackrestore", "d">;
