//===- OperandsMemory.td - The operands of ld, ldu and st -----------------===//
//
// OperandsOf (Classes.td) for the data-movement instructions, as the PTX ISA
// 9.0 syntax writes them: ld (9.7.9.8), ld.global.nc (9.7.9.9), ldu
// (9.7.9.10) and st (9.7.9.11). The data operand is a register, or with
// .v2/.v4/.v8 a brace list or a vector register, whose size may exceed the
// type (`:relaxed`, PTX ISA 9.4.1; lib/Sema/OperandSize.cpp checks the
// registers); the address is `[a]`; the cache policy of .L2::cache_hint a
// 64-bit operand (GeneralOperands.cpp checks that it comes exactly with
// .L2::cache_hint). Probed with ptxas 13.0 over every kind of operand in
// each place (test/Sema/operands-memory.ptx), which also says:
//  - a function's name is a constant (st's data may be one, ld's may not:
//    "Result register required"), a variable's is not ("must be register");
//  - st takes a special register or a variable inside its data vector
//    (`st.v2.u32 [a], {%r1, %tid.x}`), not as the scalar;
//  - `{%r1}` is the scalar %r1.
// st's rows give its list (Forms/Memory.td: StArgs), as st.async and st.bulk
// take others, which ptxas checks less (the older checks: the count, special
// registers, declared names).
//
//===----------------------------------------------------------------------===//

def : OperandsOf<"ld", "{d}:relaxed, [a], c:b64?">;
def : OperandsOf<"ldu", "{d}:relaxed, [a]">;
