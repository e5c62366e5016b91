//===- main.cpp - Interpreter throughput: lane-instructions per second ----===//
//
// Runs two hand-written IR kernels (one warp, many loop trips) and a native
// C++ loop doing the same 32-lane work in the same process, and prints
// lane-instructions/s for each and the ratio (the goal: >= 100 M
// lane-instructions/s converged, within 10x of the native loop).
//
//   converged: every lane runs the same ALU-heavy loop body.
//   divergent: odd and even lanes take different paths in every trip.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/IRBuilder.h"
#include "ptxwarp/IR/WarpModes.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

/// Ends each kernel: n -= 1; setp.ne p, n, 0; @p bra Loop; exit.
ir::Function closeLoop(ir::Function F, unsigned N, unsigned P, uint32_t Loop) {
  emit(F, Opcode::Sub, u32(), {R(N), R(N), I(1)});
  auto &Cmp = emit(F, Opcode::Setp, pred(), {R(P), ir::Operand(), R(N), I(0)});
  Cmp.SrcTy = u32();
  Cmp.Sub = uint8_t(ir::CmpOp::Ne);
  auto &Back = emit(F, Opcode::Bra, u32(), {});
  Back.Guard = int32_t(P);
  Back.Target = Loop;
  emit(F, Opcode::Exit, u32(), {});
  ir::computeReconvergence(F);
  return F;
}

/// acc += lane; t = acc ^ lane; t &= 0xff; acc += t; acc = acc * 3 + 1; loop.
ir::Function aluKernel(uint64_t Trips, bool Divergent) {
  ir::Function F;
  F.Name = Divergent ? "divergent" : "converged";
  unsigned Lane = reg(F, "%lane", u32()), Acc = reg(F, "%acc", u32()),
           T = reg(F, "%t", u32()), N = reg(F, "%n", u32()),
           P = reg(F, "%p", pred()), Odd = reg(F, "%odd", pred()),
           Bit = reg(F, "%bit", u32());
  emit(F, Opcode::Mov, u32(), {R(Lane), S(ir::SReg::LaneId)});
  emit(F, Opcode::Mov, u32(), {R(Acc), I(0)});
  emit(F, Opcode::Mov, u32(), {R(N), I(Trips)});
  emit(F, Opcode::And, b32(), {R(Bit), R(Lane), I(1)});
  auto &SetOdd =
      emit(F, Opcode::Setp, pred(), {R(Odd), ir::Operand(), R(Bit), I(0)});
  SetOdd.SrcTy = u32();
  SetOdd.Sub = uint8_t(ir::CmpOp::Ne);
  uint32_t Loop = uint32_t(F.Insts.size());
  emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), R(Lane)});
  uint32_t BraAt = 0;
  if (Divergent) {
    auto &B = emit(F, Opcode::Bra, u32(), {});
    B.Guard = int32_t(Odd);
    BraAt = uint32_t(F.Insts.size() - 1);
  }
  emit(F, Opcode::Xor, b32(), {R(T), R(Acc), R(Lane)});
  emit(F, Opcode::And, b32(), {R(T), R(T), I(0xff)});
  emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), R(T)});
  uint32_t JoinBra = 0;
  if (Divergent) {
    emit(F, Opcode::Bra, u32(), {});
    JoinBra = uint32_t(F.Insts.size() - 1);
    F.Insts[BraAt].Target = uint32_t(F.Insts.size());
    emit(F, Opcode::Or, b32(), {R(T), R(Acc), R(Lane)});
    emit(F, Opcode::Xor, b32(), {R(T), R(T), I(0x5a)});
    emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), R(T)});
    F.Insts[JoinBra].Target = uint32_t(F.Insts.size());
  }
  emit(F, Opcode::Mul, u32(), {R(Acc), R(Acc), I(3)});
  emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), I(1)});
  return closeLoop(std::move(F), N, P, Loop);
}

