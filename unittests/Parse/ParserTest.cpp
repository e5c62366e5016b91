//===- ParserTest.cpp - What the parser builds from each PTX form
//----------===//

#include "ParseTestUtil.h"

#include "gtest/gtest.h"

#include <thread>

using namespace ptxwarp;
using namespace ptxwarp::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace {

const char *Header = ".version 7.8\n.target sm_80\n.address_size 64\n";

/// Parses `Header + .entry k() { Body }` and returns the body statements.
struct Body {
  test::Parsed P;
  llvm::ArrayRef<const Stmt *> Stmts;
};
Body body(const std::string &B) {
  Body R{test::parse(std::string(Header) + ".visible .entry k()\n{\n" + B +
                     "\n}\n"),
         {}};
  for (const Stmt *S : R.P.M->items())
    if (const auto *F = dyn_cast<FunctionStmt>(S))
      if (F->Body)
        R.Stmts = F->Body->Body;
  return R;
}
const InstructionStmt *firstInstr(const Body &B) {
  for (const Stmt *S : B.Stmts)
    if (const auto *I = dyn_cast<InstructionStmt>(S))
      return I;
  return nullptr;
}
const Expr *immOf(const Operand *O) {
  const auto *I = dyn_cast<ImmOperand>(O);
  return I ? I->Value : nullptr;
}

TEST(ParserTest, ModuleDirectives) {
  test::Parsed P = test::parse(".version 6.10\n.target sm_80, debug\n"
                               ".address_size 64\n.file 1 \"a.cu\", 12, 34\n");
  ASSERT_TRUE(P.errors().empty());
  const VersionStmt *V = P.M->version();
  ASSERT_TRUE(V);
  EXPECT_EQ(V->Major, 6u);
  EXPECT_EQ(V->Minor, 10u); // two integers: 6.10 is newer than 6.5
  ASSERT_TRUE(P.M->target());
  ASSERT_EQ(P.M->target()->Targets.size(), 2u);
  EXPECT_EQ(P.M->target()->Targets[1].Name, "debug");
  EXPECT_EQ(evaluateInt(*P.M->addressSize()->Size).getValue(), 64u);
  const auto *F = cast<FileStmt>(P.M->items()[3]);
  EXPECT_EQ(F->FileName, "a.cu");
  EXPECT_TRUE(F->HasTimestamp);
  EXPECT_EQ(F->Size, 34u);
}

TEST(ParserTest, IntegerLiterals) {
  Body B = body("mov.u64 %rd1, 0x1F; mov.u64 %rd1, 017; mov.u64 %rd1, 0b101;"
                "mov.u64 %rd1, 42U; mov.u64 %rd1, 0xFFFFFFFFFFFFFFFFF;");
  ASSERT_TRUE(B.P.errors().empty());
  uint64_t Want[] = {31, 15, 5, 42, 0xFFFFFFFFFFFFFFFFull};
  IntExpr::Radix Radix[] = {IntExpr::Radix::Hex, IntExpr::Radix::Octal,
                            IntExpr::Radix::Binary, IntExpr::Radix::Decimal,
                            IntExpr::Radix::Hex};
  ASSERT_EQ(B.Stmts.size(), 5u);
  for (size_t I = 0; I < 5; ++I) {
    const auto *E = dyn_cast_or_null<IntExpr>(
        immOf(cast<InstructionStmt>(B.Stmts[I])->Operands[1]));
    ASSERT_TRUE(E) << I;
    EXPECT_EQ(E->Value, Want[I]) << I;
    EXPECT_EQ(E->Rdx, Radix[I]) << I;
    EXPECT_EQ(E->Unsigned, I == 3) << I;
    EXPECT_EQ(E->Overflow, I == 4) << I; // 68 bits: flagged, Sema decides
  }
}

TEST(ParserTest, FloatLiterals) {
  Body B = body("mov.f32 %f1, 0f3F800000; mov.f64 %fd1, 0d3FF8000000000000;"
                "mov.f64 %fd1, 1.5;");
  ASSERT_TRUE(B.P.errors().empty());
  const auto *A =
      cast<FloatExpr>(immOf(cast<InstructionStmt>(B.Stmts[0])->Operands[1]));
  EXPECT_TRUE(A->isF32());
  EXPECT_EQ(A->Bits, 0x3F800000u);
  EXPECT_EQ(A->asDouble(), 1.0);
  const auto *D =
      cast<FloatExpr>(immOf(cast<InstructionStmt>(B.Stmts[1])->Operands[1]));
  EXPECT_EQ(D->Spell, FloatExpr::Spelling::HexF64);
  EXPECT_EQ(D->asDouble(), 1.5);
  const auto *C =
      cast<FloatExpr>(immOf(cast<InstructionStmt>(B.Stmts[2])->Operands[1]));
  EXPECT_EQ(C->Spell, FloatExpr::Spelling::Decimal);
  EXPECT_EQ(C->asDouble(), 1.5);
  EXPECT_EQ(C->text(), "1.5");
}

TEST(ParserTest, InstructionShape) {
  Body B = body("@!%p1 shfl.sync.bfly.b32 %r1|%p2, %r2, 16, 0x1f, -1;");
  ASSERT_TRUE(B.P.errors().empty());
  const InstructionStmt *I = firstInstr(B);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->G.Pred, "%p1");
  EXPECT_TRUE(I->G.Negated);
  EXPECT_EQ(I->Opcode, "shfl");
  ASSERT_EQ(I->Qualifiers.size(), 3u);
  EXPECT_EQ(I->Qualifiers[0].Text, "sync");
  EXPECT_EQ(I->Qualifiers[2].Text, "b32");
  ASSERT_EQ(I->Operands.size(), 5u);
  const auto *Pair = cast<PairOperand>(I->Operands[0]);
  EXPECT_EQ(cast<NameOperand>(Pair->First)->Name, "%r1");
  EXPECT_EQ(cast<NameOperand>(Pair->Second)->Name, "%p2");
  const auto *Neg = cast<UnaryExpr>(immOf(I->Operands[4]));
  EXPECT_EQ(Neg->Op, UnaryOp::Neg);
  EXPECT_EQ(evaluateInt(*Neg).getValue(), ~0ull);
  // Ranges point into the buffer: the whole statement and the opcode.
  EXPECT_EQ(I->text(), "@!%p1 shfl.sync.bfly.b32 %r1|%p2, %r2, 16, 0x1f, -1;");
  EXPECT_EQ(textOf(I->OpcodeRange), "shfl");
}

