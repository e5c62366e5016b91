//===- Lower.cpp - From the checked AST to the interpreter's IR -----------===//
//
// Walks one `.entry` body, assigns register numbers, lays out parameters and
// variables, folds immediates, resolves labels and inlines `.func` calls
// (callee formals alias the caller's argument `.param` variables, so a call
// is a jump and `ret` jumps back). Every instruction is decoded into an
// ir::Inst by opcode family; anything else is an `unsupported-instruction`
// error at its location.
//
// Interim: general (non-warp) instructions are recognised by mnemonic here,
// because the instruction table (include/ptxwarp/ISA) names only the warp
// operations semantically so far (SemanticOp::Generic for the rest).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/Lower.h"

#include "LowerAsync.h"
#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/Layout.h"
#include "ptxwarp/IR/WarpModes.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"

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

const isa::InstrForm *warpForm(const ast::InstructionStmt &I);

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
/// offsets (issue #5).
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
      I.Line = M.sourceMgr().getLineAndColumn(I.Loc, M.bufferID()).first;
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
  auto Unsupported = [&] {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter");
  };
  auto Push = [&](std::optional<Operand> O) {
    if (!O)
      return false;
    In.Ops.push_back(*O);
    return true;
  };
  auto Emit = [&] { F.Insts.push_back(std::move(In)); };

  // Operand types: sources are read with the instruction type, except
  // predicates and the membermask of the warp instructions.
  Type U32{Type::U, 32};
  Type Pred{Type::Pred, 1};

  // Warp-level instructions: what they compute comes from the instruction
  // table's SemanticOp, never from the mnemonic.
  if (const isa::InstrForm *WF = warpForm(I))
    return lowerWarp(I, *WF, In, S);

  // Every other instruction: what it executes as comes from the ISA's
  // execution table (lib/ISA/ExecTable.cpp), never from the mnemonic here.
  if (lowerScalar(I, In, S)) // LowerScalar.cpp
    return;
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
    return Unsupported();

  if (*Exec == Opcode::Mov) {
    if (Ops.size() != 2)
      return Unsupported();
    // mov.v2/.v4, mov.b128, pack and unpack (LowerVectors.cpp).
    if (lowerVectorMov(I, In, S))
      return;
    In.Op = Opcode::Mov;
    if (!Push(dest(Ops[0], S)) || !Push(source(Ops[1], In.Ty, S)))
      return;
    return Emit();
  }

  if (*Exec == Opcode::Setp || *Exec == Opcode::Set) {
    In.Op = *Exec;
    std::optional<CmpOp> C;
    for (const ast::Qualifier &Q : I.Qualifiers) {
      if (auto X = isa::parseMode<CmpOp>(Q.Text))
        C = X;
      if (auto B = isa::parseMode<BoolOp>(Q.Text))
        In.Sub2 = uint8_t(*B);
    }
    auto Ts = types(I);
    if (!C || Ts.empty())
      return Unsupported();
    In.Sub = uint8_t(*C);
    In.SrcTy = Ts.back();
    In.Ty = Ts.front();
    // setp.f16x2 writes a predicate pair (checked in LowerScalar.cpp).
    if (Ops.size() < 3)
      return Unsupported();
    if (const auto *P = dyn_cast<ast::PairOperand>(Ops[0])) {
      if (!Push(dest(P->First, S)) || !Push(dest(P->Second, S)))
        return;
    } else {
      if (!Push(dest(Ops[0], S)))
        return;
      In.Ops.push_back(Operand());
    }
    if (!Push(source(Ops[1], In.SrcTy, S)) ||
        !Push(source(Ops[2], In.SrcTy, S)))
      return;
    if (Ops.size() > 3) {
      if (!Push(source(Ops[3], Pred, S)))
        return;
    } else {
      In.Sub2 = uint8_t(BoolOp::None);
    }
    return Emit();
  }

  if (*Exec == Opcode::Cvt) {
    auto Ts = types(I);
    // cvt.f16x2.f32 / cvt.bf16x2.f32 d, a, b convert two f32 sources into
    // one packed pair (PTX ISA 9.7.9.21); every other form has one source.
    if (Ts.size() != 2)
      return Unsupported();
    bool Pair = Ts[0].Packed && Ts[1].K == Type::F && Ts[1].Bits == 32;
    if (Ops.size() != (Pair ? 3u : 2u) ||
        ((Ts[0].Packed || Ts[1].Packed) && !Pair))
      return Unsupported();
    In.Op = Opcode::Cvt;
    In.Ty = Ts[0];
    In.SrcTy = Ts[1];
    if (!Push(dest(Ops[0], S)))
      return;
    for (size_t K = 1; K < Ops.size(); ++K)
      if (!Push(source(Ops[K], In.SrcTy, S)))
        return;
    return Emit();
  }

  if (*Exec == Opcode::Cvta) {
    In.Op = I.hasQualifier("to") ? Opcode::CvtaTo : Opcode::Cvta;
    Space Sp = spaceOf(I);
    if (Sp == Space::Generic || Ops.size() != 2)
      return Unsupported();
    // .param in a function body: the parameter's .local copy
    // (LowerCalls.cpp); in an entry, the kernel parameters.
    if (Sp == Space::FrameParam)
      Sp = S.IsEntry ? Space::KernelParam : Space::Local;
    In.Sub = uint8_t(Sp);
    if (!Push(dest(Ops[0], S)) || !Push(source(Ops[1], In.Ty, S)))
      return;
    return Emit();
  }

  if (*Exec == Opcode::Ld || *Exec == Opcode::St || *Exec == Opcode::Atom ||
      *Exec == Opcode::Red) {
    // The checker does not hold every memory form's operand count (fuzz:
    // `st.globres2;` reached here with no operands).
    if (Ops.size() < 2)
      return Unsupported();
    Space Sp = spaceOf(I);
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (Q.Text == "v2" || Q.Text == "v4" || Q.Text == "v8")
        In.Vec = uint8_t(Q.Text.drop_front().front() - '0');
    bool AddrFirst = *Exec == Opcode::St || *Exec == Opcode::Red;
    const ast::Operand *AddrOp = AddrFirst ? Ops[0] : Ops[1];
    if (Ops.size() < 2)
      return Unsupported();
    std::optional<Operand> A = address(AddrOp, Sp, S);
    if (!A)
      return;
    // A .param address in a register inside a function body is the local
    // address `mov` gave (LowerCalls.cpp); in an entry, the .param-space
    // address of a kernel parameter `mov` gave (PTX ISA 5.1.6.1).
    if (Sp == Space::FrameParam && A->RegNo >= 0)
      A->Sp = S.IsEntry ? Space::KernelParam : Space::Local;
    if (Sp == Space::FrameParam && A->RegNo < 0 && A->Sp == Space::FrameParam) {
      // Resolved through the variable: kernel or frame param.
    }
    if (*Exec == Opcode::Ld || *Exec == Opcode::St) {
      In.Op = *Exec;
      bool Load = *Exec == Opcode::Ld;
      const ast::Operand *Val = Load ? Ops[0] : Ops[1];
      if (Load)
        Push(A);
      // A .b128 access moves two .b64 halves, the low half first.
      if (I.hasQualifier("b128"))
        In.Ty = Type{Type::B, 64};
      // Brace lists and whole vector registers give their elements.
      In.Ops.clear();
      if (!Load)
        In.Ops.push_back(*A);
      if (Load ? !destElements(Val, S, In.Ops)
               : !sourceElements(Val, In.Ty, S, In.Ops))
        return;
      In.Vec = uint8_t(Load ? In.Ops.size() : In.Ops.size() - 1);
      if (Load)
        In.Ops.push_back(*A); // destinations first, then the address
      return Emit();
    }
    // atom / red.
    In.Op = *Exec;
    std::optional<AtomOp> AO;
    for (const ast::Qualifier &Q : I.Qualifiers) {
      auto X = isa::parseMode<AtomOp>(Q.Text);
      if (X)
        AO = X;
    }
    if (!AO)
      return Unsupported();
    // atom .b128 (sm_90) needs 128-bit registers, which are not modelled.
    if (I.hasQualifier("b128"))
      return error(DiagID::UnsupportedInstruction, I.OpcodeRange,
                   "'" + mnemonic(I) +
                       "' is not supported by the interpreter: 128-bit "
                       "registers are not modelled");
    In.Sub = uint8_t(*AO);
    if (In.Vec != 1)
      return lowerVectorAtom(I, In, *A, S); // LowerVectors.cpp
    if (In.Op == Opcode::Atom) {
      if (!Push(dest(Ops[0], S)))
        return;
    } else {
      In.Ops.push_back(Operand());
    }
    In.Ops.push_back(*A);
    for (size_t K = In.Op == Opcode::Atom ? 2 : 1; K < Ops.size(); ++K)
      if (!Push(source(Ops[K], In.Ty, S)))
        return;
    return Emit();
  }

  if (*Exec == Opcode::Bra) {
    if (Ops.size() != 1)
      return Unsupported();
    In.Op = Opcode::Bra;
    StringRef Label;
    if (const auto *N = dyn_cast<ast::NameOperand>(Ops[0]))
      Label = N->Name;
    else if (const auto *Im = dyn_cast<ast::ImmOperand>(Ops[0]))
      if (const auto *NE = dyn_cast<ast::NameExpr>(Im->Value))
        Label = NE->Name;
    if (Label.empty())
      return Unsupported();
    S.Fixups.push_back({unsigned(F.Insts.size()), Label, Ops[0]->Range});
    return Emit();
  }

  if (*Exec == Opcode::BrxIdx) {
    // brx.idx{.uni} index, tlist (PTX ISA 9.7.12.3): to the index-th label
    // of a .branchtargets list declared in this function.
    if (Ops.size() != 2)
      return Unsupported();
    In.Op = Opcode::BrxIdx;
    const auto *N = dyn_cast<ast::NameOperand>(Ops[1]);
    const ast::TargetListStmt *List =
        N ? S.BranchTargets.lookup(N->Name) : nullptr;
    if (!List) {
      error(DiagID::LoweringError, Ops[1]->Range,
            "brx.idx needs the label of a .branchtargets list declared "
            "before it in this function");
      return;
    }
    if (!Push(source(Ops[0], U32, S)))
      return;
    In.Target = unsigned(F.JumpTables.size());
    F.JumpTables.emplace_back(List->Targets.size(), 0);
    for (size_t K = 0; K < List->Targets.size(); ++K) {
      const auto *L = dyn_cast<ast::NameOperand>(List->Targets[K]);
      if (!L) {
        error(DiagID::LoweringError, List->Targets[K]->Range,
              "a .branchtargets entry must be a label");
        return;
      }
      S.TableFixups.push_back(
          {In.Target, unsigned(K), L->Name, List->Targets[K]->Range});
    }
    return Emit();
  }

  if (*Exec == Opcode::Ret) {
    if (S.IsEntry) {
      In.Op = Opcode::Exit;
    } else {
      In.Op = Opcode::Ret;
      S.Returns.push_back(unsigned(F.Insts.size()));
    }
    return Emit();
  }
  if (*Exec == Opcode::Exit || *Exec == Opcode::Trap) {
    In.Op = *Exec;
    return Emit();
  }
  if (*Exec == Opcode::BarSync) {
    // bar/barrier{.cta}.sync|arrive a{, b} and .red.{popc.u32,and.pred,
    // or.pred} d, a{, b}, {!}c (PTX ISA 9.7.13.1); `bar` is the .aligned
    // form. The interpreter's CtaBarriers model them.
    if (I.hasQualifier("cluster")) {
      error(DiagID::UnsupportedInstruction, I.OpcodeRange,
            "'" + mnemonic(I) +
                "' is not supported by the interpreter: cluster barriers "
                "are not modelled");
      return;
    }
    bool Red = I.hasQualifier("red");
    In.Op = Red ? Opcode::BarRed : Opcode::BarSync;
    In.Sub2 =
        (X->Flags & isa::ExecInfo::AlignedForm) || I.hasQualifier("aligned");
    size_t Sources = Ops.size() - (Red ? 2 : 0); // a and, if given, b
    if (Ops.size() < (Red ? 3u : 1u) || Sources > 2)
      return Unsupported();
    if (Red) {
      In.Sub = uint8_t(I.hasQualifier("popc")  ? BarRedOp::Popc
                       : I.hasQualifier("and") ? BarRedOp::And
                                               : BarRedOp::Or);
      if (!Push(dest(Ops[0], S)))
        return;
    } else {
      In.Sub =
          uint8_t(I.hasQualifier("arrive") ? BarMode::Arrive : BarMode::Sync);
    }
    const ast::Operand *const *Src = Ops.begin() + (Red ? 1 : 0);
    if (!Push(source(Src[0], U32, S)))
      return;
    if (Sources == 1)
      In.Ops.push_back(Operand()); // no b: every thread of the CTA
    else if (!Push(source(Src[1], U32, S)))
      return;
    if (Red && !Push(source(Ops.back(), Pred, S)))
      return;
    return Emit();
  }
  if (*Exec == Opcode::Fence) {
    In.Op = Opcode::Fence;
    return Emit();
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
      Emit();
    return;
  }

  if (*Exec >= Opcode::VAdd && *Exec <= Opcode::Dp2a)
    return lowerVideo(I, In, *Exec, S); // LowerVideo.cpp

  // The ALU operations: `op.type d, a[, b[, c]]`.
  if (Ops.empty())
    return Unsupported();
  In.Op = *Exec;
  // The integer .relu runs in LowerScalar.cpp; anything reaching here with
  // it would run without the clamp, silently wrong.
  if (In.Relu && !In.Ty.isFloat())
    return Unsupported();
  if (In.Op == Opcode::Mul || In.Op == Opcode::Mad) {
    if (I.hasQualifier("hi"))
      In.Sub = 1;
    else if (I.hasQualifier("wide"))
      In.Sub = 2;
  }
  // Extended-precision arithmetic (PTX ISA 9.7.2): .cc writes the carry
  // flag, addc/subc/madc read it.
  In.CarryOut = I.hasQualifier("cc");
  In.CarryIn = X->Flags & isa::ExecInfo::CarryIn;
  if (In.Op == Opcode::Shf) {
    In.Sub = I.hasQualifier("r");
    In.Sub2 = I.hasQualifier("wrap");
  }
  if (In.Op == Opcode::Mul24 || In.Op == Opcode::Mad24)
    In.Sub = I.hasQualifier("hi");
  if (In.Op == Opcode::Testp) {
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (auto K = isa::parseMode<TestpClass>(Q.Text))
        In.Sub = uint8_t(*K);
  }
  if (In.Op == Opcode::Lop3 && I.hasQualifier("BoolOp"))
    return Unsupported();
  if (In.Op == Opcode::Bfind)
    In.Sub = I.hasQualifier("shiftamt");
  // min/max .abs and .xorsign.abs (PTX ISA 9.7.3.11-12); Sub = .xorsign.
  if ((In.Op == Opcode::Min || In.Op == Opcode::Max) && In.Ty.isFloat()) {
    In.Abs = I.hasQualifier("abs");
    In.Sub = I.hasQualifier("xorsign");
  }
  if (In.Op == Opcode::Bmsk)
    In.Sub = I.hasQualifier("wrap");
  if (In.Op == Opcode::Prmt) {
    for (const ast::Qualifier &Q : I.Qualifiers)
      if (Q.Text != "b32")
        return Unsupported();
  }
  if ((In.CarryIn || In.CarryOut) && (In.Ty.isFloat() || In.Sub == 2))
    return Unsupported();
  if ((In.Op == Opcode::Sqrt || In.Op == Opcode::Rcp || In.Op == Opcode::Div) &&
      In.Ty.isFloat() && I.hasQualifier("approx"))
    In.Sub = 1;
  if (In.Op == Opcode::Slct) {
    auto Ts = types(I);
    if (Ts.size() != 2)
      return Unsupported();
    In.Ty = Ts[0];
    In.SrcTy = Ts[1];
  }
  if (In.Ty.K == Type::None && In.Op != Opcode::Activemask)
    return Unsupported();
  if (!Push(dest(Ops[0], S)))
    return;
  for (size_t K = 1; K < Ops.size(); ++K) {
    Type T = In.Ty;
    // Shift amounts, bfe/bfi positions and selp's predicate are u32/pred.
    if ((In.Op == Opcode::Shl || In.Op == Opcode::Shr) && K == 2)
      T = U32;
    if ((In.Op == Opcode::Bfe && K >= 2) || (In.Op == Opcode::Bfi && K >= 3))
      T = U32;
    if (In.Op == Opcode::Selp && K == 3)
      T = Pred;
    if (In.Op == Opcode::Slct && K == 3)
      T = In.SrcTy;
    if (In.Op == Opcode::Mul && In.Sub == 2)
      T = In.Ty;
    // mad.wide: c has twice the width of a and b (PTX ISA 9.7.1.4).
    if (In.Op == Opcode::Mad && In.Sub == 2 && K == 3)
      T = Type{In.Ty.K, uint8_t(In.Ty.Bits * 2)};
    if (!Push(source(Ops[K], T, S)))
      return;
  }
  Emit();
}

