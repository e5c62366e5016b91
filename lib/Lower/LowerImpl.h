//===- LowerImpl.h - The lowering's private interface -----------*- C++ -*-===//
//
// What Lower.cpp, LowerVectors.cpp and LowerCalls.cpp share: the scope of
// one inlined function instance and the Lowerer that walks an entry.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_LOWER_LOWERIMPL_H
#define PTXWARP_LIB_LOWER_LOWERIMPL_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IR.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/SyntaxRows.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <vector>

namespace ptxwarp {
namespace isa {
struct ExecInfo;
struct InstrForm;
} // namespace isa
namespace ir {
namespace lower {

using llvm::ArrayRef;
using llvm::function_ref;
using llvm::SMRange;
using llvm::StringMap;
using llvm::StringRef;
using llvm::Twine;

struct VarRef {
  Space Sp = Space::Global;
  uint64_t Offset = 0;
  bool DynamicShared = false;
};

/// Names visible in one inlined function instance.
struct Scope {
  StringMap<unsigned> Regs;
  StringMap<VarRef> Vars;
  StringMap<unsigned> Labels;
  struct Fixup {
    unsigned Inst;
    StringRef Label;
    SMRange Range;
  };
  std::vector<Fixup> Fixups;
  /// `.branchtargets` lists by label, and the jump-table slots that wait
  /// for their labels' positions.
  StringMap<const ast::TargetListStmt *> BranchTargets;
  struct TableFixup {
    unsigned Table, Slot;
    StringRef Label;
    SMRange Range;
  };
  std::vector<TableFixup> TableFixups;
  std::vector<unsigned> Returns; ///< Ret jumps to patch to the continuation
  /// Vector registers (and .b128 registers, as two .b64 halves, low
  /// first): their element registers in order (PTX ISA 5.4.2 "Vectors").
  struct VectorReg {
    llvm::SmallVector<unsigned, 4> Elems;
    bool Wide128 = false; ///< a .b128 scalar: no `.x` access
  };
  StringMap<VectorReg> Vectors;
  bool IsEntry = false;
  unsigned Depth = 0;
};

/// The mnemonic with its qualifiers, less types and vector widths.
std::string mnemonic(const ast::InstructionStmt &I);

class Lowerer {
public:
  /// Recursion is inlined this many levels deep at most, and only as long
  /// as the entry has fewer instructions than MaxInlinedInsts.
  static constexpr unsigned MaxRecursion = 64;
  static constexpr size_t MaxInlinedInsts = 1u << 16;
  Lowerer(const ast::Module &M, DiagnosticEngine &Diags, Function &F,
          unsigned RecursionLimit = MaxRecursion)
      : M(M), Diags(Diags), F(F), RecursionLimit(RecursionLimit) {}
  /// Recursion was cut short by the instruction budget.
  bool overBudget() const { return OverBudget; }
  /// Recursion was cut short by the recursion limit: a deeper limit would
  /// lower more (without this, every deeper limit lowers the same).
  bool hitRecursionLimit() const { return HitLimit; }

  bool run(const ast::FunctionStmt &Entry);

private:
  const ast::Module &M;
  DiagnosticEngine &Diags;
  Function &F;
  StringMap<const ast::FunctionStmt *> Funcs;
  StringMap<VarRef> ModuleVars;
  std::vector<const ast::FunctionStmt *> CallStack;
  bool Failed = false;
  unsigned RecursionLimit;
  bool OverBudget = false;
  bool HitLimit = false;

  void error(DiagID ID, SMRange R, const Twine &Msg) {
    Failed = true;
    Diags.report(ID, R) << Msg.str();
  }

