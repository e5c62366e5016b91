//===- Divergence.h - Which lanes of a warp run together ------------------===//
//
// The function-level analysis behind the warp lints that need to know where
// a warp splits: which registers differ between lanes, which branches are
// divergent, and where the lanes meet again (post-dominators). Two lints use
// it: full-warp membermasks in code only some lanes reach (Divergence.cpp)
// and activemask's result used as a membermask (ActiveMaskLint.cpp).
// Private to lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_DIVERGENCE_H
#define PTXWARP_LIB_SEMA_DIVERGENCE_H

#include "ConstProp.h"
#include "FunctionCFG.h"
#include "SemaState.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

namespace ptxwarp {
namespace sema {

class DivergenceLint {
public:
  DivergenceLint(SemaState &S, const FunctionCFG &G, const ConstantValues &CV)
      : S(S), Insts(G.Insts), Ops(G.Ops), Regs(G.Regs), Blocks(G.Blocks),
        BlockOf(G.BlockOf), CV(CV) {}
  void run();

private:
  std::optional<uint64_t> constOf(const ast::Operand &O) const {
    return constantOperand(O, &CV);
  }
  /// Who writes what, for the kinds solveKinds works out on demand.
  void prepareKinds();
  void findPeerMasks();
  bool isPeerMaskCompare(const ast::InstructionStmt &I) const;
  /// The kind of the value instruction \p N writes (At must be \p N).
  isa::LaneVariance transfer(unsigned N) const;
  isa::LaneVariance kindOf(const ast::Operand &O) const;
  isa::LaneVariance kindOf(const ast::Expr &E) const;
  /// The kind of \p Name where instruction At reads it.
  isa::LaneVariance kindOfName(llvm::StringRef Name) const;
  bool isVaryingName(llvm::StringRef Name) const {
    return kindOfName(Name) != isa::LaneVariance::Uniform;
  }
  /// The kind of \p Name where instruction \p Inst reads it.
  isa::LaneVariance kindAt(llvm::StringRef Name, unsigned Inst) const;
  bool isVaryingAt(llvm::StringRef Name, unsigned Inst) const {
    return kindAt(Name, Inst) != isa::LaneVariance::Uniform;
  }
  /// The writes of register \p Reg (its RegisterIds id) that reach
  /// instruction \p Inst.
  llvm::ArrayRef<unsigned> reachingDefs(unsigned Reg, unsigned Inst) const;
  /// The id of register \p Name when some instruction writes it, else -1.
  int writtenReg(llvm::StringRef Name) const {
    int Id = Regs.find(Name);
    return Id >= 0 && !DefsOf[Id].empty() ? Id : -1;
  }
  void computePostDominators();
  /// Reports the full-mask instructions some lanes skip when the guarded
  /// branch ending block \p Branch splits the warp.
  void reportRegion(unsigned Branch);
  /// Whether \p I, of form \p Form (formOf), is warp-synchronous.
  bool isWarpSync(const ast::InstructionStmt &I,
                  const isa::InstrForm *Form) const;
  /// Whether reportIfFullMask would report \p I where only some lanes reach
  /// it: a warp-synchronous instruction (or a call of a summarized helper)
  /// whose membermask is a constant naming the whole warp.
  bool namesWholeWarp(unsigned N) const;
  void computeSyncReachability();
  bool syncReachableFrom(unsigned InstIndex) const;
  void reportIfFullMask(unsigned N, llvm::SMRange Cause, llvm::StringRef Why);

  // The bits of a value that differ between lanes (UniformBits.cpp).
  /// Of operand \p K of instruction \p Inst, where it reads it.
  uint64_t varyingBits(unsigned Inst, unsigned K, unsigned Depth) const;
  uint64_t varyingBitsOfDef(unsigned Def, unsigned Depth) const;
  bool isUniformBitsCompare(const ast::InstructionStmt &I, unsigned Inst) const;

  // Blocks only the whole warp reaches (ActiveMaskLint.cpp).
  unsigned fullWarpSide(unsigned Block) const;
  void computeFullWarpBlocks();

  // activemask's result as a membermask (ActiveMaskLint.cpp).
  void lintActiveMasks();
  /// The block ends in a control transfer some lanes take and others not.
  bool isDivergentSplit(unsigned Block) const;
  /// Whether every path from block \p From to the exit passes block \p To.
  bool postDominates(unsigned To, unsigned From) const;
  /// The first divergent split on the way from activemask \p Def to \p Use
  /// after which some lanes of the mask may miss \p Use or take the mask
  /// again; none when every lane of the mask reaches \p Use with it.
  std::optional<unsigned> lanesMayMiss(unsigned Def, unsigned Use) const;

  SemaState &S;
  const std::vector<const ast::InstructionStmt *> &Insts;
  const std::vector<isa::OpcodeRef> &Ops; ///< per instruction
  const RegisterIds &Regs;
  /// Per instruction, computed once in run(): S.formOf and isWarpSync.
  std::vector<const isa::InstrForm *> FormAt;
  llvm::BitVector SyncAt;
  /// Per instruction: namesWholeWarp.
  llvm::BitVector WholeWarpAt;
  // The kind of each write is solved on demand (solveKinds): a query solves
  // the writes it reads and every write their kinds depend on, which is a
  // slice of the function. What follows is the state of that solution; it
  // is mutable because the const queries (kindOfName) extend it.

