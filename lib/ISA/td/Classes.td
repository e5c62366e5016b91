//===- Classes.td - The vocabulary of the PTX instruction table -----------===//
//
// The classes every row of the instruction table is written in. ptxwarp-tblgen
// (utils/TableGen) reads the records and emits the C++ tables of lib/ISA:
// the mode sets, the warp-level families with their forms, the collective
// semantics list, and one row per PTX opcode. Field meanings match the
// structs of include/ptxwarp/ISA/InstrTable.h, which the emitted code fills.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Mode sets: mutually exclusive qualifier words, one set per record. Modes.h
// makes the enum, spellings and parser of each; the table's groups and form
// expansion read the same words.
//===----------------------------------------------------------------------===//

class Mode<string enumerator, string spelling> {
  string Enumerator = enumerator;
  string Spelling = spelling;
}

class ModeSet<string doc, list<Mode> modes> {
  string Doc = doc;
  list<Mode> Modes = modes;
  // Whether the table's qualifier groups take the words as a comma list
  // (sets with a None enumerator do not).
  bit WordList = 1;
}

// The modifier words ptxas knows on some instruction (one record,
// KnownModifiers in Opcodes.td): the words of some mode sets, and others.
class ModifierVocabulary<list<ModeSet> sets, list<string> words> {
  list<ModeSet> Sets = sets;
  list<string> Words = words;
}

//===----------------------------------------------------------------------===//
// Operand slots
//===----------------------------------------------------------------------===//

// The register classes an operand accepts (isa::SlotClass).
class SlotClass<string cpp> { string Cpp = cpp; }
def Data32    : SlotClass<"Data32">;
def Int32     : SlotClass<"Int32">;
def ReduxF32  : SlotClass<"ReduxF32">;
def Data64    : SlotClass<"Data64">;
def Pred      : SlotClass<"Pred">;
def VotePred  : SlotClass<"VotePred">;
def InstrType : SlotClass<"InstrType">;
def AnyClass  : SlotClass<"Any">;
def WideClass : SlotClass<"Wide">;
def SourceTypeClass : SlotClass<"SourceType">;

class SlotRole<string cpp> { string Cpp = cpp; }
def Dest       : SlotRole<"Dest">;
def Source     : SlotRole<"Source">;
def Membermask : SlotRole<"Membermask">;
// An address operand `[p]` of a warp-level row (ldmatrix, stmatrix).
def AddressRole : SlotRole<"Address">;

// Per-slot permissions (isa::SlotFlags).
class SlotFlag<string cpp> { string Cpp = cpp; }
def PredOut         : SlotFlag<"SF_PredOut">;
def PredOutRequired : SlotFlag<"SF_PredOutRequired">;
def SinkDest        : SlotFlag<"SF_SinkDest">;
def SinkPred        : SlotFlag<"SF_SinkPred">;
def Negatable       : SlotFlag<"SF_Negatable">;
def IntImm          : SlotFlag<"SF_IntImm">;
def F32Imm          : SlotFlag<"SF_F32Imm">;
def F64Imm          : SlotFlag<"SF_F64Imm">;
def SpecialRegRead  : SlotFlag<"SF_SpecialReg">;

class Slot<string name, SlotRole role, SlotClass cls, list<SlotFlag> flags> {
  string Name = name;
  SlotRole Role = role;
  SlotClass Class = cls;
  list<SlotFlag> Flags = flags;
}
class D<SlotClass cls, list<SlotFlag> flags = []>
    : Slot<"d", Dest, cls, flags>;
class S<string name, SlotClass cls, list<SlotFlag> flags = []>
    : Slot<name, Source, cls, flags>;
def MaskSlot : Slot<"membermask", Membermask, Int32, [IntImm]>;

//===----------------------------------------------------------------------===//
// Gates: the PTX version and target an instruction needs.
//===----------------------------------------------------------------------===//

class Version<int major, int minor> {
  int Major = major;
  int Minor = minor;
}
def NoVersion : Version<0, 0>;

