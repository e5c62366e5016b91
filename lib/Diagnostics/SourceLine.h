//===- SourceLine.h - The source line and caret under a diagnostic --------===//
//
// What llvm::SMDiagnostic prints under a message (the line, tabs expanded to
// 8 columns, and a caret line with ~ under the ranges), made safe for hostile
// input: control bytes are shown as <U+00XX>, bytes that are not UTF-8 as
// <XX>, and a very long line is cut to a window around the caret with "..."
// at the cut ends (as clang does).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_DIAGNOSTICS_SOURCELINE_H
#define PTXWARP_LIB_DIAGNOSTICS_SOURCELINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

namespace ptxwarp {

/// Lines wider than this many columns are cut around the caret.
constexpr unsigned MaxSourceLineColumns = 120;

/// Prints \p Line and the caret line: the caret under byte \p Column
/// (0-based; past the end: after the line), ~ under the byte ranges
/// [first, second) of \p Ranges.
void printSourceLine(llvm::raw_ostream &OS, llvm::StringRef Line,
                     unsigned Column,
                     llvm::ArrayRef<std::pair<unsigned, unsigned>> Ranges,
                     bool Color);

} // namespace ptxwarp

#endif // PTXWARP_LIB_DIAGNOSTICS_SOURCELINE_H
