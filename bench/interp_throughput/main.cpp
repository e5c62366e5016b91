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
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>

using namespace ptxwarp;
using namespace ptxwarp::irb;
using ir::Opcode;

namespace {

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

} // namespace

int main(int argc, char **argv) {
  uint64_t Trips = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  // A second argument runs only that kernel ("converged" or "divergent"),
  // for profiling one of them.
  llvm::StringRef Only = argc > 2 ? argv[2] : "";
  if (!Only.empty() && Only != "converged" && Only != "divergent") {
    llvm::errs() << "usage: interp_throughput [TRIPS [converged|divergent]]\n";
    return 2;
  }
  uint64_t Conv = 0, Div = 0;
  if (!Only.empty()) {
    uint64_t N = 0;
    double T = runKernel(aluKernel(Trips, Only == "divergent"), N);
    llvm::outs() << llvm::format("%s: %.1f M lane-instructions/s\n",
                                 Only.str().c_str(), double(N) / T / 1e6);
    return 0;
  }
  double TC = runKernel(aluKernel(Trips, false), Conv);
  double TD = runKernel(aluKernel(Trips, true), Div);
  // The native loop: 7 lane-operations per trip per lane, as in the kernel.
  auto Start = std::chrono::steady_clock::now();
  volatile uint32_t Sink = nativeLoop(Trips * 20);
  (void)Sink;
  double TN = seconds(Start) / 20;
  double NativeRate = double(Trips) * 32 * 7 / TN;
  double ConvRate = double(Conv) / TC, DivRate = double(Div) / TD;
  llvm::outs() << llvm::format(
      "converged: %.1f M lane-instructions/s (%llu in %.3f s)\n",
      ConvRate / 1e6, (unsigned long long)Conv, TC);
  llvm::outs() << llvm::format(
      "divergent: %.1f M lane-instructions/s (%llu in %.3f s)\n", DivRate / 1e6,
      (unsigned long long)Div, TD);
  llvm::outs() << llvm::format(
      "native:    %.1f M lane-operations/s; converged interpreter is %.1fx "
      "slower\n",
      NativeRate / 1e6, NativeRate / ConvRate);
  return 0;
}