  // Declarations.
  void declareModuleVar(const ast::VarDeclStmt &D);
  void declareLocal(const ast::VarDeclStmt &D, Scope &S);
  uint64_t declSize(const ast::VarDeclStmt &D, const ast::Declarator &X);
  /// Reports and returns true when one variable's \p Size is beyond what
  /// any launch could hold, so that sizes and offsets stay far from
  /// wrapping around 64 bits.
  bool tooLarge(uint64_t Size, const ast::Declarator &X);
  static constexpr uint64_t MaxVarBytes = 1ull << 48;
  static constexpr uint64_t MaxParamBytes = 32764;
  std::vector<uint8_t> initBytes(const ast::VarDeclStmt &D,
                                 const ast::Declarator &X, uint64_t Size);
  /// A word of F.GlobalVars[Var].Init that holds the address of a variable
  /// or function, patched by applyRelocs (LowerInit.cpp).
  struct InitReloc {
    size_t Var;
    uint64_t At;
    unsigned Size;
    StringRef Name;
    uint64_t Addend;
    SMRange Range;
  };
  std::vector<InitReloc> Relocs;
  /// Records \p In (`sym`, `sym+N`, `generic(sym)+N`) as the address word
  /// at byte \p At of global variable \p Var; false when it names no symbol.
  bool symbolicInit(const ast::Initializer &In, size_t Var, uint64_t At,
                    unsigned Size);
  void applyRelocs();
  /// The interpreter's address of function \p Name (ir/Layout.h).
  std::optional<uint64_t> functionAddress(StringRef Name) const;

  // Bodies.
  void lowerFunction(const ast::FunctionStmt &Fn, Scope &S);
  void lowerStmts(ArrayRef<const ast::Stmt *> Body, Scope &S);
  /// A nested `{ }` block: its names hide outer ones inside it only
  /// (LowerScope.cpp).
  void lowerBlock(const ast::BlockStmt &B, Scope &S);
  void lowerInst(const ast::InstructionStmt &I, Scope &S);
  void lowerCall(const ast::InstructionStmt &I, Inst &Base, Scope &S);
  /// Inlines a call of \p Target at the call site \p I (LowerCalls.cpp).
  void inlineCall(const ast::InstructionStmt &I, Inst &Base, Scope &S,
                  const ast::FunctionStmt &Target,
                  ArrayRef<const ast::Operand *> RetOps,
                  ArrayRef<const ast::Operand *> ArgOps);
  /// `call` through a register holding a function's address.
  void lowerIndirectCall(const ast::InstructionStmt &I, Inst &Base, Scope &S,
                         StringRef Pointer,
                         ArrayRef<const ast::Operand *> RetOps,
                         ArrayRef<const ast::Operand *> ArgOps);
  llvm::StringSet<> AddressTaken;
  bool AddressTakenKnown = false;
  /// Bytes for a function-body or formal `.param` variable: per-thread
  /// local memory (LowerCalls.cpp).
  VarRef allocParam(uint64_t Size, uint64_t Align, StringRef Name,
                    SMRange Range);
  /// shfl, vote, match, redux, elect, activemask, bar.warp.sync
  /// (LowerWarp.cpp).
  void lowerWarp(const ast::InstructionStmt &I, const isa::InstrForm &WF,
                 Inst &In, Scope &S);
  /// Collectives described by a syntax row (mma; LowerMatrix.cpp).
  void lowerRowCollective(const ast::InstructionStmt &I, Inst &In, Scope &S);
  /// wmma.load, wmma.store, wmma.mma (LowerWmma.cpp).
  void lowerWmma(const ast::InstructionStmt &I, Inst &In, Scope &S);
  /// ldmatrix/stmatrix: row accesses around a collective (LowerMatrix.cpp).
  void lowerMatrixMemory(const ast::InstructionStmt &I, const isa::SyntaxRow &R,
                         Inst &In, Scope &S);
  void lowerCollective(const ast::InstructionStmt &I, const isa::InstrForm &WF,
                       Inst &In, Scope &S);
  /// Both collective lowerings: the \p N operands of \p I whose roles and
  /// types \p RoleOf and \p TypeOf give, flattened (destinations, then
  /// sources), then the membermask \p Mask (null: the contract's lanes);
  /// emits \p In or reports why not.
  void emitCollective(const ast::InstructionStmt &I, size_t N,
                      function_ref<isa::SlotRole(size_t)> RoleOf,
                      function_ref<Type(size_t)> TypeOf,
                      const ast::Operand *Mask, Inst &In, Scope &S);
  // lowerInst's instruction classes: each lowers \p I, which executes as
  // \p Exec (its opcode row's ExecInfo \p X), into \p In and emits it, or
  // reports why not.
  /// setp and set (LowerAlu.cpp).
  void lowerCompare(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                    Opcode Exec, Inst &In, Scope &S);
  /// cvt (LowerAlu.cpp).
  void lowerCvt(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                Opcode Exec, Inst &In, Scope &S);
  /// The ALU operations, `op.type d, a[, b[, c]]` (LowerAlu.cpp).
  void lowerAlu(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                Opcode Exec, Inst &In, Scope &S);
  /// cvta and cvta.to (LowerMemory.cpp).
  void lowerCvta(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                 Opcode Exec, Inst &In, Scope &S);
  /// ld, st, atom and red (LowerMemory.cpp).
  void lowerMemory(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                   Opcode Exec, Inst &In, Scope &S);
  /// bra and brx.idx (LowerControl.cpp).
  void lowerBranch(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                   Opcode Exec, Inst &In, Scope &S);
  /// bar and barrier (LowerControl.cpp).
  void lowerBarrier(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                    Opcode Exec, Inst &In, Scope &S);
  /// Reports \p I as not supported by the interpreter.
  void unsupported(const ast::InstructionStmt &I) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter");
  }
  /// Appends \p O to \p In's operands; false (the error is reported) when
  /// there is none.
  static bool push(Inst &In, std::optional<Operand> O) {
    if (!O)
      return false;
    In.Ops.push_back(*O);
    return true;
  }
  /// Appends \p In to the function.
  void emit(Inst &In) { F.Insts.push_back(std::move(In)); }
  void finishScope(Scope &S, unsigned Continue);
  /// The video instructions and dp4a/dp2a (LowerVideo.cpp).
  void lowerVideo(const ast::InstructionStmt &I, Inst &In, Opcode Op, Scope &S);
  /// The narrow scalar forms (LowerScalar.cpp): packed integers and the
  /// integer .relu, set/setp on halves, cvt.pack and the fp8/tf32 cvt, prmt
  /// modes, szext, isspacep, and the refusals that say why. False when
  /// \p I is none of them.
  bool lowerScalar(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                   Opcode Exec, Inst &In, Scope &S);

