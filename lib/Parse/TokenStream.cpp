//===- TokenStream.cpp - A chunk's tokens as an ANTLR TokenStream ---------===//

#include "Token.h"

namespace ptxwarp {
namespace parse {

ChunkTokenSource &theTokenSource() {
  static ChunkTokenSource S;
  return S;
}

antlr4::Token *ChunkTokenStream::LT(ssize_t K) {
  if (K == 0)
    return nullptr;
  ssize_t I = static_cast<ssize_t>(P) + (K > 0 ? K - 1 : K);
  if (I < 0)
    return nullptr;
  size_t U = static_cast<size_t>(I);
  if (U >= Toks->size())
    U = Toks->size() - 1;
  if (U > HighWater)
    HighWater = U;
  return &(*Toks)[U];
}

std::string ChunkTokenStream::getText(const antlr4::misc::Interval &I) {
  if (I.a < 0 || I.b < I.a || Toks->empty())
    return "";
  size_t A = static_cast<size_t>(I.a);
  size_t B = std::min(static_cast<size_t>(I.b), Toks->size() - 1);
  std::string R;
  for (size_t X = A; X <= B; ++X) {
    if ((*Toks)[X].Type == antlr4::Token::EOF)
      break;
    if (!R.empty())
      R += ' ';
    R += (*Toks)[X].getText();
  }
  return R;
}

std::string ChunkTokenStream::getText() {
  return getText(antlr4::misc::Interval(size_t(0), size() - 1));
}

std::string ChunkTokenStream::getText(antlr4::RuleContext *Ctx) {
  return getText(Ctx->getSourceInterval());
}

std::string ChunkTokenStream::getText(antlr4::Token *Start,
                                      antlr4::Token *Stop) {
  if (!Start || !Stop)
    return "";
  return getText(
      antlr4::misc::Interval(Start->getTokenIndex(), Stop->getTokenIndex()));
}

} // namespace parse
} // namespace ptxwarp
