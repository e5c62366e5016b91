//===- Tensormap.td - tensormap.replace, tensormap.cp_fenceproxy ----------===//
//
// PTX ISA 9.0, 9.7.9.26 (tensormap.replace, PTX 8.3, sm_90a) and 9.7.13.4.x
// (tensormap.cp_fenceproxy, PTX 8.3, sm_90):
//   tensormap.replace.mode.field1{.ss}.b1024.type  [addr], new_val;
//   tensormap.replace.mode.field2{.ss}.b1024.type  [addr], ord, new_val;
//   tensormap.replace.mode.field3{.ss}.b1024.type  [addr], new_val;
//   .mode = { .tile }; .ss = { .global, .shared::cta };
//   .field1 = { .global_address (.b64), .rank (.b32) };
//   .field2 = { .box_dim, .global_dim, .element_stride (.b32),
//               .global_stride (.b64) };
//   .field3 = { .elemtype, .interleave_layout, .swizzle_mode,
//               .swizzle_atomicity, .fill_mode } (.b32, new_val an immediate);
//   tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release
//       .scope.sync.aligned [dst], [src], size;
// ptxas 13.0 (test/Sema/syntax-tensormap.ptx), beyond the ISA text:
// - .b1024 is no type to it but a required word ("Tensormap size modifier
//   required", "Multiple .b1024 modifiers specified"), written anywhere;
//   the one type is new_val's, and a field of the other size is "Illegal
//   modifier '.rank' for instruction 'tensormap.replace' with type '.b64'";
// - tensormap.replace is for the a/f targets of sm_90 and later only
//   ("Instruction 'tensormap.replace' not supported on .target 'sm_100'"),
//   .swizzle_atomicity from PTX 8.6 on those of sm_100 and later
//   ('tensormap.replace.swizzle_atomicity');
// - new_val of field1/field2 is a register of the type's size or a
//   constant; ord and field3's new_val are integer constants in ranges
//   ("value '7' expected to be in range [0..4] when .box_dim modifier is
//   used": [0..4] for ord, [0..15] .elemtype, [0..2] .interleave_layout,
//   [0..3] .swizzle_mode and .swizzle_atomicity, [0..1] .fill_mode);
// - cp_fenceproxy's spaces are read in order (.global, then .shared::cta),
//   its size must be the constant 128, and it takes any sm_90+ target.
// Neither is executed (Opcodes.td refuses the opcode).
//
//===----------------------------------------------------------------------===//

defvar TmSpaces = "Unexpected number of state spaces specified in instruction "
                  # "'{instr}'";
defvar TmFamily = "sm_100a,sm_100f,sm_103a,sm_103f,sm_110a,sm_110f,sm_120a,"
                  # "sm_120f,sm_121a,sm_121f";
class TmReplaceGate<string feature, int minor, string targets>
    : Gate<Version<8, minor>, feature, 0, feature> {
  let OnlyTargets = targets;
}
defvar TmReplace = TmReplaceGate<"tensormap.replace", 3,
                                 !strconcat("sm_90a,", TmFamily)>;
defvar TmAtomicity = TmReplaceGate<"tensormap.replace.swizzle_atomicity", 6,
                                   TmFamily>;
class TmField<string words>
    : Words<"field", words, "Multiple .{b} modifiers specified",
            "Multiple .{a} modifiers specified">;
defvar TmSets = [
  Words<"mode", "tile", "Multiple .load_mode modifiers specified",
        "Multiple .load_mode modifiers specified">,
  Words<"ss", "global,shared::cta", TmSpaces, TmSpaces>,
  Words<"b1024", "b1024", "", "Multiple .b1024 modifiers specified">];
defvar TmMissing = [
  Missing<"mode", ".tile modifier required for instruction '{instr}'">,
  Missing<"field", "Tensormap field modifier required for instruction "
                   # "'{instr}'">,
  Missing<"b1024", "Tensormap size modifier required for instruction "
                   # "'{instr}'">];

// [fields, type, operands, gate]
foreach r = [["global_address", "b64", "[a], b"],
             ["rank", "b32", "[a], b"],
             ["box_dim", "b32", "[a], o:u32#=0..4@box_dim, b"],
             ["global_dim", "b32", "[a], o:u32#=0..4@global_dim, b"],
             ["element_stride", "b32", "[a], o:u32#=0..4@element_stride, b"],
             ["global_stride", "b64", "[a], o:u32#=0..4@global_stride, b"],
             ["elemtype", "b32", "[a], b:u32#=0..15@elemtype"],
             ["interleave_layout", "b32", "[a], b:u32#=0..2@interleave_layout"],
             ["swizzle_mode", "b32", "[a], b:u32#=0..3@swizzle_mode"],
             ["fill_mode", "b32", "[a], b:u32#=0..1@fill_mode"]] in
  def : Syntax<"tensormap.replace.mode.field{.ss}.b1024." # r[1],
               !listconcat(TmSets, [TmField<r[0]>]), TmReplace>,
        Operands<!if(!ne(!find(r[2], "o:"), -1), 3, 2)> {
    let Args = r[2];
    let MissingMessages = TmMissing;
  }
def : Syntax<"tensormap.replace.mode.field{.ss}.b1024.b32",
             !listconcat(TmSets, [TmField<"swizzle_atomicity">]), TmAtomicity>,
      Operands<2> {
  let Args = "[a], b:u32#=0..3@swizzle_atomicity";
  let MissingMessages = TmMissing;
}
foreach f = ["global_address", "rank", "box_dim", "global_dim",
             "element_stride", "global_stride", "elemtype", "interleave_layout",
             "swizzle_mode", "fill_mode", "swizzle_atomicity"] in
  def : TypeMismatchMessage<f, "Illegal modifier '.{word}' for instruction "
                               # "'{instr}' with type '.{type}'">;

// tensormap.cp_fenceproxy: the copy's spaces in order, then the fence.
def TmFenceProxyGate : Gate<Version<8, 3>, "tensormap.cp_fenceproxy"> {
  let OnlyTargets = "sm_90,sm_90a,sm_100,sm_100a,sm_100f,sm_103,sm_103a,"
                    # "sm_103f,sm_110,sm_110a,sm_110f,sm_120,sm_120a,sm_120f,"
                    # "sm_121,sm_121a,sm_121f";
}
defvar TmCpSpace = "Multiple state spaces specified";
def : Syntax<"tensormap.cp_fenceproxy.dst.src.tensormap::generic.release"
             # ".scope.sync.aligned",
             [Words<"dst", "global", TmCpSpace, TmCpSpace, "space">,
              Words<"src", "shared::cta", TmCpSpace, TmCpSpace, "space">,
              Words<"tensormap::generic", "tensormap::generic", "",
                    "Multiple .tensormap::generic modifiers specified">,
              Words<"release", "release", "", "Duplicate .release modifier">,
              Words<"sync", "sync">,
              Words<"aligned", "aligned", "",
                    "Multiple .aligned modifiers specified">],
             TmFenceProxyGate>,
      Operands<3> {
  let Args = "[d], [a], b:u32#=128";
  let MissingMessages = [
    Missing<"dst", TmSpaces>, Missing<"src", TmSpaces>,
    Missing<"tensormap::generic", ".tensormap::generic modifier required for "
                                  # "instruction '{instr}'">,
    Missing<"release", ".release modifier required for instruction "
                       # "'{instr}'">,
    Missing<"scope", "scope modifier required for instruction '{instr}'">,
    Missing<"sync", ".sync modifier required for instruction '{instr}'">,
    Missing<"aligned", ".aligned modifier required for instruction "
                       # "'{instr}'">];
}