// What ptxas enforces (MinVersion, MinTarget) and what the ISA text says
// (IsaVersion) when they differ; the feature names ptxas's messages use.
class Gate<Version min, string feature, int target = 0,
           string targetFeature = feature, bit targetIsFeature = 0> {
  Version MinVersion = min;
  Version IsaVersion = min;
  string VersionFeature = feature;
  Version MessageVersion = min;
  int MinTarget = target;
  string TargetFeature = targetFeature;
  bit TargetIsFeature = targetIsFeature;
  string OnlyTargets = "";
  // ptxas's first word of the OnlyTargets message ("Instruction 'X' not
  // supported on .target 'sm_90'", or "Feature").
  string OnlyTargetsKind = "Instruction";
}
def NoGate : Gate<NoVersion, "">;

// A qualifier value with a gate of its own (isa::QualGate).
class QualGate<string value, Version min, string versionMessage, int target,
               string targetMessage> {
  string Value = value;
  Version MinVersion = min;
  string VersionMessage = versionMessage;
  int MinTarget = target;
  string TargetMessage = targetMessage;
  // When non-empty, the word is taken only on these targets (a comma list);
  // elsewhere TargetMessage, with {target} the module's target.
  string OnlyTargets = "";
}

//===----------------------------------------------------------------------===//
// Qualifier groups of a family
//===----------------------------------------------------------------------===//

class QualGroupKind<string cpp> { string Cpp = cpp; }
def SyncGroup  : QualGroupKind<"Sync">;
def ModeGroup  : QualGroupKind<"Mode">;
def TypeGroup  : QualGroupKind<"Type">;
def FlagGroup  : QualGroupKind<"Flag">;
def ScopeGroup : QualGroupKind<"Scope">;
def ShapeGroup : QualGroupKind<"Shape">;

// How a second word of the same group is treated; the first rule whose
// lists both match wins ("" = any word; an empty message = tolerated).
class Dup<string first, string second, string message> {
  string First = first;
  string Second = second;
  string Message = message;
}
def Tolerated : Dup<"", "", "">;

class QualGroup<QualGroupKind kind, string name, string values,
                bit required = 0, string missing = "",
                list<Dup> dups = [Tolerated]> {
  QualGroupKind Kind = kind;
  string Name = name;
  // A comma list of words, or the words of a mode set (ModeWords).
  string Values = values;
  ModeSet Words = ?;
  bit Required = required;
  string MissingMessage = missing;
  list<Dup> Dups = dups;
  // For flags: the only type they go with, with ptxas's message.
  string RequiresType = "";
  string RequiresTypeMessage = "";
}
// A group whose words are a mode set's.
class ModeWords<QualGroupKind kind, string name, ModeSet set,
                bit required = 0, string missing = "",
                list<Dup> dups = [Tolerated]>
    : QualGroup<kind, name, "", required, missing, dups> {
  let Words = set;
}

// A flag that goes with one type only, with ptxas's message otherwise.
class FlagForType<string name, string value, string type, string message,
                  list<Dup> dups = [Tolerated]>
    : QualGroup<FlagGroup, name, value, 0, "", dups> {
  let RequiresType = type;
  let RequiresTypeMessage = message;
}

// The type a mode requires: "Incorrect type '.b32' for operation '.add'".
class TypeRule<list<string> modes, list<string> types, string message> {
  list<string> Modes = modes;
  list<string> Types = types;
  string Message = message;
}

//===----------------------------------------------------------------------===//
// Families and forms
//===----------------------------------------------------------------------===//

// What the interpreter does with a form (isa::SemanticOp). A collective
// names the function of include/ptxwarp/Interp/Collective.h's signature that
// computes it; the lowering and the scheduler need nothing else.
class WarpOpKind<string cpp> { string Cpp = cpp; }
def KindShfl        : WarpOpKind<"Shfl">;
def KindVote        : WarpOpKind<"Vote">;
def KindMatch       : WarpOpKind<"Match">;
def KindRedux       : WarpOpKind<"Redux">;
def KindActiveMask  : WarpOpKind<"ActiveMask">;
def KindElect       : WarpOpKind<"Elect">;
def KindBarWarpSync : WarpOpKind<"BarWarpSync">;
def KindMov         : WarpOpKind<"Mov">;
def KindCollective  : WarpOpKind<"Collective">;
def KindGeneric     : WarpOpKind<"Generic">;

