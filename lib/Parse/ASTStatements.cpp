//===- ASTStatements.cpp - ANTLR parse tree -> AST: statements and items --===//
//
// The Builder's statements, functions, sections and top-level items, the
// operand-shape errors of a chunk that has syntax errors, and the entry
// points of ASTBuilder.h (expressions and declarations: ASTBuilder.cpp).
//
//===----------------------------------------------------------------------===//

#include "ASTBuilderImpl.h"

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace build {

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

const ast::Stmt *Builder::instruction(antlr4::ParserRuleContext *Whole,
                                      P::GuardContext *G,
                                      TerminalNode *Opcode) {
  auto *I = Ctx.create<ast::InstructionStmt>(rangeOf(Whole));
  if (G) {
    I->G.Pred = textOf(G->IDENT());
    I->G.Negated = G->BANG() != nullptr;
    I->G.Range = rangeOf(G);
  }
  I->Opcode = textOf(Opcode);
  I->OpcodeRange = tokOf(Opcode)->range();
  // Qualifiers are the terminals right after the opcode (an inline token
  // set in the grammar).
  SmallVector<ast::Qualifier, 8> Q;
  size_t K = 0;
  while (Whole->children[K] != Opcode)
    ++K;
  for (++K; K < Whole->children.size(); ++K) {
    ParseTree *Ch = Whole->children[K];
    if (ruleOf(Ch) != ~size_t(0))
      break;
    const PtxToken *T = tokOf(static_cast<TerminalNode *>(Ch));
    if (T->Type == Tok::SEMI)
      break;
    Q.push_back({T->text().drop_front(), T->loc()});
  }
  I->Qualifiers = copy(Q);
  SmallVector<const ast::Operand *, 8> O;
  operands(Whole, O);
  // ptxas accepts the sink `_` only as the destination (first operand);
  // anywhere else it is a syntax error (ptxas 13.0; cases sink-00004,
  // sink-00025 of test/Inputs/ptxas/cases.txt: vote/redux/match/mov sources).
  for (const ast::Operand *Op : O)
    checkNotBitOr(Op);
  // Likewise a `d|p` pair (case rand-01207).
  for (size_t K = 1; K < O.size(); ++K) {
    if (isa<ast::SinkOperand>(O[K]))
      error(O[K]->Range, "the sink '_' is only allowed as the destination "
                         "(first operand)");
    else if (isa<ast::PairOperand>(O[K]))
      error(O[K]->Range, "a 'd|p' pair is only allowed as the destination "
                         "(first operand)");
  }
  I->Operands = copy(O);
  return I;
}

const ast::Stmt *Builder::labelTail(P::IdentStmtContext *C,
                                    P::LabelTailContext *T) {
  StringRef Label = textOf(C->IDENT());
  if (T->CALLPROTOTYPE()) {
    auto *S = Ctx.create<ast::CallPrototypeStmt>(rangeOf(C));
    S->Label = Label;
    if (P::ReturnListContext *RL = T->returnList()) {
      S->HasReturnList = true;
      S->ReturnParams = params(RL->param());
    }
    if (P::ParamListContext *PL = T->paramList())
      S->Params = params(PL->param());
    SmallVector<ast::Qualifier, 2> Attrs;
    for (TerminalNode *D : T->DOT_IDENT())
      Attrs.push_back({textOf(D).drop_front(), tokOf(D)->loc()});
    S->Attributes = copy(Attrs);
    return S;
  }
  SmallVector<const ast::Operand *, 8> Targets;
  for (TerminalNode *N : T->IDENT())
    Targets.push_back(
        Ctx.create<ast::NameOperand>(tokOf(N)->range(), textOf(N)));
  return Ctx.create<ast::TargetListStmt>(T->BRANCHTARGETS()
                                             ? ast::Stmt::Kind::BranchTargets
                                             : ast::Stmt::Kind::CallTargets,
                                         rangeOf(C), Label, copy(Targets));
}

const ast::PragmaStmt *Builder::pragma(P::PragmaDirContext *C) {
  SmallVector<const ast::Operand *, 2> Strs;
  for (TerminalNode *S : C->STRING())
    Strs.push_back(stringOperand(S));
  return Ctx.create<ast::PragmaStmt>(rangeOf(C), copy(Strs));
}

const ast::Stmt *Builder::statement(P::StatementContext *C) {
  if (auto *I = as<P::IdentStmtContext>(C)) {
    if (C->children.size() > 1 && ruleOf(C->children[1]) == ~size_t(0) &&
        tokAt(C, 1)->Type == Tok::COLON) {
      if (P::LabelTailContext *T = I->labelTail())
        return labelTail(I, T);
      return Ctx.create<ast::LabelStmt>(rangeOf(C), textOf(I->IDENT()));
    }
    return instruction(C, nullptr, static_cast<TerminalNode *>(C->children[0]));
  }
  if (is<P::GuardedInstrContext>(C))
    return instruction(C, static_cast<P::GuardContext *>(C->children[0]),
                       static_cast<TerminalNode *>(C->children[1]));
  if (auto *V = as<P::LocalVarContext>(C)) {
    P::VarDeclContext *VD = V->varDecl();
    return varDecl(C, VD->space(), VD->declAttr(), VD->declarator(),
                   ast::Linkage::None, {});
  }
  if (auto *L = as<P::LocDirContext>(C)) {
    auto *S = Ctx.create<ast::LocStmt>(rangeOf(C));
    auto Ints = L->INT();
    S->FileIndex = intValue(Ints[0]);
    S->Line = intValue(Ints[1]);
    S->Column = intValue(Ints[2]);
    for (P::LocAttrContext *A : L->locAttr()) {
      auto Ids = A->IDENT();
      StringRef Key = textOf(Ids[0]);
      auto AI = A->INT();
      if (Key == "function_name" && Ids.size() == 2) {
        const PtxToken *E = A->PLUS() ? tokOf(AI[0]) : tokOf(Ids[1]);
        S->FunctionName = ast::textOf(span(tokOf(Ids[1]), E));
      } else if (Key == "inlined_at" && AI.size() == 3) {
        S->HasInlinedAt = true;
        S->InlinedFile = intValue(AI[0]);
        S->InlinedLine = intValue(AI[1]);
        S->InlinedColumn = intValue(AI[2]);
      } else {
        error(tokOf(Ids[0])->range(),
              "unexpected '" + Key +
                  "' in .loc; expected function_name or inlined_at");
      }
    }
    return S;
  }
  if (auto *Pr = as<P::BodyPragmaContext>(C))
    return pragma(Pr->pragmaDir());
  if (auto *D = as<P::BodyDirectiveContext>(C))
    return Ctx.create<ast::DirectiveStmt>(rangeOf(C),
                                          textOf(D->DOT_IDENT()).drop_front(),
                                          directiveArgs(D->directiveArgs()));
  auto *B = static_cast<P::BlockStmtContext *>(C);
  return block(B->block());
}

const ast::BlockStmt *Builder::block(P::BlockContext *C) {
  SmallVector<const ast::Stmt *, 32> Body;
  for (ParseTree *Ch : C->children)
    if (ruleOf(Ch) == P::RuleStatement)
      Body.push_back(statement(static_cast<P::StatementContext *>(Ch)));
  return Ctx.create<ast::BlockStmt>(rangeOf(C), copy(Body));
}

const ast::Stmt *Builder::function(P::FunctionContext *C, ast::Linkage Link,
                                   SMRange LinkRange, SMRange Whole) {
  auto *F = Ctx.create<ast::FunctionStmt>(Whole);
  F->IsEntry = C->ENTRY() != nullptr;
  F->Link = Link;
  F->LinkageRange = LinkRange;
  F->Name = textOf(C->IDENT());
  F->NameRange = tokOf(C->IDENT())->range();
  if (P::ReturnListContext *RL = C->returnList()) {
    F->HasReturnList = true;
    F->ReturnParams = params(RL->param());
  }
  if (P::ParamListContext *PL = C->paramList()) {
    F->HasParamList = true;
    F->Params = params(PL->param());
  }
  SmallVector<const ast::DirectiveStmt *, 4> Dirs;
  for (P::FuncAttrContext *A : C->funcAttr()) {
    if (TerminalNode *D = A->DOT_IDENT()) {
      Dirs.push_back(
          Ctx.create<ast::DirectiveStmt>(rangeOf(A), textOf(D).drop_front(),
                                         directiveArgs(A->directiveArgs())));
      continue;
    }
    SmallVector<const ast::Operand *, 2> Strs;
    for (TerminalNode *S : A->STRING())
      Strs.push_back(stringOperand(S));
    Dirs.push_back(
        Ctx.create<ast::DirectiveStmt>(rangeOf(A), "pragma", copy(Strs)));
  }
  F->Directives = copy(Dirs);
  if (P::BlockContext *B = C->block())
    F->Body = block(B);
  return F;
}

const ast::Stmt *Builder::section(P::SectionDirContext *C) {
  auto *S = Ctx.create<ast::SectionStmt>(rangeOf(C));
  S->Name = textOf(C->DOT_IDENT());
  SmallVector<const ast::Stmt *, 64> Body;
  for (P::SectionItemContext *I : C->sectionItem())
    Body.push_back(sectionItem(I));
  S->Body = copy(Body);
  return S;
}

const ast::Stmt *Builder::sectionItem(P::SectionItemContext *I) {
  if (auto *L = as<P::SectionLabelContext>(I))
    return Ctx.create<ast::LabelStmt>(rangeOf(I), textOf(L->IDENT()));
  auto *D = static_cast<P::SectionDataContext *>(I);
  // A dwarf line ends at the end of its line (PTX ISA 11.5.2, .section);
  // ptxas 13.0 rejects `.b8 1;` there ("Parsing error near ';'").
  if (TerminalNode *Semi = D->SEMI())
    error(tokOf(Semi)->range(), "a data line inside a .section takes no ';'");
  SmallVector<const ast::Operand *, 16> Vals;
  for (P::DataValueContext *V : D->dataValue()) {
    if (TerminalNode *Str = V->STRING()) {
      Vals.push_back(stringOperand(Str));
    } else if (TerminalNode *Sec = V->DOT_IDENT()) {
      // `.debug_loc+131` (PTX ISA 11.5.2): the section's name, as nvcc -G
      // writes it, plus an offset.
      const ast::Expr *X =
          Ctx.create<ast::NameExpr>(tokOf(Sec)->range(), textOf(Sec));
      if (P::ExprContext *Off = V->expr())
        X = Ctx.create<ast::BinaryExpr>(rangeOf(V), ast::BinaryOp::Add, X,
                                        expr(Off));
      Vals.push_back(exprOperand(X, rangeOf(V)));
    } else
      Vals.push_back(exprOperand(expr(V->expr()), rangeOf(V)));
  }
  return Ctx.create<ast::DataDirectiveStmt>(
      rangeOf(I), textOf(D->DOT_IDENT()).drop_front(), copy(Vals));
}

const ast::Stmt *Builder::topItem(P::TopItemContext *C) {
  SMRange R = rangeOf(C);
  if (auto *L = as<P::LinkedItemContext>(C)) {
    ast::Linkage Link = ast::Linkage::None;
    SMRange LinkRange;
    SmallVector<ast::Qualifier, 2> LinkQuals;
    for (P::LinkageContext *LC : L->linkage()) {
      const PtxToken *T = static_cast<const PtxToken *>(LC->getStart());
      LinkRange = T->range();
      LinkQuals.push_back({T->text().drop_front(), T->loc()});
      switch (T->Type) {
      case Tok::VISIBLE:
        Link = ast::Linkage::Visible;
        break;
      case Tok::EXTERN:
        Link = ast::Linkage::Extern;
        break;
      case Tok::WEAK:
        Link = ast::Linkage::Weak;
        break;
      default:
        Link = ast::Linkage::Common;
        break;
      }
    }
    P::DeclOrFuncContext *DF = L->declOrFunc();
    if (auto *F = as<P::FunctionContext>(DF))
      return function(F, Link, LinkRange, R);
    auto *G = static_cast<P::GlobalVarContext *>(DF);
    P::VarDeclContext *VD = G->varDecl();
    return varDecl(C, VD->space(), VD->declAttr(), VD->declarator(), Link,
                   LinkQuals);
  }
  if (auto *V = as<P::VersionDirContext>(C)) {
    auto *S = Ctx.create<ast::VersionStmt>(R);
    TerminalNode *N = V->FLOAT() ? V->FLOAT() : V->INT();
    S->VersionText = textOf(N);
    StringRef Maj, Min;
    std::tie(Maj, Min) = S->VersionText.split('.');
    // Two integers: to ptxas 13.0 `6.10` is newer than `6.5`
    // (unittests/ISA/TargetTests.cpp, test/Sema/version-5-10.ptx).
    if (Maj.getAsInteger(10, S->Major) ||
        (!Min.empty() && Min.getAsInteger(10, S->Minor)))
      error(tokOf(N)->range(),
            "invalid .version '" + S->VersionText + "'; expected MAJOR.MINOR");
    return S;
  }
  if (auto *T = as<P::TargetDirContext>(C)) {
    SmallVector<ast::TargetStmt::Entry, 2> Es;
    for (TerminalNode *N : T->IDENT())
      Es.push_back({textOf(N), tokOf(N)->range()});
    return Ctx.create<ast::TargetStmt>(R, copy(Es));
  }
  if (auto *A = as<P::AddressSizeDirContext>(C))
    return Ctx.create<ast::AddressSizeStmt>(R, intLit(tokOf(A->INT())));
  if (auto *F = as<P::FileDirContext>(C)) {
    auto *S = Ctx.create<ast::FileStmt>(R);
    auto Ints = F->INT();
    S->Index = intValue(Ints[0]);
    S->FileName = textOf(F->STRING()).drop_front().drop_back();
    if (Ints.size() == 3) {
      S->HasTimestamp = true;
      S->Timestamp = intValue(Ints[1]);
      S->Size = intValue(Ints[2]);
    } else if (Ints.size() != 1) {
      error(tokOf(Ints.back())->range(),
            ".file takes a timestamp and a size after the name, or neither");
    }
    return S;
  }
  if (auto *Pr = as<P::TopPragmaContext>(C))
    return pragma(Pr->pragmaDir());
  if (auto *S = as<P::SectionDirContext>(C))
    return section(S);
  auto *D = static_cast<P::TopDirectiveContext *>(C);
  return Ctx.create<ast::DirectiveStmt>(R, textOf(D->DOT_IDENT()).drop_front(),
                                        directiveArgs(D->directiveArgs()));
}

void shapeErrors(ParseTree *T, std::vector<SyntaxIssue> &Out) {
  size_t Rule = ruleOf(T);
  if (Rule == P::RuleExpr || Rule == P::RuleOperand ||
      Rule == P::RuleInitializer || Rule == ~size_t(0))
    return; // no statements below; expression chains can be very deep
  auto *C = static_cast<antlr4::ParserRuleContext *>(T);
  size_t I = 0; // operand index within an instruction statement
  for (ParseTree *O : C->children) {
    if (ruleOf(O) != P::RuleOperand) {
      shapeErrors(O, Out);
      continue;
    }
    auto *OC = static_cast<antlr4::ParserRuleContext *>(O);
    ++I;
    if (I > 1 && is<P::SinkOperandContext>(O))
      Out.push_back({rangeOf(OC), "the sink '_' is only allowed as the "
                                  "destination (first operand)"});
    else if (I > 1 && (is<P::PairOperandContext>(O) ||
                       is<P::SinkPairOperandContext>(O) ||
                       is<P::VectorPairOperandContext>(O)))
      Out.push_back({rangeOf(OC), "a 'd|p' pair is only allowed as the "
                                  "destination (first operand)"});
    else if (is<P::ExprOperandContext>(O) && !OC->children.empty() &&
             is<P::BinaryExprContext>(OC->children[0])) {
      auto *B = static_cast<antlr4::ParserRuleContext *>(OC->children[0]);
      if (B->children.size() < 3 || ruleOf(B->children[1]) != ~size_t(0) ||
          tokAt(B, 1)->Type != Tok::PIPE)
        continue;
      ParseTree *L = B->children[0];
      auto *LC = static_cast<antlr4::ParserRuleContext *>(L);
      bool LeftIsPipe = is<P::BinaryExprContext>(L) &&
                        LC->children.size() == 3 &&
                        ruleOf(LC->children[1]) == ~size_t(0) &&
                        tokAt(LC, 1)->Type == Tok::PIPE;
      ParseTree *Bad =
          (LeftIsPipe || is<P::NameExprContext>(L)) ? B->children[2] : L;
      if (ruleOf(Bad) == ~size_t(0))
        continue;
      Out.push_back({rangeOf(static_cast<antlr4::ParserRuleContext *>(Bad)),
                     "invalid pair operand: expected a register or '_' on "
                     "each side of '|', and exactly two elements"});
    }
  }
}

} // namespace build

