//===- Texture.td - tex, tld4, txq, istypep: their forms ------------------===//
//
// PTX ISA 9.0: 9.7.10.3 (tex), 9.7.10.4 (tld4), 9.7.10.5 (txq), 9.7.10.6
// (istypep). The rows follow ptxas 13.0 where it differs from the text (each
// such place says so); test/Sema/syntax-texsurf.ptx pins the messages.
//
// The operands are not listed (the coordinate vector sits inside the
// brackets, `[a, {b,} c]`); the rows give each form's operand count, which
// ptxas reads by the form (the optional offset e and depth compare f).
//
//===----------------------------------------------------------------------===//

defvar TexVecMsg = "Multiple vector modifiers specified";
defvar TexGeomMsg = "Multiple dimension modifiers specified";
// A geometry word set of a row (ptxas: "Multiple dimension modifiers
// specified", also for one written twice).
class TexGeom<string words> : Words<"geom", words, TexGeomMsg, TexGeomMsg>;
defvar TexVec = Words<"vec", "v2,v4,v8", TexVecMsg, TexVecMsg>;
defvar GeomMissing = Missing<"geom", "Geometry modifier required for instruction '{instr}'">;

// The destination vector by data type: .v4 for .u32/.s32/.f16/.f32, .v2
// for .f16x2 (ptxas: "Instruction 'tex.f32' requires .v4 type", also when
// the vector word is missing; .v8: "Vector type too large, exceeds 128 bit
// limit").
class TexDest<string op, string dtype, string vec> {
  string DType = dtype;
  list<Refuse> Refusals = [
    Refuse<"vec", "v8", "Vector type too large, exceeds 128 bit limit">,
    Refuse<"vec", !if(!eq(vec, "v4"), "v2", "v4"),
           "Instruction '" # op # "." # dtype # "' requires ." # vec # " type">];
  Missing VecMissing = Missing<"vec", "Instruction '" # op # "." # dtype
                                      # "' requires ." # vec # " type">;
}
class TexDests<string op> {
  list<TexDest> L = [TexDest<op, "u32", "v4">, TexDest<op, "s32", "v4">,
                     TexDest<op, "f16", "v4">, TexDest<op, "f32", "v4">,
                     TexDest<op, "f16x2", "v2">];
}

// tex (9.7.10.3):
//   tex{.mode}.geom.v4.dtype.ctype  d, [a, {b,} c] {, e} {, f};
//   tex{.mode}.geom.v2.f16x2.ctype  d, [a, {b,} c] {, e} {, f};
// with lod after the address for .level and dPdx, dPdy for .grad; .mode
// (.base, .level, .grad) names the instruction ('tex.level'). ptxas 13.0
// takes the optional operands by geometry and coordinate type, which the
// ISA text does not say:
// - the depth compare value f only with .f32 coordinates and a 1d, 2d, a1d,
//   a2d, cube or acube geometry (not .3d);
// - the offset e with every geometry but .cube/.acube;
// - .level only with .f32 coordinates (.s32: "Arguments mismatch");
// - .2dms/.a2dms only with .s32 coordinates and without .level/.grad
//   ("Illegal modifier 'Multi-sample geometry' for instruction 'tex.grad'");
// - .cube/.acube only with .f32 coordinates ("Floating-point coordinates
//   required"), .2dms/.a2dms only with .s32 ("Integer coordinates require
//   .s32 instruction type").
// The operand count of a row: d and [a, c], the mode's lod or gradients,
// and its optional operands.
class TexForm<string geoms, string ctype, int optional> {
  string Geoms = geoms;
  string CType = ctype;
  int Optional = optional;
}
defvar TexForms = [
  TexForm<"1d,2d,a1d,a2d", "f32", 2>,   // e, f
  TexForm<"3d", "f32", 1>,              // e
  TexForm<"cube,acube", "f32", 1>,      // f
  TexForm<"1d,2d,3d,a1d,a2d", "s32", 1>, // e
  TexForm<"2dms,a2dms", "s32", 1>       // e
];
class TexMode<string word, int operands> {
  string Word = word;
  int N = operands;
}
foreach d = TexDests<"tex">.L in {
  foreach mode = [TexMode<"", 2>, TexMode<".base", 2>, TexMode<".level", 3>,
                  TexMode<".grad", 4>] in
    foreach f = TexForms in
      if !not(!or(!and(!eq(mode.Word, ".level"), !eq(f.CType, "s32")),
                  !and(!ne(mode.Word, ""), !ne(mode.Word, ".base"),
                       !eq(f.Geoms, "2dms,a2dms")))) then
        def : Syntax<"tex" # mode.Word # ".geom.vec." # d.DType # "." # f.CType,
                     [TexGeom<f.Geoms>, TexVec]>,
              Operands<mode.N, !add(mode.N, f.Optional)>,
              Refuses<d.Refusals> {
          let MissingMessages = [GeomMissing, d.VecMissing];
        }
  // The geometries of the other coordinate type, which ptxas reads and
  // refuses with its own message.
  foreach mode = ["", ".base"] in {
    def : Syntax<"tex" # mode # ".geom.vec." # d.DType # ".s32",
                 [TexGeom<"cube,acube">, TexVec]>,
          Operands<2, 4>,
          Refuses<!listconcat(d.Refusals,
                              [Refuse<"", "", "Floating-point coordinates required">])>;
    def : Syntax<"tex" # mode # ".geom.vec." # d.DType # ".f32",
                 [TexGeom<"2dms,a2dms">, TexVec]>,
          Operands<2, 4>,
          Refuses<!listconcat(d.Refusals,
                              [Refuse<"", "", "Integer coordinates require .s32 "
                                              # "instruction type">])>;
  }
}

// tld4 (9.7.10.4):
//   tld4.comp.2d.v4.dtype.f32    d, [a, {b,} c] {, e} {, f};
//   tld4.comp.geom.v4.dtype.f32  d, [a, {b,} c] {, e} {, f};  // explicit sampler
//   .comp = { .r, .g, .b, .a };  .geom = { .2d, .a2d, .cube, .acube };
//   .dtype = { .u32, .s32, .f32 };
// ptxas 13.0: no .f16/.f16x2 data; like tex, .cube/.acube take no offset
// e ("Illegal modifier '.cube'").
defvar TldComp = Words<"comp", "r,g,b,a", "Multiple component modifiers specified",
                       "Multiple component modifiers specified">;
defvar TldMissing = [
  Missing<"comp", "Component modifier required for instruction '{instr}'">,
  GeomMissing];
foreach dt = [TexDest<"tld4", "u32", "v4">, TexDest<"tld4", "s32", "v4">,
              TexDest<"tld4", "f32", "v4">] in {
  def : Syntax<"tld4.comp.geom.vec." # dt.DType # ".f32",
               [TldComp, TexGeom<"2d,a2d">, TexVec]>,
        Operands<2, 4>, Refuses<dt.Refusals> {
    let MissingMessages = !listconcat(TldMissing, [dt.VecMissing]);
  }
  def : Syntax<"tld4.comp.geom.vec." # dt.DType # ".f32",
               [TldComp, TexGeom<"cube,acube">, TexVec]>,
        Operands<2, 3>, Refuses<dt.Refusals> {
    let MissingMessages = !listconcat(TldMissing, [dt.VecMissing]);
  }
}

// txq (9.7.10.5):
//   txq.tquery.b32         d, [a];       // texture attributes
//   txq.level.tlquery.b32  d, [a], lod;  // texture attributes
//   txq.squery.b32         d, [a];       // sampler attributes
// ptxas 13.0 also takes .memory_layout (which the text lists for suq only)
// and does not know .samp_pos ("Unknown modifier '.samp_pos'").
defvar TxqMsg = "Multiple query modifiers specified";
defvar TxqMissing = Missing<"query", "Query modifier required for instruction '{instr}'">;
def : Syntax<"txq.query.b32",
             [Words<"query", "width,height,depth,channel_data_type,"
                    # "channel_order,normalized_coords,array_size,"
                    # "num_mipmap_levels,num_samples,memory_layout,"
                    # "force_unnormalized_coords,filter_mode,addr_mode_0,"
                    # "addr_mode_1,addr_mode_2", TxqMsg, TxqMsg>]>,
      Operands<2>, MissingSays<"query", TxqMissing.Message>;
def : Syntax<"txq.level.query.b32",
             [Words<"query", "width,height,depth", TxqMsg, TxqMsg>]>,
      Operands<3>, MissingSays<"query", TxqMissing.Message>;

// istypep (9.7.10.6): istypep.type p, a;  .type = { .texref, .samplerref,
// .surfref }. ptxas 13.0 reads the word as the instruction type ("Unexpected
// instruction types specified for 'istypep'" when it is missing or doubled),
// and takes a .u64 register only ("Arguments mismatch" for a texref name).
defvar IstypepMsg = "Unexpected instruction types specified for '{instr}'";
def : Syntax<"istypep.kind",
             [Words<"kind", "texref,samplerref,surfref", IstypepMsg, IstypepMsg>]>,
      Operands<2>, MissingSays<"kind", IstypepMsg> {
  let Args = "p:pred, a:u64";
}