  // Vectors (LowerVectors.cpp).
  void declareVectorReg(const ast::VarDeclStmt &D, const ast::Declarator &X,
                        Scope &S);
  /// The register of element `%v.x` (x y z w, r g b a), or none.
  std::optional<unsigned> vectorElement(const ast::NameOperand &N,
                                        Scope &S) const;
  /// The vector register \p O names as a whole, or null.
  const Scope::VectorReg *wholeVector(const ast::Operand *O, Scope &S) const;
  bool isVectorValue(const ast::Operand *O, Scope &S) const;
  /// The elements of a brace list or whole vector register as
  /// destinations (`_` gives an empty operand) or as sources of \p Ty.
  bool destElements(const ast::Operand *O, Scope &S,
                    llvm::SmallVectorImpl<Operand> &Out);
  bool sourceElements(const ast::Operand *O, Type Ty, Scope &S,
                      llvm::SmallVectorImpl<Operand> &Out);
  /// Both: \p One lowers each element of a brace list, or \p O itself.
  bool elements(
      const ast::Operand *O, Scope &S, llvm::SmallVectorImpl<Operand> &Out,
      llvm::function_ref<std::optional<Operand>(const ast::Operand *)> One);
  /// mov in all its vector forms; false when \p I has none.
  bool lowerVectorMov(const ast::InstructionStmt &I, Inst &In, Scope &S);
  /// atom/red .v2/.v4/.v8: one scalar atomic per element.
  void lowerVectorAtom(const ast::InstructionStmt &I, Inst &In, Operand Addr,
                       Scope &S);
  unsigned newTemp(Type Ty);

  // Operands.
  std::optional<Operand> source(const ast::Operand *O, Type Ty, Scope &S);
  std::optional<Operand> dest(const ast::Operand *O, Scope &S);
  std::optional<Operand> address(const ast::Operand *O, Space Sp, Scope &S);
  const VarRef *lookupVar(StringRef Name, Scope &S);
};

/// The table form of a warp-level instruction, or null for the rest
/// (LowerWarp.cpp).
const isa::InstrForm *warpForm(const ast::InstructionStmt &I);
/// All type qualifiers of \p I in order (cvt has two).
llvm::SmallVector<Type, 2> types(const ast::InstructionStmt &I);
/// The state space qualifier of \p I (Generic when none).
Space spaceOf(const ast::InstructionStmt &I);
/// Rounds \p V up to a multiple of \p A, saturating.
uint64_t alignTo(uint64_t V, uint64_t A);

} // namespace lower
} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_LIB_LOWER_LOWERIMPL_H