  /// What kindOf reads of one operand of a writer where the writer reads it,
  /// resolved once before the sweeps that solve the writer: the join of its
  /// special registers' kinds, and the writes that reach its other names
  /// (UseDefs[Begin, End)), whose DefKind the sweeps update.
  struct OperandUses {
    isa::LaneVariance Fixed = isa::LaneVariance::Uniform;
    unsigned Begin = 0, End = 0;
  };
  /// Per solved writer N: its guard's at Uses[UsesAt[N]], operand K's at
  /// Uses[UsesAt[N] + 1 + K].
  mutable std::vector<OperandUses> Uses;
  mutable std::vector<unsigned> UsesAt;
  /// Per solved writer, from its opcode's row: isa::resultVariesPerLane and
  /// isa::indexArithOf.
  mutable std::vector<bool> VariesAt;
  mutable std::vector<isa::IndexArith> ArithAt;
  mutable std::vector<unsigned> UseDefs;
  /// The instructions whose written value has a kind (not control flow),
  /// and those of them solved or being solved.
  llvm::BitVector IsWriter;
  mutable llvm::BitVector Solved;
  /// A solve is running: its queries read only writes of its slice.
  mutable bool Solving = false;
  /// Solves the kinds of the writes \p Defs and of every write they depend
  /// on that no earlier solve covered; false when there were none.
  bool solveKinds(llvm::ArrayRef<unsigned> Defs) const;
  void resolveUses(unsigned N) const;
  void addNameUses(unsigned Reg, unsigned N, OperandUses &U) const;
  /// kindOf(operand \p K of writer \p N), or of its guard for K = -1, from
  /// Uses.
  isa::LaneVariance useKind(unsigned N, int K) const {
    const OperandUses &U = Uses[UsesAt[N] + unsigned(K + 1)];
    isa::LaneVariance V = U.Fixed;
    for (unsigned D = U.Begin; D != U.End; ++D)
      V = std::max(V, DefKind[UseDefs[D]]);
    return V;
  }
  const std::vector<BasicBlock> &Blocks;
  const std::vector<unsigned> &BlockOf; ///< instruction -> block
  /// What registers hold where they are read (compilers put shfl's `c`,
  /// membermasks and loop bounds in registers).
  const ConstantValues &CV;
  /// Per instruction, whether the value it writes differs between lanes;
  /// a register's kind where it is read is the join over the writes that
  /// reach there (reachingDefs). Uniform when no write reaches.
  mutable std::vector<isa::LaneVariance> DefKind;
  /// The instructions that write each register, by RegisterIds id.
  std::vector<llvm::SmallVector<unsigned, 1>> DefsOf;
  /// Per register id: its special register (findSpecialReg), if it is one;
  /// looked up on first use (SpecialKnown).
  mutable std::vector<const isa::SpecialReg *> SpecialOf;
  mutable llvm::BitVector SpecialKnown;
  const isa::SpecialReg *specialOf(unsigned Reg) const {
    if (!SpecialKnown.test(Reg)) {
      SpecialKnown.set(Reg);
      SpecialOf[Reg] = isa::findSpecialReg(Regs.name(Reg));
    }
    return SpecialOf[Reg];
  }
  /// kindOfName's resolution of each name it looked up once DefsOf is
  /// complete (DefsKnown), by the name's characters in the source: its
  /// special register, else its register id when written (-1 for neither).
  struct NameInfo {
    const isa::SpecialReg *Special = nullptr;
    int Reg = -1;
  };
  mutable llvm::DenseMap<std::pair<const char *, size_t>, NameInfo> Names;
  bool DefsKnown = false;
  mutable llvm::DenseMap<std::pair<unsigned, unsigned>,
                         llvm::SmallVector<unsigned, 2>>
      Reaching;
  /// reachingDefs' writes that reach the start of a block, by (block,
  /// register), and the marks of its walks over the blocks (Epoch: this
  /// walk's).
  mutable llvm::DenseMap<std::pair<unsigned, unsigned>,
                         llvm::SmallVector<unsigned, 2>>
      EntryDefs;
  mutable std::vector<unsigned> Mark;
  mutable unsigned Epoch = 0;
  /// varyingBitsOfDef's results, for one sweep of solveKinds.
  /// (DefBits[D] holds while DefBitsSweep[D] is Sweep.)
  mutable std::vector<uint64_t> DefBits;
  mutable std::vector<unsigned> DefBitsSweep;
  mutable unsigned Sweep = 0;
  /// The instruction whose operands kindOf and kindOfName look at.
  mutable unsigned At = 0;
  /// Registers only ever written by match.any.sync: each lane's mask of the
  /// lanes that hold the same value (PTX ISA 9.7.9.8, match.sync).
  llvm::StringSet<> PeerMasks;
  /// Immediate post-dominator per block; Blocks.size() is the virtual exit,
  /// NoBlock where the block cannot reach the exit (an endless loop).
  std::vector<unsigned> IPDom;
  /// Blocks all 32 lanes reach together, behind a test that activemask (or
  /// match.any) gave all-ones: a full membermask there names them all.
  std::vector<bool> FullWarp;
  /// Whether a warp .sync instruction can execute from the block's start.
  llvm::BitVector ReachesSync;
  llvm::DenseMap<const ast::InstructionStmt *, bool> Reported;
};

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_LIB_SEMA_DIVERGENCE_H
