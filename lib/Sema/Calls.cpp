//===- Calls.cpp - call's operands, arguments and function prototypes ----===//
//
// PTX ISA 9.0, 9.7.12.4 (call) and 11.1 (.func, .callprototype). What
// ptxas 13.0 checks, found by enumeration (test/Sema/calls.ptx):
//
// The operands. ptxas's grammar is
//   call{.uni} [(rets),] target [, (args)] [, name];
// with a name or register as the target, names, registers, numbers or `_`
// in the lists, and a name or register at the end (a .callprototype or
// .calltargets label, or a .u32/.u64/.u8 array). Anything else is a fatal
// "Parsing error near 'X': syntax error" (a list where the target stands,
// `%tid.x`, an immediate, `[a]`, `{a, b}`, a fourth operand...).
//   target a function, with a name after it (`call f, proto;`)
//              Argument N of instruction 'call': must be register
//   target a register without a prototype, or a variable
//              Label expected for argument 0 of instruction 'call'
//   target a .pred or float register
//              Arguments mismatch for instruction 'call'
//   target an 8- or 16-bit register with a prototype
//              Illegal target for instruction 'call'
//   target a special register (%laneid)
//              Special register argument not allowed for instruction 'call'
//   target a code label: Call to 'L' requires call prototype
//   target a .callprototype label: Illegal call target, device function
//              expected
//   the last name a register or variable other than a .u32/.u64/.u8 array
//              (fatal) Label or .u32/.u64/.u8 array expected for argument N
//   the last name a function: (fatal) Call target not recognized
//   the last name a code label: Unknown symbol 'L', Arguments mismatch
//
// The arguments, compared with the callee's parameters, or with the
// prototype's for an indirect call (on the call's line):
//   more or fewer than the parameters, return list or argument list
//              Call has wrong number of parameters (once for each list)
//   an argument .param or register of another type
//              Type of argument does not match formal parameter 'X'
//   of another alignment
//              Alignment of argument does not match formal parameter 'X'
// Types agree as scalars when their sizes are equal and one is a .b type,
// or both are .u/.s, or both .f (.f16 and .u16 do not); arrays when both
// are arrays of the same size in bytes and their element types are equal
// or one is a .b type (.u8[8] and .s8[8] do not); a scalar never agrees
// with an array (.b64 and .align 8 .b8[8] do not). The alignment is the
// .align, or the element size; a .pred's is 4. A register argument is a
// scalar of its type; a number is not compared. No argument agrees with a
// parameter of a type word that is no data type (`.f32x2`, which ptxas
// takes there).
//   `_` as an argument (not as a return value), or a code label
//              Illegal argument for formal parameter 'X'
//   a .global/.shared/.local/.const variable or a function
//              Call argument 'X' has illegal state space
//   a parameter of the calling function
//              Formal parameter 'X' declared in .param space cannot be
//              used as argument to call
//
// Prototypes: a declaration or the definition of a function declared before
// must have the parameters of the declaration before it: "Inconsistent
// prototypes of 'f', number of parameters differ" (for each list whose
// length differs), and for the lists of the same length, per parameter,
// "... parameter types differ" (the type words exactly: .b32 and .u32
// differ; an array and a scalar, or arrays of other sizes), then "...
// parameter alignment differ", then "... parameter state space differ"; on
// the definition's brace or the declaration's `;`. A declaration's parameters
// other than .param or .reg: "Function parameter 'X' has illegal state space",
// as a definition's.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

ParamShape shapeOfDecl(const ast::VarDeclStmt &D, const ast::Declarator &X) {
  ParamShape S;
  S.Type = isa::parseType(D.Type);
  S.OtherType = !S.Type && !D.Type.empty();
  S.Space = D.Space;
  S.Vector = D.VectorWidth;
  S.Array = !X.Dims.empty();
  VarLayout L = layoutOf(D, X);
  S.Bytes = L.Saturated;
  S.Align = L.Align;
  return S;
}

