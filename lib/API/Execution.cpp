//===- Execution.cpp - Launch, Kernel::run --------------------------------===//
//
// Binds a Launch to the lowered kernel's parameter block -- the one place
// that does, for launches built in code and for ptx-run's --param and
// launch files alike (LaunchFile.cpp only reads those): buffers get a fresh
// global allocation and the parameter receives its address; scalars are
// stored little-endian in the parameter's width. Then runs the interpreter
// with fresh memory and hands back the final buffers and the registers
// asked for. Nothing of the run is kept in the Kernel, so one Kernel serves
// any number of runs, concurrently too.
//
//===----------------------------------------------------------------------===//

#include "LaunchRules.h"
#include "ModuleData.h"

#include "ptxwarp/API/Execution.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/MathExtras.h"
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
  B.Type = "b8";
  Bindings.push_back(std::move(B));
  return *this;
}

Launch &Launch::typedBuffer(StringRef Param, StringRef ElementType,
                            std::vector<uint8_t> Bytes) {
  buffer(Param, std::move(Bytes));
  Bindings.back().Type = ElementType.str();
  return *this;
}

Launch &Launch::scalarBits(StringRef Param, uint64_t Bits) {
  Binding B;
  B.Param = Param.str();
  B.Bits = Bits;
  Bindings.push_back(std::move(B));
  return *this;
}

