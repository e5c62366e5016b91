//===- WarpInstrs.td - The warp-level instruction families ----------------===//
//
// shfl, vote, match, redux, activemask, elect, bar.warp.sync, mov (the way
// %laneid / %lanemask_* are read) and movmatrix. Operand slots and type
// classes follow what ptxas 13.0 accepts: register types, immediates, the
// sink, operand counts and `|p` (test/Sema/operands.ptx), qualifiers
// (test/Sema/qualifiers.ptx), gates (test/Sema/gates.ptx, legacy.ptx), and
// every recorded ptxas case (test/Sema/ptxas-expectations.test). ISA text:
// the PTX ISA sections on shfl.sync, vote.sync, match.sync, activemask,
// redux.sync, elect.sync, bar.warp.sync, movmatrix, the deprecated shfl and
// vote, and chapter 10, "Special Registers".
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// What the forms compute. The lowering and the interpreter's fixed paths
// switch on the first ones; collectives name their semantics function.
//===----------------------------------------------------------------------===//

def ShflUp      : SemanticOp<"shfl.up", KindShfl>;
def ShflDown    : SemanticOp<"shfl.down", KindShfl>;
def ShflBfly    : SemanticOp<"shfl.bfly", KindShfl>;
def ShflIdx     : SemanticOp<"shfl.idx", KindShfl>;
def VoteAll     : SemanticOp<"vote.all", KindVote>;
def VoteAny     : SemanticOp<"vote.any", KindVote>;
def VoteUni     : SemanticOp<"vote.uni", KindVote>;
def VoteBallot  : SemanticOp<"vote.ballot", KindVote>;
def MatchAny    : SemanticOp<"match.any", KindMatch>;
def MatchAll    : SemanticOp<"match.all", KindMatch>;
def ReduxAdd    : SemanticOp<"redux.add", KindRedux>;
def ReduxMin    : SemanticOp<"redux.min", KindRedux>;
def ReduxMax    : SemanticOp<"redux.max", KindRedux>;
def ReduxAnd    : SemanticOp<"redux.and", KindRedux>;
def ReduxOr     : SemanticOp<"redux.or", KindRedux>;
def ReduxXor    : SemanticOp<"redux.xor", KindRedux>;
def ReduxFMin   : SemanticOp<"redux.f32.min", KindRedux>;
def ReduxFMax   : SemanticOp<"redux.f32.max", KindRedux>;
def ActiveMask  : SemanticOp<"activemask", KindActiveMask>;
def Elect       : SemanticOp<"elect", KindElect>;
def BarWarpSync : SemanticOp<"bar.warp.sync", KindBarWarpSync>;
def Mov         : SemanticOp<"mov", KindMov>;
def Generic     : SemanticOp<"generic", KindGeneric>;

