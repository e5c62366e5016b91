//===- Lower.cpp - From the checked AST to the interpreter's IR -----------===//
//
// Walks one `.entry` body, assigns register numbers, lays out parameters and
// variables, folds immediates, resolves labels and inlines `.func` calls
// (callee formals alias the caller's argument `.param` variables, so a call
// is a jump and `ret` jumps back). Every instruction is decoded into an
// ir::Inst by opcode family; anything else is an `unsupported-instruction`
// error at its location.
//
// This file holds the declarations, operands and lowerInst's dispatch; the
// instruction classes are lowered in LowerAlu.cpp (setp/set, cvt, the ALU),
// LowerMemory.cpp (ld/st/atom/red, cvta), LowerControl.cpp (bra, brx.idx,
// bar), LowerWarp.cpp (warp-level instructions) and the other Lower*.cpp.
//
// What a non-warp instruction executes as, or why it is refused, comes from
// the opcode rows of the ISA table (lib/ISA/td/Opcodes.td); the warp-level
// ones from their forms' SemanticOp.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Lower/Lower.h"

#include "LowerAsync.h"
#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/Layout.h"
#include "ptxwarp/IR/Reconvergence.h"
#include "ptxwarp/IR/WarpModes.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

using namespace llvm;

namespace ptxwarp {
namespace ir {

std::vector<std::string> entryNames(const ast::Module &M) {
  std::vector<std::string> Names;
  for (const ast::FunctionStmt *F : M.functions())
    if (F->IsEntry && F->isDefinition())
      Names.push_back(F->Name.str());
  return Names;
}

namespace lower {

/// The SReg that reads special register \p Name with component \p Comp
/// (x, y, z or empty), as the ISA table's Exec column says.
std::optional<SReg> specialReg(StringRef Name, StringRef Comp) {
  const isa::SpecialReg *R = isa::findSpecialReg(Name);
  if (!R || R->Exec.empty())
    return std::nullopt;
  if (!R->HasComponents)
    return Comp.empty() ? ir::sregFromName(R->Exec) : std::nullopt;
  if (Comp != "x" && Comp != "y" && Comp != "z")
    return std::nullopt;
  return ir::sregFromName((R->Exec + Comp.upper()).str());
}

Type lastType(const ast::InstructionStmt &I, unsigned Skip = 0) {
  Type Found;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Type T = Type::fromName(Q.Text);
    if (T.K != Type::None) {
      if (Skip) {
        --Skip;
        continue;
      }
      Found = T;
    }
  }
  return Found;
}

/// All type qualifiers of \p I in order (cvt has two).
SmallVector<Type, 2> types(const ast::InstructionStmt &I) {
  SmallVector<Type, 2> Ts;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    Type T = Type::fromName(Q.Text);
    if (T.K != Type::None)
      Ts.push_back(T);
  }
  return Ts;
}

std::string mnemonic(const ast::InstructionStmt &I) {
  std::string S = I.Opcode.str();
  for (const ast::Qualifier &Q : I.Qualifiers) {
    if (Type::fromName(Q.Text).K != Type::None || Q.Text.startswith("v"))
      continue;
    S += ".";
    S += Q.Text.str();
  }
  return S;
}

/// Rounds \p V up to a multiple of \p A, saturating instead of wrapping so
/// that a hostile `.align` or size cannot wrap a layout back to small
/// offsets (test/Robustness/huge-variables.test).
uint64_t alignTo(uint64_t V, uint64_t A) {
  if (!A)
    return V;
  uint64_t Up = SaturatingAdd(V, A - 1);
  return Up == UINT64_MAX ? UINT64_MAX : Up / A * A;
}

uint64_t Lowerer::declSize(const ast::VarDeclStmt &D,
                           const ast::Declarator &X) {
  Type T = Type::fromName(D.Type);
  uint64_t Elem = T.K == Type::None ? 1 : T.bytes();
  if (D.VectorWidth)
    Elem *= D.VectorWidth;
  uint64_t N = 1;
  for (const ast::ArrayDim &Dim : X.Dims) {
    if (!Dim.Size)
      return 0; // unsized: extern shared or sized by its initialiser
    if (auto V = ast::evaluateInt(*Dim.Size))
      N = SaturatingMultiply<uint64_t>(N, *V);
  }
  // Saturates: a size that does not fit 64 bits reads as UINT64_MAX, which
  // tooLarge() refuses.
  return SaturatingMultiply<uint64_t>(Elem, N);
}

bool Lowerer::tooLarge(uint64_t Size, const ast::Declarator &X) {
  if (Size <= MaxVarBytes)
    return false;
  error(DiagID::LoweringError, X.Range,
        "'" + X.Name + "' is larger than the interpreter supports (" +
            Twine(MaxVarBytes) + " bytes)");
  return true;
}

/// Flattens an initialiser into little-endian bytes (integers and f32/f64).
std::vector<uint8_t> Lowerer::initBytes(const ast::VarDeclStmt &D,
                                        const ast::Declarator &X,
                                        uint64_t Size) {
  std::vector<uint8_t> Bytes;
  if (!X.Init)
    return Bytes;
  Type T = Type::fromName(D.Type);
  unsigned Elem = T.K == Type::None ? 1 : T.bytes();
  std::vector<const ast::Initializer *> Work{X.Init};
  std::vector<const ast::Initializer *> Flat;
  std::function<void(const ast::Initializer *)> Walk =
      [&](const ast::Initializer *In) {
        if (In->getKind() == ast::Initializer::Kind::List) {
          for (const ast::Initializer *E : In->Elements)
            Walk(E);
          return;
        }
        Flat.push_back(In);
      };
  Walk(X.Init);
  for (const ast::Initializer *In : Flat) {
    const ast::Expr *E = In->Value;
    uint64_t V = 0;
    if (const auto *FE = dyn_cast_or_null<ast::FloatExpr>(E)) {
      if (T.isFloat() && T.Bits == 32 && !FE->isF32()) {
        float Fv = float(FE->asDouble());
        uint32_t B;
        std::memcpy(&B, &Fv, 4);
        V = B;
      } else {
        V = FE->Bits;
      }
    } else if (E) {
      // A symbol (`var`, `var+4`, `generic(var)`, a function): its address
      // is patched in once the module is laid out (LowerInit.cpp). This
      // variable is the next entry of F.GlobalVars.
      Optional<uint64_t> Int =
          In->Offset ? None : ast::evaluateInt(*E); // generic(sym)+N
      if (!Int && !symbolicInit(*In, F.GlobalVars.size(), Bytes.size(), Elem))
        error(DiagID::LoweringError, E->Range,
              "initialiser '" + X.Name +
                  "' has an element the interpreter cannot evaluate");
      V = Int.getValueOr(0);
    }
    for (unsigned I = 0; I < Elem; ++I)
      Bytes.push_back(uint8_t(V >> (8 * I)));
  }
  return Bytes; // the runner pads to the variable's size
}

void Lowerer::declareModuleVar(const ast::VarDeclStmt &D) {
  for (const ast::Declarator &X : D.Declarators) {
    uint64_t Align = D.Align ? D.Align : 1;
    Type T = Type::fromName(D.Type);
    if (!D.Align && T.K != Type::None)
      Align = T.bytes() * (D.VectorWidth ? D.VectorWidth : 1);
    uint64_t Size = declSize(D, X);
    if (tooLarge(Size, X))
      continue;
    Variable V;
    V.Name = X.Name.str();
    V.Size = Size;
    V.Align = Align;
    V.Range = X.Range;
    if (D.Space == ast::StateSpace::Shared) {
      if (Size == 0 && !X.Dims.empty()) {
        ModuleVars[X.Name] = VarRef{Space::Shared, 0, true};
        F.UsesDynamicShared = true;
        continue;
      }
      V.Sp = Space::Shared;
      V.Offset = F.SharedBytes = alignTo(F.SharedBytes, Align);
      F.SharedBytes = SaturatingAdd(F.SharedBytes, Size);
      F.SharedVars.push_back(V);
      ModuleVars[X.Name] = VarRef{Space::Shared, V.Offset, false};
    } else if (D.Space == ast::StateSpace::Global ||
               D.Space == ast::StateSpace::Const) {
      std::vector<uint8_t> Init = initBytes(D, X, Size);
      if (Size == 0)
        Size = Init.size();
      V.Size = Size;
      V.Sp = D.Space == ast::StateSpace::Const ? Space::Const : Space::Global;
      V.Offset = F.GlobalBytes =
          alignTo(F.GlobalBytes, std::max<uint64_t>(Align, 8));
      F.GlobalBytes = SaturatingAdd(F.GlobalBytes, Size);
      V.Init = std::move(Init);
      F.GlobalVars.push_back(V);
      ModuleVars[X.Name] = VarRef{Space::Global, V.Offset, false};
    }
  }
}

void Lowerer::declareLocal(const ast::VarDeclStmt &D, Scope &S) {
  for (const ast::Declarator &X : D.Declarators) {
    if (D.Space == ast::StateSpace::Reg) {
      Type T = Type::fromName(D.Type);
      if (D.VectorWidth || D.Type == "b128") {
        declareVectorReg(D, X, S);
        continue;
      }
      auto Add = [&](const std::string &Name) {
        S.Regs[Name] = unsigned(F.Regs.size());
        F.Regs.push_back(RegInfo{Name, T});
      };
      if (X.HasRangeCount && X.RangeCount > (1u << 20)) {
        // Bounded so that no input can exhaust the host while lowering.
        error(DiagID::LoweringError, X.Range,
              "more than 1048576 registers in one declaration are not "
              "supported by the interpreter");
        continue;
      }
      if (X.HasRangeCount) {
        for (uint64_t I = 0; I < X.RangeCount; ++I)
          Add((X.Name + Twine(I)).str());
      } else {
        Add(X.Name.str());
      }
      continue;
    }
    uint64_t Size = declSize(D, X);
    if (tooLarge(Size, X))
      continue;
    Type T = Type::fromName(D.Type);
    uint64_t Align =
        D.Align ? D.Align
                : std::max<uint64_t>(1, T.K == Type::None ? 1 : T.bytes());
    switch (D.Space) {
    case ast::StateSpace::Param:
      S.Vars[X.Name] = allocParam(Size, Align, X.Name, X.Range);
      break;
    case ast::StateSpace::Local: {
      F.LocalBytes = alignTo(F.LocalBytes, Align);
      S.Vars[X.Name] = VarRef{Space::Local, F.LocalBytes, false};
      Variable V;
      V.Name = X.Name.str();
      V.Sp = Space::Local;
      V.Offset = F.LocalBytes;
      V.Size = Size;
      V.Align = Align;
      V.Range = X.Range;
      F.LocalVars.push_back(std::move(V));
      F.LocalBytes = SaturatingAdd(F.LocalBytes, Size);
      break;
    }
    case ast::StateSpace::Shared:
    case ast::StateSpace::Global:
    case ast::StateSpace::Const: {
      // Function-scope statics behave like module variables, but their
      // name is the function's (or block's) own: a module variable of the
      // same name stays visible elsewhere.
      ast::VarDeclStmt Copy = D;
      Copy.Declarators = ArrayRef<ast::Declarator>(&X, 1);
      auto Outer = ModuleVars.find(X.Name);
      std::optional<VarRef> Saved;
      if (Outer != ModuleVars.end())
        Saved = Outer->second;
      declareModuleVar(Copy);
      if (ModuleVars.count(X.Name))
        S.Vars[X.Name] = ModuleVars[X.Name];
      if (Saved)
        ModuleVars[X.Name] = *Saved;
      else
        ModuleVars.erase(X.Name);
      break;
    }
    default:
      error(DiagID::UnsupportedInstruction, X.Range,
            "variables in state space '." + D.SpaceText +
                "' are not supported by the interpreter");
    }
  }
}

const VarRef *Lowerer::lookupVar(StringRef Name, Scope &S) {
  auto It = S.Vars.find(Name);
  if (It != S.Vars.end())
    return &It->second;
  auto Mt = ModuleVars.find(Name);
  if (Mt != ModuleVars.end())
    return &Mt->second;
  return nullptr;
}

bool Lowerer::run(const ast::FunctionStmt &Entry) {
  for (const ast::FunctionStmt *Fn : M.functions())
    if (Fn->isDefinition())
      Funcs[Fn->Name] = Fn;
  for (const ast::Stmt *Item : M.items())
    if (const auto *D = dyn_cast<ast::VarDeclStmt>(Item))
      declareModuleVar(*D);

  F.Name = Entry.Name.str();
  Scope S;
  S.IsEntry = true;
  // Kernel parameters: laid out in order with natural alignment (PTX ISA
  // 5.1.6.1 "Kernel Function Parameters").
  for (const ast::VarDeclStmt *P : Entry.Params) {
    for (const ast::Declarator &X : P->Declarators) {
      Type T = Type::fromName(P->Type);
      uint64_t Size = declSize(*P, X);
      if (tooLarge(Size, X))
        continue;
      uint64_t Align = P->Align ? P->Align : std::max<uint64_t>(1, T.bytes());
      F.ParamBytes = alignTo(F.ParamBytes, Align);
      KernelParam KP;
      KP.Name = X.Name.str();
      KP.Ty = T;
      KP.Offset = F.ParamBytes;
      KP.Size = Size;
      KP.IsPointer = T.Bits == 64 && !T.isFloat();
      F.Params.push_back(KP);
      S.Vars[X.Name] = VarRef{Space::KernelParam, F.ParamBytes, false};
      F.ParamBytes += Size;
      // The runner allocates the parameter block: bound it by CUDA's
      // largest (32764 bytes since CUDA 12.1, PTX ISA 5.1.6.1 notes).
      if (F.ParamBytes > MaxParamBytes) {
        error(DiagID::LoweringError, X.Range,
              "the kernel's parameters need " + Twine(F.ParamBytes) +
                  " bytes, more than the " + Twine(MaxParamBytes) +
                  " a launch can pass");
        return false;
      }
    }
  }
  CallStack.push_back(&Entry);
  lowerFunction(Entry, S);
  applyRelocs(); // LowerInit.cpp
  finishScope(S, unsigned(F.Insts.size()));
  // A thread that falls off the end of the entry exits.
  Inst Exit;
  Exit.Op = Opcode::Exit;
  Exit.Loc = Entry.Range.End;
  Exit.Text = "exit (end of kernel)";
  F.Insts.push_back(Exit);
  // Dynamic shared memory starts after the static variables, 16-aligned.
  uint64_t DynBase = alignTo(F.SharedBytes, 16);
  F.DynamicSharedOffset = DynBase;
  for (Inst &I : F.Insts)
    for (Operand &O : I.Ops)
      if (O.DynShared) {
        O.Imm += DynBase;
        O.DynShared = false;
      }
  for (Inst &I : F.Insts)
    if (I.Loc.isValid() && !I.Line)
      I.Line =
          userLine(M.sourceMgr().getLineAndColumn(I.Loc, M.bufferID()).first,
                   M.hiddenLines());
  computeReconvergence(F);
  return !Failed;
}

void Lowerer::lowerFunction(const ast::FunctionStmt &Fn, Scope &S) {
  if (Fn.Body)
    lowerStmts(Fn.Body->Body, S);
}

void Lowerer::lowerStmts(ArrayRef<const ast::Stmt *> Body, Scope &S) {
  for (const ast::Stmt *St : Body) {
    if (const auto *I = dyn_cast<ast::InstructionStmt>(St)) {
      lowerInst(*I, S);
    } else if (const auto *L = dyn_cast<ast::LabelStmt>(St)) {
      S.Labels[L->Name] = unsigned(F.Insts.size());
    } else if (const auto *B = dyn_cast<ast::BlockStmt>(St)) {
      lowerBlock(*B, S); // LowerScope.cpp
    } else if (const auto *D = dyn_cast<ast::VarDeclStmt>(St)) {
      declareLocal(*D, S);
    } else if (St->getKind() == ast::Stmt::Kind::BranchTargets) {
      const auto *T = cast<ast::TargetListStmt>(St);
      S.BranchTargets[T->Label] = T;
    }
    // .loc, .pragma, directives, prototypes: nothing to execute.
  }
}

void Lowerer::finishScope(Scope &S, unsigned Continue) {
  for (const Scope::Fixup &Fx : S.Fixups) {
    auto It = S.Labels.find(Fx.Label);
    if (It == S.Labels.end()) {
      error(DiagID::LoweringError, Fx.Range,
            "label '" + Fx.Label + "' is not defined in this function");
      continue;
    }
    F.Insts[Fx.Inst].Target = It->second;
  }
  for (const Scope::TableFixup &Fx : S.TableFixups) {
    auto It = S.Labels.find(Fx.Label);
    if (It == S.Labels.end()) {
      error(DiagID::LoweringError, Fx.Range,
            "label '" + Fx.Label + "' is not defined in this function");
      continue;
    }
    F.JumpTables[Fx.Table][Fx.Slot] = It->second;
  }
  for (unsigned R : S.Returns)
    F.Insts[R].Target = Continue;
}

std::optional<Operand> Lowerer::dest(const ast::Operand *O, Scope &S) {
  if (!O || llvm::isa<ast::SinkOperand>(O))
    return Operand();
  if (O->Minus) // `-%v.x`: only vmad negates (LowerVideo.cpp reads it)
    return source(O, Type(), S);
  if (const auto *N = dyn_cast<ast::NameOperand>(O)) {
    auto It = S.Regs.find(N->Name);
    if (It != S.Regs.end() && N->Component.empty())
      return Operand::reg(It->second);
    if (auto E = vectorElement(*N, S))
      return Operand::reg(*E);
  }
  error(DiagID::LoweringError, O->Range,
        "'" + O->text() + "' is not a register the interpreter can write");
  return std::nullopt;
}

/// Converts a literal to the bits of an operand of type \p Ty.
uint64_t immBits(const ast::Expr &E, Type Ty, bool &Ok) {
  Ok = true;
  if (const auto *FE = dyn_cast<ast::FloatExpr>(&E)) {
    if (Ty.isFloat() && Ty.Bits == 32 && !Ty.Packed) {
      if (FE->isF32())
        return FE->Bits;
      float V = float(FE->asDouble());
      uint32_t B;
      std::memcpy(&B, &V, 4);
      return B;
    }
    if (FE->isF32() && Ty.isFloat() && Ty.Bits == 64) {
      double V = FE->asDouble();
      uint64_t B;
      std::memcpy(&B, &V, 8);
      return B;
    }
    return FE->Bits;
  }
  if (auto V = ast::evaluateInt(E))
    return *V;
  Ok = false;
  return 0;
}

std::optional<Operand> Lowerer::source(const ast::Operand *O, Type Ty,
                                       Scope &S) {
  if (!O)
    return std::nullopt;
  if (O->Minus) { // `-%v.x`: only vmad negates (LowerVideo.cpp reads it)
    error(DiagID::LoweringError, O->Range,
          "operand '" + O->text() +
              "' cannot be evaluated by the interpreter: only vmad negates "
              "a register");
    return std::nullopt;
  }
  std::optional<Operand> R;
  if (const auto *N = dyn_cast<ast::NameOperand>(O)) {
    auto It = S.Regs.find(N->Name);
    if (It != S.Regs.end() && N->Component.empty()) {
      R = Operand::reg(It->second);
    } else if (auto E = vectorElement(*N, S)) {
      R = Operand::reg(*E);
    } else if (N->Name == "WARP_SZ" && N->Component.empty()) {
      // The predefined constant (PTX ISA 5.4.1 "Predefined identifiers").
      R = Operand::imm(32);
    } else if (auto SR = specialReg(N->Name, N->Component)) {
      R = Operand::special(*SR);
    } else if (const VarRef *V = lookupVar(N->Name, S)) {
      // A variable used as a value is its address in its own space.
      Operand A;
      A.K = Operand::Immediate;
      A.Imm = V->Offset + (V->Sp == Space::Global ? GlobalVarBase : 0);
      A.DynShared = V->DynamicShared;
      R = A;
    } else if (auto FA = N->Component.empty() ? functionAddress(N->Name)
                                              : std::nullopt) {
      R = Operand::imm(*FA); // LowerInit.cpp
    }
  } else if (const auto *I = dyn_cast<ast::ImmOperand>(O)) {
    bool Ok;
    uint64_t Bits = immBits(*I->Value, Ty, Ok);
    // Fold to the operand's width: `-1` as a membermask is 0xffffffff.
    if (Ok && !Ty.isFloat() && Ty.K != Type::None && Ty.K != Type::Pred &&
        Ty.Bits < 64)
      Bits &= (1ull << Ty.Bits) - 1;
    if (Ok)
      R = Operand::imm(Bits);
  }
  if (!R) {
    error(DiagID::LoweringError, O->Range,
          "operand '" + O->text() + "' cannot be evaluated by the interpreter");
    return std::nullopt;
  }
  R->Negated = O->Negated;
  return R;
}

std::optional<Operand> Lowerer::address(const ast::Operand *O, Space Sp,
                                        Scope &S) {
  const auto *A = dyn_cast_or_null<ast::AddressOperand>(O);
  auto BO = A ? A->splitBaseOffset() : None;
  if (!BO || !A->Rest.empty()) {
    error(DiagID::UnsupportedInstruction, O ? O->Range : SMRange(),
          "address '" + (O ? O->text() : StringRef()) +
              "' is not supported by the interpreter");
    return std::nullopt;
  }
  Operand R;
  R.K = Operand::Addr;
  R.Sp = Sp;
  R.Imm = uint64_t(BO->Offset);
  if (BO->Name.empty())
    return R;
  auto It = S.Regs.find(BO->Name);
  if (It != S.Regs.end()) {
    R.RegNo = int32_t(It->second);
    return R;
  }
  if (const VarRef *V = lookupVar(BO->Name, S)) {
    // A named variable: its own space decides, except that a generic access
    // to a global/shared variable goes through its generic address.
    R.DynShared = V->DynamicShared;
    if (Sp == Space::Generic) {
      R.Imm += V->Offset + (V->Sp == Space::Shared  ? SharedWindow
                            : V->Sp == Space::Local ? LocalWindow
                                                    : GlobalVarBase);
      return R;
    }
    R.Sp = V->Sp == Space::Const ? Space::Global : V->Sp;
    if (Sp == Space::Const && V->Sp == Space::Global)
      R.Sp = Space::Global;
    R.Imm += V->Offset + (R.Sp == Space::Global ? GlobalVarBase : 0);
    return R;
  }
  error(DiagID::LoweringError, O->Range,
        "'" + BO->Name + "' is not a register or variable");
  return std::nullopt;
}

Space spaceOf(const ast::InstructionStmt &I) {
  for (const ast::Qualifier &Q : I.Qualifiers) {
    StringRef T = Q.Text;
    if (T == "global")
      return Space::Global;
    if (T == "shared" || T.startswith("shared::"))
      return Space::Shared;
    if (T == "local")
      return Space::Local;
    if (T == "param" || T.startswith("param::"))
      return Space::FrameParam; // refined by the variable
    if (T == "const")
      return Space::Const;
  }
  return Space::Generic;
}

Rounding roundingOf(const ast::InstructionStmt &I) {
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto R = isa::parseMode<Rounding>(Q.Text))
      return *R;
  return Rounding::None;
}

