//===- ptx-run.cpp - Run a PTX kernel or snippet in the warp interpreter --===//
//
// ptx-run [options] FILE.ptx|-   (issue #4 item 6)
// parse -> check -> lower -> run, then print the buffers (and --dump'ed
// registers) as tables or JSON. Exit status: 0 ok, 1 the program does not
// pass the checker or cannot be lowered, 2 usage or I/O, 3 runtime error.
//
//===----------------------------------------------------------------------===//

#include "LaunchSpec.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Diagnostics/DiagnosticRender.h"
#include "ptxwarp/IR/Lower.h"
#include "ptxwarp/Interp/Interpreter.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Sema/Checker.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;
using namespace ptxwarp;

namespace {

cl::OptionCategory Cat("ptx-run options");
cl::opt<std::string> Input(cl::Positional, cl::desc("<FILE.ptx | ->"),
                           cl::init(""), cl::cat(Cat));
cl::opt<std::string> Entry("entry",
                           cl::desc("The .entry to run (default: "
                                    "the only one)"),
                           cl::cat(Cat));
cl::opt<std::string> GridOpt("grid", cl::desc("Grid size X[,Y[,Z]]"),
                             cl::cat(Cat));
cl::opt<std::string> BlockOpt("block",
                              cl::desc("Block size X[,Y[,Z]] (default 32)"),
                              cl::cat(Cat));
cl::list<std::string>
    ParamOpts("param",
              cl::desc("NAME=SPEC: u32:7, f32:1.5, u32[64]=zero|iota|1,2,3, "
                       "u8[16]=@file.bin"),
              cl::cat(Cat));
cl::opt<std::string> LaunchFile("launch", cl::desc("Launch file (JSON)"),
                                cl::cat(Cat));
cl::list<std::string> Dumps("dump",
                            cl::desc("Print this buffer or register (repeat)"),
                            cl::cat(Cat));
enum class Format { Text, Json };
cl::opt<Format> Fmt("format", cl::desc("Output format"),
                    cl::values(clEnumValN(Format::Text, "text", "tables"),
                               clEnumValN(Format::Json, "json", "JSON")),
                    cl::init(Format::Text), cl::cat(Cat));
cl::opt<interp::SchedPolicy>
    Sched("sched", cl::desc("Scheduling policy"),
          cl::values(clEnumValN(interp::SchedPolicy::Converged, "converged",
                                "lanes at the same PC run together (default)"),
                     clEnumValN(interp::SchedPolicy::Lockstep, "lockstep",
                                "pre-Volta lockstep"),
                     clEnumValN(interp::SchedPolicy::Random, "random",
                                "seeded random interleavings")),
          cl::init(interp::SchedPolicy::Converged), cl::cat(Cat));
cl::opt<uint64_t> Seed("seed", cl::desc("Seed for --sched=random"), cl::init(1),
                       cl::cat(Cat));
cl::opt<uint64_t> MaxSteps("max-steps",
                           cl::desc("Stop after this many warp instructions"),
                           cl::init(100000000), cl::cat(Cat));
cl::opt<uint64_t> MemLimit("memory-limit",
                           cl::desc("Bytes the launch may allocate"),
                           cl::init(1ull << 30), cl::cat(Cat));
cl::opt<bool> Trace("trace",
                    cl::desc("Print each executed instruction and its lanes"),
                    cl::cat(Cat));
cl::opt<bool> EmitIR("emit-ir", cl::desc("Print the lowered IR and stop"),
                     cl::cat(Cat));
cl::opt<std::string>
    Snippet("e",
            cl::desc("Run these statements in a one-warp kernel with "
                     "registers %r0-%r31, %rd0-%rd31, %f0-%f31, "
                     "%h0-%h15, %p0-%p15"),
            cl::cat(Cat));

/// The one-warp kernel that snippet mode (-e) wraps statements in.
std::string wrapSnippet(StringRef Body) {
  std::string S;
  S += ".version 8.0\n.target sm_90\n.address_size 64\n\n";
  S += ".visible .entry snippet()\n{\n";
  S += "\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<32>;\n\t.reg .f32 %f<32>;\n";
  S += "\t.reg .f64 %fd<16>;\n\t.reg .b16 %h<16>;\n\t.reg .pred %p<16>;\n";
  S += Body.str();
  S += "\n\tret;\n}\n";
  return S;
}

struct Output {
  DiagnosticEngine &Diags;
  const SourceMgr *SM;
  json::Object Buffers;
  std::string Text;
  interp::RunStats Stats;

