//===- FunctionCFG.h - A function body as basic blocks -------------------===//
//
// The control-flow graph the function-level analyses of the checker share:
// the divergence lint (Divergence.cpp) and the constant propagation
// (ConstProp.cpp). The body is flattened (nested blocks inlined), split into
// basic blocks at labels and after every control transfer, and linked by the
// table's ControlFlow of each opcode. Private to lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_FUNCTIONCFG_H
#define PTXWARP_LIB_SEMA_FUNCTIONCFG_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/Support/PostDominators.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ptxwarp {
namespace sema {

constexpr unsigned NoBlock = NoPostDominator;

struct BasicBlock {
  unsigned Begin = 0, End = 0; ///< [Begin, End) into FunctionCFG::Insts
  llvm::SmallVector<unsigned, 2> Succs;
  llvm::SmallVector<unsigned, 2> Preds;
  bool ExitsFunction = false; ///< has an edge to the virtual exit
};

/// Dense ids for the names a function's instructions mention, given once
/// when the graph is built so that the analyses over it (ConstProp.cpp,
/// Divergence.cpp) index vectors instead of hashing names again. Two
/// occurrences share an id exactly when their names are the same string.
class RegisterIds {
public:
  /// Numbers the names of \p Insts.
  void build(llvm::ArrayRef<const ast::InstructionStmt *> Insts);
  unsigned size() const { return Names.size(); }
  llvm::StringRef name(unsigned Id) const { return Names[Id]; }
  /// The id of \p Name, or -1 when no instruction mentions it.
  int find(llvm::StringRef Name) const;
  /// The names instruction \p N's guard mentions (none or one).
  llvm::ArrayRef<unsigned> guard(unsigned N) const { return slot(SlotOf[N]); }
  /// The names operand \p K of instruction \p N mentions, in the order
  /// forEachName visits them.
  llvm::ArrayRef<unsigned> operand(unsigned N, unsigned K) const {
    return slot(SlotOf[N] + 1 + K);
  }
  /// The registers instruction \p N writes, as destinations() lists them.
  llvm::ArrayRef<unsigned> dests(unsigned N) const {
    return llvm::ArrayRef<unsigned>(Dests).slice(DestAt[N],
                                                 DestAt[N + 1] - DestAt[N]);
  }

private:
  llvm::ArrayRef<unsigned> slot(unsigned S) const {
    return llvm::ArrayRef<unsigned>(Occ).slice(SlotAt[S],
                                               SlotAt[S + 1] - SlotAt[S]);
  }
  unsigned idOf(llvm::StringRef Name);
  void addOperand(const ast::Operand &O, bool Dest);
  /// Names of at most 8 characters (compilers' registers: `%rd12`), by
  /// their bytes as one word in an open-addressed table, without hashing
  /// the string; longer ones in Ids.
  struct Short {
    uint64_t Key = 0;
    unsigned Size = 0; ///< 0: an empty slot
    unsigned Id = 0;
  };
  std::vector<Short> Shorts; ///< a power of two, at most half full
  unsigned NumShorts = 0;
  unsigned ShortBits = 0; ///< log2(Shorts.size())
  /// The slot of the name with \p Key and \p Size, or the empty one where
  /// it would go.
  size_t shortSlot(uint64_t Key, unsigned Size) const;
  void growShorts();
  llvm::StringMap<unsigned> Ids;
  std::vector<llvm::StringRef> Names;
  /// The ids of every name mentioned, by instruction and slot (the guard,
  /// then each operand): slot S is Occ[SlotAt[S], SlotAt[S + 1]).
  std::vector<unsigned> Occ, SlotAt, SlotOf;
  std::vector<unsigned> Dests, DestAt;
};

/// Calls \p F with every name \p O mentions, depth first in operand order:
/// names, the names of immediate expressions, an address's base and further
/// elements, both halves of a pair, the elements of vectors and lists.
template <typename Fn> void forEachName(const ast::Expr &E, Fn &&F) {
  switch (E.getKind()) {
  case ast::Expr::Kind::Name:
    F(llvm::cast<ast::NameExpr>(E).Name);
    return;
  case ast::Expr::Kind::Unary:
    return forEachName(*llvm::cast<ast::UnaryExpr>(E).Sub, F);
  case ast::Expr::Kind::Binary:
    forEachName(*llvm::cast<ast::BinaryExpr>(E).LHS, F);
    return forEachName(*llvm::cast<ast::BinaryExpr>(E).RHS, F);
  case ast::Expr::Kind::Conditional: {
    const auto &C = llvm::cast<ast::ConditionalExpr>(E);
    forEachName(*C.Cond, F);
    forEachName(*C.Then, F);
    return forEachName(*C.Else, F);
  }
  default:
    return;
  }
}
template <typename Fn> void forEachName(const ast::Operand &O, Fn &&F) {
  switch (O.getKind()) {
  case ast::Operand::Kind::Name:
    F(llvm::cast<ast::NameOperand>(O).Name);
    return;
  case ast::Operand::Kind::Imm:
    return forEachName(*llvm::cast<ast::ImmOperand>(O).Value, F);
  case ast::Operand::Kind::Address: {
    const auto &A = llvm::cast<ast::AddressOperand>(O);
    if (A.Base)
      forEachName(*A.Base, F);
    for (const ast::Operand *E : A.Rest)
      forEachName(*E, F);
    return;
  }
  case ast::Operand::Kind::Pair:
    forEachName(*llvm::cast<ast::PairOperand>(O).First, F);
    return forEachName(*llvm::cast<ast::PairOperand>(O).Second, F);
  case ast::Operand::Kind::Vector:
    for (const ast::Operand *E : llvm::cast<ast::VectorOperand>(O).Elements)
      forEachName(*E, F);
    return;
  case ast::Operand::Kind::List:
    for (const ast::Operand *E : llvm::cast<ast::ListOperand>(O).Elements)
      forEachName(*E, F);
    return;
  default:
    return;
  }
}

struct FunctionCFG {
  std::vector<const ast::InstructionStmt *> Insts;
  /// Per instruction: its opcode, looked up once for the analyses.
  std::vector<isa::OpcodeRef> Ops;
  llvm::StringMap<unsigned> LabelAt; ///< label -> index of the next instruction
  std::vector<BasicBlock> Blocks;
  std::vector<unsigned> BlockOf; ///< instruction -> block
  RegisterIds Regs;

  /// Builds the graph of \p Body. False (and the graph unusable) for an
  /// empty body, an indirect branch, or a branch to an unknown label (the
  /// checker reports those).
  bool build(const ast::BlockStmt &Body);

private:
  bool flatten(llvm::ArrayRef<const ast::Stmt *> Body);
  bool buildBlocks();
};

/// The registers an instruction writes: its first operand when that is a
/// name, both halves of `d|p`, the elements of `{a, b}` or of a call's
/// return list.
void destinations(const ast::InstructionStmt &I,
                  llvm::SmallVectorImpl<llvm::StringRef> &Out);

/// A direct call: `call{.uni} [(rets),] f[, (args)];`.
struct CallSite {
  llvm::StringRef Callee;
  const ast::ListOperand *Args = nullptr; ///< null without an argument list
};
/// The call \p I makes, when it is a call (the table's Inlined flag) to a
/// named function.
std::optional<CallSite> callSiteOf(const ast::InstructionStmt &I);
/// The same, for \p I whose opcode \p Op is looked up already.
std::optional<CallSite> callSiteOf(const ast::InstructionStmt &I,
                                   isa::OpcodeRef Op);

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_LIB_SEMA_FUNCTIONCFG_H