/// The instruction as written, on one line with single spaces (compilers
/// align operands with tabs) and without the `;`, for messages and --trace.
static std::string oneLineText(StringRef Text) {
  std::string Out;
  for (char C : Text.rtrim(" \t\r\n;")) {
    bool Space = C == ' ' || C == '\t' || C == '\r' || C == '\n';
    if (!Space)
      Out += C;
    else if (!Out.empty() && Out.back() != ' ')
      Out += ' ';
  }
  return Out;
}

void Lowerer::lowerInst(const ast::InstructionStmt &I, Scope &S) {
  Inst In;
  In.Loc = I.Range.Start;
  In.Text = oneLineText(I.text());
  if (I.G.isPresent()) {
    auto It = S.Regs.find(I.G.Pred);
    if (It == S.Regs.end()) {
      error(DiagID::LoweringError, I.G.Range,
            "guard '" + I.G.Pred + "' is not a register");
      return;
    }
    In.Guard = int32_t(It->second);
    In.GuardNeg = I.G.Negated;
  }
  In.Ty = lastType(I);
  In.Rnd = roundingOf(I);
  In.Sat = I.hasQualifier("sat");
  In.NaN = I.hasQualifier("NaN");
  In.Ftz = I.hasQualifier("ftz");
  In.Uni = I.hasQualifier("uni");
  In.Relu = I.hasQualifier("relu");
  In.SatFinite = I.hasQualifier("satfinite");
  StringRef Op = I.Opcode;
  ArrayRef<const ast::Operand *> Ops = I.Operands;

  // Warp-level instructions: what they compute comes from the instruction
  // table's SemanticOp, never from the mnemonic.
  if (const isa::InstrForm *WF = warpForm(I))
    return lowerWarp(I, *WF, In, S);

  // Every other instruction: what it executes as comes from the ISA's
  // opcode rows (lib/ISA/td/Opcodes.td), never from the mnemonic here.
  const isa::ExecInfo *X = isa::findExec(Op);
  if (X && (X->Flags & isa::ExecInfo::Inlined))
    return lowerCall(I, In, S);
  if (X && !X->runs()) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) +
              "' is not supported by the interpreter: " + X->NotRun);
    return;
  }
  std::optional<Opcode> Exec = X ? opcodeFromName(X->IROpcode) : std::nullopt;
  if (!Exec)
    return unsupported(I);
  if (*Exec == Opcode::Collective && (X->Flags & isa::ExecInfo::LowersWmma))
    return lowerWmma(I, In, S); // LowerWmma.cpp
  if (*Exec == Opcode::Collective)
    return lowerRowCollective(I, In, S); // LowerMatrix.cpp
  if (lowerScalar(I, *X, *Exec, In, S))  // LowerScalar.cpp
    return;

  if (*Exec == Opcode::Mov) {
    if (Ops.size() != 2)
      return unsupported(I);
    // mov.v2/.v4, mov.b128, pack and unpack (LowerVectors.cpp).
    if (lowerVectorMov(I, In, S))
      return;
    In.Op = Opcode::Mov;
    if (!push(In, dest(Ops[0], S)) || !push(In, source(Ops[1], In.Ty, S)))
      return;
    return emit(In);
  }

  if (*Exec == Opcode::Setp || *Exec == Opcode::Set)
    return lowerCompare(I, *X, *Exec, In, S); // LowerAlu.cpp
  if (*Exec == Opcode::Cvt)
    return lowerCvt(I, *X, *Exec, In, S);
  if (*Exec == Opcode::Cvta)
    return lowerCvta(I, *X, *Exec, In, S); // LowerMemory.cpp
  if (*Exec == Opcode::Ld || *Exec == Opcode::St || *Exec == Opcode::Atom ||
      *Exec == Opcode::Red)
    return lowerMemory(I, *X, *Exec, In, S); // LowerMemory.cpp

  if (*Exec == Opcode::Bra || *Exec == Opcode::BrxIdx)
    return lowerBranch(I, *X, *Exec, In, S); // LowerControl.cpp

  if (*Exec == Opcode::Ret) {
    if (S.IsEntry) {
      In.Op = Opcode::Exit;
    } else {
      In.Op = Opcode::Ret;
      S.Returns.push_back(unsigned(F.Insts.size()));
    }
    return emit(In);
  }
  if (*Exec == Opcode::Exit || *Exec == Opcode::Trap) {
    In.Op = *Exec;
    return emit(In);
  }
  if (*Exec == Opcode::BarSync)
    return lowerBarrier(I, *X, *Exec, In, S);
  if (*Exec == Opcode::Fence) {
    In.Op = Opcode::Fence;
    return emit(In);
  }
  if (*Exec == Opcode::AsyncCopy || *Exec == Opcode::Mbarrier) {
    auto Dest = [&](const ast::Operand *O) { return dest(O, S); };
    auto Src = [&](const ast::Operand *O, Type T) { return source(O, T, S); };
    auto Addr = [&](const ast::Operand *O, Space Sp) {
      return address(O, Sp, S);
    };
    auto Refuse = [&](const Twine &Why) {
      error(DiagID::UnsupportedInstruction, I.OpcodeRange,
            "'" + mnemonic(I) +
                "' is not supported by the interpreter: " + Why);
    };
    AsyncLowering AL{F, Dest, Src, Addr, Refuse};
    if (lowerAsync(I, *Exec, In, AL))
      emit(In);
    return;
  }

  if (*Exec >= Opcode::VAdd && *Exec <= Opcode::Dp2a)
    return lowerVideo(I, In, *Exec, S); // LowerVideo.cpp

  return lowerAlu(I, *X, *Exec, In, S); // LowerAlu.cpp
}

} // namespace lower

