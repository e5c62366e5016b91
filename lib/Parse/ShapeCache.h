//===- ShapeCache.h - Parse-shape memoisation of body statements ---------===//
//
// Internal to lib/Parse. ANTLR's parse of a statement inside a function
// body is a function of the token TYPES it looks at (SLL prediction ignores
// the rule invocation stack), and the AST builder's work on that parse tree
// is a function of the same types plus the text of a few tokens (literal
// values, and the words a declaration or `.loc` branches on). So a statement
// whose "shape" was parsed once can be rebuilt straight from its tokens:
//
//   - shapeKey() names the shape: the token types of the statement and of
//     the one token after it, plus, for declarations and `.loc`, the text of
//     the tokens the builder branches on. Items of a `.section` (data lines
//     and labels) are memoised the same way, under keys of their own.
//   - recordShape() turns the AST the builder made from ANTLR's tree into a
//     ShapeTemplate: every source pointer as (token, offset), every literal
//     as "decode token N again", everything else copied. It refuses (false)
//     what it cannot express exactly, and checks each field it records
//     against the AST it came from.
//   - replayShape() rebuilds that AST for another statement of the same
//     shape; null when a literal turns out malformed (the caller then parses
//     the whole chunk the ordinary way, so diagnostics come from ANTLR and
//     the builder exactly as without the cache).
//
// ShapeCache holds the templates, bounded in bytes (see ShapeCache below).
// MemoParser.cpp decides where statements start and end and when a shape
// may be used; ANTLR stays the authority on what parses.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_SHAPECACHE_H
#define PTXWARP_LIB_PARSE_SHAPECACHE_H

#include "Token.h"

#include "ptxwarp/AST/AST.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ptxwarp {
namespace parse {

/// How to rebuild one statement's AST from its tokens (a small stack-machine
/// program; see ShapeProgram.h).
using ShapeTemplate = std::vector<uint32_t>;

/// Longest statement (in tokens) that gets a template.
constexpr size_t MaxShapeTokens = 4096;

/// Writes the key of the statement \p Unit followed by the token \p Next
/// into \p Key (\p InSection: an item of a `.section`, rule sectionItem).
/// False when the statement is too long to be cached.
bool shapeKey(llvm::ArrayRef<PtxToken> Unit, const PtxToken &Next,
              bool InSection, llvm::SmallVectorImpl<char> &Key);

/// Records how \p S was built from the tokens \p Unit. False when the
/// statement cannot be replayed exactly (it is then always parsed by ANTLR).
bool recordShape(llvm::ArrayRef<PtxToken> Unit, const ast::Stmt &S,
                 ShapeTemplate &Out);

/// Rebuilds the statement of template \p T from \p Unit (a statement of the
/// same key) in \p Ctx. Null when a literal is malformed or too large (the
/// builder would report it); nothing else can fail.
const ast::Stmt *replayShape(const ShapeTemplate &T,
                             llvm::ArrayRef<PtxToken> Unit,
                             ast::ASTContext &Ctx);

/// Templates by key, bounded in bytes. Two generations: new templates go to
/// the young one; when it holds half the budget it becomes the old one (the
/// previous old one is freed), and a template found in the old generation
/// moves back to the young one. So memory stays under the budget however
/// many distinct shapes the input has (a hostile input just keeps being
/// parsed by ANTLR), and the shapes in use survive.
class ShapeCache {
public:
  explicit ShapeCache(size_t MaxBytes) : MaxBytes(MaxBytes) {}

  /// The template of \p Key, or null.
  const ShapeTemplate *find(llvm::StringRef Key);
  /// Stores \p T under \p Key (nothing if the budget is below one entry).
  void insert(llvm::StringRef Key, ShapeTemplate T);
  void setMaxBytes(size_t B) { MaxBytes = B; }
  size_t maxBytes() const { return MaxBytes; }
  /// Bytes charged for the templates held (keys, programs, and a fixed
  /// per-entry overhead for the hash table and allocations).
  size_t bytes() const { return YoungBytes + OldBytes; }
  size_t entries() const { return Young.size() + Old.size(); }
  uint64_t generationsDropped() const { return Dropped; }
  void clear();

  /// What one entry is charged: its key and program, plus 96 bytes for the
  /// map entry's header, the hash bucket (at most 3/4 full) and the two
  /// allocations' overhead.
  static size_t cost(llvm::StringRef Key, const ShapeTemplate &T) {
    return Key.size() + T.capacity() * sizeof(uint32_t) + 96;
  }

private:
  /// The last templates found, direct-mapped by a hash of the key: most
  /// statements repeat a recent shape, and the maps hash byte by byte. An
  /// entry points into Young; whatever moves or frees Young's entries
  /// starts a new generation.
  struct Recent {
    const llvm::StringMapEntry<ShapeTemplate> *E = nullptr;
    uint64_t Generation = 0;
  };
  static constexpr size_t RecentSlots = 1024;
  std::unique_ptr<Recent[]> RecentFound{new Recent[RecentSlots]};
  uint64_t Generation = 1;
  static size_t recentSlot(llvm::StringRef Key);

  llvm::StringMap<ShapeTemplate> Young, Old;
  size_t YoungBytes = 0, OldBytes = 0;
  size_t MaxBytes;
  uint64_t Dropped = 0;
};

} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_SHAPECACHE_H