class SemanticOp<string text, WarpOpKind kind> {
  string Text = text;
  WarpOpKind Kind = kind;
  // For collectives: the semantics function (namespace ptxwarp::interp).
  string Function = "";
}
class Collective<string text, string function>
    : SemanticOp<text, KindCollective> {
  let Function = function;
}

// The convergence contract of a warp instruction: `.sync` forms wait for
// their membermask; `.aligned` ones (with no membermask) need every thread
// of the warp to execute the same instruction together.
class WarpContract<string cpp> { string Cpp = cpp; }
def NoContract   : WarpContract<"None">;
def MaskContract : WarpContract<"Membermask">;
def AlignedWarp  : WarpContract<"AlignedWarp">;

// An instruction family as ptxas names it.
class Family<string opcode, string diagName = opcode> {
  string Opcode = opcode;
  string DiagName = diagName;
  list<QualGroup> Groups = [];
  list<TypeRule> TypeRules = [];
  list<QualGate> QualGates = [];
  bit ReadsSpecialRegs = 0;
}

// One row: a concrete form. Forms of a family are tried in the order they
// are defined.
class Form<Family family, string name, SemanticOp op, bit sync, string mode,
           string type, list<Slot> operands, Gate gate, string syntax,
           bit legacy = 0> {
  Family Fam = family;
  string Name = name;
  SemanticOp Op = op;
  bit Sync = sync;
  string Mode = mode;
  string Type = type;
  list<Slot> Operands = operands;
  Gate G = gate;
  bit Legacy = legacy;
  string Syntax = syntax;
  WarpContract Contract = !if(sync, MaskContract, NoContract);
}

//===----------------------------------------------------------------------===//
// Opcodes: one row per PTX opcode (the first dotted word of a mnemonic),
// with everything the layers ask of it. Mixins set the fields they name.
//===----------------------------------------------------------------------===//

class ControlFlow<string cpp> { string Cpp = cpp; }
def FallsThrough   : ControlFlow<"None">;
def Branch         : ControlFlow<"Branch">;
def IndirectBranch : ControlFlow<"IndirectBranch">;
def Return         : ControlFlow<"Return">;
def ExitThread     : ControlFlow<"Exit">;

class IndexArith<string cpp> { string Cpp = cpp; }
def ArithOther      : IndexArith<"Other">;
def ArithCopy       : IndexArith<"Copy">;
def ArithAdd        : IndexArith<"Add">;
def ArithSub        : IndexArith<"Sub">;
def ArithShiftRight : IndexArith<"ShiftRight">;
def ArithDivide     : IndexArith<"Divide">;
def ArithBitAnd     : IndexArith<"BitAnd">;
def ArithCompare    : IndexArith<"Compare">;

// How the constant propagation of the warp lints (lib/Sema/ConstProp.cpp)
// computes the result from constant sources, at the instruction type's
// width; FoldNone: the result is not followed.
class ConstFold<string cpp> { string Cpp = cpp; }
def FoldNone : ConstFold<"None">;
def FoldCopy : ConstFold<"Copy">; // mov d, a
def FoldAdd  : ConstFold<"Add">;  // add d, a, b (wraps)
def FoldSub  : ConstFold<"Sub">;  // sub d, a, b (wraps)
def FoldAnd  : ConstFold<"And">;
def FoldOr   : ConstFold<"Or">;
def FoldXor  : ConstFold<"Xor">;
def FoldNot  : ConstFold<"Not">;
def FoldShl  : ConstFold<"Shl">;  // amounts above the width clamp to it
def FoldShr  : ConstFold<"Shr">;  // arithmetic for .s types, else logical

class SizeRule<string cpp> { string Cpp = cpp; }
def SizeExact   : SizeRule<"Exact">;
def SizeLoad    : SizeRule<"Load">;
def SizeStore   : SizeRule<"Store">;
def SizeConvert : SizeRule<"Convert">;

