//===- Surface.td - suld, sust, sured, suq: their forms ------------------===//
//
// PTX ISA 9.0: 9.7.11.1 (suld), 9.7.11.2 (sust), 9.7.11.3 (sured), 9.7.11.4
// (suq). The rows follow ptxas 13.0 where it differs from the text (each
// such place says so); test/Sema/syntax-texsurf.ptx pins the messages. The
// first word after the opcode (.b, .p) names the instruction ('suld.b');
// without it ptxas says "Not a name of any known instruction: 'suld'".
//
//===----------------------------------------------------------------------===//

defvar SuGeomMsg = "Multiple dimension modifiers specified";
defvar SuGeom = Words<"geom", "1d,2d,3d,a1d,a2d", SuGeomMsg, SuGeomMsg>;
defvar SuGeom3 = Words<"geom", "1d,2d,3d", SuGeomMsg, SuGeomMsg>;
defvar SuClampMsg = "Multiple clamp modifiers specified";
defvar SuClamp = Words<"clamp", "trap,clamp,zero", SuClampMsg, SuClampMsg>;
defvar SuVec = Words<"vec", "v2,v4,v8", "Multiple vector modifiers specified",
                     "Multiple vector modifiers specified">;
defvar SuCopMsg = "Multiple cache operation modifiers specified";
defvar SuMissing = [
  Missing<"geom", "Geometry modifier required for instruction '{instr}'">,
  Missing<"clamp", "Clamp modifier required for instruction '{instr}'">];
// .v8: "Illegal vector size: 8"; .v4 of .b64: more than 128 bits.
defvar SuV8 = Refuse<"vec", "v8", "Illegal vector size: 8">;
defvar SuTooLarge = Refuse<"vec", "v4", "Vector type too large, exceeds 128 bit limit">;

// suld.b.geom{.cop}.vec.dtype.clamp  d, [a, b];
//   .cop = { .ca, .cg, .cs, .cv };  .vec = { none, .v2, .v4 };
//   .dtype = { .b8, .b16, .b32, .b64 };  .clamp = { .trap, .clamp, .zero }
// sust.b.geom{.cop}.vec.ctype.clamp  [a, b], c;  .cop = { .wb, .cg, .cs, .wt }
// sust.p.geom{.cop}.vec.b32.clamp    [a, b], c;
// ptxas 13.0: the clamp mode is required ("Clamp modifier required for
// instruction 'suld.b'"); sust.p takes .b32 only.
class SuOp<string name, string cops> {
  string Name = name;
  string Cops = cops;
}
foreach op = [SuOp<"suld.b", "ca,cg,cs,cv">, SuOp<"sust.b", "wb,cg,cs,wt">] in {
  foreach t = ["b8", "b16", "b32"] in
    def : Syntax<op.Name # ".geom{.cop}{.vec}." # t # ".clamp",
                 [SuGeom, Words<"cop", op.Cops, SuCopMsg, SuCopMsg>, SuVec, SuClamp]>,
          Operands<2>, Refuses<[SuV8]> {
      let MissingMessages = SuMissing;
    }
  def : Syntax<op.Name # ".geom{.cop}{.vec}.b64.clamp",
               [SuGeom, Words<"cop", op.Cops, SuCopMsg, SuCopMsg>, SuVec, SuClamp]>,
        Operands<2>, Refuses<[SuV8, SuTooLarge]> {
    let MissingMessages = SuMissing;
  }
}
def : Syntax<"sust.p.geom{.cop}{.vec}.b32.clamp",
             [SuGeom, Words<"cop", "wb,cg,cs,wt", SuCopMsg, SuCopMsg>, SuVec, SuClamp]>,
      Operands<2>, Refuses<[SuV8]> {
  let MissingMessages = SuMissing;
}

// sured.b.op.geom.ctype.clamp  [a, b], c;  // byte addressing
// sured.p.op.geom.ctype.clamp  [a, b], c;  // sample addressing
//   .op = { .add, .min, .max, .and, .or };  .geom = { .1d, .2d, .3d };
//   .ctype (sured.b) = { .u32, .u64, .s32, .b32, .s64 };
//   .ctype (sured.p) = { .b32, .b64 };
// ptxas 13.0, by operation: sured.b .add .u32/.s32/.u64, .min/.max
// .u32/.s32/.u64/.s64, .and/.or .b32 ("Incorrect type '.u32' for operation
// '.and' in instruction 'sured.b'"); sured.p .add .b32, .min/.max
// .b32/.b64, .and/.or .b32.
defvar SuredMissing = [
  Missing<"geom", "Geometry modifier required for instruction '{instr}'">,
  Missing<"clamp", "Clamp modifier required for instruction '{instr}'">,
  Missing<"op", "Reduction operation is required for instruction '{instr}'">];
defvar SuredOpMsg = "Multiple instruction post-operation flags set";
class SuredForm<string name, string ops, string types> {
  string Name = name;
  string Ops = ops;
  string Types = types;
}
foreach f = [SuredForm<"sured.b", "add", "u32,s32,u64">,
             SuredForm<"sured.b", "min,max", "u32,s32,u64,s64">,
             SuredForm<"sured.b", "and,or", "b32">,
             SuredForm<"sured.p", "add,and,or", "b32">,
             SuredForm<"sured.p", "min,max", "b32,b64">] in
  def : Syntax<f.Name # ".op.geom.clamp.type",
               [Words<"op", f.Ops, SuredOpMsg, SuredOpMsg>, SuGeom3, SuClamp,
                Words<"type", f.Types>]>,
        Operands<2> {
    let MissingMessages = SuredMissing;
  }

// suq.query.b32  d, [a];
//   .query = { .width, .height, .depth, .channel_data_type, .channel_order,
//              .array_size, .memory_layout }
defvar SuqMsg = "Multiple query modifiers specified";
def : Syntax<"suq.query.b32",
             [Words<"query", "width,height,depth,channel_data_type,"
                    # "channel_order,array_size,memory_layout", SuqMsg, SuqMsg>]>,
      Operands<2>,
      MissingSays<"query", "Query modifier required for instruction '{instr}'">;
