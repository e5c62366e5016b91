//===- SyntaxErrors.cpp - ANTLR syntax errors as located diagnostics ------===//

#include "SyntaxErrors.h"

#include "PTXParser.h"

#include "llvm/ADT/StringRef.h"

namespace ptxwarp {
namespace parse {

std::string describeTokenKind(size_t Type, const antlr4::dfa::Vocabulary &V) {
  switch (Type) {
  case antlr4::Token::EOF:
    return "end of input";
  case Tok::IDENT:
    return "identifier";
  case Tok::DOT_IDENT:
    return "directive or qualifier";
  case Tok::INT:
    return "integer";
  case Tok::FLOAT:
    return "floating-point constant";
  case Tok::STRING:
    return "string";
  case Tok::ERROR_CHAR:
    return "invalid character";
  default:
    break;
  }
  std::string Lit = V.getLiteralName(Type);
  if (!Lit.empty())
    return Lit;
  // Keywords with an optional `::scope` have no literal name: `.reg`, ...
  std::string Sym = V.getSymbolicName(Type);
  for (char &C : Sym)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return "'." + Sym + "'";
}

std::string describeToken(const antlr4::Token *T) {
  const auto *P = static_cast<const PtxToken *>(T);
  if (T->getType() == antlr4::Token::EOF)
    return P->DisplayLen == 0 ? "end of file" : "'" + P->display().str() + "'";
  llvm::StringRef Text = P->text();
  if (Text.size() > 40)
    return "'" + Text.take_front(40).str() + "...'";
  if (T->getType() == Tok::ERROR_CHAR) {
    unsigned char C = static_cast<unsigned char>(Text.empty() ? 0 : Text[0]);
    if (C < 0x20 || C >= 0x7f) {
      char Buf[32];
      snprintf(Buf, sizeof(Buf), "invalid byte 0x%02X", C);
      return Buf;
    }
    if (Text == "/*")
      return "unterminated '/*' comment";
    if (Text == "\"")
      return "unterminated string '\"'";
  }
  return "'" + Text.str() + "'";
}

std::string
ReportingErrorStrategy::expected(antlr4::Parser *P,
                                 const antlr4::misc::IntervalSet &S) {
  std::vector<ssize_t> Types = S.toList();
  if (Types.empty())
    return "";
  if (Types.size() > 6)
    return "";
  std::string R;
  for (size_t I = 0; I < Types.size(); ++I) {
    if (I)
      R += I + 1 == Types.size() ? " or " : ", ";
    size_t T = static_cast<size_t>(Types[I]);
    if (T == antlr4::Token::EOF && InBodySlice)
      T = Tok::RBRACE;
    R += describeTokenKind(T, P->getVocabulary());
  }
  return R;
}

void ReportingErrorStrategy::emit(antlr4::Parser *R, const antlr4::Token *At,
                                  const std::string &Msg) {
  ++Count;
  if (MaxErrors && Count > MaxErrors)
    return;
  const auto *P = static_cast<const PtxToken *>(At);
  llvm::SMRange Range = P->Len ? P->range() : llvm::SMRange(P->loc(), P->loc());
  Found.push_back({Range, Msg});
}

void ReportingErrorStrategy::recover(antlr4::Parser *R, std::exception_ptr) {
  using P = ptxwarp_antlr::PTXParser;
  size_t Rule =
      R->getContext() ? R->getContext()->getRuleIndex() : size_t(P::RuleChunk);
  bool StatementLevel = Rule == P::RuleStatement || Rule == P::RuleSectionItem;
  bool BlockLevel = Rule == P::RuleBlock || Rule == P::RuleStatements;
  bool ItemLevel = Rule == P::RuleTopItem || Rule == P::RuleChunk;
  if (!StatementLevel && !BlockLevel && !ItemLevel)
    throw antlr4::InputMismatchException(R); // unwind to the statement
  antlr4::TokenStream *In = R->getTokenStream();
  // Guarantee progress: recovering twice at the same token skips it.
  if (static_cast<ssize_t>(In->index()) == LastRecoverIndex &&
      In->LA(1) != antlr4::Token::EOF)
    R->consume();
  LastRecoverIndex = static_cast<ssize_t>(In->index());
  for (;;) {
    size_t T = In->LA(1);
    if (T == antlr4::Token::EOF)
      break;
    if (T == Tok::RBRACE && !ItemLevel)
      break; // the block's (or section's) own `}`
    R->consume();
    if (T == Tok::SEMI && StatementLevel)
      break;
  }
}

void ReportingErrorStrategy::sync(antlr4::Parser *R) {
  using P = ptxwarp_antlr::PTXParser;
  if (!R->getContext() ||
      (R->getContext()->getRuleIndex() != P::RuleBlock &&
       R->getContext()->getRuleIndex() != P::RuleStatements))
    return;
  antlr4::TokenStream *In = R->getTokenStream();
  size_t T = In->LA(1);
  if (T == antlr4::Token::EOF || R->getExpectedTokens().contains(T))
    return;
  if (!inErrorRecoveryMode(R)) {
    beginErrorCondition(R);
    emit(R, In->LT(1), "unexpected " + describeToken(In->LT(1)));
  }
  for (;;) {
    T = In->LA(1);
    if (T == antlr4::Token::EOF || T == Tok::RBRACE)
      break;
    R->consume();
    if (T == Tok::SEMI)
      break;
  }
}

antlr4::Token *ReportingErrorStrategy::recoverInline(antlr4::Parser *R) {
  throw antlr4::InputMismatchException(R);
}

void ReportingErrorStrategy::reportNoViableAlternative(
    antlr4::Parser *R, const antlr4::NoViableAltException &E) {
  const antlr4::Token *T = E.getOffendingToken();
  emit(R, T, "unexpected " + describeToken(T));
}

void ReportingErrorStrategy::reportInputMismatch(
    antlr4::Parser *R, const antlr4::InputMismatchException &E) {
  const antlr4::Token *T = E.getOffendingToken();
  std::string Exp = expected(R, E.getExpectedTokens());
  emit(R, T,
       "unexpected " + describeToken(T) +
           (Exp.empty() ? "" : "; expected " + Exp));
}

void ReportingErrorStrategy::reportFailedPredicate(
    antlr4::Parser *R, const antlr4::FailedPredicateException &E) {
  emit(R, E.getOffendingToken(),
       "unexpected " + describeToken(E.getOffendingToken()));
}

void ReportingErrorStrategy::reportUnwantedToken(antlr4::Parser *R) {
  if (inErrorRecoveryMode(R))
    return;
  beginErrorCondition(R);
  antlr4::Token *T = R->getCurrentToken();
  std::string Exp = expected(R, getExpectedTokens(R));
  emit(R, T,
       "unexpected " + describeToken(T) +
           (Exp.empty() ? "" : "; expected " + Exp));
}

void ReportingErrorStrategy::reportMissingToken(antlr4::Parser *R) {
  if (inErrorRecoveryMode(R))
    return;
  beginErrorCondition(R);
  antlr4::Token *T = R->getCurrentToken();
  std::string Exp = expected(R, getExpectedTokens(R));
  emit(R, T,
       "expected " + (Exp.empty() ? std::string("more input") : Exp) +
           " before " + describeToken(T));
}

} // namespace parse
} // namespace ptxwarp
