//===- VideoSelectors.cpp - The video selectors an operand may carry ------===//
//
// PTX ISA 9.0, 9.7.10 (scalar video: `.dsel = .asel = .bsel = { .b0, .b1,
// .b2, .b3, .h0, .h1 }`) and 9.7.11 (SIMD video: `.mask = { .h0, .h1, .h10 }`
// and `.asel = .bsel = .hxy, x,y in 0-3` for vop2; `.mask` a subset of
// .b3210 in decreasing order and `.asel = .bsel = .bxyzw, x,y,z,w in 0-7` for
// vop4), as ptxas 13.0 takes them (enumerated against ptxas; the video
// mutants of test/Sema/isa-campaign.test).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ISA/InstrTable.h"

using namespace llvm;

namespace ptxwarp {
namespace isa {

namespace {

/// `Letter` followed by \p Count digits each below \p Limit (Count 0: one
/// to four, distinct and decreasing).
bool digitsFit(StringRef Sel, char Letter, unsigned Count, char Limit) {
  if (Sel.size() < 2 || Sel[0] != Letter)
    return false;
  StringRef Digits = Sel.drop_front();
  if (Count ? Digits.size() != Count : Digits.size() > 4)
    return false;
  char Prev = '9' + 1;
  for (char C : Digits) {
    if (C < '0' || C >= Limit || (!Count && C >= Prev))
      return false;
    Prev = C;
  }
  return true;
}

} // namespace

bool videoSelectorFits(VideoSel K, StringRef Sel) {
  switch (K) {
  case VideoSel::None:
  case VideoSel::Simd:
    return false;
  case VideoSel::Scalar:
    return digitsFit(Sel, 'b', 1, '4') || Sel == "h0" || Sel == "h1";
  case VideoSel::Half:
    return digitsFit(Sel, 'h', 2, '4');
  case VideoSel::Byte:
    return digitsFit(Sel, 'b', 4, '8');
  case VideoSel::HalfMask:
    return Sel == "h0" || Sel == "h1" || Sel == "h10";
  case VideoSel::ByteMask:
    return digitsFit(Sel, 'b', 0, '4');
  }
  return false;
}

} // namespace isa
} // namespace ptxwarp
