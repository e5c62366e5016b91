//===- Multimem.td - multimem.ld_reduce, multimem.st, multimem.red --------===//
//
// PTX ISA 9.0, 9.7.9.27 (multimem.ld_reduce, multimem.st, multimem.red),
// PTX 8.1, sm_90:
//   multimem.ld_reduce{.ldsem}{.scope}{.ss}.op{.acc_prec}{.vec}.type d, [a];
//   multimem.ld_reduce.weak{.ss}.op{.acc_prec}{.vec}.type            d, [a];
//   multimem.st{.stsem}{.scope}{.ss}{.vec}.type                      [a], b;
//   multimem.st.weak{.ss}{.vec}.type                                 [a], b;
//   multimem.red{.redsem}{.scope}{.ss}.redop{.vec}.redtype           [a], b;
//   .ss = { .global }; .ldsem = { .relaxed, .acquire };
//   .stsem = .redsem = { .relaxed, .release }; .scope = { .cta, .cluster,
//   .gpu, .sys }; .acc_prec = { .acc::f32, .acc::f16 }; .vec = { .v2, .v4,
//   .v8 }; integer .op = { .min, .max, .add, .and, .or, .xor } on .b32 .b64
//   .u32 .u64 .s32 .s64; float .op = { .min, .max, .add } on .f16 .f16x2
//   .bf16 .bf16x2 .f32 .f64 and the fp8 types .e5m2 .e5m2x2 .e5m2x4 .e4m3
//   .e4m3x2 .e4m3x4 (ld_reduce and st only).
// There are no multimem.cp forms in PTX 9.0 (ptxas 13.0: "Not a name of any
// known instruction: 'multimem'" for multimem.cp.async.bulk).
// What ptxas 13.0 takes, by enumeration of every op x .acc x .vec x type
// (test/Sema/syntax-multimem*.ptx), beyond the ISA text's tables:
// - a float type with .vec must make 32, 64 or 128 bits, .f64 none; a
//   scalar .f16/.bf16 (16 bits) is refused;
// - .add takes .u32 .u64 .s32 (not .s64), .min/.max the four 32/64-bit
//   integer types, .and/.or/.xor .b32 .b64; float .min/.max take no .f32 or
//   .f64, and in multimem.red only vectors of .f16/.bf16 (x2);
// - .acc::f32 only with .add on .f16/.bf16(x2) (PTX 8.2), .acc::f16 only
//   with .add on the fp8 types (PTX 8.6, sm_100 family);
// - the fp8 types need PTX 8.6 and an a/f target of sm_100, sm_103, sm_110
//   or sm_120a/sm_121a ("Feature '.e4m3x4' not supported on .target
//   'sm_120f'");
// - .weak takes no scope, .relaxed/.acquire/.release need one ("Modifier
//   '.relaxed' requires scope"), a scope needs one of them; multimem.red has
//   no .weak.
// The registers: d and b have the type's size per element (.f16x2 in a
// .b32); the fp8 types are not modelled by ptx-lint and take any register.
// Not executed (Opcodes.td refuses the opcode).
//
//===----------------------------------------------------------------------===//

defvar MmSpaces = "Unexpected number of state spaces specified in instruction "
                  # "'{instr}'";
defvar MmFp8Targets = "sm_100a,sm_100f,sm_103a,sm_103f,sm_110a,sm_110f,"
                      # "sm_120a,sm_121a";
class MmGate<string instr> : Gate<Version<8, 1>, "multimem." # instr, 90,
                                  "multimem." # instr, 1>;
class MmFp8Gate<string type> : Gate<Version<8, 6>, "." # type, 0, "." # type> {
  let OnlyTargets = MmFp8Targets;
  let OnlyTargetsKind = "Feature";
}
def MmAccF32Gate
    : QualGate<"acc::f32", Version<8, 2>, "Modifier '.acc::f32' requires PTX "
               # "ISA .version 8.2 or later", 90, "Modifier '.acc::f32' "
               # "requires .target sm_90 or higher">;
def MmAccF16Gate
    : QualGate<"acc::f16", Version<8, 2>, "Modifier '.acc::f16' requires PTX "
               # "ISA .version 8.2 or later", 0, "Feature '.acc::f16' not "
               # "supported on .target '{target}'"> {
  let OnlyTargets = MmFp8Targets;
}
def MmAccF16Gate86
    : QualGate<"acc::f16", Version<8, 6>, "Modifier '.acc::f16' requires PTX "
               # "ISA .version 8.6 or later", 0, "">;

