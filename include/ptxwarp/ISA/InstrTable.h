//===- InstrTable.h - The instruction table: every form PTX code may use --===//
//
// The single source of truth about instructions. Each *family* is what
// ptxas calls instruction 'X' in its messages (shfl, vote, match, redux,
// activemask, elect, bar.warp, mov, ...); it has qualifier groups (allowed
// values, required or not, which duplicates are tolerated), rules tying the
// type to the mode, and *forms*: one per (sync, mode, type) combination, with
// operand slots, the PTX-version and target gates, and the semantic operation
// the lowering implements. Sema, lowering and `ptx-lint --list-instructions`
// all read this table; no rule about an instruction lives anywhere else.
//
// The rows are written in lib/ISA/td/*.td (TableGen) and emitted by
// utils/TableGen (ptxwarp-tblgen) at build time; this header declares what
// they fill and the lookups over them.
//
// Sources: PTX ISA 9.0 sections 9.7.9.x / 9.7.13.x; what ptxas 13.0 enforces
// is pinned by test/Sema/*.ptx and test/Sema/ptxas-expectations.test.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_ISA_INSTRTABLE_H
#define PTXWARP_ISA_INSTRTABLE_H

#include "ptxwarp/ISA/Target.h"
#include "ptxwarp/ISA/Types.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptxwarp {
namespace isa {

/// What a form computes (lib/ISA/td/WarpInstrs.td); the lowering switches on
/// this, never on text.
enum class SemanticOp : uint16_t {
#define SEMANTIC_OP(Name, Text, Kind, Function) Name,
#include "ptxwarp/ISA/Generated/SemanticOps.def"
};
llvm::StringRef semanticOpName(SemanticOp Op);

/// The register classes an operand slot accepts, as ptxas 13.0 does
/// (test/Sema/operands.ptx).
enum class SlotClass : uint8_t {
  Data32,     ///< b32 u32 s32 f32 f16x2 (bf16x2)
  Int32,      ///< b32 u32 s32
  ReduxF32,   ///< f32 b32
  Data64,     ///< b64 u64 s64 f64
  Pred,       ///< pred
  VotePred,   ///< pred; f16x2 too with -arch >= sm_90 or on legacy vote
  InstrType,  ///< compatible with the instruction's type (PTX ISA 6.4.x)
  Any,        ///< not checked (general instructions)
  Wide,       ///< twice the instruction type's size (mul.wide's d)
  IntAddr,    ///< a 32- or 64-bit integer: an address (isspacep's a)
  SourceType, ///< compatible with the last type word (cvt's atype)
  Relaxed, ///< the instruction type with ld/st's relaxed sizes (PTX ISA 9.4.1)
  SourceRelaxed, ///< the last type word with relaxed sizes (cvt's a)
  Packed8,       ///< exactly .b8: a pair of FP4 values (cvt's .e2m1x2)
  Packed16,      ///< exactly .b16: a pair of FP8/FP6 values (cvt's .e4m3x2)
  Packed32       ///< .b32 or .f16x2: a pair of halves (cvt's .f16x2)
};
llvm::StringRef slotClassName(SlotClass C);

enum class SlotRole : uint8_t {
  Dest,
  Source,
  Membermask,
  Address, ///< `[a]`: an address expression
  Label,   ///< a label (bra's target)
  Targets, ///< the label of a .branchtargets list (brx.idx's tlist)
};

/// Per-slot permissions, OR-ed together.
enum SlotFlags : uint16_t {
  SF_None = 0,
  SF_PredOut = 1 << 0,         ///< may carry `|p`
  SF_PredOutRequired = 1 << 1, ///< must carry `|p` (elect)
  SF_SinkDest = 1 << 2,        ///< d may be `_`
  SF_SinkPred = 1 << 3,        ///< the p of `d|p` may be `_`
  SF_Negatable = 1 << 4,       ///< `!a`
  SF_IntImm = 1 << 5,          ///< integer literal / constant expression
  SF_F32Imm = 1 << 6,          ///< `0f...` literal
  SF_F64Imm = 1 << 7,          ///< `0d...` or decimal float literal
  SF_SpecialReg = 1 << 8,      ///< special registers may be read here
  SF_Vector = 1 << 9,          ///< `{a, b}` with the `.v2`/`.v4` qualifier
  SF_Symbol = 1 << 10,         ///< a variable or function name as a value
  SF_ConstOnly = 1 << 11,      ///< a constant, not a register (alloca)
  SF_Optional = 1 << 12,       ///< may be left out (`?` in an operand list)
  SF_Packed = 1 << 13,         ///< or `{a, b}` packing its type (`+`)
};

/// The video selector an operand may carry (`%r1.b0`, `%r2.h10`; PTX ISA
/// 9.7.10, 9.7.11; the `.sel` ... `.simd` of an operand list, Classes.td).
enum class VideoSel : uint8_t {
  None,     ///< no selector (ptxas: "Video selector is not allowed ...")
  Scalar,   ///< .b0 .b1 .b2 .b3 .h0 .h1
  Half,     ///< .hxy, x and y in 0-3 (SIMD2 source)
  Byte,     ///< .bxyzw, each in 0-7 (SIMD4 source)
  HalfMask, ///< .h0 .h1 .h10 (SIMD2 destination)
  ByteMask, ///< .b and distinct digits 0-3, decreasing (SIMD4 destination)
  Simd,     ///< a SIMD operand that takes no selector (c)
};
/// Whether \p Sel (without the dot) is one \p K accepts.
bool videoSelectorFits(VideoSel K, llvm::StringRef Sel);

struct OperandSlot {
  llvm::StringRef Name; ///< "d", "a", "b", "c", "membermask"
  SlotRole Role;
  SlotClass Class;
  uint16_t Flags;
  VideoSel Sel = VideoSel::None;
  /// The values a constant may take (`=` in an operand list): "4/8/16",
  /// "0..4" ("0..4@box_dim": the modifier ptxas names), "*16" (a multiple,
  /// of the value as a .u32); empty: any.
  llvm::StringRef Values = {};
  /// A constant's range (`~LO..HI` in an operand list; none when Hi < Lo),
  /// the multiple it must be (`*M`; 0: any) and the argument number ptxas
  /// names it by (`@N`; -1: its position).
  int64_t RangeLo = 0;
  int64_t RangeHi = -1;
  uint16_t RangeStep = 0;
  int8_t RangeArg = -1;
  bool has(SlotFlags F) const { return (Flags & F) != 0; }
  bool hasRange() const { return RangeHi >= RangeLo; }
  /// A SIMD video operand: a register, whose selector (written or not) an
  /// immediate cannot carry.
  bool simdVideo() const {
    return Sel != VideoSel::None && Sel != VideoSel::Scalar;
  }
};

/// A PTX-version + target gate. ptxas's actual limits are enforced; where
/// the ISA text is stricter, the ISA values drive a "pedantic" warning.
struct Gate {
  PtxVersion MinVersion;          ///< what ptxas enforces ({0,0}: none)
  PtxVersion IsaMinVersion;       ///< what the PTX ISA text says
  llvm::StringRef VersionFeature; ///< 'X' in "Feature 'X' requires PTX ISA"
  PtxVersion MessageVersion;      ///< the version ptxas prints (6.0 for 5.1)
  unsigned MinTarget = 0;         ///< lowest sm number (0: none)
  /// Target message: "Instruction 'shfl' requires .target sm_30 or higher"
  /// (TargetIsFeature=false) or "Feature 'redux' requires ...".
  llvm::StringRef TargetFeature;
  bool TargetIsFeature = false;
  /// When non-empty, only these targets: "sm_100a,sm_100f,sm_103a,sm_103f".
  llvm::StringRef OnlyTargets;
  /// The word ptxas starts the OnlyTargets message with: "Instruction
  /// 'redux.f32' not supported on .target 'sm_90'" or "Feature '.m16n16'
  /// ...".
  llvm::StringRef OnlyTargetsKind = "Instruction";
};

/// Which threads a warp instruction waits for (PTX ISA, "Independent Thread
/// Scheduling" and the .sync/.aligned sections of each instruction).
enum class WarpContract : uint8_t {
  None,        ///< not a warp-synchronous form (or a legacy one)
  Membermask,  ///< `.sync`: the lanes of its membermask operand
  AlignedWarp, ///< `.sync.aligned` without a membermask: every thread of the
               ///< warp executes the same instruction together
};

/// One row of the table: a concrete instruction form.
struct InstrForm {
  llvm::StringRef Name; ///< "shfl.sync.up.b32" (canonical spelling)
  SemanticOp Op;
  bool Sync;            ///< has `.sync`
  llvm::StringRef Mode; ///< mode qualifier it matches ("" = none)
  llvm::StringRef Type; ///< type qualifier ("" = none)
  llvm::ArrayRef<OperandSlot> Operands;
  Gate G;
  /// Legacy non-`.sync` warp form: rejected for .target >= sm_70 from PTX
  /// 6.4, deprecated and warned about before (ptxas 13.0;
  /// test/Sema/legacy.ptx).
  bool Legacy = false;
  llvm::StringRef
      Syntax; ///< for --list-instructions, e.g. "d[|p], a, b, c, membermask"
  WarpContract Contract = WarpContract::None;
};

/// How a second qualifier of the same group is treated.
struct DupRule {
  llvm::StringRef First;   ///< comma list of values, "" = any
  llvm::StringRef Second;  ///< comma list of values, "" = any
  llvm::StringRef Message; ///< ptxas's error; empty = tolerated
};

/// Extra gate of one qualifier value (e.g. `.abs` needs sm_86 and 7.2).
struct QualGate {
  llvm::StringRef Value;
  PtxVersion MinVersion;
  llvm::StringRef VersionMessage;
  unsigned MinTarget;
  llvm::StringRef TargetMessage;
  /// When non-empty, only these targets ("sm_100a,sm_100f"): elsewhere
  /// TargetMessage, whose {target} is the module's target.
  llvm::StringRef OnlyTargets;
};

enum class QualGroupKind : uint8_t { Sync, Mode, Type, Flag, Scope, Shape };

/// A qualifier slot of a family.
struct QualGroup {
  QualGroupKind Kind;
  llvm::StringRef Name;   ///< "mode", "type", ".abs"
  llvm::StringRef Values; ///< comma list: "up,down,bfly,idx"
  bool Required;
  llvm::StringRef MissingMessage; ///< ptxas's text when required and absent
  llvm::ArrayRef<DupRule> Dups;   ///< first matching rule wins
  /// For flags: the only type they go with ("f32"), with ptxas's message.
  llvm::StringRef RequiresType;
  llvm::StringRef RequiresTypeMessage;
};

/// The type a mode requires: "Incorrect type '.b32' for operation '.add'".
struct TypeRule {
  llvm::StringRef Modes;   ///< comma list
  llvm::StringRef Types;   ///< comma list of allowed types
  llvm::StringRef Message; ///< placeholders: {type} {mode} {instr}
};

/// An instruction family as ptxas names it.
struct InstrFamily {
  llvm::StringRef Opcode;   ///< first token(s) of the mnemonic: "bar.warp"
  llvm::StringRef DiagName; ///< the 'X' in ptxas messages
  llvm::ArrayRef<QualGroup> Groups;
  llvm::ArrayRef<TypeRule> TypeRules;
  llvm::ArrayRef<InstrForm> Forms;
  llvm::ArrayRef<QualGate> QualGates;
  /// General (non-warp) instruction: qualifiers and operands are checked
  /// only as far as the operand count range and declared registers.
  bool General = false;
  unsigned MinOperands = 0, MaxOperands = 0; ///< for General families
  /// Special registers may be read in any source (mov, cvt).
  bool ReadsSpecialRegs = false;
  /// When non-zero, a constant first operand must be below it (bar/barrier:
  /// 16 named barriers, PTX ISA 9.7.13.1).
  uint64_t BarrierIdLimit = 0;
};

/// An opcode (the first dotted word, "shfl") looked up once in the
/// per-opcode table (td/Opcodes.td). The queries below take one: an analysis
/// that asks several of them about one instruction resolves its mnemonic
/// once (`isa::OpcodeRef Op(I.Opcode)`) instead of once per question. It
/// converts implicitly from a mnemonic for a single question.
class OpcodeRef {
public:
  OpcodeRef() = default;
  OpcodeRef(llvm::StringRef Mnemonic);
  OpcodeRef(const char *Mnemonic) : OpcodeRef(llvm::StringRef(Mnemonic)) {}
  /// The mnemonic it was made from.
  llvm::StringRef name() const { return Name; }
  /// Whether the table has a row for it (every PTX opcode has one).
  bool known() const { return Row >= 0; }
  /// The row's index in the table, -1 when unknown.
  int row() const { return Row; }

private:
  llvm::StringRef Name;
  int Row = -1;
};

/// Warp families and the general families that carry operand rules.
llvm::ArrayRef<InstrFamily> instrFamilies();

/// Looks up the family of an instruction: \p Opcode is the first dotted
/// word ("shfl"); \p FirstQual the first qualifier (to see "bar" + "warp").
/// Returns null when the table has no detailed family for it.
const InstrFamily *findFamily(OpcodeRef Opcode, llvm::StringRef FirstQual);

/// The words of an instruction that choose its form: whether `.sync` is
/// written, the mode and the type (the family's groups say which is which).
struct FormKey {
  bool Sync = false;
  llvm::StringRef Mode;
  llvm::StringRef Type;
};
/// \p Quals (the qualifier words, without dots) sorted into \p F's groups;
/// words of no group are left out (the checker reports them).
FormKey formKeyOf(const InstrFamily &F, llvm::ArrayRef<llvm::StringRef> Quals);
/// The form of \p F that \p K selects, or null: the one rule by which both
/// the checker and the lowering pick a form.
const InstrForm *selectForm(const InstrFamily &F, const FormKey &K);

/// True for every PTX opcode name (PTX ISA 9.0 chapter 9 instruction list).
bool isKnownOpcode(OpcodeRef Opcode);
/// Every PTX opcode name, sorted.
llvm::ArrayRef<llvm::StringRef> allOpcodes();

/// True when \p Value is in the comma-separated \p List.
bool listContains(llvm::StringRef List, llvm::StringRef Value);

/// Modifier words ptxas knows on some instruction: a known word in the
/// wrong place is "Illegal modifier", an unknown one "Unknown modifier".
bool isKnownModifier(llvm::StringRef Q);
/// The gates of a state-space word with a sub-space (`shared::cluster`):
/// the feature name in ptxas's messages, the PTX version, the target (0:
/// none).
struct SpaceGate {
  llvm::StringRef Feature;
  PtxVersion MinVersion;
  unsigned MinTarget;
};
std::optional<SpaceGate> stateSpaceGate(llvm::StringRef Q);
/// A matrix shape word (`m8n8`, `m16n8k16`; PTX ISA 9.7.14 "Warp Level
/// Matrix Multiply-Accumulate Instructions", matrix shape).
bool isMatrixShape(llvm::StringRef Q);
/// Comparison operators (`.eq`, `.nan`, ...): "Comparison qualifier is not
/// allowed for instruction 'X'".
bool isComparisonQualifier(llvm::StringRef Q);

/// How an instruction transfers control (PTX ISA 9.7.12, "Control Flow
/// Instructions"), for analyses that build a control-flow graph.
enum class ControlFlow : uint8_t {
  None,           ///< falls through
  Branch,         ///< `bra L`: to its label operand
  IndirectBranch, ///< `brx.idx`: to one of a .branchtargets list
  Return,         ///< `ret`: leaves the function
  Exit,           ///< `exit`, `trap`: ends the thread
};
ControlFlow controlFlowOf(OpcodeRef Opcode);

/// True when the instruction's result differs from lane to lane even with the
/// same operands in every lane (`atom` returns each lane's old value in turn),
/// so a divergence analysis must treat it as thread-varying.
bool resultVariesPerLane(OpcodeRef Opcode);

/// For the general ALU families whose operands are not otherwise described:
/// bit K set when operand K has exactly the instruction type's size (PTX ISA
/// 9.4 "Type Information for Instructions and Operands": outside ld, st and
/// cvt an operand's type must agree with the instruction type, Table 26).
/// \p Wide: the `.wide` form, whose destination is twice as wide. 0 when
/// nothing is known.
unsigned exactTypedOperands(OpcodeRef Opcode, bool Wide);

/// For the instructions that address memory in a state space (ld, st,
/// atom, red, prefetch, cvta): the operand that names the address (ld's
/// `[a]`, st's `[a]`, cvta's `a`); -1 for the others. A variable there must
/// live in the state space the instruction names (ptxas 13.0: "State space
/// mismatch between instruction and address").
int memoryOperandOf(OpcodeRef Opcode);
/// The state-space qualifiers the opcode does not take, a comma list
/// (`st.const`: ptxas 13.0's "State space incorrect for instruction 'st'").
llvm::StringRef refusedStateSpaces(OpcodeRef Opcode);
/// The operand that is a cache policy, written exactly when the instruction
/// has `.L2::cache_hint` (PTX ISA 9.7.9.8 ld, 9.7.9.10 st); -1 for none.
int cachePolicyOperandOf(OpcodeRef Opcode);
/// A texture or surface instruction's data operand (tex, tld4, suld: 0;
/// sust: 1; -1 for other opcodes); \p BitData: its data is bit-size, with
/// 32-bit integer coordinates and no sampler (suld, sust).
int imageDataOperand(OpcodeRef Opcode, bool &BitData);
/// What makes ptxas 13.0 compile 32-bit code with the opcode besides its
/// memoryOperandOf address: "type" (cvta.u32), "global" (mov.u32 of a
/// .global variable), "generic" (mbarrier's address without a space),
/// "address" (multimem's address); empty for none.
llvm::StringRef code32Rule(OpcodeRef Opcode);
/// When the opcode needs an instruction type (`mul.wide` without one is
/// "Unexpected instruction types specified for 'mul.wide'"): the modes
/// (comma list) that ptxas names with the opcode in that message; none when
/// no type is required.
std::optional<llvm::StringRef> typeRequirement(OpcodeRef Opcode);
/// The words that, written right after the opcode, name the instruction in
/// ptxas's messages ('mul.wide', 'cvta.to', 'div.full'): a comma list.
llvm::StringRef variantWords(OpcodeRef Opcode);

/// What an instruction does to a thread index, for the divergence analysis
/// to see that `%tid.x >> 5` or `%tid.x > 31` are the same in every lane of a
/// warp although `%tid.x` is not.
enum class IndexArith : uint8_t {
  Other,      ///< anything else: the result varies if a source does
  Copy,       ///< mov, cvt: the result is the source
  Add,        ///< add
  Sub,        ///< sub
  ShiftRight, ///< shr
  Divide,     ///< div
  BitAnd,     ///< and
  Compare,    ///< setp
};
IndexArith indexArithOf(OpcodeRef Opcode);

/// How a constant propagation computes an instruction's result when its
/// sources are integer constants, at the width of the instruction type (the
/// PTX ISA 9.7.1 "Integer Arithmetic Instructions" and 9.7.8 "Logic and Shift
/// Instructions" semantics of the basic forms).
enum class ConstFold : uint8_t {
  None, ///< the result is not followed
  Copy, ///< mov d, a
  Add,  ///< add d, a, b: a + b, wrapping
  Sub,  ///< sub d, a, b: a - b, wrapping
  And,  ///< and d, a, b
  Or,   ///< or d, a, b
  Xor,  ///< xor d, a, b
  Not,  ///< not d, a
  Shl,  ///< shl d, a, b: amounts above the width clamp to the width
  Shr,  ///< shr d, a, b: sign-filling for .s types, zero-filling otherwise
};
ConstFold constFoldOf(OpcodeRef Opcode);

/// The warp operation a form's SemanticOp belongs to.
enum class WarpOpKind : uint8_t {
  Shfl,
  Vote,
  Match,
  Redux,
  ActiveMask,
  Elect,
  BarWarpSync,
  Mov,
  /// A table-driven collective: the interpreter calls the semantics function
  /// the table names (Interp/Collective.h).
  Collective,
  Generic
};
WarpOpKind warpOpKind(SemanticOp Op);

/// How an instruction's register operands may differ in size from its type
/// (PTX ISA 6.4.1, "Operand Size Exceeding Instruction-Type Size"): ld/ldu
/// destinations and st sources may be wider, cvt's both; the rest match.
enum class OperandSizeRule : uint8_t { Exact, Load, Store, Convert };
OperandSizeRule operandSizeRuleOf(OpcodeRef Opcode);

/// How a value differs between the lanes of one warp.
enum class LaneVariance : uint8_t {
  Uniform,     ///< the same in every lane (%ctaid, %ntid, constants)
  WarpAligned, ///< 32 * warp + lane, like %tid (for blocks whose x extent is
               ///< a multiple of 32): bits 5 and up are the same in a warp
  Lane,        ///< anything else that differs (%laneid, %lanemask_*)
};

/// Special registers (PTX ISA 9.0 chapter 10) and their value types.
struct SpecialReg {
  llvm::StringRef Name; ///< "%laneid", "%tid" (components take .x/.y/.z)
  /// What the interpreter reads: the name of an ir::SReg ("LaneId"; with
  /// components the stem, "Tid" for TidX/TidY/TidZ); empty when it cannot
  /// execute it (lib/Lower/Lower.cpp reports it as unsupported).
  llvm::StringRef Exec;
  PtxType Ty;
  bool HasComponents; ///< %tid.x
  /// Indexed family: %pm0..%pm7 (8), %envreg0..31 (32),
  /// %reserved_smem_offset_0..1 (2); 0 for a plain register.
  unsigned IndexCount = 0;
  /// How the value differs between the lanes of one warp.
  LaneVariance Variance = LaneVariance::Uniform;
  /// Lowest .target that has it ("Feature '%lanemask_eq' requires .target
  /// sm_20 or higher"); 0 for none.
  unsigned MinTarget = 0;
  /// Legacy 16-bit reads (`mov.u16 %rh, %tid.x`) are allowed (PTX ISA
  /// 10.x on %tid, %ntid, %ctaid, %nctaid; ptxas 13.0 agrees).
  bool Legacy16 = false;
};
const SpecialReg *findSpecialReg(llvm::StringRef Name);
/// A vector element selector: one of x y z w or r g b a (PTX ISA 5.4.2,
/// "Vectors"); what may follow `%tid.` and the other vector registers.
bool isVectorSelector(llvm::StringRef Sel);
llvm::ArrayRef<SpecialReg> allSpecialRegs();

/// What a non-warp instruction executes as (lib/ISA/td/Opcodes.td): the IR
/// operation the lowering emits for it, by name (ir::opcodeFromName), or why
/// ptx-run refuses it.
struct ExecInfo {
  enum Flag : uint8_t {
    None = 0,
    CarryIn = 1, ///< addc/subc/madc read the carry flag (PTX ISA 9.7.2)
    Inlined = 2, ///< call: the callee's body is inlined, no IR operation
    /// bar.sync/.arrive/.red are barrier.*.aligned (PTX ISA 9.7.13.1).
    AlignedForm = 4,
    /// wmma: a Collective the lowering reads from the instruction's words
    /// (lib/Lower/LowerWmma.cpp; PTX ISA 9.7.14.4).
    LowersWmma = 8,
  };
  llvm::StringRef Mnemonic; ///< the opcode, the first dotted word
  llvm::StringRef IROpcode; ///< an IR_OPCODE name ("Add"), "Call", or empty
  uint8_t Flags = None;
  /// When IROpcode is empty: why the interpreter refuses the instruction
  /// (the lowering's message and `--list-instructions` say it).
  llvm::StringRef NotRun = "";
  bool runs() const { return !IROpcode.empty(); }
};
/// Every entry (the opcodes without a warp family), sorted by mnemonic.
std::vector<const ExecInfo *> execTable();
/// The entry for \p Mnemonic (check runs()); null when the table has none.
const ExecInfo *findExec(OpcodeRef Mnemonic);

/// Renders the table (families, forms, operands, gates) for
/// `ptx-lint --list-instructions`.
void printInstructionTable(llvm::raw_ostream &OS);
/// The warp forms as a Markdown table (README.md's "Supported instructions"
/// section is this output; a lit test keeps the two equal).
void printInstructionTableMarkdown(llvm::raw_ostream &OS);

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_ISA_INSTRTABLE_H
