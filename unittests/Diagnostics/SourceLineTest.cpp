//===- SourceLineTest.cpp - The echoed source line under a diagnostic -----===//
//
// On ordinary lines the text renderer prints exactly what llvm::SourceMgr's
// PrintMessage prints (the reference); control bytes are escaped and long
// lines cut around the caret.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/Diagnostics/DiagnosticRender.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <string>

using namespace ptxwarp;

namespace {

struct Rendered {
  std::string Ours, LLVM;
};

/// Renders an error over [Start, End) of \p Text both ways.
Rendered render(const std::string &Text, size_t Start, size_t End,
                bool Color = false) {
  llvm::SourceMgr SM;
  SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(Text, "k.ptx"),
                        llvm::SMLoc());
  const char *B = SM.getMemoryBuffer(1)->getBufferStart();
  llvm::SMRange R(llvm::SMLoc::getFromPointer(B + Start),
                  llvm::SMLoc::getFromPointer(B + End));
  DiagnosticEngine Diags(&SM);
  Diags.report(DiagID::SyntaxError, R) << "msg";
  Rendered Out;
  llvm::raw_string_ostream OS(Out.Ours);
  renderText(OS, Diags.diagnostics()[0], &SM, Color);
  OS.flush();
  llvm::raw_string_ostream Ref(Out.LLVM);
  llvm::SmallVector<llvm::SMRange, 1> Ranges;
  if (End > Start)
    Ranges.push_back(R);
  SM.PrintMessage(Ref, R.Start, llvm::SourceMgr::DK_Error, "msg [syntax-error]",
                  Ranges, {}, Color);
  Ref.flush();
  return Out;
}

TEST(SourceLineTest, OrdinaryLinesPrintAsLLVMPrintsThem) {
  const std::string Text = "line one\n\tst.global.u32\t[%rd3], %r2;\n"
                           "  a  b\n\t\tx\r\nlast";
  // Every start and end within the text, with and without a range.
  for (size_t S = 0; S < Text.size(); ++S) {
    for (size_t E : {S, S + 1, S + 3, Text.size()}) {
      if (E > Text.size())
        continue;
      Rendered R = render(Text, S, E);
      EXPECT_EQ(R.Ours, R.LLVM) << "range " << S << "-" << E;
    }
  }
}

TEST(SourceLineTest, ControlBytesAreEscaped) {
  // "a\0b\x1b[31mc": the caret under the NUL (column 2).
  std::string Text("a\0b\x1b[31mc\n", 10);
  Rendered R = render(Text, 1, 1);
  EXPECT_EQ(R.Ours, "k.ptx:1:2: error: msg [syntax-error]\n"
                    "a<U+0000>b<U+001B>[31mc\n"
                    " ^\n");
}

TEST(SourceLineTest, InvalidUTF8IsShownAsHexAndValidUTF8AsItself) {
  // "\xc3\xa9" is é (one column); "\xff" starts no UTF-8 sequence. The
  // caret under 'x' (byte 4) stands at column 1 + 4 = 5 (0-based).
  std::string Text = "\xc3\xa9\xff"
                     "x\n";
  Rendered R = render(Text, 3, 3);
  EXPECT_EQ(R.Ours, "k.ptx:1:4: error: msg [syntax-error]\n"
                    "\xc3\xa9<FF>x\n"
                    "     ^\n");
}

TEST(SourceLineTest, LongLinesAreCutAroundTheCaret) {
  // 1000 'a's, then "bad" at bytes 1000-1002, then 1000 'z's. The window
  // is 120 - 6 = 114 columns: 38 (a third) before the caret, then "bad"
  // and 73 'z's; "..." at both cut ends.
  std::string Text(1000, 'a');
  Text += "bad";
  Text += std::string(1000, 'z');
  Text += "\n";
  Rendered R = render(Text, 1000, 1003);
  std::string Line =
      "..." + std::string(37, 'a') + "bad" + std::string(74, 'z') + "...";
  std::string Caret = std::string(3 + 37, ' ') + "^~~";
  EXPECT_EQ(R.Ours, "k.ptx:1:1001: error: msg [syntax-error]\n" + Line + "\n" +
                        Caret + "\n");
  EXPECT_EQ(Line.size(), 120u);
  // At the start of a long line: cut only at the end.
  R = render(Text, 0, 0);
  EXPECT_EQ(R.Ours, "k.ptx:1:1: error: msg [syntax-error]\n" +
                        std::string(114, 'a') + "...\n^\n");
}

} // namespace
