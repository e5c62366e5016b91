//===- ConstProp.cpp - Integer constants in registers, per use -----------===//

#include "ConstProp.h"
#include "SemaState.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"

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
    if (V.K == Value::Const || V.K == Value::Param) {
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
  /// Sorted by register; copying a state reuses the vector's storage.
  std::vector<std::pair<unsigned, Value>> Known;
  std::vector<std::pair<unsigned, Value>>::iterator find(unsigned K) {
    return llvm::partition_point(
        Known,
        [K](const std::pair<unsigned, Value> &E) { return E.first < K; });
  }
  std::vector<std::pair<unsigned, Value>>::const_iterator
  find(unsigned K) const {
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

class Solver {
public:
  Solver(const FunctionCFG &G, ArrayRef<StringRef> Params)
      : G(G), Params(Params) {}
  void solve(DenseMap<const ast::Operand *, ConstantValues::Fact> &Known);

private:
  /// `ld.param.u32 %r1, [f_param_2];`: %r1 and Param(2), for a parameter of
  /// the function being solved.
  std::optional<std::pair<const ast::NameOperand *, Value>>
  paramLoad(const ast::InstructionStmt &I, isa::OpcodeRef Op) const;
  /// `st.param.b32 [param0+0], -1;` before a call: the argument variable and
  /// the width stored (0 when the store covers part of it only).
  std::optional<std::pair<StringRef, unsigned>>
  argumentStore(const ast::InstructionStmt &I, isa::OpcodeRef Op) const;
  /// What \p I folds and at which width, when the analysis can fold it
  /// (then it writes operand 0, a plain register).
  std::optional<std::pair<isa::ConstFold, unsigned>>
  foldOf(const ast::InstructionStmt &I, isa::OpcodeRef Op) const;
  /// \p Top: indexOf of operands 0 to 2 when plain registers (else -1).
  Step stepOf(unsigned N, const int (&Top)[3]) const;
  /// The value of operand \p O, register \p K of Index (-1: untracked).
  Value source(const ast::Operand &O, int K, unsigned Width,
               const State &S) const;
  Value fold(const ast::InstructionStmt &I, const Step &St,
             const State &S) const;
  void transfer(unsigned N, State &S) const;
  /// The id (RegisterIds) of a tracked name, or -1.
  int tracked(int Id) const { return Id >= 0 && Tracked[Id] ? Id : -1; }

  const FunctionCFG &G;
  ArrayRef<StringRef> Params;
  /// Per register id: a call argument variable of the function (`param0`
  /// of `call f, (param0)`).
  std::vector<bool> ArgVars;
  bool AnyArgVars = false;
  /// Per register id: written by some folded instruction or parameter load,
  /// or an argument variable: the only names that can hold a known value.
  std::vector<bool> Tracked;
  /// The step of every instruction of G.Insts.
  std::vector<Step> Steps;
  /// Per instruction: foldOf, or ConstFold::None.
  std::vector<std::pair<isa::ConstFold, unsigned>> Folds;
};

std::optional<std::pair<const ast::NameOperand *, Value>>
Solver::paramLoad(const ast::InstructionStmt &I, isa::OpcodeRef Op) const {
  if (Params.empty() || I.Operands.size() != 2 ||
      isa::operandSizeRuleOf(Op) != isa::OperandSizeRule::Load)
    return std::nullopt;
  const ast::NameOperand *D = plainRegister(*I.Operands[0]);
  auto A = namedAddress(*I.Operands[1]);
  std::optional<unsigned> W = memoryWidth(I);
  if (!D || !A || A->Offset != 0 || !W)
    return std::nullopt;
  const StringRef *P = find(Params, A->Name);
  if (P == Params.end())
    return std::nullopt;
  return std::make_pair(D, Value::param(unsigned(P - Params.begin()), *W));
}

std::optional<std::pair<StringRef, unsigned>>
Solver::argumentStore(const ast::InstructionStmt &I, isa::OpcodeRef Op) const {
  if (!AnyArgVars || I.Operands.size() != 2 ||
      isa::operandSizeRuleOf(Op) != isa::OperandSizeRule::Store)
    return std::nullopt;
  auto A = namedAddress(*I.Operands[0]);
  int Id = A ? G.Regs.find(A->Name) : -1;
  if (Id < 0 || !ArgVars[Id])
    return std::nullopt;
  std::optional<unsigned> W = memoryWidth(I);
  if (A->Offset != 0 || !W)
    return std::make_pair(A->Name, 0u);
  return std::make_pair(A->Name, *W);
}

std::optional<std::pair<isa::ConstFold, unsigned>>
Solver::foldOf(const ast::InstructionStmt &I, isa::OpcodeRef Op) const {
  isa::ConstFold F = isa::constFoldOf(Op);
  if (F == isa::ConstFold::None || I.Operands.empty())
    return std::nullopt;
  std::optional<unsigned> W = foldWidth(I);
  unsigned Arity =
      F == isa::ConstFold::Copy || F == isa::ConstFold::Not ? 2 : 3;
  if (!W || I.Operands.size() != Arity || !plainRegister(*I.Operands[0]))
    return std::nullopt;
  return std::make_pair(F, *W);
}

Step Solver::stepOf(unsigned N, const int (&Top)[3]) const {
  const ast::InstructionStmt &I = *G.Insts[N];
  Step St;
  auto RegisterOf = [&](size_t Op) { return Top[Op]; };
  if (auto L = paramLoad(I, G.Ops[N])) {
    St.K = Step::Load;
    St.Dest = Top[0]; // L->first is operand 0
    St.Loaded = L->second;
    return St;
  }
  if (auto A = argumentStore(I, G.Ops[N])) {
    St.K = Step::Store;
    St.Dest = tracked(G.Regs.find(A->first));
    St.Width = A->second;
    St.Src[0] = RegisterOf(1);
    return St;
  }
  if (Folds[N].first != isa::ConstFold::None) {
    St.K = Step::Fold;
    St.Op = Folds[N].first;
    St.Dest = Top[0]; // the folded destination is operand 0
    St.Width = Folds[N].second;
    St.Src[0] = RegisterOf(1);
    St.Src[1] = RegisterOf(2);
    return St;
  }
  for (unsigned D : G.Regs.dests(N))
    if (Tracked[D])
      St.Clobbered.push_back(D);
  if (!St.Clobbered.empty() && writesFirstOperand(I, G.Ops[N]))
    St.K = Step::Clobber;
  return St;
}

Value Solver::source(const ast::Operand &O, int K, unsigned Width,
                     const State &S) const {
  if (llvm::isa<ast::ImmOperand>(O)) {
    if (std::optional<uint64_t> V = intValueOf(O))
      return Value::constant(APInt(64, *V).zextOrTrunc(Width));
    return Value::unknown();
  }
  if (K < 0)
    return Value::unknown();
  const Value &V = S.get(unsigned(K));
  if (V.K == Value::Param && V.V.getBitWidth() != Width)
    return Value::unknown();
  if (V.K != Value::Const)
    return V;
  return Value::constant(V.V.zextOrTrunc(Width));
}

Value Solver::fold(const ast::InstructionStmt &I, const Step &St,
                   const State &S) const {
  isa::ConstFold F = St.Op;
  unsigned Width = St.Width;
  Value A = source(*I.Operands[1], St.Src[0], Width, S);
  Value B = I.Operands.size() > 2 ? source(*I.Operands[2], St.Src[1], Width, S)
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

void Solver::transfer(unsigned N, State &S) const {
  const ast::InstructionStmt &I = *G.Insts[N];
  const Step &St = Steps[N];
  auto Write = [&](Value New) {
    unsigned K = unsigned(St.Dest);
    // A guarded write leaves the old value in the lanes it skips.
    if (I.G.isPresent())
      S.merge(K, New);
    else
      S.set(K, std::move(New));
  };
  switch (St.K) {
  case Step::Nothing:
    return;
  case Step::Load:
    Write(St.Loaded);
    return;
  case Step::Store:
    Write(St.Width ? source(*I.Operands[1], St.Src[0], St.Width, S)
                   : Value::unknown());
    return;
  case Step::Fold:
    Write(fold(I, St, S));
    return;
  case Step::Clobber:
    for (unsigned K : St.Clobbered)
      S.set(K, Value::unknown());
    return;
  }
}

void Solver::solve(
    DenseMap<const ast::Operand *, ConstantValues::Fact> &Known) {
  const RegisterIds &Ids = G.Regs;
  ArgVars.assign(Ids.size(), false);
  Folds.assign(G.Insts.size(), {isa::ConstFold::None, 0});
  Tracked.assign(Ids.size(), false);
  for (unsigned N = 0; N != G.Insts.size(); ++N) {
    const ast::InstructionStmt *I = G.Insts[N];
    if (std::optional<CallSite> C = callSiteOf(*I, G.Ops[N]))
      if (C->Args) {
        // The list's names, in order: one per name element.
        ArrayRef<const ast::Operand *> Ops = I->Operands;
        unsigned K = std::find(Ops.begin(), Ops.end(), C->Args) - Ops.begin();
        ArrayRef<unsigned> Names = Ids.operand(N, K);
        for (const ast::Operand *O : C->Args->Elements) {
          unsigned Count = 0;
          forEachName(*O, [&](StringRef) { ++Count; });
          if (plainRegister(*O))
            ArgVars[Names.front()] = AnyArgVars = true;
          Names = Names.drop_front(Count);
        }
      }
  }
  bool Any = AnyArgVars;
  for (unsigned N = 0; N != G.Insts.size(); ++N) {
    const ast::InstructionStmt *I = G.Insts[N];
    // Both write operand 0, a plain register.
    auto Fold = foldOf(*I, G.Ops[N]);
    if (Fold)
      Folds[N] = *Fold;
    if (Fold || paramLoad(*I, G.Ops[N])) {
      Tracked[Ids.operand(N, 0).front()] = true;
      Any = true;
    }
  }
  for (unsigned Id = 0; Id != Ids.size(); ++Id)
    if (ArgVars[Id])
      Tracked[Id] = true;
  if (!Any)
    return;
  Steps.reserve(G.Insts.size());
  // The tracked registers each instruction reads or writes as operands (and
  // call arguments), in the order the values are recorded below.
  std::vector<std::pair<const ast::Operand *, unsigned>> Regs;
  std::vector<unsigned> RegsAt;
  RegsAt.reserve(G.Insts.size() + 1);
  auto AddReg = [&](const ast::Operand &O, ArrayRef<unsigned> Names) {
    int K = plainRegister(O) ? tracked(int(Names.front())) : -1;
    if (K >= 0)
      Regs.emplace_back(&O, unsigned(K));
    return K;
  };
  for (unsigned N = 0; N != G.Insts.size(); ++N) {
    const ast::InstructionStmt *I = G.Insts[N];
    RegsAt.push_back(Regs.size());
    int Top[3] = {-1, -1, -1};
    for (size_t Op = 0; Op != I->Operands.size(); ++Op) {
      const ast::Operand *O = I->Operands[Op];
      ArrayRef<unsigned> Names = Ids.operand(N, Op);
      int K = AddReg(*O, Names);
      if (Op < 3)
        Top[Op] = K;
      if (const auto *L = dyn_cast<ast::ListOperand>(O))
        for (const ast::Operand *E : L->Elements) {
          unsigned Count = 0;
          forEachName(*E, [&](StringRef) { ++Count; });
          AddReg(*E, Names);
          Names = Names.drop_front(Count);
        }
    }
    Steps.push_back(stepOf(N, Top));
  }
  RegsAt.push_back(Regs.size());

  // Nothing is known on entry: a register not written yet may be a .func's
  // register parameter or undefined.
  std::vector<State> In(G.Blocks.size());
  In[0] = State::entry();
  // The queued block first in source order: blocks follow their forward
  // branches' sources, so most are visited once all their predecessors
  // were (the fixed point is the same in any order; fewer visits).
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      Work;
  Work.push(0);
  BitVector Queued(G.Blocks.size());
  Queued.set(0);
  State S;
  while (!Work.empty()) {
    unsigned B = Work.top();
    Work.pop();
    Queued.reset(B);
    S = In[B];
    for (unsigned N = G.Blocks[B].Begin; N != G.Blocks[B].End; ++N)
      transfer(N, S);
    for (unsigned T : G.Blocks[B].Succs) {
      bool Changed = In[T].join(S);
      // A block is first reached with every register unreached: join sets
      // them all, so Changed is true.
      if (Changed && !Queued.test(T)) {
        Queued.set(T);
        Work.push(T);
      }
    }
  }

  // The value of every register operand (and call argument) at its
  // instruction.
  for (unsigned B = 0; B != G.Blocks.size(); ++B) {
    S = In[B];
    for (unsigned N = G.Blocks[B].Begin; N != G.Blocks[B].End; ++N) {
      for (unsigned R = RegsAt[N]; R != RegsAt[N + 1]; ++R) {
        const Value &V = S.get(Regs[R].second);
        if (V.K == Value::Const)
          Known.try_emplace(Regs[R].first, ConstantValues::Fact{V.V, -1});
        else if (V.K == Value::Param)
          Known.try_emplace(Regs[R].first,
                            ConstantValues::Fact{V.V, int(V.Arg)});
      }
      transfer(N, S);
    }
  }
}

} // namespace

ConstantValues::ConstantValues(const FunctionCFG &G, ArrayRef<StringRef> Params)
    : G(G), Params(Params.begin(), Params.end()) {}

const ConstantValues::Fact *
ConstantValues::factOf(const ast::Operand &O) const {
  // The solution records plain register operands only.
  if (!plainRegister(O))
    return nullptr;
  if (!Solved) {
    Solved = true;
    Solver(G, Params).solve(Known);
  }
  auto It = Known.find(&O);
  return It == Known.end() ? nullptr : &It->second;
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
