//===- Memory.td - ld, st, ldu, cvta, isspacep, prefetch: their forms -----===//
//
// PTX ISA 9.0: 9.7.9.8 (ld), 9.7.9.9 (ld.global.nc), 9.7.9.10 (ldu),
// 9.7.9.11 (st), 9.7.9.15 (prefetch, prefetchu), 9.7.9.17 (isspacep),
// 9.7.9.18 (cvta). The rows follow ptxas 13.0 where it differs from the
// text (each such place says so); test/Sema/syntax-memory.ptx pins the
// messages.
//
//===----------------------------------------------------------------------===//

// The words of the memory instructions, with ptxas 13.0's messages for two
// of one kind.
defvar MemSpaces = "const,global,local,param,param::entry,param::func,shared,"
                  # "shared::cta,shared::cluster";
defvar MemSS = Words<"ss", MemSpaces,
    "Unexpected number of state spaces specified in instruction '{instr}'">;
// .volatile, .relaxed and .acquire: ptxas refuses .const, .local and .param
// ("Modifier '.volatile' cannot be applied to '.const' space"), which the
// ISA text allows.
defvar SyncSS = Words<"ss", "global,shared,shared::cta,shared::cluster",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
// The eviction priorities, the cache hint and the prefetch sizes: generic
// or .global only (ptxas: "Modifier '.evict_last' cannot be applied to
// '.shared' space for instruction 'ld'", "State space incorrect for feature
// 'cache prefetching'").
defvar GlobalSS = Words<"ss", "global",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
defvar MemCop = Words<"cop", "ca,cg,cs,lu,cv",
                      "Multiple cache operation modifiers specified">;
defvar MemL1 = Words<"L1", "L1::evict_normal,L1::evict_unchanged,"
                           # "L1::evict_first,L1::evict_last,L1::no_allocate",
    "Duplicate '.L1::eviction_priority' modifier specified for instruction "
    # "'{instr}'">;
defvar MemL2 = Words<"L2", "L2::evict_normal,L2::evict_first,L2::evict_last",
    "Duplicate '.L2::eviction_priority' modifier specified for instruction "
    # "'{instr}'">;
defvar MemPf = Words<"pf", "L2::64B,L2::128B,L2::256B",
                     "Multiple cache prefetching modifiers specified">;
// The words written literally in the rows, with ptxas's message when one is
// written twice (`ld.weak.weak`: "Duplicate .weak modifier").
defvar MemDups = [
  Words<"weak", "weak", "Duplicate .{b} modifier">,
  Words<"volatile", "volatile", "Duplicate .{b} modifier">,
  Words<"relaxed", "relaxed", "Duplicate .{b} modifier">,
  Words<"acquire", "acquire", "Duplicate .{b} modifier">,
  Words<"release", "release", "Duplicate .{b} modifier">,
  Words<"nc", "nc", "Duplicate .{b} modifier">,
  Words<"mmio", "mmio", "Multiple .{b} modifiers specified">,
  Words<"L2::cache_hint", "L2::cache_hint", "Multiple .{b} modifiers specified">,
  Words<"sys", "sys", "Multiple scope modifiers specified">,
  Words<"cluster", "cluster", "Multiple scope modifiers specified">,
  Words<"global", "global",
        "Unexpected number of state spaces specified in instruction '{instr}'">,
  Words<"shared::cta", "shared::cta",
        "Unexpected number of state spaces specified in instruction '{instr}'">,
  Words<"shared::cluster", "shared::cluster",
        "Unexpected number of state spaces specified in instruction '{instr}'">,
  Words<"mbarrier::complete_tx::bytes", "mbarrier::complete_tx::bytes",
        "Multiple .{b} modifiers specified">,
  Words<"L1", "L1", "Multiple cache operation modifiers specified">,
  Words<"tensormap", "tensormap",
        "Multiple cache operation modifiers specified">];

// A row of this file: with the literal words' sets.
class MemSyntax<string pattern, list<WordSet> sets = [], Gate gate = NoGate>
    : Syntax<pattern, !listconcat(MemDups, sets), gate>;

