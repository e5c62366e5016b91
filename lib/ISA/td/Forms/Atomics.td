//===- Atomics.td - atom and red: their forms -----------------------------===//
//
// PTX ISA 9.0: 9.7.13.5 (atom), 9.7.13.6 (red). Every word may be written
// in any order (ptxas 13.0 reads `atom.u32.add.global` as well); the
// scalar forms take every space, the .L2::cache_hint and the vector forms
// (sm_90) only .global or generic ("Modifier '.L2::cache_hint' cannot be
// applied to '.shared' space", "State space incorrect for feature 'atom
// instruction with vector types'"). test/Sema/syntax-atomics.ptx pins the
// messages.
//
//===----------------------------------------------------------------------===//

defvar AtomSem = Words<"sem", "relaxed,acquire,release,acq_rel",
                       "Duplicate .{b} modifier">;
defvar AtomSS = Words<"ss", "global,shared,shared::cta,shared::cluster",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
// The operation: a second one, or the same one twice, is "Multiple instruction
// post-operation flags set" (ptxas 13.0: `atom.add.add.u64`, `red.and.and.b32`).
class AtomOp<string ops>
    : Words<"op", ops, "Multiple instruction post-operation flags set">;
defvar AtomDups = [
  Words<"noftz", "noftz", "Duplicate .{b} modifier">,
  Words<"L2::cache_hint", "L2::cache_hint", "Multiple .{b} modifiers specified">];

// An operation and its types (the words after the prefix); cas takes a
// second source (Swap).
class AtomTail<string pattern, list<WordSet> sets, Gate gate = NoGate,
               bit swap = 0> {
  string P = pattern;
  list<WordSet> Sets = sets;
  Gate G = gate;
  bit Swap = swap;
}
// The sm_90 forms (ptxas 13.0 names them with the space: 'atom.cas.b128
// with generic state space', 'atom.add.bf16.global'; these gates name the
// instruction only).
class AtomGate<int major, int minor, string name>
    : Gate<Version<major, minor>, name, 90>;
class AtomVecGate<string op>
    : Gate<Version<8, 1>, op # " instruction with vector types", 90,
           op # " instruction with vector types", 1>;
defvar AtomBitOps = AtomTail<".op.type", [AtomOp<"and,or,xor">,
                                          Words<"type", "b32,b64">]>;
defvar AtomIncDec = AtomTail<".op.type", [AtomOp<"inc,dec">,
                                          Words<"type", "u32">]>;
defvar AtomMinMax = AtomTail<".op.type", [AtomOp<"min,max">,
                                          Words<"type", "u32,s32,u64,s64">]>;
defvar AtomAdd = AtomTail<".op.type", [AtomOp<"add">, Words<"type", "u32,s32,u64,f32,f64">]>;
defvar AtomAddHalf = AtomTail<".op.noftz.type", [AtomOp<"add">, Words<"type", "f16,f16x2">]>;
class AtomAddBf16<string op, string type>
    : AtomTail<".op.noftz." # type, [AtomOp<"add">], AtomGate<7, 8, op # ".add." # type>>;
// The vector forms (sm_90): .f32 adds, and the 16-bit floating adds,
// minimums and maximums (.v8 of the scalar halves only).
class AtomVector<string op> {
  list<AtomTail> L = [
    AtomTail<".op.vec.f32", [AtomOp<"add">, Words<"vec", "v2,v4", VecMsg>], AtomVecGate<op>>,
    AtomTail<".op.noftz.vec.type",
             [AtomOp<"add,min,max">, Words<"vec", "v2,v4,v8", VecMsg>,
              Words<"type", "f16,bf16">], AtomVecGate<op>>,
    AtomTail<".op.noftz.vec.type",
             [AtomOp<"add,min,max">, Words<"vec", "v2,v4", VecMsg>,
              Words<"type", "f16x2,bf16x2">], AtomVecGate<op>>];
}
class AtomScalar<string op> {
  list<AtomTail> L = [AtomBitOps, AtomIncDec, AtomMinMax, AtomAdd, AtomAddHalf,
                      AtomAddBf16<op, "bf16">, AtomAddBf16<op, "bf16x2">];
}

