//===- Printer.cpp - Write the AST back as PTX
//-----------------------------===//
//
// The output must parse back to the same AST (the round-trip tests), so:
// literals are printed with their source spelling, expressions get the
// parentheses their precedence needs, declaration attributes keep their
// source order, and a `.pragma` among function attributes keeps its `;`.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/AST/Printer.h"

using namespace llvm;

namespace ptxwarp {
namespace ast {

namespace {
/// Binding strength of an expression node (higher binds tighter).
unsigned strength(const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::Binary:
    return precedence(cast<BinaryExpr>(E).Op);
  case Expr::Kind::Conditional:
    return 0;
  case Expr::Kind::Unary:
    return 50;
  default:
    return 100;
  }
}

void printSub(raw_ostream &OS, const Expr &E, bool Paren) {
  if (Paren)
    OS << '(';
  printExpr(OS, E);
  if (Paren)
    OS << ')';
}

/// `(7)` or `(a+(b))`: one pair of parentheses around the whole text.
bool wrappedInParens(StringRef T) {
  if (!T.startswith("(") || !T.endswith(")"))
    return false;
  unsigned Depth = 0;
  for (size_t I = 0; I < T.size(); ++I) {
    Depth += T[I] == '(';
    if (T[I] == ')' && --Depth == 0)
      return I + 1 == T.size();
  }
  return false;
}

void indent(raw_ostream &OS, unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    OS << '\t';
}

template <typename T, typename F>
void join(raw_ostream &OS, ArrayRef<T> Items, F Fn, StringRef Sep = ", ") {
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      OS << Sep;
    Fn(Items[I]);
  }
}

void printInit(raw_ostream &OS, const Initializer &I) {
  switch (I.getKind()) {
  case Initializer::Kind::Expr:
    printExpr(OS, *I.Value);
    return;
  case Initializer::Kind::Generic:
    OS << "generic(";
    printExpr(OS, *I.Value);
    OS << ')';
    if (I.Offset) {
      OS << '+';
      printExpr(OS, *I.Offset);
    }
    return;
  case Initializer::Kind::List:
    OS << '{';
    join(OS, I.Elements, [&](const Initializer *E) { printInit(OS, *E); });
    OS << '}';
    return;
  }
}

/// A declaration without the trailing `;` (also used for parameters).
void printDecl(raw_ostream &OS, const VarDeclStmt &D) {
  bool SeenPtr = false;
  bool First = true;
  for (const Qualifier &Q : D.Attributes) {
    if (!First)
      OS << ' ';
    First = false;
    OS << '.' << Q.Text;
    if (Q.Text == "ptr")
      SeenPtr = true;
    else if (Q.Text == "align")
      OS << ' ' << (SeenPtr ? D.PtrAlign : D.Align);
  }
  OS << ' ';
  join(OS, D.Declarators, [&](const Declarator &X) {
    OS << X.Name;
    if (X.HasRangeCount)
      OS << '<' << X.RangeCount << '>';
    for (const ArrayDim &Dim : X.Dims) {
      OS << '[';
      if (Dim.Size)
        printExpr(OS, *Dim.Size);
      OS << ']';
    }
    if (X.Init) {
      OS << " = ";
      printInit(OS, *X.Init);
    }
  });
}

void printParams(raw_ostream &OS, ArrayRef<const VarDeclStmt *> Ps) {
  OS << '(';
  join(OS, Ps, [&](const VarDeclStmt *P) { printDecl(OS, *P); });
  OS << ')';
}

void printArgs(raw_ostream &OS, ArrayRef<const Operand *> Args) {
  join(OS, Args, [&](const Operand *O) { printOperand(OS, *O); });
}
} // namespace