  int finish(int Code) {
    if (Fmt == Format::Json) {
      json::Object Root;
      Root["status"] = Code == 0 ? "ok" : "error";
      Root["exit_code"] = Code;
      Root["buffers"] = std::move(Buffers);
      json::Array Ds;
      for (const Diagnostic &D : Diags.diagnostics())
        Ds.push_back(toJSON(D));
      Root["diagnostics"] = std::move(Ds);
      json::Object St;
      St["warp_instructions"] = int64_t(Stats.WarpInstructions);
      St["lane_instructions"] = int64_t(Stats.LaneInstructions);
      Root["stats"] = std::move(St);
      outs() << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
    } else {
      for (const Diagnostic &D : Diags.diagnostics())
        renderText(errs(), D, SM, false, "ptx-run");
      outs() << Text;
    }
    return Code;
  }
};

int64_t signExtend(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? int64_t(V) : SignExtend64(V, Bits);
}

uint64_t readElem(const uint8_t *P, ir::Type T) {
  uint64_t V = 0;
  std::memcpy(&V, P, T.bytes());
  return V;
}

std::string hexText(uint64_t V, unsigned Digits) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format_hex(V, Digits + 2);
  return OS.str();
}

/// The value of a float element (f32 widened exactly) from its bits.
double floatValue(ir::Type T, uint64_t V) {
  if (T.Bits == 32) {
    float F;
    uint32_t B = uint32_t(V);
    std::memcpy(&F, &B, 4);
    return F;
  }
  double D;
  std::memcpy(&D, &V, 8);
  return D;
}

/// One element as text: hex for bit types, decimal for integers, %g floats.
std::string elemText(ir::Type T, uint64_t V) {
  if (T.isFloat()) {
    double D = floatValue(T, V);
    return formatv("{0}", D).str();
  }
  if (T.K == ir::Type::B || T.K == ir::Type::Pred)
    return T.K == ir::Type::Pred ? std::to_string(V)
                                 : hexText(V, T.bytes() * 2);
  if (T.isSigned())
    return std::to_string(signExtend(V, T.Bits));
  return std::to_string(V);
}

json::Value elemJSON(ir::Type T, uint64_t V) {
  if (T.isFloat()) {
    double D = floatValue(T, V);
    if (std::isnan(D) || std::isinf(D))
      return nullptr;
    return D;
  }
  if (T.isSigned())
    return signExtend(V, T.Bits);
  return V;
}

void printBuffer(Output &Out, const run::BoundBuffer &B,
                 const interp::Region &R) {
  ir::Type T = B.ElemTy;
  size_t N = R.Data.size() / T.bytes();
  json::Array Data, Bits;
  raw_string_ostream OS(Out.Text);
  if (Fmt == Format::Text)
    OS << B.Name << ": " << T.str() << "[" << N << "]\n";
  for (size_t I = 0; I < N; ++I) {
    uint64_t V = readElem(R.Data.data() + I * T.bytes(), T);
    if (Fmt == Format::Json) {
      Data.push_back(elemJSON(T, V));
      if (T.isFloat())
        Bits.push_back(V);
      continue;
    }
    if (I % 8 == 0)
      OS << format("  [%4zu]", I);
    OS << " " << right_justify(elemText(T, V), T.isFloat() ? 12 : 11);
    if (I % 8 == 7 || I + 1 == N)
      OS << "\n";
  }
  if (Fmt == Format::Json) {
    json::Object O;
    O["type"] = T.str();
    O["data"] = std::move(Data);
    if (T.isFloat())
      O["bits"] = std::move(Bits);
    Out.Buffers[B.Name] = std::move(O);
  }
}

