//===- ThreadSafetyTest.cpp - Parse and check the corpus from many threads ===//
//
// Issue #6 item 4: parsing and checking several modules concurrently is
// safe. Every corpus file is parsed and checked once on one thread, then
// again by several threads at once (each thread walking the list from a
// different start, so different modules are in flight together); every
// rendering must be identical. A second part shares ONE module between
// threads (check, walk and run concurrently).
//
//===----------------------------------------------------------------------===//

#include "ApiTestUtil.h"

#include <algorithm>
#include <dirent.h>
#include <sys/stat.h>
#include <thread>

using namespace ptxwarp::api;

namespace {

void listPtx(const std::string &Dir, std::vector<std::string> &Out) {
  DIR *D = opendir(Dir.c_str());
  if (!D)
    return;
  while (dirent *E = readdir(D)) {
    std::string Name = E->d_name;
    if (Name == "." || Name == "..")
      continue;
    std::string Path = Dir + "/" + Name;
    struct stat St;
    if (stat(Path.c_str(), &St) != 0)
      continue;
    if (S_ISDIR(St.st_mode))
      listPtx(Path, Out);
    else if (Name.size() > 4 && Name.substr(Name.size() - 4) == ".ptx")
      Out.push_back(Path);
  }
  closedir(D);
}

/// Everything observable about parsing and checking one file.
std::string fingerprint(const Session &S, const std::string &Path) {
  auto M = S.parseFile(Path);
  if (!M)
    return "error: " + llvm::toString(M.takeError());
  std::string F = M->parseDiagnostics().renderJSON();
  auto D = M->check();
  F += D ? D->renderJSON() : llvm::toString(D.takeError());
  for (const Function &Fn : M->functions())
    for (const Instruction &I : Fn.instructions()) {
      SourceLocation L = I.location();
      F += I.mnemonic() + "@" + std::to_string(L.Line) + ":" +
           std::to_string(L.Column) + ";";
    }
  return F;
}

TEST(ThreadSafetyTest, CorpusFromSeveralThreadsMatchesOneThread) {
  std::vector<std::string> Files;
  listPtx(PTXWARP_TEST_INPUTS "/corpus", Files);
  std::sort(Files.begin(), Files.end());
  ASSERT_GT(Files.size(), 50u);

  Session S;
  std::vector<std::string> Expected;
  for (const std::string &F : Files)
    Expected.push_back(fingerprint(S, F));

  const unsigned NumThreads = 4;
  std::vector<std::vector<std::string>> Got(
      NumThreads, std::vector<std::string>(Files.size()));
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < NumThreads; ++T)
    Threads.emplace_back([&, T] {
      size_t Start = T * Files.size() / NumThreads;
      for (size_t K = 0; K < Files.size(); ++K) {
        size_t I = (Start + K) % Files.size();
        Got[T][I] = fingerprint(S, Files[I]);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  for (unsigned T = 0; T < NumThreads; ++T)
    for (size_t I = 0; I < Files.size(); ++I)
      EXPECT_EQ(Got[T][I], Expected[I]) << "thread " << T << ": " << Files[I];
}

TEST(ThreadSafetyTest, OneModuleSharedBetweenThreads) {
  Session S;
  auto M = S.parseFile(std::string(PTXWARP_SOURCE_DIR) +
                       "/examples/warp_reduce.ptx");
  ASSERT_OK(M);
  auto K = M->kernel("warp_reduce");
  ASSERT_OK(K);
  std::vector<std::string> Results(4);
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      std::string &Out = Results[T];
      for (int Round = 0; Round < 5; ++Round) {
        auto D = M->check({"sm_90"});
        Out += D ? D->renderJSON() : "check failed";
        for (const Instruction &I : M->functions()[0].instructions())
          Out += std::to_string(I.location().Line) + ",";
        Launch L;
        L.buffer("in", std::vector<uint32_t>(32, T + 1))
            .buffer("out", std::vector<uint32_t>(32, 0))
            .buffer("odd", std::vector<uint32_t>(1, 0));
        auto R = K->run(L);
        if (!R) {
          Out += llvm::toString(R.takeError());
          continue;
        }
        Out += std::to_string(R->bufferAs<uint32_t>("out")[5] / (T + 1));
      }
    });
  for (std::thread &T : Threads)
    T.join();
  for (unsigned T = 1; T < 4; ++T)
    EXPECT_EQ(Results[T], Results[0]);
  EXPECT_NE(Results[0].find("32"), std::string::npos);
}

} // namespace
