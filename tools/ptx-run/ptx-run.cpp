//===- ptx-run.cpp - Run a PTX kernel or snippet in the warp interpreter --===//
//
// ptx-run [options] FILE.ptx|-   (README.md, "ptx-run")
// parse -> check -> lower -> run, then print the buffers (and --dump'ed
// registers) as tables or JSON. A client of the public library
// (ptxwarp/ptxwarp.h) like any other: binding the launch to the kernel is
// Kernel::run's, reading --launch and --param is api::parseLaunchFile's and
// api::addParameterSpec's; this file is the command line and the tables. Exit
// status (ExitHelp below, README.md "ptx-run"): 0 ok, 1 the program does not
// pass the checker or cannot be lowered, 2 usage, I/O or a launch that does
// not fit the kernel, 3 runtime error.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ptxwarp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cmath>
#include <cstring>

using namespace llvm;
namespace api = ptxwarp::api;

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
cl::opt<uint64_t> DynamicShared(
    "dynamic-shared",
    cl::desc("Bytes of dynamic shared memory (extern .shared arrays); "
             "overrides the launch file's dynamic_shared_bytes"),
    cl::value_desc("BYTES"), cl::cat(Cat));
cl::list<std::string> Dumps("dump",
                            cl::desc("Print this buffer or register (repeat)"),
                            cl::cat(Cat));
cl::opt<std::string>
    CtaOpt("cta",
           cl::desc("The CTA whose registers --dump prints (default 0,0,0)"),
           cl::value_desc("X[,Y[,Z]]"), cl::cat(Cat));
enum class Format { Text, Json };
cl::opt<Format> Fmt("format", cl::desc("Output format"),
                    cl::values(clEnumValN(Format::Text, "text", "tables"),
                               clEnumValN(Format::Json, "json", "JSON")),
                    cl::init(Format::Text), cl::cat(Cat));
cl::opt<api::Schedule>
    Sched("sched", cl::desc("Scheduling policy"),
          cl::values(clEnumValN(api::Schedule::Converged, "converged",
                                "lanes at the same PC run together (default)"),
                     clEnumValN(api::Schedule::Lockstep, "lockstep",
                                "pre-Volta lockstep"),
                     clEnumValN(api::Schedule::Random, "random",
                                "seeded random interleavings")),
          cl::init(api::Schedule::Converged), cl::cat(Cat));
cl::opt<uint64_t> Seed("seed", cl::desc("Seed for --sched=random"), cl::init(1),
                       cl::cat(Cat));
cl::opt<uint64_t> MaxSteps("max-steps",
                           cl::desc("Stop after this many warp instructions"),
                           cl::init(100000000), cl::cat(Cat));
cl::opt<unsigned>
    Jobs("jobs",
         cl::desc("Run CTAs on N threads (default 0: one per core); every N "
                  "gives the output of running them in order"),
         cl::value_desc("N"), cl::init(0), cl::cat(Cat));
cl::opt<uint64_t> MemLimit("memory-limit",
                           cl::desc("Bytes the launch may allocate"),
                           cl::init(1ull << 30), cl::cat(Cat));
cl::opt<unsigned>
    ErrorLimit("error-limit",
               cl::desc("Stop reporting after this many errors (0: no limit)"),
               cl::value_desc("N"), cl::init(20), cl::cat(Cat));
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

cl::extrahelp ExitHelp(R"(
EXIT STATUS
  0  the kernel ran to completion without a runtime error
  1  the program does not pass the checker or cannot be lowered
  2  usage or I/O error, or a launch that does not fit the kernel: an unknown
     --entry, a bad --param/--launch, a parameter without a value or with a
     value its .param type cannot hold, CUDA's limits (block x/y <= 1024,
     z <= 64, 1024 threads; grid x <= 2^31-1, y/z <= 65535; shared memory per
     CTA), the kernel's .maxntid/.reqntid, or buffers and dynamic shared
     memory over --memory-limit
  3  runtime error: undefined behaviour, out of bounds, --max-steps, or the
     program's own memory (registers, .local, .shared, module variables)
     crossing --memory-limit
)");

/// The lines of the one-warp kernel that snippet mode (-e) wraps statements
/// in, before the statements (wrapSnippet): diagnostics count the
/// statements' lines from 1.
constexpr unsigned SnippetPrefixLines = 12;

