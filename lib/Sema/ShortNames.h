//===- ShortNames.h - Names of at most 8 characters as one word -----------===//
//
// Compilers name registers in a few characters (`%rd12`): the tables that
// every register operand reaches (RegisterIds, the lookup cache, the
// register ranges of a scope) keep such names as one 64-bit word and compare
// words, without hashing or comparing strings. Private to lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_SHORTNAMES_H
#define PTXWARP_LIB_SEMA_SHORTNAMES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>

namespace ptxwarp {
namespace sema {

/// Whether \p Name has 1 to 8 characters (packShortName takes it).
inline bool isShortName(llvm::StringRef Name) { return Name.size() - 1 < 8; }

/// The bytes of a short name as one word: two loads that overlap for names
/// of 5 to 7 characters, single bytes below 4. With the size it determines
/// the name.
inline uint64_t packShortName(llvm::StringRef Name) {
  const char *P = Name.data();
  size_t N = Name.size();
  if (N >= 4) {
    uint32_t Lo, Hi;
    std::memcpy(&Lo, P, 4);
    std::memcpy(&Hi, P + N - 4, 4);
    return uint64_t(Lo) | uint64_t(Hi) << 32;
  }
  return uint64_t(uint8_t(P[0])) | uint64_t(uint8_t(P[N / 2])) << 8 |
         uint64_t(uint8_t(P[N - 1])) << 16;
}

/// Fibonacci hashing of a packed name: the top \p Bits bits of the product,
/// which depend on every bit of the word.
inline size_t hashShortName(uint64_t Word, size_t Size, unsigned Bits) {
  return size_t(((Word + Size) * 0x9E3779B97F4A7C15ull) >> (64 - Bits));
}

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_LIB_SEMA_SHORTNAMES_H