// The vector sizes by type width: at most 128 bits ("Vector type too large,
// exceeds 128 bit limit") except the 256-bit loads and stores of sm_100
// (.v8 of 32-bit types, .v4 of 64-bit ones), which are generic or .global
// only ("global state space expected for feature '256 bit wide
// load/store'"). ld/st take no .f16/.bf16/.pred types.
class MemTail<string pattern, list<WordSet> sets, Gate gate = NoGate> {
  string P = pattern;
  list<WordSet> Sets = sets;
  Gate G = gate;
}
defvar VecMsg = "Multiple vector modifiers specified";
defvar T8 = Words<"type", "b8,u8,s8,b16,u16,s16">;
defvar T32 = Words<"type", "b32,u32,s32,f32">;
defvar T64 = Words<"type", "b64,u64,s64,f64">;
def MemTail8 : MemTail<"{.vec}.type", [Words<"vec", "v2,v4,v8", VecMsg>, T8]>;
def MemTail32 : MemTail<"{.vec}.type", [Words<"vec", "v2,v4", VecMsg>, T32]>;
def MemTail64 : MemTail<"{.vec}.type", [Words<"vec", "v2", VecMsg>, T64]>;
// .b128 from PTX 8.3 (ptxas names the feature so).
class B128Gate<string op>
    : Gate<Version<8, 3>, "Instruction type .b128 for instruction " # op>;
class Wide256 : Gate<Version<8, 8>, "256 bit wide load/store", 100,
                     "256 bit wide load/store", 1>;
def MemTail256x32 : MemTail<".v8.type", [T32], Wide256<>>;
def MemTail256x64 : MemTail<".v4.type", [T64], Wide256<>>;
class NarrowTails<string op> {
  list<MemTail> L = [MemTail8, MemTail32, MemTail64,
                     MemTail<".b128", [], B128Gate<op>>];
}
defvar WideTails = [MemTail256x32, MemTail256x64];

