//===- ClusterLaunch.td - clusterlaunchcontrol ----------------------------===//
//
// PTX ISA 9.0, 9.7.13.18 (clusterlaunchcontrol.try_cancel) and 9.7.13.19
// (clusterlaunchcontrol.query_cancel), PTX 8.6, sm_100 and later:
//   clusterlaunchcontrol.try_cancel.async{.space}.completion_mechanism
//       {.multicast::cluster::all}.b128 [addr], [mbar];
//   .completion_mechanism = { .mbarrier::complete_tx::bytes };
//   .space = { .shared::cta };
//   clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 pred, response;
//   clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128
//       {xdim, ydim, zdim, _}, response;
//   clusterlaunchcontrol.query_cancel{.get_first_ctaid::dimension}.b32.b128
//       reg, response;                         .dimension = { .x, .y, .z };
// ptxas 13.0 names the instructions 'clusterlaunchcontrol.try_cancel.async'
// (.try_cancel without .async is "Unknown modifier" and no name) and
// 'clusterlaunchcontrol.query_cancel'. What it does beyond the ISA text
// (test/Sema/syntax-clc.ptx):
// - .multicast::cluster::all only on the a/f targets of sm_100 and later
//   ("Feature '.multicast::cluster::all' not supported on .target
//   'sm_100'"); the rest on any sm_100 or later target;
// - query_cancel's kind (.is_canceled, .get_first_ctaid,
//   .get_first_ctaid::x/y/z) is one element ("Multiple .get_first_ctaid::y
//   modifiers specified") that must agree with the types: .v4.b32.b128 for
//   .get_first_ctaid, .b32.b128 for ::x/y/z, .pred.b128 for .is_canceled,
//   else "Unexpected instruction types specified" ("'.is_canceled' modifier
//   required ... with type '.pred'" for .pred);
// - the response may be an integer constant, and for the
//   .get_first_ctaid::x/y/z forms a brace list packing 128 bits ({%q1},
//   {%rd1, %rd2}, {%r1, %r2, %r3, %r4}); mbar must be an address, not a
//   register.
// The forms are checked, not executed (Opcodes.td refuses the opcode).
//
//===----------------------------------------------------------------------===//

defvar ClcFamily = "sm_100a,sm_100f,sm_103a,sm_103f,sm_110a,sm_110f,sm_120a,"
                   # "sm_120f,sm_121a,sm_121f";
class ClcOnce<string word> : Words<word, word, "",
                                   "Multiple .{a} modifiers specified">;
defvar ClcTry = "clusterlaunchcontrol.try_cancel.async";
defvar ClcTryGate = Gate<Version<8, 6>, ClcTry, 100, ClcTry, 1>;
defvar ClcTrySets = [
  Words<"ss", "shared::cta", "Unexpected number of state spaces specified "
                             # "in instruction '{instr}'",
        "Unexpected number of state spaces specified in instruction "
        # "'{instr}'">,
  ClcOnce<"mbarrier::complete_tx::bytes">,
  ClcOnce<"multicast::cluster::all">];
defvar ClcTryMissing = [Missing<"mbarrier::complete_tx::bytes",
    ".mbarrier::complete_tx::bytes modifier required for instruction "
    # "'{instr}'">];

def ClcMulticastGate
    : QualGate<"multicast::cluster::all", Version<8, 6>,
               "Feature '.multicast::cluster::all' requires PTX ISA .version "
               # "8.6 or later", 0,
               "Feature '.multicast::cluster::all' not supported on .target "
               # "'{target}'"> {
  let OnlyTargets = ClcFamily;
}