/// A warp reduction as nvcc emits it, five shfl.sync (one of each mode, idx
/// with a register lane) each followed by an add, then the loop counter: 13
/// instructions a trip, 5 of them shfl.sync.
ir::Function shflKernel(uint64_t Trips) {
  ir::Function F;
  F.Name = "shfl";
  unsigned Lane = reg(F, "%lane", u32()), Acc = reg(F, "%acc", u32()),
           T = reg(F, "%t", u32()), N = reg(F, "%n", u32()),
           P = reg(F, "%p", pred()), Q = reg(F, "%q", pred()),
           Src = reg(F, "%src", u32());
  emit(F, Opcode::Mov, u32(), {R(Lane), S(ir::SReg::LaneId)});
  emit(F, Opcode::Mov, u32(), {R(Acc), R(Lane)});
  emit(F, Opcode::Mov, u32(), {R(N), I(Trips)});
  emit(F, Opcode::Xor, b32(), {R(Src), R(Lane), I(1)});
  uint32_t Loop = uint32_t(F.Insts.size());
  struct {
    ir::ShflMode Mode;
    ir::Operand B;
    uint64_t C;
  } Steps[] = {{ir::ShflMode::Bfly, I(16), 0x1f},
               {ir::ShflMode::Down, I(8), 0x1f},
               {ir::ShflMode::Up, I(4), 0},
               {ir::ShflMode::Idx, R(Src), 0x1f},
               {ir::ShflMode::Bfly, I(1), 0x1f}};
  for (auto &St : Steps) {
    // shfl.sync.MODE.b32 %t|%q, %acc, b, c, 0xffffffff
    auto &Sh = emit(F, Opcode::Shfl, b32(),
                    {R(T), R(Q), R(Acc), St.B, I(St.C), I(0xffffffff)});
    Sh.Sub = uint8_t(St.Mode);
    emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), R(T)});
  }
  return closeLoop(std::move(F), N, P, Loop);
}

/// vote and redux: ballot, any, a redux.add and a redux.max over values
/// that change every trip, with the adds that use them and the loop
/// counter: 12 instructions a trip, 4 of them warp collectives.
ir::Function voteKernel(uint64_t Trips) {
  ir::Function F;
  F.Name = "vote";
  unsigned Lane = reg(F, "%lane", u32()), Acc = reg(F, "%acc", u32()),
           T = reg(F, "%t", u32()), N = reg(F, "%n", u32()),
           P = reg(F, "%p", pred()), Q = reg(F, "%q", pred()),
           Bit = reg(F, "%bit", pred());
  emit(F, Opcode::Mov, u32(), {R(Lane), S(ir::SReg::LaneId)});
  emit(F, Opcode::Mov, u32(), {R(Acc), R(Lane)});
  emit(F, Opcode::Mov, u32(), {R(N), I(Trips)});
  uint32_t Loop = uint32_t(F.Insts.size());
  emit(F, Opcode::And, b32(), {R(T), R(Acc), I(4)});
  auto &Odd =
      emit(F, Opcode::Setp, pred(), {R(Bit), ir::Operand(), R(T), I(0)});
  Odd.SrcTy = u32();
  Odd.Sub = uint8_t(ir::CmpOp::Ne);
  auto &Ballot = emit(F, Opcode::Vote, b32(), {R(T), R(Bit), I(0xffffffff)});
  Ballot.Sub = uint8_t(ir::VoteMode::Ballot);
  emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), R(T)});
  auto &Any = emit(F, Opcode::Vote, pred(), {R(Q), R(Bit), I(0xffffffff)});
  Any.Sub = uint8_t(ir::VoteMode::Any);
  auto &Add = emit(F, Opcode::Redux, u32(), {R(T), R(Acc), I(0xffffffff)});
  Add.Sub = uint8_t(ir::ReduxOp::Add);
  Add.Sub2 = uint8_t(ir::ReduxType::U32);
  emit(F, Opcode::Xor, b32(), {R(Acc), R(Acc), R(T)});
  auto &Max = emit(F, Opcode::Redux, u32(), {R(T), R(Acc), I(0xffffffff)});
  Max.Sub = uint8_t(ir::ReduxOp::Max);
  Max.Sub2 = uint8_t(ir::ReduxType::U32);
  emit(F, Opcode::Add, u32(), {R(Acc), R(Acc), R(T)});
  return closeLoop(std::move(F), N, P, Loop);
}

/// The same work as aluKernel(converged) on plain arrays.
uint32_t nativeLoop(uint64_t Trips) {
  uint32_t Acc[32] = {}, Lane[32];
  for (unsigned L = 0; L < 32; ++L)
    Lane[L] = L;
  for (uint64_t K = 0; K < Trips; ++K)
    for (unsigned L = 0; L < 32; ++L) {
      Acc[L] += Lane[L];
      uint32_t T = (Acc[L] ^ Lane[L]) & 0xff;
      Acc[L] += T;
      Acc[L] = Acc[L] * 3 + 1;
    }
  uint32_t Sum = 0;
  for (unsigned L = 0; L < 32; ++L)
    Sum += Acc[L];
  return Sum;
}