TEST(ParserTest, OperandForms) {
  Body B = body("tex.2d.v4.f32.f32 {%f1, %f2, _, %f4}, [tex0, {%f5, %f6}];"
                "ld.global.v2.u32 {%r1, %r2}, [%rd1+-4];"
                "mov.u32 %r1, %tid.x;"
                "vote.sync.any.pred %p1, !%p2, 0xffffffff;"
                "call.uni (retval0), f, (param0, param1);"
                "mov.u64 %rd1, sym+8;"
                "st.shared.u32 [0x100], %r1;"
                "shfl.sync.up.b32 _|%p1, %r1, 1, 0, -1;");
  ASSERT_TRUE(B.P.errors().empty()) << B.P.errors()[0];
  auto Ops = [&](size_t I) {
    return cast<InstructionStmt>(B.Stmts[I])->Operands;
  };
  const auto *V = cast<VectorOperand>(Ops(0)[0]);
  ASSERT_EQ(V->Elements.size(), 4u);
  EXPECT_TRUE(isa<SinkOperand>(V->Elements[2]));
  const auto *Tex = cast<AddressOperand>(Ops(0)[1]);
  EXPECT_EQ(cast<NameExpr>(Tex->Base)->Name, "tex0");
  ASSERT_EQ(Tex->Rest.size(), 1u);
  EXPECT_TRUE(isa<VectorOperand>(Tex->Rest[0]));
  auto BO = cast<AddressOperand>(Ops(1)[1])->splitBaseOffset();
  ASSERT_TRUE(BO.hasValue());
  EXPECT_EQ(BO->Name, "%rd1");
  EXPECT_EQ(BO->Offset, -4);
  const auto *Tid = cast<NameOperand>(Ops(2)[1]);
  EXPECT_EQ(Tid->Name, "%tid");
  EXPECT_EQ(Tid->Component, "x");
  const auto *NP = cast<NameOperand>(Ops(3)[1]);
  EXPECT_TRUE(NP->Negated);
  EXPECT_EQ(NP->Name, "%p2");
  EXPECT_TRUE(isa<ListOperand>(Ops(4)[0]));
  EXPECT_EQ(cast<ListOperand>(Ops(4)[2])->Elements.size(), 2u);
  EXPECT_TRUE(isa<NameOperand>(Ops(4)[1]));
  EXPECT_TRUE(isa<BinaryExpr>(immOf(Ops(5)[1])));
  auto Abs = cast<AddressOperand>(Ops(6)[0])->splitBaseOffset();
  ASSERT_TRUE(Abs.hasValue());
  EXPECT_TRUE(Abs->Name.empty());
  EXPECT_EQ(Abs->Offset, 0x100);
  const auto *SP = cast<PairOperand>(Ops(7)[0]);
  EXPECT_TRUE(isa<SinkOperand>(SP->First));
}