// The semantics part of a row: [pattern, its word sets, scope-missing
// message].
class MmSem<string pattern, list<WordSet> sets, string sem> {
  string Pattern = pattern;
  list<WordSet> Sets = sets;
  list<Missing> Missing = !if(!eq(sem, ""), [],
      [Missing<"scope", "Modifier '." # sem # "' requires scope with "
                        # "'{instr}' instruction">]);
}
// A semantics word, which ptxas refuses twice ("Duplicate .relaxed modifier").
class MmOnce<string w> : Words<w, w, "", "Duplicate .{a} modifier">;
defvar MmWeak = MmSem<"{.weak}", [MmOnce<"weak">], "">;
defvar MmNone = MmSem<"", [], "">;
class MmOrder<string sem> : MmSem<"." # sem # ".scope", [MmOnce<sem>], sem>;

// A body: [op words ("" for st), acc word, vec words ("" none), types,
// "fp8" when the row's one type is an fp8 type].
defvar MmIntBodies = [["add", "", "", "u32,u64,s32", ""],
                      ["min,max", "", "", "u32,u64,s32,s64", ""],
                      ["and,or,xor", "", "", "b32,b64", ""]];
defvar MmHalf = "f16,f16x2,bf16,bf16x2";
// The vector sizes each fp8 type takes (32, 64 or 128 bits in all), and
// whether it may go without one: [type, scalar, vector sizes].
defvar MmFp8Vecs = [["e5m2", "0", "v4,v8"], ["e5m2x2", "0", "v2,v4,v8"],
                    ["e5m2x4", "1", "v2,v4"], ["e4m3", "0", "v4,v8"],
                    ["e4m3x2", "0", "v2,v4,v8"], ["e4m3x4", "1", "v2,v4"]];
class MmFp8Bodies<string ops, string acc> {
  list<list<string>> B = !foldl([]<list<string>>, MmFp8Vecs, l, t,
      !listconcat(l, !if(!eq(t[1], "1"), [[ops, acc, "", t[0], "fp8"]], []),
                  [[ops, acc, t[2], t[0], "fp8"]]));
}
defvar MmLdBodies = !listconcat(MmIntBodies, [
  ["add", "", "", "f16x2,bf16x2,f32,f64", ""],
  ["add", "", "v2,v4", MmHalf # ",f32", ""],
  ["add", "", "v8", "f16,bf16", ""],
  ["min,max", "", "", "f16x2,bf16x2", ""],
  ["min,max", "", "v2,v4", MmHalf, ""],
  ["min,max", "", "v8", "f16,bf16", ""],
  ["add", "acc::f32", "", "f16x2,bf16x2", ""],
  ["add", "acc::f32", "v2,v4", MmHalf, ""],
  ["add", "acc::f32", "v8", "f16,bf16", ""]],
  MmFp8Bodies<"min,max,add", "">.B, MmFp8Bodies<"add", "acc::f16">.B);
defvar MmStBodies = !listconcat([
  ["", "", "", "b32,b64,u32,u64,s32,s64,f16x2,bf16x2,f32,f64", ""],
  ["", "", "v2,v4", MmHalf # ",f32", ""],
  ["", "", "v8", "f16,bf16", ""]], MmFp8Bodies<"", "">.B);
defvar MmRedBodies = !listconcat(MmIntBodies, [
  ["add", "", "", "f16x2,bf16x2,f32,f64", ""],
  ["add", "", "v2,v4", MmHalf # ",f32", ""],
  ["add", "", "v8", "f16,bf16", ""],
  ["min,max", "", "v2,v4", MmHalf, ""],
  ["min,max", "", "v8", "f16,bf16", ""]]);

defvar MmPostOp = "Multiple instruction post-operation flags set";
class MmInstr<string name, list<MmSem> sems, list<list<string>> bodies,
              string args> {
  string Name = name;
  list<MmSem> Sems = sems;
  list<list<string>> Bodies = bodies;
  string Args = args;
}
foreach i = [MmInstr<"ld_reduce", [MmWeak, MmOrder<"relaxed">,
                                   MmOrder<"acquire">], MmLdBodies, "{d}, [a]">,
             MmInstr<"st", [MmWeak, MmOrder<"relaxed">, MmOrder<"release">],
                     MmStBodies, "[a], {b}">,
             MmInstr<"red", [MmNone, MmOrder<"relaxed">, MmOrder<"release">],
                     MmRedBodies, "[a], {b}">] in
  foreach s = i.Sems in
    foreach b = i.Bodies in
      def : Syntax<"multimem." # i.Name # s.Pattern # "{.ss}"
                   # !if(!eq(b[0], ""), "", ".op")
                   # !if(!eq(b[1], ""), "", ".acc")
                   # !if(!eq(b[2], ""), "", ".vec") # ".type",
                   !listconcat(s.Sets, [
                     Words<"ss", "global", MmSpaces, MmSpaces>,
                     Words<"op", b[0], MmPostOp, MmPostOp>,
                     Words<"acc", b[1], "", "Multiple .{a} modifiers specified">,
                     Words<"vec", b[2], "Multiple vector modifiers specified",
                           "Multiple vector modifiers specified">,
                     Words<"type", b[3]>]),
                   !if(!eq(b[4], "fp8"), MmFp8Gate<b[3]>, MmGate<i.Name>)>,
            Operands<2>,
            WordGated<!if(!eq(b[1], "acc::f32"), [MmAccF32Gate],
                          !if(!eq(b[1], "acc::f16"),
                              [MmAccF16Gate, MmAccF16Gate86], []))> {
        // ptxas takes `_` for a whole vector d, not for a scalar one.
        let Args = !if(!and(!eq(i.Name, "ld_reduce"), !ne(b[2], "")),
                       "{d}/_, [a]", i.Args);
        let MissingMessages = s.Missing;
      }
