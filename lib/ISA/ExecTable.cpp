//===- ExecTable.cpp - What each non-warp instruction computes ------------===//
//
// The interpreter's half of the instruction table: for every instruction
// ptx-run executes besides the warp-level ones (whose forms carry a
// SemanticOp), the IR operation it lowers to. The lowering dispatches on this
// table, never on the mnemonic; `--list-instructions` prints it; an
// IR unit test checks that every entry names an IR opcode.
//
// Variants that share an operation differ by flags here (addc = add with the
// carry flag read, PTX ISA 9.7.2) or by qualifiers the lowering reads
// (cvta.to, bar.red, mul.hi/.wide, ret in an entry = exit).
//
// An instruction without a meaning ptx-run can give it on one SM has a row
// with no IR operation and the reason, which the lowering reports.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace ptxwarp {
namespace isa {

namespace {
// Reasons that several opcodes share.
constexpr const char *NoTextures =
    "textures and surfaces need bound texture/surface objects, which a "
    "launch does not describe";
constexpr const char *NoMatrix =
    "the warp-level matrix instructions are not executed yet (their fragment "
    "layouts are planned)";
constexpr const char *NoStack =
    "ptx-run has no per-thread dynamic stack to allocate from (only the "
    ".local variables the kernel declares)";
constexpr const char *NoCluster =
    "addresses in other CTAs of a cluster are not modelled";

// Sorted by mnemonic (checked once, below).
const ExecInfo ExecTable[] = {
    {"abs", "Abs"},
    {"add", "Add"},
    {"addc", "Add", ExecInfo::CarryIn},
    {"alloca", "", ExecInfo::None, NoStack},
    {"and", "And"},
    {"applypriority", "Fence"},
    {"atom", "Atom"},
    {"bar", "BarSync", ExecInfo::AlignedForm},
    {"barrier", "BarSync"},
    {"bfe", "Bfe"},
    {"bfi", "Bfi"},
    {"bfind", "Bfind"},
    {"bmsk", "Bmsk"},
    {"bra", "Bra"},
    {"brev", "Brev"},
    {"brkpt", "", ExecInfo::None,
     "a breakpoint suspends the thread for a debugger, and ptx-run has none"},
    {"brx", "BrxIdx"},
    {"call", "Call", ExecInfo::Inlined},
    {"clusterlaunchcontrol", "", ExecInfo::None,
     "cancelling and querying CTAs that the hardware schedules is not "
     "modelled"},
    {"clz", "Clz"},
    {"cnot", "CNot"},
    {"copysign", "Copysign"},
    {"cos", "Cos"},
    {"cp", "AsyncCopy"},
    {"createpolicy", "", ExecInfo::None,
     "the cache-eviction policy it creates is an opaque hardware value, which "
     "ptx-run does not model"},
    {"cvt", "Cvt"},
    {"cvta", "Cvta"},
    {"discard", "", ExecInfo::None,
     "discard leaves the cache line's contents indeterminate, which ptx-run's "
     "memory cannot represent"},
    {"div", "Div"},
    {"dp2a", "Dp2a"},
    {"dp4a", "Dp4a"},
    {"ex2", "Ex2"},
    {"exit", "Exit"},
    {"fence", "Fence"},
    {"fma", "Fma"},
    {"fns", "Fns"},
    {"getctarank", "", ExecInfo::None, NoCluster},
    {"griddepcontrol", "Fence"},
    {"isspacep", "Isspacep"},
    {"istypep", "", ExecInfo::None, NoTextures},
    {"ld", "Ld"},
    {"ldmatrix", "", ExecInfo::None, NoMatrix},
    {"ldu", "Ld"},
    {"lg2", "Lg2"},
    {"lop3", "Lop3"},
    {"mad", "Mad"},
    {"mad24", "Mad24"},
    {"madc", "Mad", ExecInfo::CarryIn},
    {"mapa", "", ExecInfo::None, NoCluster},
    {"max", "Max"},
    {"mbarrier", "Mbarrier"},
    {"membar", "Fence"},
    {"min", "Min"},
    {"mma", "", ExecInfo::None, NoMatrix},
    {"mov", "Mov"},
    {"movmatrix", "", ExecInfo::None, NoMatrix},
    {"mul", "Mul"},
    {"mul24", "Mul24"},
    {"multimem", "", ExecInfo::None,
     "multimem addresses name memory on several GPUs; ptx-run models one"},
    {"nanosleep", "Fence"},
    {"neg", "Neg"},
    {"not", "Not"},
    {"or", "Or"},
    {"pmevent", "Fence"},
    {"popc", "Popc"},
    {"prefetch", "Fence"},
    {"prefetchu", "Fence"},
    {"prmt", "Prmt"},
    {"rcp", "Rcp"},
    {"red", "Red"},
    {"rem", "Rem"},
    {"ret", "Ret"},
    {"rsqrt", "Rsqrt"},
    {"sad", "Sad"},
    {"selp", "Selp"},
    {"set", "Set"},
    {"setmaxnreg", "", ExecInfo::None,
     "warpgroup register reallocation is not modelled"},
    {"setp", "Setp"},
    {"shf", "Shf"},
    {"shl", "Shl"},
    {"shr", "Shr"},
    {"sin", "Sin"},
    {"slct", "Slct"},
    {"sqrt", "Sqrt"},
    {"st", "St"},
    {"stackrestore", "", ExecInfo::None, NoStack},
    {"stacksave", "", ExecInfo::None, NoStack},
    {"stmatrix", "", ExecInfo::None, NoMatrix},
    {"sub", "Sub"},
    {"subc", "Sub", ExecInfo::CarryIn},
    {"suld", "", ExecInfo::None, NoTextures},
    {"suq", "", ExecInfo::None, NoTextures},
    {"sured", "", ExecInfo::None, NoTextures},
    {"sust", "", ExecInfo::None, NoTextures},
    {"szext", "Szext"},
    {"tanh", "Tanh"},
    {"tcgen05", "", ExecInfo::None,
     "Tensor Memory and the fifth-generation tensor core instructions "
     "(sm_100a) are not modelled"},
    {"tensormap", "", ExecInfo::None,
     "tensor-map objects (the descriptors of bulk tensor copies) are not "
     "modelled"},
    {"testp", "Testp"},
    {"tex", "", ExecInfo::None, NoTextures},
    {"tld4", "", ExecInfo::None, NoTextures},
    {"trap", "Trap"},
    {"txq", "", ExecInfo::None, NoTextures},
    {"vabsdiff", "VAbsdiff"},
    {"vabsdiff2", "VAbsdiff2"},
    {"vabsdiff4", "VAbsdiff4"},
    {"vadd", "VAdd"},
    {"vadd2", "VAdd2"},
    {"vadd4", "VAdd4"},
    {"vavrg2", "VAvrg2"},
    {"vavrg4", "VAvrg4"},
    {"vmad", "VMad"},
    {"vmax", "VMax"},
    {"vmax2", "VMax2"},
    {"vmax4", "VMax4"},
    {"vmin", "VMin"},
    {"vmin2", "VMin2"},
    {"vmin4", "VMin4"},
    {"vset", "VSet"},
    {"vset2", "VSet2"},
    {"vset4", "VSet4"},
    {"vshl", "VShl"},
    {"vshr", "VShr"},
    {"vsub", "VSub"},
    {"vsub2", "VSub2"},
    {"vsub4", "VSub4"},
    {"wgmma", "", ExecInfo::None,
     "warpgroup-level asynchronous matrix multiply (sm_90a) is not modelled"},
    {"wmma", "", ExecInfo::None, NoMatrix},
    {"xor", "Xor"},
};

bool lessByMnemonic(const ExecInfo &A, const ExecInfo &B) {
  return A.Mnemonic < B.Mnemonic;
}
} // namespace

ArrayRef<ExecInfo> execTable() {
  assert(llvm::is_sorted(ExecTable, lessByMnemonic) &&
         "ExecTable must be sorted by mnemonic");
  return ExecTable;
}

const ExecInfo *findExec(StringRef Mnemonic) {
  ArrayRef<ExecInfo> T = execTable();
  auto It = std::lower_bound(T.begin(), T.end(), ExecInfo{Mnemonic, ""},
                             lessByMnemonic);
  return It != T.end() && It->Mnemonic == Mnemonic ? &*It : nullptr;
}

} // namespace isa
} // namespace ptxwarp
