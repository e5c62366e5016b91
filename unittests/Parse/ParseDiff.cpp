//===- ParseDiff.cpp - The shape cache against the plain parser -----------===//
//
// ptx-parse-diff [-v] [--full] PATH...
//
// Parses every PTX module named (a .ptx file, a directory searched for .ptx
// files, or a .txt case file of modules separated by `### ` lines, as
// test/Inputs/ptxas/cases.txt) with the shape cache on and with
// ParseOptions::UseShapeCache off, and requires identical results:
//   - an exhaustive dump written here, independently of the parser: every
//     field of every node, every position as a byte offset (both ends);
//   - the diagnostics (id, message, byte range, line:col) and the stats;
//   - with --full also ast::dumpModule with line:col and ast::printModule
//     (slower; what they show is derived from the fields dumped above).
// Each module is parsed with the cache on twice (the second time its shapes
// are all known), under the default slicing and with bodies sliced every 40
// tokens (so the head/middle/last slice paths are exercised too).
// Prints one line per difference and a summary; exits 1 on any difference,
// or if no statement at all was rebuilt from a template.
//
//===----------------------------------------------------------------------===//

#include "../Support/ModuleInputs.h"
#include "ptxwarp/AST/Printer.h"
#include "ptxwarp/Parse/Parser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace llvm;
using namespace ptxwarp;
using namespace ptxwarp::ast;

namespace {

/// Every field, positions as offsets from the buffer start.
class ExactDump {
public:
  ExactDump(raw_ostream &OS, const char *Base) : OS(OS), Base(Base) {}

  void pos(const char *P) {
    if (!P)
      OS << "null";
    else
      OS << (P - Base);
  }
  void rng(SMRange R) {
    OS << '[';
    pos(R.Start.getPointer());
    OS << ',';
    pos(R.End.getPointer());
    OS << ']';
  }
  void str(StringRef S) {
    OS << '"' << S << "\"@";
    pos(S.data());
  }
  void quals(ArrayRef<Qualifier> Qs) {
    OS << " quals(";
    for (const Qualifier &Q : Qs) {
      str(Q.Text);
      OS << '/';
      pos(Q.Loc.getPointer());
      OS << ' ';
    }
    OS << ')';
  }

  void expr(const Expr *E) {
    if (!E) {
      OS << "(noexpr)";
      return;
    }
    OS << "(E" << unsigned(E->getKind());
    rng(E->Range);
    switch (E->getKind()) {
    case Expr::Kind::Int: {
      const auto *I = cast<IntExpr>(E);
      OS << ' ' << I->Value << ' ' << unsigned(I->Rdx) << ' ' << I->Unsigned
         << ' ' << I->Overflow;
      break;
    }
    case Expr::Kind::Float: {
      const auto *F = cast<FloatExpr>(E);
      OS << ' ' << unsigned(F->Spell) << ' ' << F->Bits;
      break;
    }
    case Expr::Kind::Name:
      str(cast<NameExpr>(E)->Name);
      break;
    case Expr::Kind::Unary:
      OS << ' ' << unsigned(cast<UnaryExpr>(E)->Op);
      expr(cast<UnaryExpr>(E)->Sub);
      break;
    case Expr::Kind::Binary:
      OS << ' ' << unsigned(cast<BinaryExpr>(E)->Op);
      expr(cast<BinaryExpr>(E)->LHS);
      expr(cast<BinaryExpr>(E)->RHS);
      break;
    case Expr::Kind::Conditional:
      expr(cast<ConditionalExpr>(E)->Cond);
      expr(cast<ConditionalExpr>(E)->Then);
      expr(cast<ConditionalExpr>(E)->Else);
      break;
    }
    OS << ')';
  }

  void operands(ArrayRef<const Operand *> Os) {
    OS << '{';
    for (const Operand *O : Os)
      operand(O);
    OS << '}';
  }

  void operand(const Operand *O) {
    OS << "(O" << unsigned(O->getKind()) << ' ' << O->Negated << O->Minus;
    rng(O->Range);
    switch (O->getKind()) {
    case Operand::Kind::Name:
      str(cast<NameOperand>(O)->Name);
      str(cast<NameOperand>(O)->Component);
      break;
    case Operand::Kind::Imm:
      expr(cast<ImmOperand>(O)->Value);
      break;
    case Operand::Kind::Sink:
      break;
    case Operand::Kind::Pair:
      operand(cast<PairOperand>(O)->First);
      operand(cast<PairOperand>(O)->Second);
      break;
    case Operand::Kind::Vector:
      operands(cast<VectorOperand>(O)->Elements);
      break;
    case Operand::Kind::Address:
      expr(cast<AddressOperand>(O)->Base);
      operands(cast<AddressOperand>(O)->Rest);
      break;
    case Operand::Kind::List:
      operands(cast<ListOperand>(O)->Elements);
      break;
    case Operand::Kind::String:
      str(cast<StringOperand>(O)->Value);
      break;
    }
    OS << ')';
  }

