//===- ConstProp.cpp - Integer constants in registers, per use -----------===//

#include "ConstProp.h"
#include "SemaState.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <functional>
#include <queue>

using namespace llvm;

namespace ptxwarp {
namespace sema {
namespace {

/// One register's lattice value.
struct Value {
  enum Kind : uint8_t { Unreached, Const, Param, Unknown };
  Kind K = Unreached;
  APInt V;          ///< Const: the value; Param: zero, of the load's width
  unsigned Arg = 0; ///< Param: which parameter of the function

  static Value unknown() { return Value{Unknown, APInt(), 0}; }
  static Value constant(APInt C) { return Value{Const, std::move(C), 0}; }
  static Value param(unsigned Arg, unsigned Width) {
    return Value{Param, APInt(Width, 0), Arg};
  }
  /// A constant or a parameter: what a state keeps and a query reports.
  bool known() const { return K == Const || K == Param; }
  /// This value as a reached state holds it: anything not known is Unknown.
  Value orUnknown() && { return known() ? std::move(*this) : unknown(); }

  /// Joins \p O into this value; true when this one changed.
  bool join(const Value &O) {
    if (O.K == Unreached || K == Unknown)
      return false;
    if (K == Unreached) {
      *this = O;
      return true;
    }
    if (O.K != K || O.V.getBitWidth() != V.getBitWidth() || O.V != V ||
        O.Arg != Arg) {
      *this = unknown();
      return true;
    }
    return false;
  }
};

/// The registers' values at one point, sparsely: whether any path reaches
/// it, and the registers that hold a known value (Const or Param); every
/// other register is Unknown there. Large functions have thousands of
/// registers and few known ones, so states stay small to copy and join.
class State {
public:
  static State entry() {
    State S;
    S.Reached = true;
    return S;
  }
  /// The value of register \p K (Unreached everywhere before a path
  /// arrives).
  const Value &get(unsigned K) const {
    static const Value UnreachedV, UnknownV = Value::unknown();
    if (!Reached)
      return UnreachedV;
    auto It = find(K);
    return It != Known.end() && It->first == K ? It->second : UnknownV;
  }
  void set(unsigned K, Value V) {
    auto It = find(K);
    bool Has = It != Known.end() && It->first == K;
    if (V.known()) {
      if (Has)
        It->second = std::move(V);
      else
        Known.insert(It, {K, std::move(V)});
    } else if (Has) {
      Known.erase(It);
    }
  }
  /// A write that only some lanes make (a guarded one): the old value joins
  /// the new one.
  void merge(unsigned K, const Value &New) {
    Value J = get(K);
    J.join(New);
    set(K, std::move(J));
  }
  /// Joins \p O into this state; true when this one changed.
  bool join(const State &O) {
    if (!O.Reached)
      return false;
    if (!Reached) {
      *this = O;
      return true;
    }
    // Both sorted by register: keep what both know alike.
    size_t Out = 0;
    auto OIt = O.Known.begin(), OEnd = O.Known.end();
    for (size_t In = 0; In != Known.size(); ++In) {
      unsigned K = Known[In].first;
      while (OIt != OEnd && OIt->first < K)
        ++OIt;
      Value J = Known[In].second;
      J.join(OIt != OEnd && OIt->first == K ? OIt->second : Value::unknown());
      if (J.K == Value::Unknown)
        continue;
      if (Out != In)
        Known[Out] = std::move(Known[In]);
      ++Out;
    }
    bool Changed = Out != Known.size();
    Known.resize(Out);
    return Changed;
  }

private:
  bool Reached = false;
  /// Sorted by register. A query's slice holds a register or two, so a
  /// block's state is copied without allocating.
  using Entries = SmallVector<std::pair<unsigned, Value>, 2>;
  Entries Known;
  Entries::iterator find(unsigned K) {
    return llvm::partition_point(
        Known,
        [K](const std::pair<unsigned, Value> &E) { return E.first < K; });
  }
  Entries::const_iterator find(unsigned K) const {
    return llvm::partition_point(
        Known,
        [K](const std::pair<unsigned, Value> &E) { return E.first < K; });
  }
};

/// The integer type of an instruction the analysis folds: exactly one
/// qualifier, an integer type of at most 64 bits (so `add.sat.s32`,
/// `add.cc.u32` and float or predicate forms are left alone).
std::optional<unsigned> foldWidth(const ast::InstructionStmt &I) {
  if (I.Qualifiers.size() != 1)
    return std::nullopt;
  return isa::integerTypeWidth(I.Qualifiers[0].Text);
}

/// The integer type of a whole-register ld or st (the last type word:
/// `ld.param.u32`), at most 64 bits.
std::optional<unsigned> memoryWidth(const ast::InstructionStmt &I) {
  if (I.Qualifiers.empty())
    return std::nullopt;
  return isa::integerTypeWidth(I.Qualifiers.back().Text);
}

/// `[name]` or `[name+N]`: the name and N.
std::optional<ast::AddressOperand::BaseOffset>
namedAddress(const ast::Operand &O) {
  const auto *A = dyn_cast<ast::AddressOperand>(&O);
  if (!A || !A->Rest.empty())
    return std::nullopt;
  Optional<ast::AddressOperand::BaseOffset> B = A->splitBaseOffset();
  if (!B || B->Name.empty())
    return std::nullopt;
  return *B;
}

bool isSigned(const ast::InstructionStmt &I) {
  std::optional<isa::PtxType> T = isa::parseType(I.Qualifiers[0].Text);
  return T && isa::typeKind(*T) == isa::TypeKind::Signed;
}

/// False for the warp families whose first operand is a source in every
/// form (bar.warp.sync's membermask), so `bar.warp.sync %r4;` leaves %r4's
/// value alone; any other instruction may write it.
bool writesFirstOperand(const ast::InstructionStmt &I, isa::OpcodeRef Op) {
  StringRef FirstQual = I.Qualifiers.empty() ? "" : I.Qualifiers[0].Text;
  const isa::InstrFamily *F = isa::findFamily(Op, FirstQual);
  if (!F || F->General)
    return true;
  return any_of(F->Forms, [](const isa::InstrForm &Form) {
    return !Form.Operands.empty() &&
           Form.Operands[0].Role == isa::SlotRole::Dest;
  });
}

/// A register read or written as a whole: `%r1`, not `-%r1` or `%v.x`.
const ast::NameOperand *plainRegister(const ast::Operand &O) {
  const auto *N = dyn_cast<ast::NameOperand>(&O);
  return N && !O.Negated && N->Component.empty() ? N : nullptr;
}

/// What one instruction does to the registers the analysis tracks, worked
/// out once before the fixed point so that no visit hashes a name again.
struct Step {
  enum Kind : uint8_t { Nothing, Load, Store, Fold, Clobber };
  Kind K = Nothing;
  int Dest = -1;         ///< Load, Store, Fold: the register written
  unsigned Width = 0;    ///< Store (0: it covers part of the variable), Fold
  int Src[2] = {-1, -1}; ///< Store, Fold: the registers of operands 1 and 2
  isa::ConstFold Op = isa::ConstFold::None; ///< Fold: the operation
  Value Loaded;                             ///< Load: the parameter
  SmallVector<unsigned, 2> Clobbered;       ///< Clobber: the registers written
};

/// The value of operand \p O at width \p Width, when register \p K (-1: not
/// a plain register) holds \p V there.
Value sourceValue(const ast::Operand &O, int K, unsigned Width,
                  const Value &V) {
  if (llvm::isa<ast::ImmOperand>(O)) {
    if (std::optional<uint64_t> C = intValueOf(O))
      return Value::constant(APInt(64, *C).zextOrTrunc(Width));
    return Value::unknown();
  }
  if (K < 0)
    return Value::unknown();
  if (V.K == Value::Param && V.V.getBitWidth() != Width)
    return Value::unknown();
  if (V.K != Value::Const)
    return V;
  return Value::constant(V.V.zextOrTrunc(Width));
}

} // namespace

/// The analysis, on demand. A query asks what register X holds when
/// instruction N reads it. The writes of X before N in N's block answer it
/// when there is one: an unguarded write decides the value whatever
/// arrives, and its sources are queries at the write. Otherwise the value
/// arriving at the block comes from a fixed point over the CFG, solved for
/// the slice of registers X's writes depend on (every register a folded or
/// stored value of the slice reads) and kept for later queries: the values
/// of a closed slice do not depend on other registers, so they are those of
/// the whole function's fixed point. Compilers mostly write a shfl's or
/// vote's constant operand just before it, so most queries never solve.
class ConstantValues::Solver {
public:
  Solver(const FunctionCFG &G, ArrayRef<StringRef> Params);
  /// The instruction \p O belongs to and the register it names, when it is
  /// a plain register operand (or call argument) of an instruction of G.
  std::optional<std::pair<unsigned, unsigned>> locate(const ast::Operand &O);
  /// The value register \p X holds when instruction \p N reads it.
  Value valueBefore(unsigned X, unsigned N, unsigned Depth = 0);

private:
  /// `ld.param.u32 %r1, [f_param_2];`: Param(2), for a parameter of the
  /// function being solved.
  std::optional<Value> paramLoad(const ast::InstructionStmt &I,
                                 isa::OpcodeRef Op) const;
  /// `st.param.b32 [param0+0], -1;` before a call: the argument variable
  /// and the width stored (0 when the store covers part of it only).
  std::optional<std::pair<unsigned, unsigned>>
  argumentStore(const ast::InstructionStmt &I, isa::OpcodeRef Op) const;
  /// The register id of operand \p K of instruction \p N when it is a plain
  /// register, else -1.
  int plainId(unsigned N, unsigned K) const;
  const Step &stepAt(unsigned N);
  /// Whether the step \p St changes register \p X.
  static bool changes(const Step &St, unsigned X) {
    if (St.K == Step::Clobber)
      return is_contained(St.Clobbered, X);
    return St.K != Step::Nothing && St.Dest == int(X);
  }
  /// What \p M writes, its sources asked for where \p M reads them.
  Value writtenBy(unsigned M, unsigned Depth) {
    return written(M, stepAt(M),
                   [&](unsigned K) { return valueBefore(K, M, Depth + 1); });
  }
  /// The value \p N writes to its destination, its sources read through
  /// \p Get (register id -> value).
  template <typename GetFn>
  Value written(unsigned N, const Step &St, GetFn Get) const;
  /// Applies instruction \p N to \p S.
  void transfer(unsigned N, State &S);
  /// Whether some write gives \p X a value (a fold, load or store).
  bool canBeKnown(unsigned X);
  /// The value of \p X when \p N reads it, from the fixed point of X's
  /// slice.
  Value fromSlice(unsigned X, unsigned N);
  /// The one instruction that changes \p X, if there is exactly one.
  std::optional<unsigned> onlyWriter(unsigned X);
  /// Whether block \p A strictly dominates block \p B.
  bool dominates(unsigned A, unsigned B);

