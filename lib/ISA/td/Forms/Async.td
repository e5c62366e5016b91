//===- Async.td - discard, applypriority, createpolicy, setmaxnreg --------===//
//
// PTX ISA 9.0: 9.7.9.17 (discard), 9.7.9.18 (applypriority), 9.7.9.19
// (createpolicy), 9.7.19.6 (setmaxnreg). An opcode's rows are all in this
// file; the messages are ptxas 13.0's (test/Sema/syntax-async.ptx).
//
//===----------------------------------------------------------------------===//

// A word ptxas refuses twice, with its message ({a}: the word).
class Twice<string word, string message> : Words<word, word, "", message>;
defvar SpaceCount = "Unexpected number of state spaces specified in "
                    # "instruction '{instr}'";
defvar Global = Twice<"global", SpaceCount>;

// discard{.global}.L2 [a], 128 (PTX 7.4, sm_80).
def : Syntax<"discard{.global}.L2",
             [Global, Twice<"L2", "Multiple cache operation modifiers specified">],
             Gate<Version<7, 4>, "discard", 80>>, Operands<2> {
  let MissingMessages = [
    Missing<"L2", ".L2 modifier required for instruction '{instr}'">];
}

// applypriority{.global}.L2::evict_normal [a], 128 (PTX 7.4, sm_80).
def : Syntax<"applypriority{.global}.L2::evict_normal",
             [Global, Twice<"L2::evict_normal", "Multiple cache eviction "
                                                # "priority modifiers specified">],
             Gate<Version<7, 4>, "applypriority", 80>>, Operands<2> {
  let MissingMessages = [
    Missing<"L2::evict_normal", "cache eviction priority modifier required "
                                # "for instruction '{instr}'">];
}

// createpolicy (PTX 7.4, sm_80); ptxas names 'createpolicy.fractional',
// '.range', '.cvt' (the opcode's variant words):
//   createpolicy.fractional.L2::primary{.L2::secondary}.b64 p{, fraction};
//   createpolicy.range{.global}.L2::primary{.L2::secondary}.b64
//       p, [a], primary-size, total-size;
//   createpolicy.cvt.L2.b64 p, access-property;
// .L2::primary = { .L2::evict_last, .L2::evict_normal, .L2::evict_first,
// .L2::evict_unchanged }, .L2::secondary = { .L2::evict_first,
// .L2::evict_unchanged }: a second word that is no secondary priority is
// "Unsupported modifier '.evict_normal' as secondary_priority".
defvar Secondary = "Unsupported modifier '.{b}' as secondary_priority for "
                   # "instruction '{instr}'";
defvar Priorities = "Unexpected number of '.level::eviction_priority' "
                    # "modifiers specified";
defvar PolicyWords = [
  Words<"primary", "L2::evict_last,L2::evict_normal,L2::evict_first,"
                   # "L2::evict_unchanged", Secondary, Priorities>,
  Words<"secondary", "L2::evict_first,L2::evict_unchanged", "", Priorities>,
  Global];
defvar PriorityRequired = Missing<"primary",
    "cache eviction priority modifier required for instruction '{instr}'">;
def : Syntax<"createpolicy.fractional.primary{.secondary}.b64", PolicyWords,
             Gate<Version<7, 4>, "createpolicy.fractional", 80>>,
      Operands<1, 2> {
  let MissingMessages = [PriorityRequired];
  // The fraction: an .f32 (or .b32) register or a float constant.
  let Args = "d, a:f32?";
}
def : Syntax<"createpolicy.range{.global}.primary{.secondary}.b64",
             PolicyWords, Gate<Version<7, 4>, "createpolicy.range", 80>>,
      Operands<4> {
  let MissingMessages = [PriorityRequired];
  let Args = "d, [a], b:u32, c:u32";
}
def : Syntax<"createpolicy.cvt.L2.b64",
             [Twice<"L2", "Multiple cache operation modifiers specified">],
             Gate<Version<7, 4>, "createpolicy.cvt", 80>>, Operands<2> {
  let MissingMessages = [
    Missing<"L2", ".L2 modifier required for instruction '{instr}'">];
  let Args = "d, a";
}

// setmaxnreg.action.sync.aligned.u32 imm (PTX 8.0, sm_90a; ptxas 13.0
// takes every sm_90+ target with the a or f suffix: "Instruction
// 'setmaxnreg.dec' not supported on .target 'sm_90'"). ptxas names it
// 'setmaxnreg.inc' / 'setmaxnreg.dec' (the opcode's variant words).
class SetmaxnregGate<string feature> : Gate<Version<8, 0>, feature> {
  let OnlyTargets = "sm_90a,sm_100a,sm_100f,sm_101a,sm_101f,sm_103a,sm_103f,"
                    # "sm_110a,sm_110f,sm_120a,sm_120f,sm_121a,sm_121f";
}
foreach action = ["inc", "dec"] in
  def : Syntax<"setmaxnreg." # action # ".sync.aligned.u32", [],
               SetmaxnregGate<"setmaxnreg." # action>>, Operands<1> {
    let MissingMessages = [
      Missing<"sync", ".sync modifier required for instruction '{instr}'">,
      Missing<"aligned", ".aligned modifier required for instruction "
                         # "'{instr}'">];
  }

//===----------------------------------------------------------------------===//
// mbarrier (9.7.13.15): ptxas names the instruction with its operation
// ('mbarrier.arrive', 'mbarrier.try_wait.parity': the opcode's variant
// words).
//   mbarrier.init{.shared{::cta}}.b64 [addr], count;           PTX 7.0 sm_80
//   mbarrier.inval{.shared{::cta}}.b64 [addr];
//   mbarrier.arrive{.sem.scope}{.space}.b64 state, [addr]{, count};
//   mbarrier.arrive.expect_tx{.sem.scope}{.space}.b64 state, [addr], tx;
//   mbarrier.arrive.noComplete{.release.cta}{.shared{::cta}}.b64
//       state, [addr], count;
//   (and the same for arrive_drop)
//   mbarrier.test_wait{.parity}{.sem.scope}{.shared{::cta}}.b64
//       waitComplete, [addr], state|phaseParity;
//   mbarrier.try_wait{.parity}{.sem.scope}{.shared{::cta}}.b64
//       waitComplete, [addr], state|phaseParity{, suspendTimeHint};
//   mbarrier.expect_tx / complete_tx{.relaxed}{.scope}{.space}.b64
//       [addr], txCount;
//   mbarrier.pending_count.b64 count, state;
// with .sem = .release (arrive) / .acquire (waits), or .relaxed (PTX 8.6),
// .scope = { .cta, .cluster }, .space = { .shared, .shared::cta,
// .shared::cluster }; state is `_` with .shared::cluster. A count on arrive
// without .noComplete, .shared::cluster, .sem/.scope, try_wait, expect_tx
// and complete_tx need sm_90 (PTX 7.8 / 8.0).
//===----------------------------------------------------------------------===//

defvar CtaSpace = Twice<"shared", SpaceCount>;
defvar AnySpace = Words<"ss", "shared,shared::cta,shared::cluster", SpaceCount,
                        SpaceCount>;
defvar ClusterSpace = Twice<"shared::cluster", SpaceCount>;
defvar CtaSpaceOnly = Twice<"shared::cta", SpaceCount>;
defvar MbarScopes = "Multiple scope modifiers specified";
defvar MbarScope = Words<"scope", "cta,cluster", MbarScopes, MbarScopes>;
defvar MbarWords = [CtaSpace, AnySpace, ClusterSpace, CtaSpaceOnly, MbarScope,
  Twice<"cta", MbarScopes>, Twice<"cluster", MbarScopes>,
  Twice<"release", "Duplicate .{a} modifier">,
  Twice<"relaxed", "Duplicate .{a} modifier">,
  Twice<"acquire", "Duplicate .{a} modifier">,
  Twice<"noComplete", "Multiple .{a} modifiers specified">];
class MbarGate<int major, int minor, int sm, string feature>
    : Gate<Version<major, minor>, feature, sm, feature, 1>;
// A row of an sm_80 form, twice: with {.shared} (PTX `minor`), and with
// .shared::cta (PTX 7.8: "Feature '::cta' requires PTX ISA .version 7.8").
// `args`: the row's operand list (Classes.td), "" for none yet.
multiclass MbarSm80<string m, string rest, int minor, string feature,
                    int min, int max, string args = ""> {
  def : Syntax<m # "{.shared}" # rest, MbarWords,
               MbarGate<7, minor, 80, feature>>, Operands<min, max> {
    let Args = args;
  }
  def : Syntax<m # ".shared::cta" # rest, MbarWords,
               MbarGate<7, 8, 80, "::cta">>, Operands<min, max> {
    let Args = args;
  }
}

// The operands of init, inval, pending_count, expect_tx and complete_tx
// (9.7.13.15.9-11, .14, .15; enumerated against ptxas 13.0): the mbarrier
// is an address, count and txCount .u32 registers or constants, state a
// .b64 register, pending_count's count a .u32 destination.
defm : MbarSm80<"mbarrier.init", ".b64", 0, "mbarrier.init", 2, 2,
                "[a], count:u32">;
defm : MbarSm80<"mbarrier.inval", ".b64", 0, "mbarrier.inval", 1, 1, "[a]">;
def : Syntax<"mbarrier.pending_count.b64", MbarWords,
             MbarGate<7, 0, 80, "mbarrier.pending_count">>, Operands<2> {
  let Args = "d:u32, state:b64";
}

// .release.cta / .acquire.cta without a count need sm_80 (PTX 8.0), every
// other .sem.scope sm_90: ptxas 13.0 takes
// `mbarrier.arrive.release.cta.shared.b64 state, [addr]` on sm_80, and
// says "Modifier '.relaxed' on 'mbarrier.arrive' requires .target sm_90".
// The operands of arrive and arrive_drop (every row; enumerated against
// ptxas 13.0): state a .b64 register or `_` (a variable is "must be
// register", a constant "Result register required", a special or other
// register "Arguments mismatch"), the mbarrier an address, and count a .u32
// register or constant, or a brace list of two 32-bit registers
// (`mbarrier.arrive.shared::cta.b64 %rd1, [%r1], {%r2, %r3}`: ptxas reads it
// as a .b64 packing, which `+` checks).
defvar MbarArriveArgs = "d:b64/_, [a], count:u32+?";
foreach op = ["arrive", "arrive_drop"] in {
  defvar m = "mbarrier." # op;
  defm : MbarSm80<m, ".b64", 0, m, 2, 2, MbarArriveArgs>;
  def : Syntax<m # "{.sh}.b64", [Words<"sh", "shared,shared::cta", SpaceCount,
                                       SpaceCount>],
               MbarGate<7, 8, 90, m # " with count argument and without "
                                  # "'.noComplete' modifier">>,
        Operands<3> {
    let Args = MbarArriveArgs;
  }
  def : Syntax<m # ".shared::cluster.b64", MbarWords,
               MbarGate<8, 0, 90, m # ".shared::cluster">>, Operands<2, 3> {
    let Args = MbarArriveArgs;
  }
  def : Syntax<m # ".release.cta{.sh}.b64",
               !listconcat([Words<"sh", "shared,shared::cta", SpaceCount,
                                  SpaceCount>], MbarWords),
               MbarGate<8, 0, 80, m # ".release">>, Operands<2> {
    let Args = MbarArriveArgs;
  }
  foreach sem = ["release", "relaxed"] in {
    defvar minor = !if(!eq(sem, "release"), 0, 6);
    def : Syntax<m # "." # sem # ".scope{.ss}.b64", MbarWords,
                 MbarGate<8, minor, 90, m # "." # sem>>, Operands<2, 3> {
      let Args = MbarArriveArgs;
      let MissingMessages = [
        Missing<"scope", "Modifier '." # sem # "' requires scope with "
                         # "'{instr}' instruction">];
    }
    def : Syntax<m # ".expect_tx." # sem # ".scope{.ss}.b64", MbarWords,
                 MbarGate<8, minor, 90, m # ".expect_tx">>, Operands<3> {
      let Args = MbarArriveArgs;
    }
  }
  defm : MbarSm80<m # ".noComplete", ".b64", 0, m # ".noComplete", 3, 3,
                  MbarArriveArgs>;
  def : Syntax<m # ".noComplete.release.cta{.sh}.b64",
               [Words<"sh", "shared,shared::cta", SpaceCount, SpaceCount>,
                Twice<"noComplete", "Multiple .{a} modifiers specified">,
                Twice<"release", "Duplicate .{a} modifier">,
                Twice<"cta", MbarScopes>],
               MbarGate<8, 0, 80, m # ".noComplete.release">>, Operands<3> {
    let Args = MbarArriveArgs;
  }
  def : Syntax<m # ".expect_tx{.ss}.b64", MbarWords,
               MbarGate<8, 0, 90, m # ".expect_tx">>, Operands<3> {
    let Args = MbarArriveArgs;
  }
}