  void init(const Initializer *I) {
    if (!I) {
      OS << "(noinit)";
      return;
    }
    OS << "(I" << unsigned(I->getKind());
    rng(I->Range);
    expr(I->Value);
    expr(I->Offset);
    for (const Initializer *E : I->Elements)
      init(E);
    OS << ')';
  }

  void varDecl(const VarDeclStmt &D) {
    OS << ' ' << unsigned(D.Link) << ' ' << unsigned(D.Space);
    str(D.SpaceText);
    OS << ' ' << D.Align << ' ' << D.VectorWidth;
    str(D.Type);
    OS << ' ' << D.IsPtr;
    str(D.PtrSpace);
    OS << ' ' << D.PtrAlign;
    quals(D.Attributes);
    for (const Declarator &X : D.Declarators) {
      OS << " (decl";
      str(X.Name);
      rng(X.Range);
      OS << ' ' << X.HasRangeCount << ' ' << X.RangeCount;
      for (const ArrayDim &Dim : X.Dims) {
        OS << " dim";
        rng(Dim.Range);
        expr(Dim.Size);
      }
      init(X.Init);
      OS << ')';
    }
  }

  void params(ArrayRef<const VarDeclStmt *> Ps) {
    OS << " params(";
    for (const VarDeclStmt *P : Ps)
      stmt(*P);
    OS << ')';
  }

  void stmt(const Stmt &S) {
    OS << "\n[S" << unsigned(S.getKind());
    rng(S.Range);
    switch (S.getKind()) {
    case Stmt::Kind::Instruction: {
      const auto &I = cast<InstructionStmt>(S);
      str(I.G.Pred);
      OS << ' ' << I.G.Negated;
      rng(I.G.Range);
      str(I.Opcode);
      rng(I.OpcodeRange);
      quals(I.Qualifiers);
      operands(I.Operands);
      break;
    }
    case Stmt::Kind::Label:
      str(cast<LabelStmt>(S).Name);
      break;
    case Stmt::Kind::Block:
      for (const Stmt *C : cast<BlockStmt>(S).Body)
        stmt(*C);
      break;
    case Stmt::Kind::CallPrototype: {
      const auto &C = cast<CallPrototypeStmt>(S);
      str(C.Label);
      OS << ' ' << C.HasReturnList;
      params(C.ReturnParams);
      params(C.Params);
      quals(C.Attributes);
      break;
    }
    case Stmt::Kind::BranchTargets:
    case Stmt::Kind::CallTargets:
      str(cast<TargetListStmt>(S).Label);
      operands(cast<TargetListStmt>(S).Targets);
      break;
    case Stmt::Kind::VarDecl:
      varDecl(cast<VarDeclStmt>(S));
      break;
    case Stmt::Kind::Directive:
      str(cast<DirectiveStmt>(S).Name);
      operands(cast<DirectiveStmt>(S).Args);
      break;
    case Stmt::Kind::Loc: {
      const auto &L = cast<LocStmt>(S);
      OS << ' ' << L.FileIndex << ' ' << L.Line << ' ' << L.Column;
      str(L.FunctionName);
      OS << ' ' << L.HasInlinedAt << ' ' << L.InlinedFile << ' '
         << L.InlinedLine << ' ' << L.InlinedColumn;
      break;
    }
    case Stmt::Kind::Pragma:
      operands(cast<PragmaStmt>(S).Strings);
      break;
    case Stmt::Kind::Version: {
      const auto &V = cast<VersionStmt>(S);
      str(V.VersionText);
      OS << ' ' << V.Major << ' ' << V.Minor;
      break;
    }
    case Stmt::Kind::Target:
      for (const TargetStmt::Entry &E : cast<TargetStmt>(S).Targets) {
        str(E.Name);
        rng(E.Range);
      }
      break;
    case Stmt::Kind::AddressSize:
      expr(cast<AddressSizeStmt>(S).Size);
      break;
    case Stmt::Kind::File: {
      const auto &F = cast<FileStmt>(S);
      OS << ' ' << F.Index;
      str(F.FileName);
      OS << ' ' << F.HasTimestamp << ' ' << F.Timestamp << ' ' << F.Size;
      break;
    }
    case Stmt::Kind::Function: {
      const auto &F = cast<FunctionStmt>(S);
      OS << ' ' << F.IsEntry << ' ' << unsigned(F.Link);
      rng(F.LinkageRange);
      str(F.Name);
      rng(F.NameRange);
      OS << ' ' << F.HasReturnList << F.HasParamList;
      params(F.ReturnParams);
      params(F.Params);
      for (const DirectiveStmt *D : F.Directives)
        stmt(*D);
      if (F.Body)
        stmt(*F.Body);
      break;
    }
    case Stmt::Kind::Section:
      str(cast<SectionStmt>(S).Name);
      for (const Stmt *C : cast<SectionStmt>(S).Body)
        stmt(*C);
      break;
    case Stmt::Kind::DataDirective:
      str(cast<DataDirectiveStmt>(S).Type);
      operands(cast<DataDirectiveStmt>(S).Values);
      break;
    }
    OS << ']';
  }

private:
  raw_ostream &OS;
  const char *Base;
};

struct Result {
  std::string Text;
  uint64_t Hits = 0, Misses = 0;
};

Result parseOnce(StringRef Name, StringRef Text, const ParseOptions &Opts,
                 bool Full) {
  auto SM = std::make_shared<SourceMgr>();
  unsigned ID = SM->AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Text, Name), SMLoc());
  DiagnosticEngine Diags(SM.get());
  ParseStats St;
  std::unique_ptr<Module> M = parseModule(SM, ID, Diags, Opts, &St);
  const char *Base = SM->getMemoryBuffer(ID)->getBufferStart();
  Result R;
  R.Hits = St.ShapeHits;
  R.Misses = St.ShapeMisses;
  raw_string_ostream OS(R.Text);
  OS << "stats " << St.Bytes << ' ' << St.Tokens << ' ' << St.Items << ' '
     << St.LLFallbacks << ' ' << St.SyntaxErrors << '\n';
  for (const Diagnostic &D : Diags.diagnostics()) {
    OS << "diag " << D.id() << ' ' << unsigned(D.Sev) << ' ' << D.Loc.Line
       << ':' << D.Loc.Column << ' ';
    if (D.Range.Start.isValid())
      OS << (D.Range.Start.getPointer() - Base) << '-'
         << (D.Range.End.getPointer() - Base);
    OS << ' ' << D.Message << '\n';
  }
  ExactDump X(OS, Base);
  for (const Stmt *S : M->items())
    X.stmt(*S);
  if (Full) {
    OS << "\n--- dump\n";
    DumpOptions DO;
    DO.SM = SM.get();
    dumpModule(OS, *M, DO);
    OS << "--- print\n";
    printModule(OS, *M);
  }
  OS.flush();
  return R;
}

} // namespace