void addFormals(ArrayRef<const ast::VarDeclStmt *> Ds,
                std::vector<Signature::Formal> &Out) {
  for (const ast::VarDeclStmt *D : Ds)
    for (const ast::Declarator &X : D->Declarators)
      Out.push_back({X.Name.str(), shapeOfDecl(*D, X)});
}

/// A register argument: a scalar of its type.
ParamShape shapeOfRegister(const Symbol &S) {
  ParamShape P;
  P.Type = S.Type;
  P.Space = ast::StateSpace::Reg;
  P.Vector = S.VectorWidth;
  if (S.Type)
    P.Bytes = P.Align = std::max(1u, isa::typeBits(*S.Type) / 8);
  return P;
}

ParamShape shapeOfParam(const Symbol &S) {
  ParamShape P;
  P.Type = S.Type;
  P.OtherType = !S.Type; // `.param .f32x2 a[2];`
  P.Vector = S.VectorWidth;
  P.Array = S.Array;
  P.Bytes = S.Bytes;
  P.Align = S.Align;
  return P;
}

bool comparable(const ParamShape &A, const ParamShape &B) {
  // ptxas refuses vector parameters where they are declared.
  return A.Type && B.Type && !A.Vector && !B.Vector;
}

bool typesAgree(const ParamShape &F, const ParamShape &A) {
  if (F.Array != A.Array)
    return false;
  isa::TypeKind KF = isa::typeKind(*F.Type), KA = isa::typeKind(*A.Type);
  if (KF == isa::TypeKind::Pred || KA == isa::TypeKind::Pred)
    return KF == KA;
  bool Bit = KF == isa::TypeKind::Bit || KA == isa::TypeKind::Bit;
  if (F.Array)
    return F.Bytes == A.Bytes && (*F.Type == *A.Type || Bit);
  if (isa::typeBits(*F.Type) != isa::typeBits(*A.Type))
    return false;
  auto Int = [](isa::TypeKind K) {
    return K == isa::TypeKind::Unsigned || K == isa::TypeKind::Signed;
  };
  return Bit || KF == KA || (Int(KF) && Int(KA));
}

uint64_t alignOf(const ParamShape &S) {
  return S.Type && *S.Type == isa::PtxType::Pred ? 4 : S.Align;
}

std::string describe(const ParamShape &S) {
  std::string Out;
  raw_string_ostream OS(Out);
  if (S.Align)
    OS << ".align " << alignOf(S) << " ";
  OS << "." << (S.Type ? isa::typeName(*S.Type) : "?");
  if (S.Array && S.Type)
    OS << "[" << S.Bytes / std::max(1u, isa::typeBits(*S.Type) / 8) << "]";
  return OS.str();
}

/// The token ptxas's parser stops at when \p O stands where it wants a
/// name: its first token (`-` of `-1`, `[`, `{`, `(`, a number), or the
/// `.x` of `%tid.x`.
std::string nearToken(const ast::Operand &O) {
  if (const auto *N = dyn_cast<ast::NameOperand>(&O))
    if (!N->Component.empty())
      return ("." + N->Component).str();
  StringRef T = O.text().ltrim();
  if (O.Negated || O.Minus)
    T = T.drop_front().ltrim();
  if (T.empty())
    return "";
  size_t N = 0;
  while (N < T.size() && (isAlnum(T[N]) || T[N] == '_' || T[N] == '$' ||
                          (N == 0 && T[N] == '%')))
    ++N;
  return T.take_front(std::max<size_t>(N, 1)).str();
}

/// The plain name \p O is (a name operand without `.x`, or a constant
/// expression that is only a name), or "".
StringRef nameOf(const ast::Operand &O) {
  if (O.Negated || O.Minus)
    return "";
  if (const auto *N = dyn_cast<ast::NameOperand>(&O))
    return N->Component.empty() ? N->Name : "";
  if (const auto *I = dyn_cast<ast::ImmOperand>(&O))
    if (const auto *NE = dyn_cast<ast::NameExpr>(I->Value))
      return NE->Name;
  return "";
}