void printRegister(Output &Out, const ir::Function &F, unsigned Reg,
                   const std::vector<uint64_t> &Regs,
                   const std::vector<uint32_t> &Undef, unsigned Threads) {
  ir::Type T = F.Regs[Reg].Ty;
  unsigned NumRegs = unsigned(F.Regs.size());
  json::Array Data;
  raw_string_ostream OS(Out.Text);
  if (Fmt == Format::Text)
    OS << F.Regs[Reg].Name << ": " << T.str() << " per thread\n";
  for (unsigned Tid = 0; Tid < Threads; ++Tid) {
    unsigned W = Tid / 32, Lane = Tid % 32;
    uint64_t V = Regs[(size_t(W) * NumRegs + Reg) * 32 + Lane];
    bool U = (Undef[size_t(W) * NumRegs + Reg] >> Lane) & 1;
    if (Fmt == Format::Json) {
      Data.push_back(U ? json::Value("undefined") : elemJSON(T, V));
      continue;
    }
    if (Tid % 8 == 0)
      OS << format("  [%4u]", Tid);
    OS << " " << right_justify(U ? "undef" : elemText(T, V), 11);
    if (Tid % 8 == 7 || Tid + 1 == Threads)
      OS << "\n";
  }
  if (Fmt == Format::Json) {
    json::Object O;
    O["type"] = T.str();
    O["data"] = std::move(Data);
    Out.Buffers[F.Regs[Reg].Name] = std::move(O);
  }
}

int usage(const Twine &Msg) {
  WithColor::error(errs(), "ptx-run") << Msg << "\n";
  return 2;
}