int main(int argc, char **argv) {
  bool Verbose = false, Full = false;
  std::vector<testing::ModuleInput> Inputs;
  for (int I = 1; I < argc; ++I) {
    if (StringRef(argv[I]) == "-v")
      Verbose = true;
    else if (StringRef(argv[I]) == "--full")
      Full = true;
    else
      testing::collectModules("ptx-parse-diff", argv[I], Inputs);
  }
  uint64_t Hits = 0, Misses = 0, Diffs = 0, Parses = 0;
  for (const testing::ModuleInput &In : Inputs) {
    for (unsigned Slice : {0u, 40u}) {
      ParseOptions Plain;
      Plain.Threads = 1;
      if (Slice)
        Plain.SliceTokens = Slice;
      Plain.UseShapeCache = false;
      ParseOptions Fast = Plain;
      Fast.UseShapeCache = true;
      Result Want = parseOnce(In.Name, In.Text, Plain, Full);
      for (unsigned Round = 0; Round < 2; ++Round) {
        Result Got = parseOnce(In.Name, In.Text, Fast, Full);
        ++Parses;
        Hits += Got.Hits;
        Misses += Got.Misses;
        if (Got.Text == Want.Text)
          continue;
        ++Diffs;
        size_t K = 0;
        while (K < Got.Text.size() && K < Want.Text.size() &&
               Got.Text[K] == Want.Text[K])
          ++K;
        size_t From = K > 200 ? K - 200 : 0;
        outs() << "DIFF " << In.Name << " (slice " << Slice << ", round "
               << Round << ") at byte " << K
               << "\n  plain: " << StringRef(Want.Text).substr(From, 400)
               << "\n  cached: " << StringRef(Got.Text).substr(From, 400)
               << "\n";
      }
    }
    if (Verbose)
      outs() << In.Name << "\n";
  }
  outs() << "checked " << Inputs.size() << " modules (" << Parses
         << " cached parses): " << Hits << " statements from templates, "
         << Misses << " parsed one by one, " << Diffs << " differences\n";
  return Diffs || (!Inputs.empty() && Hits == 0) ? 1 : 0;
}