TEST(ParserTest, DeclarationsAndInitializers) {
  test::Parsed P = test::parse(
      std::string(Header) +
      ".global .align 4 .b8 buf[2][3] = {{1, 2, 3}, {4, 5, 6}};\n"
      ".global .u64 p = generic(buf);\n"
      ".extern .shared .align 16 .b8 smem[];\n"
      ".visible .func (.param .b32 r) f(.param .u64 .ptr .global .align 16 a,"
      " .param .align 8 .b8 s[16])\n{\n.reg .b32 %r<12>, %q;\n"
      ".reg .v4 .f32 %v;\nret;\n}\n"
      ".extern .func g(.param .b32 x) .noreturn;\n"
      ".entry e() .maxntid 256, 1, 1 .minnctapersm 2\n{\nret;\n}\n");
  ASSERT_TRUE(P.errors().empty()) << P.errors()[0];
  const auto &Items = P.M->items();
  const auto *Buf = cast<VarDeclStmt>(Items[3]);
  EXPECT_EQ(Buf->Space, StateSpace::Global);
  EXPECT_EQ(Buf->Align, 4u);
  EXPECT_EQ(Buf->Type, "b8");
  ASSERT_EQ(Buf->Declarators[0].Dims.size(), 2u);
  const Initializer *Init = Buf->Declarators[0].Init;
  ASSERT_EQ(Init->getKind(), Initializer::Kind::List);
  EXPECT_EQ(Init->Elements[1]->Elements.size(), 3u);
  EXPECT_EQ(cast<VarDeclStmt>(Items[4])->Declarators[0].Init->getKind(),
            Initializer::Kind::Generic);
  const auto *Smem = cast<VarDeclStmt>(Items[5]);
  EXPECT_EQ(Smem->Link, Linkage::Extern);
  EXPECT_EQ(Smem->Declarators[0].Dims[0].Size, nullptr); // unsized []
  const auto *F = cast<FunctionStmt>(Items[6]);
  EXPECT_FALSE(F->IsEntry);
  EXPECT_EQ(F->Link, Linkage::Visible);
  ASSERT_EQ(F->ReturnParams.size(), 1u);
  ASSERT_EQ(F->Params.size(), 2u);
  EXPECT_TRUE(F->Params[0]->IsPtr);
  EXPECT_EQ(F->Params[0]->PtrSpace, "global");
  EXPECT_EQ(F->Params[0]->PtrAlign, 16u);
  EXPECT_EQ(F->Params[1]->Align, 8u);
  const auto *Regs = cast<VarDeclStmt>(F->Body->Body[0]);
  ASSERT_EQ(Regs->Declarators.size(), 2u);
  EXPECT_TRUE(Regs->Declarators[0].HasRangeCount);
  EXPECT_EQ(Regs->Declarators[0].RangeCount, 12u);
  EXPECT_EQ(cast<VarDeclStmt>(F->Body->Body[1])->VectorWidth, 4u);
  const auto *G = cast<FunctionStmt>(Items[7]);
  EXPECT_FALSE(G->isDefinition());
  ASSERT_EQ(G->Directives.size(), 1u);
  EXPECT_EQ(G->Directives[0]->Name, "noreturn");
  const auto *E = cast<FunctionStmt>(Items[8]);
  ASSERT_EQ(E->Directives.size(), 2u);
  EXPECT_EQ(E->Directives[0]->Args.size(), 3u);
}

