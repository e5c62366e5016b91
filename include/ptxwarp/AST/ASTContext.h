//===- ASTContext.h - The arena every AST node lives in -------------------===//
//
// AST nodes are small, trivially destructible records allocated in a bump
// arena: building them is a pointer bump and freeing a whole top-level item
// (or a whole module) is one reset. Lists inside nodes are ArrayRefs into the
// same arena; names, qualifiers and literal spellings are StringRefs into the
// source buffer (owned by the Module's SourceMgr), so nothing is copied.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_AST_ASTCONTEXT_H
#define PTXWARP_AST_ASTCONTEXT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Allocator.h"

#include <algorithm>
#include <memory>
#include <type_traits>
#include <utility>

namespace ptxwarp {
namespace ast {

class ASTContext {
public:
  ASTContext() = default;
  ASTContext(const ASTContext &) = delete;
  ASTContext &operator=(const ASTContext &) = delete;

  /// Allocates a node. Nodes are never destroyed individually, so they must
  /// not own anything.
  template <typename T, typename... Args> T *create(Args &&...A) {
    static_assert(std::is_trivially_destructible<T>::value,
                  "AST nodes must be trivially destructible");
    return new (Alloc.Allocate(sizeof(T), alignof(T)))
        T(std::forward<Args>(A)...);
  }

  /// Copies \p Items into the arena (for the lists held by nodes).
  template <typename T> llvm::ArrayRef<T> copy(llvm::ArrayRef<T> Items) {
    static_assert(std::is_trivially_copyable<T>::value,
                  "arena lists hold plain values");
    if (Items.empty())
      return {};
    T *Mem =
        static_cast<T *>(Alloc.Allocate(sizeof(T) * Items.size(), alignof(T)));
    std::uninitialized_copy(Items.begin(), Items.end(), Mem);
    return llvm::ArrayRef<T>(Mem, Items.size());
  }

  /// A list of \p N values in the arena, value-initialised, to fill in place
  /// (copy() without building the list somewhere else first).
  template <typename T> llvm::MutableArrayRef<T> allocateList(size_t N) {
    static_assert(std::is_trivially_copyable<T>::value &&
                      std::is_trivially_destructible<T>::value,
                  "arena lists hold plain values");
    if (N == 0)
      return {};
    T *Mem = static_cast<T *>(Alloc.Allocate(sizeof(T) * N, alignof(T)));
    std::uninitialized_value_construct_n(Mem, N);
    return llvm::MutableArrayRef<T>(Mem, N);
  }

  /// Frees every node at once (the streaming parser does this per item).
  void reset() { Alloc.Reset(); }
  size_t bytesAllocated() const { return Alloc.getBytesAllocated(); }

private:
  llvm::BumpPtrAllocator Alloc;
};

} // namespace ast
} // namespace ptxwarp

#endif // PTXWARP_AST_ASTCONTEXT_H