/// A list element ptxas's grammar takes: a name, a number or `_`.
bool isListElement(const ast::Operand &O) {
  if (llvm::isa<ast::SinkOperand>(&O) || !nameOf(O).empty())
    return true;
  const auto *I = dyn_cast<ast::ImmOperand>(&O);
  if (!I || O.Negated)
    return false;
  const ast::Expr *E = I->Value;
  if (const auto *U = dyn_cast<ast::UnaryExpr>(E))
    if (U->Op == ast::UnaryOp::Neg)
      E = U->Sub;
  return llvm::isa<ast::IntExpr>(E) || llvm::isa<ast::FloatExpr>(E);
}

/// A parenthesized list of a call, `(a, b)`; the parser reads `(1)` as a
/// parenthesized constant.
struct CallList {
  const ast::Operand *Op = nullptr; ///< null: absent
  ArrayRef<const ast::Operand *> Elements;
  explicit operator bool() const { return Op; }
};

CallList asList(const ast::Operand *const &O) {
  CallList L;
  if (const auto *LO = dyn_cast<ast::ListOperand>(O)) {
    L.Op = O;
    L.Elements = LO->Elements;
  } else if (llvm::isa<ast::ImmOperand>(O) && !O->Negated &&
             O->text().startswith("(")) {
    L.Op = O;
    L.Elements = ArrayRef<const ast::Operand *>(&O, 1);
  }
  return L;
}

} // namespace

void SemaState::recordCallPrototype(const ast::CallPrototypeStmt &P) {
  if (P.Label.empty())
    return;
  Signature S;
  addFormals(P.ReturnParams, S.Rets);
  addFormals(P.Params, S.Params);
  Scopes.back().Prototypes.try_emplace(P.Label, std::move(S));
}

void SemaState::recordSignature(const ast::FunctionStmt &F) {
  if (F.IsEntry)
    return;
  if (!F.isDefinition())
    for (ArrayRef<const ast::VarDeclStmt *> L : {F.ReturnParams, F.Params})
      for (const ast::VarDeclStmt *D : L)
        if (D->Space != ast::StateSpace::Param &&
            D->Space != ast::StateSpace::Reg)
          for (const ast::Declarator &X : D->Declarators)
            report(DiagID::BadDeclaration, X.Range)
                << "Function parameter '" << X.Name
                << "' has illegal state space";
  Signature S;
  addFormals(F.ReturnParams, S.Rets);
  addFormals(F.Params, S.Params);
  auto [It, New] = Signatures.try_emplace(F.Name, S);
  if (New)
    return;
  // On the definition's brace, or the declaration's `;`.
  SMLoc At = F.Body ? F.Body->Range.Start
                    : SMLoc::getFromPointer(F.Range.End.getPointer() - 1);
  SMRange R(At, SMLoc::getFromPointer(At.getPointer() + 1));
  auto Report = [&](StringRef What) {
    report(DiagID::BadDeclaration, R)
        << "Inconsistent prototypes of '" << F.Name << "', " << What;
  };
  // ptxas compares with the declaration before, a list at a time.
  Signature &Old = It->second;
  std::vector<std::pair<const ParamShape *, const ParamShape *>> Pairs;
  for (auto [A, B] : {std::make_pair(&Old.Rets, &S.Rets),
                      std::make_pair(&Old.Params, &S.Params)}) {
    if (A->size() != B->size()) {
      Report("number of parameters differ");
      continue;
    }
    for (size_t K = 0; K != A->size(); ++K)
      Pairs.push_back({&(*A)[K].Shape, &(*B)[K].Shape});
  }
  for (auto [A, B] : Pairs)
    if (A->Type != B->Type || A->Array != B->Array || A->Bytes != B->Bytes ||
        A->Vector != B->Vector)
      Report("parameter types differ");
  for (auto [A, B] : Pairs)
    if (alignOf(*A) != alignOf(*B))
      Report("parameter alignment differ");
  for (auto [A, B] : Pairs)
    if (A->Space != B->Space)
      Report("parameter state space differ");
  Old = std::move(S);
}

