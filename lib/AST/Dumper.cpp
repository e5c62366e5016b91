//===- Dumper.cpp - The AST as JSON and as an indented tree
//----------------===//
//
// One walker builds an llvm::json tree of every node and field; the text
// dump renders that tree (so both always show the same facts). Without a
// SourceMgr no positions are included, which makes two parses of different
// text comparable (the round-trip tests compare these dumps).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/AST/Printer.h"

#include "llvm/Support/SourceMgr.h"

using namespace llvm;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace ptxwarp {
namespace ast {
namespace {

class JSONDumper {
public:
  explicit JSONDumper(const SourceMgr *SM) : SM(SM) {}

  Object node(StringRef Kind, SMRange R) {
    Object O{{"kind", Kind}};
    if (SM && R.Start.isValid()) {
      auto LC = SM->getLineAndColumn(R.Start);
      O["line"] = LC.first;
      O["col"] = LC.second;
    }
    return O;
  }

  Value expr(const Expr *E) {
    if (!E)
      return nullptr;
    switch (E->getKind()) {
    case Expr::Kind::Int: {
      const auto *I = cast<IntExpr>(E);
      Object O = node("Int", E->Range);
      O["text"] = I->text();
      O["value"] = I->Value;
      static const char *Radix[] = {"dec", "hex", "oct", "bin"};
      O["radix"] = Radix[static_cast<unsigned>(I->Rdx)];
      if (I->Unsigned)
        O["unsigned"] = true;
      if (I->Overflow)
        O["overflow"] = true;
      return O;
    }
    case Expr::Kind::Float: {
      const auto *F = cast<FloatExpr>(E);
      Object O = node("Float", E->Range);
      O["text"] = F->text();
      static const char *Sp[] = {"f32-hex", "f64-hex", "decimal"};
      O["spelling"] = Sp[static_cast<unsigned>(F->Spell)];
      O["bits"] = F->Bits;
      return O;
    }
    case Expr::Kind::Name: {
      Object O = node("Name", E->Range);
      O["name"] = cast<NameExpr>(E)->Name;
      return O;
    }
    case Expr::Kind::Unary: {
      const auto *U = cast<UnaryExpr>(E);
      Object O = node("Unary", E->Range);
      O["op"] = spelling(U->Op);
      O["sub"] = expr(U->Sub);
      return O;
    }
    case Expr::Kind::Binary: {
      const auto *B = cast<BinaryExpr>(E);
      Object O = node("Binary", E->Range);
      O["op"] = spelling(B->Op);
      O["lhs"] = expr(B->LHS);
      O["rhs"] = expr(B->RHS);
      return O;
    }
    case Expr::Kind::Conditional: {
      const auto *C = cast<ConditionalExpr>(E);
      Object O = node("Conditional", E->Range);
      O["cond"] = expr(C->Cond);
      O["then"] = expr(C->Then);
      O["else"] = expr(C->Else);
      return O;
    }
    }
    return nullptr;
  }

  Array operands(ArrayRef<const Operand *> Ops) {
    Array A;
    A.reserve(Ops.size());
    for (const Operand *O : Ops)
      A.push_back(operand(O));
    return A;
  }

  Value operand(const Operand *Op) {
    static const char *Names[] = {"Name",   "Imm",     "Sink", "Pair",
                                  "Vector", "Address", "List", "String"};
    Object O = node(Names[static_cast<unsigned>(Op->getKind())], Op->Range);
    if (Op->Negated)
      O["negated"] = true;
    if (Op->Minus)
      O["minus"] = true;
    switch (Op->getKind()) {
    case Operand::Kind::Name: {
      const auto *N = cast<NameOperand>(Op);
      O["name"] = N->Name;
      if (!N->Component.empty())
        O["component"] = N->Component;
      break;
    }
    case Operand::Kind::Imm:
      O["value"] = expr(cast<ImmOperand>(Op)->Value);
      break;
    case Operand::Kind::Sink:
      break;
    case Operand::Kind::Pair:
      O["first"] = operand(cast<PairOperand>(Op)->First);
      O["second"] = operand(cast<PairOperand>(Op)->Second);
      break;
    case Operand::Kind::Vector:
      O["elements"] = operands(cast<VectorOperand>(Op)->Elements);
      break;
    case Operand::Kind::Address:
      O["base"] = expr(cast<AddressOperand>(Op)->Base);
      if (!cast<AddressOperand>(Op)->Rest.empty())
        O["rest"] = operands(cast<AddressOperand>(Op)->Rest);
      break;
    case Operand::Kind::List:
      O["elements"] = operands(cast<ListOperand>(Op)->Elements);
      break;
    case Operand::Kind::String:
      O["value"] = cast<StringOperand>(Op)->Value;
      break;
    }
    return O;
  }

  Value init(const Initializer *I) {
    switch (I->getKind()) {
    case Initializer::Kind::Expr:
      return expr(I->Value);
    case Initializer::Kind::Generic: {
      Object O = node("Generic", I->Range);
      O["symbol"] = expr(I->Value);
      if (I->Offset)
        O["offset"] = expr(I->Offset);
      return O;
    }
    case Initializer::Kind::List: {
      Object O = node("InitList", I->Range);
      Array A;
      A.reserve(I->Elements.size());
      for (const Initializer *E : I->Elements)
        A.push_back(init(E));
      O["elements"] = std::move(A);
      return O;
    }
    }
    return nullptr;
  }

  Array quals(ArrayRef<Qualifier> Qs) {
    Array A;
    A.reserve(Qs.size());
    for (const Qualifier &Q : Qs)
      A.push_back(Q.Text);
    return A;
  }

  // Every array is reserved up front: LLVM 14's json::Value move
  // constructor is not noexcept, so a growing std::vector<Value> deep-copies
  // each element it relocates (quadratic in the nesting of large bodies).
  Array stmts(ArrayRef<const Stmt *> Ss) {
    Array A;
    A.reserve(Ss.size());
    for (const Stmt *S : Ss)
      A.push_back(stmt(S));
    return A;
  }
  Array decls(ArrayRef<const VarDeclStmt *> Ds) {
    Array A;
    A.reserve(Ds.size());
    for (const VarDeclStmt *D : Ds)
      A.push_back(stmt(D));
    return A;
  }

  Value stmt(const Stmt *S) {
    switch (S->getKind()) {
    case Stmt::Kind::Instruction: {
      const auto *I = cast<InstructionStmt>(S);
      Object O = node("Instruction", S->Range);
      if (I->G.isPresent())
        O["guard"] = (I->G.Negated ? "!" : "") + I->G.Pred.str();
      O["opcode"] = I->Opcode;
      O["qualifiers"] = quals(I->Qualifiers);
      O["operands"] = operands(I->Operands);
      return O;
    }
    case Stmt::Kind::Label: {
      Object O = node("Label", S->Range);
      O["name"] = cast<LabelStmt>(S)->Name;
      return O;
    }
    case Stmt::Kind::Block: {
      Object O = node("Block", S->Range);
      O["body"] = stmts(cast<BlockStmt>(S)->Body);
      return O;
    }
    case Stmt::Kind::CallPrototype: {
      const auto *P = cast<CallPrototypeStmt>(S);
      Object O = node("CallPrototype", S->Range);
      O["label"] = P->Label;
      if (P->HasReturnList)
        O["returns"] = decls(P->ReturnParams);
      O["params"] = decls(P->Params);
      O["attributes"] = quals(P->Attributes);
      return O;
    }
    case Stmt::Kind::BranchTargets:
    case Stmt::Kind::CallTargets: {
      const auto *T = cast<TargetListStmt>(S);
      Object O =
          node(S->getKind() == Stmt::Kind::BranchTargets ? "BranchTargets"
                                                         : "CallTargets",
               S->Range);
      O["label"] = T->Label;
      O["targets"] = operands(T->Targets);
      return O;
    }
    case Stmt::Kind::VarDecl: {
      const auto *D = cast<VarDeclStmt>(S);
      Object O = node("VarDecl", S->Range);
      if (D->Link != Linkage::None)
        O["linkage"] = spelling(D->Link);
      O["space"] = D->SpaceText;
      if (D->Align)
        O["align"] = D->Align;
      if (D->VectorWidth)
        O["vector"] = D->VectorWidth;
      O["type"] = D->Type;
      if (D->IsPtr) {
        O["ptr"] = true;
        O["ptrSpace"] = D->PtrSpace;
        O["ptrAlign"] = D->PtrAlign;
      }
      O["attributes"] = quals(D->Attributes);
      Array Ds;
      Ds.reserve(D->Declarators.size());
      for (const Declarator &X : D->Declarators) {
        Object XO = node("Declarator", X.Range);
        XO["name"] = X.Name;
        if (X.HasRangeCount)
          XO["rangeCount"] = X.RangeCount;
        if (!X.Dims.empty()) {
          Array Dims;
          Dims.reserve(X.Dims.size());
          for (const ArrayDim &Dim : X.Dims)
            Dims.push_back(Dim.Size ? expr(Dim.Size) : Value(nullptr));
          XO["dims"] = std::move(Dims);
        }
        if (X.Init)
          XO["init"] = init(X.Init);
        Ds.push_back(std::move(XO));
      }
      O["declarators"] = std::move(Ds);
      return O;
    }
    case Stmt::Kind::Directive: {
      const auto *D = cast<DirectiveStmt>(S);
      Object O = node("Directive", S->Range);
      O["name"] = D->Name;
      O["args"] = operands(D->Args);
      return O;
    }
    case Stmt::Kind::Loc: {
      const auto *L = cast<LocStmt>(S);
      Object O = node("Loc", S->Range);
      O["file"] = L->FileIndex;
      O["lineNo"] = L->Line;
      O["column"] = L->Column;
      if (!L->FunctionName.empty())
        O["functionName"] = L->FunctionName;
      if (L->HasInlinedAt)
        O["inlinedAt"] =
            Array{L->InlinedFile, L->InlinedLine, L->InlinedColumn};
      return O;
    }
    case Stmt::Kind::Pragma: {
      Object O = node("Pragma", S->Range);
      O["strings"] = operands(cast<PragmaStmt>(S)->Strings);
      return O;
    }
    case Stmt::Kind::Version: {
      const auto *V = cast<VersionStmt>(S);
      Object O = node("Version", S->Range);
      O["text"] = V->VersionText;
      O["major"] = V->Major;
      O["minor"] = V->Minor;
      return O;
    }
    case Stmt::Kind::Target: {
      Object O = node("Target", S->Range);
      Array A;
      for (const TargetStmt::Entry &E : cast<TargetStmt>(S)->Targets)
        A.push_back(E.Name);
      O["targets"] = std::move(A);
      return O;
    }
    case Stmt::Kind::AddressSize: {
      Object O = node("AddressSize", S->Range);
      O["size"] = expr(cast<AddressSizeStmt>(S)->Size);
      return O;
    }
    case Stmt::Kind::File: {
      const auto *F = cast<FileStmt>(S);
      Object O = node("File", S->Range);
      O["index"] = F->Index;
      O["name"] = F->FileName;
      if (F->HasTimestamp) {
        O["timestamp"] = F->Timestamp;
        O["size"] = F->Size;
      }
      return O;
    }
    case Stmt::Kind::Function: {
      const auto *F = cast<FunctionStmt>(S);
      Object O = node(F->IsEntry ? "Entry" : "Func", S->Range);
      if (F->Link != Linkage::None)
        O["linkage"] = spelling(F->Link);
      O["name"] = F->Name;
      if (F->HasReturnList)
        O["returns"] = decls(F->ReturnParams);
      if (F->HasParamList)
        O["params"] = decls(F->Params);
      Array Ds;
      Ds.reserve(F->Directives.size());
      for (const DirectiveStmt *D : F->Directives)
        Ds.push_back(stmt(D));
      O["directives"] = std::move(Ds);
      if (F->Body)
        O["body"] = stmt(F->Body);
      return O;
    }
    case Stmt::Kind::Section: {
      const auto *Sec = cast<SectionStmt>(S);
      Object O = node("Section", S->Range);
      O["name"] = Sec->Name;
      O["body"] = stmts(Sec->Body);
      return O;
    }
    case Stmt::Kind::DataDirective: {
      const auto *D = cast<DataDirectiveStmt>(S);
      Object O = node("Data", S->Range);
      O["type"] = D->Type;
      O["values"] = operands(D->Values);
      return O;
    }
    }
    return nullptr;
  }

private:
  const SourceMgr *SM;
};

/// Renders a JSON node tree as an indented outline: the kind and the scalar
/// fields on one line, nested nodes below.
void renderTree(raw_ostream &OS, const Value &V, unsigned Indent,
                StringRef Label);

void renderScalar(raw_ostream &OS, const Value &V) {
  if (auto S = V.getAsString())
    OS << '"' << *S << '"';
  else
    OS << V;
}

bool isScalarList(const json::Array &A) {
  for (const Value &E : A)
    if (E.getAsObject() || E.getAsArray())
      return false;
  return true;
}

void renderTree(raw_ostream &OS, const Value &V, unsigned Indent,
                StringRef Label) {
  OS.indent(Indent * 2);
  if (!Label.empty())
    OS << Label << ": ";
  const json::Object *O = V.getAsObject();
  if (!O) {
    if (const json::Array *A = V.getAsArray()) {
      OS << "[" << A->size() << "]\n";
      for (const Value &E : *A)
        renderTree(OS, E, Indent + 1, "");
      return;
    }
    renderScalar(OS, V);
    OS << '\n';
    return;
  }
  if (auto K = O->getString("kind"))
    OS << *K;
  if (auto L = O->getInteger("line"))
    OS << " <" << *L << ':' << O->getInteger("col").getValueOr(0) << '>';
  // Scalars inline, in a stable (sorted) order.
  std::vector<std::string> Keys;
  for (const auto &KV : *O)
    Keys.push_back(KV.first.str());
  llvm::sort(Keys);
  for (const std::string &K : Keys) {
    if (K == "kind" || K == "line" || K == "col")
      continue;
    const Value &F = *O->get(K);
    if (F.getAsObject())
      continue;
    if (const json::Array *A = F.getAsArray()) {
      if (!isScalarList(*A))
        continue;
      OS << ' ' << K << "=[";
      for (size_t I = 0; I < A->size(); ++I) {
        if (I)
          OS << ',';
        renderScalar(OS, (*A)[I]);
      }
      OS << ']';
      continue;
    }
    OS << ' ' << K << '=';
    renderScalar(OS, F);
  }
  OS << '\n';
  for (const std::string &K : Keys) {
    const Value &F = *O->get(K);
    if (F.getAsObject()) {
      renderTree(OS, F, Indent + 1, K);
    } else if (const json::Array *A = F.getAsArray()) {
      if (isScalarList(*A))
        continue;
      OS.indent((Indent + 1) * 2) << K << ":\n";
      for (const Value &E : *A)
        renderTree(OS, E, Indent + 2, "");
    }
  }
}

/// A json::Value given a StringRef keeps the reference, not a copy; the
/// AST's names and spellings point into the module's buffer and arenas. The
/// values handed out copy their text so they outlive the module (ptx-lint
/// --dump-ast --format=json printed a module's JSON after freeing it).
Value ownText(Value V) {
  if (auto S = V.getAsString())
    return Value(S->str());
  if (Array *A = V.getAsArray()) {
    for (Value &E : *A)
      E = ownText(std::move(E));
    return V;
  }
  if (Object *O = V.getAsObject()) {
    Object Owned;
    for (auto &KV : *O)
      Owned[KV.first.str()] = ownText(std::move(KV.second));
    return Owned;
  }
  return V;
}

} // namespace

json::Value stmtToJSON(const Stmt &S, const SourceMgr *SM) {
  return ownText(JSONDumper(SM).stmt(&S));
}

json::Value moduleToJSON(const Module &M, const SourceMgr *SM) {
  JSONDumper D(SM);
  json::Array Items;
  Items.reserve(M.items().size());
  for (const Stmt *S : M.items())
    Items.push_back(D.stmt(S));
  return ownText(
      json::Object{{"file", M.bufferName()}, {"items", std::move(Items)}});
}

void dumpStmt(raw_ostream &OS, const Stmt &S, const DumpOptions &Opts,
              unsigned Indent) {
  // Rendered at once, while the statement lives: no need to own the text.
  renderTree(OS, JSONDumper(Opts.SM).stmt(&S), Indent, "");
}

void dumpModule(raw_ostream &OS, const Module &M, const DumpOptions &Opts) {
  OS << "Module " << M.bufferName() << '\n';
  for (const Stmt *S : M.items())
    dumpStmt(OS, *S, Opts, 1);
}

} // namespace ast
} // namespace ptxwarp
