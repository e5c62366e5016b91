//===- LaunchFile.cpp - A Launch from a launch file or NAME=SPEC text -----===//
//
// The text forms of a launch that ptx-run reads (--launch FILE.json,
// --param NAME=SPEC), turned into api::Launch bindings. Nothing here looks
// at a kernel: matching the bindings to its parameters is Kernel::run's
// (Execution.cpp), whatever made the Launch.
//
//===----------------------------------------------------------------------===//

#include "ModuleData.h"

#include "ptxwarp/API/Execution.h"
#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace ptxwarp {
namespace api {

namespace {

/// One parameter as written, before it becomes a Launch::Binding.
struct ParamSpec {
  std::string Name; ///< empty: matched by position
  bool IsBuffer = false;
  ir::Type Ty;
  /// Scalar: the value's bits. Buffer: the initial bytes.
  uint64_t ScalarBits = 0;
  std::vector<uint8_t> Bytes;
};

void addBinding(Launch &L, ParamSpec P) {
  Launch::Binding B;
  B.Param = std::move(P.Name);
  B.IsBuffer = P.IsBuffer;
  B.Bits = P.ScalarBits;
  B.Bytes = std::move(P.Bytes);
  B.Type = P.Ty.str();
  L.Bindings.push_back(std::move(B));
}

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<ir::Type> elemType(StringRef Name) {
  ir::Type T = ir::Type::fromName(Name);
  if (T.K == ir::Type::None || T.K == ir::Type::Pred ||
      (T.isFloat() && T.Bits == 16))
    return fail("unknown element type '" + Name +
                "' (use u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  return T;
}

/// json::Value::getAsInteger without its undefined behaviour: LLVM 14
/// converts a double equal to 2^63 (9223372036854775807.1 reads as that) to
/// int64_t because double(INT64_MAX) rounds up to 2^63 (found by
/// fuzz-launch). Doubles outside [-2^63, 2^63) are no int64 here.
std::optional<int64_t> jsonInt64(const json::Value &V) {
  auto D = V.getAsNumber();
  if (!D || !(*D >= -9223372036854775808.0 && *D < 9223372036854775808.0))
    return std::nullopt;
  if (auto I = V.getAsInteger())
    return *I;
  return std::nullopt;
}

/// Bits of \p V as an element of type \p T (floats by value).
uint64_t valueBits(ir::Type T, double D, bool IsInt, int64_t I, uint64_t U,
                   bool IsUnsigned) {
  if (T.isFloat()) {
    double V = IsInt ? (IsUnsigned ? double(U) : double(I)) : D;
    if (T.Bits == 32) {
      float F = float(V);
      uint32_t B;
      std::memcpy(&B, &F, 4);
      return B;
    }
    uint64_t B;
    std::memcpy(&B, &V, 8);
    return B;
  }
  if (!IsInt) // callers keep D within (-2^63, 2^64)
    return D < 0 ? uint64_t(int64_t(D)) : uint64_t(D);
  return IsUnsigned ? U : uint64_t(I);
}

Expected<uint64_t> jsonBits(ir::Type T, const json::Value &V, bool Raw) {
  if (auto S = V.getAsString()) {
    uint64_t X;
    if (S->getAsInteger(0, X))
      return fail("'" + *S + "' is not a number");
    return X;
  }
  if (auto U = V.getAsUINT64())
    return Raw ? *U : valueBits(T, 0, true, int64_t(*U), *U, true);
  if (auto I = jsonInt64(V))
    return Raw ? uint64_t(*I) : valueBits(T, 0, true, *I, 0, false);
  if (auto D = V.getAsNumber()) {
    // Converting a double outside the integers' range is undefined
    // behaviour (1e300 as a u32 value, say); refuse it instead.
    if ((Raw || !T.isFloat()) &&
        !(*D > -9223372036854775808.0 && *D < 18446744073709551616.0)) {
      std::string Num;
      raw_string_ostream(Num) << format("%g", *D);
      return fail("launch file: " + Num + " does not fit a 64-bit integer");
    }
    if (Raw)
      return *D < 0 ? uint64_t(int64_t(*D)) : uint64_t(*D);
    return valueBits(T, *D, false, 0, 0, false);
  }
  return fail("expected a number");
}

/// LLVM 14's json::parse reads an integer with strtoll and keeps the result if
/// it is in int64 range -- which the saturated LLONG_MAX/LLONG_MIN always are
/// -- so 9223372036854775809 (a u64 with the top bit set, as launch files
/// written by Python hold) silently becomes 9223372036854775807. Quote every
/// bare integer outside int64 range first: jsonBits reads quoted numbers
/// exactly, and one beyond 64 bits is then an error instead of a wrong value.
std::string quoteWideIntegers(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  bool InString = false;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    if (InString) {
      Out += C;
      if (C == '\\' && I + 1 < Text.size())
        Out += Text[++I];
      else if (C == '"')
        InString = false;
      ++I;
      continue;
    }
    if (C == '"')
      InString = true;
    // Digits after "1." or "1e" belong to a number already copied.
    bool Continues = I > 0 && StringRef(".eE+-").contains(Text[I - 1]);
    if ((C != '-' && !isDigit(C)) || Continues) {
      Out += C;
      ++I;
      continue;
    }
    size_t End = I + (C == '-');
    while (End < Text.size() && isDigit(Text[End]))
      ++End;
    StringRef Num = Text.slice(I, End);
    bool IsInteger =
        End == Text.size() || !StringRef(".eE").contains(Text[End]);
    StringRef Digits = Num.ltrim('-');
    StringRef Limit = C == '-' ? "9223372036854775808" : "9223372036854775807";
    bool Wide = Digits.size() > Limit.size() ||
                (Digits.size() == Limit.size() && Digits > Limit);
    if (IsInteger && Wide)
      Out += ("\"" + Num + "\"").str();
    else
      Out += Num.str();
    I = End;
  }
  return Out;
}

void appendBits(std::vector<uint8_t> &Out, ir::Type T, uint64_t Bits) {
  for (unsigned I = 0; I < T.bytes(); ++I)
    Out.push_back(uint8_t(Bits >> (8 * I)));
}

/// Parses a text value (`7`, `-1`, `0x10`, `1.5`) as an element of \p T.
Expected<uint64_t> textBits(ir::Type T, StringRef Text) {
  Text = Text.trim();
  if (T.isFloat()) {
    double D;
    if (Text.getAsDouble(D))
      return fail("'" + Text + "' is not a floating-point number");
    return valueBits(T, D, false, 0, 0, false);
  }
  int64_t I;
  uint64_t U;
  if (!Text.getAsInteger(0, U))
    return U;
  if (!Text.getAsInteger(0, I))
    return uint64_t(I);
  return fail("'" + Text + "' is not an integer");
}

Expected<std::vector<uint8_t>> fillBuffer(ir::Type T, uint64_t Count,
                                          StringRef Init) {
  std::vector<uint8_t> Out;
  if (Init == "zero" || Init.empty()) {
    Out.assign(Count * T.bytes(), 0);
    return Out;
  }
  if (Init == "iota") {
    for (uint64_t I = 0; I < Count; ++I)
      appendBits(Out, T, valueBits(T, double(I), true, int64_t(I), I, true));
    return Out;
  }
  return fail("unknown buffer init '" + Init + "' (zero or iota)");
}

Expected<ParamSpec> parseParamSpec(StringRef Text, uint64_t MaxBytes) {
  ParamSpec P;
  auto [Name, Spec] = Text.split('=');
  if (Spec.empty())
    return fail("--param expects NAME=SPEC, got '" + Text + "'");
  P.Name = Name.str();
  size_t Bracket = Spec.find('[');
  if (Bracket == StringRef::npos) {
    // Scalar: TYPE:VALUE.
    auto [TyName, Value] = Spec.split(':');
    auto T = elemType(TyName);
    if (!T)
      return T.takeError();
    auto Bits = textBits(*T, Value);
    if (!Bits)
      return Bits.takeError();
    P.Ty = *T;
    P.ScalarBits = *Bits;
    return P;
  }
  // Buffer: TYPE[N]=zero|iota|v1,v2,...|@file.
  P.IsBuffer = true;
  auto T = elemType(Spec.take_front(Bracket));
  if (!T)
    return T.takeError();
  P.Ty = *T;
  StringRef Rest = Spec.drop_front(Bracket + 1);
  auto [CountText, After] = Rest.split(']');
  uint64_t Count = 0;
  if (CountText.getAsInteger(10, Count))
    return fail("bad element count in '" + Text + "'");
  if (Count > MaxBytes / T->bytes())
    return fail("buffer '" + Name + "' is larger than the memory limit (" +
                Twine(MaxBytes) + " bytes)");
  StringRef Init = After.consume_front("=") ? After : StringRef("zero");
  if (Init.startswith("@")) {
    auto MB = MemoryBuffer::getFile(Init.drop_front());
    if (!MB)
      return fail("cannot read '" + Init.drop_front() +
                  "': " + MB.getError().message());
    StringRef Data = (*MB)->getBuffer();
    P.Bytes.assign(Data.begin(), Data.end());
    P.Bytes.resize(Count * T->bytes(), 0);
    return P;
  }
  if (Init == "zero" || Init == "iota") {
    auto B = fillBuffer(*T, Count, Init);
    if (!B)
      return B.takeError();
    P.Bytes = std::move(*B);
    return P;
  }
  SmallVector<StringRef, 16> Vals;
  Init.split(Vals, ',');
  for (StringRef V : Vals) {
    auto Bits = textBits(*T, V);
    if (!Bits)
      return Bits.takeError();
    appendBits(P.Bytes, *T, *Bits);
  }
  P.Bytes.resize(std::max<uint64_t>(Count, Vals.size()) * T->bytes(), 0);
  return P;
}

Error parseLaunchJSON(StringRef Text, Launch &Spec, std::string *Entry,
                      uint64_t MaxBytes) {
  auto Root = json::parse(quoteWideIntegers(Text));
  if (!Root)
    return fail("launch file: " + toString(Root.takeError()));
  const json::Object *O = Root->getAsObject();
  if (!O)
    return fail("launch file: expected a JSON object");
  if (auto E = O->getString("entry"))
    if (Entry)
      *Entry = E->str();
  auto Dims = [&](StringRef Key, unsigned(&Out)[3]) -> Error {
    const json::Array *A = O->getArray(Key);
    if (!A)
      return Error::success();
    std::array<unsigned, 3> D = {1, 1, 1};
    for (size_t I = 0; I < A->size() && I < 3; ++I) {
      auto V = jsonInt64((*A)[I]);
      // Above 2^32-1 the value would be truncated (4294967296 read as 0).
      if (!V || *V <= 0 || *V > int64_t(UINT32_MAX))
        return fail("launch file: '" + Key +
                    "' must hold positive 32-bit integers");
      D[I] = unsigned(*V);
    }
    std::copy(D.begin(), D.end(), Out);
    return Error::success();
  };
  if (Error E = Dims("grid", Spec.Grid))
    return E;
  if (Error E = Dims("block", Spec.Block))
    return E;
  if (auto D = O->getInteger("dynamic_shared_bytes")) {
    if (*D < 0)
      return fail("launch file: 'dynamic_shared_bytes' must not be negative");
    Spec.DynamicSharedBytes = uint64_t(*D);
  }
  const json::Array *Params = O->getArray("params");
  if (!Params)
    return Error::success();
  for (const json::Value &PV : *Params) {
    const json::Object *PO = PV.getAsObject();
    if (!PO)
      return fail("launch file: each param must be an object");
    ParamSpec P;
    if (auto N = PO->getString("name"))
      P.Name = N->str();
    if (const json::Object *S = PO->getObject("scalar")) {
      auto T = elemType(S->getString("type").getValueOr("u32"));
      if (!T)
        return T.takeError();
      P.Ty = *T;
      const json::Value *V = S->get("value");
      if (!V)
        V = S->get("bits");
      if (!V)
        return fail("launch file: scalar param without a value");
      auto Bits = jsonBits(*T, *V, S->get("value") == nullptr);
      if (!Bits)
        return Bits.takeError();
      P.ScalarBits = *Bits;
    } else if (const json::Object *B = PO->getObject("buffer")) {
      P.IsBuffer = true;
      auto T = elemType(B->getString("type").getValueOr("u32"));
      if (!T)
        return T.takeError();
      P.Ty = *T;
      uint64_t Count = uint64_t(B->getInteger("count").getValueOr(0));
      if (Count > MaxBytes / T->bytes())
        return fail("launch file: buffer '" + P.Name +
                    "' is larger than the memory limit (" + Twine(MaxBytes) +
                    " bytes)");
      const json::Array *Data = B->getArray("data");
      const json::Array *Bits = B->getArray("bits");
      if (Data || Bits) {
        for (const json::Value &V : Data ? *Data : *Bits) {
          auto X = jsonBits(*T, V, Bits != nullptr && !Data);
          if (!X)
            return X.takeError();
          appendBits(P.Bytes, *T, *X);
        }
        if (Count * T->bytes() > P.Bytes.size())
          P.Bytes.resize(Count * T->bytes(), 0);
      } else {
        auto Buf =
            fillBuffer(*T, Count, B->getString("init").getValueOr("zero"));
        if (!Buf)
          return Buf.takeError();
        P.Bytes = std::move(*Buf);
      }
    } else {
      return fail("launch file: a param needs \"scalar\" or \"buffer\"");
    }
    addBinding(Spec, std::move(P));
  }
  return Error::success();
}

} // namespace

Error addParameterSpec(Launch &L, StringRef Text, uint64_t MaxBytes) {
  Expected<ParamSpec> P = parseParamSpec(Text, MaxBytes);
  if (!P)
    return P.takeError();
  addBinding(L, std::move(*P));
  return Error::success();
}

Expected<std::array<unsigned, 3>> parseDimensions(StringRef Text) {
  std::array<unsigned, 3> D = {1, 1, 1};
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return fail("expected X[,Y[,Z]], got '" + Text + "'");
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0)
      return fail("expected positive dimensions X[,Y[,Z]], got '" + Text + "'");
  return D;
}

Expected<Launch> parseLaunchFile(StringRef Text, uint64_t MaxBytes,
                                 std::string *Entry) {
  Launch Spec;
  if (Error E = parseLaunchJSON(Text, Spec, Entry, MaxBytes))
    return E;
  return Spec;
}

} // namespace api
} // namespace ptxwarp
