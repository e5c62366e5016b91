//===- Printer.h - Write the AST back as PTX, and dump it
//------------------===//
//
// printModule/printStmt write PTX text that parses back to the same AST
// (round trip; tested over the corpus and the ptxas cases). Literals keep
// their exact source spelling; layout is canonical (one statement per line,
// tab indentation). dumpAST writes an indented tree for people, and toJSON a
// structured tree (llvm::json) for tools.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_AST_PRINTER_H
#define PTXWARP_AST_PRINTER_H

#include "ptxwarp/AST/AST.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace ptxwarp {
namespace ast {

void printExpr(llvm::raw_ostream &OS, const Expr &E);
void printOperand(llvm::raw_ostream &OS, const Operand &O);
/// Prints one statement or top-level item (with a trailing newline),
/// indented by \p Indent tabs.
void printStmt(llvm::raw_ostream &OS, const Stmt &S, unsigned Indent = 0);
void printModule(llvm::raw_ostream &OS, const Module &M);

struct DumpOptions {
  /// Print line:col of every node (needs the SourceMgr). Off for comparing
  /// two parses of different text (the round-trip test).
  const llvm::SourceMgr *SM = nullptr;
};

/// An indented, human-readable tree of \p S.
void dumpStmt(llvm::raw_ostream &OS, const Stmt &S, const DumpOptions &Opts,
              unsigned Indent = 0);
void dumpModule(llvm::raw_ostream &OS, const Module &M,
                const DumpOptions &Opts);

/// The same tree as JSON: every node is an object with "kind", its fields
/// and, when \p SM is given, "line"/"col".
llvm::json::Value stmtToJSON(const Stmt &S, const llvm::SourceMgr *SM);
llvm::json::Value moduleToJSON(const Module &M, const llvm::SourceMgr *SM);

} // namespace ast
} // namespace ptxwarp

#endif // PTXWARP_AST_PRINTER_H
