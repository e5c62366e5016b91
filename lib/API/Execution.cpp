//===- Execution.cpp - Launch, Kernel::run
//---------------------------------===//
//
// Binds a Launch built in code to the lowered kernel's parameter block (the
// same rules as ptx-run's --param: buffers get a fresh global allocation and
// the parameter receives its address; scalars are stored little-endian in
// the parameter's width), runs the interpreter with fresh memory and hands
// back the final buffers. Nothing of the run is kept in the Kernel, so one
// Kernel serves any number of runs, concurrently too.
//
//===----------------------------------------------------------------------===//

#include "ModuleData.h"

#include "ptxwarp/API/Execution.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace ptxwarp {
namespace api {

//===----------------------------------------------------------------------===//
// Launch
//===----------------------------------------------------------------------===//

Launch &Launch::grid(unsigned X, unsigned Y, unsigned Z) {
  Grid[0] = X, Grid[1] = Y, Grid[2] = Z;
  return *this;
}

Launch &Launch::block(unsigned X, unsigned Y, unsigned Z) {
  Block[0] = X, Block[1] = Y, Block[2] = Z;
  return *this;
}

Launch &Launch::dynamicShared(uint64_t Bytes) {
  DynamicSharedBytes = Bytes;
  return *this;
}

Launch &Launch::buffer(StringRef Param, std::vector<uint8_t> Bytes) {
  Binding B;
  B.Param = Param.str();
  B.IsBuffer = true;
  B.Bytes = std::move(Bytes);
  Bindings.push_back(std::move(B));
  return *this;
}

Launch &Launch::scalarBits(StringRef Param, uint64_t Bits) {
  Binding B;
  B.Param = Param.str();
  B.Bits = Bits;
  Bindings.push_back(std::move(B));
  return *this;
}

//===----------------------------------------------------------------------===//
// RunResult
//===----------------------------------------------------------------------===//

const std::vector<uint8_t> *RunResult::buffer(StringRef Param) const {
  for (const auto &B : Buffers)
    if (B.first == Param)
      return &B.second;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

Kernel::Kernel(std::shared_ptr<const Impl> I) : I(std::move(I)) {}
Kernel::~Kernel() = default;
Kernel::Kernel(const Kernel &) = default;
Kernel &Kernel::operator=(const Kernel &) = default;

StringRef Kernel::name() const { return I->F->Name; }

std::vector<std::string> Kernel::parameterNames() const {
  std::vector<std::string> Out;
  for (const ir::KernelParam &P : I->F->Params)
    Out.push_back(P.Name);
  return Out;
}

DiagnosticList Kernel::diagnostics() const {
  return makeDiagnosticList(I->Warnings, I->Mod->SM);
}

std::string Kernel::printIR() const {
  std::string S;
  raw_string_ostream OS(S);
  ir::print(*I->F, OS);
  return OS.str();
}

/// Fills \p IL's parameter block from \p L, allocating buffers in \p Mem.
static Error bind(const ir::Function &F, const Launch &L, interp::Memory &Mem,
                  interp::Launch &IL) {
  for (unsigned D = 0; D < 3; ++D) {
    if (L.Grid[D] == 0 || L.Block[D] == 0)
      return makeError("kernel '" + F.Name +
                       "': grid and block dimensions must be at least 1");
    IL.Grid[D] = L.Grid[D];
    IL.Block[D] = L.Block[D];
  }
  IL.DynamicSharedBytes = L.DynamicSharedBytes;
  IL.ParamBlock.assign(F.ParamBytes, 0);

  std::vector<const Launch::Binding *> ForParam(F.Params.size(), nullptr);
  for (const Launch::Binding &B : L.Bindings) {
    auto It = std::find_if(
        F.Params.begin(), F.Params.end(),
        [&](const ir::KernelParam &K) { return K.Name == B.Param; });
    if (It == F.Params.end())
      return makeError("kernel '" + F.Name + "' has no parameter named '" +
                       B.Param + "'");
    const Launch::Binding *&Slot = ForParam[It - F.Params.begin()];
    if (Slot)
      return makeError("parameter '" + B.Param + "' of kernel '" + F.Name +
                       "' is bound twice");
    Slot = &B;
  }
  for (size_t P = 0; P < F.Params.size(); ++P) {
    const ir::KernelParam &K = F.Params[P];
    const Launch::Binding *B = ForParam[P];
    if (!B)
      return makeError("no value for parameter '" + K.Name + "' of kernel '" +
                       F.Name + "'");
    uint64_t Bits = B->Bits;
    if (B->IsBuffer) {
      if (K.Size < 8)
        return makeError("parameter '" + K.Name + "' of kernel '" + F.Name +
                         "' is too narrow to hold a buffer address");
      Bits = Mem.allocate(K.Name, B->Bytes, ir::Type::fromName("b8"));
    }
    for (uint64_t Byte = 0; Byte < K.Size && Byte < 8; ++Byte)
      IL.ParamBlock[K.Offset + Byte] = uint8_t(Bits >> (8 * Byte));
  }
  return Error::success();
}

static interp::SchedPolicy convert(Schedule S) {
  switch (S) {
  case Schedule::Converged:
    return interp::SchedPolicy::Converged;
  case Schedule::Lockstep:
    return interp::SchedPolicy::Lockstep;
  case Schedule::Random:
    return interp::SchedPolicy::Random;
  }
  return interp::SchedPolicy::Converged;
}

Expected<RunResult> Kernel::run(const Launch &L, const RunOptions &Opts) const {
  return guarded<RunResult>([&]() -> Expected<RunResult> {
    const ir::Function &F = *I->F;
    interp::Memory Mem;
    interp::Launch IL;
    if (Error E = bind(F, L, Mem, IL))
      return E;

    interp::RunOptions RO;
    RO.Sched = convert(Opts.Sched);
    RO.Seed = Opts.Seed;
    RO.MaxSteps = Opts.MaxSteps;
    RO.MemoryLimit = Opts.MemoryLimit;
    DiagnosticEngine Diags = I->Mod->makeEngine();
    interp::RunStats Stats;
    RunResult R;
    R.Ok = interp::run(F, IL, Mem, RO, Diags, Stats);
    R.Stats.WarpInstructions = Stats.WarpInstructions;
    R.Stats.LaneInstructions = Stats.LaneInstructions;
    R.Diags = makeDiagnosticList(Diags.diagnostics(), I->Mod->SM);
    for (const Launch::Binding &B : L.Bindings)
      if (B.IsBuffer)
        if (const interp::Region *Reg = Mem.byName(B.Param))
          R.Buffers.emplace_back(B.Param, Reg->Data);
    return R;
  });
}

} // namespace api
} // namespace ptxwarp
