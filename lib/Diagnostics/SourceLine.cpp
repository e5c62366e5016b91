//===- SourceLine.cpp - The source line and caret under a diagnostic ------===//

#include "SourceLine.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/WithColor.h"

#include <string>
#include <vector>

using namespace llvm;

namespace ptxwarp {

namespace {
/// What one byte of the line shows: its text and its width in columns (a
/// UTF-8 sequence shows on its first byte; the others show nothing).
struct Cell {
  std::string Text;
  unsigned Width = 0;
  bool Tab = false;
};
} // namespace

static std::vector<Cell> cellsOf(StringRef Line) {
  std::vector<Cell> Cells(Line.size());
  unsigned Col = 0;
  for (size_t I = 0; I < Line.size();) {
    unsigned char C = static_cast<unsigned char>(Line[I]);
    Cell &X = Cells[I];
    if (C == '\t') {
      // As llvm::SMDiagnostic: at least one space, up to a multiple of 8.
      X.Width = 8 - Col % 8;
      X.Text.assign(X.Width, ' ');
      X.Tab = true;
    } else if (C < 0x20 || C == 0x7f) {
      raw_string_ostream(X.Text) << format("<U+%04X>", C);
      X.Width = 8;
    } else if (C < 0x80) {
      X.Text = std::string(1, char(C));
      X.Width = 1;
    } else {
      // A valid UTF-8 sequence shows as itself (one column); a byte that
      // starts none as <XX>.
      unsigned N = getNumBytesForUTF8(C);
      const UTF8 *P = reinterpret_cast<const UTF8 *>(Line.data() + I);
      if (N > 1 && I + N <= Line.size() && isLegalUTF8Sequence(P, P + N)) {
        X.Text = Line.substr(I, N).str();
        X.Width = 1;
        Col += 1;
        I += N;
        continue;
      }
      raw_string_ostream(X.Text) << format("<%02X>", C);
      X.Width = 4;
    }
    Col += X.Width;
    ++I;
  }
  return Cells;
}

void printSourceLine(raw_ostream &OS, StringRef Line, unsigned Column,
                     ArrayRef<std::pair<unsigned, unsigned>> Ranges,
                     bool Color) {
  std::vector<Cell> Cells = cellsOf(Line);
  // One more cell after the line, for a caret or range at its end.
  Cells.push_back({"", 1, false});
  size_t N = Cells.size();
  std::string Mark(N, ' ');
  for (const auto &R : Ranges)
    for (size_t I = R.first; I < R.second && I < N; ++I)
      Mark[I] = '~';
  size_t Caret = std::min<size_t>(Column, N - 1);
  while (Caret > 0 && !Cells[Caret].Width) // inside a UTF-8 sequence
    --Caret;
  Mark[Caret] = '^';

  // The window [B, E) of cells to show: all of them when they fit, else
  // about a third of the width before the caret and the rest after it.
  size_t B = 0, E = N;
  unsigned Total = 0;
  for (const Cell &X : Cells)
    Total += X.Width;
  if (Total > MaxSourceLineColumns) {
    const unsigned Budget = MaxSourceLineColumns - 6; // two "..."
    B = Caret;
    E = Caret + 1;
    unsigned W = Cells[Caret].Width;
    while (B > 0 && W + Cells[B - 1].Width <= Budget / 3)
      W += Cells[--B].Width;
    while (E < N && W + Cells[E].Width <= Budget)
      W += Cells[E++].Width;
    while (B > 0 && W + Cells[B - 1].Width <= Budget)
      W += Cells[--B].Width;
  }

  std::string Src, Car;
  if (B > 0) {
    Src = "...";
    Car = "   ";
  }
  for (size_t I = B; I < E; ++I) {
    const Cell &X = Cells[I];
    Src += X.Text;
    if (!X.Width)
      continue;
    // Tabs repeat the mark over their width (as llvm::SMDiagnostic); a
    // shown escape gets it on its first column.
    char Rest = X.Tab || Mark[I] == '~' ? Mark[I] : ' ';
    Car += Mark[I];
    Car.append(X.Width - 1, Rest);
  }
  if (E < N)
    Src += "...";
  Car.erase(Car.find_last_not_of(' ') + 1);
  OS << Src << '\n';
  WithColor(OS, raw_ostream::GREEN, true, false,
            Color ? ColorMode::Auto : ColorMode::Disable)
      << Car << '\n';
}

} // namespace ptxwarp