// How ptx-lint checks the operands of an opcode without a warp family.
class OperandCheck<int min, int max, list<Slot> typed = []> {
  int Min = min;
  int Max = max;
  // When non-empty: every operand follows the instruction type.
  list<Slot> Typed = typed;
}

class Opcode<string name> {
  string Name = name;
  // Checking: a general family (operand counts, maybe types), or none (a
  // warp family, or only the opcode and the declared registers).
  OperandCheck Check = ?;
  list<QualGroup> Groups = [];
  bit ReadsSpecialRegs = 0;
  int BarrierIdLimit = 0;
  // Operands K with exactly the instruction type's size: bit K of ExactTyped
  // (and of ExactTypedWide for the .wide form).
  int ExactTyped = 0;
  int ExactTypedWide = 0;
  // Execution: the IR operation (an IR_OPCODE name), or why not.
  string Exec = "";
  bit CarryIn = 0;
  bit Inlined = 0;
  bit AlignedForm = 0;
  // wmma: the lowering reads the form from the words (lib/Lower/LowerWmma.cpp).
  bit LowersWmma = 0;
  string NotRun = "";
  // Memory: the operand that addresses memory in the state space the
  // instruction names (ld's [a], cvta's a; -1 for none), and the state-space
  // qualifiers ptxas refuses on it ("State space incorrect"), a comma list.
  int AddressOperand = -1;
  string RefusedSpaces = "";
  // The operand that is a cache policy, present exactly with
  // .L2::cache_hint (ld/st: `d, [a], policy`); -1 for none.
  int CachePolicyOperand = -1;
  // Texture and surface instructions: the data operand (tex, tld4, suld's
  // d: 0; sust's c: 1; -1 for none), and whether the data is bit-size with
  // 32-bit integer coordinates and no sampler (suld, sust)
  // (lib/Sema/ImageOperands.cpp).
  int ImageData = -1;
  bit ImageBits = 0;
  // What makes ptxas compile 32-bit code with this opcode besides a 32-bit
  // register in its Memory<> address (lib/Sema/StateSpaces.cpp): "type" a
  // .u32 instruction type (cvta), "global" a .global variable as a 32-bit
  // source (mov), "generic" a 32-bit address register without a state space
  // (mbarrier), "address" any 32-bit address register (multimem).
  string Code32 = "";
  // Whether an instruction type is required ("Unexpected instruction types
  // specified for 'mul.wide'"), and the modes ptxas names with the opcode
  // in that message.
  bit TypeRequired = 0;
  string TypeNameModes = "";
  // Analyses.
  ControlFlow Flow = FallsThrough;
  IndexArith Arith = ArithOther;
  ConstFold Fold = FoldNone;
  SizeRule OperandSize = SizeExact;
  bit ResultVariesPerLane = 0;
}

// Mixins.
class Checked<int min, int max = min> { OperandCheck Check = OperandCheck<min, max>; }
class Runs<string ir> { string Exec = ir; }
class Refused<string why> { string NotRun = why; }
class Arith<IndexArith a> { IndexArith Arith = a; }
class Folds<ConstFold f> { ConstFold Fold = f; }
class Flow<ControlFlow f> { ControlFlow Flow = f; }
class Memory<int address, string refused = ""> {
  int AddressOperand = address;
  string RefusedSpaces = refused;
}
class Typed<string nameModes = ""> {
  bit TypeRequired = 1;
  string TypeNameModes = nameModes;
}
class Image<int data, bit bitData = 0> {
  int ImageData = data;
  bit ImageBits = bitData;
}
class Code32Rule<string how> { string Code32 = how; }
class Exact<int mask, int wideMask = mask> {
  int ExactTyped = mask;
  int ExactTypedWide = wideMask;
}