/// The one-warp kernel that snippet mode (-e) wraps statements in.
std::string wrapSnippet(StringRef Body) {
  std::string S;
  S += ".version 8.0\n.target sm_90\n.address_size 64\n\n";
  S += ".visible .entry snippet()\n{\n";
  S += "\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<32>;\n\t.reg .f32 %f<32>;\n";
  // The statements are a block of their own (the '{' ends the last prefix
  // line, so their columns stay theirs): a register they declare shadows
  // the wrapper's, as in any nested PTX block.
  S += "\t.reg .f64 %fd<16>;\n\t.reg .b16 %h<16>;\n\t.reg .pred %p<16>; {\n";
  assert(StringRef(S).count('\n') == SnippetPrefixLines &&
         "the statements start on the line after the prefix");
  S += Body.str();
  S += "\n}\n\tret;\n}\n";
  return S;
}

/// \p V as json::OStream writes it, except that a negative zero keeps its
/// sign as `-0.0`: llvm::json prints it `-0`, which JSON readers take for
/// the integer 0 (Python's json.loads('-0') is 0; '-0.0' is -0.0).
void writeJSON(json::OStream &J, const json::Value &V) {
  if (const json::Object *O = V.getAsObject()) {
    std::vector<const json::Object::value_type *> Sorted;
    for (const auto &KV : *O)
      Sorted.push_back(&KV);
    llvm::sort(Sorted, [](const json::Object::value_type *L,
                          const json::Object::value_type *R) {
      return L->first < R->first;
    });
    J.object([&] {
      for (const json::Object::value_type *KV : Sorted)
        J.attributeBegin(KV->first), writeJSON(J, KV->second), J.attributeEnd();
    });
    return;
  }
  if (const json::Array *A = V.getAsArray()) {
    J.array([&] {
      for (const json::Value &E : *A)
        writeJSON(J, E);
    });
    return;
  }
  if (V.kind() == json::Value::Number) {
    // An integer never converts to a double with the sign bit set.
    double D = *V.getAsNumber();
    if (D == 0 && std::signbit(D)) {
      J.rawValue("-0.0");
      return;
    }
  }
  J.value(V);
}

struct Output {
  /// Every diagnostic list of the run, in the order they were made.
  std::vector<api::DiagnosticList> Diags;
  json::Object Buffers;
  std::string Text;
  /// --emit-ir's listing: on stdout, or the "ir" field in JSON.
  std::string IR;
  /// Errors of the tool itself (usage, I/O, a launch that does not fit):
  /// on stderr, and in JSON after the diagnostics.
  json::Array ToolErrors;
  api::RunStats Stats;

  bool hasErrors() const {
    return std::any_of(
        Diags.begin(), Diags.end(),
        [](const api::DiagnosticList &D) { return D.hasErrors(); });
  }

  int finish(int Code) {
    if (Fmt == Format::Json) {
      json::Object Root;
      Root["status"] = Code == 0 ? "ok" : "error";
      Root["exit_code"] = Code;
      Root["buffers"] = std::move(Buffers);
      json::Array Ds;
      size_t N = 0;
      for (const api::DiagnosticList &L : Diags)
        N += L.size();
      Ds.reserve(N); // json::Value's move is not noexcept
      for (const api::DiagnosticList &L : Diags)
        for (json::Value &D : L.toJSON())
          Ds.push_back(std::move(D));
      for (json::Value &D : ToolErrors)
        Ds.push_back(std::move(D));
      Root["diagnostics"] = std::move(Ds);
      if (!IR.empty())
        Root["ir"] = std::move(IR);
      json::Object St;
      St["warp_instructions"] = int64_t(Stats.WarpInstructions);
      St["lane_instructions"] = int64_t(Stats.LaneInstructions);
      Root["stats"] = std::move(St);
      json::OStream J(outs(), 2);
      writeJSON(J, json::Value(std::move(Root)));
      outs() << "\n";
    } else {
      for (const api::DiagnosticList &L : Diags)
        errs() << L.renderText(false, "ptx-run");
      outs() << IR << Text;
    }
    return Code;
  }
};

/// An element type as the library names it ("u32", "f32", "pred",
/// "f16x2"): what printing a value needs.
struct ElemType {
  char K = 'b'; ///< 'b', 'u', 's', 'f' (f and bf), 'p' (pred)
  unsigned Bits = 8;
  std::string Name;

  static ElemType parse(StringRef Name) {
    ElemType T;
    T.Name = Name.str();
    if (Name == "pred") {
      T.K = 'p';
      T.Bits = 1;
      return T;
    }
    StringRef Rest = Name;
    if (Rest.consume_front("bf"))
      T.K = 'f';
    else if (!Rest.empty()) {
      T.K = Rest.front();
      Rest = Rest.drop_front();
    }
    unsigned Bits = 0;
    if (!Rest.consumeInteger(10, Bits))
      T.Bits = Rest.consume_front("x2") ? Bits * 2 : Bits;
    return T;
  }
  bool isFloat() const { return K == 'f'; }
  bool isSigned() const { return K == 's'; }
  unsigned bytes() const { return Bits == 1 ? 1 : Bits / 8; }
  const std::string &str() const { return Name; }
};

