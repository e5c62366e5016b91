//===- DiagnosticRender.cpp - Diagnostics as text, JSON and SARIF ---------===//

#include "ptxwarp/Diagnostics/DiagnosticRender.h"

#include "SourceLine.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace ptxwarp;

static llvm::SourceMgr::DiagKind toDiagKind(Severity S) {
  switch (S) {
  case Severity::Note:
    return llvm::SourceMgr::DK_Note;
  case Severity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case Severity::Error:
    return llvm::SourceMgr::DK_Error;
  }
  return llvm::SourceMgr::DK_Error;
}

/// "0-3, 7, 9-10": ascending numbers with runs as ranges.
static void printRanges(llvm::raw_ostream &OS, llvm::ArrayRef<unsigned> Ns) {
  for (size_t I = 0; I < Ns.size(); ++I) {
    size_t J = I;
    while (J + 1 < Ns.size() && Ns[J + 1] == Ns[J] + 1)
      ++J;
    if (I)
      OS << ", ";
    OS << Ns[I];
    if (J > I)
      OS << '-' << Ns[J];
    I = J;
  }
}

/// The threads of \p Threads (ascending) grouped by warp.
static std::vector<std::pair<unsigned, std::vector<unsigned>>>
byWarp(llvm::ArrayRef<unsigned> Threads) {
  std::vector<std::pair<unsigned, std::vector<unsigned>>> Out;
  for (unsigned T : Threads) {
    if (Out.empty() || Out.back().first != warpOf(T))
      Out.push_back({warpOf(T), {}});
    Out.back().second.push_back(T);
  }
  return Out;
}

/// " (warp 1, lanes 0-15 (threads 32-47))": a lane is a thread's position in
/// its warp, a thread id its linear index in the CTA.
static std::string threadsText(llvm::ArrayRef<unsigned> Threads) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << " (";
  bool First = true;
  for (const auto &[Warp, Ts] : byWarp(Threads)) {
    std::vector<unsigned> Lanes;
    for (unsigned T : Ts)
      Lanes.push_back(laneOf(T));
    OS << (First ? "" : "; ") << "warp " << Warp << ", lane"
       << (Ts.size() == 1 ? " " : "s ");
    printRanges(OS, Lanes);
    OS << " (thread" << (Ts.size() == 1 ? " " : "s ");
    printRanges(OS, Ts);
    OS << ')';
    First = false;
  }
  OS << ')';
  return OS.str();
}

/// `warp`, `lanes` and `threads` of a runtime diagnostic (\p O gets them).
/// Every runtime diagnostic concerns one warp; should one name threads of
/// several, `warp` and `lanes` are left out and `threads` lists them all.
static void threadsJSON(llvm::json::Object &O,
                        llvm::ArrayRef<unsigned> Threads) {
  llvm::json::Array Ts, Lanes;
  for (unsigned T : Threads) {
    Ts.push_back(T);
    Lanes.push_back(laneOf(T));
  }
  if (byWarp(Threads).size() == 1) {
    O["warp"] = warpOf(Threads.front());
    O["lanes"] = std::move(Lanes);
  }
  O["threads"] = std::move(Ts);
}

static void printOne(llvm::raw_ostream &OS, Severity Sev,
                     const std::string &Message, llvm::SMRange Range,
                     const Location &Loc, const llvm::SourceMgr *SM, bool Color,
                     llvm::StringRef ToolName) {
  // Loc is Range.Start resolved by the engine, with the lines it hides
  // (snippet mode's wrapper) taken away; no line means no source to show.
  if (unsigned Buf = SM && Range.Start.isValid() && Loc.isValid()
                         ? SM->FindBufferContainingLoc(Range.Start)
                         : 0) {
    // As llvm::SourceMgr::PrintMessage, with the source line made safe
    // (SourceLine.h): the line around the location, ended by LF or CR.
    const llvm::MemoryBuffer *MB = SM->getMemoryBuffer(Buf);
    std::string Where = (MB->getBufferIdentifier() + ":" +
                         llvm::Twine(Loc.Line) + ":" + llvm::Twine(Loc.Column))
                            .str();
    const char *Start = Range.Start.getPointer();
    const char *LineStart = Start, *LineEnd = Start;
    while (LineStart != MB->getBufferStart() && LineStart[-1] != '\n' &&
           LineStart[-1] != '\r')
      --LineStart;
    while (LineEnd != MB->getBufferEnd() && *LineEnd != '\n' &&
           *LineEnd != '\r')
      ++LineEnd;
    llvm::SmallVector<std::pair<unsigned, unsigned>, 1> Ranges;
    if (Range.End.isValid() && Range.End.getPointer() > Start)
      Ranges.push_back(
          {unsigned(Start - LineStart),
           unsigned(std::min(Range.End.getPointer(), LineEnd) - LineStart)});
    llvm::SMDiagnostic(Where, toDiagKind(Sev), Message)
        .print(nullptr, OS, Color);
    printSourceLine(OS, llvm::StringRef(LineStart, LineEnd - LineStart),
                    unsigned(Start - LineStart), Ranges, Color);
    return;
  }
  // No buffer: "file:line:col: error: msg" when we know where, else the tool.
  if (Loc.isValid())
    OS << Loc.File << ':' << Loc.Line << ':' << Loc.Column << ": ";
  else if (!Loc.File.empty())
    OS << Loc.File << ": ";
  else
    OS << ToolName << ": ";
  llvm::WithColor(OS,
                  Sev == Severity::Error     ? llvm::HighlightColor::Error
                  : Sev == Severity::Warning ? llvm::HighlightColor::Warning
                                             : llvm::HighlightColor::Note,
                  Color ? llvm::ColorMode::Enable : llvm::ColorMode::Disable)
          .get()
      << severityName(Sev) << ": ";
  OS << Message << '\n';
}