double seconds(std::chrono::steady_clock::time_point A) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - A)
      .count();
}

double runKernel(const ir::Function &F, uint64_t &LaneInsts) {
  interp::Memory Mem;
  interp::Launch L;
  interp::RunOptions Opts;
  Opts.MaxSteps = ~0ull;
  DiagnosticEngine Diags;
  interp::RunStats Stats;
  auto Start = std::chrono::steady_clock::now();
  bool Ok = interp::run(F, L, Mem, Opts, Diags, Stats);
  double T = seconds(Start);
  if (!Ok) {
    llvm::errs() << "interp_throughput: kernel " << F.Name << " failed\n";
    std::exit(1);
  }
  LaneInsts = Stats.LaneInstructions;
  return T;
}

/// Kernel \p Name with \p Trips trips, or an empty function for an unknown
/// name.
ir::Function kernelNamed(llvm::StringRef Name, uint64_t Trips) {
  if (Name == "converged" || Name == "divergent")
    return aluKernel(Trips, Name == "divergent");
  if (Name == "shfl")
    return shflKernel(Trips);
  if (Name == "vote")
    return voteKernel(Trips);
  return ir::Function();
}

} // namespace

int main(int argc, char **argv) {
  uint64_t Trips = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  // A second argument runs only that kernel, for profiling one of them
  // (callgrind: Ir per trip from two trip counts).
  llvm::StringRef Only = argc > 2 ? argv[2] : "";
  if (!Only.empty() && kernelNamed(Only, 1).Insts.empty()) {
    llvm::errs() << "usage: interp_throughput [TRIPS "
                    "[converged|divergent|shfl|vote]]\n";
    return 2;
  }
  uint64_t Conv = 0, Div = 0, Shfl = 0, Vote = 0;
  if (!Only.empty()) {
    uint64_t N = 0;
    double T = runKernel(kernelNamed(Only, Trips), N);
    llvm::outs() << llvm::format("%s: %.1f M lane-instructions/s\n",
                                 Only.str().c_str(), double(N) / T / 1e6);
    return 0;
  }
  double TC = runKernel(aluKernel(Trips, false), Conv);
  double TD = runKernel(aluKernel(Trips, true), Div);
  double TS = runKernel(shflKernel(Trips), Shfl);
  double TV = runKernel(voteKernel(Trips), Vote);
  // The native loop: 7 lane-operations per trip per lane, as in the kernel.
  auto Start = std::chrono::steady_clock::now();
  volatile uint32_t Sink = nativeLoop(Trips * 20);
  (void)Sink;
  double TN = seconds(Start) / 20;
  double NativeRate = double(Trips) * 32 * 7 / TN;
  double ConvRate = double(Conv) / TC, DivRate = double(Div) / TD;
  double ShflRate = double(Shfl) / TS, VoteRate = double(Vote) / TV;
  llvm::outs() << llvm::format(
      "converged: %.1f M lane-instructions/s (%llu in %.3f s)\n",
      ConvRate / 1e6, (unsigned long long)Conv, TC);
  llvm::outs() << llvm::format(
      "divergent: %.1f M lane-instructions/s (%llu in %.3f s)\n", DivRate / 1e6,
      (unsigned long long)Div, TD);
  // The collective loops' cost per lane-instruction over the ALU loop's
  // (issue #11: shfl at most 1.5x).
  llvm::outs() << llvm::format(
      "shfl:      %.1f M lane-instructions/s (%llu in %.3f s); %.2fx the "
      "converged ALU loop's time per lane-instruction\n",
      ShflRate / 1e6, (unsigned long long)Shfl, TS, ConvRate / ShflRate);
  llvm::outs() << llvm::format(
      "vote:      %.1f M lane-instructions/s (%llu in %.3f s); %.2fx the "
      "converged ALU loop's time per lane-instruction\n",
      VoteRate / 1e6, (unsigned long long)Vote, TV, ConvRate / VoteRate);
  llvm::outs() << llvm::format(
      "native:    %.1f M lane-operations/s; converged interpreter is %.1fx "
      "slower\n",
      NativeRate / 1e6, NativeRate / ConvRate);
  return 0;
}