def : Syntax<"clusterlaunchcontrol.try_cancel.async{.ss}"
             # ".mbarrier::complete_tx::bytes.b128", ClcTrySets, ClcTryGate>,
      Operands<2> {
  let Args = "[a], [b]";
  let MissingMessages = ClcTryMissing;
}
def : Syntax<"clusterlaunchcontrol.try_cancel.async{.ss}"
             # ".mbarrier::complete_tx::bytes.multicast::cluster::all.b128",
             ClcTrySets, ClcTryGate>,
      Operands<2>,
      WordGated<[ClcMulticastGate]> {
  let Args = "[a], [b]";
  let MissingMessages = ClcTryMissing;
}

// query_cancel: the kind word is one element of every row; a kind the
// row's types do not take is refused as ptxas does.
defvar ClcKinds = "is_canceled,get_first_ctaid,get_first_ctaid::x,"
                  # "get_first_ctaid::y,get_first_ctaid::z";
defvar ClcKind = Words<"kind", ClcKinds, "Multiple .{b} modifiers specified">;
// A vector size is a type to ptxas.
defvar ClcVec = Words<"vec", "v2,v4,v8", "Multiple vector modifiers specified",
                      "Multiple vector modifiers specified">;
defvar ClcTypes = "Unexpected instruction types specified for '{instr}'";
defvar ClcKindMissing = "is_success or get_first_ctaid modifier required for "
                        # "instruction '{instr}'";
class ClcQueryGate<string word>
    : Gate<Version<8, 6>, "." # word, 100, "." # word, 1>;
// ptxas reports the word's gate first, then the instruction's.
def ClcQueryNameGate
    : QualGate<"query_cancel", Version<8, 6>,
               "Feature 'clusterlaunchcontrol.query_cancel' requires PTX ISA "
               # ".version 8.6 or later", 100,
               "Feature 'clusterlaunchcontrol.query_cancel' requires .target "
               # "sm_100 or higher">;

def : Syntax<"clusterlaunchcontrol.query_cancel.kind.pred.b128", [ClcKind],
             ClcQueryGate<"is_canceled">>,
      Operands<2>, WordGated<[ClcQueryNameGate]>,
      Refuses<[Refuse<"kind", "get_first_ctaid,get_first_ctaid::x,"
                              # "get_first_ctaid::y,get_first_ctaid::z",
                      "'.is_canceled' modifier required for instruction "
                      # "'{instr}' with type '.pred'">]> {
  let Args = "p:pred, a:atype";
  let PredOutput = 0;
  let MissingMessages = [Missing<"kind", "'.is_canceled' modifier required "
                                 # "for instruction '{instr}' with type '.pred'">];
}
def : Syntax<"clusterlaunchcontrol.query_cancel.kind.vec.b32.b128",
             [ClcKind, ClcVec], ClcQueryGate<"get_first_ctaid">>,
      Operands<2>, WordGated<[ClcQueryNameGate]>,
      Refuses<[Refuse<"kind", "is_canceled,get_first_ctaid::x,"
                              # "get_first_ctaid::y,get_first_ctaid::z",
                      ClcTypes>,
               Refuse<"vec", "v2,v8", ClcTypes>]> {
  let Args = "{d}, a:atype";
  let PredOutput = 0;
  let MissingMessages = [Missing<"kind", ClcKindMissing>];
}
foreach dim = ["x", "y", "z"] in
  def : Syntax<"clusterlaunchcontrol.query_cancel.kind{.vec}.b32.b128",
               [Words<"kind", "get_first_ctaid::" # dim # ",is_canceled,"
                              # "get_first_ctaid", "Multiple .{b} modifiers specified">,
                ClcVec],
               ClcQueryGate<"get_first_ctaid::" # dim>>,
        Operands<2>, WordGated<[ClcQueryNameGate]>,
        Refuses<[Refuse<"kind", "is_canceled,get_first_ctaid", ClcTypes>,
                 Refuse<"vec", "v2,v4,v8", ClcTypes>]> {
    // The response may also be a brace list packing its 128 bits.
    let Args = "d/_, a:atype+";
    let PredOutput = 0;
    let MissingMessages = [Missing<"kind", ClcKindMissing>];
  }
