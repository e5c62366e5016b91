//===- LowerCalls.cpp - Direct calls to .func, inlined --------------------===//
//
// `call{.uni} (rets), f, (args);` (PTX ISA 9.7.13.3 "call") is inlined: the
// callee's body is lowered again for every call site, in a scope of its own,
// and its `ret` jumps to the code after it.
//
// Formal parameters (PTX ISA 5.1.6.2 "Device Function Parameters"):
// - a `.param` formal whose actual is a `.param` variable aliases that
//   variable's bytes (so does a return `.param`);
// - a `.param` formal whose actual is a register or an immediate gets bytes
//   of its own: the argument is stored into them before the body, and a
//   return value is loaded from them into its register after it;
// - a `.reg` formal is a fresh register: `mov` from the actual before the
//   body, `mov` to the actual after it for return values.
// `.param` variables of a function body live in the thread's local memory:
// the ISA says that taking the address of a device function parameter puts
// it on the stack, in the .local state space (PTX ISA 9.7.9.1 "mov"), so
// `mov.u64 %rd, a;` gives an address that `ld.local` and `ld.param` read.
//
// Recursion (allowed from sm_20) is inlined to a bounded depth: 64 levels,
// fewer when the inlined copies would exceed MaxInlinedInsts instructions
// (lowerEntry then searches for the deepest limit that fits). A thread that
// goes deeper stops with a located error at the innermost call.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

VarRef Lowerer::allocParam(uint64_t Size, uint64_t Align, StringRef Name,
                           SMRange Range) {
  F.LocalBytes = alignTo(F.LocalBytes, std::max<uint64_t>(Align, 1));
  Variable V;
  V.Name = Name.str();
  V.Sp = Space::Local;
  V.Offset = F.LocalBytes;
  V.Size = Size;
  V.Align = Align;
  V.Range = Range;
  F.LocalVars.push_back(V);
  F.LocalBytes = SaturatingAdd(F.LocalBytes, std::max<uint64_t>(Size, 1));
  return VarRef{Space::Local, V.Offset, false};
}