// Gates of single words (ptxas 13.0's messages; the ISA text gives the same
// versions: .L1/.L2 qualifiers PTX 7.4, .L2::cache_hint and .L2::256B
// sm_80, .cluster scope PTX 7.8 and sm_90, .mmio PTX 8.2).
class EvictGates<string op> {
  list<QualGate> L = !foreach(w, ["evict_normal", "evict_unchanged",
                                  "evict_first", "evict_last", "no_allocate"],
      QualGate<"L1::" # w, Version<7, 4>,
               "Modifier '." # w # "' on '" # op # "' requires PTX ISA "
               # ".version 7.4 or later", 0, "">);
}
defvar HintGate = QualGate<"L2::cache_hint", Version<7, 4>,
    "Modifier '.L2::cache_hint' requires PTX ISA .version 7.4 or later", 80,
    "Modifier '.L2::cache_hint' requires .target sm_80 or higher">;
defvar PfGates = [
  QualGate<"L2::64B", Version<7, 4>,
           "Feature 'cache prefetching' requires PTX ISA .version 7.4 or later",
           0, "">,
  QualGate<"L2::128B", Version<7, 4>,
           "Feature 'cache prefetching' requires PTX ISA .version 7.4 or later",
           0, "">,
  QualGate<"L2::256B", Version<7, 4>,
           "Feature 'cache prefetching' requires PTX ISA .version 7.4 or later",
           0, "">,
  QualGate<"L2::256B", Version<7, 4>,
           "Feature '256B cache prefetching' requires PTX ISA .version 7.4 or "
           # "later", 80,
           "Modifier '.L2::256B' requires .target sm_80 or higher">];
defvar ClusterGate = QualGate<"cluster", Version<7, 8>,
    "Feature '.cluster scope' requires PTX ISA .version 7.8 or later", 90,
    "Feature '.cluster scope' requires .target sm_90 or higher">;
defvar MmioGate = QualGate<"mmio", Version<8, 2>,
    "Feature '.mmio' requires PTX ISA .version 8.2 or later", 0, "">;
class MemGates<string op> {
  list<QualGate> L = !listconcat(EvictGates<op>.L, [HintGate, ClusterGate,
                                                    MmioGate], PfGates);
}

// One prefix of a memory instruction's rows (the words before the vector
// and type), its sets, and whether the 256-bit tails go with it (with the
// .L2 eviction priorities, which ptxas takes only there: "Instruction 'ld'
// requires '.v8.b32/.v4.b64' type with '.L2::evict_first' modifier.").
class MemPrefix<string pattern, list<WordSet> sets, bit wide = 0,
                string wideExtra = "", list<Missing> missing = []> {
  string P = pattern;
  list<WordSet> Sets = sets;
  bit Wide = wide;
  string WideExtra = wideExtra;
  list<Missing> Ms = missing;
}

// Rows: every prefix with every narrow tail, and the wide prefixes with the
// 256-bit tails; `args`: their operands (empty: the opcode's OperandsOf).
multiclass MemRows<string op, list<MemPrefix> prefixes, string args = ""> {
  foreach p = prefixes in {
    foreach t = NarrowTails<op>.L in
      def : MemSyntax<p.P # t.P, !listconcat(p.Sets, t.Sets), t.G>,
            WordGated<MemGates<op>.L> {
        let MissingMessages = p.Ms;
        let Args = args;
      }
    if p.Wide then
      foreach t = WideTails in
        def : MemSyntax<p.P # p.WideExtra # t.P, !listconcat(p.Sets, t.Sets),
                     t.G>, WordGated<MemGates<op>.L> {
          let MissingMessages = p.Ms;
          let Args = args;
        }
  }
}

// ld (9.7.9.8, 9.7.9.9): weak (the default) with a cache operator or with
// eviction priorities; .volatile; .relaxed/.acquire with a scope; .mmio;
// ld.global.nc (.ca, .cg, .cs only: "Illegal cache operation for
// instruction 'ld.nc'").
defvar LdNcCop = Words<"cop", "ca,cg,cs",
                       "Multiple cache operation modifiers specified">;
class RelaxedMissing<string sem>
    : Missing<"scope", "Modifier '." # sem # "' requires scope with "
                       # "'{instr}' instruction">;
defm : MemRows<"ld", [
  MemPrefix<"ld{.weak}{.ss}{.cop}", [MemSS, MemCop]>,
  MemPrefix<"ld{.weak}{.ss}{.cop}{.L2::cache_hint}{.pf}", [GlobalSS, MemCop,
                                                          MemPf], 1>,
  MemPrefix<"ld{.weak}{.ss}{.L1}{.L2::cache_hint}{.pf}", [GlobalSS, MemL1,
                                                         MemL2, MemPf], 1,
            "{.L2}">,
  MemPrefix<"ld.volatile{.ss}", [SyncSS]>,
  // ptxas takes the .L2 eviction priorities with .volatile too.
  MemPrefix<"ld.volatile{.ss}{.pf}", [GlobalSS, MemL2, MemPf], 1, "{.L2}">,
  MemPrefix<"ld.global{.cop}.nc{.L2::cache_hint}{.pf}", [LdNcCop, MemPf], 1>,
  MemPrefix<"ld.global.nc{.L1}{.L2::cache_hint}{.pf}", [MemL1, MemL2, MemPf], 1,
            "{.L2}">]>;
foreach sem = ["relaxed", "acquire"] in {
  defvar M = [RelaxedMissing<sem>];
  defm : MemRows<"ld", [
    MemPrefix<"ld." # sem # ".scope{.ss}", [SyncSS], 0, "", M>,
    MemPrefix<"ld." # sem # ".scope{.ss}{.L1}{.L2::cache_hint}{.pf}",
              [GlobalSS, MemL1, MemL2, MemPf], 1, "{.L2}", M>]>;
}
// ld.mmio: scalar only (ptxas: "Modifier '.mmio' cannot be combined with
// modifier '.v2'"), .b128 included.
def : MemSyntax<"ld.mmio.relaxed.sys{.global}.type",
             [Words<"type", "b8,u8,s8,b16,u16,s16,b32,u32,s32,f32,b64,u64,"
                            # "s64,f64">]>,
      WordGated<[MmioGate]>;
def : MemSyntax<"ld.mmio.relaxed.sys{.global}.b128", [], B128Gate<"ld">>,
      WordGated<[MmioGate]>;

// st (9.7.9.11): as ld, with the store cache operators, .release for
// .acquire, no prefetch sizes and no .nc. ptxas refuses st.const ("State
// space incorrect") and st.param::entry ("Illegal modifier '::entry'").
defvar StSS = Words<"ss", "global,local,param,param::func,shared,shared::cta,"
                          # "shared::cluster",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
defvar StCop = Words<"cop", "wb,cg,cs,wt",
                     "Multiple cache operation modifiers specified">;
// st's operands (PTX ISA 9.7.9.11; Forms/OperandsMemory.td says more): the
// rows' own, as st.async and st.bulk take others, which ptxas checks less
// (it takes `st.async... [a], {%r1, %r2}` without .v2).
defvar StArgs = "[a], {b}:relaxed, c:b64?";
defm : MemRows<"st", [
  MemPrefix<"st{.weak}{.ss}{.cop}", [StSS, StCop]>,
  MemPrefix<"st{.weak}{.ss}{.cop}{.L2::cache_hint}", [GlobalSS, StCop], 1>,
  MemPrefix<"st{.weak}{.ss}{.L1}{.L2::cache_hint}", [GlobalSS, MemL1, MemL2],
            1, "{.L2}">,
  MemPrefix<"st.volatile{.ss}", [SyncSS]>,
  MemPrefix<"st.volatile{.ss}", [GlobalSS, MemL2], 1, "{.L2}">], StArgs>;
foreach sem = ["relaxed", "release"] in {
  defvar M = [RelaxedMissing<sem>];
  defm : MemRows<"st", [
    MemPrefix<"st." # sem # ".scope{.ss}", [SyncSS], 0, "", M>,
    MemPrefix<"st." # sem # ".scope{.ss}{.L1}{.L2::cache_hint}",
              [GlobalSS, MemL1, MemL2], 1, "{.L2}", M>], StArgs>;
}
def : MemSyntax<"st.mmio.relaxed.sys{.global}.type",
             [Words<"type", "b8,u8,s8,b16,u16,s16,b32,u32,s32,f32,b64,u64,"
                            # "s64,f64">]>,
      WordGated<[MmioGate]> { let Args = StArgs; }
def : MemSyntax<"st.mmio.relaxed.sys{.global}.b128", [], B128Gate<"st">>,
      WordGated<[MmioGate]> { let Args = StArgs; }

// st.async (9.7.9.12): the remote store completing on an mbarrier
// (PTX 8.1, sm_90), and the .release form of PTX 8.7. ptxas 13.0 takes
// more than the ISA text: the space and .cluster scope are optional, .shared
// and .shared::cta too, and without the mbarrier a weak store to .global or
// .shared of any scalar type.
defvar AsyncT = Words<"type", "b32,b64,u32,s32,u64,s64,f32,f64">;
defvar AsyncT32 = Words<"type", "b32,u32,s32,f32">;
defvar AsyncSS = Words<"ss", "shared::cluster,shared,shared::cta",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
defvar AsyncAll = Words<"type", "b8,u8,s8,b16,u16,s16,b32,u32,s32,f32,b64,"
                                # "u64,s64,f64">;
defvar AsyncScope = Words<"scope", "gpu,sys", "Multiple scope modifiers specified">;
class AsyncGate : Gate<Version<8, 1>, "st.async", 90, "st.async", 1>;
// The sm_100 additions of PTX 8.7 (ptxas's feature names).
class AsyncWordGate<string word, string what>
    : QualGate<word, Version<8, 7>,
               "Feature 'st.async/red.async with " # what # "' requires PTX "
               # "ISA .version 8.7 or later", 100,
               "Feature 'st.async/red.async with " # what # "' requires "
               # ".target sm_100 or higher">;
defvar AsyncWordGates = [
  MmioGate, AsyncWordGate<"mmio", ".mmio modifier">,
  AsyncWordGate<"global", ".global state space">,
  AsyncWordGate<"release", ".release modifier">];
// The operand counts: ptxas takes a third ([mbar]) operand on most forms
// and refuses it on some (st.async.weak.b32), which these rows leave alone.
foreach pre = ["st.async{.weak}{.ss}", "st.async.cluster{.shared::cluster}"] in {
  def : MemSyntax<pre # ".mbarrier::complete_tx::bytes{.vec}.type",
               [AsyncSS, Words<"vec", "v2", VecMsg>, AsyncT], AsyncGate<>>,
        Operands<2, 3>;
  def : MemSyntax<pre # ".mbarrier::complete_tx::bytes.v4.type",
               [AsyncSS, AsyncT32], AsyncGate<>>, Operands<2, 3>;
}
def : MemSyntax<"st.async{.weak}{.ss}.type",
             [Words<"ss", "global,shared,shared::cta",
                    "Unexpected number of state spaces specified in "
                    # "instruction '{instr}'">, AsyncAll], AsyncGate<>>,
      Operands<2, 3>, WordGated<AsyncWordGates>;
def : MemSyntax<"st.async{.release}.scope{.global}.type", [AsyncScope, AsyncAll],
             AsyncGate<>>, Operands<2, 3>, WordGated<AsyncWordGates>;
def : MemSyntax<"st.async.mmio.release.scope{.global}.type", [AsyncScope, AsyncAll],
             AsyncGate<>>, Operands<2, 3>, WordGated<AsyncWordGates>;

// st.bulk (9.7.9.13): untyped, [a], size, initval; PTX 8.6, sm_100.
def : MemSyntax<"st.bulk{.weak}{.shared::cta}", [],
             Gate<Version<8, 6>, "st.bulk", 100, "st.bulk", 1>>, Operands<3>;

// ldu (9.7.9.10): .global or generic, at most 128 bits and no .v8
// ("Illegal vector size: 8"), no other words.
def : MemSyntax<"ldu{.ss}{.vec}.type",
             [GlobalSS, Words<"vec", "v2,v4", VecMsg>,
              Words<"type", "b8,u8,s8,b16,u16,s16,b32,u32,s32,f32">]>;
def : MemSyntax<"ldu{.ss}{.vec}.type", [GlobalSS, Words<"vec", "v2", VecMsg>, T64]>;
def : MemSyntax<"ldu{.ss}.b128", [GlobalSS], B128Gate<"ldu">>;

// cvta (9.7.9.18), isspacep (9.7.9.17): a state space is required; .param
// (PTX 7.7, ptxas's feature 'cvta/isspacep with .param state space') and
// .param::entry, not .param::func ("Illegal modifier '::func'").
defvar CvtaSS = Words<"ss", "const,global,local,param,param::entry,shared,"
                            # "shared::cta,shared::cluster",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
class ParamSpaceGate<string space>
    : QualGate<space, Version<7, 7>, "Feature 'cvta/isspacep with .param "
               # "state space' requires PTX ISA .version 7.7 or later", 0, "">;
defvar ParamGates = [ParamSpaceGate<"param">, ParamSpaceGate<"param::entry">];
defvar CvtaSize = Words<"type", "u32,u64">;
// cvta.space.size p, a (a register or constant, or a variable `var`,
// `var+imm`); cvta.to.space.size p, a (no variable: "Argument 1 of
// instruction 'cvta.to': must be register").
def : MemSyntax<"cvta.ss.type", [CvtaSS, CvtaSize]>, WordGated<ParamGates> {
  let Args = "d, a&";
}
def : MemSyntax<"cvta.to.ss.type", [CvtaSS, CvtaSize]>, WordGated<ParamGates> {
  let Args = "d, a";
}
// isspacep is no memory instruction for the state-space check, so the
// sub-space gates are its rows' (ptxas's messages).
def : MemSyntax<"isspacep.ss", [CvtaSS]>, WordGated<!listconcat(ParamGates, [
  QualGate<"shared::cluster", Version<7, 8>,
           "Feature '::cluster' requires PTX ISA .version 7.8 or later", 90,
           "Feature '::cluster' requires .target sm_90 or higher">,
  QualGate<"shared::cta", Version<7, 8>,
           "Feature '::cta' requires PTX ISA .version 7.8 or later", 0, "">,
  QualGate<"param::entry", Version<8, 3>,
           "Feature '::entry' requires PTX ISA .version 8.3 or later", 0, "">])>;

// prefetch, prefetchu (9.7.9.15): a cache level is required ("Cache level
// modifier required"); the L2 eviction priorities on .global (PTX 7.4,
// sm_80), .tensormap on .const/.param or generic (PTX 8.0, sm_90).
defvar PfLevel = Words<"level", "L1,L2",
                       "Multiple cache operation modifiers specified">;
def : MemSyntax<"prefetch{.ss}.level",
             [Words<"ss", "global,local", "Unexpected number of state spaces "
                                          # "specified in instruction '{instr}'">,
              PfLevel]> {
  let MissingMessages = [Missing<"level", "Cache level modifier required for "
                                          # "instruction '{instr}'">];
}
def : MemSyntax<"prefetch{.ss}.evict",
             [GlobalSS, Words<"evict", "L2::evict_last,L2::evict_normal">]>,
      WordGated<!foreach(w, ["L2::evict_last", "L2::evict_normal"],
          QualGate<w, Version<7, 4>, "Modifier 'cache eviction priority' on "
                   # "'prefetch' requires PTX ISA .version 7.4 or later", 80,
                   "Modifier 'cache eviction priority' on 'prefetch' requires "
                   # ".target sm_80 or higher">)>;
def : MemSyntax<"prefetch{.ss}.tensormap",
             [Words<"ss", "const,param", "Unexpected number of state spaces "
                                         # "specified in instruction '{instr}'">]>,
      WordGated<[QualGate<"tensormap", Version<8, 0>,
                          "Modifier '.tensormap' requires PTX ISA .version 8.0 "
                          # "or later", 90,
                          "Modifier '.tensormap' requires .target sm_90 or "
                          # "higher">]>;
def : MemSyntax<"prefetchu.L1">;

// mapa and getctarank (PTX ISA 9.0, 9.7.9 Data Movement and Conversion
// Instructions: "mapa", "getctarank"): PTX 7.8, sm_90; the optional space is .shared::cluster, which has its
// own gate in ptxas's messages. The ISA lists .u32 and .u64; ptxas 13.0
// takes .s32 and .s64 as well.
defvar ClusterOnly = Words<"ss", "shared::cluster",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
defvar ClusterSpaceGate = QualGate<"shared::cluster", Version<7, 8>,
    "Feature '::cluster' requires PTX ISA .version 7.8 or later", 90,
    "Feature '::cluster' requires .target sm_90 or higher">;
defvar AddrSize = Words<"type", "u32,u64,s32,s64">;
def : MemSyntax<"mapa{.ss}.type", [ClusterOnly, AddrSize],
                Gate<Version<7, 8>, "mapa", 90, "mapa", 1>>,
      WordGated<[ClusterSpaceGate]>;
def : MemSyntax<"getctarank{.ss}.type", [ClusterOnly, AddrSize],
                Gate<Version<7, 8>, "getctarank", 90, "getctarank", 1>>,
      WordGated<[ClusterSpaceGate]>;

// The stack manipulation instructions (PTX ISA 9.0, "Stack Manipulation
// Instructions": stacksave, stackrestore, alloca): PTX 7.3, .u32 or .u64
// whatever the address size. ptxas 13.0 reads .s32/.s64 as a type of the
// instruction's size far enough to check the operands against it first
// ("Arguments mismatch" for `stacksave.s32 %rd1`), and refuses them as
// types only then; these rows refuse them as types, on the same line.
foreach op = ["stacksave", "stackrestore", "alloca"] in
  def : MemSyntax<op # ".type", [CvtaSize], Gate<Version<7, 3>, op>>;
