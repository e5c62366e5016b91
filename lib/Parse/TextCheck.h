//===- TextCheck.h - Is the input PTX text at all? ------------------------===//
//
// PTX is ASCII text (ptxas: "Unexpected non-ASCII character"). A file that
// starts with a byte order mark, or whose first bytes are mostly control or
// non-ASCII bytes (an object file, an image, a UTF-16 file), gets one clear
// error instead of hundreds of syntax errors.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_TEXTCHECK_H
#define PTXWARP_LIB_PARSE_TEXTCHECK_H

#include "ptxwarp/Diagnostics/Diagnostic.h"

namespace ptxwarp {
namespace parse {

/// Reports "not a PTX text file" and returns true when \p Buf (a buffer of
/// \p Diags's SourceMgr) is not text.
bool rejectNonText(llvm::StringRef Buf, DiagnosticEngine &Diags);

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_TEXTCHECK_H