TEST(ParserTest, BodyStatements) {
  Body B =
      body(".loc 1 22 5, function_name $L__info_string0, inlined_at 1 10 3\n"
           ".pragma \"nounroll\";\n"
           "$L__BB0_1: bra.uni $L__BB0_1;\n"
           "{ .reg .b32 t; mov.u32 t, 1; }\n"
           "p: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
           "ts: .branchtargets $L__BB0_1, $L__BB0_1;\n"
           "add.u32 %r1, %r1, 1; add.u32 %r2, %r2, 2;");
  ASSERT_TRUE(B.P.errors().empty()) << B.P.errors()[0];
  ASSERT_EQ(B.Stmts.size(), 9u);
  const auto *L = cast<LocStmt>(B.Stmts[0]);
  EXPECT_EQ(L->Line, 22u);
  EXPECT_EQ(L->FunctionName, "$L__info_string0");
  EXPECT_TRUE(L->HasInlinedAt);
  EXPECT_EQ(L->InlinedColumn, 3u);
  EXPECT_TRUE(isa<PragmaStmt>(B.Stmts[1]));
  EXPECT_EQ(cast<LabelStmt>(B.Stmts[2])->Name, "$L__BB0_1");
  EXPECT_TRUE(isa<InstructionStmt>(B.Stmts[3]));
  EXPECT_EQ(cast<BlockStmt>(B.Stmts[4])->Body.size(), 2u);
  const auto *CP = cast<CallPrototypeStmt>(B.Stmts[5]);
  EXPECT_EQ(CP->Label, "p");
  EXPECT_EQ(CP->Params.size(), 1u);
  EXPECT_EQ(B.Stmts[6]->getKind(), Stmt::Kind::BranchTargets);
  EXPECT_TRUE(isa<InstructionStmt>(B.Stmts[8])); // two on one line
}

TEST(ParserTest, SectionLines) {
  // PTX ISA 11.5.2: dwarf lines end at the end of the line; `.debug_loc+4`
  // (a section name plus an offset) is one value.
  test::Parsed P =
      test::parse(std::string(Header) +
                  ".section .debug_info\n{\n$L__info: "
                  ".b8 1, 2\n.b32 sym\n.b64 sym+4\n.b32 .debug_loc+4\n}\n");
  ASSERT_TRUE(P.errors().empty()) << P.errors()[0];
  const auto *S = cast<SectionStmt>(P.M->items()[3]);
  EXPECT_EQ(S->Name, ".debug_info");
  ASSERT_EQ(S->Body.size(), 5u);
  EXPECT_EQ(cast<DataDirectiveStmt>(S->Body[1])->Values.size(), 2u);
  EXPECT_EQ(cast<DataDirectiveStmt>(S->Body[3])->Type, "b64");
  const auto *Loc = cast<DataDirectiveStmt>(S->Body[4]);
  ASSERT_EQ(Loc->Values.size(), 1u);
  EXPECT_EQ(Loc->Values[0]->text(), ".debug_loc+4");
}

TEST(ParserTest, SectionLineWithSemicolonIsAnError) {
  // ptxas 13.0: "Parsing error near ';'" (test/Parse/sections-ptxas.test).
  test::Parsed P = test::parse(std::string(Header) +
                               ".section .debug_info\n{\n.b8 1, 2;\n}\n");
  ASSERT_EQ(P.errors().size(), 1u);
  EXPECT_NE(P.errors()[0].find("takes no ';'"), std::string::npos)
      << P.errors()[0];
}