//===----------------------------------------------------------------------===//
// Syntax rows: the forms of the general (not warp-level) instructions, each
// written as the PTX ISA writes its syntax, e.g.
//
//   def : Syntax<"add{.sat}.s32">;
//   def : Syntax<"add{.rnd}{.ftz}{.sat}.f32">;
//   def : Syntax<"mul.wide.type", [Words<"type", "u16,u32,s16,s32">]>;
//
// A pattern is the opcode, then elements: `.word` (that word), `.name` (one
// word of the set `name`: the row's own Words<> first, then a global
// WordSet), each optional in braces. The instruction's type words must match
// the row's type elements in order; every other word may be written in any
// order (as ptxas accepts) and must fill one element. When a word of the
// opcode's TypeNameModes (mul's wide/hi/lo, cvta's to) directly follows the
// opcode, ptxas names the instruction with it ('mul.wide'); a row written
// with that word as its first element belongs to that variant. ptx-lint
// (lib/Sema/SyntaxRows.cpp) reports what ptxas reports when no row fits.
//===----------------------------------------------------------------------===//

// A set of qualifier words (without dots), a comma list.
class WordSet<string name, string words, string multiple = "",
              string repeated = "", string sequence = ""> {
  string Name = name;
  string Words = words;
  // ptxas's message for two different words of the set ("Multiple rounding
  // modifiers specified"); empty: "Modifier '.{a}' cannot be combined with
  // modifier '.{b}'". {a}, {b}: the words.
  string Multiple = multiple;
  // ptxas's message for the same word written twice ("Multiple .aligned
  // modifiers specified"); empty: tolerated.
  string Repeated = repeated;
  // Elements whose sets name the same sequence are filled in the order the
  // words are written, not by which element takes a word: mma's first
  // .row/.col is A's layout, the second B's. A word the element in turn
  // does not take is "Illegal {set} '.{word}'"; one more than the row's
  // elements of the sequence is "too many {sequence} specifiers".
  string Sequence = sequence;
  // For a global set: ptxas's message for a word of the set that no row of
  // the instruction takes ({word}, {instr}); empty: "Illegal modifier".
  string Untaken = "";
  // Words of a set with a Multiple message that ptxas nevertheless takes
  // written twice (a comma list): sqrt's `.approx.approx` (a flag beside the
  // rounding field, whose `.rn.rn` is Repeated's message).
  string Twice = "";
}
// A set for one row (or a few: `defvar`), which shadows a global one.
class Words<string name, string words, string multiple = "",
            string repeated = "", string sequence = "">
    : WordSet<name, words, multiple, repeated, sequence>;

// The message ptxas gives when a required element of a row is missing and
// the row is otherwise the one meant ({instr}: the instruction's name).
class Missing<string element, string message> {
  string Element = element;
  string Message = message;
}

// A form ptxas reads but refuses, with its message ({instr}): the row fits
// and the word filling `element` is one of `words` (a comma list), or, with
// an empty element, whenever the row fits (`vadd2.sat.add`: "Illegal
// combination of .sat and .add modifiers").
class Refuse<string element, string words, string message> {
  string Element = element;
  string Words = words;
  string Message = message;
}

// One operand of a warp-level row (mma, and ldmatrix, stmatrix, wmma): a
// brace list of Count registers (0: a scalar register), each declared with
// one of the types Regs names (a comma list; the first is the operand's
// type, which an immediate element takes). A scalar operand (Count 0) also
// takes an integer constant when Regs names `int` (wgmma's descriptors), and
// with Values (a comma list) only a constant, one of those ("Argument 4 of
// instruction 'X': unexpected value '2', expected to be -1 or 1").
// `list` in Regs: a scalar operand that also takes a brace list of any size
// of such registers (wgmma.mma_async.sp's metadata, ptxas 13.0).
// A negative Count -D: a brace list of N/D registers, N the n of the matrix
// shape word written (`.m64n24k16`: wgmma's accumulators, N/2 or N/4).
// An address operand's Regs is "" for a .shared address (ldmatrix: a 16-bit
// register is fine with .shared) or "generic" for one in any space (wmma: a
// 16-bit register never is).
class RowOperand<SlotRole role, int count, string regs, string values = ""> {
  SlotRole Role = role;
  int Count = count;
  string Regs = regs;
  string Values = values;
}