void ptxwarp::renderText(llvm::raw_ostream &OS, const Diagnostic &D,
                         const llvm::SourceMgr *SM, bool Color,
                         llvm::StringRef ToolName) {
  std::string Msg = D.Message;
  if (!D.Threads.empty())
    Msg += threadsText(D.Threads);
  Msg += " [";
  Msg += D.id().str();
  Msg += "]";
  printOne(OS, D.Sev, Msg, D.Range, D.Loc, SM, Color, ToolName);
  for (const DiagNote &N : D.Notes)
    printOne(OS, Severity::Note, N.Message, N.Range, N.Loc, SM, Color,
             ToolName);
}

static llvm::json::Object locationJSON(const Location &L) {
  llvm::json::Object O;
  O["file"] = L.File;
  if (L.isValid()) {
    O["line"] = L.Line;
    O["column"] = L.Column;
  } else {
    O["line"] = nullptr;
    O["column"] = nullptr;
  }
  return O;
}

llvm::json::Object ptxwarp::toJSON(const Diagnostic &D) {
  llvm::json::Object O = locationJSON(D.Loc);
  O["severity"] = severityName(D.Sev);
  O["id"] = D.id();
  if (!D.group().empty())
    O["group"] = D.group();
  O["message"] = D.Message;
  if (!D.Threads.empty())
    threadsJSON(O, D.Threads);
  if (!D.Notes.empty()) {
    llvm::json::Array Notes;
    for (const DiagNote &N : D.Notes) {
      llvm::json::Object NO = locationJSON(N.Loc);
      NO["message"] = N.Message;
      Notes.push_back(std::move(NO));
    }
    O["notes"] = std::move(Notes);
  }
  return O;
}

// SARIF's level names ("note", "warning", "error") are ours.
static llvm::StringRef sarifLevel(Severity S) { return severityName(S); }

static llvm::json::Object sarifLocation(const Location &L) {
  llvm::json::Object Phys;
  Phys["artifactLocation"] = llvm::json::Object{{"uri", L.File}};
  if (L.isValid())
    Phys["region"] =
        llvm::json::Object{{"startLine", L.Line}, {"startColumn", L.Column}};
  return llvm::json::Object{{"physicalLocation", std::move(Phys)}};
}

llvm::json::Object ptxwarp::toSARIF(llvm::ArrayRef<Diagnostic> Diags,
                                    llvm::StringRef ToolName,
                                    llvm::StringRef ToolVersion) {
  llvm::json::Array Rules;
  for (const DiagInfo &I : allDiagInfos()) {
    llvm::json::Object Rule{
        {"id", I.Name},
        {"shortDescription", llvm::json::Object{{"text", I.Summary}}},
        {"defaultConfiguration",
         llvm::json::Object{{"level", sarifLevel(I.DefaultSeverity)}}}};
    if (!I.Group.empty())
      Rule["properties"] = llvm::json::Object{{"group", I.Group}};
    Rules.push_back(std::move(Rule));
  }
  llvm::json::Array Results;
  for (const Diagnostic &D : Diags) {
    llvm::json::Object R{{"ruleId", D.id()},
                         {"ruleIndex", static_cast<int64_t>(D.ID)},
                         {"level", sarifLevel(D.Sev)},
                         {"message", llvm::json::Object{{"text", D.Message}}}};
    if (!D.Loc.File.empty())
      R["locations"] = llvm::json::Array{sarifLocation(D.Loc)};
    if (!D.Threads.empty()) {
      llvm::json::Object Props;
      threadsJSON(Props, D.Threads);
      R["properties"] = std::move(Props);
    }
    if (!D.Notes.empty()) {
      llvm::json::Array Related;
      for (const DiagNote &N : D.Notes) {
        llvm::json::Object RL = sarifLocation(N.Loc);
        RL["message"] = llvm::json::Object{{"text", N.Message}};
        Related.push_back(std::move(RL));
      }
      R["relatedLocations"] = std::move(Related);
    }
    Results.push_back(std::move(R));
  }
  llvm::json::Object Driver{
      {"name", ToolName},
      {"version", ToolVersion},
      {"informationUri", "https://github.com/ptxwarp/ptxwarp"},
      {"rules", std::move(Rules)}};
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"results", std::move(Results)}};
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
}