TEST(ParserTest, CorpusParsesWithoutErrors) {
  for (const std::string &F : test::corpusFiles()) {
    test::Parsed P = test::parse(test::readFile(F));
    EXPECT_TRUE(P.errors().empty()) << F << ": " << P.errors()[0];
    EXPECT_FALSE(P.M->functions().empty()) << F;
  }
}

TEST(ParserTest, StreamingFreesItemsAndCountsThem) {
  std::string Text = test::readFile(test::corpusFiles().front());
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "s.ptx"), llvm::SMLoc());
  DiagnosticEngine Diags(&SM);
  unsigned Functions = 0;
  ParseStats St = parseStreaming(
      SM, ID, Diags, [&](const Stmt &S) { Functions += isa<FunctionStmt>(S); });
  EXPECT_FALSE(Diags.hasErrors());
  EXPECT_GT(Functions, 0u);
  EXPECT_EQ(St.Bytes, Text.size());
  EXPECT_GT(St.Tokens, 100u);
  EXPECT_EQ(St.LLFallbacks, 0u); // real PTX never needs the LL stage
  test::Parsed Whole = test::parse(Text);
  EXPECT_EQ(St.Items, Whole.M->items().size());
}

TEST(ParserTest, SlicedBodiesGiveTheSameAST) {
  // Large function bodies are parsed in slices of statements; with tiny
  // slices every corpus function is sliced and the AST must not change.
  ParseOptions Whole, Sliced;
  Whole.SliceTokens = 0;
  Sliced.SliceTokens = 20;
  for (const std::string &F : test::corpusFiles()) {
    std::string Text = test::readFile(F);
    test::Parsed A = test::parse(Text, Whole), B = test::parse(Text, Sliced);
    ASSERT_TRUE(B.errors().empty())
        << F << ": " << (B.errors().empty() ? "" : B.errors()[0]);
    EXPECT_EQ(test::dumpNoLoc(*A.M), test::dumpNoLoc(*B.M)) << F;
    // Ranges too: a sliced function still spans its header through `}`.
    for (size_t I = 0; I < A.M->items().size(); ++I)
      EXPECT_EQ(A.M->items()[I]->text().size(), B.M->items()[I]->text().size())
          << F << " item " << I;
  }
  // Errors inside slices are reported and located; a missing `}` too.
  std::string Broken = std::string(Header) + ".entry k()\n{\n";
  for (int I = 0; I < 30; ++I)
    Broken += I == 17 ? "mov.u32 %r1 %r2;\n" : "add.u32 %r1, %r1, 1;\n";
  test::Parsed E = test::parse(Broken, Sliced);
  ASSERT_EQ(E.errors().size(), 2u);
  EXPECT_EQ(E.errors()[0], "23:13: unexpected '%r2'; expected ';'");
  EXPECT_EQ(E.errors()[1], "36:1: unexpected end of file; expected '}'");
  EXPECT_TRUE(E.M->functions().empty());
  // A body's end of input in a slice reads as its `}`, as in one piece.
  for (const char *Stray : {")", "]", "@"}) {
    std::string T = std::string(Header) + ".entry k()\n{\n";
    for (int I = 0; I < 30; ++I)
      T += I == 23 ? std::string(Stray) + "\n" : "add.u32 %r1, %r1, 1;\n";
    T += "}\n";
    test::Parsed W = test::parse(T, Whole), S = test::parse(T, Sliced);
    ASSERT_FALSE(W.errors().empty()) << Stray;
    EXPECT_EQ(W.errors(), S.errors()) << Stray;
  }
}

