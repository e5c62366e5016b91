//===- SyntaxTest.cpp - Walking a module; the instruction table -----------===//

#include "ApiTestUtil.h"

using namespace ptxwarp::api;

namespace {

Module parseReduce() {
  Session S;
  auto M = S.parseFile(std::string(PTXWARP_SOURCE_DIR) +
                       "/examples/warp_reduce.ptx");
  EXPECT_TRUE(static_cast<bool>(M));
  return std::move(*M);
}

TEST(SyntaxTest, FunctionsAndParameters) {
  Module M = parseReduce();
  std::vector<Function> Fs = M.functions();
  ASSERT_EQ(Fs.size(), 1u);
  const Function &F = Fs[0];
  EXPECT_EQ(F.name(), "warp_reduce");
  EXPECT_TRUE(F.isKernel());
  EXPECT_TRUE(F.isDefinition());
  std::vector<Parameter> Ps = F.parameters();
  ASSERT_EQ(Ps.size(), 3u);
  EXPECT_EQ(Ps[0].Name, "in");
  EXPECT_EQ(Ps[0].Type, "u64");
  EXPECT_EQ(Ps[2].Name, "odd");
  EXPECT_EQ(F.location().Line, 12u);
}

TEST(SyntaxTest, InstructionsOperandsAndLocations) {
  Module M = parseReduce();
  Function F = M.functions()[0];
  std::vector<Instruction> Is = F.instructions();
  ASSERT_EQ(Is.size(), 32u);
  unsigned Shfls = 0, Warp = 0;
  for (const Instruction &I : Is) {
    Shfls += I.opcode() == "shfl";
    std::optional<InstructionInfo> Info = I.info();
    Warp += Info && Info->IsWarpInstruction;
  }
  EXPECT_EQ(Shfls, 5u);
  EXPECT_EQ(Warp, 6u); // five shfl + one vote

  // `shfl.sync.bfly.b32 %r3, %r2, 16, 31, -1;` on line 34, after a tab.
  const Instruction &S = Is[10];
  EXPECT_EQ(S.mnemonic(), "shfl.sync.bfly.b32");
  EXPECT_EQ(S.qualifiers(),
            (std::vector<llvm::StringRef>{"sync", "bfly", "b32"}));
  EXPECT_EQ(S.location().Line, 34u);
  EXPECT_EQ(S.location().Column, 2u);
  std::vector<Operand> Ops = S.operands();
  ASSERT_EQ(Ops.size(), 5u);
  EXPECT_EQ(Ops[0].kind(), Operand::Kind::Name);
  EXPECT_EQ(Ops[0].name(), "%r3");
  EXPECT_EQ(Ops[2].kind(), Operand::Kind::Immediate);
  EXPECT_EQ(Ops[2].intValue(), 16);
  EXPECT_EQ(Ops[4].intValue(), -1);
  EXPECT_EQ(Ops[4].text(), "-1");
  EXPECT_GT(Ops[4].location().Column, Ops[3].location().Column);
  auto Info = S.info();
  ASSERT_TRUE(Info.has_value());
  EXPECT_EQ(Info->Form, "shfl.sync.bfly.b32");
  EXPECT_EQ(Info->Family, "shfl");

  // `ld.param.u64 %rd1, [in];`: an address operand naming the parameter.
  EXPECT_EQ(Is[0].mnemonic(), "ld.param.u64");
  ASSERT_EQ(Is[0].operands().size(), 2u);
  Operand Addr = Is[0].operands()[1];
  EXPECT_EQ(Addr.kind(), Operand::Kind::Address);
  EXPECT_EQ(Addr.name(), "in");
  EXPECT_FALSE(Is[0].info().has_value()); // not a warp instruction

  // The guarded branch.
  const Instruction &Bra = Is[29];
  EXPECT_EQ(Bra.opcode(), "bra");
  EXPECT_TRUE(Bra.hasGuard());
  EXPECT_EQ(Bra.guardPredicate(), "%p1");
  EXPECT_FALSE(Bra.isGuardNegated());
}

TEST(SyntaxTest, StatementsKeepLabelsAndDeclarations) {
  Module M = parseReduce();
  std::vector<Statement> Ss = M.functions()[0].statements();
  ASSERT_FALSE(Ss.empty());
  EXPECT_EQ(Ss[0].kind(), Statement::Kind::Declaration);
  EXPECT_EQ(Ss[0].name(), "%p");
  unsigned Labels = 0;
  for (const Statement &S : Ss)
    if (S.kind() == Statement::Kind::Label) {
      ++Labels;
      EXPECT_EQ(S.name(), "$L_done");
      EXPECT_EQ(S.location().Line, 57u);
    }
  EXPECT_EQ(Labels, 1u);
}

TEST(SyntaxTest, NestedBlocksAndVectorOperands) {
  Session S;
  auto M = S.parseBuffer(".version 7.0\n.target sm_80\n.address_size 64\n"
                         ".entry k()\n{\n .reg .b32 %r<4>;\n"
                         " {\n  mov.b64 {%r1, _}, 0;\n }\n ret;\n}\n",
                         "nested.ptx");
  ASSERT_OK(M);
  Function F = M->functions()[0];
  std::vector<Statement> Ss = F.statements();
  ASSERT_EQ(Ss.size(), 3u);
  EXPECT_EQ(Ss[1].kind(), Statement::Kind::Block);
  ASSERT_EQ(Ss[1].children().size(), 1u);
  std::vector<Instruction> Is = F.instructions();
  ASSERT_EQ(Is.size(), 2u);
  Operand V = Is[0].operands()[0];
  EXPECT_EQ(V.kind(), Operand::Kind::Vector);
  ASSERT_EQ(V.elements().size(), 2u);
  EXPECT_EQ(V.elements()[1].kind(), Operand::Kind::Sink);
  EXPECT_EQ(Is[0].location().Line, 8u);
}

TEST(InstructionTableTest, Lookups) {
  EXPECT_TRUE(isKnownOpcode("shfl"));
  EXPECT_TRUE(isKnownOpcode("add"));
  EXPECT_FALSE(isKnownOpcode("SHFL")); // opcodes are case sensitive
  EXPECT_FALSE(isKnownOpcode("frobnicate"));

  EXPECT_TRUE(isWarpInstruction("shfl.sync.bfly.b32"));
  EXPECT_TRUE(isWarpInstruction("vote.sync.ballot.b32"));
  EXPECT_TRUE(isWarpInstruction("bar.warp.sync"));
  EXPECT_FALSE(isWarpInstruction("add.u32"));
  EXPECT_FALSE(isWarpInstruction("mov.u32")); // a table row, not warp-level
  ASSERT_TRUE(lookupInstruction("mov.u32").has_value());
  EXPECT_FALSE(isWarpInstruction("shfl.sync.sideways.b32"));
  EXPECT_FALSE(isWarpInstruction(""));
  EXPECT_FALSE(isWarpInstruction("shfl..b32"));

  auto Redux = lookupInstruction("redux.sync.add.u32");
  ASSERT_TRUE(Redux.has_value());
  EXPECT_EQ(Redux->Family, "redux");
  EXPECT_EQ(Redux->Gates.MinTarget, 80u); // PTX ISA 9.7.13.10: sm_80
  EXPECT_EQ(Redux->Gates.MinPtxVersion, "7.0");
  EXPECT_TRUE(Redux->IsWarpInstruction);

  auto Legacy = lookupInstruction("shfl.bfly.b32");
  ASSERT_TRUE(Legacy.has_value());
  EXPECT_TRUE(Legacy->Gates.Legacy);
  EXPECT_FALSE(lookupInstruction("shfl.sync.bfly.b32")->Gates.Legacy);

  std::vector<InstructionInfo> All = warpInstructionForms();
  EXPECT_GT(All.size(), 20u);
  for (const InstructionInfo &I : All) {
    // Every listed form resolves back to itself (optional flags such as
    // `{.abs}` in "redux.sync.min{.abs}{.NaN}.f32" left out).
    std::string Plain;
    for (size_t P = 0, Depth = 0; P < I.Form.size(); ++P) {
      Depth += I.Form[P] == '{';
      if (!Depth)
        Plain += I.Form[P];
      Depth -= I.Form[P] == '}';
    }
    auto Back = lookupInstruction(Plain);
    ASSERT_TRUE(Back.has_value()) << I.Form;
    EXPECT_EQ(Back->Form, I.Form);
  }
}

} // namespace
