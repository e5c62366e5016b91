//===- ShapeCache.cpp - Statement keys and the bounded template cache ----===//
//
// shapeKey and ShapeCache (ShapeCache.h). The templates themselves are
// recorded in ShapeRecord.cpp and replayed in ShapeReplay.cpp.
//
//===----------------------------------------------------------------------===//

#include "ShapeCache.h"

using namespace llvm;

namespace ptxwarp {
namespace parse {
namespace {

/// How a statement's key treats token text (see shapeKey).
enum class KeyMode : char { Types = 1, Decl = 2, Loc = 3, Section = 4 };

bool isSpaceToken(size_t T) {
  return T == Tok::REG || T == Tok::SREG || T == Tok::LOCAL ||
         T == Tok::SHARED || T == Tok::PARAM || T == Tok::CONST ||
         T == Tok::GLOBAL || T == Tok::TEX;
}

char typeByte(size_t T) {
  return T == antlr4::Token::EOF ? 0 : static_cast<char>(T);
}

} // namespace

bool shapeKey(ArrayRef<PtxToken> Unit, const PtxToken &Next, bool InSection,
              SmallVectorImpl<char> &Key) {
  if (Unit.empty() || Unit.size() > MaxShapeTokens)
    return false;
  Key.clear();
  // A declaration's words (space, .align N, .v4, type, .ptr, `generic(`)
  // and a .loc's attribute names decide what the builder does with them.
  // (A `.section` item is another rule than a body statement of the same
  // tokens.)
  KeyMode M = InSection                    ? KeyMode::Section
              : isSpaceToken(Unit[0].Type) ? KeyMode::Decl
              : Unit[0].Type == Tok::LOC   ? KeyMode::Loc
                                           : KeyMode::Types;
  if (M == KeyMode::Types || M == KeyMode::Section) { // the common case
    Key.resize(Unit.size() + 2);
    char *K = Key.data();
    *K++ = static_cast<char>(M);
    for (const PtxToken &T : Unit)
      *K++ = typeByte(T.Type);
    *K = typeByte(Next.Type);
    return true;
  }
  Key.push_back(static_cast<char>(M));
  for (size_t I = 0; I < Unit.size(); ++I) {
    size_t T = Unit[I].Type;
    Key.push_back(typeByte(T));
    bool Text = false;
    if (M == KeyMode::Decl) {
      size_t After = I + 1 < Unit.size() ? Unit[I + 1].Type : Next.Type;
      Text = T != Tok::IDENT || After == Tok::LPAREN;
    } else if (M == KeyMode::Loc) {
      Text = T == Tok::IDENT;
    }
    if (Text) {
      uint32_t L = Unit[I].Len;
      Key.append(reinterpret_cast<const char *>(&L),
                 reinterpret_cast<const char *>(&L) + sizeof L);
      Key.append(Unit[I].Start, Unit[I].Start + L);
    }
  }
  Key.push_back(typeByte(Next.Type));
  return true;
}

size_t ShapeCache::recentSlot(StringRef Key) {
  // FNV-1a: the keys are a byte per token.
  uint64_t H = 14695981039346656037ULL;
  for (char C : Key)
    H = (H ^ uint8_t(C)) * 1099511628211ULL;
  return (H ^ (H >> 29)) & (RecentSlots - 1);
}

const ShapeTemplate *ShapeCache::find(StringRef Key) {
  Recent &R = RecentFound[recentSlot(Key)];
  if (R.Generation == Generation && R.E->getKey() == Key)
    return &R.E->second;
  auto Y = Young.find(Key);
  if (Y == Young.end()) {
    auto O = Old.find(Key);
    if (O == Old.end())
      return nullptr;
    // In use again: back to the young generation.
    ShapeTemplate T = std::move(O->second);
    OldBytes -= cost(Key, T);
    Old.erase(O);
    ++Generation;
    insert(Key, std::move(T));
    Y = Young.find(Key);
    if (Y == Young.end())
      return nullptr;
  }
  R.E = &*Y;
  R.Generation = Generation;
  return &Y->second;
}

void ShapeCache::insert(StringRef Key, ShapeTemplate T) {
  T.shrink_to_fit(); // charged by capacity: no slack from recording
  size_t C = cost(Key, T);
  if (C > MaxBytes / 2 || Young.count(Key))
    return;
  if (YoungBytes + C > MaxBytes / 2) {
    ++Generation;
    Old = std::move(Young);
    OldBytes = YoungBytes;
    Young = StringMap<ShapeTemplate>();
    YoungBytes = 0;
    ++Dropped;
  }
  Young.try_emplace(Key, std::move(T));
  YoungBytes += C;
}

void ShapeCache::clear() {
  ++Generation;
  Young.clear();
  Old.clear();
  YoungBytes = OldBytes = 0;
}

} // namespace parse
} // namespace ptxwarp
