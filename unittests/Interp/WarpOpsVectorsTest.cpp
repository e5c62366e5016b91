//===- WarpOpsVectorsTest.cpp - Every oracle vector through WarpOps -------===//
//
// test/Inputs/semantics/vectors.jsonl.xz holds 7,152 worked single-warp
// steps, written independently of this code. Each one is run through
// the pure warp-instruction functions and d, p and undefinedness are compared
// lane by lane; where the vector names a UB reason the matching WarpUB field
// must name exactly those lanes.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/WarpOps.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace ptxwarp::interp;

namespace {

struct Vector {
  std::string Line;
  llvm::json::Value Json = nullptr;
};

/// Decompresses and parses the vectors once for all tests.
const std::vector<Vector> &allVectors() {
  static std::vector<Vector> Vectors = [] {
    std::vector<Vector> Out;
    std::string Cmd = std::string("xz -dc '") + PTXWARP_TEST_INPUTS +
                      "/semantics/vectors.jsonl.xz'";
    FILE *F = popen(Cmd.c_str(), "r");
    if (!F)
      return Out;
    std::string Text;
    char Buf[1 << 16];
    size_t N;
    while ((N = fread(Buf, 1, sizeof(Buf), F)) > 0)
      Text.append(Buf, N);
    pclose(F);
    size_t Pos = 0;
    while (Pos < Text.size()) {
      size_t End = Text.find('\n', Pos);
      if (End == std::string::npos)
        End = Text.size();
      if (End > Pos) {
        Vector V;
        V.Line = Text.substr(Pos, End - Pos);
        auto Parsed = llvm::json::parse(V.Line);
        if (Parsed)
          V.Json = std::move(*Parsed);
        else
          llvm::consumeError(Parsed.takeError());
        Out.push_back(std::move(V));
      }
      Pos = End + 1;
    }
    return Out;
  }();
  return Vectors;
}

template <typename T>
LaneArray<T> lanes(const llvm::json::Object &Inputs, llvm::StringRef Key) {
  LaneArray<T> A{};
  if (const auto *Arr = Inputs.getArray(Key))
    for (unsigned I = 0; I < WarpSize && I < Arr->size(); ++I) {
      if (auto V = (*Arr)[I].getAsUINT64())
        A[I] = T(*V);
      else if (auto S = (*Arr)[I].getAsInteger())
        A[I] = T(*S);
    }
  return A;
}

LaneMask maskOf(const llvm::json::Object &Inputs, llvm::StringRef Key) {
  LaneMask M = 0;
  auto A = lanes<uint32_t>(Inputs, Key);
  for (unsigned I = 0; I < WarpSize; ++I)
    if (A[I])
      M |= 1u << I;
  return M;
}

/// llvm::json (LLVM 14) saturates integers above INT64_MAX, so 64-bit
/// match.sync inputs are read from the raw text of `"inputs": {"a": [...]}`.
LaneArray<uint64_t> rawInputA(llvm::StringRef Line) {
  LaneArray<uint64_t> A{};
  size_t In = Line.find("\"inputs\"");
  size_t Key = Line.find("\"a\"", In);
  size_t Open = Line.find('[', Key);
  if (In == llvm::StringRef::npos || Key == llvm::StringRef::npos ||
      Open == llvm::StringRef::npos)
    return A;
  llvm::StringRef Rest = Line.substr(Open + 1);
  Rest = Rest.take_until([](char C) { return C == ']'; });
  for (unsigned I = 0; I < WarpSize && !Rest.empty(); ++I) {
    auto [Num, Tail] = Rest.split(',');
    Num.trim().getAsInteger(10, A[I]);
    Rest = Tail;
  }
  return A;
}

/// Runs one vector; returns an empty string when it matches.
std::string runVector(const llvm::json::Object &V, llvm::StringRef Line) {
  llvm::StringRef Instr = V.getString("instr").getValueOr("");
  const llvm::json::Object *Q = V.getObject("qualifiers");
  const llvm::json::Object *In = V.getObject("inputs");
  const llvm::json::Object *Exp = V.getObject("expected");
  if (!Q || !In || !Exp)
    return "malformed vector";
  LaneMask Active = uint32_t(V.getInteger("active_mask").getValueOr(0));
  LaneMask Exited = uint32_t(V.getInteger("exited_mask").getValueOr(0));
  uint32_t MM = uint32_t(V.getInteger("membermask").getValueOr(0));
  WarpStep S = WarpStep::uniform(Active, Exited, MM);
  auto Str = [&](llvm::StringRef K) {
    return Q->getString(K).getValueOr("").str();
  };
  auto Flag = [&](llvm::StringRef K) {
    return Q->getBoolean(K).getValueOr(false);
  };

  WarpResult R;
  if (Instr == "shfl.sync") {
    std::string M = Str("mode");
    ShflMode Mode = M == "up"     ? ShflMode::Up
                    : M == "down" ? ShflMode::Down
                    : M == "bfly" ? ShflMode::Bfly
                                  : ShflMode::Idx;
    R = shfl(S, Mode, lanes<uint32_t>(*In, "a"), 0, lanes<uint32_t>(*In, "b"),
             lanes<uint32_t>(*In, "c"));
  } else if (Instr == "vote.sync") {
    std::string M = Str("mode");
    VoteMode Mode = M == "all"   ? VoteMode::All
                    : M == "any" ? VoteMode::Any
                    : M == "uni" ? VoteMode::Uni
                                 : VoteMode::Ballot;
    R = vote(S, Mode, maskOf(*In, "pred"), Flag("negate"));
  } else if (Instr == "match.sync") {
    R = match(S, Str("mode") == "all" ? MatchMode::All : MatchMode::Any,
              rawInputA(Line));
  } else if (Instr == "redux.sync") {
    std::string O = Str("op"), T = Str("type");
    ReduxOp Op = O == "add"   ? ReduxOp::Add
                 : O == "min" ? ReduxOp::Min
                 : O == "max" ? ReduxOp::Max
                 : O == "and" ? ReduxOp::And
                 : O == "or"  ? ReduxOp::Or
                              : ReduxOp::Xor;
    ReduxType Ty = T == "u32"   ? ReduxType::U32
                   : T == "s32" ? ReduxType::S32
                   : T == "b32" ? ReduxType::B32
                                : ReduxType::F32;
    R = redux(S, Op, Ty, Flag("abs"), Flag("nan"), lanes<uint32_t>(*In, "a"));
  } else if (Instr == "activemask") {
    R = activemask(S);
  } else if (Instr == "elect.sync") {
    R = elect(S);
  } else {
    return ("unknown instr " + Instr).str();
  }

  std::string Err;
  llvm::raw_string_ostream OS(Err);
  auto Compare = [&](llvm::StringRef Key, bool IsPred) {
    const llvm::json::Array *Want = Exp->getArray(Key);
    if (!Want)
      return;
    for (unsigned L = 0; L < WarpSize && L < Want->size(); ++L) {
      const llvm::json::Value &W = (*Want)[L];
      if (W.kind() == llvm::json::Value::Null)
        continue;
      bool Undef = hasLane(IsPred ? R.UndefP : R.UndefD, L);
      uint64_t Got = IsPred ? hasLane(R.P, L) : R.D[L];
      if (W.getAsString()) {
        if (!Undef)
          OS << Key << "[" << L << "]: got " << Got << ", want undefined; ";
        continue;
      }
      uint64_t WantV = W.getAsUINT64().getValueOr(~0ull);
      if (Undef)
        OS << Key << "[" << L << "]: got undefined, want " << WantV << "; ";
      else if (Got != WantV)
        OS << Key << "[" << L << "]: got " << Got << ", want " << WantV << "; ";
    }
  };
  Compare("d", false);
  Compare("p", true);

  // UB reasons: "exec_not_member:0x..." / "member_not_executing:0x...".
  LaneMask WantExec = 0, WantMissing = 0;
  if (const auto *UB = V.getArray("ub"))
    for (const auto &U : *UB) {
      llvm::StringRef Text = U.getAsString().getValueOr("");
      auto [Kind, Lanes] = Text.split(':');
      uint64_t M = 0;
      Lanes.getAsInteger(0, M);
      if (Kind == "exec_not_member")
        WantExec |= M;
      else if (Kind == "member_not_executing")
        WantMissing |= M;
      else
        OS << "unknown ub " << Text << "; ";
    }
  if (R.UB.ExecNotMember != WantExec)
    OS << "exec_not_member lanes " << R.UB.ExecNotMember << ", want "
       << WantExec << "; ";
  if (R.UB.MemberNotExecuting != WantMissing)
    OS << "member_not_executing lanes " << R.UB.MemberNotExecuting << ", want "
       << WantMissing << "; ";
  return OS.str();
}

/// Runs every vector whose instr is \p Instr; returns how many ran.
unsigned runFamily(llvm::StringRef Instr) {
  unsigned Ran = 0, Failed = 0;
  for (const Vector &V : allVectors()) {
    const llvm::json::Object *O = V.Json.getAsObject();
    if (!O || O->getString("instr").getValueOr("") != Instr)
      continue;
    ++Ran;
    std::string Err = runVector(*O, V.Line);
    if (!Err.empty() && ++Failed <= 10)
      ADD_FAILURE() << "vector " << O->getInteger("id").getValueOr(-1) << " ("
                    << O->getString("ptx").getValueOr("").str() << ", "
                    << O->getString("scenario").getValueOr("").str()
                    << "): " << Err;
  }
  EXPECT_EQ(Failed, 0u) << Failed << " of " << Ran << " " << Instr.str()
                        << " vectors differ";
  return Ran;
}

TEST(WarpOpsVectors, AllVectorsLoad) {
  const auto &Vs = allVectors();
  ASSERT_EQ(Vs.size(), 7152u) << "vectors.jsonl.xz could not be read";
  for (const Vector &V : Vs)
    ASSERT_NE(V.Json.getAsObject(), nullptr) << V.Line.substr(0, 80);
}

TEST(WarpOpsVectors, Shfl) { EXPECT_EQ(runFamily("shfl.sync"), 2400u); }
TEST(WarpOpsVectors, Vote) { EXPECT_EQ(runFamily("vote.sync"), 1200u); }
TEST(WarpOpsVectors, Match) { EXPECT_EQ(runFamily("match.sync"), 960u); }
TEST(WarpOpsVectors, Redux) { EXPECT_EQ(runFamily("redux.sync"), 1872u); }
TEST(WarpOpsVectors, Activemask) { EXPECT_EQ(runFamily("activemask"), 240u); }
TEST(WarpOpsVectors, Elect) { EXPECT_EQ(runFamily("elect.sync"), 480u); }

} // namespace
