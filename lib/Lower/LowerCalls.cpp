//===- LowerCalls.cpp - Calls to .func, inlined ---------------------------===//
//
// `call{.uni} (rets), f, (args);` (PTX ISA 9.7.13.3 "call") is inlined: the
// callee's body is lowered again for every call site, in a scope of its own,
// and its `ret` jumps to the code after it. A call through a register
// (`call (rets), %rd, (args), proto;`) compares the register with the
// address (LowerInit.cpp) of every function whose address the module takes
// and whose parameter counts fit, and runs the inlined call to the one that
// matches; no match is a located runtime error.
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
// (lowerEntry searches for the deepest limit that fits). A thread that
// goes deeper stops with a located error at the innermost call.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"

#include <functional>

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
  if (!Callee.empty() && S.Regs.count(Callee))
    return lowerIndirectCall(I, Base, S, Callee, RetOps, ArgOps);
  if (Callee.empty() || It == Funcs.end()) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'call' to '" + Callee +
              "' is not supported by the interpreter (only calls to "
              "functions defined in the module)");
    return;
  }
  inlineCall(I, Base, S, *It->second, RetOps, ArgOps);
}

void Lowerer::inlineCall(const ast::InstructionStmt &I, Inst &Base, Scope &S,
                         const ast::FunctionStmt &Target,
                         ArrayRef<const ast::Operand *> RetOps,
                         ArrayRef<const ast::Operand *> ArgOps) {
  const ast::FunctionStmt *Fn = &Target;
  StringRef Callee = Fn->Name;
  unsigned Depth = 0;
  for (const ast::FunctionStmt *On : CallStack)
    Depth += On == Fn;
  if (Depth && F.Insts.size() > MaxInlinedInsts)
    OverBudget = true;
  HitLimit |= Depth >= RecursionLimit;
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

/// The functions whose address the module takes: named in an initialiser
/// or as an instruction operand other than a direct call's callee.
static void addressTaken(const ast::Module &M,
                         const StringMap<const ast::FunctionStmt *> &Funcs,
                         StringSet<> &Out) {
  std::function<void(const ast::Expr *)> Expr = [&](const ast::Expr *E) {
    if (!E)
      return;
    if (const auto *N = dyn_cast<ast::NameExpr>(E)) {
      if (Funcs.count(N->Name))
        Out.insert(N->Name);
    } else if (const auto *B = dyn_cast<ast::BinaryExpr>(E)) {
      Expr(B->LHS);
      Expr(B->RHS);
    } else if (const auto *U = dyn_cast<ast::UnaryExpr>(E)) {
      Expr(U->Sub);
    }
  };
  std::function<void(const ast::Initializer *)> Init =
      [&](const ast::Initializer *In) {
        if (!In)
          return;
        Expr(In->Value);
        for (const ast::Initializer *E : In->Elements)
          Init(E);
      };
  std::function<void(ArrayRef<const ast::Stmt *>)> Body =
      [&](ArrayRef<const ast::Stmt *> Stmts) {
        for (const ast::Stmt *St : Stmts) {
          if (const auto *D = dyn_cast<ast::VarDeclStmt>(St)) {
            for (const ast::Declarator &X : D->Declarators)
              Init(X.Init);
          } else if (const auto *B = dyn_cast<ast::BlockStmt>(St)) {
            Body(B->Body);
          } else if (const auto *I = dyn_cast<ast::InstructionStmt>(St)) {
            const isa::ExecInfo *X = isa::findExec(I->Opcode);
            if (X && (X->Flags & isa::ExecInfo::Inlined))
              continue; // a call's callee is not an address taken
            for (const ast::Operand *O : I->Operands) {
              if (const auto *N = dyn_cast<ast::NameOperand>(O)) {
                if (Funcs.count(N->Name))
                  Out.insert(N->Name);
              } else if (const auto *Im = dyn_cast<ast::ImmOperand>(O)) {
                Expr(Im->Value);
              }
            }
          }
        }
      };
  Body(M.items());
  for (const ast::FunctionStmt *F : M.functions())
    if (F->Body)
      Body(F->Body->Body);
}

void Lowerer::lowerIndirectCall(const ast::InstructionStmt &I, Inst &Base,
                                Scope &S, StringRef Pointer,
                                ArrayRef<const ast::Operand *> RetOps,
                                ArrayRef<const ast::Operand *> ArgOps) {
  // `call (rets), %rd, (args), proto;` (PTX ISA 9.7.13.3): the callee is
  // whichever function's address (LowerInit.cpp) the register holds. Every
  // function of the module whose address is taken and whose parameter
  // counts fit is a candidate: compare, and inline the call to it.
  if (!AddressTakenKnown) {
    addressTaken(M, Funcs, AddressTaken);
    AddressTakenKnown = true;
  }
  auto Count = [](ArrayRef<const ast::VarDeclStmt *> Ds) {
    size_t N = 0;
    for (const ast::VarDeclStmt *D : Ds)
      N += D->Declarators.size();
    return N;
  };
  unsigned PtrReg = S.Regs.find(Pointer)->second;
  Type U64{Type::U, 64};
  Type Pred{Type::Pred, 1};
  unsigned Miss = newTemp(Pred);
  std::vector<unsigned> ToEnd;
  if (Base.Guard >= 0) {
    Inst Skip = Base;
    Skip.Op = Opcode::Bra;
    Skip.GuardNeg = !Base.GuardNeg;
    Skip.Ops.clear();
    ToEnd.push_back(unsigned(F.Insts.size()));
    F.Insts.push_back(Skip);
  }
  Inst Plain = Base;
  Plain.Guard = -1;
  Plain.GuardNeg = false;
  for (const ast::FunctionStmt *Fn : M.functions()) {
    auto It = Funcs.find(Fn->Name);
    if (It == Funcs.end() || It->second != Fn || Fn->IsEntry ||
        !AddressTaken.count(Fn->Name) ||
        Count(Fn->ReturnParams) != RetOps.size() ||
        Count(Fn->Params) != ArgOps.size())
      continue;
    Inst Cmp = Plain;
    Cmp.Op = Opcode::Setp;
    Cmp.Ty = U64;
    Cmp.SrcTy = U64;
    Cmp.Sub = uint8_t(CmpOp::Ne);
    Cmp.Sub2 = uint8_t(BoolOp::None);
    Cmp.Ops = {Operand::reg(Miss), Operand(), Operand::reg(PtrReg),
               Operand::imm(*functionAddress(Fn->Name))};
    F.Insts.push_back(Cmp);
    Inst Next = Plain;
    Next.Op = Opcode::Bra;
    Next.Guard = int32_t(Miss);
    Next.Ops.clear();
    unsigned NextAt = unsigned(F.Insts.size());
    F.Insts.push_back(Next);
    Inst Call = Plain;
    inlineCall(I, Call, S, *Fn, RetOps, ArgOps);
    Inst Done = Plain;
    Done.Op = Opcode::Bra;
    Done.Ops.clear();
    ToEnd.push_back(unsigned(F.Insts.size()));
    F.Insts.push_back(Done);
    F.Insts[NextAt].Target = unsigned(F.Insts.size());
  }
  // No candidate matched: the pointer is no function of this signature.
  Inst T = Plain;
  T.Op = Opcode::Trap;
  T.Sub = 1;
  T.Ops.clear();
  T.Text = "'" + Base.Text + "' calls through '" + Pointer.str() +
           "', which holds the address of no function of the module taking " +
           std::to_string(ArgOps.size()) + " argument(s) and returning " +
           std::to_string(RetOps.size()) + " value(s)";
  F.Insts.push_back(T);
  for (unsigned K : ToEnd)
    F.Insts[K].Target = unsigned(F.Insts.size());
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