namespace {

/// One call's check, with the state it needs.
struct CallChecker {
  SemaState &S;
  const ast::InstructionStmt &I;

  /// Reports ptxas's fatal parse error at \p O.
  void parseError(const ast::Operand &O, StringRef Near) {
    S.report(DiagID::SyntaxError, O.Range)
        << "Parsing error near '" << Near
        << "': syntax error: call takes [(rets),] target [, (args)] [, "
           "prototype]";
  }
  /// ptxas blames a call's first line (nvcc -G writes one operand a line).
  void error(DiagID ID, const Twine &Msg) {
    S.report(ID, I.OpcodeRange) << Msg.str();
  }

  /// The operands against ptxas's grammar; false after reporting.
  bool checkShape(CallList &Rets, const ast::Operand *&Target, CallList &Args,
                  const ast::Operand *&Last, unsigned &TargetIdx) {
    ArrayRef<const ast::Operand *> Ops = I.Operands;
    if (Ops.empty()) {
      S.report(DiagID::SyntaxError, I.OpcodeRange)
          << "Parsing error near ';': syntax error: call needs a target";
      return false;
    }
    unsigned K = 0;
    if ((Rets = asList(Ops[0])))
      ++K;
    if (K == Ops.size()) {
      S.report(DiagID::SyntaxError, Ops.back()->Range)
          << "Parsing error near ';': syntax error: call needs a target";
      return false;
    }
    TargetIdx = K;
    Target = Ops[K];
    if (nameOf(*Target).empty()) {
      parseError(*Target, nearToken(*Target));
      return false;
    }
    if (++K == Ops.size())
      return true;
    if ((Args = asList(Ops[K])))
      ++K;
    if (K < Ops.size()) {
      Last = Ops[K];
      if (nameOf(*Last).empty()) {
        parseError(*Last, nearToken(*Last));
        return false;
      }
      if (++K < Ops.size()) {
        parseError(*Ops[K], ",");
        return false;
      }
    }
    bool Ok = true;
    for (const CallList &L : {Rets, Args})
      for (const ast::Operand *E : L.Elements)
        if (!isListElement(*E)) {
          std::string Near = nearToken(*E);
          if (const auto *Im = dyn_cast<ast::ImmOperand>(E)) {
            // `-a` stops at the name, `a+1` at the operator.
            if (const auto *U = dyn_cast<ast::UnaryExpr>(Im->Value))
              Near = ast::textOf(U->Sub->Range).str();
            else if (const auto *B = dyn_cast<ast::BinaryExpr>(Im->Value))
              Near = StringRef(B->LHS->Range.End.getPointer(),
                               B->Range.End.getPointer() -
                                   B->LHS->Range.End.getPointer())
                         .ltrim()
                         .take_front(1)
                         .str();
          }
          parseError(*E, Near);
          Ok = false;
          break;
        }
    return Ok;
  }

  const Signature *prototype(StringRef Name) const {
    for (auto It = S.Scopes.rbegin(), E = S.Scopes.rend(); It != E; ++It) {
      auto P = It->Prototypes.find(Name);
      if (P != It->Prototypes.end())
        return &P->second;
      if (It->CallTargetLists.count(Name))
        return nullptr;
    }
    return nullptr;
  }
  bool isCallTargets(StringRef Name) const {
    for (auto It = S.Scopes.rbegin(), E = S.Scopes.rend(); It != E; ++It)
      if (It->CallTargetLists.count(Name))
        return true;
    return false;
  }

