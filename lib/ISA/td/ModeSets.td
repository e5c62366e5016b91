//===- ModeSets.td - Each set of mutually exclusive qualifier words -------===//
//
// One record per set, in enum order. Modes.h turns each into its enum, its
// spellings and its parser (through the emitted ModeSets.inc); the qualifier
// groups of the instruction table and the form expansion read the same words.
//
//===----------------------------------------------------------------------===//

// setp/set comparison operators (PTX ISA: setp)
def CmpOp : ModeSet<"The comparison of setp/set.", [
  Mode<"Eq", "eq">,
  Mode<"Ne", "ne">,
  Mode<"Lt", "lt">,
  Mode<"Le", "le">,
  Mode<"Gt", "gt">,
  Mode<"Ge", "ge">,
  Mode<"Lo", "lo">,
  Mode<"Ls", "ls">,
  Mode<"Hi", "hi">,
  Mode<"Hs", "hs">,
  Mode<"Equ", "equ">,
  Mode<"Neu", "neu">,
  Mode<"Ltu", "ltu">,
  Mode<"Leu", "leu">,
  Mode<"Gtu", "gtu">,
  Mode<"Geu", "geu">,
  Mode<"Num", "num">,
  Mode<"Nan", "nan">]>;

// setp/set predicate combiners (PTX ISA: setp)
def BoolOp : ModeSet<"How setp/set combine with a predicate (None: not at all).", [
  Mode<"None", "">,
  Mode<"And", "and">,
  Mode<"Or", "or">,
  Mode<"Xor", "xor">]> {
  let WordList = 0;
}

// rounding modifiers (PTX ISA: cvt, add)
def Rounding : ModeSet<"The rounding modifier (None: none written).", [
  Mode<"None", "">,
  Mode<"Rn", "rn">,
  Mode<"Rz", "rz">,
  Mode<"Rm", "rm">,
  Mode<"Rp", "rp">,
  Mode<"Rni", "rni">,
  Mode<"Rzi", "rzi">,
  Mode<"Rmi", "rmi">,
  Mode<"Rpi", "rpi">]> {
  let WordList = 0;
}

// atom/red operations (PTX ISA: atom)
def AtomOp : ModeSet<"The operation of atom/red.", [
  Mode<"Add", "add">,
  Mode<"Min", "min">,
  Mode<"Max", "max">,
  Mode<"Inc", "inc">,
  Mode<"Dec", "dec">,
  Mode<"And", "and">,
  Mode<"Or", "or">,
  Mode<"Xor", "xor">,
  Mode<"Exch", "exch">,
  Mode<"Cas", "cas">]>;

// shfl.sync modes (PTX ISA: shfl.sync)
def ShflMode : ModeSet<"The mode of shfl.sync.", [
  Mode<"Up", "up">,
  Mode<"Down", "down">,
  Mode<"Bfly", "bfly">,
  Mode<"Idx", "idx">]>;

// vote.sync modes (PTX ISA: vote.sync)
def VoteMode : ModeSet<"The mode of vote.sync.", [
  Mode<"All", "all">,
  Mode<"Any", "any">,
  Mode<"Uni", "uni">,
  Mode<"Ballot", "ballot">]>;

// match.sync modes (PTX ISA: match.sync)
def MatchMode : ModeSet<"The mode of match.sync.", [
  Mode<"Any", "any">,
  Mode<"All", "all">]>;

// redux.sync operations (PTX ISA: redux.sync)
def ReduxOp : ModeSet<"The operation of redux.sync.", [
  Mode<"Add", "add">,
  Mode<"Min", "min">,
  Mode<"Max", "max">,
  Mode<"And", "and">,
  Mode<"Or", "or">,
  Mode<"Xor", "xor">]>;

// prmt modes (PTX ISA: prmt)
def PrmtMode : ModeSet<"The mode of prmt (Default: none written, the byte selectors).", [
  Mode<"Default", "">,
  Mode<"F4e", "f4e">,
  Mode<"B4e", "b4e">,
  Mode<"Rc8", "rc8">,
  Mode<"Ecl", "ecl">,
  Mode<"Ecr", "ecr">,
  Mode<"Rc16", "rc16">]> {
  let WordList = 0;
}

// testp classes (PTX ISA: testp)
def TestpClass : ModeSet<"The class testp tests for.", [
  Mode<"Finite", "finite">,
  Mode<"Infinite", "infinite">,
  Mode<"Number", "number">,
  Mode<"NotANumber", "notanumber">,
  Mode<"Normal", "normal">,
  Mode<"Subnormal", "subnormal">]>;
