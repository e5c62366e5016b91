//===- Compare.td - setp and set ------------------------------------------===//
//
// PTX ISA 9.0: 9.7.9.1 set, 9.7.9.2 setp (and their half-precision forms in
// 9.7.4.8-9): the comparison is required, then an optional boolean
// operation, which takes the extra operand c (four operands instead of
// three; `p|q` is one). The comparisons each source type takes, as ptxas
// 13.0 reads them: .b types eq/ne, signed and unsigned integers the ordered
// ones (unsigned also .lo/.ls/.hi/.hs), floating point the ordered and the
// unordered ones. .ftz only on f32 and f16 sources. These rows replace the
// comparison groups setp and set had before.
//
//===----------------------------------------------------------------------===//

defvar CmpMultiple = "Multiple comparisons set";
defvar CmpB = Words<"cmp", "eq,ne", CmpMultiple>;
defvar CmpS = Words<"cmp", "eq,ne,lt,le,gt,ge", CmpMultiple>;
defvar CmpU = Words<"cmp", "eq,ne,lt,le,gt,ge,lo,ls,hi,hs", CmpMultiple>;
defvar CmpF = Words<"cmp", "eq,ne,lt,le,gt,ge,equ,neu,ltu,leu,gtu,geu,num,nan", CmpMultiple>;
defvar CmpBool = Words<"bool", "and,or,xor", "Multiple instruction post-operation flags set">;

// A comparison some row takes, but none of this type's.
foreach w = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ",
             "neu", "ltu", "leu", "gtu", "geu", "num", "nan"] in
  def : TypeMismatchMessage<w, "Mismatch between instruction type and comparison qualifier">;

// ptxas's messages for a missing comparison, and boolean operation (the
// four-operand rows).
class CmpRequired<string op, int n> {
  list<Missing> MissingMessages = !listconcat(
    [Missing<"cmp", "Comparison modifier required for instruction '" # op # "'">],
    !if(!eq(n, 4),
        [Missing<"bool", "Boolean operation is required for instruction '" # op # "'">],
        []));
}

defvar BTypes = Words<"type", "b16,b32,b64">;
defvar STypes = Words<"type", "s16,s32,s64">;
defvar UTypes = Words<"type", "u16,u32,u64">;
defvar HalfGate = Needs<4, 2, 53, "f16 arithemetic and compare instructions">;

// setp: the predicate results p[|q], a, b[, {!}c].
foreach n = [3, 4] in {
  defvar bw = !if(!eq(n, 4), ".bool", "");
  def : Syntax<"setp.cmp" # bw # ".type", [CmpB, CmpBool, BTypes]>, Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # ".type", [CmpS, CmpBool, STypes]>, Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # ".type", [CmpU, CmpBool, UTypes]>, Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # "{.ftz}.f32", [CmpF, CmpBool]>, Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # ".f64", [CmpF, CmpBool]>, Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # "{.ftz}.type", [CmpF, CmpBool, Half], HalfGate>,
        Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # ".bf16", [CmpF, CmpBool], Needs<7, 8, 90, "setp.bf16">>,
        Operands<n>, CmpRequired<"setp", n>;
  def : Syntax<"setp.cmp" # bw # ".bf16x2", [CmpF, CmpBool], Needs<7, 8, 90, "setp.bf16x2">>,
        Operands<n>, CmpRequired<"setp", n>;
}

// set: d, a, b[, {!}c]; the result type, then the source type. A .bf16
// result or source is PTX 7.8 on sm_90, a .f16 result PTX 4.2 on sm_53, an
// integer result of a .f16 source PTX 6.5 on sm_53. .ftz is not taken with
// a .bf16 result.
defvar SetD = Words<"dtype", "u32,s32,f32">;
defvar SetGate = Needs<7, 8, 90, "set.bf16">;
defvar HalfIntGate = Needs<6, 5, 53, "half precision floating point set instruction with integer result">;
foreach n = [3, 4] in {
  defvar bw = !if(!eq(n, 4), ".bool", "");
  foreach half = [0, 1] in {
    defvar D = !if(half, Words<"dtype", "f16">, SetD);
    defvar G = !if(half, HalfGate, NoGate);
    def : Syntax<"set.cmp" # bw # ".dtype.type", [CmpB, CmpBool, D, BTypes], G>,
          Operands<n>, CmpRequired<"set", n>;
    def : Syntax<"set.cmp" # bw # ".dtype.type", [CmpS, CmpBool, D, STypes], G>,
          Operands<n>, CmpRequired<"set", n>;
    def : Syntax<"set.cmp" # bw # ".dtype.type", [CmpU, CmpBool, D, UTypes], G>,
          Operands<n>, CmpRequired<"set", n>;
    def : Syntax<"set.cmp" # bw # "{.ftz}.dtype.f32", [CmpF, CmpBool, D], G>,
          Operands<n>, CmpRequired<"set", n>;
    def : Syntax<"set.cmp" # bw # ".dtype.f64", [CmpF, CmpBool, D], G>,
          Operands<n>, CmpRequired<"set", n>;
  }
  def : Syntax<"set.cmp" # bw # ".bf16.type", [CmpB, CmpBool, BTypes], SetGate>,
        Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # ".bf16.type", [CmpS, CmpBool, STypes], SetGate>,
        Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # ".bf16.type", [CmpU, CmpBool, UTypes], SetGate>,
        Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # ".bf16.type", [CmpF, CmpBool, Words<"type", "f32,f64,f16,bf16">], SetGate>,
        Operands<n>, CmpRequired<"set", n>;
  // Half sources.
  def : Syntax<"set.cmp" # bw # "{.ftz}.f16.f16", [CmpF, CmpBool], HalfGate>,
        Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # "{.ftz}.dtype.f16", [CmpF, CmpBool, Words<"dtype", "u16,s16,u32,s32">],
               HalfIntGate>, Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # ".dtype.bf16", [CmpF, CmpBool, Words<"dtype", "u16,s16,u32,s32">],
               SetGate>, Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # "{.ftz}.f16x2.f16x2", [CmpF, CmpBool], HalfGate>,
        Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # "{.ftz}.dtype.f16x2", [CmpF, CmpBool, Words<"dtype", "u32,s32">],
               HalfIntGate>, Operands<n>, CmpRequired<"set", n>;
  def : Syntax<"set.cmp" # bw # ".dtype.bf16x2", [CmpF, CmpBool, Words<"dtype", "bf16x2,u32,s32">],
               Needs<7, 8, 90, "set.bf16x2">>, Operands<n>, CmpRequired<"set", n>;
}
