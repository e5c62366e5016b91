//===- LaunchFile.cpp - A Launch from a launch file or NAME=SPEC text -----===//
//
// The text forms of a launch that ptx-run reads (--launch FILE.json,
// --param NAME=SPEC), turned into api::Launch bindings. Nothing here looks
// at a kernel: matching the bindings to its parameters is Kernel::run's
// (Execution.cpp), whatever made the Launch.
//
//===----------------------------------------------------------------------===//

#include "LaunchRules.h"
#include "ModuleData.h"

#include "ptxwarp/API/Execution.h"
#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

using namespace llvm;

namespace ptxwarp {
namespace api {

namespace {

/// One parameter as written, before it becomes a Launch::Binding.
struct ParamSpec {
  std::string Name; ///< empty: matched by position
  bool IsBuffer = false;
  std::string Type; ///< "u32", "f32", "ptr"
  /// Scalar: the value (an integer as uint64_t, or int64_t when Negative;
  /// a float's IEEE bits). Buffer: the initial bytes.
  uint64_t ScalarBits = 0;
  bool Negative = false;
  std::vector<uint8_t> Bytes;
};

void addBinding(Launch &L, ParamSpec P) {
  Launch::Binding B;
  B.Param = std::move(P.Name);
  B.IsBuffer = P.IsBuffer;
  B.Bits = P.ScalarBits;
  B.Negative = P.Negative;
  B.Bytes = std::move(P.Bytes);
  B.Type = std::move(P.Type);
  L.Bindings.push_back(std::move(B));
}

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<ir::Type> elemType(StringRef Name) {
  ir::Type T = ir::Type::fromName(Name);
  if (T.K == ir::Type::None || T.K == ir::Type::Pred || T.Packed ||
      T.K == ir::Type::BF || (T.isFloat() && T.Bits == 16))
    return fail("unknown element type '" + Name +
                "' (use u8 s8 u16 s16 u32 s32 u64 s64 b8 b16 b32 b64 f32 "
                "f64)");
  return T;
}

/// A number as read: an integer (uint64_t, or int64_t when Negative) or a
/// floating-point value.
struct Number {
  bool IsInt = true;
  bool Negative = false;
  uint64_t Int = 0;
  double D = 0;
  std::string text() const {
    if (!IsInt) {
      std::string S;
      raw_string_ostream(S) << format("%g", D);
      return S;
    }
    return Negative ? std::to_string(int64_t(Int)) : std::to_string(Int);
  }
};

/// An integer written in text: decimal, 0x hex, 0 octal, with a sign.
std::optional<Number> textInteger(StringRef Text) {
  Number N;
  if (!Text.getAsInteger(0, N.Int))
    return N;
  int64_t I;
  if (!Text.getAsInteger(0, I)) {
    N.Negative = I < 0;
    N.Int = uint64_t(I);
    return N;
  }
  return std::nullopt;
}

/// The bits of the float value \p D as \p T (f32 rounds to nearest).
uint64_t floatBits(ir::Type T, double D) {
  if (T.Bits == 32) {
    float F = float(D);
    uint32_t B;
    std::memcpy(&B, &F, 4);
    return B;
  }
  uint64_t B;
  std::memcpy(&B, &D, 8);
  return B;
}

double intValue(const Number &N) {
  return N.Negative ? double(int64_t(N.Int)) : double(N.Int);
}

/// \p N as an integer for the integer type \p T: a float must be integral
/// (1.5e3 is 1500; 1.5 is an error) and within 64 bits.
Expected<Number> integerOf(ir::Type T, const Number &N, const Twine &Where) {
  if (N.IsInt)
    return N;
  if (N.D != std::trunc(N.D))
    return fail(Where + ": " + N.text() + " is not an integer (the type is " +
                T.str() + ")");
  // Within (-2^63, 2^64): the conversion below is defined.
  if (!(N.D > -9223372036854775808.0 && N.D < 18446744073709551616.0))
    return fail(Where + ": " + N.text() + " is out of range for " + T.str() +
                " (" + rangeText(T) + ")");
  Number I;
  I.Negative = N.D < 0;
  I.Int = N.D < 0 ? uint64_t(int64_t(N.D)) : uint64_t(N.D);
  return I;
}

/// Raw bits for an element or scalar of \p T: they must fit its width.
Expected<uint64_t> rawBits(ir::Type T, const Number &N, const Twine &Where) {
  ir::Type Bits{ir::Type::B, T.Bits};
  auto I = integerOf(Bits, N, Where);
  if (!I || !fits(Bits, I->Negative, I->Int)) {
    if (!I)
      consumeError(I.takeError());
    return fail(Where + ": bits " + N.text() + " do not fit " + T.str() + " (" +
                Twine(unsigned(T.Bits)) + " bits)");
  }
  return T.Bits >= 64 ? I->Int : I->Int & maxUIntN(T.Bits);
}

/// \p N as an element of \p T (floats by value; integers must be values of
/// \p T). \p Where names the element in messages.
Expected<uint64_t> elementBits(ir::Type T, const Number &N,
                               const Twine &Where) {
  if (T.isFloat())
    return floatBits(T, N.IsInt ? intValue(N) : N.D);
  auto IOr = integerOf(T, N, Where);
  if (!IOr)
    return IOr.takeError();
  const Number &I = *IOr;
  if (!fits(T, I.Negative, I.Int))
    return fail(Where + ": " + I.text() + " is out of range for " + T.str() +
                " (" + rangeText(T) + ")");
  return I.Int;
}

void appendBits(std::vector<uint8_t> &Out, ir::Type T, uint64_t Bits) {
  for (unsigned I = 0; I < T.bytes(); ++I)
    Out.push_back(uint8_t(Bits >> (8 * I)));
}

/// A number written in text as a value of \p T (a float for float types,
/// else an integer).
Expected<Number> textNumber(ir::Type T, StringRef Text, const Twine &Where) {
  Text = Text.trim();
  if (T.isFloat()) {
    Number N;
    N.IsInt = false;
    if (Text.getAsDouble(N.D))
      return fail(Where + ": '" + Text + "' is not a floating-point number");
    return N;
  }
  if (auto N = textInteger(Text))
    return *N;
  StringRef Digits = Text;
  Digits.consume_front("-");
  if (!Digits.empty() && all_of(Digits, isDigit))
    return fail(Where + ": " + Text + " does not fit a 64-bit integer");
  return fail(Where + ": '" + Text + "' is not an integer (the type is " +
              T.str() + ")");
}

Expected<std::vector<uint8_t>> fillBuffer(ir::Type T, uint64_t Count,
                                          StringRef Init, const Twine &Where) {
  std::vector<uint8_t> Out;
  if (Init == "zero" || Init.empty()) {
    Out.assign(Count * T.bytes(), 0);
    return Out;
  }
  if (Init == "iota") {
    // Element I holds I (modulo 2^N for an integer type narrower than the
    // index).
    for (uint64_t I = 0; I < Count; ++I)
      appendBits(Out, T, T.isFloat() ? floatBits(T, double(I)) : I);
    return Out;
  }
  return fail(Where + ": unknown buffer init '" + Init + "' (zero or iota)");
}

Expected<ParamSpec> parseParamSpec(StringRef Text, uint64_t MaxBytes) {
  ParamSpec P;
  auto [Name, Spec] = Text.split('=');
  if (Spec.empty())
    return fail("--param expects NAME=SPEC, got '" + Text + "'");
  P.Name = Name.str();
  size_t Bracket = Spec.find('[');
  if (Bracket == StringRef::npos) {
    // Scalar: TYPE:VALUE, or ptr:ADDRESS. Whether the value suits the
    // parameter is Kernel::run's to say (it knows the declared type).
    auto [TyName, Value] = Spec.split(':');
    if (TyName == "ptr") {
      auto N = textInteger(Value.trim());
      if (!N || N->Negative)
        return fail(Text + ": '" + Value + "' is not an address");
      P.Type = "ptr";
      P.ScalarBits = N->Int;
      return P;
    }
    auto T = elemType(TyName);
    if (!T)
      return T.takeError();
    auto N = textNumber(*T, Value, Text);
    if (!N)
      return N.takeError();
    P.Type = T->str();
    P.Negative = N->IsInt && N->Negative;
    P.ScalarBits = T->isFloat() ? floatBits(*T, N->D) : N->Int;
    return P;
  }
  // Buffer: TYPE[N]=zero|iota|v1,v2,...|@file.
  P.IsBuffer = true;
  auto T = elemType(Spec.take_front(Bracket));
  if (!T)
    return T.takeError();
  P.Type = T->str();
  StringRef Rest = Spec.drop_front(Bracket + 1);
  auto [CountText, After] = Rest.split(']');
  uint64_t Count = 0;
  if (CountText.getAsInteger(10, Count))
    return fail("bad element count in '" + Text + "'");
  if (Count > MaxBytes / T->bytes())
    return fail("buffer '" + Name + "' is larger than the memory limit (" +
                Twine(MaxBytes) + " bytes)");
  uint64_t Bytes = Count * T->bytes();
  StringRef Init = After.consume_front("=") ? After : StringRef("zero");
  if (Init.startswith("@")) {
    auto MB = MemoryBuffer::getFile(Init.drop_front());
    if (!MB)
      return fail("cannot read '" + Init.drop_front() +
                  "': " + MB.getError().message());
    StringRef Data = (*MB)->getBuffer();
    if (Data.size() != Bytes)
      return fail(Text + ": '" + Init.drop_front() + "' has " +
                  Twine(Data.size()) + " bytes, the buffer " + Twine(Bytes) +
                  " (" + Twine(Count) + " x " + T->str() + ")");
    P.Bytes.assign(Data.begin(), Data.end());
    return P;
  }
  if (Init == "zero" || Init == "iota") {
    auto B = fillBuffer(*T, Count, Init, Text);
    if (!B)
      return B.takeError();
    P.Bytes = std::move(*B);
    return P;
  }
  SmallVector<StringRef, 16> Vals;
  Init.split(Vals, ',');
  if (Vals.size() > Count)
    return fail(Text + ": " + Twine(Vals.size()) + " values for " +
                Twine(Count) + (Count == 1 ? " element" : " elements"));
  for (size_t I = 0; I < Vals.size(); ++I) {
    std::string Where = (Text + ": value " + Twine(I + 1)).str();
    auto N = textNumber(*T, Vals[I], Where);
    if (!N)
      return N.takeError();
    auto Bits = elementBits(*T, *N, Where);
    if (!Bits)
      return Bits.takeError();
    appendBits(P.Bytes, *T, *Bits);
  }
  P.Bytes.resize(Bytes, 0);
  return P;
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

/// What a JSON value is, for messages: "a string", "an array", ...
std::string kindOf(const json::Value &V) {
  switch (V.kind()) {
  case json::Value::Null:
    return "null";
  case json::Value::Boolean:
    return "a boolean";
  case json::Value::Number:
    return "a number";
  case json::Value::String:
    return "a string";
  case json::Value::Array:
    return "an array";
  case json::Value::Object:
    return "an object";
  }
  return "a value";
}

/// A JSON number (or a quoted one: "0x10", and the integers
/// quoteWideIntegers quoted).
Expected<Number> jsonNumber(const json::Value &V, const Twine &Where) {
  if (auto S = V.getAsString()) {
    if (auto N = textInteger(S->trim()))
      return *N;
    StringRef Digits = S->trim();
    Digits.consume_front("-");
    if (!Digits.empty() && all_of(Digits, isDigit))
      return fail(Where + ": " + *S + " does not fit a 64-bit integer");
    return fail(Where + ": '" + *S + "' is not a number");
  }
  Number N;
  if (auto U = V.getAsUINT64()) {
    N.Int = *U;
    return N;
  }
  if (auto I = jsonInt64(V)) {
    N.Negative = *I < 0;
    N.Int = uint64_t(*I);
    return N;
  }
  if (auto D = V.getAsNumber()) {
    N.IsInt = false;
    N.D = *D;
    return N;
  }
  return fail(Where + ": expected a number, got " + kindOf(V));
}

/// A non-negative integer up to \p Max.
Expected<uint64_t> jsonCount(const json::Value &V, const Twine &Where,
                             const Twine &What, uint64_t Max = UINT64_MAX) {
  auto N = jsonNumber(V, Where);
  if (!N) {
    consumeError(N.takeError());
    std::string Got = kindOf(V);
    // A bare integer beyond 64 bits reaches here quoted (quoteWideIntegers).
    if (auto S = V.getAsString()) {
      StringRef Digits = S->trim();
      Digits.consume_front("-");
      if (!Digits.empty() && all_of(Digits, isDigit))
        Got = S->str();
    }
    return fail(Where + " must be " + What + ", got " + Got);
  }
  uint64_t U = N->Int;
  if (!N->IsInt) {
    if (!(N->D >= 0 && N->D < 18446744073709551616.0) ||
        N->D != std::trunc(N->D))
      return fail(Where + " must be " + What + ", got " + N->text());
    U = uint64_t(N->D);
  }
  if (N->IsInt && N->Negative)
    return fail(Where + " must be " + What + ", got " + N->text());
  if (U > Max)
    return fail(Where + " must be " + What + ", got " + Twine(U));
  return U;
}

/// Every key of \p O is one of \p Known; an unknown one is an error with
/// the closest known key (llvm::StringRef::edit_distance) as a suggestion.
Error checkKeys(const json::Object &O, ArrayRef<StringRef> Known,
                const Twine &Where) {
  std::vector<std::string> Keys;
  for (const auto &KV : O)
    Keys.push_back(KV.first.str());
  std::sort(Keys.begin(), Keys.end()); // json::Object is unordered
  for (const std::string &Key : Keys) {
    if (llvm::is_contained(Known, Key))
      continue;
    std::string Lower = StringRef(Key).lower();
    StringRef Best;
    unsigned BestDistance = ~0u;
    for (StringRef K : Known) {
      unsigned D = StringRef(Lower).edit_distance(K.lower());
      // A shortened key ("dynamic_shared") counts as close.
      if (Key.size() >= 4 && K.startswith_insensitive(Key))
        D = 0;
      if (D < BestDistance)
        Best = K, BestDistance = D;
    }
    std::string Msg = ("launch file: unknown key '" + Key + "' in " + Where +
                       " (expected " + join(Known, ", ") + ")")
                          .str();
    if (BestDistance <= std::max<size_t>(2, Key.size() / 3))
      Msg += "; did you mean '" + Best.str() + "'?";
    return fail(Msg);
  }
  return Error::success();
}

Error parseDims(const json::Object &O, StringRef Key, unsigned (&Out)[3]) {
  const json::Value *V = O.get(Key);
  if (!V)
    return Error::success();
  const json::Array *A = V->getAsArray();
  std::string What = "an array of 1 to 3 positive integers ([X, Y, Z])";
  if (!A)
    return fail("launch file: '" + Key + "' must be " + What + ", got " +
                kindOf(*V));
  if (A->empty() || A->size() > 3)
    return fail("launch file: '" + Key + "' has " + Twine(A->size()) +
                " elements, expected 1 to 3 ([X, Y, Z])");
  unsigned D[3] = {1, 1, 1};
  for (size_t I = 0; I < A->size(); ++I) {
    std::string Where = ("launch file: " + Key + "[" + Twine(I) + "]").str();
    auto N = jsonCount((*A)[I], Where, "a positive 32-bit integer", UINT32_MAX);
    if (!N)
      return N.takeError();
    if (*N == 0)
      return fail(Where + " must be a positive 32-bit integer, got 0");
    D[I] = unsigned(*N);
  }
  std::copy(D, D + 3, Out);
  return Error::success();
}

/// The "type" of a scalar or buffer object ("u32" when absent).
Expected<std::string> typeField(const json::Object &O, const Twine &Where) {
  const json::Value *TV = O.get("type");
  if (!TV)
    return std::string("u32");
  auto TS = TV->getAsString();
  if (!TS)
    return fail("launch file: " + Where + ".type must be a string, got " +
                kindOf(*TV));
  return TS->str();
}

Error parseScalar(const json::Object &S, ParamSpec &P, const Twine &Where) {
  if (Error E = checkKeys(S, {"type", "value", "bits"}, Where))
    return E;
  Expected<std::string> TypeName = typeField(S, Where);
  if (!TypeName)
    return TypeName.takeError();
  const json::Value *Value = S.get("value");
  const json::Value *Bits = S.get("bits");
  if (Value && Bits)
    return fail("launch file: " + Where +
                " has both 'value' and 'bits'; give one");
  if (!Value && !Bits)
    return fail("launch file: " + Where + " needs a 'value' or 'bits'");
  std::string At =
      ("launch file: " + Where + (Value ? ".value" : ".bits")).str();
  auto N = jsonNumber(Value ? *Value : *Bits, At);
  if (!N)
    return N.takeError();
  if (*TypeName == "ptr") {
    if (!N->IsInt || N->Negative)
      return fail(At + ": " + N->text() + " is not an address");
    P.Type = "ptr";
    P.ScalarBits = N->Int;
    return Error::success();
  }
  auto T = elemType(*TypeName);
  if (!T)
    return fail("launch file: " + Where + ".type: " + toString(T.takeError()));
  P.Type = T->str();
  if (Bits) {
    auto B = rawBits(*T, *N, At);
    if (!B)
      return B.takeError();
    P.ScalarBits = *B;
    // The bits of a signed type are its value, sign-extended.
    if (T->isSigned() && T->Bits < 64 && ((*B >> (T->Bits - 1)) & 1)) {
      P.Negative = true;
      P.ScalarBits = uint64_t(SignExtend64(*B, T->Bits));
    } else if (T->isSigned() && T->Bits == 64) {
      P.Negative = int64_t(*B) < 0;
    }
    return Error::success();
  }
  if (T->isFloat()) {
    P.ScalarBits = floatBits(*T, N->IsInt ? intValue(*N) : N->D);
    return Error::success();
  }
  // An integer value: whether it suits the parameter is Kernel::run's to say.
  auto I = integerOf(*T, *N, At);
  if (!I)
    return I.takeError();
  P.Negative = I->Negative;
  P.ScalarBits = I->Int;
  return Error::success();
}

Error parseBuffer(const json::Object &B, ParamSpec &P, const Twine &Where,
                  uint64_t MaxBytes) {
  if (Error E = checkKeys(B, {"type", "count", "init", "data", "bits"}, Where))
    return E;
  Expected<std::string> TypeName = typeField(B, Where);
  if (!TypeName)
    return TypeName.takeError();
  auto T = elemType(*TypeName);
  if (!T)
    return fail("launch file: " + Where + ".type: " + toString(T.takeError()));
  P.Type = T->str();
  const char *Sources[] = {"init", "data", "bits"};
  const char *Given = nullptr;
  for (const char *K : Sources)
    if (B.get(K)) {
      if (Given)
        return fail("launch file: " + Where + " has both '" + Given +
                    "' and '" + K + "'; give one");
      Given = K;
    }
  std::optional<uint64_t> Count;
  if (const json::Value *CV = B.get("count")) {
    auto C = jsonCount(*CV, "launch file: " + Where + ".count",
                       "a non-negative integer");
    if (!C)
      return C.takeError();
    Count = *C;
  }
  const json::Value *List = B.get("data");
  bool Raw = false;
  if (!List) {
    List = B.get("bits");
    Raw = List != nullptr;
  }
  if (List) {
    const json::Array *A = List->getAsArray();
    std::string Key = Raw ? "bits" : "data";
    if (!A)
      return fail("launch file: " + Where + "." + Key +
                  " must be an array of numbers, got " + kindOf(*List));
    if (Count && *Count != A->size())
      return fail("launch file: " + Where + ": 'count' is " + Twine(*Count) +
                  " but '" + Key + "' has " + Twine(A->size()) +
                  (A->size() == 1 ? " value" : " values"));
    if (A->size() > MaxBytes / T->bytes())
      return fail("launch file: buffer '" + P.Name +
                  "' is larger than the memory limit (" + Twine(MaxBytes) +
                  " bytes)");
    for (size_t I = 0; I < A->size(); ++I) {
      std::string At =
          ("launch file: " + Where + "." + Key + "[" + Twine(I) + "]").str();
      auto N = jsonNumber((*A)[I], At);
      if (!N)
        return N.takeError();
      auto X = Raw ? rawBits(*T, *N, At) : elementBits(*T, *N, At);
      if (!X)
        return X.takeError();
      appendBits(P.Bytes, *T, *X);
    }
    return Error::success();
  }
  uint64_t N = Count.value_or(0);
  if (N > MaxBytes / T->bytes())
    return fail("launch file: buffer '" + P.Name +
                "' is larger than the memory limit (" + Twine(MaxBytes) +
                " bytes)");
  std::string Init = "zero";
  if (const json::Value *IV = B.get("init")) {
    auto IS = IV->getAsString();
    if (!IS)
      return fail("launch file: " + Where +
                  ".init must be \"zero\" or \"iota\", got " + kindOf(*IV));
    Init = IS->str();
  }
  auto Buf = fillBuffer(*T, N, Init, "launch file: " + Where + ".init");
  if (!Buf)
    return Buf.takeError();
  P.Bytes = std::move(*Buf);
  return Error::success();
}

Error parseLaunchJSON(StringRef Text, Launch &Spec, std::string *Entry,
                      uint64_t MaxBytes) {
  auto Root = json::parse(quoteWideIntegers(Text));
  if (!Root)
    return fail("launch file: " + toString(Root.takeError()));
  const json::Object *O = Root->getAsObject();
  if (!O)
    return fail("launch file: expected a JSON object, got " + kindOf(*Root));
  if (Error E = checkKeys(
          *O, {"entry", "grid", "block", "dynamic_shared_bytes", "params"},
          "the launch object"))
    return E;
  if (const json::Value *EV = O->get("entry")) {
    auto E = EV->getAsString();
    if (!E)
      return fail("launch file: 'entry' must be a string (the kernel's "
                  "name), got " +
                  kindOf(*EV));
    if (Entry)
      *Entry = E->str();
  }
  if (Error E = parseDims(*O, "grid", Spec.Grid))
    return E;
  if (Error E = parseDims(*O, "block", Spec.Block))
    return E;
  if (const json::Value *DV = O->get("dynamic_shared_bytes")) {
    auto D = jsonCount(*DV, "launch file: 'dynamic_shared_bytes'",
                       "a non-negative integer (bytes)");
    if (!D)
      return D.takeError();
    Spec.DynamicSharedBytes = *D;
  }
  const json::Value *PV = O->get("params");
  if (!PV)
    return Error::success();
  const json::Array *Params = PV->getAsArray();
  if (!Params)
    return fail("launch file: 'params' must be an array of objects, got " +
                kindOf(*PV));
  StringMap<size_t> Seen;
  for (size_t I = 0; I < Params->size(); ++I) {
    std::string Where = ("params[" + Twine(I) + "]").str();
    const json::Object *PO = (*Params)[I].getAsObject();
    if (!PO)
      return fail("launch file: " + Where + " must be an object, got " +
                  kindOf((*Params)[I]));
    if (Error E = checkKeys(*PO, {"name", "scalar", "buffer"}, Where))
      return E;
    ParamSpec P;
    if (const json::Value *NV = PO->get("name")) {
      auto N = NV->getAsString();
      if (!N)
        return fail("launch file: " + Where + ".name must be a string, got " +
                    kindOf(*NV));
      P.Name = N->str();
      auto [It, New] = Seen.try_emplace(P.Name, I);
      if (!New)
        return fail("launch file: " + Where + ": parameter '" + P.Name +
                    "' is already given by params[" + Twine(It->second) + "]");
    }
    const json::Value *SV = PO->get("scalar");
    const json::Value *BV = PO->get("buffer");
    if (SV && BV)
      return fail("launch file: " + Where +
                  " has both \"scalar\" and \"buffer\"; give one");
    if (!SV && !BV)
      return fail("launch file: " + Where + " needs \"scalar\" or \"buffer\"");
    const json::Object *Obj = (SV ? SV : BV)->getAsObject();
    std::string Key = SV ? "scalar" : "buffer";
    if (!Obj)
      return fail("launch file: " + Where + "." + Key +
                  " must be an object, got " + kindOf(SV ? *SV : *BV));
    if (SV) {
      if (Error E = parseScalar(*Obj, P, Where + ".scalar"))
        return E;
    } else {
      P.IsBuffer = true;
      if (Error E = parseBuffer(*Obj, P, Where + ".buffer", MaxBytes))
        return E;
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