int runTool() {
  auto SM = std::make_shared<SourceMgr>();
  std::unique_ptr<MemoryBuffer> Buf;
  if (!Snippet.empty()) {
    if (!Input.empty())
      return usage("-e and an input file are mutually exclusive");
    Buf = MemoryBuffer::getMemBufferCopy(wrapSnippet(Snippet), "<snippet>");
  } else {
    if (Input.empty())
      return usage("no input file (FILE.ptx, '-' for stdin, or -e)");
    auto MB = MemoryBuffer::getFileOrSTDIN(Input);
    if (!MB)
      return usage("cannot read '" + Input + "': " + MB.getError().message());
    Buf = std::move(*MB);
  }
  unsigned BufferID = SM->AddNewSourceBuffer(std::move(Buf), SMLoc());
  DiagnosticEngine Diags(SM.get());
  Output Out{Diags, SM.get(), {}, {}, {}};

  run::LaunchSpec Spec;
  if (!LaunchFile.empty()) {
    auto MB = MemoryBuffer::getFile(LaunchFile);
    if (!MB)
      return usage("cannot read '" + LaunchFile +
                   "': " + MB.getError().message());
    if (Error E = run::parseLaunchJSON((*MB)->getBuffer(), Spec, MemLimit))
      return usage(toString(std::move(E)));
  }
  if (!Entry.empty())
    Spec.Entry = Entry;
  if (!GridOpt.empty()) {
    auto D = run::parseDims(GridOpt);
    if (!D)
      return usage("--grid: " + toString(D.takeError()));
    Spec.Grid = *D;
  }
  if (!BlockOpt.empty()) {
    auto D = run::parseDims(BlockOpt);
    if (!D)
      return usage("--block: " + toString(D.takeError()));
    Spec.Block = *D;
  }
  for (const std::string &P : ParamOpts) {
    auto PS = run::parseParamOption(P, MemLimit);
    if (!PS)
      return usage("--param: " + toString(PS.takeError()));
    Spec.Params.push_back(std::move(*PS));
  }

  std::unique_ptr<ast::Module> M = parseModule(SM, BufferID, Diags);
  if (!M || Diags.hasErrors())
    return Out.finish(1);
  if (Snippet.empty()) {
    sema::check(*M, sema::SemaOptions{}, Diags);
    if (Diags.hasErrors())
      return Out.finish(1);
  } else {
    // Snippet mode explores single instructions (`shfl ... %laneid ...`):
    // what the checker rejects is shown as a warning and still run when
    // it can be lowered.
    DiagnosticEngine SnippetDiags(SM.get());
    sema::check(*M, sema::SemaOptions{}, SnippetDiags);
    for (Diagnostic D : SnippetDiags.diagnostics()) {
      if (D.Sev == Severity::Error) {
        D.Sev = Severity::Warning;
        D.Message += " (ignored in snippet mode)";
      }
      Diags.emit(std::move(D));
    }
  }

  if (Spec.Entry.empty() && EmitIR) {
    // --emit-ir without --entry lowers and prints every entry.
    for (const std::string &Name : ir::entryNames(*M))
      if (std::unique_ptr<ir::Function> F = ir::lowerEntry(*M, Name, Diags))
        ir::print(*F, outs());
    return Out.finish(Diags.hasErrors() ? 1 : 0);
  }
  if (Spec.Entry.empty()) {
    std::vector<std::string> Names = ir::entryNames(*M);
    if (Names.size() != 1)
      return usage(Names.empty() ? "the module has no .entry"
                                 : "the module has several .entry "
                                   "functions: choose one with --entry");
    Spec.Entry = Names.front();
  }
  std::unique_ptr<ir::Function> F = ir::lowerEntry(*M, Spec.Entry, Diags);
  if (!F || Diags.hasErrors())
    return Out.finish(1);
  if (EmitIR) {
    ir::print(*F, outs());
    return Out.finish(0);
  }

  interp::Memory Mem;
  interp::Launch L;
  if (Spec.Grid)
    std::copy(Spec.Grid->begin(), Spec.Grid->end(), L.Grid);
  if (Spec.Block)
    std::copy(Spec.Block->begin(), Spec.Block->end(), L.Block);
  L.DynamicSharedBytes = Spec.DynamicSharedBytes;
  // CUDA's limits: 1024 threads per block, 2^31-1 CTAs per grid dimension.
  if (uint64_t(L.Block[0]) * L.Block[1] * L.Block[2] > 1024)
    return usage("a block has at most 1024 threads");
  if (L.Grid[0] > 0x7fffffffu || L.Grid[1] > 65535 || L.Grid[2] > 65535)
    return usage("the grid is larger than CUDA allows");
  if (L.DynamicSharedBytes > MemLimit)
    return usage("dynamic_shared_bytes is larger than the memory limit");
  std::vector<run::BoundBuffer> Buffers;
  if (Error E = run::bindParams(*F, Spec, Mem, L, Buffers))
    return usage(toString(std::move(E)));

  interp::RunOptions Opts;
  Opts.Sched = Sched;
  Opts.Seed = Seed;
  Opts.MaxSteps = MaxSteps;
  Opts.MemoryLimit = MemLimit;
  if (Trace)
    Opts.Trace = Fmt == Format::Json ? &errs() : &outs();
  // Device printf goes where a person reads it; JSON keeps stdout clean.
  Opts.PrintfOut = Fmt == Format::Json ? &errs() : &outs();
  std::vector<uint64_t> Regs;
  std::vector<uint32_t> Undef;
  Opts.FinalRegisters = &Regs;
  Opts.FinalUndefined = &Undef;
  bool Ok = interp::run(*F, L, Mem, Opts, Diags, Out.Stats);

  // Buffers (all, or the --dump'ed ones) and --dump'ed registers.
  unsigned Threads = L.Block[0] * L.Block[1] * L.Block[2];
  for (const run::BoundBuffer &B : Buffers) {
    if (!Dumps.empty() &&
        std::find(Dumps.begin(), Dumps.end(), B.Name) == Dumps.end())
      continue;
    if (const interp::Region *R = Mem.byName(B.Name))
      printBuffer(Out, B, *R);
  }
  for (const std::string &D : Dumps) {
    if (std::any_of(Buffers.begin(), Buffers.end(),
                    [&](const run::BoundBuffer &B) { return B.Name == D; }))
      continue;
    auto It = std::find_if(F->Regs.begin(), F->Regs.end(),
                           [&](const ir::RegInfo &R) { return R.Name == D; });
    if (It == F->Regs.end())
      return usage("--dump: '" + D + "' is neither a buffer nor a register");
    if (!Regs.empty())
      printRegister(Out, *F, unsigned(It - F->Regs.begin()), Regs, Undef,
                    Threads);
  }
  return Out.finish(Ok ? 0 : 3);
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "ptx-run (ptxwarp) 0.1.0\n"; });
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "ptx-run: run a PTX kernel in the warp "
                                   "interpreter\n",
                                   &errs()))
    return 2;
  return runTool();
}
