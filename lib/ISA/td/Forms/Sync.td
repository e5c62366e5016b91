//===- Sync.td - bar, barrier, membar, fence ------------------------------===//
//
// PTX ISA 9.0: 9.7.13.1 (bar, barrier), 9.7.13.2 (bar.warp.sync is a warp
// family, WarpInstrs.td), 9.7.13.3 (barrier.cluster), 9.7.13.4 (membar,
// fence). An opcode's rows are all in this file; the messages are ptxas
// 13.0's (test/Sema/syntax-sync*.ptx).
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// bar / barrier (9.7.13.1):
//   barrier{.cta}.sync{.aligned}      a{, b};
//   barrier{.cta}.arrive{.aligned}    a, b;
//   barrier{.cta}.red.popc{.aligned}.u32  d, a{, b}, {!}c;
//   barrier{.cta}.red.op{.aligned}.pred   p, a{, b}, {!}c;
//   bar{.cta}.sync / .arrive / .red.popc.u32 / .red.op.pred (no .aligned:
//   bar is the aligned form; "Illegal modifier '.aligned' for instruction
//   'bar'"), .op = { .and, .or }.
// ptxas names the instruction with .cta, .arrive and .red when they come
// first ('bar.cta.red', variant words of the opcode); .sync names nothing
// and is required ("Barrier modifier required for instruction 'bar'").
// .cta needs PTX 7.8; barrier without .aligned needs PTX 6.0 (sm_70), which
// every target ptxas 13.0 knows already requires.
// The operands (Args; the notation in Classes.td): a, the barrier, and b,
// the thread count, are .u32 registers or constants; .red's c is a
// predicate, which may be negated. With three operands .red takes d, a, c
// (the optional b left out).
//===----------------------------------------------------------------------===//

defvar BarSyncMissing = Missing<"sync",
    "Barrier modifier required for instruction '{instr}'">;
defvar BarRedMissing = "Reduction operation is required for instruction "
                       # "'{instr}'";
defvar PostOp = "Multiple instruction post-operation flags set";
defvar BarOp = Words<"op", "and,or", PostOp, PostOp>;
defvar BarPopc = Words<"popc", "popc", "", PostOp>;
defvar Aligned = Words<"aligned", "aligned", "",
                       "Multiple .aligned modifiers specified">;

