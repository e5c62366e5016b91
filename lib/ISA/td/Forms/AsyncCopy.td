//===- AsyncCopy.td - cp: the asynchronous copies and their groups --------===//
//
// PTX ISA 9.0: 9.7.9.25.3 (cp.async, cp.async.commit_group,
// cp.async.wait_group / wait_all), 9.7.9.25.4 (cp.async.bulk,
// cp.reduce.async.bulk, cp.async.bulk.prefetch), 9.7.9.25.5
// (cp.async.bulk.tensor, cp.reduce.async.bulk.tensor,
// cp.async.bulk.prefetch.tensor), 9.7.9.25.6 (cp.async.bulk.commit_group,
// cp.async.bulk.wait_group) and 9.7.13.15.x (cp.async.mbarrier.arrive).
// ptxas 13.0 names each instruction by its leading words ('cp.async.bulk',
// 'cp.reduce.async.bulk.tensor': the opcode's variant words); a destination
// and a source state space are read in that order ("State space incorrect"
// for `cp.async.ca.global.shared`), every other word in any order. The
// gates and messages are ptxas 13.0's (test/Sema/syntax-cp.ptx).
//
//===----------------------------------------------------------------------===//

defvar CpSpaces = "Multiple state spaces specified";
// The destination and the source space of a row: a sequence, filled in the
// order written.
class CpDst<string words> : Words<"dst", words, CpSpaces, CpSpaces, "space">;
class CpSrc<string words> : Words<"src", words, CpSpaces, CpSpaces, "space">;
// A word ptxas refuses twice ("Multiple .noinc modifiers specified").
class CpOnce<string word, string repeated = "Multiple .{a} modifiers specified">
    : Words<word, word, "", repeated>;
defvar CpHint = CpOnce<"L2::cache_hint">;
defvar CpComplete = CpOnce<"mbarrier::complete_tx::bytes">;
defvar CpBulkGroup = CpOnce<"bulk_group">;
defvar CpMulticast = CpOnce<"multicast::cluster">;
defvar CpCompletionMissing = Missing<"completion",
    ".completion_mechanism modifier required for instruction '{instr}'">;
// A feature of the sm_100 family only ("Feature '.cta_group::1' not
// supported on .target 'sm_90'"): the a/f targets of sm_100, sm_103, sm_110.
class CpFamilyGate<int minor, string feature>
    : Gate<Version<8, minor>, feature, 0, feature, 1> {
  let OnlyTargets = "sm_100a,sm_100f,sm_103a,sm_103f,sm_110a,sm_110f";
}
class CpArgs<string args> { string Args = args; }
// The mbarrier operand [c] is an address when a ctaMask or cache-policy
// operand follows it (ptxas 13.0: "Arguments mismatch" for a register). As
// the last operand ptxas also takes a 64- or 16-bit register or a constant
// there (not a 32-bit one), which the notation cannot say: those forms, and
// the tensor forms (whose mbarrier may be anything to ptxas), give no list;
// their operand counts are still exact (Operands<>).
class CpGate<int major, int minor, string feature, int sm = 90,
             string targetFeature = feature>
    : Gate<Version<major, minor>, feature, sm, targetFeature, 1>;

// The L2 cache hint (PTX 7.4) and prefetch sizes of cp.async, with the
// messages ptxas gives for ld's.
defvar CpHintGate = QualGate<"L2::cache_hint", Version<7, 4>,
    "Modifier '.L2::cache_hint' requires PTX ISA .version 7.4 or later", 0, "">;
