//===- GeneralInstrs.cpp - Every other PTX instruction, special registers -===//
//
// The rest of PTX is described well enough that real nvcc/llc kernels lint
// clean: every opcode name (PTX ISA 9.0 chapter 9), operand-count ranges and
// the type rule for the simple arithmetic and logic instructions, the
// modifier vocabulary (for "Illegal" vs "Unknown modifier"), and the special
// registers of chapter 10 with their types.
//
//===----------------------------------------------------------------------===//

#include "InstrTableImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace ptxwarp {
namespace isa {

// PTX ISA 9.0, chapter 9 ("Instruction Set"): every opcode, i.e. the first
// dotted word of a mnemonic.
static const char *const OpcodeNames[] = {"abs",
                                          "activemask",
                                          "add",
                                          "addc",
                                          "alloca",
                                          "and",
                                          "applypriority",
                                          "atom",
                                          "bar",
                                          "barrier",
                                          "bfe",
                                          "bfi",
                                          "bfind",
                                          "bmsk",
                                          "bra",
                                          "brev",
                                          "brkpt",
                                          "brx",
                                          "call",
                                          "clusterlaunchcontrol",
                                          "clz",
                                          "cnot",
                                          "copysign",
                                          "cos",
                                          "cp",
                                          "createpolicy",
                                          "cvt",
                                          "cvta",
                                          "discard",
                                          "div",
                                          "dp2a",
                                          "dp4a",
                                          "elect",
                                          "ex2",
                                          "exit",
                                          "fence",
                                          "fma",
                                          "fns",
                                          "getctarank",
                                          "griddepcontrol",
                                          "isspacep",
                                          "istypep",
                                          "ld",
                                          "ldmatrix",
                                          "ldu",
                                          "lg2",
                                          "lop3",
                                          "mad",
                                          "mad24",
                                          "madc",
                                          "mapa",
                                          "match",
                                          "max",
                                          "mbarrier",
                                          "membar",
                                          "min",
                                          "mma",
                                          "mov",
                                          "movmatrix",
                                          "mul",
                                          "mul24",
                                          "multimem",
                                          "nanosleep",
                                          "neg",
                                          "not",
                                          "or",
                                          "pmevent",
                                          "popc",
                                          "prefetch",
                                          "prefetchu",
                                          "prmt",
                                          "rcp",
                                          "red",
                                          "redux",
                                          "rem",
                                          "ret",
                                          "rsqrt",
                                          "sad",
                                          "selp",
                                          "set",
                                          "setmaxnreg",
                                          "setp",
                                          "shf",
                                          "shfl",
                                          "shl",
                                          "shr",
                                          "sin",
                                          "slct",
                                          "sqrt",
                                          "st",
                                          "stackrestore",
                                          "stacksave",
                                          "stmatrix",
                                          "sub",
                                          "subc",
                                          "suld",
                                          "suq",
                                          "sured",
                                          "sust",
                                          "szext",
                                          "tanh",
                                          "tcgen05",
                                          "tensormap",
                                          "testp",
                                          "tex",
                                          "tld4",
                                          "trap",
                                          "txq",
                                          "vabsdiff",
                                          "vabsdiff2",
                                          "vabsdiff4",
                                          "vadd",
                                          "vadd2",
                                          "vadd4",
                                          "vavrg2",
                                          "vavrg4",
                                          "vmad",
                                          "vmax",
                                          "vmax2",
                                          "vmax4",
                                          "vmin",
                                          "vmin2",
                                          "vmin4",
                                          "vote",
                                          "vset",
                                          "vset2",
                                          "vset4",
                                          "vshl",
                                          "vshr",
                                          "vsub",
                                          "vsub2",
                                          "vsub4",
                                          "wgmma",
                                          "wmma",
                                          "xor"};

ArrayRef<StringRef> allOpcodes() {
  static const std::vector<StringRef> Names = [] {
    std::vector<StringRef> N(std::begin(OpcodeNames), std::end(OpcodeNames));
    llvm::sort(N);
    return N;
  }();
  return Names;
}

bool isKnownOpcode(StringRef Opcode) {
  ArrayRef<StringRef> N = allOpcodes();
  return std::binary_search(N.begin(), N.end(), Opcode);
}

namespace {
// Slots shared by the general families: "any register of a compatible type".
const OperandSlot TypedDst = {"d", SlotRole::Dest, SlotClass::InstrType,
                              SF_None};
const OperandSlot TypedSrc = {"a", SlotRole::Source, SlotClass::InstrType,
                              SF_IntImm | SF_F32Imm | SF_F64Imm};
const OperandSlot Unary[] = {TypedDst, TypedSrc};
const OperandSlot Binary[] = {TypedDst, TypedSrc, TypedSrc};
const Gate NoGate = {{0, 0}, {0, 0}, "", {0, 0}, 0, "", false, ""};

#define TYPED_FORM(NAME, OPS)                                                  \
  { NAME, SemanticOp::Generic, false, "", "", OPS, NoGate, false, "" }
const InstrForm UnaryForm[] = {TYPED_FORM("unary", Unary)};
const InstrForm BinaryForm[] = {TYPED_FORM("binary", Binary)};
#undef TYPED_FORM

// bar / barrier (PTX ISA 9.7.13.1): the qualifier vocabulary, so that
// `bar.sync.warp` and upper-case words are unknown modifiers as in ptxas.
const DupRule AnyDup[] = {{"", "", ""}};
const QualGroup BarGroups[] = {{QualGroupKind::Flag, "barrier",
                                "sync,arrive,red,aligned,cta,popc,and,or",
                                false, "", AnyDup, "", ""}};

/// A general family checked for operand count and declared registers only.
constexpr InstrFamily general(StringRef Name, unsigned Min, unsigned Max,
                              bool Sregs = false) {
  return InstrFamily{Name, Name, {}, {}, {}, {}, true, Min, Max, Sregs};
}
/// A general family whose operands all follow the instruction type
/// (PTX ISA 9.7.1 / 9.7.8: add, sub, and, or, ...).
constexpr InstrFamily typed(StringRef Name, ArrayRef<InstrForm> Form,
                            unsigned N) {
  return InstrFamily{Name, Name, {}, {}, Form, {}, true, N, N, false};
}
} // namespace

ArrayRef<InstrFamily> generalFamilies() {
  // Operand counts from the PTX ISA 9.0 syntax of each instruction; `d|p`
  // counts as one operand. Where a form takes optional operands the range
  // covers them all (cvt packs two or three sources, setp a `c` predicate).
  static const InstrFamily Families[] = {
      typed("add", BinaryForm, 3),
      typed("sub", BinaryForm, 3),
      typed("and", BinaryForm, 3),
      typed("or", BinaryForm, 3),
      typed("xor", BinaryForm, 3),
      typed("not", UnaryForm, 2),
      typed("cnot", UnaryForm, 2),
      typed("neg", UnaryForm, 2),
      general("min", 3, 4),
      general("max", 3, 4),
      general("mul", 3, 3),
      general("mul24", 3, 3),
      general("div", 3, 3),
      general("rem", 3, 3),
      general("shl", 3, 3),
      general("shr", 3, 3),
      general("addc", 3, 3),
      general("subc", 3, 3),
      general("copysign", 3, 3),
      general("mad", 4, 4),
      general("mad24", 4, 4),
      general("madc", 4, 4),
      general("fma", 4, 4),
      general("sad", 4, 4),
      general("selp", 4, 4),
      general("slct", 4, 4),
      general("bfe", 4, 4),
      general("bfi", 5, 5),
      general("prmt", 4, 4),
      general("abs", 2, 2),
      general("popc", 2, 2),
      general("clz", 2, 2),
      general("brev", 2, 2),
      general("bfind", 2, 2),
      general("sqrt", 2, 2),
      general("rcp", 2, 2),
      general("rsqrt", 2, 2),
      general("sin", 2, 2),
      general("cos", 2, 2),
      general("ex2", 2, 2),
      general("lg2", 2, 2),
      general("tanh", 2, 2),
      general("cvta", 2, 2),
      general("cvt", 2, 4, /*Sregs=*/true),
      general("setp", 3, 4),
      general("set", 3, 4),
      general("ret", 0, 0),
      general("exit", 0, 0),
      general("trap", 0, 0),
      general("brkpt", 0, 0),
      general("bra", 1, 1),
      general("nanosleep", 1, 1),
      InstrFamily{"bar", "bar", BarGroups, {}, {}, {}, true, 1, 4, false, 16},
      InstrFamily{
          "barrier", "barrier", BarGroups, {}, {}, {}, true, 1, 4, false, 16},
  };
  return Families;
}

// Modifiers ptxas knows on some instruction (subset of PTX ISA 9.0 chapter 9
// that matters for choosing between "Illegal modifier" and "Unknown
// modifier"; both are errors).
static const char *const KnownModifiers[] = {
    "sync",    "aligned", "all",     "any",     "uni",      "ballot",
    "up",      "down",    "bfly",    "idx",     "add",      "min",
    "max",     "and",     "or",      "xor",     "abs",      "NaN",
    "cta",     "gpu",     "sys",     "cluster", "warp",     "relaxed",
    "acquire", "release", "acq_rel", "sc",      "volatile", "shared",
    "global",  "local",   "const",   "param",   "generic",  "wide",
    "hi",      "lo",      "rn",      "rz",      "rm",       "rp",
    "rni",     "rzi",     "rmi",     "rpi",     "ftz",      "sat",
    "approx",  "full",    "uni",     "arrive",  "red",      "popc",
    "cc",      "to",      "nc",      "v2",      "v4",       "v8",
    "x1",      "x2",      "x4"};

bool isKnownModifier(StringRef Q) {
  static const StringSet<> Set = [] {
    StringSet<> S;
    for (const char *M : KnownModifiers)
      S.insert(M);
    return S;
  }();
  return Set.count(Q) != 0;
}

bool isComparisonQualifier(StringRef Q) {
  return parseMode<CmpOp>(Q).has_value();
}

ControlFlow controlFlowOf(StringRef Opcode) {
  return StringSwitch<ControlFlow>(Opcode)
      .Case("bra", ControlFlow::Branch)
      .Case("brx", ControlFlow::IndirectBranch)
      .Case("ret", ControlFlow::Return)
      .Case("exit", ControlFlow::Exit)
      .Case("trap", ControlFlow::Exit)
      .Default(ControlFlow::None);
}

bool resultVariesPerLane(StringRef Opcode) {
  // atom: PTX ISA 9.7.13.5, each thread gets the value before its own update.
  return Opcode == "atom";
}

unsigned exactTypedOperands(StringRef Opcode, bool Wide) {
  // shl/shr (9.7.8.7/8): the shift amount b is .u32. mul/mad .wide (9.7.1.3/
  // 4): d (and mad's c) are twice as wide. The others: every operand.
  return StringSwitch<unsigned>(Opcode)
      .Cases("shl", "shr", 0b11)
      .Cases("min", "max", "div", "rem", 0b111)
      .Case("mul", Wide ? 0b110 : 0b111)
      .Case("mad", Wide ? 0b0110 : 0b1111)
      .Case("abs", 0b11)
      .Default(0);
}

IndexArith indexArithOf(StringRef Opcode) {
  return StringSwitch<IndexArith>(Opcode)
      .Cases("mov", "cvt", IndexArith::Copy)
      .Case("add", IndexArith::Add)
      .Case("sub", IndexArith::Sub)
      .Case("shr", IndexArith::ShiftRight)
      .Case("div", IndexArith::Divide)
      .Case("and", IndexArith::BitAnd)
      .Case("setp", IndexArith::Compare)
      .Default(IndexArith::Other);
}

OperandSizeRule operandSizeRuleOf(StringRef Opcode) {
  return StringSwitch<OperandSizeRule>(Opcode)
      .Cases("ld", "ldu", OperandSizeRule::Load)
      .Case("st", OperandSizeRule::Store)
      .Case("cvt", OperandSizeRule::Convert)
      .Default(OperandSizeRule::Exact);
}

// PTX ISA 9.0 chapter 10, "Special Registers". The second column is what
// the interpreter reads for it (an ir::SReg by name; empty: not executed).
// The sm_20 gates of %lanemask_* and %clock64 are the ISA's "Target ISA
// notes", as ptxas 13.0 enforces them.
static const SpecialReg SpecialRegs[] = {
    {"%tid", "Tid", PtxType::U32, true, 0, LaneVariance::WarpAligned, 0, true},
    {"%ntid", "NTid", PtxType::U32, true, 0, LaneVariance::Uniform, 0, true},
    {"%laneid", "LaneId", PtxType::U32, false, 0, LaneVariance::Lane},
    {"%warpid", "WarpId", PtxType::U32, false},
    {"%nwarpid", "NWarpId", PtxType::U32, false},
    {"%ctaid", "CtaId", PtxType::U32, true, 0, LaneVariance::Uniform, 0, true},
    {"%nctaid", "NCtaId", PtxType::U32, true, 0, LaneVariance::Uniform, 0,
     true},
    {"%smid", "SmId", PtxType::U32, false},
    {"%nsmid", "NSmId", PtxType::U32, false},
    {"%gridid", "GridId", PtxType::U64, false},
    {"%is_explicit_cluster", "", PtxType::Pred, false},
    {"%clusterid", "", PtxType::U32, true},
    {"%nclusterid", "", PtxType::U32, true},
    {"%cluster_ctaid", "", PtxType::U32, true},
    {"%cluster_nctaid", "", PtxType::U32, true},
    {"%cluster_ctarank", "", PtxType::U32, false},
    {"%cluster_nctarank", "", PtxType::U32, false},
    {"%lanemask_eq", "LaneMaskEq", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_le", "LaneMaskLe", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_lt", "LaneMaskLt", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_ge", "LaneMaskGe", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%lanemask_gt", "LaneMaskGt", PtxType::U32, false, 0, LaneVariance::Lane,
     20},
    {"%clock", "Clock", PtxType::U32, false},
    {"%clock_hi", "", PtxType::U32, false},
    {"%clock64", "Clock64", PtxType::U64, false, 0, LaneVariance::Uniform, 20},
    {"%pm", "", PtxType::U32, false, 8},
    {"%envreg", "", PtxType::B32, false, 32},
    {"%globaltimer", "GlobalTimer", PtxType::U64, false},
    {"%globaltimer_lo", "", PtxType::U32, false},
    {"%globaltimer_hi", "", PtxType::U32, false},
    {"%reserved_smem_offset_begin", "Zero", PtxType::B32, false},
    {"%reserved_smem_offset_end", "Zero", PtxType::B32, false},
    {"%reserved_smem_offset_cap", "Zero", PtxType::B32, false},
    {"%reserved_smem_offset_", "Zero", PtxType::B32, false, 2},
    {"%total_smem_size", "TotalSmemSize", PtxType::U32, false},
    {"%aggr_smem_size", "", PtxType::U32, false},
    {"%dynamic_smem_size", "DynamicSmemSize", PtxType::U32, false},
    {"%current_graph_exec", "", PtxType::U64, false},
};

ArrayRef<SpecialReg> allSpecialRegs() { return SpecialRegs; }

const SpecialReg *findSpecialReg(StringRef Name) {
  for (const SpecialReg &R : SpecialRegs) {
    if (R.Name == Name)
      return &R;
    if (R.IndexCount && Name.startswith(R.Name)) {
      StringRef Rest = Name.drop_front(R.Name.size());
      if (Rest.endswith("_64")) // %pm0_64
        Rest = Rest.drop_back(3);
      unsigned N;
      // ptxas knows only the listed indices: %pm8 is an unknown symbol.
      if (!Rest.empty() && !Rest.getAsInteger(10, N) && N < R.IndexCount)
        return &R;
    }
  }
  return nullptr;
}

bool isVectorSelector(StringRef Sel) {
  return Sel.size() == 1 && StringRef("xyzwrgba").contains(Sel[0]);
}

} // namespace isa
} // namespace ptxwarp
