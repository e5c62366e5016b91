//===- RegisterIdsTest.cpp - The dense register ids of FunctionCFG -------===//
//
// The function analyses (ConstProp.cpp, Divergence.cpp) key their dataflow
// by these ids: two names must share an id exactly when they are the same
// string, whether the name is short (at most 8 characters, kept as one
// word) or not (hashed).
//
//===----------------------------------------------------------------------===//

#include "FunctionCFG.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Parse/Parser.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace ptxwarp;
using namespace ptxwarp::sema;

namespace {

class Built {
public:
  explicit Built(const std::string &Body) {
    std::string Text = ".version 9.0\n.target sm_80\n.address_size 64\n"
                       ".visible .func f(.param .u32 f_param_0)\n{\n"
                       "\t.reg .pred %p<8>;\n\t.reg .b32 %r<32>;\n"
                       "\t.reg .b32 %r01, %r001, %x, %rx1;\n"
                       "\t.reg .b64 %rd<8>;\n" +
                       Body + "\tret;\n}\n";
    M = parseBuffer(Text, "f.ptx", Diags);
    EXPECT_TRUE(M);
    EXPECT_EQ(Diags.errorCount(), 0u) << Text;
    const ast::FunctionStmt *F = *M->functions().begin();
    EXPECT_TRUE(G.build(*F->Body));
  }
  const RegisterIds &ids() const { return G.Regs; }
  /// The name of operand K of instruction N's only name, by its id.
  std::string nameAt(unsigned N, unsigned K) const {
    llvm::ArrayRef<unsigned> Names = G.Regs.operand(N, K);
    EXPECT_EQ(Names.size(), 1u);
    return Names.empty() ? "" : G.Regs.name(Names.front()).str();
  }

private:
  DiagnosticEngine Diags;
  std::unique_ptr<ast::Module> M;
  FunctionCFG G;
};

TEST(RegisterIds, SameIdExactlyForTheSameName) {
  Built B("\tmov.u32 %r1, 1;\n"                // 0
          "\tmov.u32 %r01, 2;\n"               // 1
          "\tmov.u32 %r001, 3;\n"              // 2
          "\tmov.u32 %r10, %r1;\n"             // 3
          "\tmov.u32 %x, %r01;\n"              // 4
          "\tmov.u32 %rx1, %r10;\n"            // 5
          "\tld.param.u32 %r2, [f_param_0];\n" // 6
          "\tadd.s32 %r1, %r1, %r2;\n");       // 7
  const RegisterIds &R = B.ids();
  // Each name gives back its own text.
  EXPECT_EQ(B.nameAt(0, 0), "%r1");
  EXPECT_EQ(B.nameAt(1, 0), "%r01");
  EXPECT_EQ(B.nameAt(2, 0), "%r001");
  EXPECT_EQ(B.nameAt(3, 0), "%r10");
  EXPECT_EQ(B.nameAt(4, 0), "%x");
  EXPECT_EQ(B.nameAt(5, 0), "%rx1");
  EXPECT_EQ(B.nameAt(6, 1), "f_param_0");
  // Same string, same id; different strings (a leading zero too), others.
  EXPECT_EQ(R.operand(0, 0), R.operand(3, 1));
  EXPECT_EQ(R.operand(0, 0), R.operand(7, 0));
  EXPECT_EQ(R.operand(7, 1), R.operand(7, 0));
  EXPECT_EQ(R.operand(1, 0), R.operand(4, 1));
  EXPECT_EQ(R.operand(3, 0), R.operand(5, 1));
  std::set<unsigned> Distinct;
  for (unsigned N = 0; N != 7; ++N)
    Distinct.insert(R.operand(N, 0).front());
  EXPECT_EQ(Distinct.size(), 7u);
  // find() agrees with the occurrences and knows no other name.
  for (const char *Name :
       {"%r1", "%r01", "%r001", "%r10", "%x", "%rx1", "f_param_0", "%r2"})
    EXPECT_GE(R.find(Name), 0) << Name;
  EXPECT_EQ(R.find("%r1"), int(R.operand(0, 0).front()));
  EXPECT_EQ(R.find("%r01"), int(R.operand(1, 0).front()));
  for (const char *Name : {"%r3", "%r0001", "%r100", "%rd1", "%y", "f_param_1"})
    EXPECT_EQ(R.find(Name), -1) << Name;
  EXPECT_EQ(R.size(), 8u);
}

TEST(RegisterIds, NamesOfEverySizeAndManyMore) {
  // Three new names per instruction (more than the table starts with room
  // for), of 2 to 12 characters, many alike but in one character: the
  // short ones' two overlapping loads (5 to 7 characters) and single bytes
  // (2 and 3) must tell them apart.
  std::vector<std::string> Names;
  std::string Body;
  for (unsigned N = 0; N != 400; ++N) {
    std::string Base = std::string("%") + char('a' + N % 26);
    std::string Digits = std::to_string(N / 26);
    std::string A = Base, B = Base + Digits,
                C = Base + std::string(N % 11, 'x') + Digits;
    Body += "\tadd.s32 " + A + ", " + B + ", " + C + ";\n";
    for (const std::string &X : {A, B, C})
      if (llvm::find(Names, X) == Names.end())
        Names.push_back(X);
  }
  Built Bl(Body);
  const RegisterIds &R = Bl.ids();
  EXPECT_EQ(R.size(), Names.size());
  std::set<int> Ids;
  for (const std::string &X : Names) {
    int Id = R.find(X);
    ASSERT_GE(Id, 0) << X;
    EXPECT_EQ(R.name(unsigned(Id)), X);
    Ids.insert(Id);
  }
  EXPECT_EQ(Ids.size(), Names.size());
  for (const char *X : {"%", "%a00", "%axxxxxxxxxxxxx1", "%zz"})
    EXPECT_EQ(R.find(X), -1) << X;
}

TEST(RegisterIds, GuardsDestinationsAndNestedNames) {
  Built B("\tsetp.eq.u32 %p1, %r1, 0;\n"                     // 0
          "\t@%p1 mov.u32 %r2, %r3;\n"                       // 1
          "\tmul.wide.u32 %rd1, %r2, 4;\n"                   // 2
          "\tld.global.v2.u32 {%r4, %r5}, [%rd1+8];\n"       // 3
          "\tshfl.sync.idx.b32 %r6|%p2, %r4, 0, 31, -1;\n"); // 4
  const RegisterIds &R = B.ids();
  auto Id = [&](const char *Name) { return unsigned(R.find(Name)); };
  EXPECT_TRUE(R.guard(0).empty());
  ASSERT_EQ(R.guard(1).size(), 1u);
  EXPECT_EQ(R.guard(1).front(), Id("%p1"));
  // destinations(): the first operand's names, not an address's.
  EXPECT_EQ(R.dests(1).vec(), std::vector<unsigned>{Id("%r2")});
  EXPECT_EQ(R.dests(3).vec(), (std::vector<unsigned>{Id("%r4"), Id("%r5")}));
  EXPECT_EQ(R.dests(4).vec(), (std::vector<unsigned>{Id("%r6"), Id("%p2")}));
  // An address's base is one of its operand's names.
  EXPECT_EQ(R.operand(3, 1).vec(), std::vector<unsigned>{Id("%rd1")});
  EXPECT_TRUE(R.operand(4, 2).empty());
}

} // namespace
