//===- Shadow.h - Definedness of the bytes of shared/local/.param memory --===//
//
// The interpreter treats definedness as MemorySanitizer does, with global
// memory as the boundary the host sees (README, UB d): a value read by
// shfl.sync from a lane that did not take part, or a register read before
// any write, is undefined, and so is everything computed from it. Storing
// it to shared, local or .param memory is no use: the bytes it lands in
// become undefined (their shadow), and a load of them gives an undefined
// value again. A store of a defined value makes its bytes defined again.
// Memory starts defined (shared and local memory read as zero before any
// store): only undefined values make bytes undefined.
//
// ShadowBytes is that shadow for one byte buffer (a CTA's shared memory, a
// warp's local or .param frame memory): one word per byte, 0 when the byte
// is defined, else 1 + the origin id of the undefined value it came from
// (MSan's origin tracking, so that the report at the use can name the shfl
// and the lanes that did not take part). It is empty, and costs nothing,
// until the first undefined byte is stored.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_SHADOW_H
#define PTXWARP_INTERP_SHADOW_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ptxwarp {
namespace interp {

class ShadowBytes {
public:
  /// Whether any byte was ever marked undefined (else all are defined).
  bool live() const { return !Words.empty(); }
  /// Every byte defined again, the memory released.
  void reset() { std::vector<uint32_t>().swap(Words); }

  /// Marks [Off, Off+N) undefined with origin \p Origin, allocating the
  /// shadow of a \p BufSize-byte buffer on first use. The caller has
  /// checked that the range lies within the buffer.
  void poison(uint64_t BufSize, uint64_t Off, uint64_t N, uint32_t Origin) {
    if (Words.empty())
      Words.assign(BufSize, 0);
    std::fill_n(Words.begin() + Off, N, Origin + 1);
  }
  /// Marks [Off, Off+N) defined.
  void unpoison(uint64_t Off, uint64_t N) {
    if (!Words.empty())
      std::fill_n(Words.begin() + Off, N, 0u);
  }
  /// Whether a byte of [Off, Off+N) is undefined; if so, \p Origin is the
  /// origin of the first one.
  bool undefined(uint64_t Off, uint64_t N, uint32_t &Origin) const {
    if (Words.empty())
      return false;
    for (uint64_t K = 0; K < N; ++K)
      if (uint32_t W = Words[Off + K]) {
        Origin = W - 1;
        return true;
      }
    return false;
  }
  /// Copies the definedness of [SrcOff, SrcOff+N) of \p Src (which may be
  /// this buffer; the ranges may overlap) to [DstOff, DstOff+N) here.
  void copyFrom(uint64_t BufSize, uint64_t DstOff, const ShadowBytes &Src,
                uint64_t SrcOff, uint64_t N) {
    if (!Src.live()) {
      unpoison(DstOff, N);
      return;
    }
    std::vector<uint32_t> Tmp(Src.Words.begin() + SrcOff,
                              Src.Words.begin() + SrcOff + N);
    bool Any =
        std::any_of(Tmp.begin(), Tmp.end(), [](uint32_t W) { return W != 0; });
    if (!Any) {
      unpoison(DstOff, N);
      return;
    }
    if (Words.empty())
      Words.assign(BufSize, 0);
    std::copy(Tmp.begin(), Tmp.end(), Words.begin() + DstOff);
  }

private:
  std::vector<uint32_t> Words;
};

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_SHADOW_H