// Qualifier-group pieces several families share.
defvar TypeDups = [Dup<"", "", "Unexpected instruction types specified for '{instr}'">];
class SyncWord<bit required, string family>
    : QualGroup<SyncGroup, "sync", "sync", required,
                !if(required, ".sync modifier required for instruction '" # family # "'", "")>;
class TypeWords<string types, string family>
    : QualGroup<TypeGroup, "type", types, 1,
                "Unexpected instruction types specified for '" # family # "'", TypeDups>;
defvar SrcImm32 = [IntImm, F32Imm];

//===----------------------------------------------------------------------===//
// Gates (test/Sema/gates.ptx). ptxas accepts the .sync warp instructions
// from PTX 5.1 although the ISA text (and ptxas's own message) says 6.0
// (test/Sema/pedantic.ptx, test/Sema/version-5-10.ptx).
//===----------------------------------------------------------------------===//

class SyncGate<string feature, int target, string targetFeature>
    : Gate<Version<5, 1>, feature, target, targetFeature> {
  let IsaVersion = Version<6, 0>;
  let MessageVersion = Version<6, 0>;
}

//===----------------------------------------------------------------------===//
// shfl
//===----------------------------------------------------------------------===//

def ShflFamily : Family<"shfl"> {
  let Groups = [
    SyncWord<0, "shfl">,
    ModeWords<ModeGroup, "mode", ShflMode, 1,
              "Shuffle modifier required for instruction 'shfl'",
              [Dup<"down", "down", "Multiple .down modifiers specified">,
               Dup<"", "", "Multiple shuffle modifiers specified">]>,
    TypeWords<"b32", "shfl">];
}
defvar ShflSlots = [D<Data32, [PredOut, SinkPred]>, S<"a", Data32, SrcImm32>,
                    S<"b", Data32, SrcImm32>, S<"c", Data32, SrcImm32>];
foreach m = ShflMode.Modes in {
  def : Form<ShflFamily, "shfl.sync." # m.Spelling # ".b32",
             !cast<SemanticOp>("Shfl" # m.Enumerator), 1, m.Spelling, "b32",
             !listconcat(ShflSlots, [MaskSlot]), SyncGate<"shfl.sync", 30, "shfl">,
             "d[|p], a, b, c, membermask">;
}
foreach m = ShflMode.Modes in {
  def : Form<ShflFamily, "shfl." # m.Spelling # ".b32",
             !cast<SemanticOp>("Shfl" # m.Enumerator), 0, m.Spelling, "b32",
             ShflSlots, Gate<Version<3, 0>, "shfl", 30>, "d[|p], a, b, c",
             /*legacy=*/1>;
}

//===----------------------------------------------------------------------===//
// vote: .all/.any/.uni on predicates, .ballot into a b32
//===----------------------------------------------------------------------===//

def VoteFamily : Family<"vote"> {
  let Groups = [
    SyncWord<0, "vote">,
    ModeWords<ModeGroup, "mode", VoteMode, 1,
              ".mode modifier required for instruction 'vote'",
              [Dup<"uni", "uni", "">,
               Dup<"all,any", "all,any", "Multiple .any/.all modifiers specified">,
               Dup<"", "", "Multiple vote modifiers specified">]>,
    TypeWords<"pred,b32", "vote">];
  let TypeRules = [
    TypeRule<["all", "any", "uni"], ["pred"],
             "Instruction 'vote' requires '.pred' type with '.{mode}' modifier.">,
    TypeRule<["ballot"], ["b32"],
             "Instruction 'vote' requires '.b32' type with '.ballot' modifier.">];
}
foreach sync = [1, 0] in
foreach m = VoteMode.Modes in {
  defvar Ballot = !eq(m.Spelling, "ballot");
  defvar Slots = [D<!if(Ballot, Data32, VotePred)>,
                  S<"a", !if(Ballot, Pred, VotePred), [Negatable, IntImm]>];
  def : Form<VoteFamily,
             "vote." # !if(sync, "sync.", "") # m.Spelling # !if(Ballot, ".b32", ".pred"),
             !cast<SemanticOp>("Vote" # m.Enumerator), sync, m.Spelling,
             !if(Ballot, "b32", "pred"),
             !if(sync, !listconcat(Slots, [MaskSlot]), Slots),
             !if(sync, SyncGate<"vote.sync", 30, "vote.sync">,
                 !if(Ballot, Gate<Version<2, 0>, "vote", 20>,
                             Gate<Version<1, 2>, "vote", 12>)),
             !if(sync, "d, {!}a, membermask", "d, {!}a"), !not(sync)>;
}

//===----------------------------------------------------------------------===//
// match
//===----------------------------------------------------------------------===//

def MatchFamily : Family<"match"> {
  let Groups = [
    SyncWord<1, "match">,
    ModeWords<ModeGroup, "mode", MatchMode, 1,
              "'.any' or '.all' modifier required for instruction 'match'",
              [Dup<"", "", "Multiple .any/.all modifiers specified">]>,
    TypeWords<"b32,b64", "match">];
}
foreach m = MatchMode.Modes in
foreach ty = ["b32", "b64"] in {
  defvar All = !eq(m.Spelling, "all");
  def : Form<MatchFamily, "match." # m.Spelling # ".sync." # ty,
             !cast<SemanticOp>("Match" # m.Enumerator), 1, m.Spelling, ty,
             [D<Int32, !if(All, [PredOut, SinkDest, SinkPred], [])>,
              !if(!eq(ty, "b32"), S<"a", Data32, SrcImm32>,
                                  S<"a", Data64, [IntImm, F64Imm]>),
              MaskSlot],
             SyncGate<"match", 70, "match">,
             !if(All, "d[|p], a, membermask", "d, a, membermask")>;
}

//===----------------------------------------------------------------------===//
// redux
//===----------------------------------------------------------------------===//

defvar ReduxTypeMessage =
    "Incorrect type '.{type}' for operation '.{mode}' in instruction 'redux'";
def ReduxFamily : Family<"redux"> {
  let Groups = [
    SyncWord<1, "redux">,
    ModeWords<ModeGroup, "operation", ReduxOp, 1,
              "Reduction operation is required for instruction 'redux'",
              [Dup<"", "", "Multiple instruction post-operation flags set">]>,
    FlagForType<".abs", "abs", "f32",
                "Instruction 'redux' requires '.f32' type with '.abs' modifier.",
                [Dup<"", "", "Multiple .abs modifiers specified">]>,
    FlagForType<".NaN", "NaN", "f32",
                "Instruction 'redux' requires '.f32' type with '.NaN' modifier.">,
    TypeWords<"u32,s32,b32,f32", "redux">];
  // Which types each operation takes; the integer forms below are these.
  let TypeRules = [TypeRule<["add"], ["u32", "s32"], ReduxTypeMessage>,
                   TypeRule<["min", "max"], ["u32", "s32", "f32"], ReduxTypeMessage>,
                   TypeRule<["and", "or", "xor"], ["b32"], ReduxTypeMessage>];
  // ptxas 13.0 gates .abs and .NaN on their own, besides redux.f32's gate
  // (e.g. case gate-00051 of test/Inputs/ptxas/cases.txt, run by
  // test/Sema/ptxas-expectations.test).
  let QualGates = [
    QualGate<"abs", Version<7, 2>,
             "Feature '.abs' requires PTX ISA .version 7.2 or later", 86,
             "Feature '.abs' requires .target sm_86 or higher">,
    QualGate<"NaN", Version<7, 0>,
             "Feature '.NaN' requires PTX ISA .version 7.0 or later", 80,
             "Modifier '.NaN' requires .target sm_80 or higher">];
}
defvar ReduxIntGate = Gate<Version<7, 0>, "redux", 80, "redux", 1>;
foreach rule = ReduxFamily.TypeRules in
foreach op = rule.Modes in
foreach ty = !filter(t, rule.Types, !ne(t, "f32")) in {
  defvar M = !head(!filter(x, ReduxOp.Modes, !eq(x.Spelling, op)));
  def : Form<ReduxFamily, "redux.sync." # op # "." # ty,
             !cast<SemanticOp>("Redux" # M.Enumerator), 1, op, ty,
             [D<Int32>, S<"a", Int32, [IntImm]>, MaskSlot], ReduxIntGate,
             "d, a, membermask">;
}
// redux.f32 takes only float literals in a: ptxas 13.0 says "operand 'a'
// cannot be an integer constant" (test/Sema/operands.ptx).
def ReduxF32Gate : Gate<Version<8, 6>, "redux.f32", 0, "redux.f32"> {
  let OnlyTargets = "sm_100a,sm_100f,sm_103a,sm_103f";
}
foreach M = !filter(x, ReduxOp.Modes, !or(!eq(x.Spelling, "min"),
                                          !eq(x.Spelling, "max"))) in
  def : Form<ReduxFamily, "redux.sync." # M.Spelling # "{.abs}{.NaN}.f32",
             !cast<SemanticOp>("ReduxF" # M.Enumerator), 1, M.Spelling, "f32",
             [D<ReduxF32>, S<"a", ReduxF32, [F32Imm, F64Imm]>, MaskSlot],
             ReduxF32Gate, "d, a, membermask">;

//===----------------------------------------------------------------------===//
// activemask, elect, bar.warp.sync
//===----------------------------------------------------------------------===//

def ActiveMaskFamily : Family<"activemask"> {
  let Groups = [TypeWords<"b32", "activemask">];
}
// ptxas 13.0 has no target gate from sm_30 up; below it ptxas 13.0 says
// "Feature 'activemask' requires .target sm_30 or higher".
def : Form<ActiveMaskFamily, "activemask.b32", ActiveMask, 0, "", "b32",
           [D<Data32>], Gate<Version<6, 2>, "activemask", 30, "activemask", 1>,
           "d">;

def ElectFamily : Family<"elect"> { let Groups = [SyncWord<1, "elect">]; }
def : Form<ElectFamily, "elect.sync", Elect, 1, "", "",
           [D<Int32, [PredOut, PredOutRequired, SinkDest]>, MaskSlot],
           Gate<Version<8, 0>, "elect", 90, "elect", 1>, "d|p, membermask">;

def BarWarpFamily : Family<"bar.warp"> {
  let Groups = [SyncWord<1, "bar.warp">];
}
def : Form<BarWarpFamily, "bar.warp.sync", BarWarpSync, 1, "", "", [MaskSlot],
           SyncGate<"bar.warp", 30, "bar.warp">, "membermask">;

//===----------------------------------------------------------------------===//
// mov: how special registers are read
//===----------------------------------------------------------------------===//

// PTX ISA "Data Movement and Conversion Instructions: mov": .pred,
// .b16/.b32/.b64, .u16/.u32/.u64, .s16/.s32/.s64, .f32, .f64, and .b128; no
// 8-bit, .f16 or packed types (ptxas: "Unexpected instruction types specified
// for 'mov'" for mov.f16, mov.u8, mov.f16x2).
def MovFamily : Family<"mov"> {
  let Groups = [
    TypeWords<"b16,u16,s16,b32,u32,s32,f32,b64,u64,s64,f64,b128,pred", "mov">,
    // mov.v2/.v4 between vector registers and brace lists (PTX ISA 5.4.2
    // "Vectors"; 9.7.9.1 "mov").
    QualGroup<FlagGroup, "vec", "v2,v4">];
  let ReadsSpecialRegs = 1;
}
def : Form<MovFamily, "mov.type", Mov, 0, "", "",
           [D<InstrType>, S<"a", InstrType, [IntImm, F32Imm, F64Imm, SpecialRegRead]>],
           NoGate, "d, a">;

//===----------------------------------------------------------------------===//
// movmatrix: transpose an 8x8 matrix of b16 held by the warp (PTX ISA
// 9.7.14.5.17, "Warp-level matrix transpose instruction: movmatrix"; ptxas's
// messages: test/Sema/movmatrix.ptx, movmatrix-gates.test)
//===----------------------------------------------------------------------===//

def MovmatrixTrans : Collective<"movmatrix.trans", "movmatrixTrans">;
def MovmatrixFamily : Family<"movmatrix"> {
  let Groups = [
    SyncWord<1, "movmatrix">,
    QualGroup<FlagGroup, ".aligned", "aligned", 1,
              ".aligned modifier required for instruction 'movmatrix'">,
    QualGroup<ShapeGroup, "shape", "m8n8", 1,
              "Shape modifier required for instruction 'movmatrix'">,
    QualGroup<FlagGroup, ".trans", "trans", 1,
              ".trans modifier required for instruction 'movmatrix'">,
    TypeWords<"b16", "movmatrix">];
}
def : Form<MovmatrixFamily, "movmatrix.sync.aligned.m8n8.trans.b16",
           MovmatrixTrans, 1, "", "b16", [D<Data32>, S<"a", Data32>],
           Gate<Version<7, 8>, "movmatrix", 75, "movmatrix", 1>, "d, a"> {
  let Contract = AlignedWarp;
}
