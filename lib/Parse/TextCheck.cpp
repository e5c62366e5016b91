//===- TextCheck.cpp - Is the input PTX text at all? ----------------------===//

#include "TextCheck.h"

#include <algorithm>
#include <string>

using namespace llvm;

namespace ptxwarp {
namespace parse {

/// A byte that text does not have: a control byte other than the white
/// space ones, or (PTX being ASCII) a byte of 0x80 and above.
static bool isSuspicious(unsigned char C) {
  if (C == '\t' || C == '\n' || C == '\v' || C == '\f' || C == '\r')
    return false;
  return C < 0x20 || C >= 0x7f;
}

bool rejectNonText(StringRef Buf, DiagnosticEngine &Diags) {
  std::string Why;
  if (Buf.startswith("\xEF\xBB\xBF"))
    Why = "it starts with a UTF-8 byte order mark (PTX is ASCII text: save "
          "it without the BOM)";
  else if (Buf.startswith("\xFE\xFF") || Buf.startswith("\xFF\xFE"))
    Why = "it starts with a UTF-16 byte order mark (PTX is ASCII text)";
  // Binary data: more than one byte in eight of the first 4 KiB is a
  // control or non-ASCII byte (a stray NUL or UTF-8 letter in a text file
  // stays a located syntax error).
  size_t Sample = std::min<size_t>(Buf.size(), 4096), Odd = 0;
  for (size_t I = 0; I < Sample; ++I)
    Odd += isSuspicious(static_cast<unsigned char>(Buf[I]));
  if (Why.empty() && Sample && Odd * 8 > Sample)
    Why = "it holds binary data (" + std::to_string(Odd) + " of its first " +
          std::to_string(Sample) + " bytes are control or non-ASCII bytes)";
  if (Why.empty())
    return false;
  // Located at the start, without echoing the bytes.
  Location L = Diags.resolve(SMLoc::getFromPointer(Buf.data()));
  if (!L.isValid())
    L = Location{Diags.mainFileName(), 1, 1};
  Diags.report(DiagID::NotText, SMRange()).at(L)
      << "not a PTX text file: " << Why;
  return true;
}

} // namespace parse
} // namespace ptxwarp
