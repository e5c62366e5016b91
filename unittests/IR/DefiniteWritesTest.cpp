//===- DefiniteWritesTest.cpp - Registers a thread may read first ---------===//
//
// ir::registersMaybeReadFirst on small hand-written functions, whose answer
// is read off the code: a register is read first when some path from the
// entry reaches a read of it without an unguarded write.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/DefiniteWrites.h"
#include "ptxwarp/IR/IRBuilder.h"

#include "gtest/gtest.h"

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

TEST(DefiniteWrites, StraightLine) {
  ir::Function F;
  unsigned A = reg(F, "%a", u32()), B = reg(F, "%b", u32()),
           C = reg(F, "%c", u32());
  emit(F, Opcode::Mov, u32(), {R(A), I(1)});
  emit(F, Opcode::Add, u32(), {R(B), R(A), R(C)}); // %c never written
  emit(F, Opcode::Exit, u32(), {});
  llvm::BitVector RF = ir::registersMaybeReadFirst(F);
  EXPECT_FALSE(RF.test(A));
  EXPECT_FALSE(RF.test(B)); // written, never read
  EXPECT_TRUE(RF.test(C));
}

TEST(DefiniteWrites, ReadOfItselfBeforeWrite) {
  ir::Function F;
  unsigned A = reg(F, "%a", u32());
  emit(F, Opcode::Add, u32(), {R(A), R(A), I(1)}); // reads %a, then writes it
  emit(F, Opcode::Exit, u32(), {});
  EXPECT_TRUE(ir::registersMaybeReadFirst(F).test(A));
}

TEST(DefiniteWrites, GuardedWriteDoesNotDefine) {
  ir::Function F;
  unsigned P = reg(F, "%p", pred()), A = reg(F, "%a", u32()),
           B = reg(F, "%b", u32());
  emit(F, Opcode::Setp, pred(), {R(P), S(ir::SReg::LaneId), I(3)});
  emit(F, Opcode::Mov, u32(), {R(A), I(7)}).Guard = int32_t(P);
  emit(F, Opcode::Mov, u32(), {R(B), R(A)});
  emit(F, Opcode::Exit, u32(), {});
  llvm::BitVector RF = ir::registersMaybeReadFirst(F);
  EXPECT_FALSE(RF.test(P));
  EXPECT_TRUE(RF.test(A)); // lanes whose guard is false read it unwritten
}

// if (p) a = 1; else a = 2; b = a   -> a written on both paths.
// if (p) c = 1;             d = c   -> c not written on the fall-through path.
TEST(DefiniteWrites, BranchesMeet) {
  ir::Function F;
  unsigned P = reg(F, "%p", pred()), A = reg(F, "%a", u32()),
           B = reg(F, "%b", u32()), C = reg(F, "%c", u32()),
           D = reg(F, "%d", u32());
  emit(F, Opcode::Setp, pred(), {R(P), S(ir::SReg::LaneId), I(3)}); // 0
  ir::Inst &Br = emit(F, Opcode::Bra, u32(), {});                   // 1
  Br.Guard = int32_t(P);
  Br.Target = 5;
  emit(F, Opcode::Mov, u32(), {R(A), I(2)});        // 2
  ir::Inst &Skip = emit(F, Opcode::Bra, u32(), {}); // 3
  Skip.Target = 7;
  emit(F, Opcode::Nop, u32(), {});           // 4 (unreachable)
  emit(F, Opcode::Mov, u32(), {R(A), I(1)}); // 5
  emit(F, Opcode::Mov, u32(), {R(C), I(1)}); // 6
  emit(F, Opcode::Mov, u32(), {R(B), R(A)}); // 7
  emit(F, Opcode::Mov, u32(), {R(D), R(C)}); // 8
  emit(F, Opcode::Exit, u32(), {});          // 9
  llvm::BitVector RF = ir::registersMaybeReadFirst(F);
  EXPECT_FALSE(RF.test(A));
  EXPECT_TRUE(RF.test(C));
  EXPECT_FALSE(RF.test(B));
  EXPECT_FALSE(RF.test(D));
}

// A loop: the body reads %s, which only the body writes (a = s + 1; s = a):
// the first trip reads it unwritten.
TEST(DefiniteWrites, LoopCarried) {
  ir::Function F;
  unsigned P = reg(F, "%p", pred()), A = reg(F, "%a", u32()),
           S_ = reg(F, "%s", u32());
  emit(F, Opcode::Add, u32(), {R(A), R(S_), I(1)});   // 0
  emit(F, Opcode::Mov, u32(), {R(S_), R(A)});         // 1
  emit(F, Opcode::Setp, pred(), {R(P), R(A), I(10)}); // 2
  ir::Inst &Back = emit(F, Opcode::Bra, u32(), {});   // 3
  Back.Guard = int32_t(P);
  Back.Target = 0;
  emit(F, Opcode::Exit, u32(), {});
  llvm::BitVector RF = ir::registersMaybeReadFirst(F);
  EXPECT_TRUE(RF.test(S_));
  EXPECT_FALSE(RF.test(A));
  EXPECT_FALSE(RF.test(P));
}

// An address base register and a store's value are reads; an opcode whose
// destinations the analysis does not know (a table-driven collective)
// writes nothing as far as it is concerned.
TEST(DefiniteWrites, AddressesAndUnknownDestinations) {
  ir::Function F;
  unsigned A = reg(F, "%a", u64()), V = reg(F, "%v", u32()),
           X = reg(F, "%x", u32());
  ir::Operand Addr;
  Addr.K = ir::Operand::Addr;
  Addr.RegNo = int32_t(A);
  Addr.Sp = ir::Space::Global;
  emit(F, Opcode::St, u32(), {Addr, R(V)});
  emit(F, Opcode::Collective, u32(), {R(X), I(0)});
  emit(F, Opcode::Mov, u32(), {R(V), R(X)});
  emit(F, Opcode::Exit, u32(), {});
  llvm::BitVector RF = ir::registersMaybeReadFirst(F);
  EXPECT_TRUE(RF.test(A));
  EXPECT_TRUE(RF.test(V));
  EXPECT_TRUE(RF.test(X));
}

// A function whose sets would take more than MaxSetBits bits gets the
// conservative answer, every register, instead of N x R bits of memory
// (deep inlined recursion made one of 65,536 instructions x 45,000
// registers: 370 MB).
TEST(DefiniteWrites, LargeFunctionIsEveryRegister) {
  ir::Function F;
  const unsigned NumRegs = 4096;
  for (unsigned K = 0; K != NumRegs; ++K)
    reg(F, "%r" + std::to_string(K), u32());
  // Each register written before it is read: the exact answer is none.
  const uint64_t NumInsts = ir::MaxSetBits / NumRegs + 1;
  for (uint64_t K = 0; K + 1 < NumInsts; ++K)
    emit(F, Opcode::Mov, u32(), {R(unsigned(K % NumRegs)), I(1)});
  emit(F, Opcode::Exit, u32(), {});
  ASSERT_GT(uint64_t(F.Insts.size()) * NumRegs, ir::MaxSetBits);
  EXPECT_TRUE(ir::registersMaybeReadFirst(F).all());
  // One instruction fewer fits: the analysis runs and finds none.
  F.Insts.erase(F.Insts.begin());
  ASSERT_LE(uint64_t(F.Insts.size()) * NumRegs, ir::MaxSetBits);
  EXPECT_TRUE(ir::registersMaybeReadFirst(F).none());
}

} // namespace
