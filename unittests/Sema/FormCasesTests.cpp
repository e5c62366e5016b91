//===- FormCasesTests.cpp - One accepted and rejected module per form ----===//
//
// Parameterised over the instruction table: for every warp form, a module
// built from the form's own operand slots must check clean, and the same
// module with an operand missing or of the wrong register class must not.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Sema/Checker.h"

#include "gtest/gtest.h"

#include <string>

using namespace ptxwarp;
using namespace ptxwarp::isa;

namespace {

struct FormCase {
  const InstrFamily *Family;
  const InstrForm *Form;
};

std::vector<FormCase> allForms() {
  std::vector<FormCase> V;
  for (const InstrFamily &F : instrFamilies())
    if (!F.General)
      for (const InstrForm &Form : F.Forms)
        V.push_back({&F, &Form});
  return V;
}

std::string mnemonic(const FormCase &C) {
  std::string M = C.Family->Opcode.str();
  if (C.Form->Sync)
    M += ".sync";
  // The required words of the family's other groups (movmatrix's .aligned,
  // .m8n8, .trans): the first word of each.
  for (const QualGroup &G : C.Family->Groups)
    if (G.Required &&
        (G.Kind == QualGroupKind::Flag || G.Kind == QualGroupKind::Shape))
      M += "." + G.Values.split(',').first.str();
  if (!C.Form->Mode.empty())
    M += "." + C.Form->Mode.str();
  if (!C.Form->Type.empty())
    M += "." + C.Form->Type.str();
  else if (C.Form->Op == SemanticOp::Mov)
    M += ".u32";
  return M;
}

/// A register of the slot's class (or, with \p Wrong, of another class).
std::string registerFor(const OperandSlot &S, bool Wrong) {
  switch (S.Class) {
  case SlotClass::Pred:
  case SlotClass::VotePred:
    return Wrong ? "%rd1" : "%p1";
  case SlotClass::Data64:
    return Wrong ? "%r1" : "%rd1";
  case SlotClass::ReduxF32:
    return Wrong ? "%rd1" : "%f1";
  default:
    return Wrong ? "%rd1" : "%r1";
  }
}

/// The module text; \p Variant: 0 accepted, 1 missing operand, 2 wrong type.
std::string moduleFor(const FormCase &C, int Variant) {
  const InstrForm &F = *C.Form;
  bool Legacy = F.Legacy;
  bool F32 = !F.G.OnlyTargets.empty();
  std::string Text = Legacy ? ".version 6.0\n.target sm_60\n"
                            : ".version 9.0\n.target sm_100a\n";
  (void)F32;
  Text += ".address_size 64\n.visible .entry k()\n{\n"
          ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;\n"
          ".reg .f32 %f<4>;\n";
  std::string Ops;
  bool WrongDone = false;
  size_t N = F.Operands.size() - (Variant == 1 ? 1 : 0);
  for (size_t I = 0; I != N; ++I) {
    const OperandSlot &S = F.Operands[I];
    std::string Op;
    bool Wrong = Variant == 2 && !WrongDone && S.Class != SlotClass::InstrType;
    WrongDone |= Wrong;
    if (S.Role == SlotRole::Membermask)
      Op = Wrong ? "%rd1" : "0xffffffff";
    else if (S.Class == SlotClass::InstrType)
      Op = S.Role == SlotRole::Dest ? "%r1"
                                    : (Variant == 2 ? "%rd1" : "%laneid");
    else
      Op = registerFor(S, Wrong);
    if (S.Role == SlotRole::Dest && S.has(SF_PredOutRequired))
      Op += "|%p2";
    Ops += (I ? ", " : " ") + Op;
  }
  Text += "\t" + mnemonic(C) + Ops + ";\n\tret;\n}\n";
  return Text;
}

unsigned errorsIn(const std::string &Text) {
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M = parseBuffer(Text, "case.ptx", Diags);
  EXPECT_TRUE(M);
  EXPECT_EQ(Diags.errorCount(), 0u) << "syntax errors in\n" << Text;
  sema::check(*M, {}, Diags);
  return Diags.errorCount();
}

class FormCases : public ::testing::TestWithParam<FormCase> {};

TEST_P(FormCases, AcceptedAsBuiltFromTheTable) {
  std::string Text = moduleFor(GetParam(), 0);
  EXPECT_EQ(errorsIn(Text), 0u) << Text;
}

TEST_P(FormCases, FindFormResolvesTheRow) {
  std::string Text = moduleFor(GetParam(), 0);
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M = parseBuffer(Text, "case.ptx", Diags);
  ASSERT_TRUE(M);
  const ast::InstructionStmt *Found = nullptr;
  for (const ast::FunctionStmt *F : M->functions())
    for (const ast::Stmt *S : F->Body->Body)
      if (const auto *I = llvm::dyn_cast<ast::InstructionStmt>(S))
        if (I->Opcode != "ret" && !Found)
          Found = I;
  ASSERT_TRUE(Found);
  const InstrForm *Form = sema::findForm(*Found);
  ASSERT_TRUE(Form) << Text;
  EXPECT_EQ(Form->Op, GetParam().Form->Op);
  EXPECT_EQ(Form->Legacy, GetParam().Form->Legacy);
}

TEST_P(FormCases, RejectedWithAnOperandMissing) {
  std::string Text = moduleFor(GetParam(), 1);
  EXPECT_GT(errorsIn(Text), 0u) << Text;
}

TEST_P(FormCases, RejectedWithAWrongRegisterClass) {
  std::string Text = moduleFor(GetParam(), 2);
  EXPECT_GT(errorsIn(Text), 0u) << Text;
}

INSTANTIATE_TEST_SUITE_P(Table, FormCases, ::testing::ValuesIn(allForms()),
                         [](const auto &Info) {
                           std::string N = Info.param.Form->Name.str();
                           for (char &C : N)
                             if (!isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return N + "_" + std::to_string(Info.index);
                         });

} // namespace