// The operands: atom's result d (which may be the sink `_`; red has none:
// `d` empty), the address, the source b (cas: and c), with
// .L2::cache_hint the cache policy, a 64-bit register or constant; the
// vector forms take brace lists of the .vN's size (ptxas 13.0: "Argument
// vector size mismatch for instruction 'atom'").
multiclass AtomRows<string op, list<AtomTail> extra, WordSet AtomSem,
                    string d, string vd> {
  // Every space, no cache hint.
  foreach t = !listconcat(AtomScalar<op>.L, extra) in
    def : Syntax<op # "{.sem}{.scope}{.ss}" # t.P,
                 !listconcat(AtomDups, [AtomSem, AtomSS], t.Sets), t.G>,
          WordGated<[ClusterGate]> {
      let Args = d # "[a], b" # !if(t.Swap, ", c", "");
    }
  // .global or generic, with the cache hint.
  foreach t = AtomScalar<op>.L in
    def : Syntax<op # "{.sem}{.scope}{.ss}.L2::cache_hint" # t.P,
                 !listconcat(AtomDups, [AtomSem, GlobalSS], t.Sets), t.G>,
          WordGated<[ClusterGate, HintGate]> {
      let Args = d # "[a], b, h:b64";
    }
  // The vector forms, with or without the cache hint.
  foreach t = AtomVector<op>.L in {
    def : Syntax<op # "{.sem}{.scope}{.ss}" # t.P,
                 !listconcat(AtomDups, [AtomSem, GlobalSS], t.Sets), t.G>,
          WordGated<[ClusterGate]> {
      let Args = vd # "[a], {b}";
    }
    def : Syntax<op # "{.sem}{.scope}{.ss}.L2::cache_hint" # t.P,
                 !listconcat(AtomDups, [AtomSem, GlobalSS], t.Sets), t.G>,
          WordGated<[ClusterGate, HintGate]> {
      let Args = vd # "[a], {b}, h:b64";
    }
  }
}

// atom: also exch (.b128 of sm_90) and cas (.b16 and .b128), the cas
// without cache hint; exch.b128 takes it.
defvar AtomExch128 = AtomTail<".op.b128", [AtomOp<"exch">], AtomGate<8, 3, "atom.exch.b128">>;
defvar AtomExch = AtomTail<".op.type", [AtomOp<"exch">, Words<"type", "b32,b64">]>;
defm : AtomRows<"atom", [
  AtomExch, AtomExch128,
  AtomTail<".op.type", [AtomOp<"cas">, Words<"type", "b16,b32,b64">], NoGate, 1>,
  AtomTail<".op.b128", [AtomOp<"cas">], AtomGate<8, 3, "atom.cas.b128">, 1>], AtomSem,
  "d/_, ", "{d}, ">;
foreach t = [AtomExch, AtomExch128] in
  def : Syntax<"atom{.sem}{.scope}{.ss}.L2::cache_hint" # t.P,
               !listconcat(AtomDups, [AtomSem, GlobalSS], t.Sets), t.G>,
        WordGated<[ClusterGate, HintGate]> {
    let Args = "d/_, [a], b, h:b64";
  }

// red: no result, so no exch or cas, and no acquiring ("Illegal modifier
// '.acquire' for instruction 'red'").
defm : AtomRows<"red", [], Words<"sem", "relaxed,release",
                                 "Duplicate .{b} modifier">, "", "">;

// red.async (9.7.13.7): the remote reduction completing on an mbarrier
// (PTX 8.1, sm_90), and the PTX 8.7 .global forms of sm_100, as ptxas 13.0
// takes them: .gpu/.sys with .relaxed or .release, .mmio with .release.
defvar RedAsyncTails = [
  AtomTail<".op.b32", [Words<"op", "and,or,xor">]>,
  AtomTail<".add.type", [Words<"type", "u32,s32,u64,s64">]>,
  AtomTail<".op.u32", [Words<"op", "inc,dec">]>,
  AtomTail<".op.type", [Words<"op", "min,max">, Words<"type", "u32,s32">]>];
class RedAsyncGate : Gate<Version<8, 1>, "red.async", 90, "red.async", 1>;
defvar RedAsyncScope = Words<"scope", "gpu,sys", "Multiple scope modifiers specified">;
foreach t = RedAsyncTails in {
  // red.async...mbarrier::complete_tx::bytes [a], b, [mbar]; ptxas 13.0
  // also takes it without [mbar], which the ISA text does not list.
  def : Syntax<"red.async.relaxed.cluster{.shared::cluster}"
               # ".mbarrier::complete_tx::bytes" # t.P,
               !listconcat(MemDups, t.Sets), RedAsyncGate<>>,
        WordGated<[ClusterGate]> {
    let Args = "[a], b, [c]?";
  }
  def : Syntax<"red.async.sem.scope{.global}" # t.P,
               !listconcat(MemDups, [Words<"sem", "relaxed,release",
                                           "Duplicate .{b} modifier">,
                                     RedAsyncScope], t.Sets), RedAsyncGate<>>,
        WordGated<AsyncWordGates> {
    let Args = "[a], b";
  }
  def : Syntax<"red.async.mmio.release.scope{.global}" # t.P,
               !listconcat(MemDups, [RedAsyncScope], t.Sets), RedAsyncGate<>>,
        WordGated<AsyncWordGates> {
    let Args = "[a], b";
  }
}