TEST(ParserTest, SlicedSectionsGiveTheSameASTAndErrors) {
  // A `.section` body is sliced like a function's (the DWARF of nvcc -G
  // runs to millions of tokens); tiny slices must change nothing, errors
  // included.
  auto Module = [](int Semi, int Bad) {
    std::string T = std::string(Header) + ".section .debug_info\n{\n$L0:\n";
    for (int I = 0; I < 60; ++I) {
      if (I == Semi)
        T += ".b8 7;\n";
      else if (I == Bad)
        T += ".b8 1 2\n";
      else if (I % 4 == 0)
        T += ".b8 " + std::to_string(I) + ",1,2\n";
      else if (I % 4 == 1)
        T += ".b32 .debug_abbrev\n";
      else if (I % 4 == 2)
        T += ".b64 $L0\n";
      else
        T += ".b32 " + std::to_string(I * 1000) + "\n";
    }
    return T + "}\n.visible .entry k()\n{\nret;\n}\n";
  };
  ParseOptions Whole, Sliced;
  Whole.SliceTokens = 0;
  Sliced.SliceTokens = 7;
  test::Parsed A = test::parse(Module(-1, -1), Whole);
  test::Parsed B = test::parse(Module(-1, -1), Sliced);
  ASSERT_TRUE(B.errors().empty()) << B.errors()[0];
  ASSERT_EQ(A.M->items().size(), 5u);
  EXPECT_EQ(cast<SectionStmt>(B.M->items()[3])->Body.size(), 61u);
  EXPECT_EQ(test::dumpNoLoc(*A.M), test::dumpNoLoc(*B.M));
  for (size_t I = 0; I < A.M->items().size(); ++I)
    EXPECT_EQ(A.M->items()[I]->text(), B.M->items()[I]->text()) << I;
  // Errors in a middle slice and in the last give the messages of the
  // section in one piece ("expected '}'", not the slice's end of input),
  // and the section is dropped as when it is one chunk.
  for (auto [Semi, Bad] :
       {std::pair(20, -1), std::pair(-1, 33), std::pair(58, -1)}) {
    test::Parsed C = test::parse(Module(Semi, Bad), Whole);
    test::Parsed D = test::parse(Module(Semi, Bad), Sliced);
    ASSERT_EQ(C.errors().size(), 1u);
    EXPECT_EQ(C.errors(), D.errors()) << Semi << " " << Bad;
    EXPECT_EQ(test::dumpNoLoc(*C.M), test::dumpNoLoc(*D.M));
  }
  EXPECT_EQ(test::parse(Module(-1, 33), Sliced).errors(),
            std::vector<std::string>{"40:7: unexpected '2'; expected '}'"});
  // In one piece a syntax error hides the builder's errors of the same
  // chunk; slices are chunks of their own, so each reports its errors (as
  // a function body's slices do).
  test::Parsed E = test::parse(Module(2, 57), Whole);
  test::Parsed F = test::parse(Module(2, 57), Sliced);
  EXPECT_EQ(E.errors(),
            std::vector<std::string>{"64:7: unexpected '2'; expected '}'"});
  EXPECT_EQ(F.errors(), (std::vector<std::string>{
                            "9:6: a data line inside a .section takes no ';'",
                            "64:7: unexpected '2'; expected '}'"}));
}

TEST(ParserTest, ConcurrentParsesAgree) {
  std::vector<std::string> Files;
  for (const std::string &F : test::corpusFiles())
    if (test::readFile(F).size() < 100000) // keep the test quick
      Files.push_back(F);
  std::vector<std::string> Expected;
  for (const std::string &F : Files)
    Expected.push_back(test::dumpNoLoc(*test::parse(test::readFile(F)).M));
  std::vector<int> Bad(3, 0);
  std::vector<std::thread> Ts;
  for (int T = 0; T < 3; ++T)
    Ts.emplace_back([&, T] {
      for (size_t I = 0; I < Files.size(); ++I) {
        size_t K = (I + T * 7) % Files.size();
        test::Parsed P = test::parse(test::readFile(Files[K]));
        if (test::dumpNoLoc(*P.M) != Expected[K] || !P.errors().empty())
          ++Bad[T];
      }
    });
  for (std::thread &T : Ts)
    T.join();
  for (int T = 0; T < 3; ++T)
    EXPECT_EQ(Bad[T], 0) << "thread " << T;
}

} // namespace