void Lowerer::lowerCall(const ast::InstructionStmt &I, Inst &Base, Scope &S) {
  // call[.uni] [(rets),] func[, (args)][, proto];
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  // The parenthesised lists: `(7)` parses as a parenthesised immediate,
  // not as a list, so it is taken as a one-element argument list.
  SmallVector<const ast::Operand *, 4> RetOps, ArgOps;
  const ast::ListOperand *Rets = nullptr, *Args = nullptr;
  bool HaveArgs = false;
  StringRef Callee;
  for (const ast::Operand *O : Ops) {
    if (const auto *L = dyn_cast<ast::ListOperand>(O)) {
      if (Callee.empty()) {
        Rets = L;
        RetOps.append(L->Elements.begin(), L->Elements.end());
      } else if (!HaveArgs) {
        Args = L;
        HaveArgs = true;
        ArgOps.append(L->Elements.begin(), L->Elements.end());
      }
    } else if (const auto *N = dyn_cast<ast::NameOperand>(O)) {
      if (Callee.empty())
        Callee = N->Name;
    } else if (const auto *Im = dyn_cast<ast::ImmOperand>(O)) {
      if (const auto *NE = dyn_cast<ast::NameExpr>(Im->Value)) {
        if (Callee.empty())
          Callee = NE->Name;
      } else if (!Callee.empty() && !HaveArgs) {
        HaveArgs = true;
        ArgOps.push_back(O);
      }
    }
  }
  auto It = Funcs.find(Callee);
  if (Callee == "vprintf" && It == Funcs.end()) {
    // The CUDA device printf (extern vprintf(fmt, args)): a builtin.
    Inst P = Base;
    P.Op = Opcode::Printf;
    auto VarAddr = [&](const ast::ListOperand *L, size_t K) {
      Operand O;
      const auto *N = L && K < L->Elements.size()
                          ? dyn_cast<ast::NameOperand>(L->Elements[K])
                          : nullptr;
      if (const VarRef *V = N ? lookupVar(N->Name, S) : nullptr) {
        O.K = Operand::Addr;
        O.Sp = V->Sp;
        O.Imm = V->Offset;
      }
      return O;
    };
    P.Ops = {VarAddr(Rets, 0), VarAddr(Args, 0), VarAddr(Args, 1)};
    if (P.Ops[1].K != Operand::Addr || P.Ops[2].K != Operand::Addr) {
      error(DiagID::UnsupportedInstruction, I.Range,
            "vprintf arguments must be .param variables");
      return;
    }
    F.Insts.push_back(std::move(P));
    return;
  }
  if (Callee.empty() || It == Funcs.end() || S.Regs.count(Callee)) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'call' to '" + Callee +
              "' is not supported by the interpreter (only direct calls to "
              "functions defined in the module)");
    return;
  }
  const ast::FunctionStmt *Fn = It->second;
  unsigned Depth = 0;
  for (const ast::FunctionStmt *On : CallStack)
    Depth += On == Fn;
  if (Depth && F.Insts.size() > MaxInlinedInsts)
    OverBudget = true;
  if (Depth >= RecursionLimit || (Depth && OverBudget)) {
    // Too deep to inline: a thread that gets here stops with an error.
    Inst T = Base;
    T.Op = Opcode::Trap;
    T.Sub = 1;
    T.Text = "call to '" + Callee.str() + "' recurses deeper than " +
             std::to_string(Depth) +
             " levels, more than the interpreter inlines (" +
             std::to_string(RecursionLimit) + " levels within " +
             std::to_string(MaxInlinedInsts) + " instructions)";
    F.Insts.push_back(std::move(T));
    return;
  }
  if (Base.Guard >= 0) {
    // A guarded call: branch around the inlined body when the guard fails.
    Inst Skip = Base;
    Skip.Op = Opcode::Bra;
    Skip.GuardNeg = !Base.GuardNeg;
    Skip.Ops.clear();
    F.Insts.push_back(Skip);
  }
  unsigned SkipAt = Base.Guard >= 0 ? unsigned(F.Insts.size() - 1) : ~0u;
  Scope Inner;
  Inner.Depth = S.Depth + 1;
  // Copies into the callee before its body, and out of it after.
  std::vector<Inst> After;
  auto Copy = [&](Opcode Op, Type Ty, Operand D, Operand A) {
    Inst C = Base;
    C.Guard = -1;
    C.Op = Op;
    C.Ty = Ty;
    C.Vec = 1;
    C.Ops = {D, A};
    return C;
  };
  auto Bind = [&](ArrayRef<const ast::VarDeclStmt *> Formals,
                  ArrayRef<const ast::Operand *> Actuals, bool Result) {
    size_t K = 0;
    size_t NActuals = Actuals.size();
    for (const ast::VarDeclStmt *D : Formals)
      for (const ast::Declarator &X : D->Declarators) {
        const ast::Operand *A = K < NActuals ? Actuals[K] : nullptr;
        ++K;
        auto Refuse = [&](const Twine &Why) {
          error(DiagID::UnsupportedInstruction, A ? A->Range : I.Range,
                "call " + Twine(Result ? "result" : "argument") + " for '" +
                    X.Name + "' of '" + Callee +
                    "' is not supported by the interpreter (" + Why + ")");
          return false;
        };
        if (!A)
          return Refuse("missing");
        Type T = Type::fromName(D->Type);
        const auto *N = dyn_cast<ast::NameOperand>(A);
        const VarRef *V = N && N->Component.empty() && !S.Regs.count(N->Name)
                              ? lookupVar(N->Name, S)
                              : nullptr;
        if (D->Space == ast::StateSpace::Param && V) {
          Inner.Vars[X.Name] = *V; // the formal aliases the argument
          continue;
        }
        if (V)
          return Refuse("a variable passed to a .reg parameter");
        bool Scalar = T.K != Type::None && !D->VectorWidth && X.Dims.empty() &&
                      T.Bits <= 64;
        if (!Scalar)
          return Refuse("a register passed to a parameter that is not a "
                        "scalar of at most 64 bits");
        std::optional<Operand> Val = Result ? dest(A, S) : source(A, T, S);
        if (!Val)
          return false;
        if (D->Space == ast::StateSpace::Param) {
          // A scalar .param formal with a register or immediate actual.
          VarRef Slot = allocParam(T.bytes(), D->Align ? D->Align : T.bytes(),
                                   X.Name, X.Range);
          Inner.Vars[X.Name] = Slot;
          Operand Addr;
          Addr.K = Operand::Addr;
          Addr.Sp = Space::Local;
          Addr.Imm = Slot.Offset;
          if (Result)
            After.push_back(Copy(Opcode::Ld, T, *Val, Addr));
          else
            F.Insts.push_back(Copy(Opcode::St, T, Addr, *Val));
          continue;
        }
        // A .reg formal: a fresh register in the callee.
        unsigned R = unsigned(F.Regs.size());
        F.Regs.push_back(RegInfo{X.Name.str(), T});
        Inner.Regs[X.Name] = R;
        if (Result)
          After.push_back(Copy(Opcode::Mov, T, *Val, Operand::reg(R)));
        else
          F.Insts.push_back(Copy(Opcode::Mov, T, Operand::reg(R), *Val));
      }
    if (K != NActuals) {
      error(DiagID::UnsupportedInstruction, I.Range,
            "'" + Callee + "' takes " + Twine(K) + " " +
                (Result ? "results" : "arguments") + ", the call passes " +
                Twine(NActuals));
      return false;
    }
    return true;
  };
  if (!Bind(Fn->ReturnParams, RetOps, true) || !Bind(Fn->Params, ArgOps, false))
    return;
  CallStack.push_back(Fn);
  lowerFunction(*Fn, Inner);
  CallStack.pop_back();
  unsigned Continue = unsigned(F.Insts.size());
  finishScope(Inner, Continue);
  for (Inst &C : After)
    F.Insts.push_back(std::move(C));
  if (SkipAt != ~0u)
    F.Insts[SkipAt].Target = unsigned(F.Insts.size());
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