  /// The name after the arguments (`, proto`): a .callprototype or
  /// .calltargets label or a jump table. Its prototype, when it is one;
  /// \p Ok false after reporting.
  const Signature *checkLast(const ast::Operand &Last, unsigned Idx, bool &Ok) {
    StringRef Name = nameOf(Last);
    Ok = true;
    if (const Signature *P = prototype(Name))
      return P;
    if (isCallTargets(Name))
      return nullptr;
    const Symbol *Sym = S.lookup(Name);
    if (Sym && Sym->Space != ast::StateSpace::Reg && Sym->Array && Sym->Type &&
        (*Sym->Type == isa::PtxType::U32 || *Sym->Type == isa::PtxType::U64 ||
         *Sym->Type == isa::PtxType::U8))
      return nullptr;
    Ok = false;
    if (!Sym && S.lookupLabel(Name)) {
      error(DiagID::UndeclaredSymbol,
            "Unknown symbol '" + Name + "': a code label, not a prototype");
      error(DiagID::OperandCount, "Arguments mismatch for instruction 'call'");
    } else if (!Sym && S.Functions.count(Name)) {
      error(DiagID::OperandType, "Call target not recognized: '" + Name +
                                     "' is a function, not a prototype");
    } else if (Sym || isa::findSpecialReg(Name)) {
      error(DiagID::OperandType,
            "Label or .u32/.u64/.u8 array expected for argument " + Twine(Idx) +
                " of instruction 'call'");
    }
    return nullptr;
  }

  void compare(const ast::Operand &E, const Signature::Formal &F, bool Return) {
    StringRef Name = nameOf(E);
    if (llvm::isa<ast::SinkOperand>(&E)) {
      if (!Return)
        error(DiagID::OperandType,
              "Illegal argument for formal parameter '" + F.Name + "'");
      return;
    }
    if (Name.empty()) // a number
      return;
    const Symbol *Sym = S.lookup(Name);
    ParamShape A;
    if (!Sym) {
      bool Label = S.lookupLabel(Name), Func = S.Functions.count(Name);
      if (!Label && !Func)
        return; // unknown: reported as such
      if (Label)
        error(DiagID::OperandType,
              "Illegal argument for formal parameter '" + F.Name + "'");
      else
        error(DiagID::StateSpace,
              "Call argument '" + Name + "' has illegal state space");
      if (comparable(F.Shape, F.Shape)) {
        error(DiagID::OperandType,
              "Type of argument does not match formal parameter '" + F.Name +
                  "'");
        error(DiagID::OperandType,
              "Alignment of argument does not match formal parameter '" +
                  F.Name + "'");
      }
      return;
    }
    if (Sym->Space == ast::StateSpace::Reg) {
      A = shapeOfRegister(*Sym);
    } else if (Sym->Space == ast::StateSpace::Param) {
      if (Sym->Role != Symbol::ParamRole::None) {
        error(DiagID::StateSpace,
              "Formal parameter '" + Name +
                  "' declared in .param space cannot be used as argument "
                  "to call");
        return;
      }
      A = shapeOfParam(*Sym);
    } else {
      error(DiagID::StateSpace,
            "Call argument '" + Name + "' has illegal state space");
      return;
    }
    if (((F.Shape.OtherType && A.Type) || (A.OtherType && F.Shape.Type)) &&
        !A.Vector && !F.Shape.Vector) {
      // (ptxas also reports the alignment unless both are the larger of
      // the .align and the element's size, which is not known here.)
      error(DiagID::OperandType,
            "Type of argument does not match formal parameter '" + F.Name +
                "': a type that is no data type agrees with none");
      return;
    }
    if (!comparable(F.Shape, A))
      return;
    if (!typesAgree(F.Shape, A))
      error(DiagID::OperandType,
            "Type of argument does not match formal parameter '" + F.Name +
                "': " + describe(A) + " against " + describe(F.Shape));
    if (alignOf(F.Shape) != alignOf(A))
      error(DiagID::OperandType,
            "Alignment of argument does not match formal parameter '" + F.Name +
                "': " + Twine(alignOf(A)) + " against " +
                Twine(alignOf(F.Shape)));
  }