int64_t signExtend(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? int64_t(V) : SignExtend64(V, Bits);
}

uint64_t readElem(const uint8_t *P, const ElemType &T) {
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
double floatValue(const ElemType &T, uint64_t V) {
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

/// The shortest text of \p D that reads back as the same f32 (\p Bits 32)
/// or f64: the fewest significant digits that round-trip, written as %g
/// writes them but in fixed notation for decimal exponents -4 to 15
/// ("0.1", "60", "2.5", "1e-05", "1e+20", "-0", "inf", "nan").
std::string shortestFloatText(double D, unsigned Bits) {
  if (std::isnan(D))
    return "nan";
  if (std::isinf(D))
    return D < 0 ? "-inf" : "inf";
  char Buf[64];
  int P = 1;
  for (; P < 17; ++P) {
    snprintf(Buf, sizeof(Buf), "%.*e", P - 1, D);
    if (Bits == 32 ? std::strtof(Buf, nullptr) == float(D)
                   : std::strtod(Buf, nullptr) == D)
      break;
  }
  snprintf(Buf, sizeof(Buf), "%.*e", P - 1, D);
  int X = std::atoi(std::strchr(Buf, 'e') + 1);
  if (X < -4 || X >= 16) {
    snprintf(Buf, sizeof(Buf), "%.*g", P, D);
    return Buf;
  }
  snprintf(Buf, sizeof(Buf), "%.*f", std::max(0, P - 1 - X), D);
  return Buf;
}

/// One element as text: hex for bit types, decimal for integers, floats as
/// the shortest text that round-trips.
std::string elemText(const ElemType &T, uint64_t V) {
  if (T.isFloat())
    return shortestFloatText(floatValue(T, V), T.Bits);
  if (T.K == 'b' || T.K == 'p')
    return T.K == 'p' ? std::to_string(V) : hexText(V, T.bytes() * 2);
  if (T.isSigned())
    return std::to_string(signExtend(V, T.Bits));
  return std::to_string(V);
}

json::Value elemJSON(const ElemType &T, uint64_t V) {
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

void printBuffer(Output &Out, const std::string &Name,
                 const std::vector<uint8_t> &Bytes, const ElemType &T) {
  size_t N = Bytes.size() / T.bytes();
  json::Array Data, Bits;
  raw_string_ostream OS(Out.Text);
  if (Fmt == Format::Text)
    OS << Name << ": " << T.str() << "[" << N << "]\n";
  for (size_t I = 0; I < N; ++I) {
    uint64_t V = readElem(Bytes.data() + I * T.bytes(), T);
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
    Out.Buffers[Name] = std::move(O);
  }
}

/// \p ShowCta: the grid has more than one CTA (or --cta chose one), so the
/// table says which CTA it shows.
void printRegister(Output &Out, const api::RunResult::RegisterValues &R,
                   bool ShowCta) {
  ElemType T = ElemType::parse(R.Type);
  unsigned Threads = unsigned(R.Values.size());
  json::Array Data;
  raw_string_ostream OS(Out.Text);
  if (Fmt == Format::Text) {
    OS << R.Name << ": " << T.str() << " per thread";
    if (ShowCta)
      OS << " of CTA (" << R.Cta[0] << "," << R.Cta[1] << "," << R.Cta[2]
         << ")";
    OS << "\n";
  }
  for (unsigned Tid = 0; Tid < Threads; ++Tid) {
    uint64_t V = R.Values[Tid];
    bool U = R.Undefined[Tid];
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
    O["cta"] = json::Array{R.Cta[0], R.Cta[1], R.Cta[2]};
    O["data"] = std::move(Data);
    Out.Buffers[R.Name] = std::move(O);
  }
}

/// The run's output so far, for usage() to finish in JSON mode.
Output *Current = nullptr;

/// A tool error (exit status 2). In JSON mode stdout still gets the one
/// JSON document, with the error among the diagnostics.
int usage(const Twine &Msg) {
  WithColor::error(errs(), "ptx-run") << Msg << "\n";
  if (Fmt != Format::Json)
    return 2;
  Output Empty;
  Output &O = Current ? *Current : Empty;
  std::string File = !Snippet.empty() ? "<snippet>"
                     : Input == "-"   ? "<stdin>"
                                      : Input.getValue();
  O.ToolErrors.push_back(json::Object{{"severity", "error"},
                                      {"id", "usage"},
                                      {"message", Msg.str()},
                                      {"file", File},
                                      {"line", nullptr},
                                      {"column", nullptr}});
  return O.finish(2);
}

int runTool() {
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
  Output Out;
  Current = &Out;

  api::Launch Launch;
  std::string EntryName;
  if (!LaunchFile.empty()) {
    auto MB = MemoryBuffer::getFile(LaunchFile);
    if (!MB)
      return usage("cannot read '" + LaunchFile +
                   "': " + MB.getError().message());
    auto L = api::parseLaunchFile((*MB)->getBuffer(), MemLimit, &EntryName);
    if (!L)
      return usage(toString(L.takeError()));
    Launch = std::move(*L);
  }
  if (!Entry.empty())
    EntryName = Entry;
  if (!GridOpt.empty()) {
    auto D = api::parseDimensions(GridOpt);
    if (!D)
      return usage("--grid: " + toString(D.takeError()));
    Launch.grid((*D)[0], (*D)[1], (*D)[2]);
  }
  if (!BlockOpt.empty()) {
    auto D = api::parseDimensions(BlockOpt);
    if (!D)
      return usage("--block: " + toString(D.takeError()));
    Launch.block((*D)[0], (*D)[1], (*D)[2]);
  }
  if (DynamicShared.getNumOccurrences())
    Launch.dynamicShared(DynamicShared);
  for (const std::string &P : ParamOpts)
    if (Error E = api::addParameterSpec(Launch, P, MemLimit))
      return usage("--param: " + toString(std::move(E)));

  api::SessionOptions SO;
  SO.ErrorLimit = ErrorLimit;
  Expected<api::Session> Sess = api::Session::create(SO);
  if (!Sess)
    return usage(toString(Sess.takeError()));
  api::Session &Session = *Sess;
  Expected<api::Module> M =
      Session.parseBuffer(Buf->getBuffer(), Buf->getBufferIdentifier(),
                          Snippet.empty() ? 0 : SnippetPrefixLines);
  if (!M)
    return usage(toString(M.takeError()));
  Buf.reset();
  Out.Diags.push_back(M->parseDiagnostics());
  if (Out.hasErrors())
    return Out.finish(1);
  // Snippet mode explores single instructions (`shfl ... %laneid ...`),
  // also those ptxas rejects for the wrapper's .version/.target or as a
  // removed legacy form: those gate errors are shown as warnings and the
  // statements still run. Any other error stops it, as for a file.
  api::CheckOptions CO;
  CO.GatesAsWarnings = !Snippet.empty();
  CO.DemotedSuffix = " (ignored in snippet mode)";
  Expected<api::DiagnosticList> Checked = M->check(CO);
  if (!Checked)
    return usage(toString(Checked.takeError()));
  Out.Diags.push_back(std::move(*Checked));
  if (Out.hasErrors())
    return Out.finish(1);

  api::LowerOptions LO;
  LO.Check = false; // checked above
  if (EntryName.empty() && EmitIR) {
    // --emit-ir without --entry lowers and prints every entry.
    for (const std::string &Name : M->kernelNames()) {
      api::DiagnosticList D;
      Expected<api::Kernel> K = M->lower(Name, LO, D);
      Out.Diags.push_back(std::move(D));
      if (K)
        Out.IR += K->printIR();
      else
        consumeError(K.takeError());
    }
    return Out.finish(Out.hasErrors() ? 1 : 0);
  }
  if (EntryName.empty()) {
    std::vector<std::string> Names = M->kernelNames();
    if (Names.empty())
      return usage("the module has no .entry");
    if (Names.size() > 1) {
      std::string List;
      for (const std::string &N : Names)
        List += (List.empty() ? "'" : ", '") + N + "'";
      return usage("the module has several .entry functions (" + List +
                   "): choose one with --entry");
    }
    EntryName = Names.front();
  }
  api::DiagnosticList LowerDiags;
  Expected<api::Kernel> K = M->lower(EntryName, LO, LowerDiags);
  Out.Diags.push_back(std::move(LowerDiags));
  if (!K) {
    consumeError(K.takeError());
    // An entry the module does not have is the launch's fault (exit 2);
    // one that cannot be lowered is the program's (exit 1).
    std::vector<std::string> Names = M->kernelNames();
    bool Known =
        std::find(Names.begin(), Names.end(), EntryName) != Names.end();
    return Out.finish(Known ? 1 : 2);
  }
  if (EmitIR) {
    Out.IR += K->printIR();
    return Out.finish(0);
  }

  if (Seed.getNumOccurrences() && Sched != api::Schedule::Random)
    WithColor::warning(errs(), "ptx-run")
        << "--seed applies to --sched=random only; it is ignored\n";
  api::RunOptions Opts;
  Opts.Sched = Sched;
  Opts.Seed = Seed;
  Opts.MaxSteps = MaxSteps;
  Opts.Jobs = Jobs;
  Opts.MemoryLimit = MemLimit;
  if (Trace)
    Opts.Trace = Fmt == Format::Json ? &errs() : &outs();
  // Device printf goes where a person reads it; JSON keeps stdout clean.
  Opts.PrintfOut = Fmt == Format::Json ? &errs() : &outs();
  std::vector<std::string> Registers = K->registerNames();
  for (const std::string &D : Dumps)
    if (std::find(Registers.begin(), Registers.end(), D) != Registers.end())
      Opts.DumpRegisters.push_back(D);
  if (!CtaOpt.empty()) {
    // X[,Y[,Z]]: indices from 0; Kernel::run checks them against the grid.
    SmallVector<StringRef, 3> Parts;
    StringRef(CtaOpt).split(Parts, ',');
    bool Bad = Parts.size() > 3;
    for (size_t D = 0; D < Parts.size() && !Bad; ++D)
      Bad = Parts[D].trim().getAsInteger(10, Opts.DumpCta[D]);
    if (Bad)
      return usage("--cta: expected CTA indices X[,Y[,Z]], got '" + CtaOpt +
                   "'");
    const auto &C = Opts.DumpCta;
    for (unsigned D = 0; D < 3; ++D)
      if (C[D] >= Launch.Grid[D])
        return usage("--cta " + CtaOpt + ": CTA (" + Twine(C[0]) + "," +
                     Twine(C[1]) + "," + Twine(C[2]) +
                     ") is outside the grid " + Twine(Launch.Grid[0]) + "x" +
                     Twine(Launch.Grid[1]) + "x" + Twine(Launch.Grid[2]) +
                     " (its " + StringRef("xyz" + D, 1) + " must be below " +
                     Twine(Launch.Grid[D]) + ")");
  }
  bool ShowCta = !CtaOpt.empty() ||
                 uint64_t(Launch.Grid[0]) * Launch.Grid[1] * Launch.Grid[2] > 1;
  Expected<api::RunResult> R = K->run(Launch, Opts);
  if (!R)
    return usage(toString(R.takeError()));
  Out.Diags.push_back(R->diagnostics());
  Out.Stats = R->stats();

  // Buffers (all, or the --dump'ed ones) and --dump'ed registers.
  for (size_t I = 0; I < R->Buffers.size(); ++I) {
    const std::string &Name = R->Buffers[I].first;
    if (!Dumps.empty() &&
        std::find(Dumps.begin(), Dumps.end(), Name) == Dumps.end())
      continue;
    printBuffer(Out, Name, R->Buffers[I].second,
                ElemType::parse(R->bufferType(Name)));
  }
  for (const std::string &D : Dumps) {
    if (R->buffer(D))
      continue;
    if (std::find(Registers.begin(), Registers.end(), D) == Registers.end())
      return usage("--dump: '" + D + "' is neither a buffer nor a register");
    if (const api::RunResult::RegisterValues *V = R->registerValues(D))
      printRegister(Out, *V, ShowCta);
  }
  return Out.finish(R->succeeded() ? 0 : 3);
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "ptx-run (ptxwarp) 0.1.0\n"; });
  std::string CLErrors;
  raw_string_ostream CLErrs(CLErrors);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "ptx-run: run a PTX kernel in the warp "
                                   "interpreter\n",
                                   &CLErrs)) {
    errs() << CLErrs.str();
    // --format=json was asked for but the options did not parse: the JSON
    // document still comes.
    for (int I = 1; I < argc; ++I)
      if (StringRef(argv[I]) == "--format=json" ||
          StringRef(argv[I]) == "-format=json")
        Fmt = Format::Json;
    if (Fmt != Format::Json)
      return 2;
    Output O;
    O.ToolErrors.push_back(
        json::Object{{"severity", "error"},
                     {"id", "usage"},
                     {"message", StringRef(CLErrs.str()).trim().str()},
                     {"file", ""},
                     {"line", nullptr},
                     {"column", nullptr}});
    return O.finish(2);
  }
  return runTool();
}