class Syntax<string pattern, list<WordSet> sets = [], Gate gate = NoGate> {
  string Pattern = pattern;
  // The operands, as the ISA writes them (see OperandsOf); "": the
  // opcode's OperandsOf, if it has one.
  string Args = "";
  list<WordSet> Sets = sets;
  Gate G = gate;
  // The operand count range of this row (-1: the opcode's OperandCheck, or
  // the number of VectorOperands when the row has them).
  int MinOperands = -1;
  int MaxOperands = -1;
  list<Missing> MissingMessages = [];
  // Checked in order when the instruction fits the row.
  list<Refuse> Refusals = [];
  // ptxas's message for a negated register operand (`-%r1`), which it
  // refuses everywhere but in vmad ({instr}).
  string NegationMessage = "Operand negation not allowed for instruction '{instr}'";
  // vmad: a source may be negated, but not the product (a xor b) and c
  // together, and never the destination.
  bit NegatesProductOrAddend = 0;
  // The first operand is a predicate-output pair `d|p`: 0 never ("Predicate
  // output not allowed"), 1 always ("Predicate output expected"), 2 either.
  int PredOutput = 2;
  // Warp-level rows: their operands (checked with ptxas's messages by
  // lib/Sema/RowVectors.cpp), what they compute (a Collective; unset: the
  // form does not execute, and ptx-run says so naming it) and the lanes
  // they need (AlignedWarp: the whole warp, converged).
  list<RowOperand> VectorOperands = [];
  SemanticOp Op = ?;
  WarpContract Contract = NoContract;
  // Gates of single words of the row (ld's .L2::cache_hint needs sm_80),
  // checked for each word the instruction writes, with ptxas's messages.
  list<QualGate> WordGates = [];
  // ptxas's message for a video selector on a destination that takes none
  // in this row (""): "Video selector is not allowed on destination for
  // instruction '{instr}'".
  string DestSelectorMessage = "";
  // Warp-level rows: ptxas's message for a scalar or a brace list of another
  // size than the row's ({n}, {k}: the operand, from 0, {instr}); a list of
  // another size also gets "Argument vector size mismatch" unless the row's
  // size is 1 (ldmatrix). Empty: "Vector expected for argument {k}" and
  // "Argument vector size mismatch" (mma).
  string VectorSizeMessage = "";
  // Warp-level rows: the name ptxas gives the instruction in "Argument vector
  // size mismatch" and a RowOperand's value message ('wgmma.mma_async with
  // floating point types'); empty: its name.
  string OperandsName = "";
}
// Mixins for rows.
class Operands<int min, int max = min> {
  int MinOperands = min;
  int MaxOperands = max;
}
class Refuses<list<Refuse> r> { list<Refuse> Refusals = r; }
class PredOutputIs<int p> { int PredOutput = p; }
class MissingSays<string element, string message> {
  list<Missing> MissingMessages = [Missing<element, message>];
}

// ptxas's message for a word that no row of the instruction takes, when it is
// not "Illegal modifier '.{word}' for instruction '{instr}'": ptxas names
// some words by their kind ("Illegal modifier 'Clamp' ..."). `words`: a
// comma list.
class IllegalMessage<string words, string message> {
  string Words = words;
  string Message = message;
}
class RowOperands<list<RowOperand> ops> { list<RowOperand> VectorOperands = ops; }
class Computes<SemanticOp op, WarpContract contract = AlignedWarp> {
  SemanticOp Op = op;
  WarpContract Contract = contract;
}
class WordGated<list<QualGate> gates> { list<QualGate> WordGates = gates; }

// ptxas's message for a word that rows of the instruction take, but none of
// the types written ({word}, {type}: the first type, {instr}); without one,
// "Illegal modifier" (or "Illegal rounding modifier").
class TypeMismatchMessage<string word, string message> {
  string Word = word;
  string Message = message;
}