void printExpr(raw_ostream &OS, const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::Int:
  case Expr::Kind::Float:
    OS << E.text();
    return;
  case Expr::Kind::Name:
    OS << cast<NameExpr>(E).Name;
    return;
  case Expr::Kind::Unary: {
    const auto &U = cast<UnaryExpr>(E);
    OS << spelling(U.Op);
    printSub(OS, *U.Sub, strength(*U.Sub) < 50);
    return;
  }
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(E);
    unsigned P = precedence(B.Op);
    printSub(OS, *B.LHS, strength(*B.LHS) < P);
    OS << ' ' << spelling(B.Op) << ' ';
    printSub(OS, *B.RHS, strength(*B.RHS) <= P);
    return;
  }
  case Expr::Kind::Conditional: {
    const auto &C = cast<ConditionalExpr>(E);
    printSub(OS, *C.Cond, strength(*C.Cond) == 0);
    OS << " ? ";
    printSub(OS, *C.Then, strength(*C.Then) == 0);
    OS << " : ";
    printSub(OS, *C.Else, false);
    return;
  }
  }
}

void printOperand(raw_ostream &OS, const Operand &O) {
  if (O.Negated)
    OS << '!';
  switch (O.getKind()) {
  case Operand::Kind::Name: {
    const auto &N = cast<NameOperand>(O);
    if (N.Minus)
      OS << '-';
    OS << N.Name;
    if (!N.Component.empty())
      OS << '.' << N.Component;
    return;
  }
  case Operand::Kind::Imm: {
    // A parenthesised immediate keeps its parentheses: `call f, (7);` is a
    // one-element argument list only when written in parentheses.
    const Expr &E = *cast<ImmOperand>(O).Value;
    printSub(OS, E,
             wrappedInParens(O.text()) || (O.Negated && strength(E) < 50));
    return;
  }
  case Operand::Kind::Sink:
    OS << '_';
    return;
  case Operand::Kind::Pair: {
    const auto &P = cast<PairOperand>(O);
    printOperand(OS, *P.First);
    OS << '|';
    printOperand(OS, *P.Second);
    return;
  }
  case Operand::Kind::Vector:
    OS << '{';
    printArgs(OS, cast<VectorOperand>(O).Elements);
    OS << '}';
    return;
  case Operand::Kind::Address: {
    const auto &A = cast<AddressOperand>(O);
    OS << '[';
    printExpr(OS, *A.Base);
    for (const Operand *R : A.Rest) {
      OS << ", ";
      printOperand(OS, *R);
    }
    OS << ']';
    return;
  }
  case Operand::Kind::List:
    OS << '(';
    printArgs(OS, cast<ListOperand>(O).Elements);
    OS << ')';
    return;
  case Operand::Kind::String:
    OS << '"' << cast<StringOperand>(O).Value << '"';
    return;
  }
}

