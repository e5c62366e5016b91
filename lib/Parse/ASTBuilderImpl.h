//===- ASTBuilderImpl.h - The AST builder's class, shared by its files -*- C++
//-*-===//
//
// Internal to lib/Parse: the Builder that walks one chunk's ANTLR parse tree
// (ASTBuilder.cpp: literals, expressions, operands, declarations;
// ASTStatements.cpp: statements, functions, top-level items and the entry
// points of ASTBuilder.h), and the small parse-tree helpers both use.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_ASTBUILDERIMPL_H
#define PTXWARP_LIB_PARSE_ASTBUILDERIMPL_H

#include "ASTBuilder.h"
#include "Token.h"

#include "llvm/ADT/SmallVector.h"

#include <typeinfo>

namespace ptxwarp {
namespace parse {
namespace build {

using P = ptxwarp_antlr::PTXParser;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;
using llvm::ArrayRef;
using llvm::SmallVectorImpl;
using llvm::SMLoc;
using llvm::SMRange;
using llvm::StringRef;
using llvm::Twine;

/// Expressions nested deeper than this are rejected (keeps every recursive
/// walk of the AST, here and in its users, far from the stack limit).
constexpr unsigned MaxExprDepth = 512;

/// Exact-type test by type_info identity, for the generated context classes
/// only: their key functions are in the generated parser compiled into this
/// library, so their type_info objects are unique. This replaces
/// dynamic_cast, which dominated the builder's profile.
template <typename T> inline T *as(ParseTree *N) {
  return &typeid(*N) == &typeid(T) ? static_cast<T *>(N) : nullptr;
}
template <typename T> inline bool is(ParseTree *N) {
  return &typeid(*N) == &typeid(T);
}
/// Whether \p N is a terminal (or error) node. TerminalNodeImpl's
/// type_info may exist twice (in the ANTLR runtime library and as a weak copy
/// in the executable), so its address cannot be compared; instead each
/// dynamic type seen is classified once with dynamic_cast and cached.
inline bool isTerminal(ParseTree *N) {
  struct Entry {
    const std::type_info *TI;
    bool Terminal;
  };
  static thread_local Entry Cache[96];
  static thread_local unsigned Size = 0;
  const std::type_info *TI = &typeid(*N);
  for (unsigned I = 0; I < Size; ++I)
    if (Cache[I].TI == TI) {
      bool T = Cache[I].Terminal;
      if (I > 0) // move towards the front: a few types are most of the hits
        std::swap(Cache[I], Cache[I - 1]);
      return T;
    }
  bool T = dynamic_cast<TerminalNode *>(N) != nullptr;
  if (Size < 96)
    Cache[Size++] = {TI, T};
  return T;
}
/// Children are terminals or rule contexts; rule contexts know their rule.
inline size_t ruleOf(ParseTree *N) {
  if (isTerminal(N))
    return ~size_t(0);
  return static_cast<antlr4::RuleContext *>(N)->getRuleIndex();
}
inline const PtxToken *tokAt(antlr4::ParserRuleContext *C, size_t I) {
  return static_cast<const PtxToken *>(
      static_cast<TerminalNode *>(C->children[I])->getSymbol());
}
inline P::ExprContext *exprAt(antlr4::ParserRuleContext *C, size_t I) {
  return static_cast<P::ExprContext *>(C->children[I]);
}

inline const PtxToken *tokOf(TerminalNode *N) {
  return static_cast<const PtxToken *>(N->getSymbol());
}
inline StringRef textOf(TerminalNode *N) { return tokOf(N)->text(); }

inline SMRange rangeOf(antlr4::ParserRuleContext *C) {
  auto *S = static_cast<const PtxToken *>(C->getStart());
  auto *E = static_cast<const PtxToken *>(C->getStop());
  if (!E || E->Start < S->Start)
    E = S;
  return SMRange(S->loc(), SMLoc::getFromPointer(E->Start + E->Len));
}
inline SMRange span(const PtxToken *S, const PtxToken *E) {
  return SMRange(S->loc(), SMLoc::getFromPointer(E->Start + E->Len));
}

class Builder {
public:
  Builder(ast::ASTContext &Ctx, std::vector<SyntaxIssue> &Issues)
      : Ctx(Ctx), Issues(Issues) {}

  const ast::Stmt *topItem(P::TopItemContext *C);
  const ast::Stmt *statement(P::StatementContext *C);

private:
  template <typename T> ArrayRef<T> copy(const SmallVectorImpl<T> &V) {
    return Ctx.copy(ArrayRef<T>(V));
  }
  void error(SMRange R, const Twine &Msg) {
    Failed = true;
    Issues.push_back({R, Msg.str()});
  }

  // Literals.
  const ast::IntExpr *intLit(const PtxToken *T);
  const ast::FloatExpr *floatLit(const PtxToken *T);
  uint64_t intValue(TerminalNode *N);

  // Expressions and operands.
  const ast::Expr *expr(P::ExprContext *C);
  const ast::Operand *operand(P::OperandContext *C);
  const ast::Operand *exprOperand(const ast::Expr *E, SMRange R);
  void operands(antlr4::ParserRuleContext *Stmt,
                SmallVectorImpl<const ast::Operand *> &Out);
  ArrayRef<const ast::Operand *> directiveArgs(P::DirectiveArgsContext *C);
  const ast::Operand *stringOperand(TerminalNode *N);
  void checkNotBitOr(const ast::Operand *O);

  // Declarations.
  const ast::VarDeclStmt *varDecl(antlr4::ParserRuleContext *Whole,
                                  P::SpaceContext *Space,
                                  ArrayRef<P::DeclAttrContext *> Attrs,
                                  ArrayRef<P::DeclaratorContext *> Decls,
                                  ast::Linkage Link,
                                  ArrayRef<ast::Qualifier> LinkQuals);
  const ast::Initializer *initializer(P::InitializerContext *C);
  ArrayRef<const ast::VarDeclStmt *> params(ArrayRef<P::ParamContext *> Ps);

  // Statements.
  const ast::BlockStmt *block(P::BlockContext *C);
  const ast::Stmt *instruction(antlr4::ParserRuleContext *Whole,
                               P::GuardContext *G, TerminalNode *Opcode);
  const ast::Stmt *labelTail(P::IdentStmtContext *C, P::LabelTailContext *T);
  const ast::Stmt *function(P::FunctionContext *C, ast::Linkage Link,
                            SMRange LinkRange, SMRange Whole);
  const ast::Stmt *section(P::SectionDirContext *C);

public:
  const ast::Stmt *sectionItem(P::SectionItemContext *I);

private:
  const ast::PragmaStmt *pragma(P::PragmaDirContext *C);

  ast::ASTContext &Ctx;
  std::vector<SyntaxIssue> &Issues;
  unsigned Depth = 0;

public:
  bool Failed = false;
};

/// For a chunk with syntax errors: the operand-shape errors of its
/// statements (ASTStatements.cpp).
void shapeErrors(ParseTree *T, std::vector<SyntaxIssue> &Out);

} // namespace build
} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_ASTBUILDERIMPL_H