// The operands of an opcode's rows, as the PTX ISA writes them: "d, a, b".
// Each operand is
//   d, p, q, d|p, p|q   a destination register (|p: with a predicate output)
//   a, b, c, ...        a source: a register or a constant
//   [a]                 an address
//   {d}                 a register, or a brace list with `.v2`/`.v4`/`.v8`
//   L                   a label
//   T                   the label of a .branchtargets list (brx.idx)
// followed by `:class` for a type other than the instruction's (`:u32`,
// `:b64`, `:pred`, `:wide` twice the type, `:atype` the last type word,
// `:any`, `:f32` an .f32 or .b32 register, `:addr` a 32- or 64-bit integer
// one, `:relaxed` the type with PTX ISA 9.4.1's relaxed register sizes (ld/st's
// data, whose registers lib/Sema/OperandSize.cpp checks), `:arelaxed` the last
// type word with them (cvt's a), `:x8`, `:x16` exactly a .b8, .b16 register
// and `:x32` a .b32 or .f16x2 one (the packed narrow formats of cvt, PTX ISA
// 5.2.5.1: ptxas 13.0 reads nothing else in an `:x8`/`:x16` operand, not even
// a constant; "Arguments mismatch")), with `!` before it
// for a negatable predicate, `&` after it for a name of a variable or
// function taken as a value (mov, cvta), `%` after it for an operand that may
// be a special register (mov, cvt: a destination one is "Read-only"; any
// with a floating-point type word is "not allowed"), `#` after it for a
// constant that no register may replace (alloca's alignment), `=4/8/16`,
// `=0..4` or `=*16` after it (and after `#`) for the values a constant there
// may take (a set, a range, `=0..4@box_dim` naming the modifier it is for,
// the multiples of a number; ptxas's "unexpected value" messages, worded as
// cp.async and tensormap.replace get them), `~LO..HI`, `*M`, `@N` for a
// range worded as bfe/bfi/pmevent/setmaxnreg get it ("value 'N' out of
// range, expected to be in range [..]"; a multiple; the argument number
// ptxas prints),
// `+` after it for a source that may be a brace list of up to four registers
// packing its type (query_cancel's .b128 response), `/_` after a destination that
// may be the sink `_` (atom's d; on `d|p`, either may be: lop3), and `?` for
// an operand that may be left out (an optional operand may stand between
// required ones: when fewer are written, the last optional ones are those
// left out, so bar.red's `d, a, b?, !c` with three operands is d, a, c).
// `=LO..HI` last (before `?`) bounds a constant (`*M`: a multiple of M; `@N`:
// ptxas names it argument N): "Argument 3 of instruction 'bfe': value '256'
// out of range, expected to be in range [0..255]", "... unexpected value
// '255', expected to be multiple of 8".
// A `:u32` (`:s32`, `:b32`) or `:pred` source takes integer constants only
// (ptxas 13.0: `selp.u32 %r1, %r2, %r3, 1`; `shl.b32 %r1, %r2, 1.0` is
// "Arguments mismatch"); the others take float constants too.
//
// A register operand may carry a video selector (`%r1.b0`, PTX ISA 9.7.10,
// 9.7.11) where the name says which (`d.sel, a.hsel`, before any `:class`):
//   .sel    .b0 .b1 .b2 .b3 .h0 .h1          (scalar video d, a, b)
//   .hsel   .hxy, x and y in 0-3             (vop2 a, b)
//   .bsel   .bxyzw, each in 0-7              (vop4 a, b)
//   .hmask  .h0 .h1 .h10                     (vop2 d)
//   .bmask  .b and digits 0-3, decreasing    (vop4 d: .b3210 .b20 .b1 ...)
//   .simd   none, but a SIMD operand         (vop2/vop4 c)
// An operand without one takes no selector: ptxas 13.0 says "Video selector
// is not allowed on destination for instruction 'X'" (or the row's
// DestSelectorMessage), "... on source operand for instruction 'X'", and in
// a list with selectors "... on 'source C' operand"; `.b01` on a 32-bit
// register is ptxas's spelling of no selector there. A selector the operand's
// kind does not take is "Incorrect video selector for operand N" (from 0), and
// a SIMD operand (.hsel ... .simd) is a register: an immediate, a variable or
// a special register cannot carry its selector (the same message).
class OperandsOf<string opcode, string args> {
  string Opcode = opcode;
  string Args = args;
}
