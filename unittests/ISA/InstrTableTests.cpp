//===- InstrTableTests.cpp - Invariants of the instruction table ---------===//
//
// Properties every row must have, parameterised over the table itself; the
// accepted/rejected PTX per form lives in unittests/Sema.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/SyntaxRows.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace ptxwarp::isa;

namespace {

std::vector<const InstrForm *> warpForms() {
  std::vector<const InstrForm *> Forms;
  for (const InstrFamily &F : instrFamilies())
    if (!F.General)
      for (const InstrForm &Form : F.Forms)
        Forms.push_back(&Form);
  return Forms;
}

class FormTest : public ::testing::TestWithParam<const InstrForm *> {};

TEST_P(FormTest, RowIsConsistent) {
  const InstrForm &F = *GetParam();
  EXPECT_FALSE(F.Name.empty());
  EXPECT_FALSE(F.Syntax.empty());
  // Every family's opcode is a known PTX opcode.
  std::string Opcode = F.Name.split('.').first.str();
  EXPECT_TRUE(isKnownOpcode(llvm::StringRef(Opcode))) << Opcode;
  // .sync forms end in a membermask; legacy forms have none.
  bool HasMask = false;
  for (const OperandSlot &S : F.Operands)
    HasMask |= S.Role == SlotRole::Membermask;
  // .sync forms name their members, except .aligned ones: the whole warp.
  if (F.Contract == WarpContract::AlignedWarp) {
    EXPECT_TRUE(F.Sync) << F.Name.str();
    EXPECT_FALSE(HasMask) << F.Name.str();
  } else if (F.Op != SemanticOp::Mov && F.Op != SemanticOp::ActiveMask) {
    EXPECT_EQ(HasMask, F.Sync) << F.Name.str();
    EXPECT_EQ(F.Contract,
              F.Sync ? WarpContract::Membermask : WarpContract::None)
        << F.Name.str();
  }
  if (HasMask) {
    EXPECT_EQ(F.Operands.back().Role, SlotRole::Membermask);
  }
  // A legacy form has a .sync sibling with one more operand.
  if (F.Legacy) {
    EXPECT_FALSE(F.Sync);
    bool Sibling = false;
    for (const InstrForm *G : warpForms())
      Sibling |= G->Sync && G->Op == F.Op &&
                 G->Operands.size() == F.Operands.size() + 1;
    EXPECT_TRUE(Sibling) << F.Name.str();
  }
  // Gates: the ISA text is never older than what ptxas enforces.
  EXPECT_FALSE(F.G.IsaMinVersion < F.G.MinVersion) << F.Name.str();
}

INSTANTIATE_TEST_SUITE_P(AllWarpForms, FormTest,
                         ::testing::ValuesIn(warpForms()),
                         [](const auto &Info) {
                           std::string N = Info.param->Name.str();
                           for (char &C : N)
                             if (!isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return N + "_" + std::to_string(Info.index);
                         });

TEST(InstrTable, FamiliesFound) {
  EXPECT_EQ(findFamily("bar", "warp")->DiagName, "bar.warp");
  EXPECT_TRUE(findFamily("bar", "sync")->General);
  EXPECT_EQ(findFamily("shfl", "sync")->Forms.size(), 8u);
  EXPECT_TRUE(findFamily("add", "u32")->General);
  EXPECT_EQ(findFamily("SHFL", ""), nullptr);
}

TEST(InstrTable, OpcodesAndRegisters) {
  EXPECT_TRUE(isKnownOpcode("griddepcontrol"));
  EXPECT_TRUE(isKnownOpcode("brx"));
  EXPECT_FALSE(isKnownOpcode("SHFL"));
  EXPECT_FALSE(isKnownOpcode("Vote"));
  ASSERT_TRUE(findSpecialReg("%laneid"));
  EXPECT_EQ(findSpecialReg("%lanemask_ge")->Ty, PtxType::U32);
  EXPECT_TRUE(findSpecialReg("%tid")->HasComponents);
  EXPECT_TRUE(findSpecialReg("%envreg7"));
  EXPECT_FALSE(findSpecialReg("%LANEID"));
  EXPECT_EQ(findSpecialReg("%clock64")->Ty, PtxType::U64);
}

// An opcode looked up once answers every per-opcode question as its
// mnemonic does (the analyses pass OpcodeRefs, the tools pass strings).
TEST(InstrTable, OpcodeRefAnswersAsTheMnemonic) {
  for (llvm::StringRef Name : allOpcodes()) {
    OpcodeRef Op(Name);
    ASSERT_TRUE(Op.known()) << Name.str();
    EXPECT_EQ(Op.name(), Name);
    EXPECT_EQ(allOpcodes()[Op.row()], Name);
  }
  EXPECT_FALSE(OpcodeRef("SHFL").known());
  EXPECT_FALSE(OpcodeRef("").known());
  EXPECT_EQ(controlFlowOf(OpcodeRef("bra")), ControlFlow::Branch);
  EXPECT_EQ(controlFlowOf(OpcodeRef("nosuchop")), ControlFlow::None);
  EXPECT_EQ(memoryOperandOf(OpcodeRef("st")), 0);
  EXPECT_EQ(memoryOperandOf(OpcodeRef("ld")), 1);
  EXPECT_EQ(findExec(OpcodeRef("nosuchop")), nullptr);
  // bar + warp is bar.warp's family, which has no per-opcode row.
  EXPECT_EQ(findFamily(OpcodeRef("bar"), "warp")->DiagName, "bar.warp");
  EXPECT_EQ(syntaxRowsOf(OpcodeRef("add")).size(),
            syntaxRowsOf(llvm::StringRef("add")).size());
}

TEST(InstrTable, TypeCompatibility) {
  EXPECT_TRUE(isTypeCompatible(PtxType::U32, PtxType::S32));
  EXPECT_TRUE(isTypeCompatible(PtxType::U32, PtxType::F16x2));
  EXPECT_TRUE(isTypeCompatible(PtxType::B32, PtxType::F32));
  EXPECT_FALSE(isTypeCompatible(PtxType::U32, PtxType::F32));
  EXPECT_FALSE(isTypeCompatible(PtxType::U32, PtxType::U64));
  EXPECT_FALSE(isTypeCompatible(PtxType::U32, PtxType::Pred));
}

TEST(InstrTable, ListingMentionsEveryForm) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printInstructionTable(OS);
  for (const InstrForm *F : warpForms())
    EXPECT_NE(OS.str().find(F->Name.str()), std::string::npos) << F->Name.str();
}

// Form selection is one rule for the checker and the lowering: every form's
// own canonical spelling selects that form, and words outside the family's
// groups (flags such as .abs) do not change the choice.
TEST(InstrTable, EveryFormIsSelectedByItsOwnSpelling) {
  for (const InstrFamily &Fam : instrFamilies()) {
    if (Fam.General)
      continue;
    for (const InstrForm &Form : Fam.Forms) {
      if (Form.Op == SemanticOp::Mov)
        continue; // "mov.type": one form for every type
      llvm::SmallVector<llvm::StringRef, 8> Words;
      llvm::StringRef(Form.Name).split(Words, '.');
      Words.erase(Words.begin()); // the opcode
      for (llvm::StringRef &W : Words)
        W = W.take_until([](char C) { return C == '{'; }); // "min{" -> "min"
      EXPECT_EQ(selectForm(Fam, formKeyOf(Fam, Words)), &Form)
          << Form.Name.str();
    }
  }
}

TEST(InstrTable, SelectFormByKey) {
  const InstrFamily *Shfl = findFamily("shfl", "sync");
  ASSERT_TRUE(Shfl);
  llvm::StringRef Sync[] = {"sync", "bfly", "b32"};
  FormKey K = formKeyOf(*Shfl, Sync);
  EXPECT_TRUE(K.Sync);
  EXPECT_EQ(K.Mode, "bfly");
  EXPECT_EQ(K.Type, "b32");
  ASSERT_TRUE(selectForm(*Shfl, K));
  EXPECT_EQ(selectForm(*Shfl, K)->Name, "shfl.sync.bfly.b32");
  // Without .sync: the legacy form.
  llvm::StringRef Legacy[] = {"bfly", "b32"};
  ASSERT_TRUE(selectForm(*Shfl, formKeyOf(*Shfl, Legacy)));
  EXPECT_TRUE(selectForm(*Shfl, formKeyOf(*Shfl, Legacy))->Legacy);
  // A mode of another family selects nothing.
  llvm::StringRef Wrong[] = {"sync", "ballot", "b32"};
  EXPECT_EQ(selectForm(*Shfl, formKeyOf(*Shfl, Wrong)), nullptr);
  // redux's flags are not part of the key.
  const InstrFamily *Redux = findFamily("redux", "sync");
  llvm::StringRef F32[] = {"sync", "min", "abs", "NaN", "f32"};
  ASSERT_TRUE(selectForm(*Redux, formKeyOf(*Redux, F32)));
  EXPECT_EQ(selectForm(*Redux, formKeyOf(*Redux, F32))->Op,
            SemanticOp::ReduxFMin);
}

TEST(InstrTable, ConstantFolds) {
  // The opcodes the warp lints' constant propagation follows (PTX ISA
  // 9.7.1, 9.7.8) and some it must not (mul has .hi/.wide forms, cvt
  // changes width, selp reads a predicate).
  EXPECT_EQ(constFoldOf("mov"), ConstFold::Copy);
  EXPECT_EQ(constFoldOf("add"), ConstFold::Add);
  EXPECT_EQ(constFoldOf("sub"), ConstFold::Sub);
  EXPECT_EQ(constFoldOf("and"), ConstFold::And);
  EXPECT_EQ(constFoldOf("or"), ConstFold::Or);
  EXPECT_EQ(constFoldOf("xor"), ConstFold::Xor);
  EXPECT_EQ(constFoldOf("not"), ConstFold::Not);
  EXPECT_EQ(constFoldOf("shl"), ConstFold::Shl);
  EXPECT_EQ(constFoldOf("shr"), ConstFold::Shr);
  for (const char *Op : {"mul", "cvt", "selp", "ld", "addc", "shf", "xyz"})
    EXPECT_EQ(constFoldOf(Op), ConstFold::None) << Op;
}

} // namespace
