//===- IR.h - The linear typed register IR the interpreter runs -----------===//
//
// One Function per `.entry` (callees are inlined at lowering time, so every
// thread's PC is an index into one flat instruction array). Registers are
// numbered; every operand is pre-decoded (register number, folded immediate,
// special register, or resolved address); branch targets are instruction
// indices; each branch carries its reconvergence point (the immediate
// post-dominator, computed once at lowering time) for the lockstep policy.
//
// docs/ARCHITECTURE.md, "Data flow".
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_IR_H
#define PTXWARP_IR_IR_H

#include "ptxwarp/ISA/Modes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ptxwarp {
namespace ir {

/// A scalar PTX type: kind and width (PTX ISA 5.2.2 "Fundamental types"),
/// or one of the packed pairs .f16x2/.bf16x2/.u16x2/.s16x2 (PTX ISA 5.2.5
/// "Packed Data Types"): Packed, Bits = 32, two 16-bit elements of kind K,
/// the first in the low half.
struct Type {
  enum Kind : uint8_t { None, Pred, B, U, S, F, BF };
  Kind K = None;
  uint8_t Bits = 0;
  bool Packed = false;

  bool isFloat() const { return K == F || K == BF; }
  bool isSigned() const { return K == S; }
  unsigned bytes() const { return Bits == 1 ? 1 : Bits / 8; }
  /// The element type of a packed type (the type itself otherwise).
  Type elem() const { return Packed ? Type{K, uint8_t(Bits / 2)} : *this; }
  std::string str() const;
  /// Parses `u32`, `bf16`, `f16x2`; None for anything else.
  static Type fromName(llvm::StringRef Name);
};

/// Special registers (PTX ISA 10) as the interpreter reads them.
enum class SReg : uint8_t {
#define IR_SREG(NAME, SPELLING) NAME,
#include "ptxwarp/IR/SpecialRegs.def"
};

/// Memory spaces after lowering.
enum class Space : uint8_t {
  Generic,
  Global,
  Shared,
  Local,
  KernelParam, ///< the launch's parameter block (read-only)
  FrameParam,  ///< per-thread .param storage of inlined calls
  Const,
};

struct Operand {
  enum Kind : uint8_t { None, Register, Immediate, Special, Addr };
  Kind K = None;
  bool Negated = false; ///< `!p` (predicate sources only)
  /// Lowering-internal: Imm is relative to the dynamic shared base.
  bool DynShared = false;
  SReg S = SReg::LaneId;
  Space Sp = Space::Generic;
  int32_t RegNo = -1; ///< Reg; Addr: base register or -1
  uint64_t Imm = 0;   ///< Imm; Addr: constant offset (added to the base)