foreach op = ["bar", "barrier"] in {
  defvar al = !if(!eq(op, "bar"), "", "{.aligned}");
  foreach cta = ["", ".cta"] in {
    defvar g = !if(!eq(cta, ""), NoGate,
                   Gate<Version<7, 8>, op # ".cta">);
    def : Syntax<op # cta # ".sync" # al, [Aligned], g>, Operands<1, 2> {
      let MissingMessages = [BarSyncMissing];
      let Args = "a:u32, b:u32?";
    }
    def : Syntax<op # cta # ".arrive" # al, [Aligned],
                 !if(!eq(cta, ""), NoGate,
                     Gate<Version<7, 8>, op # ".cta.arrive">)>,
          Operands<2> {
      let Args = "a:u32, b:u32";
    }
    def : Syntax<op # cta # ".red.popc" # al # ".u32", [BarPopc, Aligned],
                 !if(!eq(cta, ""), NoGate,
                     Gate<Version<7, 8>, op # ".cta.red">)>,
          Operands<3, 4> {
      let MissingMessages = [Missing<"popc", BarRedMissing>];
      let Args = "d, a:u32, b:u32?, !c:pred";
    }
    def : Syntax<op # cta # ".red.op" # al # ".pred", [BarOp, Aligned],
                 !if(!eq(cta, ""), NoGate,
                     Gate<Version<7, 8>, op # ".cta.red">)>,
          Operands<3, 4> {
      let MissingMessages = [Missing<"op", BarRedMissing>];
      let Args = "p, a:u32, b:u32?, !c:pred";
    }
  }
}

// barrier.cluster.arrive{.sem}{.aligned}; barrier.cluster.wait{.acquire}
// {.aligned} (9.7.13.3, PTX 7.8, sm_90; .sem = { .release, .relaxed } and
// .acquire from PTX 8.0: "Modifier '.relaxed' on 'barrier.cluster.arrive'
// requires PTX ISA .version 8.0 or later"). ptxas names them
// 'barrier.cluster.arrive', 'barrier.cluster.wait'; a word of .sem twice,
// or two of them, is "Duplicate .relaxed modifier".
class ClusterGate<int minor, string feature>
    : Gate<Version<8, minor>, feature, 90, feature, 1>;
def : Syntax<"barrier.cluster.arrive{.aligned}", [Aligned],
             Gate<Version<7, 8>, "barrier.cluster.arrive", 90,
                  "barrier.cluster.arrive", 1>>, Operands<0>;
def : Syntax<"barrier.cluster.arrive.sem{.aligned}",
             [Words<"sem", "release,relaxed", "Duplicate .{b} modifier",
                    "Duplicate .{a} modifier">, Aligned],
             ClusterGate<0, "barrier.cluster.arrive">>, Operands<0>;
def : Syntax<"barrier.cluster.wait{.aligned}", [Aligned],
             Gate<Version<7, 8>, "barrier.cluster.wait", 90,
                  "barrier.cluster.wait", 1>>, Operands<0>;
def : Syntax<"barrier.cluster.wait.acquire{.aligned}",
             [Words<"acquire", "acquire", "", "Duplicate .{a} modifier">,
              Aligned],
             ClusterGate<0, "barrier.cluster.wait">>, Operands<0>;

//===----------------------------------------------------------------------===//
// membar / fence (9.7.13.4):
//   fence{.sem}.scope;                   .sem = { .sc, .acq_rel, .acquire,
//                                                 .release }
//   fence.acquire.sync_restrict::shared::cluster.cluster;
//   fence.release.sync_restrict::shared::cta.cluster;
//   fence.op_restrict.release.cluster;   .op_restrict = { .mbarrier_init }
//   fence.proxy.proxykind;               .proxykind = { .alias, .async,
//       .async.global, .async.shared::{cta, cluster} }
//   fence.proxy.tensormap::generic.release.scope;
//   fence.proxy.tensormap::generic.acquire.scope [addr], size;
//   fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster;
//   fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster;
//   membar.level;                        .level = { .cta, .gl, .sys }
//   membar.proxy.proxykind;              (only .alias for membar)
// ptxas names 'fence.proxy', 'membar.proxy' (the variant word). Its gates:
// .cluster scope PTX 7.8 sm_90 ("Feature '.cluster scope'"), .alias PTX
// 7.5, .async PTX 8.0 sm_90, tensormap::generic PTX 8.3 sm_90,
// .op_restrict PTX 8.0 sm_90, .sync_restrict PTX 8.6 sm_90. ptxas takes
// .acquire/.release with any scope from the first fence version on.
//===----------------------------------------------------------------------===//

defvar MultipleScopes = "Multiple scope modifiers specified";
// A word ptxas refuses twice, with its message ({a}: the word).
class Once<string word, string repeated = "Multiple .{a} modifiers specified">
    : Words<word, word, "", repeated>;
defvar FenceSem = Words<"sem", "sc,acq_rel,acquire,release",
                        "Duplicate .{b} modifier", "Duplicate .{a} modifier">;
defvar ScopeRequired = Missing<"scope",
    "Scope modifier required for instruction '{instr}'">;
def : Syntax<"fence{.sem}.scope",
             [FenceSem, Words<"scope", "cta,gpu,sys", MultipleScopes,
                              MultipleScopes>]>, Operands<0> {
  let MissingMessages = [ScopeRequired];
}
// The same with .cluster, gated: a scope written twice is closest to this
// row ("Multiple scope modifiers specified").
defvar ClusterScope = Gate<Version<7, 8>, ".cluster scope", 90,
                           ".cluster scope", 1>;
def : Syntax<"fence{.sem}.scope",
             [FenceSem, Words<"scope", "cta,cluster,gpu,sys", MultipleScopes,
                              MultipleScopes>], ClusterScope>, Operands<0> {
  let MissingMessages = [ScopeRequired];
}
defvar Cluster = Once<"cluster", MultipleScopes>;
defvar Acquire = Once<"acquire", "Duplicate .{a} modifier">;
defvar Release = Once<"release", "Duplicate .{a} modifier">;
defvar SyncRestrict = Gate<Version<8, 6>, ".sync_restrict", 90,
                           ".sync_restrict", 1>;
defvar SrCta = Once<"sync_restrict::shared::cta">;
defvar SrCluster = Once<"sync_restrict::shared::cluster">;
// ptxas 13.0 also takes one .sync_restrict word (either) on the
// .mbarrier_init fence and on the .alias, .async and tensormap release
// proxy fences, which the ISA text does not list.
defvar AnySr = Words<"sr", "sync_restrict::shared::cta,"
                           # "sync_restrict::shared::cluster",
                     "Multiple .{b} modifiers specified",
                     "Multiple .{a} modifiers specified">;
def : Syntax<"fence.acquire.sync_restrict::shared::cluster.cluster",
             [Acquire, SrCluster, Cluster], SyncRestrict>, Operands<0>;
def : Syntax<"fence.release.sync_restrict::shared::cta.cluster",
             [Release, SrCta, Cluster], SyncRestrict>, Operands<0>;
def : Syntax<"fence.mbarrier_init.release.cluster{.sr}",
             [Once<"mbarrier_init">, Release, Cluster, AnySr],
             Gate<Version<8, 0>, ".op_restrict", 90, ".op_restrict", 1>>,
      Operands<0>;

defvar ProxyKindRequired = ".proxykind modifier required for instruction "
                           # "'{instr}'";
defvar Alias = Once<"alias">;
def : Syntax<"fence.proxy.alias{.sr}", [Alias, AnySr],
             Gate<Version<7, 5>, "fence.proxy", 70>>, Operands<0> {
  let MissingMessages = [Missing<"alias", ProxyKindRequired>];
}
defvar StateSpaceCount = "Unexpected number of state spaces specified in "
                         # "instruction '{instr}'";
def : Syntax<"fence.proxy.async{.ss}{.sr}",
             [Once<"async">,
              Words<"ss", "global,shared::cta,shared::cluster", StateSpaceCount,
                    StateSpaceCount>, AnySr],
             Gate<Version<8, 0>, "fence.proxy.async", 90>>, Operands<0>;
// The release proxy fences (no operands) also take one state space in
// ptxas 13.0 (.global, .shared, .shared::cta, .shared::cluster), which the
// ISA text does not list.
defvar ProxySpace = Words<"ss", "global,shared,shared::cta,shared::cluster",
                          StateSpaceCount, StateSpaceCount>;
defvar Tensormap = Gate<Version<8, 3>,
                        "fence.proxy with unidirection proxy fence", 90>;
defvar ProxyScope = Words<"scope", "cta,cluster,gpu,sys", MultipleScopes,
                          MultipleScopes>;
def : Syntax<"fence.proxy.tensormap::generic.release.scope{.ss}{.sr}",
             [Once<"tensormap::generic">, Release, ProxyScope, ProxySpace,
              AnySr], Tensormap>, Operands<0> {
  let MissingMessages = [
    Missing<"release", ".acquire/.release modifier required for "
                       # "instruction '{instr}'">,
    Missing<"scope", "Modifier '.release' requires scope with '{instr}' "
                     # "instruction">];
}
def : Syntax<"fence.proxy.tensormap::generic.acquire.scope",
             [Once<"tensormap::generic">, Acquire, ProxyScope], Tensormap>,
      Operands<2> {
  let MissingMessages = [
    Missing<"scope", "Modifier '.acquire' requires scope with '{instr}' "
                     # "instruction">];
}
def : Syntax<"fence.proxy.async::generic.acquire.sync_restrict::shared::cluster"
             # ".cluster{.ss}",
             [Once<"async::generic">, Acquire, SrCluster, Cluster, ProxySpace],
             SyncRestrict>, Operands<0>;
def : Syntax<"fence.proxy.async::generic.release.sync_restrict::shared::cta"
             # ".cluster{.ss}",
             [Once<"async::generic">, Release, SrCta, Cluster, ProxySpace],
             SyncRestrict>, Operands<0>;

def : Syntax<"membar.level",
             [Words<"level", "cta,gl,sys", MultipleScopes, MultipleScopes>]>,
      Operands<0> {
  let MissingMessages = [
    Missing<"level", "Membar level required for instruction '{instr}'">];
}
def : Syntax<"membar.proxy.alias", [Alias],
             Gate<Version<7, 5>, "membar.proxy", 70>>, Operands<0> {
  let MissingMessages = [Missing<"alias", ProxyKindRequired>];
}
