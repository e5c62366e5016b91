//===- ptx-lint.cpp - Check PTX files and report problems -----------------===//
//
// A thin driver over the public library (ptxwarp/ptxwarp.h): option
// parsing, then one api::Session::lintFile call per file. Exit status
// 0 when no errors, 1 when any error, 2 on usage or I/O problems. Files are
// parsed one top-level item at a time (streaming) unless the AST is printed
// or dumped whole.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ptxwarp.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <malloc.h>

using namespace llvm;
namespace api = ptxwarp::api;

namespace {
enum class OutputFormat { Text, JSON, SARIF, Markdown };

cl::OptionCategory LintCat("ptx-lint options");
cl::list<std::string> Inputs(cl::Positional, cl::desc("<FILE.ptx | ->"),
                             cl::ZeroOrMore, cl::cat(LintCat));
cl::opt<OutputFormat> Format(
    "format", cl::desc("Diagnostic output format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "file:line:col text"),
               clEnumValN(OutputFormat::JSON, "json", "one JSON document"),
               clEnumValN(OutputFormat::SARIF, "sarif", "SARIF 2.1.0 log"),
               clEnumValN(OutputFormat::Markdown, "markdown",
                          "Markdown (--list-instructions only)")),
    cl::init(OutputFormat::Text), cl::cat(LintCat));
cl::opt<bool> Print("print", cl::desc("Print the parsed module back as PTX"),
                    cl::cat(LintCat));
cl::opt<bool> DumpAST("dump-ast",
                      cl::desc("Dump the AST (as JSON with --format=json)"),
                      cl::cat(LintCat));
cl::opt<std::string>
    Arch("arch",
         cl::desc("Target architecture the module is checked for (sm_XX)"),
         cl::value_desc("sm_XX"), cl::cat(LintCat));
cl::opt<bool> CompileOnly(
    "compile-only",
    cl::desc("Check a module that is linked with others later, like "
             "`ptxas -c`: called .extern functions and .extern variables "
             "need no definition in it (default: a whole program, as ptxas "
             "compiles it)"),
    cl::cat(LintCat));
cl::alias CompileOnlyShort("c", cl::desc("Alias for --compile-only"),
                           cl::aliasopt(CompileOnly), cl::NotHidden,
                           cl::cat(LintCat));

cl::list<std::string>
    WarningFlags("W", cl::Prefix,
                 cl::desc("-Werror, -W<group> (e.g. -Wpedantic), "
                          "-Wno-<group> (e.g. -Wno-membermask)"),
                 cl::value_desc("group"), cl::cat(LintCat));
cl::opt<bool> NoWarnings("w", cl::desc("Suppress all warnings"),
                         cl::cat(LintCat));
cl::opt<unsigned> ErrorLimit(
    "error-limit",
    cl::desc("Stop reporting after this many errors per file (0: no limit)"),
    cl::value_desc("N"), cl::init(20), cl::cat(LintCat));
cl::opt<bool> ListInstructions(
    "list-instructions",
    cl::desc("Print the instruction table (forms, operands, gates)"),
    cl::cat(LintCat));
/// The diagnostics of every file, for --format=json and sarif.
std::vector<api::DiagnosticList> Collected;

/// `--color` is LLVM's own option (WithColor registers it, as a
/// true/false/unset flag); main() maps auto|always|never onto it.
bool useColor() {
  auto &Opts = cl::getRegisteredOptions();
  auto It = Opts.find("color");
  if (It != Opts.end()) {
    auto *O = static_cast<cl::opt<cl::boolOrDefault> *>(It->second);
    if (O->getValue() == cl::BOU_TRUE)
      return true;
    if (O->getValue() == cl::BOU_FALSE)
      return false;
  }
  return sys::Process::StandardErrHasColors();
}

/// Rewrites `--color=auto|always|never` into LLVM's `--color=true|false`.
/// Returns false for an unknown value.
bool mapColorArgs(std::vector<const char *> &Args) {
  std::vector<const char *> Out;
  for (const char *A : Args) {
    StringRef S(A);
    if (!S.consume_front("--color=") && !S.consume_front("-color=")) {
      Out.push_back(A);
      continue;
    }
    if (S == "always" || S == "true")
      Out.push_back("--color=true");
    else if (S == "never" || S == "false")
      Out.push_back("--color=false");
    else if (S != "auto") {
      errs() << "ptx-lint: invalid --color value '" << S
             << "' (expected auto, always or never)\n";
      return false;
    }
  }
  Args = std::move(Out);
  return true;
}

struct FileResult {
  std::string Name;
  bool IOError = false;
  unsigned Errors = 0;
};

/// The JSON objects of every collected diagnostic, in one array.
json::Array collectedJSON() {
  size_t N = 0;
  for (const api::DiagnosticList &D : Collected)
    N += D.size();
  // json::Value's move is not noexcept: a growing array would copy.
  json::Array Out;
  Out.reserve(N);
  for (const api::DiagnosticList &D : Collected)
    for (json::Value &X : D.toJSON())
      Out.push_back(std::move(X));
  return Out;
}

/// Lints one file; text diagnostics are printed, json and sarif ones
/// collected.
FileResult lintFile(const api::Session &Session, StringRef Path,
                    json::Array &JsonASTs) {
  FileResult R;
  R.Name = Path == "-" ? "<stdin>" : Path.str();
  api::LintOptions Opts;
  Opts.Check.Arch = Arch;
  Opts.Check.CompileOnly = CompileOnly;
  Opts.KeepModule = Print || DumpAST;
  Expected<api::LintResult> L = Session.lintFile(Path, Opts);
  if (!L) { // the arch was validated in main(); an internal error
    errs() << "ptx-lint: " << toString(L.takeError()) << "\n";
    R.IOError = true;
    return R;
  }
  R.IOError = !L->Readable;
  if (Format == OutputFormat::SARIF || Format == OutputFormat::JSON)
    Collected.push_back(L->Diagnostics);
  else
    errs() << L->Diagnostics.renderText(useColor(), "ptx-lint");
  if (L->M) {
    if (Print)
      outs() << L->M->print();
    if (DumpAST) {
      if (Format == OutputFormat::JSON)
        JsonASTs.push_back(L->M->astJSON());
      else
        outs() << L->M->dumpAST();
    }
  }
  R.Errors = L->Diagnostics.errorCount();
  return R;
}
/// A usage problem (exit status 2): on stderr and, with --format=json, as
/// the one JSON document on stdout.
int usageError(const Twine &Msg) {
  errs() << "ptx-lint: " << Msg << "\n";
  if (Format == OutputFormat::JSON) {
    json::Object D{{"severity", "error"},  {"id", "usage"},
                   {"message", Msg.str()}, {"file", ""},
                   {"line", nullptr},      {"column", nullptr}};
    json::Object Doc{{"files", json::Array()},
                     {"diagnostics", json::Array{std::move(D)}}};
    outs() << formatv("{0:2}", json::Value(std::move(Doc))) << '\n';
  }
  return 2;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  // The ANTLR parse tree is many small short-lived objects; glibc's fastbins
  // then cost a consolidation pass per parsed chunk (~10-20% of the parse,
  // bench/parse_throughput). Plain bins are cheaper for this pattern.
  mallopt(M_MXFAST, 0);
  cl::HideUnrelatedOptions(LintCat);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "ptx-lint (ptxwarp) 0.1.0\n"; });
  std::vector<const char *> Args(argv, argv + argc);
  if (!mapColorArgs(Args))
    return 2;
  std::string CLErrors;
  raw_string_ostream CLErrs(CLErrors);
  if (!cl::ParseCommandLineOptions(static_cast<int>(Args.size()), Args.data(),
                                   "ptx-lint: check PTX modules\n\n"
                                   "Exit status: 0 no errors, 1 errors found, "
                                   "2 usage or I/O problem.\n",
                                   &CLErrs)) {
    // The options did not parse; --format=json still gets its document.
    for (const char *A : Args)
      if (StringRef(A) == "--format=json" || StringRef(A) == "-format=json")
        Format = OutputFormat::JSON;
    StringRef Msg = StringRef(CLErrs.str()).trim();
    Msg.consume_front("ptx-lint: ");
    return usageError(Msg);
  }

  if (ListInstructions) {
    outs() << api::instructionTable(Format == OutputFormat::Markdown);
    return 0;
  }
  if (Format == OutputFormat::Markdown) {
    errs() << "ptx-lint: --format=markdown applies to --list-instructions "
              "only\n";
    return 2;
  }
  if (Inputs.empty())
    return usageError("no input files (try --help)");
  api::SessionOptions SO;
  SO.WarningFlags = WarningFlags;
  SO.NoWarnings = NoWarnings;
  SO.ErrorLimit = ErrorLimit;
  Expected<api::Session> Session = api::Session::create(SO);
  if (!Session)
    return usageError(toString(Session.takeError()));
  if (!Arch.empty()) {
    if (Error E = api::verifyArch(Arch))
      return usageError(toString(std::move(E)));
  }
  json::Array JsonASTs, Files;
  bool AnyIO = false;
  unsigned Errors = 0;
  for (const std::string &In : Inputs) {
    FileResult R = lintFile(*Session, In, JsonASTs);
    AnyIO |= R.IOError;
    Errors += R.Errors;
    Files.push_back(json::Object{
        {"file", R.Name}, {"errors", R.Errors}, {"readable", !R.IOError}});
  }
  if (Format == OutputFormat::JSON) {
    json::Object Doc{{"files", std::move(Files)},
                     {"diagnostics", collectedJSON()}};
    if (DumpAST)
      Doc["ast"] = std::move(JsonASTs);
    outs() << formatv("{0:2}", json::Value(std::move(Doc))) << '\n';
  }
  if (Format == OutputFormat::SARIF) {
    api::renderSARIF(outs(), Collected, "ptx-lint");
    outs() << '\n';
  }
  if (AnyIO)
    return 2;
  return Errors ? 1 : 0;
}