  static Operand reg(unsigned R) {
    Operand O;
    O.K = Register;
    O.RegNo = int32_t(R);
    return O;
  }
  static Operand imm(uint64_t V) {
    Operand O;
    O.K = Immediate;
    O.Imm = V;
    return O;
  }
  static Operand special(SReg S) {
    Operand O;
    O.K = Special;
    O.S = S;
    return O;
  }
  bool isReg() const { return K == Register; }
};

enum class Opcode : uint8_t {
#define IR_OPCODE(NAME) NAME,
#include "ptxwarp/IR/Opcodes.def"
};
llvm::StringRef opcodeName(Opcode Op);
/// The opcode named \p Name ("Add"), as isa::ExecInfo names them.
std::optional<Opcode> opcodeFromName(llvm::StringRef Name);
/// The SReg called \p Name ("TidX"), which the ISA table's Exec column
/// names; None for anything else.
std::optional<SReg> sregFromName(llvm::StringRef Name);
/// How --emit-ir prints \p S ("%tid.x").
llvm::StringRef sregSpelling(SReg S);

// The qualifier word sets the IR carries in Inst::Sub/Sub2/Rnd: each is
// listed once, in lib/ISA/td/ModeSets.td.
using isa::AtomOp;
using isa::BoolOp;
using isa::CmpOp;
using isa::Rounding;
using isa::TestpClass;

/// BarSync's Sub (PTX ISA 9.7.13.1, bar/barrier): .sync waits for the
/// barrier to complete, .arrive only marks the thread's arrival.
enum class BarMode : uint8_t { Sync, Arrive };
/// BarRed's Sub: how the predicates of the arrived threads are reduced.
enum class BarRedOp : uint8_t { Popc, And, Or };

/// Most destinations, and most sources, of one Collective instruction (mma
/// .f64 m16n8k16 reads 16 registers: a 8, b 4, c 4).
constexpr unsigned MaxCollectiveOperands = 32;

/// One instruction. Operand order: destinations first, then sources, as in
/// PTX; vector operands are flattened (see Opcodes.def for each layout).
struct Inst {
  Opcode Op = Opcode::Nop;
  Type Ty;    ///< the instruction type (`.u32` of add.u32)
  Type SrcTy; ///< cvt source type; setp/set comparison type
  /// opcode-specific mode (ShflMode, VoteMode, CmpOp...; a Collective: its
  /// isa::SemanticOp, more than 255 of them)
  uint16_t Sub = 0;
  uint8_t Sub2 = 0; ///< second mode (BoolOp of setp, ReduxType, ...)
  Rounding Rnd = Rounding::None;
  bool Sat = false, Ftz = false, Abs = false, NaN = false, Negate = false;
  bool Uni = false;
  bool Relu = false; ///< .relu: negative results become +0 (f16/bf16 forms)
  /// cvt .satfinite: |input| > MAX_NORM gives +-MAX_NORM (PTX ISA 9.7.9.21).
  bool SatFinite = false;
  /// Legacy non-.sync warp forms: the membermask is the set of lanes
  /// executing together (the last operand is a placeholder).
  bool ImplicitMask = false;
  /// `.sync.aligned` without a membermask (movmatrix, the matrix
  /// instructions): every thread of the warp executes it together.
  bool AlignedWarp = false;
  /// add/sub/mad with .cc (CarryOut) and addc/subc/madc (CarryIn).
  bool CarryIn = false, CarryOut = false;
  uint8_t Vec = 1; ///< .v2/.v4 element count, mul/mad .hi/.wide marker
  /// Ld/St: an alignment the address must have beyond the element size (the
  /// 16-byte rows of ldmatrix/stmatrix; 0: none).
  uint8_t MinAlign = 0;
  uint64_t Modes = 0; ///< packed modes beyond Sub/Sub2 (video: Interp/Video.h)
  int32_t Guard = -1; ///< guard predicate register or -1
  bool GuardNeg = false;
  uint32_t Target = 0;     ///< branch target / call continuation
  uint32_t Reconverge = 0; ///< IPDOM of a branch (lockstep policy)
  llvm::SmallVector<Operand, 4> Ops;
  llvm::SMLoc Loc; ///< the instruction in the source buffer
  unsigned Line = 0;
  std::string Text; ///< the instruction as written (for --trace / errors)

  // Moves are declared noexcept so that a growing std::vector<Inst> moves
  // its instructions instead of copying them (LLVM 14's SmallVector does not
  // declare its move noexcept, although moving one of the same inline size
  // never allocates).
  Inst() = default;
  Inst(const Inst &) = default;
  Inst(Inst &&) noexcept = default;
  Inst &operator=(const Inst &) = default;
  Inst &operator=(Inst &&) noexcept = default;
};

struct RegInfo {
  std::string Name;
  Type Ty;
};

/// A module-scope or function-scope variable with storage.
struct Variable {
  std::string Name;
  Space Sp = Space::Global;
  uint64_t Offset = 0; ///< within its space's segment
  uint64_t Size = 0;
  uint64_t Align = 1;
  std::vector<uint8_t> Init; ///< empty = zero
  llvm::SMRange Range;       ///< the declarator, for diagnostics
};

struct KernelParam {
  std::string Name;
  Type Ty;
  uint64_t Offset = 0;
  uint64_t Size = 0;
  bool IsPointer = false; ///< declared .u64/.b64 (could hold a buffer)
};

struct Function {
  std::string Name;
  std::vector<Inst> Insts;
  std::vector<RegInfo> Regs;
  std::vector<KernelParam> Params;
  uint64_t ParamBytes = 0;
  uint64_t SharedBytes = 0;     ///< static shared memory
  uint64_t LocalBytes = 0;      ///< per-thread .local
  uint64_t FrameParamBytes = 0; ///< per-thread .param of inlined calls
  bool UsesDynamicShared = false;
  uint64_t DynamicSharedOffset = 0; ///< where dynamic shared memory starts
  std::vector<Variable> SharedVars; ///< for --emit-ir and init
  std::vector<Variable> LocalVars;  ///< per thread; for diagnostics
  std::vector<Variable> GlobalVars; ///< module .global/.const data
  uint64_t GlobalBytes = 0;
  /// brx.idx target lists (`.branchtargets`), as instruction indices.
  std::vector<std::vector<uint32_t>> JumpTables;
};

struct Module {
  std::vector<Function> Kernels;
  const Function *find(llvm::StringRef Name) const;
};

void print(const Function &F, llvm::raw_ostream &OS);
void print(const Inst &I, const Function &F, llvm::raw_ostream &OS);

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_IR_H