  void compareList(const CallList &L, ArrayRef<Signature::Formal> Formals,
                   bool Return) {
    ArrayRef<const ast::Operand *> Actuals = L.Elements;
    auto Count = [&] {
      error(DiagID::OperandCount,
            "Call has wrong number of parameters: " + Twine(Actuals.size()) +
                (Return ? " return value(s) for " : " argument(s) for ") +
                Twine(Formals.size()) +
                (Return ? " return parameter(s)" : " parameter(s)"));
    };
    if (Actuals.size() > Formals.size())
      Count();
    for (size_t K = 0, E = std::min(Actuals.size(), Formals.size()); K != E;
         ++K)
      compare(*Actuals[K], Formals[K], Return);
    if (Actuals.size() < Formals.size())
      Count();
  }

  void run() {
    CallList Rets, Args;
    const ast::Operand *Target = nullptr, *Last = nullptr;
    unsigned TargetIdx = 0;
    if (!checkShape(Rets, Target, Args, Last, TargetIdx))
      return;
    unsigned LastIdx = TargetIdx + (Args ? 2 : 1);
    StringRef Name = nameOf(*Target);
    const Signature *Callee = nullptr;
    bool LastOk = true;
    if (const isa::SpecialReg *SR = isa::findSpecialReg(Name)) {
      // `%tid` without `.x` is reported as a vector (Symbols.cpp).
      if (!SR->HasComponents) {
        error(DiagID::SpecialRegister,
              "Special register argument not allowed for instruction 'call'");
        error(DiagID::OperandType,
              "Label expected for argument 0 of instruction 'call'");
      }
      return;
    }
    if (const Symbol *Sym = S.lookup(Name)) {
      if (Sym->Space != ast::StateSpace::Reg || !Sym->Type) {
        error(DiagID::OperandType,
              "Label expected for argument 0 of instruction 'call': '" + Name +
                  "' is a variable, not a function");
        return;
      }
      isa::TypeKind K = isa::typeKind(*Sym->Type);
      if (K == isa::TypeKind::Pred || K == isa::TypeKind::Float) {
        error(DiagID::OperandCount,
              "Arguments mismatch for instruction 'call': an indirect call's "
              "target is a 32- or 64-bit integer register");
        return;
      }
      if (!Last) {
        error(DiagID::OperandType,
              "Label expected for argument 0 of instruction 'call': an "
              "indirect call through '" +
                  Name + "' names its .callprototype or .calltargets");
        return;
      }
      if (isa::typeBits(*Sym->Type) < 32) {
        error(DiagID::OperandType, "Illegal target for instruction 'call'");
        return;
      }
      Callee = checkLast(*Last, LastIdx, LastOk);
    } else if (S.Functions.count(Name)) {
      StringRef LastName = Last ? nameOf(*Last) : "";
      if (Last && !S.lookup(LastName) && S.lookupLabel(LastName) &&
          !prototype(LastName) && !isCallTargets(LastName)) {
        // A code label there: ptxas says no more than what checkLast does.
        Callee = checkLast(*Last, LastIdx, LastOk);
      } else if (Last) {
        error(DiagID::OperandType,
              "Argument " + Twine(TargetIdx) +
                  " of instruction 'call': must be register (a direct call "
                  "names no prototype)");
        Callee = checkLast(*Last, LastIdx, LastOk);
      } else {
        auto It = S.Signatures.find(Name);
        if (It != S.Signatures.end())
          Callee = &It->second;
      }
    } else if (S.lookupLabel(Name)) {
      if (prototype(Name))
        error(DiagID::OperandType,
              "Illegal call target, device function expected");
      else
        error(DiagID::OperandType,
              "Call to '" + Name + "' requires call prototype");
      return;
    } else {
      return; // unknown: reported as such
    }
    if (!Callee || !LastOk)
      return;
    compareList(Rets, Callee->Rets, /*Return=*/true);
    compareList(Args, Callee->Params, /*Return=*/false);
  }
};

} // namespace

void SemaState::checkCall(const ast::InstructionStmt &I) {
  CallChecker{*this, I}.run();
}

} // namespace sema
} // namespace ptxwarp