defvar CpPfGates = !listconcat(
  !foreach(w, ["L2::64B", "L2::128B", "L2::256B"],
    QualGate<w, Version<7, 4>, "Feature 'cache prefetching' requires PTX ISA "
             # ".version 7.4 or later", 0, "">),
  [QualGate<"L2::256B", Version<7, 4>, "Feature '256B cache prefetching' "
            # "requires PTX ISA .version 7.4 or later", 0, "">]);

//===----------------------------------------------------------------------===//
// cp.async (9.7.9.25.3.1, PTX 7.0, sm_80):
//   cp.async.ca.shared{::cta}.global{.L2::cache_hint}{.L2::prefetch_size}
//       [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy};
//   cp.async.cg.shared{::cta}.global{...} [dst], [src], 16{, ...};
// ptxas takes .shared::cta from PTX 7.0 on, as .shared.
//===----------------------------------------------------------------------===//
defvar CpAsyncSets = [
  Words<"cop", "ca,cg", "Multiple cache operation modifiers specified",
        "Multiple cache operation modifiers specified">,
  CpDst<"shared,shared::cta">, CpSrc<"global">, CpHint,
  Words<"pf", "L2::64B,L2::128B,L2::256B",
        "Multiple cache prefetching modifiers specified",
        "Multiple cache prefetching modifiers specified">];
defvar CpAsyncMissing = [
  Missing<"cop", "'.ca or .cg' modifier required for instruction '{instr}'">,
  Missing<"dst", "Unexpected number of state spaces specified in "
                 # "instruction '{instr}'">,
  Missing<"src", "Unexpected number of state spaces specified in "
                 # "instruction '{instr}'">];
// The fourth operand is src-size (.u32) or ignore-src (.pred); with
// .L2::cache_hint the last one is the cache policy, and only then. cp-size
// is a constant, 4, 8 or 16 with .ca and 16 with .cg (ptxas 13.0:
// "unexpected value '2', expected to be 4 or 8 or 16"), so the cache
// operations have rows of their own.
foreach cop = [["ca", "4/8/16"], ["cg", "16"]] in {
  defvar Sets = !listconcat(
      [Words<"cop", cop[0], "Multiple cache operation modifiers specified",
             "Multiple cache operation modifiers specified">],
      !tail(CpAsyncSets));
  def : Syntax<"cp.async.cop.dst.src{.pf}", Sets, CpGate<7, 0, "cp.async", 80>>,
        Operands<3, 4>, WordGated<CpPfGates> {
    // src-size (.u32) or ignore-src (a predicate, which may be negated).
    let Args = "[d], [a], b:u32#=" # cop[1] # ", !c:any?";
    let MissingMessages = CpAsyncMissing;
  }
  def : Syntax<"cp.async.cop.dst.src.L2::cache_hint{.pf}", Sets,
               CpGate<7, 0, "cp.async", 80>>,
        Operands<4, 5>, WordGated<!listconcat([CpHintGate], CpPfGates)> {
    let Args = "[d], [a], b:u32#=" # cop[1] # ", !c:any, e:b64?";
    let MissingMessages = CpAsyncMissing;
  }
}

// cp.async.commit_group, cp.async.wait_group N, cp.async.wait_all
// (9.7.9.25.3.2-3, PTX 7.0, sm_80).
def : Syntax<"cp.async.commit_group", [],
             CpGate<7, 0, "cp.async.commit_group", 80>>, Operands<0>;
def : Syntax<"cp.async.wait_group", [],
             CpGate<7, 0, "cp.async.wait_group", 80>>, Operands<1>,
      CpArgs<"a:u32#">;
def : Syntax<"cp.async.wait_all", [],
             CpGate<7, 0, "cp.async.wait_all", 80>>, Operands<0>;

// cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr] (PTX 7.0,
// sm_80; .shared::cta PTX 7.8).
def : Syntax<"cp.async.mbarrier.arrive{.noinc}{.ss}.b64",
             [CpOnce<"noinc">,
              Words<"ss", "shared,shared::cta", CpSpaces, CpSpaces>],
             CpGate<7, 0, "cp.async.mbarrier.arrive", 80>>,
      Operands<1>, CpArgs<"[a]">,
      WordGated<[QualGate<"shared::cta", Version<7, 8>, "Feature '::cta' "
                          # "requires PTX ISA .version 7.8 or later", 0, "">]>;

//===----------------------------------------------------------------------===//
// cp.async.bulk (9.7.9.25.4.1, PTX 8.0, sm_90):
//   cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
//       {.multicast::cluster}{.L2::cache_hint}
//       [dstMem], [srcMem], size, [mbar]{, ctaMask}{, cache-policy};
//   cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes
//       {.L2::cache_hint} [dstMem], [srcMem], size, [mbar]{, cache-policy};
//                                                            (PTX 8.6)
//   cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
//       [dstMem], [srcMem], size, [mbar];
//   cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}{.cp_mask}
//       [dstMem], [srcMem], size{, cache-policy}{, byteMask};
// (.cp_mask: PTX 8.6, sm_100).
//===----------------------------------------------------------------------===//
defvar CpBulkComplete = Words<"completion", "mbarrier::complete_tx::bytes", "",
    "Multiple .{a} modifiers specified">;
defvar CpBulkGroupC = Words<"completion", "bulk_group", "",
    "Multiple .{a} modifiers specified">;
// The operand counts follow the optional words: ctaMask with
// .multicast::cluster, cache-policy with .L2::cache_hint, byteMask with
// .cp_mask.
foreach mc = ["", ".multicast::cluster"] in
  foreach h = ["", ".L2::cache_hint"] in
    def : Syntax<"cp.async.bulk.dst.src.completion" # mc # h,
                 [CpDst<"shared::cluster">, CpSrc<"global">, CpBulkComplete,
                  CpMulticast, CpHint],
                 CpGate<8, 0, "cp.async.bulk">>,
          Operands<!add(4, !if(!eq(mc, ""), 0, 1), !if(!eq(h, ""), 0, 1))>,
          CpArgs<!if(!and(!eq(mc, ""), !eq(h, "")), "",
                     "[d], [a], b:u32=*16, [c]" # !if(!eq(mc, ""), "", ", m:any")
                     # !if(!eq(h, ""), "", ", e:b64"))> {
      let MissingMessages = [CpCompletionMissing];
    }
foreach h = ["", ".L2::cache_hint"] in {
  def : Syntax<"cp.async.bulk.dst.src.completion" # h,
               [CpDst<"shared::cta">, CpSrc<"global">, CpBulkComplete, CpHint],
               CpGate<8, 6, "cp.async.bulk with destination state space as "
                            # ".shared::cta", 90, "cp.async.bulk">>,
        Operands<!add(4, !if(!eq(h, ""), 0, 1))>,
        CpArgs<!if(!eq(h, ""), "", "[d], [a], b:u32=*16, [c], e:b64")> {
    let MissingMessages = [CpCompletionMissing];
  }
  def : Syntax<"cp.async.bulk.dst.src.completion" # h,
               [CpDst<"global">, CpSrc<"shared::cta">, CpBulkGroupC, CpHint],
               CpGate<8, 0, "cp.async.bulk">>,
        Operands<!add(3, !if(!eq(h, ""), 0, 1))>,
        CpArgs<"[d], [a], b:u32=*16" # !if(!eq(h, ""), "", ", e:b64")> {
    let MissingMessages = [CpCompletionMissing];
  }
  def : Syntax<"cp.async.bulk.dst.src.completion" # h # ".cp_mask",
               [CpDst<"global">, CpSrc<"shared::cta">, CpBulkGroupC, CpHint,
                CpOnce<"cp_mask">],
               CpGate<8, 6, ".cp_mask", 100>>,
        Operands<!add(4, !if(!eq(h, ""), 0, 1))>,
        CpArgs<"[d], [a], b:u32=*16" # !if(!eq(h, ""), "", ", e:b64") # ", m:any"> {
    let MissingMessages = [CpCompletionMissing];
  }
}
def : Syntax<"cp.async.bulk.dst.src.completion",
             [CpDst<"shared::cluster">, CpSrc<"shared::cta">, CpBulkComplete],
             CpGate<8, 0, "cp.async.bulk">>, Operands<4> {
  let MissingMessages = [CpCompletionMissing];
}

// cp.async.bulk.prefetch.L2.global{.L2::cache_hint} [srcMem], size
// {, cache-policy} (9.7.9.25.4.3, PTX 8.0, sm_90).
defvar CpL2 = Words<"level", "L2", "", "Multiple cache operation modifiers specified">;
defvar CpPrefetchMissing = [
  Missing<"level", ".level modifier required for instruction '{instr}'">,
  Missing<"ss", "State space modifier required for instruction '{instr}'">];
foreach h = ["", ".L2::cache_hint"] in
  def : Syntax<"cp.async.bulk.prefetch.level.ss" # h,
               [CpL2, Words<"ss", "global", CpSpaces, CpSpaces>, CpHint],
               CpGate<8, 0, "cp.async.bulk.prefetch">>,
        Operands<!add(2, !if(!eq(h, ""), 0, 1))>,
        CpArgs<"[a], b:u32=*16" # !if(!eq(h, ""), "", ", e:b64")> {
    let MissingMessages = CpPrefetchMissing;
  }

// cp.async.bulk.commit_group; cp.async.bulk.wait_group{.read} N
// (9.7.9.25.6, PTX 8.0, sm_90).
def : Syntax<"cp.async.bulk.commit_group", [],
             CpGate<8, 0, "cp.async.bulk.commit_group">>, Operands<0>;
def : Syntax<"cp.async.bulk.wait_group{.read}", [CpOnce<"read">],
             CpGate<8, 0, "cp.async.bulk.wait_group">>, Operands<1>,
      CpArgs<"a:u32#">;

//===----------------------------------------------------------------------===//
// cp.reduce.async.bulk (9.7.9.25.4.2, PTX 8.0, sm_90):
//   cp.reduce.async.bulk.shared::cluster.shared::cta
//       .mbarrier::complete_tx::bytes.redOp.type [dstMem], [srcMem], size, [mbar];
//   cp.reduce.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}
//       .redOp.type [dstMem], [srcMem], size{, cache-policy};
//   cp.reduce.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}
//       .add.noftz.type (f16, bf16)
// with the operation/type pairs of the ISA's table, which ptxas 13.0
// enforces ("Unexpected instruction types specified").
//===----------------------------------------------------------------------===//
defvar CpPostOp = "Multiple instruction post-operation flags set";
class CpRedOp<string ops> : Words<"op", ops, CpPostOp, CpPostOp>;
defvar CpRedMissing = Missing<"op",
    "Reduction operation is required for instruction '{instr}'">;
foreach p = [["and,or,xor", "b32"], ["add", "u32,s32,u64"], ["inc,dec", "u32"],
             ["min,max", "u32,s32"]] in
  def : Syntax<"cp.reduce.async.bulk.dst.src.completion.op.type",
               [CpDst<"shared::cluster">, CpSrc<"shared::cta">, CpBulkComplete,
                CpRedOp<p[0]>, Words<"type", p[1]>],
               CpGate<8, 0, "cp.reduce.async.bulk">>, Operands<4> {
    let MissingMessages = [CpCompletionMissing, CpRedMissing];
  }
foreach h = ["", ".L2::cache_hint"] in {
  defvar HintArgs = "[d], [a], b:u32=*16" # !if(!eq(h, ""), "", ", e:b64");
  foreach p = [["and,or,xor", "b32,b64"], ["add", "u32,s32,u64,f32,f64"],
               ["inc,dec", "u32"], ["min,max", "u32,s32,u64,s64,f16,bf16"]] in
    def : Syntax<"cp.reduce.async.bulk.dst.src.completion" # h # ".op.type",
                 [CpDst<"global">, CpSrc<"shared::cta">, CpBulkGroupC, CpHint,
                  CpRedOp<p[0]>, Words<"type", p[1]>],
                 CpGate<8, 0, "cp.reduce.async.bulk">>,
          Operands<!add(3, !if(!eq(h, ""), 0, 1))>, CpArgs<HintArgs> {
      let MissingMessages = [CpCompletionMissing, CpRedMissing];
    }
  def : Syntax<"cp.reduce.async.bulk.dst.src.completion" # h # ".op.noftz.type",
               [CpDst<"global">, CpSrc<"shared::cta">, CpBulkGroupC, CpHint,
                CpRedOp<"add">, CpOnce<"noftz", "Duplicate .{a} modifier">,
                Words<"type", "f16,bf16">],
               CpGate<8, 0, "cp.reduce.async.bulk">>,
        Operands<!add(3, !if(!eq(h, ""), 0, 1))>, CpArgs<HintArgs> {
    let MissingMessages = [CpCompletionMissing, CpRedMissing];
  }
}

//===----------------------------------------------------------------------===//
// cp.async.bulk.tensor (9.7.9.25.5.2, PTX 8.0, sm_90):
//   cp.async.bulk.tensor.dim.shared::cluster.global{.load_mode}
//       .mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group}
//       {.L2::cache_hint} [dstMem], [tensorMap, tensorCoords], [mbar]
//       {, im2colInfo}{, ctaMask}{, cache-policy};
//   cp.async.bulk.tensor.dim.shared::cta.global{.load_mode}
//       .mbarrier::complete_tx::bytes{.cta_group}{.L2::cache_hint}
//       [dstMem], [tensorMap, tensorCoords], [mbar]{, im2colInfo}
//       {, cache-policy};                                      (PTX 8.6)
//   cp.async.bulk.tensor.dim.global.shared::cta{.load_mode}.bulk_group
//       {.L2::cache_hint} [tensorMap, tensorCoords], [srcMem]{, cache-policy};
// .load_mode = { .tile, .im2col (3d-5d) } and, PTX 8.6, { .tile::gather4
// (2d), .im2col::w, .im2col::w::128 (3d-5d) } (stores: .tile,
// .tile::scatter4 (2d), .im2col_no_offs (3d-5d)); .cta_group = {
// .cta_group::1, .cta_group::2 } (PTX 8.6). ptxas 13.0 takes the PTX 8.6
// load modes with .shared::cta on sm_100 and later, with .shared::cluster
// (and .im2col::w::128, .tile::scatter4, .cta_group) only on the sm_100
// family's a/f targets.
//===----------------------------------------------------------------------===//
defvar CpDim = "Multiple dimension modifiers specified";
class CpDims<string dims> : Words<"dim", dims, CpDim, CpDim>;
class CpMode<string modes>
    : Words<"mode", modes, "Multiple .load_mode modifiers specified",
            "Multiple .load_mode modifiers specified">;
class CpCtaGroup<string words>
    : Words<"cg", words, "Multiple .cta_group modifiers specified",
            "Multiple .cta_group modifiers specified">;
defvar CpTensorMissing = [
  CpCompletionMissing,
  Missing<"dim", ".dim modifier required for instruction '{instr}'">];
// The load modes by dimension: [dims, mode words, the mode element (.tile
// is the default)].
defvar CpLoadModes90 = [["1d,2d,3d,4d,5d", "tile", "{.mode}"],
                      ["3d,4d,5d", "im2col", ".mode"]];
defvar CpLoadModes100 = [["2d", "tile::gather4"], ["3d,4d,5d", "im2col::w"]];

class CpTensorLoad<string dst, string dims, string mode, string modeElem,
                   string cg, string cgWords, Gate gate> {
  string Multicast = !if(!eq(dst, "shared::cluster"),
                         "{.multicast::cluster}", "");
  string P = "cp.async.bulk.tensor.dim.dst.src" # modeElem # ".completion"
             # Multicast # cg # "{.L2::cache_hint}";
  list<WordSet> Sets = [CpDims<dims>, CpDst<dst>, CpSrc<"global">,
                        CpMode<mode>, CpBulkComplete, CpMulticast,
                        CpCtaGroup<cgWords>, CpHint];
  Gate G = gate;
}
multiclass CpTensorLoads<string dst, int minor, string feature> {
  // sm_90 load modes, without and with .cta_group.
  foreach m = CpLoadModes90 in {
    defvar t = CpTensorLoad<dst, m[0], m[1], m[2], "", "cta_group::1",
                            CpGate<8, minor, feature, 90,
                                   "cp.async.bulk.tensor">>;
    def : Syntax<t.P, t.Sets, t.G>, Operands<3, 6> {
      let MissingMessages = CpTensorMissing;
    }
    foreach cg = ["cta_group::1", "cta_group::2"] in {
      defvar c = CpTensorLoad<dst, m[0], m[1], m[2], ".cg", cg,
                              CpFamilyGate<6, "." # cg>>;
      def : Syntax<c.P, c.Sets, c.G>, Operands<3, 6> {
        let MissingMessages = CpTensorMissing;
      }
    }
  }
  // PTX 8.6 load modes, with or without .cta_group.
  foreach m = CpLoadModes100 in {
    defvar f = "." # m[1] # " with destination state space as ." # dst;
    defvar g = !if(!eq(dst, "shared::cta"),
                   CpGate<8, 6, "." # m[1], 100, f>,
                   CpFamilyGate<6, f>);
    defvar t = CpTensorLoad<dst, m[0], m[1], ".mode", "", "cta_group::1", g>;
    def : Syntax<t.P, t.Sets, t.G>, Operands<3, 6> {
      let MissingMessages = CpTensorMissing;
    }
    foreach cg = ["cta_group::1", "cta_group::2"] in {
      defvar c = CpTensorLoad<dst, m[0], m[1], ".mode", ".cg", cg,
                              CpFamilyGate<6, "." # cg>>;
      def : Syntax<c.P, c.Sets, c.G>, Operands<3, 6> {
        let MissingMessages = CpTensorMissing;
      }
    }
  }
  defvar w = CpTensorLoad<dst, "3d,4d,5d", "im2col::w::128", ".mode", "{.cg}",
                          "cta_group::1,cta_group::2",
                          CpFamilyGate<6, ".im2col::w::128">>;
  def : Syntax<w.P, w.Sets, w.G>, Operands<3, 6> {
    let MissingMessages = CpTensorMissing;
  }
}
defm : CpTensorLoads<"shared::cluster", 0, "cp.async.bulk.tensor">;
defm : CpTensorLoads<"shared::cta", 6, "cp.async.bulk.tensor with destination "
                                       # "state space as .shared::cta">;

// Tensor stores.
foreach m = [["1d,2d,3d,4d,5d", "{.mode}", "tile", ""],
             ["3d,4d,5d", ".mode", "im2col_no_offs", ""],
             ["2d", ".mode", "tile::scatter4", "family"]] in
  def : Syntax<"cp.async.bulk.tensor.dim.dst.src" # m[1]
               # ".completion{.L2::cache_hint}",
               [CpDims<m[0]>, CpDst<"global">, CpSrc<"shared::cta">,
                CpMode<m[2]>, CpBulkGroupC, CpHint],
               !if(!eq(m[3], "family"), CpFamilyGate<6, ".tile::scatter4">,
                   CpGate<8, 0, "cp.async.bulk.tensor">)>,
        Operands<2, 3> {
    let MissingMessages = CpTensorMissing;
  }

// cp.reduce.async.bulk.tensor (9.7.9.25.5.3, PTX 8.0, sm_90):
//   cp.reduce.async.bulk.tensor.dim.global.shared::cta.redOp{.load_mode}
//       .bulk_group{.L2::cache_hint} [tensorMap, tensorCoords], [srcMem]
//       {, cache-policy};
// .load_mode = { .tile, .im2col_no_offs }; untyped (the tensor map has the
// element type). ptxas 13.0 takes .tile::scatter4 too (sm_100 family).
foreach m = [["1d,2d,3d,4d,5d", "{.mode}", "tile", ""],
             ["3d,4d,5d", ".mode", "im2col_no_offs", ""],
             ["2d", ".mode", "tile::scatter4", "family"]] in
  def : Syntax<"cp.reduce.async.bulk.tensor.dim.dst.src.op" # m[1]
               # ".completion{.L2::cache_hint}",
               [CpDims<m[0]>, CpDst<"global">, CpSrc<"shared::cta">,
                CpRedOp<"add,min,max,inc,dec,and,or,xor">, CpMode<m[2]>,
                CpBulkGroupC, CpHint],
               !if(!eq(m[3], "family"), CpFamilyGate<6, ".tile::scatter4">,
                   CpGate<8, 0, "cp.reduce.async.bulk.tensor">)>,
        Operands<2, 3> {
    let MissingMessages = !listconcat(CpTensorMissing, [CpRedMissing]);
  }

// cp.async.bulk.prefetch.tensor (9.7.9.25.5.4, PTX 8.0, sm_90):
//   cp.async.bulk.prefetch.tensor.dim.L2.global{.load_mode}{.L2::cache_hint}
//       [tensorMap, tensorCoords]{, im2colInfo}{, cache-policy};
// .load_mode = { .tile, .im2col } and, PTX 8.6 on the sm_100 family's a/f
// targets, { .tile::gather4, .im2col::w, .im2col::w::128 }.
foreach m = [["1d,2d,3d,4d,5d", "{.mode}", "tile", ""],
             ["3d,4d,5d", ".mode", "im2col", ""],
             ["2d", ".mode", "tile::gather4",
              ".tile::gather4 with cp.async.bulk.prefetch.tensor"],
             ["3d,4d,5d", ".mode", "im2col::w",
              ".im2col::w with cp.async.bulk.prefetch.tensor"],
             ["3d,4d,5d", ".mode", "im2col::w::128", ".im2col::w::128"]] in
  def : Syntax<"cp.async.bulk.prefetch.tensor.dim.level.ss" # m[1]
               # "{.L2::cache_hint}",
               [CpDims<m[0]>, CpL2, Words<"ss", "global", CpSpaces, CpSpaces>,
                CpMode<m[2]>, CpHint],
               !if(!eq(m[3], ""),
                   CpGate<8, 0, "cp.async.bulk.prefetch.tensor">,
                   CpFamilyGate<6, m[3]>)>,
        Operands<1, 3> {
    let MissingMessages = !listconcat(CpPrefetchMissing, [
      Missing<"dim", ".dim modifier required for instruction '{instr}'">]);
  }
