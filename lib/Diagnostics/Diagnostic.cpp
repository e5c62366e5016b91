//===- Diagnostic.cpp - Diagnostic kinds, policy and collection -----------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"

#include "llvm/Support/SourceMgr.h"

using namespace ptxwarp;

static const DiagInfo DiagTable[] = {
#define DIAG(ID, NAME, SEVERITY, GROUP, SUMMARY)                               \
  {NAME, Severity::SEVERITY, GROUP, SUMMARY},
#include "ptxwarp/Diagnostics/DiagnosticKinds.def"
};

static_assert(sizeof(DiagTable) / sizeof(DiagTable[0]) ==
                  static_cast<size_t>(DiagID::NumDiagIDs),
              "DiagTable out of sync with DiagID");

const DiagInfo &ptxwarp::getDiagInfo(DiagID ID) {
  return DiagTable[static_cast<size_t>(ID)];
}

llvm::ArrayRef<DiagInfo> ptxwarp::allDiagInfos() { return DiagTable; }

llvm::StringRef ptxwarp::severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "error";
}

bool ptxwarp::isOptInGroup(llvm::StringRef Group) {
  // Warnings about what ptxas accepts although the PTX ISA text forbids it.
  return Group == "pedantic";
}

Location DiagnosticEngine::resolve(llvm::SMLoc Loc) const {
  Location L;
  if (!SM || !Loc.isValid())
    return L;
  unsigned Buf = SM->FindBufferContainingLoc(Loc);
  if (!Buf)
    return L;
  auto LineCol = SM->getLineAndColumn(Loc, Buf);
  L.File = SM->getMemoryBuffer(Buf)->getBufferIdentifier().str();
  L.Line = userLine(LineCol.first, HiddenLines);
  L.Column = L.Line ? LineCol.second : 0;
  return L;
}

std::string DiagnosticEngine::mainFileName() const {
  if (!SM || SM->getNumBuffers() == 0)
    return "";
  return SM->getMemoryBuffer(SM->getMainFileID())->getBufferIdentifier().str();
}

void DiagnosticEngine::emit(Diagnostic D) {
  if (D.Sev == Severity::Warning) {
    llvm::StringRef Group = D.group();
    if (Opts.IgnoreWarnings)
      return;
    if (!Group.empty()) {
      if (Opts.DisabledGroups.count(Group))
        return;
      if (isOptInGroup(Group) && !Opts.EnabledOptInGroups.count(Group))
        return;
    }
    if (Opts.WarningsAsErrors)
      D.Sev = Severity::Error;
  }
  if (LimitReached)
    return;
  // Nothing follows the note of the limit (passed on from another engine)
  // or an input that is not text at all.
  if (D.ID == DiagID::ErrorLimit || D.ID == DiagID::NotText)
    LimitReached = true;
  if (D.Sev == Severity::Error && Opts.ErrorLimit &&
      NumErrors >= Opts.ErrorLimit) {
    LimitReached = true;
    Diagnostic N;
    N.ID = DiagID::ErrorLimit;
    N.Sev = Severity::Note;
    N.Loc.File = mainFileName();
    N.Message = "too many errors emitted, stopping now (--error-limit=" +
                std::to_string(Opts.ErrorLimit) + "; 0 for no limit)";
    D = std::move(N);
  }
  if (D.Sev == Severity::Error)
    ++NumErrors;
  else if (D.Sev == Severity::Warning)
    ++NumWarnings;
  if (Consumer)
    Consumer(D);
  if (KeepDiagnostics)
    Diags.push_back(std::move(D));
}

DiagnosticEngine::Builder::Builder(DiagnosticEngine &Engine, DiagID ID,
                                   llvm::SMRange Range)
    : Engine(&Engine) {
  D.ID = ID;
  D.Sev = getDiagInfo(ID).DefaultSeverity;
  D.Range = Range;
  D.Loc = Engine.resolve(Range.Start);
  // A diagnostic about the module as a whole ("no .version directive") has
  // no position but still names its file.
  if (D.Loc.File.empty())
    D.Loc.File = Engine.mainFileName();
}

DiagnosticEngine::Builder::Builder(Builder &&Other) noexcept
    : Engine(Other.Engine), D(std::move(Other.D)), Text(std::move(Other.Text)) {
  Other.Engine = nullptr;
}

DiagnosticEngine::Builder &
DiagnosticEngine::Builder::note(llvm::SMRange Range,
                                const llvm::Twine &Message) {
  DiagNote N;
  N.Message = Message.str();
  N.Range = Range;
  N.Loc = Engine->resolve(Range.Start);
  D.Notes.push_back(std::move(N));
  return *this;
}

DiagnosticEngine::Builder &
DiagnosticEngine::Builder::threads(llvm::ArrayRef<unsigned> T) {
  D.Threads.assign(T.begin(), T.end());
  return *this;
}

DiagnosticEngine::Builder &DiagnosticEngine::Builder::at(Location Loc) {
  D.Loc = std::move(Loc);
  return *this;
}

DiagnosticEngine::Builder::~Builder() {
  if (!Engine)
    return;
  D.Message = std::string(Text.str());
  Engine->emit(std::move(D));
}