foreach op = ["test_wait", "test_wait.parity", "try_wait", "try_wait.parity"] in {
  defvar m = "mbarrier." # op;
  defvar try = !eq(!find(op, "try"), 0);
  defvar n = !if(try, 4, 3);
  // waitComplete (`p`), the address, state (.b64) or phaseParity (.u32),
  // and try_wait's .u32 suspendTimeHint.
  defvar args = "p:pred, [a], "
                # !if(!ne(!find(op, "parity"), -1), "parity:u32", "state:b64")
                # ", hint:u32?";
  if try then
    def : Syntax<m # "{.sh}.b64", [Words<"sh", "shared,shared::cta",
                                         SpaceCount, SpaceCount>],
                 MbarGate<7, 8, 90, m>>, Operands<3, n> {
      let Args = args;
    }
  else
    defm : MbarSm80<m, ".b64", !if(!eq(op, "test_wait"), 0, 1), m, 3, 3,
                    args>;
  foreach sem = ["acquire", "relaxed"] in {
    defvar minor = !if(!eq(sem, "acquire"), 0, 6);
    defvar sh = Words<"sh", "shared,shared::cta", SpaceCount, SpaceCount>;
    def : Syntax<m # "." # sem # ".cta{.sh}.b64", !listconcat([sh], MbarWords),
                 MbarGate<8, minor, !if(!or(try, !eq(sem, "relaxed")), 90, 80),
                          m # "." # sem>>,
          Operands<3, n> {
      let Args = args;
    }
    def : Syntax<m # "." # sem # ".scope{.sh}.b64", !listconcat([sh], MbarWords),
                 MbarGate<8, minor, 90, m # "." # sem>>, Operands<3, n> {
      let Args = args;
      let MissingMessages = [
        Missing<"scope", "Modifier '." # sem # "' requires scope with "
                         # "'{instr}' instruction">];
    }
  }
}

// expect_tx / complete_tx: a scope needs .relaxed ("Modifier '.cta'
// requires order") and .relaxed a scope, both from PTX 8.0.
foreach op = ["expect_tx", "complete_tx"] in {
  defvar m = "mbarrier." # op;
  def : Syntax<m # "{.ss}.b64", MbarWords, MbarGate<8, 0, 90, m>>,
        Operands<2> {
    let Args = "[a], tx:u32";
  }
  def : Syntax<m # ".relaxed.scope{.ss}.b64", MbarWords,
               MbarGate<8, 0, 90, m>>, Operands<2> {
    let Args = "[a], tx:u32";
    let MissingMessages = [
      Missing<"scope", "Modifier '.relaxed' requires scope with '{instr}' "
                       # "instruction">];
  }
}