Launch &Launch::address(StringRef Param, uint64_t Address) {
  scalarBits(Param, Address);
  Bindings.back().Type = "ptr";
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

StringRef RunResult::bufferType(StringRef Param) const {
  for (size_t I = 0; I < Buffers.size() && I < BufferTypes.size(); ++I)
    if (Buffers[I].first == Param)
      return BufferTypes[I];
  return {};
}

const RunResult::RegisterValues *
RunResult::registerValues(StringRef Name) const {
  for (const RegisterValues &R : Registers)
    if (R.Name == Name)
      return &R;
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

std::vector<std::string> Kernel::registerNames() const {
  std::vector<std::string> Out;
  for (const ir::RegInfo &R : I->F->Regs)
    Out.push_back(R.Name);
  return Out;
}

/// A buffer made for a kernel parameter.
struct BoundBuffer {
  const ir::KernelParam *Param;
  const Launch::Binding *B;
};

/// Fills \p IL's parameter block from \p L, allocating buffers in \p Mem
/// (listed in \p Buffers in parameter order).
static Error bind(const ir::Function &F, const ast::FunctionStmt *Fn,
                  StringRef Target, const Launch &L, const RunOptions &Opts,
                  interp::Memory &Mem, interp::Launch &IL,
                  std::vector<BoundBuffer> &Buffers) {
  if (Error E = checkDimensions(F, L))
    return E;
  for (unsigned D = 0; D < 3; ++D) {
    IL.Grid[D] = L.Grid[D];
    IL.Block[D] = L.Block[D];
  }
  if (Error E = checkSharedMemory(F, L, Target, maxSharedPerBlock(Target)))
    return E;
  if (Error E = checkThreadDirectives(Fn, F, L))
    return E;
  // What the launch itself allocates (its buffers and dynamic shared
  // memory) must fit the memory limit: crossing it is the launch's fault,
  // not the program's (which is a runtime error).
  uint64_t LaunchBytes = L.DynamicSharedBytes;
  for (const Launch::Binding &B : L.Bindings)
    if (B.IsBuffer)
      LaunchBytes = SaturatingAdd<uint64_t>(LaunchBytes, B.Bytes.size());
  if (LaunchBytes > Opts.MemoryLimit)
    return makeError("the launch's buffers and dynamic shared memory need " +
                     Twine(LaunchBytes) +
                     " bytes, more than the memory "
                     "limit of " +
                     Twine(Opts.MemoryLimit));
  IL.DynamicSharedBytes = L.DynamicSharedBytes;
  IL.ParamBlock.assign(F.ParamBytes, 0);

  std::vector<const Launch::Binding *> ForParam(F.Params.size(), nullptr);
  for (size_t Position = 0; Position < L.Bindings.size(); ++Position) {
    const Launch::Binding &B = L.Bindings[Position];
    size_t Index = Position;
    if (!B.Param.empty()) {
      auto It = std::find_if(
          F.Params.begin(), F.Params.end(),
          [&](const ir::KernelParam &K) { return K.Name == B.Param; });
      if (It == F.Params.end())
        return makeError("kernel '" + F.Name + "' has no parameter named '" +
                         B.Param + "'");
      Index = size_t(It - F.Params.begin());
    } else if (Index >= F.Params.size()) {
      return makeError("too many parameters for kernel '" + F.Name +
                       "' (it has " + Twine(F.Params.size()) + ")");
    }
    const Launch::Binding *&Slot = ForParam[Index];
    if (Slot)
      return makeError("parameter '" + F.Params[Index].Name + "' of kernel '" +
                       F.Name + "' is bound twice");
    Slot = &B;
  }
  std::vector<const ir::Inst *> AddressUses = addressUses(F);
  // Every check before the first allocation.
  for (size_t P = 0; P < F.Params.size(); ++P) {
    const ir::KernelParam &K = F.Params[P];
    const Launch::Binding *B = ForParam[P];
    if (!B)
      return makeError("no value for parameter '" + K.Name + "' of kernel '" +
                       F.Name + "'");
    if (Error E = B->IsBuffer ? checkBuffer(F, K)
                              : checkScalar(F, K, *B, AddressUses[P]))
      return E;
  }
  for (size_t P = 0; P < F.Params.size(); ++P) {
    const ir::KernelParam &K = F.Params[P];
    const Launch::Binding *B = ForParam[P];
    uint64_t Bits = B->Bits;
    if (B->IsBuffer) {
      ir::Type Elem = ir::Type::fromName(B->Type);
      if (Elem.K == ir::Type::None)
        Elem = ir::Type::fromName("b8");
      Bits = Mem.allocate(K.Name, B->Bytes, Elem);
      // The launch outlives the run and keeps the buffer's bytes.
      Mem.regions().back().Initial = &B->Bytes;
      Buffers.push_back({&K, B});
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
    std::vector<BoundBuffer> Buffers;
    StringRef Target;
    if (const ast::TargetStmt *T = I->Mod->AST->target())
      if (!T->Targets.empty())
        Target = T->Targets.front().Name;
    const ast::FunctionStmt *Fn = nullptr;
    for (const ast::FunctionStmt *S : I->Mod->AST->functions())
      if (S->Name == F.Name && S->isDefinition())
        Fn = S;
    if (Error E = bind(F, Fn, Target, L, Opts, Mem, IL, Buffers))
      return E;

    interp::RunOptions RO;
    RO.Sched = convert(Opts.Sched);
    RO.Seed = Opts.Seed;
    RO.MaxSteps = Opts.MaxSteps;
    RO.Jobs = Opts.Jobs;
    RO.MemoryLimit = Opts.MemoryLimit;
    RO.Trace = Opts.Trace;
    RO.PrintfOut = Opts.PrintfOut;
    std::vector<uint64_t> Regs;
    std::vector<uint32_t> Undef;
    for (unsigned D = 0; D < 3; ++D)
      if (Opts.DumpCta[D] >= L.Grid[D])
        return makeError(
            "cannot dump the registers of CTA (" + Twine(Opts.DumpCta[0]) +
            "," + Twine(Opts.DumpCta[1]) + "," + Twine(Opts.DumpCta[2]) +
            "): the grid is " + Twine(L.Grid[0]) + "x" + Twine(L.Grid[1]) +
            "x" + Twine(L.Grid[2]) + ", so its " + StringRef(&"xyz"[D], 1) +
            " must be below " + Twine(L.Grid[D]));
    if (!Opts.DumpRegisters.empty()) {
      RO.FinalRegisters = &Regs;
      RO.FinalUndefined = &Undef;
      for (unsigned D = 0; D < 3; ++D)
        RO.FinalRegistersCta[D] = Opts.DumpCta[D];
    }
    DiagnosticEngine Diags = I->Mod->makeEngine();
    interp::RunStats Stats;
    RunResult R;
    R.Ok = interp::run(F, IL, Mem, RO, Diags, Stats);
    R.Stats.WarpInstructions = Stats.WarpInstructions;
    R.Stats.LaneInstructions = Stats.LaneInstructions;
    R.Diags = makeDiagnosticList(Diags.diagnostics(), I->Mod->SM);
    // The launch's memory ends here: its bytes move to the result.
    for (const BoundBuffer &B : Buffers)
      for (interp::Region &Reg : Mem.regions())
        if (Reg.Name == B.Param->Name) {
          R.Buffers.emplace_back(B.Param->Name, std::move(Reg.Data));
          R.BufferTypes.push_back(Reg.ElemTy.str());
          break;
        }
    // Registers of CTA DumpCta: warp w, register r, lane l at
    // [(w * NumRegs + r) * 32 + l] (interp::RunOptions::FinalRegisters).
    size_t NumRegs = F.Regs.size();
    unsigned Threads = L.Block[0] * L.Block[1] * L.Block[2];
    if (!Regs.empty())
      for (const std::string &Name : Opts.DumpRegisters) {
        // A name declared in several blocks: the one declared last (in
        // snippet mode, the statements' own over the wrapper's).
        auto It =
            std::find_if(F.Regs.rbegin(), F.Regs.rend(),
                         [&](const ir::RegInfo &X) { return X.Name == Name; });
        if (It == F.Regs.rend())
          continue;
        size_t Reg = size_t(F.Regs.rend() - It) - 1;
        RunResult::RegisterValues V;
        V.Name = Name;
        V.Type = It->Ty.str();
        V.Cta = Opts.DumpCta;
        for (unsigned Tid = 0; Tid < Threads; ++Tid) {
          size_t W = Tid / 32, Lane = Tid % 32;
          size_t At = (W * NumRegs + Reg) * 32 + Lane;
          V.Values.push_back(At < Regs.size() ? Regs[At] : 0);
          size_t UAt = W * NumRegs + Reg;
          V.Undefined.push_back(UAt < Undef.size() &&
                                ((Undef[UAt] >> Lane) & 1));
        }
        R.Registers.push_back(std::move(V));
      }
    return R;
  });
}

} // namespace api
} // namespace ptxwarp