/// The table form of a warp-level instruction, or null for the rest.
const isa::InstrForm *warpForm(const ast::InstructionStmt &I) {
  StringRef First = I.Qualifiers.empty() ? "" : I.Qualifiers[0].Text;
  const isa::InstrFamily *Fam = isa::findFamily(I.Opcode, First);
  if (!Fam || Fam->General)
    return nullptr;
  bool Sync = I.hasQualifier("sync");
  for (const isa::InstrForm &F : Fam->Forms) {
    if (F.Op == isa::SemanticOp::Mov || F.Op == isa::SemanticOp::Generic)
      continue;
    if (F.Sync != Sync)
      continue;
    if (!F.Mode.empty() && !I.hasQualifier(F.Mode))
      continue;
    if (!F.Type.empty() && !I.hasQualifier(F.Type))
      continue;
    return &F;
  }
  return nullptr;
}

void Lowerer::lowerWarp(const ast::InstructionStmt &I, const isa::InstrForm &WF,
                        Inst &In, Scope &S) {
  using isa::SemanticOp;
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  Type U32{Type::U, 32};
  Type Pred{Type::Pred, 1};
  auto Unsupported = [&] {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter");
  };
  auto Push = [&](std::optional<Operand> O) {
    if (!O)
      return false;
    In.Ops.push_back(*O);
    return true;
  };
  // `d|p` or `d`: two destination slots (p = none when absent).
  auto PushDestPair = [&](const ast::Operand *O) {
    if (const auto *P = dyn_cast<ast::PairOperand>(O))
      return Push(dest(P->First, S)) && Push(dest(P->Second, S));
    if (!Push(dest(O, S)))
      return false;
    In.Ops.push_back(Operand());
    return true;
  };
  // Legacy (non-.sync) forms take part with the lanes executing together.
  auto PushMask = [&](size_t Index) {
    if (!WF.Sync) {
      In.ImplicitMask = true;
      In.Ops.push_back(Operand::imm(0));
      return true;
    }
    return Index < Ops.size() && Push(source(Ops[Index], U32, S));
  };
  if (Ops.size() != WF.Operands.size())
    return Unsupported();
  switch (WF.Op) {
  case SemanticOp::ShflUp:
  case SemanticOp::ShflDown:
  case SemanticOp::ShflBfly:
  case SemanticOp::ShflIdx:
    In.Op = Opcode::Shfl;
    In.Sub = uint8_t(WF.Op == SemanticOp::ShflUp     ? ir::ShflMode::Up
                     : WF.Op == SemanticOp::ShflDown ? ir::ShflMode::Down
                     : WF.Op == SemanticOp::ShflBfly ? ir::ShflMode::Bfly
                                                     : ir::ShflMode::Idx);
    if (!PushDestPair(Ops[0]))
      return;
    for (unsigned K = 1; K < 4; ++K)
      if (!Push(source(Ops[K], U32, S)))
        return;
    if (!PushMask(4))
      return;
    break;
  case SemanticOp::VoteAll:
  case SemanticOp::VoteAny:
  case SemanticOp::VoteUni:
  case SemanticOp::VoteBallot:
    In.Op = Opcode::Vote;
    In.Sub = uint8_t(WF.Op == SemanticOp::VoteAll   ? ir::VoteMode::All
                     : WF.Op == SemanticOp::VoteAny ? ir::VoteMode::Any
                     : WF.Op == SemanticOp::VoteUni ? ir::VoteMode::Uni
                                                    : ir::VoteMode::Ballot);
    if (!Push(dest(Ops[0], S)) || !Push(source(Ops[1], Pred, S)) ||
        !PushMask(2))
      return;
    break;
  case SemanticOp::MatchAny:
  case SemanticOp::MatchAll:
    In.Op = Opcode::Match;
    In.Sub = uint8_t(WF.Op == SemanticOp::MatchAll ? ir::MatchMode::All
                                                   : ir::MatchMode::Any);
    if (!PushDestPair(Ops[0]) || !Push(source(Ops[1], In.Ty, S)) ||
        !PushMask(2))
      return;
    break;
  case SemanticOp::ReduxAdd:
  case SemanticOp::ReduxMin:
  case SemanticOp::ReduxMax:
  case SemanticOp::ReduxAnd:
  case SemanticOp::ReduxOr:
  case SemanticOp::ReduxXor:
  case SemanticOp::ReduxFMin:
  case SemanticOp::ReduxFMax:
    In.Op = Opcode::Redux;
    In.Sub = uint8_t(
        WF.Op == SemanticOp::ReduxAdd   ? ir::ReduxOp::Add
        : WF.Op == SemanticOp::ReduxAnd ? ir::ReduxOp::And
        : WF.Op == SemanticOp::ReduxOr  ? ir::ReduxOp::Or
        : WF.Op == SemanticOp::ReduxXor ? ir::ReduxOp::Xor
        : (WF.Op == SemanticOp::ReduxMin || WF.Op == SemanticOp::ReduxFMin)
            ? ir::ReduxOp::Min
            : ir::ReduxOp::Max);
    In.Sub2 = uint8_t(WF.Type == "s32"   ? ir::ReduxType::S32
                      : WF.Type == "u32" ? ir::ReduxType::U32
                      : WF.Type == "f32" ? ir::ReduxType::F32
                                         : ir::ReduxType::B32);
    In.Abs = I.hasQualifier("abs");
    In.NaN = I.hasQualifier("NaN");
    if (!Push(dest(Ops[0], S)) || !Push(source(Ops[1], In.Ty, S)) ||
        !PushMask(2))
      return;
    break;
  case SemanticOp::ActiveMask:
    In.Op = Opcode::Activemask;
    if (!Push(dest(Ops[0], S)))
      return;
    break;
  case SemanticOp::Elect:
    In.Op = Opcode::Elect;
    if (!PushDestPair(Ops[0]) || !PushMask(1))
      return;
    break;
  case SemanticOp::BarWarpSync:
    In.Op = Opcode::BarWarpSync;
    if (!PushMask(0))
      return;
    break;
  default:
    return Unsupported();
  }
  F.Insts.push_back(std::move(In));
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
  // (LowerCalls.cpp): when the deepest try runs out of it, a binary search
  // finds the deepest limit that fits (a function that recurses once per
  // level fits 64 levels, one that recurses twice about 11).
  auto Attempt = [&](unsigned Limit, bool &Over) {
    auto F = std::make_unique<Function>();
    lower::Lowerer L(M, Diags, *F, Limit);
    bool Ok = L.run(*Fn);
    Over = L.overBudget();
    return Ok ? std::move(F) : nullptr;
  };
  bool Over = false;
  unsigned Hi = lower::Lowerer::MaxRecursion;
  std::unique_ptr<Function> F = Attempt(Hi, Over);
  if (!F || !Over)
    return F;
  unsigned Lo = 1; // one level always fits: it inlines no recursion
  std::unique_ptr<Function> Fits;
  while (Hi - Lo > 1) {
    unsigned Mid = Lo + (Hi - Lo) / 2;
    std::unique_ptr<Function> G = Attempt(Mid, Over);
    if (!G)
      return nullptr;
    if (Over) {
      Hi = Mid;
    } else {
      Lo = Mid;
      Fits = std::move(G);
    }
  }
  return Fits ? std::move(Fits) : Attempt(1, Over);
}

} // namespace ir
} // namespace ptxwarp