void printStmt(raw_ostream &OS, const Stmt &S, unsigned Ind) {
  indent(OS, Ind);
  switch (S.getKind()) {
  case Stmt::Kind::Instruction: {
    const auto &I = cast<InstructionStmt>(S);
    if (I.G.isPresent())
      OS << '@' << (I.G.Negated ? "!" : "") << I.G.Pred << ' ';
    OS << I.Opcode;
    for (const Qualifier &Q : I.Qualifiers)
      OS << '.' << Q.Text;
    if (!I.Operands.empty()) {
      OS << ' ';
      printArgs(OS, I.Operands);
    }
    OS << ";\n";
    return;
  }
  case Stmt::Kind::Label:
    OS << cast<LabelStmt>(S).Name << ":\n";
    return;
  case Stmt::Kind::Block: {
    OS << "{\n";
    for (const Stmt *C : cast<BlockStmt>(S).Body)
      printStmt(OS, *C, Ind + 1);
    indent(OS, Ind);
    OS << "}\n";
    return;
  }
  case Stmt::Kind::CallPrototype: {
    const auto &P = cast<CallPrototypeStmt>(S);
    OS << P.Label << ": .callprototype ";
    if (P.HasReturnList) {
      printParams(OS, P.ReturnParams);
      OS << ' ';
    }
    OS << "_ ";
    printParams(OS, P.Params);
    for (const Qualifier &Q : P.Attributes)
      OS << " ." << Q.Text;
    OS << ";\n";
    return;
  }
  case Stmt::Kind::BranchTargets:
  case Stmt::Kind::CallTargets: {
    const auto &T = cast<TargetListStmt>(S);
    OS << T.Label
       << (S.getKind() == Stmt::Kind::BranchTargets ? ": .branchtargets "
                                                    : ": .calltargets ");
    printArgs(OS, T.Targets);
    OS << ";\n";
    return;
  }
  case Stmt::Kind::VarDecl:
    printDecl(OS, cast<VarDeclStmt>(S));
    OS << ";\n";
    return;
  case Stmt::Kind::Directive: {
    const auto &D = cast<DirectiveStmt>(S);
    OS << '.' << D.Name;
    if (!D.Args.empty()) {
      OS << ' ';
      printArgs(OS, D.Args);
    }
    OS << ";\n";
    return;
  }
  case Stmt::Kind::Loc: {
    const auto &L = cast<LocStmt>(S);
    OS << ".loc " << L.FileIndex << ' ' << L.Line << ' ' << L.Column;
    if (!L.FunctionName.empty())
      OS << ", function_name " << L.FunctionName;
    if (L.HasInlinedAt)
      OS << ", inlined_at " << L.InlinedFile << ' ' << L.InlinedLine << ' '
         << L.InlinedColumn;
    OS << '\n';
    return;
  }
  case Stmt::Kind::Pragma:
    OS << ".pragma ";
    printArgs(OS, cast<PragmaStmt>(S).Strings);
    OS << ";\n";
    return;
  case Stmt::Kind::Version:
    OS << ".version " << cast<VersionStmt>(S).VersionText << '\n';
    return;
  case Stmt::Kind::Target: {
    OS << ".target ";
    join(OS, cast<TargetStmt>(S).Targets,
         [&](const TargetStmt::Entry &E) { OS << E.Name; });
    OS << '\n';
    return;
  }
  case Stmt::Kind::AddressSize:
    OS << ".address_size ";
    printExpr(OS, *cast<AddressSizeStmt>(S).Size);
    OS << '\n';
    return;
  case Stmt::Kind::File: {
    const auto &F = cast<FileStmt>(S);
    OS << ".file " << F.Index << " \"" << F.FileName << '"';
    if (F.HasTimestamp)
      OS << ", " << F.Timestamp << ", " << F.Size;
    OS << '\n';
    return;
  }
  case Stmt::Kind::Function: {
    const auto &F = cast<FunctionStmt>(S);
    if (F.Link != Linkage::None)
      OS << '.' << spelling(F.Link) << ' ';
    OS << (F.IsEntry ? ".entry " : ".func ");
    if (F.HasReturnList) {
      printParams(OS, F.ReturnParams);
      OS << ' ';
    }
    OS << F.Name;
    if (F.HasParamList)
      printParams(OS, F.Params);
    for (const DirectiveStmt *D : F.Directives) {
      OS << "\n";
      indent(OS, Ind);
      OS << '.' << D->Name;
      if (!D->Args.empty()) {
        OS << ' ';
        printArgs(OS, D->Args);
      }
      if (D->Name == "pragma")
        OS << ';';
    }
    if (!F.Body) {
      OS << ";\n";
      return;
    }
    OS << '\n';
    printStmt(OS, *F.Body, Ind);
    return;
  }
  case Stmt::Kind::Section: {
    const auto &Sec = cast<SectionStmt>(S);
    OS << ".section " << Sec.Name << "\n";
    indent(OS, Ind);
    OS << "{\n";
    for (const Stmt *C : Sec.Body)
      printStmt(OS, *C, Ind + 1);
    indent(OS, Ind);
    OS << "}\n";
    return;
  }
  case Stmt::Kind::DataDirective: {
    // A dwarf line ends at the end of the line: ptxas rejects `.b8 1;` inside
    // a .section ("Parsing error near ';'"); PTX ISA 11.5.2, .section.
    const auto &D = cast<DataDirectiveStmt>(S);
    OS << '.' << D.Type;
    if (!D.Values.empty()) {
      OS << ' ';
      printArgs(OS, D.Values);
    }
    OS << "\n";
    return;
  }
  }
}

void printModule(raw_ostream &OS, const Module &M) {
  for (const Stmt *S : M.items())
    printStmt(OS, *S);
}

} // namespace ast
} // namespace ptxwarp
