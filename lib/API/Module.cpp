//===- Module.cpp - Session and Module: parse, check, lower ---------------===//
//
// The facade over Parse (parseModule), Sema (check) and IR (lowerEntry).
// Every call gets its own DiagnosticEngine, so a Module shared between
// threads is only ever read.
//
//===----------------------------------------------------------------------===//

#include "ModuleData.h"

#include "ptxwarp/API/Execution.h"
#include "ptxwarp/AST/Printer.h"
#include "ptxwarp/Lower/Lower.h"
#include "ptxwarp/Parse/Parser.h"
#include "ptxwarp/Sema/Checker.h"
#include "ptxwarp/Sema/WarningFlags.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ptxwarp {
namespace api {

//===----------------------------------------------------------------------===//
// ModuleData
//===----------------------------------------------------------------------===//

SourceLocation ModuleData::locate(SMLoc Loc) const {
  SourceLocation Out;
  if (!Loc.isValid())
    return Out;
  unsigned ID = AST->bufferID();
  const MemoryBuffer *B = SM->getMemoryBuffer(ID);
  if (Loc.getPointer() < B->getBufferStart() ||
      Loc.getPointer() > B->getBufferEnd())
    return Out;
  std::pair<unsigned, unsigned> LC = SM->getLineAndColumn(Loc, ID);
  Out.File = B->getBufferIdentifier().str();
  Out.Line = userLine(LC.first, HiddenLines);
  Out.Column = Out.Line ? LC.second : 0;
  return Out;
}

DiagnosticEngine ModuleData::makeEngine() const {
  DiagnosticEngine E(SM.get());
  E.options() = Sess->DiagOpts;
  E.setHiddenLines(HiddenLines);
  return E;
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

Session::Session() : I(std::make_shared<const Impl>()) {}
Session::Session(std::shared_ptr<const Impl> I) : I(std::move(I)) {}
Session::~Session() = default;
Session::Session(const Session &) = default;
Session &Session::operator=(const Session &) = default;

Expected<Session> Session::create(SessionOptions Opts) {
  auto I = std::make_shared<Impl>();
  if (Error E = sema::applyWarningFlags(Opts.WarningFlags, Opts.NoWarnings,
                                        I->DiagOpts))
    return E;
  I->Opts = std::move(Opts);
  I->DiagOpts.ErrorLimit = I->Opts.ErrorLimit;
  return Session(std::move(I));
}

const SessionOptions &Session::options() const { return I->Opts; }

/// The checker's errors about where ptxas accepts an instruction (its PTX
/// version, its target, a removed legacy form), not about what it means:
/// CheckOptions::GatesAsWarnings reports these as warnings.
static bool isGate(DiagID ID) {
  return ID == DiagID::VersionGate || ID == DiagID::TargetGate ||
         ID == DiagID::LegacyRemoved;
}

/// Parses buffer \p ID of \p SM into a Module of session \p S.
static std::shared_ptr<const ModuleData>
parseInto(std::shared_ptr<const Session::Impl> S, std::shared_ptr<SourceMgr> SM,
          unsigned ID, unsigned HiddenLines = 0) {
  auto D = std::make_shared<ModuleData>();
  D->Sess = std::move(S);
  D->SM = std::move(SM);
  D->HiddenLines = HiddenLines;
  DiagnosticEngine Diags = D->makeEngine();
  ParseOptions PO;
  PO.MaxErrors = D->Sess->parseLimit();
  D->AST = parseModule(D->SM, ID, Diags, PO);
  if (!D->AST) // the parser always returns a module; stay safe if not
    D->AST = std::make_unique<ast::Module>(D->SM, ID);
  D->AST->setHiddenLines(HiddenLines);
  D->ParseDiags = Diags.diagnostics();
  // SourceMgr fills its line-offset cache on the first lookup; do that now,
  // while the module is private to this thread, so that later concurrent
  // lookups (locations, diagnostics of check() and run()) only read it.
  const MemoryBuffer *B = D->SM->getMemoryBuffer(ID);
  D->SM->getLineAndColumn(SMLoc::getFromPointer(B->getBufferEnd()), ID);
  return D;
}

Expected<Module> Session::parseBuffer(StringRef Text,
                                      StringRef BufferName) const {
  return parseBuffer(Text, BufferName, 0);
}

Expected<Module> Session::parseBuffer(StringRef Text, StringRef BufferName,
                                      unsigned HiddenLines) const {
  return guarded<Module>([&]() -> Expected<Module> {
    auto SM = std::make_shared<SourceMgr>();
    unsigned ID = SM->AddNewSourceBuffer(
        MemoryBuffer::getMemBufferCopy(Text, BufferName), SMLoc());
    return Module(parseInto(I, std::move(SM), ID, HiddenLines));
  });
}

Error verifyArch(StringRef Arch) {
  Expected<isa::SmTarget> A = sema::parseArch(Arch);
  if (!A)
    return A.takeError();
  return Error::success();
}

Expected<LintResult> Session::lintFile(StringRef Path,
                                       const LintOptions &Opts) const {
  return guarded<LintResult>([&]() -> Expected<LintResult> {
    sema::SemaOptions SO;
    SO.CompileOnly = Opts.Check.CompileOnly;
    if (!Opts.Check.Arch.empty()) {
      Expected<isa::SmTarget> Arch = sema::parseArch(Opts.Check.Arch);
      if (!Arch)
        return Arch.takeError();
      SO.Arch = *Arch;
    }
    LintResult R;
    auto SM = std::make_shared<SourceMgr>();
    DiagnosticEngine Diags(SM.get());
    Diags.options() = I->DiagOpts;
    // Collected here, so that the list takes them without a copy.
    std::vector<ptxwarp::Diagnostic> Out;
    Diags.setKeepDiagnostics(false);
    Diags.setConsumer(
        [&Out](const ptxwarp::Diagnostic &D) { Out.push_back(D); });
    Expected<unsigned> ID = addSourceFile(*SM, Path);
    if (!ID) {
      R.Readable = false;
      ptxwarp::Diagnostic D;
      D.ID = DiagID::IOError;
      D.Message = toString(ID.takeError());
      D.Loc.File = Path == "-" ? "<stdin>" : Path.str();
      Diags.emit(std::move(D));
      R.Diagnostics = makeDiagnosticList(std::move(Out), std::move(SM));
      return R;
    }
    if (Opts.KeepModule) {
      std::shared_ptr<const ModuleData> D = parseInto(I, SM, *ID);
      for (const ptxwarp::Diagnostic &X : D->ParseDiags)
        Diags.emit(X);
      sema::check(*D->AST, SO, Diags);
      R.M = Module(std::move(D));
    } else {
      // One chunk of top-level items at a time: the module is never held
      // whole. Each function's whole-body lints run on a second thread.
      ParseOptions PO;
      PO.MaxErrors = I->parseLimit();
      sema::PipelinedChecker Checker(Diags, SO);
      parseStreamingChunks(
          *SM, *ID, Checker.parserDiagnostics(),
          [&](sema::ItemArenas Arenas, ArrayRef<const ast::Stmt *> Items) {
            return Checker.checkChunk(std::move(Arenas), Items);
          },
          PO);
      Checker.finish();
    }
    R.Diagnostics = makeDiagnosticList(std::move(Out), std::move(SM));
    return R;
  });
}

Expected<Module> Session::parseFile(StringRef Path,
                                    StringRef BufferName) const {
  return guarded<Module>([&]() -> Expected<Module> {
    auto SM = std::make_shared<SourceMgr>();
    Expected<unsigned> ID = addSourceFile(*SM, Path, BufferName);
    if (!ID)
      return ID.takeError();
    return Module(parseInto(I, std::move(SM), *ID));
  });
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

Module::Module(std::shared_ptr<const ModuleData> D) : D(std::move(D)) {}
Module::~Module() = default;
Module::Module(const Module &) = default;
Module &Module::operator=(const Module &) = default;

StringRef Module::name() const { return D->AST->bufferName(); }
StringRef Module::text() const { return D->AST->bufferText(); }

DiagnosticList Module::parseDiagnostics() const {
  return makeDiagnosticList(D->ParseDiags, D->SM);
}

bool Module::parsedCleanly() const {
  return std::none_of(D->ParseDiags.begin(), D->ParseDiags.end(),
                      [](const ptxwarp::Diagnostic &X) {
                        return X.Sev == ptxwarp::Severity::Error;
                      });
}

Expected<DiagnosticList> Module::check(const CheckOptions &Opts) const {
  return guarded<DiagnosticList>([&]() -> Expected<DiagnosticList> {
    sema::SemaOptions SO;
    SO.CompileOnly = Opts.CompileOnly;
    if (!Opts.Arch.empty()) {
      Expected<isa::SmTarget> Arch = sema::parseArch(Opts.Arch);
      if (!Arch)
        return Arch.takeError();
      SO.Arch = *Arch;
    }
    DiagnosticEngine Diags = D->makeEngine();
    sema::check(*D->AST, SO, Diags);
    if (!Opts.GatesAsWarnings)
      return makeDiagnosticList(Diags.diagnostics(), D->SM);
    DiagnosticEngine Demoted = D->makeEngine();
    for (ptxwarp::Diagnostic X : Diags.diagnostics()) {
      if (X.Sev == ptxwarp::Severity::Error && isGate(X.ID)) {
        X.Sev = ptxwarp::Severity::Warning;
        X.Message += Opts.DemotedSuffix;
      }
      Demoted.emit(std::move(X));
    }
    return makeDiagnosticList(Demoted.diagnostics(), D->SM);
  });
}

StringRef Module::ptxVersion() const {
  const ast::VersionStmt *V = D->AST->version();
  return V ? V->VersionText : StringRef();
}

std::vector<StringRef> Module::targets() const {
  std::vector<StringRef> Out;
  if (const ast::TargetStmt *T = D->AST->target())
    for (const ast::TargetStmt::Entry &E : T->Targets)
      Out.push_back(E.Name);
  return Out;
}

std::vector<Function> Module::functions() const {
  std::vector<Function> Out;
  for (const ast::FunctionStmt *F : D->AST->functions())
    Out.emplace_back(F, D.get());
  return Out;
}

std::vector<std::string> Module::kernelNames() const {
  return ir::entryNames(*D->AST);
}

Expected<Kernel> Module::kernel(StringRef Name) const {
  DiagnosticList Diags;
  Expected<Kernel> K = lower(Name, LowerOptions{}, Diags);
  if (!K && !Diags.empty()) {
    std::string Msg = toString(K.takeError());
    return makeError(Msg + ":\n" + Diags.renderText());
  }
  return K;
}

Expected<Kernel> Module::lower(StringRef Name, const LowerOptions &Opts,
                               DiagnosticList &Out) const {
  return guarded<Kernel>([&]() -> Expected<Kernel> {
    // ptx-run's order: the module must parse and check cleanly before it is
    // lowered (the lowering relies on a checked AST).
    DiagnosticEngine Diags = D->makeEngine();
    bool Refused = false;
    if (Opts.Check) {
      for (const ptxwarp::Diagnostic &X : D->ParseDiags)
        Diags.emit(X);
      if (!Diags.hasErrors())
        sema::check(*D->AST, sema::SemaOptions{}, Diags);
      Refused = Diags.hasErrors();
    } else {
      Refused = !parsedCleanly();
    }
    std::unique_ptr<ir::Function> F;
    if (!Refused)
      F = ir::lowerEntry(*D->AST, Name, Diags);
    Out = makeDiagnosticList(Diags.diagnostics(), D->SM);
    if (!F || Diags.hasErrors())
      return makeError("cannot lower kernel '" + Name.str() + "'");
    auto K = std::make_shared<Kernel::Impl>();
    K->Mod = D;
    K->F = std::move(F);
    K->Warnings = Diags.diagnostics();
    return Kernel(std::move(K));
  });
}

std::string Module::print() const {
  std::string S;
  raw_string_ostream OS(S);
  ast::printModule(OS, *D->AST);
  return OS.str();
}

json::Value Module::astJSON() const {
  return ast::moduleToJSON(*D->AST, D->SM.get());
}

std::string Module::dumpAST(bool JSON) const {
  std::string S;
  raw_string_ostream OS(S);
  if (JSON)
    OS << formatv("{0:2}", astJSON());
  else
    ast::dumpModule(OS, *D->AST, ast::DumpOptions{D->SM.get()});
  return OS.str();
}

} // namespace api
} // namespace ptxwarp
