//===- ParseTestUtil.h - Helpers shared by the parser unit tests ----------===//

#ifndef PTXWARP_UNITTESTS_PARSE_PARSETESTUTIL_H
#define PTXWARP_UNITTESTS_PARSE_PARSETESTUTIL_H

#include "ptxwarp/AST/Printer.h"
#include "ptxwarp/Parse/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <string>
#include <vector>

namespace ptxwarp {
namespace test {

/// A parsed snippet with its diagnostics.
struct Parsed {
  std::unique_ptr<DiagnosticEngine> Diags;
  std::unique_ptr<ast::Module> M;
  std::shared_ptr<llvm::SourceMgr> SM;

  /// "line:col: message" of every diagnostic, in order.
  std::vector<std::string> errors() const {
    std::vector<std::string> R;
    for (const Diagnostic &D : Diags->diagnostics())
      R.push_back(std::to_string(D.Loc.Line) + ":" +
                  std::to_string(D.Loc.Column) + ": " + D.Message);
    return R;
  }
};

inline Parsed parse(llvm::StringRef Text, const ParseOptions &Opts = {}) {
  Parsed P;
  P.SM = std::make_shared<llvm::SourceMgr>();
  unsigned ID = P.SM->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "t.ptx"), llvm::SMLoc());
  P.Diags = std::make_unique<DiagnosticEngine>(P.SM.get());
  P.M = parseModule(P.SM, ID, *P.Diags, Opts);
  return P;
}

/// The module's AST as JSON text without positions (to compare parses of
/// different text).
inline std::string dumpNoLoc(const ast::Module &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << ast::moduleToJSON(M, nullptr);
  return OS.str();
}

inline std::string oracleDir() {
  return std::string(PTXWARP_SOURCE_DIR) + "/../shared/oracle";
}

/// *.ptx files under \p Dir (recursively), sorted.
inline std::vector<std::string> ptxFilesUnder(const std::string &Dir) {
  std::vector<std::string> R;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator I(Dir, EC), E; I != E && !EC;
       I.increment(EC))
    if (llvm::StringRef(I->path()).endswith(".ptx"))
      R.push_back(I->path());
  std::sort(R.begin(), R.end());
  return R;
}

/// The corpus: the oracle's files when present (shared/ beside the repo),
/// else the copies in test/Inputs/corpus.
inline std::vector<std::string> corpusFiles() {
  std::vector<std::string> R = ptxFilesUnder(oracleDir() + "/corpus/ptx");
  if (R.empty())
    R = ptxFilesUnder(std::string(PTXWARP_TEST_INPUTS) + "/corpus/ptx");
  for (const std::string &F :
       ptxFilesUnder(std::string(PTXWARP_TEST_INPUTS) + "/corpus"))
    if (llvm::StringRef(F).contains("warp_templates"))
      R.push_back(F);
  return R;
}

inline std::vector<std::string> ptxasCaseFiles() {
  std::vector<std::string> R = ptxFilesUnder(oracleDir() + "/ptxas/cases");
  if (R.empty())
    R = ptxFilesUnder(std::string(PTXWARP_TEST_INPUTS) + "/corpus/ptxas-cases");
  return R;
}

inline std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

} // namespace test
} // namespace ptxwarp

#endif
