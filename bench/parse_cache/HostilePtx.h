//===- HostilePtx.h - Distinct random-shaped PTX modules ------------------===//
//
// Modules of statements whose token shapes are drawn at random (valid
// instructions with random qualifiers and operand forms, declarations,
// nested expressions, and token soup that is not PTX at all), so that
// almost every module brings statement shapes the parser has not seen:
// the input that makes ANTLR's prediction cache grow. Used by the
// parse_cache benchmark and by unittests/Parse/ParserCacheTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_BENCH_HOSTILEPTX_H
#define PTXWARP_BENCH_HOSTILEPTX_H

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <unistd.h>

namespace ptxwarp {
namespace bench {

class HostilePtx {
public:
  /// \p Balanced: no stray braces in the token soup, so that every
  /// function stays a chunk of its own (a stray `{` makes the rest of the
  /// text one chunk).
  explicit HostilePtx(uint64_t Seed, bool Balanced = false)
      : Rng(Seed), Balanced(Balanced) {}

  /// Module number \p N (distinct names, random statements).
  std::string module(unsigned N) {
    std::string S = ".version 8.0\n.target sm_90\n.address_size 64\n";
    unsigned Items = 1 + pick(3);
    for (unsigned K = 0; K < Items; ++K) {
      if (pick(4) == 0) {
        S += ".global .align " + std::to_string(1u << pick(4)) + " ." +
             pickOf(Types) + " g" + std::to_string(N) + "_" +
             std::to_string(K) + "[" + std::to_string(1 + pick(64)) + "]" +
             (pick(2) ? " = {" + list(1 + pick(6), [&] { return imm(); }) + "}"
                      : "") +
             ";\n";
        continue;
      }
      S += std::string(pick(2) ? ".visible .entry" : ".func") + " f" +
           std::to_string(N) + "_" + std::to_string(K) + "(" +
           list(pick(4),
                [&] {
                  return ".param ." + pickOf(Types) + " p" +
                         std::to_string(pick(100));
                }) +
           ")\n{\n";
      unsigned Stmts = 2 + pick(12);
      for (unsigned I = 0; I < Stmts; ++I)
        S += "  " + statement() + "\n";
      S += "}\n";
    }
    return S;
  }

private:
  std::mt19937_64 Rng;
  bool Balanced;
  static constexpr const char *Types[] = {"b8",   "b16",   "b32", "b64", "u32",
                                          "s32",  "u64",   "s64", "f32", "f64",
                                          "pred", "f16x2", "u16"};
  static constexpr const char *Ops[] = {
      "add",  "sub",  "mul",  "mad",   "fma",   "mov",  "ld",   "st",
      "setp", "selp", "cvt",  "shfl",  "vote",  "bra",  "atom", "red",
      "bar",  "and",  "shl",  "prmt",  "mma",   "cp",   "div",  "rem",
      "min",  "max",  "abs",  "neg",   "bfe",   "popc", "clz",  "brev",
      "ret",  "exit", "call", "match", "redux", "tex",  "slct", "lop3"};
  static constexpr const char *Quals[] = {
      "sync",  "aligned", "global", "shared", "param",   "local",  "rn",
      "rz",    "ftz",     "sat",    "lo",     "hi",      "wide",   "eq",
      "ne",    "lt",      "ge",     "and",    "or",      "down",   "up",
      "bfly",  "idx",     "v2",     "v4",     "relaxed", "gpu",    "cta",
      "add",   "cas",     "uni",    "any",    "all",     "ballot", "x4",
      "trans", "m8n8",    "row",    "col",    "release"};
  static constexpr const char *Soup[] = {
      "{",       "}",   "(",    ")",   "[",          "]",     ",",    ";",
      ":",       "+",   "-",    "*",   "/",          "%",     "<",    ">",
      "=",       "!",   "~",    "|",   "&",          "^",     "?",    "@",
      ".",       "%r1", "0x1f", "1.5", "0f3f800000", ".reg",  ".b32", "label",
      "add.s32", "$x",  "_",    "::",  ".entry",     ".func", "<<",   ">>",
      "&&",      "||",  "\"s\""};

