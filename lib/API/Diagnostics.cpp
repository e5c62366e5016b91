//===- Diagnostics.cpp - DiagnosticList: values and their renderings ------===//
//
// Converts the engine's diagnostics into the API's plain values and renders
// them with the same code the tools use (DiagnosticRender.h), so embedders
// and ptx-lint print identical text, JSON and SARIF.
//
//===----------------------------------------------------------------------===//

#include "ModuleData.h"

#include "ptxwarp/API/Version.h"
#include "ptxwarp/Diagnostics/DiagnosticRender.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ptxwarp {
namespace api {

StringRef severityName(Severity S) {
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

const char *version() { return "0.1.0"; }

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static Severity convert(ptxwarp::Severity S) {
  switch (S) {
  case ptxwarp::Severity::Note:
    return Severity::Note;
  case ptxwarp::Severity::Warning:
    return Severity::Warning;
  case ptxwarp::Severity::Error:
    return Severity::Error;
  }
  return Severity::Error;
}

static SourceLocation convert(const ptxwarp::Location &L) {
  SourceLocation Out;
  Out.File = L.File;
  Out.Line = L.Line;
  Out.Column = L.Column;
  return Out;
}

static Diagnostic makeValue(const ptxwarp::Diagnostic &D) {
  Diagnostic V;
  V.Id = D.id().str();
  V.Group = D.group().str();
  V.Sev = convert(D.Sev);
  V.Message = D.Message;
  V.Location = convert(D.Loc);
  for (const DiagNote &N : D.Notes)
    V.Notes.push_back({N.Message, convert(N.Loc)});
  V.Threads = D.Threads;
  for (unsigned T : D.Threads)
    V.Lanes.push_back(ptxwarp::laneOf(T));
  if (!D.Threads.empty())
    V.Warp = ptxwarp::warpOf(D.Threads.front());
  return V;
}

DiagnosticList makeDiagnosticList(std::vector<ptxwarp::Diagnostic> Raw,
                                  std::shared_ptr<SourceMgr> SM) {
  auto I = std::make_shared<DiagnosticList::Impl>();
  for (const ptxwarp::Diagnostic &D : Raw) {
    if (D.Sev == ptxwarp::Severity::Error)
      ++I->Errors;
    else if (D.Sev == ptxwarp::Severity::Warning)
      ++I->Warnings;
  }
  I->Raw = std::move(Raw);
  I->SM = std::move(SM);
  return DiagnosticList(std::move(I));
}

DiagnosticList::DiagnosticList() : I(std::make_shared<const Impl>()) {}
DiagnosticList::DiagnosticList(std::shared_ptr<const Impl> I)
    : I(std::move(I)) {}
DiagnosticList::~DiagnosticList() = default;
DiagnosticList::DiagnosticList(const DiagnosticList &) = default;
DiagnosticList &DiagnosticList::operator=(const DiagnosticList &) = default;

ArrayRef<Diagnostic> DiagnosticList::all() const {
  // Lists are shared between threads: make the values exactly once.
  std::call_once(I->ValuesMade, [&] {
    I->Values.reserve(I->Raw.size());
    for (const ptxwarp::Diagnostic &D : I->Raw)
      I->Values.push_back(makeValue(D));
  });
  return I->Values;
}
unsigned DiagnosticList::errorCount() const { return I->Errors; }
unsigned DiagnosticList::warningCount() const { return I->Warnings; }

std::string DiagnosticList::renderText(bool Color, StringRef ToolName) const {
  std::string S;
  raw_string_ostream OS(S);
  for (const ptxwarp::Diagnostic &D : I->Raw)
    ptxwarp::renderText(OS, D, I->SM.get(), Color, ToolName);
  return OS.str();
}

json::Array DiagnosticList::toJSON() const {
  json::Array A;
  A.reserve(I->Raw.size()); // json::Value's move is not noexcept
  for (const ptxwarp::Diagnostic &D : I->Raw)
    A.push_back(ptxwarp::toJSON(D));
  return A;
}

std::string DiagnosticList::renderJSON() const {
  return formatv("{0:2}", json::Value(toJSON())).str();
}

std::string DiagnosticList::renderSARIF(StringRef ToolName) const {
  return api::renderSARIF(makeArrayRef(*this), ToolName);
}

void renderSARIF(raw_ostream &OS, ArrayRef<DiagnosticList> Lists,
                 StringRef ToolName) {
  std::vector<ptxwarp::Diagnostic> Joined;
  ArrayRef<ptxwarp::Diagnostic> Raw;
  if (Lists.size() == 1) {
    Raw = Lists[0].I->Raw;
  } else {
    size_t N = 0;
    for (const DiagnosticList &L : Lists)
      N += L.I->Raw.size();
    Joined.reserve(N);
    for (const DiagnosticList &L : Lists)
      Joined.insert(Joined.end(), L.I->Raw.begin(), L.I->Raw.end());
    Raw = Joined;
  }
  OS << formatv("{0:2}", json::Value(toSARIF(Raw, ToolName, api::version())));
}

std::string renderSARIF(ArrayRef<DiagnosticList> Lists, StringRef ToolName) {
  std::string S;
  raw_string_ostream OS(S);
  renderSARIF(OS, Lists, ToolName);
  return OS.str();
}

} // namespace api
} // namespace ptxwarp