using namespace build;

void operandShapeErrors(antlr4::tree::ParseTree *Chunk,
                        std::vector<SyntaxIssue> &Out) {
  shapeErrors(Chunk, Out);
}

bool buildStatementsAST(P::StatementsContext *Slice, ast::ASTContext &Ctx,
                        std::vector<SyntaxIssue> &Issues,
                        std::vector<const ast::Stmt *> &Out) {
  Builder B(Ctx, Issues);
  for (ParseTree *Ch : Slice->children)
    if (ruleOf(Ch) == P::RuleStatement)
      Out.push_back(B.statement(static_cast<P::StatementContext *>(Ch)));
  return !B.Failed;
}

bool buildSectionItemsAST(P::SectionItemsContext *Slice, ast::ASTContext &Ctx,
                          std::vector<SyntaxIssue> &Issues,
                          std::vector<const ast::Stmt *> &Out) {
  Builder B(Ctx, Issues);
  for (P::SectionItemContext *I : Slice->sectionItem())
    Out.push_back(B.sectionItem(I));
  return !B.Failed;
}

const ast::Stmt *buildStatementAST(P::StatementContext *Stmt,
                                   ast::ASTContext &Ctx,
                                   std::vector<SyntaxIssue> &Issues) {
  Builder B(Ctx, Issues);
  const ast::Stmt *S = B.statement(Stmt);
  return B.Failed ? nullptr : S;
}

const ast::Stmt *buildSectionItemAST(P::SectionItemContext *Item,
                                     ast::ASTContext &Ctx,
                                     std::vector<SyntaxIssue> &Issues) {
  Builder B(Ctx, Issues);
  const ast::Stmt *S = B.sectionItem(Item);
  return B.Failed ? nullptr : S;
}

bool buildChunkAST(P::ChunkContext *Chunk, ast::ASTContext &Ctx,
                   std::vector<SyntaxIssue> &Issues,
                   function_ref<void(const ast::Stmt *)> Emit) {
  Builder B(Ctx, Issues);
  for (ParseTree *Ch : Chunk->children) {
    if (ruleOf(Ch) != P::RuleTopItem)
      continue;
    auto *T = static_cast<P::TopItemContext *>(Ch);
    const ast::Stmt *S = B.topItem(T);
    if (B.Failed)
      return false;
    Emit(S);
  }
  return true;
}

} // namespace parse
} // namespace ptxwarp