  unsigned pick(unsigned N) { return unsigned(Rng() % N); }
  template <size_t N> std::string pickOf(const char *const (&A)[N]) {
    return A[pick(unsigned(N))];
  }
  template <typename Fn> std::string list(unsigned N, Fn F) {
    std::string S;
    for (unsigned I = 0; I < N; ++I)
      S += (I ? ", " : "") + F();
    return S;
  }
  std::string reg() {
    static constexpr const char *P[] = {"%r", "%rd", "%f", "%p", "%h", "%fd"};
    return pickOf(P) + std::to_string(pick(40));
  }
  std::string imm() {
    switch (pick(4)) {
    case 0:
      return std::to_string(pick(1000));
    case 1:
      return "-" + std::to_string(pick(100));
    case 2:
      return "0f3f800000";
    default:
      return "0x" + std::to_string(pick(9999));
    }
  }
  std::string expr(unsigned Depth) {
    if (Depth == 0 || pick(3) == 0)
      return pick(2) ? imm() : "g" + std::to_string(pick(9));
    static constexpr const char *Bin[] = {"+", "-", "*", "/", "<<", "&", "|"};
    switch (pick(3)) {
    case 0:
      return "(" + expr(Depth - 1) + ")";
    case 1:
      return (pick(2) ? "-" : "~") + expr(Depth - 1);
    default:
      return expr(Depth - 1) + pickOf(Bin) + expr(Depth - 1);
    }
  }
  std::string operand() {
    switch (pick(8)) {
    case 0:
      return "[" + reg() + (pick(2) ? "+" + std::to_string(pick(64)) : "") +
             "]";
    case 1:
      return "{" + list(2 + 2 * pick(2), [&] { return reg(); }) + "}";
    case 2:
      return expr(1 + pick(3));
    case 6: {
      // Deep nesting of a random depth and mix: each depth and mix is a
      // prediction context of its own.
      std::string Open, Close;
      for (unsigned I = 0, N = 1 + pick(60); I < N; ++I) {
        static constexpr const char *Un[] = {"(", "-", "~", "!", "(-"};
        std::string U = pickOf(Un);
        Open += U;
        if (U.front() == '(')
          Close = ")" + Close;
      }
      return Open + imm() + Close;
    }
    case 3:
      return reg() + "|" + reg();
    case 4:
      return "!" + reg();
    default:
      return reg();
    }
  }
  std::string statement() {
    switch (pick(10)) {
    case 0:
      return ".reg ." + pickOf(Types) + " " + reg() + "<" +
             std::to_string(1 + pick(20)) + ">;";
    case 1: {
      // Token soup: almost surely a syntax error of a new shape.
      std::string S;
      for (unsigned I = 0, N = 1 + pick(10); I < N; ++I) {
        std::string T = pickOf(Soup);
        if (Balanced && (T == "{" || T == "}"))
          T = ";";
        S += T + " ";
      }
      return S + ";";
    }
    case 2:
      return "L" + std::to_string(pick(50)) + ":";
    default: {
      std::string S = pick(5) == 0 ? "@" + std::string(pick(2) ? "!" : "") +
                                         "%p" + std::to_string(pick(4)) + " "
                                   : "";
      S += pickOf(Ops);
      for (unsigned I = 0, N = pick(5); I < N; ++I)
        S += "." + pickOf(Quals);
      if (pick(3))
        S += "." + pickOf(Types);
      S += " " + list(pick(6), [&] { return operand(); }) + ";";
      return S;
    }
    }
  }
};

/// The process's resident set size in KiB (the second field of
/// /proc/self/statm, in pages; 0 where it cannot be read).
inline uint64_t rssKiB() {
  FILE *F = std::fopen("/proc/self/statm", "r");
  unsigned long Size = 0, Resident = 0;
  if (F) {
    if (std::fscanf(F, "%lu %lu", &Size, &Resident) != 2)
      Resident = 0;
    std::fclose(F);
  }
  return uint64_t(Resident) * uint64_t(sysconf(_SC_PAGESIZE)) / 1024;
}

} // namespace bench
} // namespace ptxwarp

#endif // PTXWARP_BENCH_HOSTILEPTX_H
