//===- IRNamesTest.cpp - The ISA's tables name the IR's opcodes and sregs -===//
//
// The execution table and the special-register table of lib/ISA say what the
// interpreter executes by naming IR opcodes and special registers; every name
// must resolve in the IR (ir::opcodeFromName, ir::sregFromName).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/Twine.h"

#include "gtest/gtest.h"

#include <set>

using namespace ptxwarp;

namespace {

// The ISA's execution table is what the lowering dispatches on: every entry
// must name an IR opcode (or be inlined, like call), be a PTX opcode, and be
// found by its mnemonic.
TEST(IRNames, ExecTableNamesIROpcodes) {
  std::vector<const isa::ExecInfo *> T = isa::execTable();
  ASSERT_FALSE(T.empty());
  for (size_t K = 0; K < T.size(); ++K) {
    const isa::ExecInfo &X = *T[K];
    if (K > 0) {
      EXPECT_LT(T[K - 1]->Mnemonic, X.Mnemonic) << "unsorted or duplicate";
    }
    EXPECT_TRUE(isa::isKnownOpcode(X.Mnemonic)) << X.Mnemonic.str();
    EXPECT_EQ(isa::findExec(X.Mnemonic), &X) << X.Mnemonic.str();
    if (!X.runs()) {
      // A refused instruction says why, and only then.
      EXPECT_FALSE(X.NotRun.empty()) << X.Mnemonic.str();
    } else if (!(X.Flags & isa::ExecInfo::Inlined)) {
      EXPECT_TRUE(ir::opcodeFromName(X.IROpcode)) << X.IROpcode.str();
      EXPECT_TRUE(X.NotRun.empty()) << X.Mnemonic.str();
    }
  }
  EXPECT_EQ(isa::findExec("zzz"), nullptr);
}

// The ISA's special-register table says what the interpreter reads: every
// Exec name is an ir::SReg (per component where the register has them), and
// every SReg is read by some PTX special register.
TEST(IRNames, SpecialRegExecNamesAreSRegs) {
  std::set<ir::SReg> Reached;
  for (const isa::SpecialReg &R : isa::allSpecialRegs()) {
    if (R.Exec.empty())
      continue;
    if (!R.HasComponents) {
      std::optional<ir::SReg> S = ir::sregFromName(R.Exec);
      EXPECT_TRUE(S) << R.Name.str();
      if (S)
        Reached.insert(*S);
      continue;
    }
    for (const char *C : {"X", "Y", "Z"}) {
      std::optional<ir::SReg> S = ir::sregFromName((R.Exec + C).str());
      EXPECT_TRUE(S) << R.Name.str() << C;
      if (S)
        Reached.insert(*S);
    }
  }
  size_t NumSRegs = 0;
#define IR_SREG(NAME, SPELLING) ++NumSRegs;
#include "ptxwarp/IR/SpecialRegs.def"
  EXPECT_EQ(Reached.size(), NumSRegs);
  EXPECT_EQ(ir::sregSpelling(ir::SReg::CtaIdY), "%ctaid.y");
  EXPECT_FALSE(ir::sregFromName("Tid"));
}

} // namespace
