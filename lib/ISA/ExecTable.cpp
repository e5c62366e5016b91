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
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace ptxwarp {
namespace isa {

namespace {
// Sorted by mnemonic (checked once, below).
const ExecInfo ExecTable[] = {
    {"abs", "Abs"},
    {"add", "Add"},
    {"addc", "Add", ExecInfo::CarryIn},
    {"and", "And"},
    {"applypriority", "Fence"},
    {"atom", "Atom"},
    {"bar", "BarSync"},
    {"barrier", "BarSync"},
    {"bfe", "Bfe"},
    {"bfi", "Bfi"},
    {"bfind", "Bfind"},
    {"bmsk", "Bmsk"},
    {"bra", "Bra"},
    {"brev", "Brev"},
    {"call", "Call", ExecInfo::Inlined},
    {"clz", "Clz"},
    {"cnot", "CNot"},
    {"copysign", "Copysign"},
    {"cos", "Cos"},
    {"cp", "AsyncCopy"},
    {"cvt", "Cvt"},
    {"cvta", "Cvta"},
    {"div", "Div"},
    {"ex2", "Ex2"},
    {"exit", "Exit"},
    {"fence", "Fence"},
    {"fma", "Fma"},
    {"fns", "Fns"},
    {"griddepcontrol", "Fence"},
    {"isspacep", "Isspacep"},
    {"ld", "Ld"},
    {"ldu", "Ld"},
    {"lg2", "Lg2"},
    {"lop3", "Lop3"},
    {"mad", "Mad"},
    {"mad24", "Mad24"},
    {"madc", "Mad", ExecInfo::CarryIn},
    {"max", "Max"},
    {"mbarrier", "Mbarrier"},
    {"membar", "Fence"},
    {"min", "Min"},
    {"mov", "Mov"},
    {"mul", "Mul"},
    {"mul24", "Mul24"},
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
    {"setp", "Setp"},
    {"shf", "Shf"},
    {"shl", "Shl"},
    {"shr", "Shr"},
    {"sin", "Sin"},
    {"slct", "Slct"},
    {"sqrt", "Sqrt"},
    {"st", "St"},
    {"sub", "Sub"},
    {"subc", "Sub", ExecInfo::CarryIn},
    {"szext", "Szext"},
    {"tanh", "Tanh"},
    {"testp", "Testp"},
    {"trap", "Trap"},
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