std::unique_ptr<Function> lowerEntry(const ast::Module &M, StringRef Entry,
                                     DiagnosticEngine &Diags) {
  const ast::FunctionStmt *Fn = nullptr;
  for (const ast::FunctionStmt *X : M.functions())
    if (X->IsEntry && X->isDefinition() && X->Name == Entry)
      Fn = X;
  if (!Fn) {
    Diags.report(DiagID::LaunchError, SMRange())
        << "no .entry named '" << Entry << "' in the module";
    return nullptr;
  }
  // Recursion is inlined as deep as the instruction budget allows
  // (LowerCalls.cpp): the deepest limit, up to 64, whose copies fit (a
  // function that recurses once per level fits 64 levels, one that recurses
  // twice about 11). Each try lowers the whole entry, so the search is
  // frugal: from one level up, doubling or extrapolating from the sizes of
  // the last two tries that fitted (the copies grow geometrically, or
  // linearly for a single recursive call), and bisecting once the budget is
  // passed. A try whose recursion the limit did not cut is the answer
  // (deeper limits lower the same); so is one level when even that is over
  // the budget (it inlines no recursion).
  struct Try {
    std::unique_ptr<Function> F;
    bool Over = false, Cut = false;
  };
  auto Attempt = [&](unsigned Limit) {
    Try T;
    T.F = std::make_unique<Function>();
    lower::Lowerer L(M, Diags, *T.F, Limit);
    if (!L.run(*Fn))
      T.F = nullptr;
    T.Over = L.overBudget();
    T.Cut = L.hitRecursionLimit();
    return T;
  };
  const unsigned Max = lower::Lowerer::MaxRecursion;
  Try Fits = Attempt(1);
  if (!Fits.F || Fits.Over || !Fits.Cut)
    return std::move(Fits.F);
  unsigned Lo = 1, Hi = Max + 1; // Lo fits, Hi does not
  unsigned PrevLo = 0;
  size_t PrevSize = 0;
  bool Passed = false;  // a try went over the budget
  bool Guessed = false; // the last try was extrapolated
  while (Hi - Lo > 1) {
    unsigned Mid = Passed ? Lo + (Hi - Lo) / 2 : std::min(2 * Lo, Max);
    // Past the budget, extrapolations alternate with bisections, so the
    // search takes a few tries even when they miss.
    bool Guess = PrevLo && (!Passed || !Guessed);
    Guessed = false;
    if (Guess) {
      // Where the budget would be reached, from the last two that fitted.
      double Size = double(Fits.F->Insts.size());
      double Budget = double(lower::Lowerer::MaxInlinedInsts);
      double Levels = double(Lo - PrevLo);
      double Growth =
          std::pow(Size / std::max(double(PrevSize), 1.0), 1 / Levels);
      double PerLevel = std::max((Size - double(PrevSize)) / Levels, 1.0);
      double Predicted = Growth > 1.01
                             ? Lo + std::log(Budget / Size) / std::log(Growth)
                             : Lo + (Budget - Size) / PerLevel;
      // Never past doubling: small depths grow unlike large ones.
      Predicted = std::min(Predicted, double(2 * Lo));
      Mid = unsigned(std::max(Predicted, double(Lo + 1)));
      Mid = std::min(Mid, Hi - 1);
      Guessed = true;
    }
    Try T = Attempt(Mid);
    if (!T.F)
      return nullptr;
    if (T.Over) {
      Hi = Mid;
      Passed = true;
      continue;
    }
    PrevLo = Lo;
    PrevSize = Fits.F->Insts.size();
    Lo = Mid;
    Fits = std::move(T);
    if (!Fits.Cut)
      break;
  }
  return std::move(Fits.F);
}

} // namespace ir
} // namespace ptxwarp
