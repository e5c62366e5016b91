//===- ModuleInputs.h - The PTX modules a differential test tool reads ----===//
//
// ptx-parse-diff and ptx-sema-diff take PATH arguments: a .ptx file, a
// directory searched for .ptx files (sorted), or a .txt case file of modules
// separated by `### id ...` lines (as test/Inputs/ptxas/cases.txt).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_UNITTESTS_SUPPORT_MODULEINPUTS_H
#define PTXWARP_UNITTESTS_SUPPORT_MODULEINPUTS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace ptxwarp {
namespace testing {

struct ModuleInput {
  std::string Name; ///< the file, or `file:id` for a case
  std::string Text;
};

/// Appends the modules of \p Path to \p Out; exits with status 2 (after a
/// message naming \p Tool) when a file cannot be read.
inline void collectModules(llvm::StringRef Tool, llvm::StringRef Path,
                           std::vector<ModuleInput> &Out) {
  namespace fs = llvm::sys::fs;
  if (fs::is_directory(Path)) {
    std::vector<std::string> Files;
    std::error_code EC;
    for (fs::recursive_directory_iterator I(Path, EC), E; I != E && !EC;
         I.increment(EC))
      if (llvm::StringRef(I->path()).endswith(".ptx"))
        Files.push_back(I->path());
    std::sort(Files.begin(), Files.end());
    for (const std::string &F : Files)
      collectModules(Tool, F, Out);
    return;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> B =
      llvm::MemoryBuffer::getFile(Path);
  if (!B) {
    llvm::errs() << Tool << ": cannot read " << Path << "\n";
    std::exit(2);
  }
  llvm::StringRef T = (*B)->getBuffer();
  if (!Path.endswith(".txt")) {
    Out.push_back({Path.str(), T.str()});
    return;
  }
  // `### id ...` lines separate the modules of a case file.
  size_t At = T.find("\n### ");
  while (At != llvm::StringRef::npos) {
    size_t Start = T.find('\n', At + 1);
    if (Start == llvm::StringRef::npos)
      break;
    size_t Next = T.find("\n### ", Start);
    llvm::StringRef Id = T.slice(At + 5, Start).split(' ').first;
    Out.push_back(
        {(Path + ":" + Id).str(),
         T.slice(Start + 1, Next == llvm::StringRef::npos ? T.size() : Next + 1)
             .str()});
    At = Next;
  }
}

} // namespace testing
} // namespace ptxwarp

#endif // PTXWARP_UNITTESTS_SUPPORT_MODULEINPUTS_H