  const FunctionCFG &G;
  ArrayRef<StringRef> Params;
  /// Per register id: a call argument variable of the function (`param0`
  /// of `call f, (param0)`).
  BitVector ArgVars;
  bool AnyArgVars = false;
  /// Per register id, the instructions that may write it, ascending (one
  /// that names X twice, `{%r1, %r1}`, is listed twice):
  /// Writers[WritersAt[X], WritersAt[X + 1]).
  std::vector<unsigned> WritersAt, Writers;
  ArrayRef<unsigned> writersOf(unsigned X) const {
    return ArrayRef<unsigned>(Writers).slice(WritersAt[X],
                                             WritersAt[X + 1] - WritersAt[X]);
  }
  BitVector Reachable;
  /// Immediate dominators (immediatePostDominators' numbering), once asked.
  std::vector<unsigned> IDom;
  /// The steps worked out so far, by instruction. A deque: queries hold on
  /// to steps while they work out others.
  DenseMap<unsigned, unsigned> StepOf;
  std::deque<Step> Steps;
  /// Per register id: 0 not worked out yet, 1 never known, 2 may be known.
  std::vector<uint8_t> Knowable;
  struct Slice {
    std::vector<unsigned> Relevant; ///< ascending: the slice's writers
    std::vector<State> In;          ///< per block
  };
  std::vector<Slice> Slices;
  DenseMap<unsigned, unsigned> SliceOf; ///< register -> index into Slices
};

ConstantValues::Solver::Solver(const FunctionCFG &G, ArrayRef<StringRef> Params)
    : G(G), Params(Params) {
  const RegisterIds &Ids = G.Regs;
  ArgVars.resize(Ids.size());
  Knowable.assign(Ids.size(), 0);
  for (unsigned N = 0; N != G.Insts.size(); ++N)
    if (std::optional<CallSite> C = callSiteOf(*G.Insts[N], G.Ops[N]))
      if (C->Args) {
        // The list's names, in order: one per name element.
        ArrayRef<const ast::Operand *> Ops = G.Insts[N]->Operands;
        unsigned K = std::find(Ops.begin(), Ops.end(), C->Args) - Ops.begin();
        ArrayRef<unsigned> Names = Ids.operand(N, K);
        for (const ast::Operand *O : C->Args->Elements) {
          unsigned Count = 0;
          forEachName(*O, [&](StringRef) { ++Count; });
          if (plainRegister(*O)) {
            ArgVars.set(Names.front());
            AnyArgVars = true;
          }
          Names = Names.drop_front(Count);
        }
      }
  // Who may write what: the destinations, and the stores into argument
  // variables. Counted, then placed, so each list is ascending.
  WritersAt.assign(Ids.size() + 1, 0);
  auto ForEachWrite = [&](auto Fn) {
    for (unsigned N = 0; N != G.Insts.size(); ++N) {
      for (unsigned D : Ids.dests(N))
        Fn(D, N);
      if (auto A = argumentStore(*G.Insts[N], G.Ops[N]))
        Fn(A->first, N);
    }
  };
  ForEachWrite([&](unsigned X, unsigned) { ++WritersAt[X + 1]; });
  for (unsigned X = 0; X != Ids.size(); ++X)
    WritersAt[X + 1] += WritersAt[X];
  Writers.resize(WritersAt.back());
  std::vector<unsigned> Fill(WritersAt.begin(), WritersAt.end() - 1);
  ForEachWrite([&](unsigned X, unsigned N) { Writers[Fill[X]++] = N; });
  // Blocks no path from the entry reaches hold nothing.
  Reachable.resize(G.Blocks.size());
  SmallVector<unsigned, 16> Work{0};
  Reachable.set(0);
  while (!Work.empty()) {
    unsigned B = Work.pop_back_val();
    for (unsigned T : G.Blocks[B].Succs)
      if (!Reachable.test(T)) {
        Reachable.set(T);
        Work.push_back(T);
      }
  }
}

std::optional<Value>
ConstantValues::Solver::paramLoad(const ast::InstructionStmt &I,
                                  isa::OpcodeRef Op) const {
  if (Params.empty() || I.Operands.size() != 2 ||
      isa::operandSizeRuleOf(Op) != isa::OperandSizeRule::Load)
    return std::nullopt;
  auto A = namedAddress(*I.Operands[1]);
  std::optional<unsigned> W = memoryWidth(I);
  if (!plainRegister(*I.Operands[0]) || !A || A->Offset != 0 || !W)
    return std::nullopt;
  const StringRef *P = find(Params, A->Name);
  if (P == Params.end())
    return std::nullopt;
  return Value::param(unsigned(P - Params.begin()), *W);
}

std::optional<std::pair<unsigned, unsigned>>
ConstantValues::Solver::argumentStore(const ast::InstructionStmt &I,
                                      isa::OpcodeRef Op) const {
  if (!AnyArgVars || I.Operands.size() != 2 ||
      isa::operandSizeRuleOf(Op) != isa::OperandSizeRule::Store)
    return std::nullopt;
  auto A = namedAddress(*I.Operands[0]);
  int Id = A ? G.Regs.find(A->Name) : -1;
  if (Id < 0 || !ArgVars.test(unsigned(Id)))
    return std::nullopt;
  std::optional<unsigned> W = memoryWidth(I);
  if (A->Offset != 0 || !W)
    return std::make_pair(unsigned(Id), 0u);
  return std::make_pair(unsigned(Id), *W);
}

int ConstantValues::Solver::plainId(unsigned N, unsigned K) const {
  const ast::InstructionStmt &I = *G.Insts[N];
  if (K >= I.Operands.size() || !plainRegister(*I.Operands[K]))
    return -1;
  return int(G.Regs.operand(N, K).front());
}

const Step &ConstantValues::Solver::stepAt(unsigned N) {
  auto [It, New] = StepOf.try_emplace(N, unsigned(Steps.size()));
  if (!New)
    return Steps[It->second];
  Step &St = Steps.emplace_back();
  const ast::InstructionStmt &I = *G.Insts[N];
  isa::OpcodeRef Op = G.Ops[N];
  if (std::optional<Value> L = paramLoad(I, Op)) {
    St.K = Step::Load;
    St.Dest = plainId(N, 0);
    St.Loaded = std::move(*L);
    return St;
  }
  if (auto A = argumentStore(I, Op)) {
    St.K = Step::Store;
    St.Dest = int(A->first);
    St.Width = A->second;
    St.Src[0] = plainId(N, 1);
    return St;
  }
  // What \p I folds and at which width (then it writes operand 0, a plain
  // register).
  isa::ConstFold F = isa::constFoldOf(Op);
  unsigned Arity =
      F == isa::ConstFold::Copy || F == isa::ConstFold::Not ? 2 : 3;
  std::optional<unsigned> W;
  if (F != isa::ConstFold::None && I.Operands.size() == Arity &&
      plainRegister(*I.Operands[0]))
    W = foldWidth(I);
  if (W) {
    St.K = Step::Fold;
    St.Op = F;
    St.Dest = plainId(N, 0);
    St.Width = *W;
    St.Src[0] = plainId(N, 1);
    St.Src[1] = plainId(N, 2);
    return St;
  }
  ArrayRef<unsigned> Dests = G.Regs.dests(N);
  if (!Dests.empty() && writesFirstOperand(I, Op)) {
    St.K = Step::Clobber;
    St.Clobbered.assign(Dests.begin(), Dests.end());
  }
  return St;
}

template <typename GetFn>
Value ConstantValues::Solver::written(unsigned N, const Step &St,
                                      GetFn Get) const {
  const ast::InstructionStmt &I = *G.Insts[N];
  auto Source = [&](unsigned K, unsigned Width) {
    int Id = St.Src[K - 1];
    return sourceValue(*I.Operands[K], Id, Width,
                       Id < 0 ? Value::unknown() : Get(unsigned(Id)));
  };
  switch (St.K) {
  case Step::Load:
    return St.Loaded;
  case Step::Store:
    return St.Width ? Source(1, St.Width) : Value::unknown();
  case Step::Fold:
    break;
  default:
    return Value::unknown();
  }
  isa::ConstFold F = St.Op;
  unsigned Width = St.Width;
  Value A = Source(1, Width);
  Value B = I.Operands.size() > 2 ? Source(2, Width)
                                  : Value::constant(APInt(Width, 0));
  // A parameter passes through copies only.
  if (F == isa::ConstFold::Copy && A.K == Value::Param)
    return A;
  if (A.K == Value::Unreached || B.K == Value::Unreached)
    return Value();
  if (A.K != Value::Const || B.K != Value::Const)
    return Value::unknown();
  const APInt &X = A.V, &Y = B.V;
  // PTX ISA 9.7.8.8 shl / 9.7.8.9 shr: "Shift amounts greater than the
  // register width N are clamped to N"; signed shr fills with the sign bit.
  uint64_t Amount = std::min<uint64_t>(Y.getLimitedValue(), Width);
  switch (F) {
  case isa::ConstFold::Copy:
    return A;
  case isa::ConstFold::Add:
    return Value::constant(X + Y);
  case isa::ConstFold::Sub:
    return Value::constant(X - Y);
  case isa::ConstFold::And:
    return Value::constant(X & Y);
  case isa::ConstFold::Or:
    return Value::constant(X | Y);
  case isa::ConstFold::Xor:
    return Value::constant(X ^ Y);
  case isa::ConstFold::Not:
    return Value::constant(~X);
  case isa::ConstFold::Shl:
    return Value::constant(Amount >= Width ? APInt(Width, 0) : X.shl(Amount));
  case isa::ConstFold::Shr:
    if (isSigned(I))
      return Value::constant(X.ashr(std::min<uint64_t>(Amount, Width - 1)));
    return Value::constant(Amount >= Width ? APInt(Width, 0) : X.lshr(Amount));
  case isa::ConstFold::None:
    break;
  }
  return Value::unknown();
}

void ConstantValues::Solver::transfer(unsigned N, State &S) {
  const Step &St = stepAt(N);
  if (St.K == Step::Nothing)
    return;
  if (St.K == Step::Clobber) {
    for (unsigned K : St.Clobbered)
      S.set(K, Value::unknown());
    return;
  }
  Value New = written(N, St, [&](unsigned K) { return S.get(K); });
  // A guarded write leaves the old value in the lanes it skips.
  if (G.Insts[N]->G.isPresent())
    S.merge(unsigned(St.Dest), New);
  else
    S.set(unsigned(St.Dest), std::move(New));
}

bool ConstantValues::Solver::canBeKnown(unsigned X) {
  if (!Knowable[X]) {
    Knowable[X] = 1;
    for (unsigned N : writersOf(X)) {
      const Step &St = stepAt(N);
      if (St.K != Step::Clobber && changes(St, X))
        Knowable[X] = 2;
    }
  }
  return Knowable[X] == 2;
}

Value ConstantValues::Solver::valueBefore(unsigned X, unsigned N,
                                          unsigned Depth) {
  unsigned B = G.BlockOf[N];
  if (!Reachable.test(B))
    return Value();
  if (!canBeKnown(X))
    return Value::unknown();
  // A long chain of copies is left to the slice's fixed point, which gives
  // the same value without recursing.
  if (Depth > 32)
    return fromSlice(X, N);
  // The last write of X before N in N's block.
  ArrayRef<unsigned> W = writersOf(X);
  auto It = std::lower_bound(W.begin(), W.end(), N);
  unsigned Begin = G.Blocks[B].Begin;
  while (It != W.begin() && *(It - 1) >= Begin) {
    unsigned M = *--It;
    const Step &St = stepAt(M);
    if (!changes(St, X))
      continue;
    if (St.K == Step::Clobber)
      return Value::unknown();
    Value New = writtenBy(M, Depth);
    if (!G.Insts[M]->G.isPresent())
      return std::move(New).orUnknown();
    Value Old = valueBefore(X, M, Depth + 1);
    Old.join(New);
    return std::move(Old).orUnknown();
  }
  // Nothing is known on entry: a register not written yet may be a .func's
  // register parameter or undefined.
  if (B == 0 && G.Blocks[0].Preds.empty())
    return Value::unknown();
  // Compilers write most registers once. When the one write is unguarded
  // and its block strictly dominates N's, every path to N passes it last:
  // N reads what it wrote.
  if (std::optional<unsigned> M = onlyWriter(X))
    if (!G.Insts[*M]->G.isPresent() && dominates(G.BlockOf[*M], B))
      return writtenBy(*M, Depth).orUnknown();
  return fromSlice(X, N);
}

std::optional<unsigned> ConstantValues::Solver::onlyWriter(unsigned X) {
  std::optional<unsigned> Only;
  for (unsigned M : writersOf(X))
    if (changes(stepAt(M), X)) {
      if (Only && *Only != M)
        return std::nullopt;
      Only = M;
    }
  return Only;
}

bool ConstantValues::Solver::dominates(unsigned A, unsigned B) {
  if (IDom.empty()) {
    // Dominators are the post-dominators of the reversed graph, whose
    // virtual exit stands before the entry block.
    std::vector<SmallVector<unsigned, 2>> Reversed(G.Blocks.size());
    for (unsigned Bl = 0; Bl != G.Blocks.size(); ++Bl)
      Reversed[Bl].assign(G.Blocks[Bl].Preds.begin(), G.Blocks[Bl].Preds.end());
    Reversed[0].push_back(unsigned(G.Blocks.size()));
    IDom = immediatePostDominators(Reversed);
  }
  // Strictly: up B's dominator tree, which ends at the virtual root.
  const unsigned Root = unsigned(G.Blocks.size());
  for (unsigned D = IDom[B]; D != Root && D != NoPostDominator; D = IDom[D])
    if (D == A)
      return true;
  return false;
}

Value ConstantValues::Solver::fromSlice(unsigned X, unsigned N) {
  auto Found = SliceOf.find(X);
  if (Found == SliceOf.end()) {
    // The slice: X and every register a value-giving write of the slice
    // reads; its writers are the only instructions that change it.
    // Registers of earlier slices are followed again: their writers are
    // part of this one too.
    Slice Sl;
    SmallVector<unsigned, 8> Work{X};
    SmallDenseSet<unsigned, 8> InSlice{X};
    while (!Work.empty()) {
      unsigned Y = Work.pop_back_val();
      SliceOf.try_emplace(Y, unsigned(Slices.size()));
      for (unsigned M : writersOf(Y)) {
        const Step &St = stepAt(M);
        if (!changes(St, Y))
          continue;
        Sl.Relevant.push_back(M);
        for (int Src : St.Src)
          if (Src >= 0 && InSlice.insert(unsigned(Src)).second)
            Work.push_back(unsigned(Src));
      }
    }
    llvm::sort(Sl.Relevant);
    Sl.Relevant.erase(std::unique(Sl.Relevant.begin(), Sl.Relevant.end()),
                      Sl.Relevant.end());
    // The fixed point over the blocks, from the entry.
    std::vector<State> &In = Sl.In;
    In.resize(G.Blocks.size());
    In[0] = State::entry();
    // The queued block first in source order: blocks follow their forward
    // branches' sources, so most are visited once all their predecessors
    // were (the fixed point is the same in any order; fewer visits).
    std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
        Queue;
    Queue.push(0);
    BitVector Queued(G.Blocks.size());
    Queued.set(0);
    State S;
    while (!Queue.empty()) {
      unsigned B = Queue.top();
      Queue.pop();
      Queued.reset(B);
      S = In[B];
      auto R = std::lower_bound(Sl.Relevant.begin(), Sl.Relevant.end(),
                                G.Blocks[B].Begin);
      for (; R != Sl.Relevant.end() && *R < G.Blocks[B].End; ++R)
        transfer(*R, S);
      for (unsigned T : G.Blocks[B].Succs) {
        // A block is first reached with every register unreached: join
        // sets them all, so it changes.
        if (In[T].join(S) && !Queued.test(T)) {
          Queued.set(T);
          Queue.push(T);
        }
      }
    }
    Slices.push_back(std::move(Sl));
    Found = SliceOf.find(X);
  }
  const Slice &Sl = Slices[Found->second];
  unsigned B = G.BlockOf[N];
  State S = Sl.In[B];
  auto R = std::lower_bound(Sl.Relevant.begin(), Sl.Relevant.end(),
                            G.Blocks[B].Begin);
  for (; R != Sl.Relevant.end() && *R < N; ++R)
    transfer(*R, S);
  return S.get(X);
}

std::optional<std::pair<unsigned, unsigned>>
ConstantValues::Solver::locate(const ast::Operand &O) {
  // The register operand (or call argument) \p O of instruction N.
  auto In = [&](unsigned N) -> std::optional<std::pair<unsigned, unsigned>> {
    ArrayRef<const ast::Operand *> Ops = G.Insts[N]->Operands;
    for (unsigned K = 0; K != Ops.size(); ++K) {
      if (Ops[K] == &O)
        return std::make_pair(N, G.Regs.operand(N, K).front());
      if (const auto *L = dyn_cast<ast::ListOperand>(Ops[K])) {
        ArrayRef<unsigned> Names = G.Regs.operand(N, K);
        for (const ast::Operand *E : L->Elements) {
          if (E == &O)
            return std::make_pair(N, Names.front());
          unsigned Count = 0;
          forEachName(*E, [&](StringRef) { ++Count; });
          Names = Names.drop_front(Count);
        }
      }
    }
    return std::nullopt;
  };
  // The instructions are in source order: the last one whose opcode starts
  // at or before the operand holds it.
  const char *At = O.Range.Start.getPointer();
  auto It = std::partition_point(
      G.Insts.begin(), G.Insts.end(), [&](const ast::InstructionStmt *I) {
        return I->OpcodeRange.Start.getPointer() <= At;
      });
  if (It != G.Insts.begin())
    if (auto Found = In(unsigned(It - 1 - G.Insts.begin())))
      return Found;
  for (unsigned N = 0; N != G.Insts.size(); ++N)
    if (auto Found = In(N))
      return Found;
  return std::nullopt;
}

ConstantValues::ConstantValues(const FunctionCFG &G, ArrayRef<StringRef> Params)
    : G(G), Params(Params.begin(), Params.end()) {}

ConstantValues::~ConstantValues() = default;

const ConstantValues::Fact *
ConstantValues::factOf(const ast::Operand &O) const {
  // Plain register operands only.
  if (!plainRegister(O))
    return nullptr;
  auto [It, New] = Known.try_emplace(&O);
  if (New) {
    if (!S)
      S = std::make_unique<Solver>(G, Params);
    if (auto At = S->locate(O)) {
      Value V = S->valueBefore(At->second, At->first);
      if (V.known())
        It->second =
            Fact{std::move(V.V), V.K == Value::Param ? int(V.Arg) : -1};
    }
  }
  return It->second ? &*It->second : nullptr;
}

std::optional<APInt> ConstantValues::valueAt(const ast::Operand &O) const {
  const Fact *F = factOf(O);
  if (!F || F->Param >= 0)
    return std::nullopt;
  return F->V;
}

std::optional<std::pair<unsigned, unsigned>>
ConstantValues::paramAt(const ast::Operand &O) const {
  const Fact *F = factOf(O);
  if (!F || F->Param < 0)
    return std::nullopt;
  return std::make_pair(unsigned(F->Param), F->V.getBitWidth());
}

std::optional<uint64_t> constantOperand(const ast::Operand &O,
                                        const ConstantValues *CV) {
  if (std::optional<uint64_t> V = intValueOf(O))
    return V;
  if (CV)
    if (std::optional<APInt> V = CV->valueAt(O))
      return V->getZExtValue();
  return std::nullopt;
}

std::string operandText(const ast::Operand &O, uint64_t V) {
  std::string Text = O.text().str();
  if (llvm::isa<ast::ImmOperand>(O))
    return Text;
  std::string Num =
      V < 256 ? utostr(V) : "0x" + utohexstr(V, /*LowerCase=*/true);
  return Text + " (= " + Num + ")";
}

} // namespace sema
} // namespace ptxwarp
