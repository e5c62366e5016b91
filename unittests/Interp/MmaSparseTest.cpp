//===- MmaSparseTest.cpp - mma.sp and mma.sp::ordered_metadata semantics -===//
//
// The mma.sp semantics functions (lib/Interp/MmaSparse.cpp) against a
// reference written here from the PTX ISA text (9.7.14.6 "Matrix
// multiply-accumulate operation using mma.sp instruction with sparse matrix
// A"): a random structured-sparse A (16 x K) is drawn with random metadata,
// compressed (each row's stored elements in metadata order), distributed to
// the lanes by the dense fragment layouts of MmaTestSupport.h at K/2 (the
// sparse A's layout), the metadata packed into the selected lanes' e, and
// the result compared with a plain-loop dense multiply of the decompressed A
// (zeros included) by B plus C, for every shape x type, both variants and
// every sparsity selector value. Then the undefined metadata and selector
// values (reported, not computed), the lanes the selector leaves out (not
// read), and undefined inputs.
//
//===----------------------------------------------------------------------===//

#include "MmaTestSupport.h"

#include <cmath>
#include <random>
#include <string>

using namespace mmatest;

namespace {

// The B layouts of the sparse shapes that no dense mma form has
// (9.7.14.6.2): m16n8k32 .f16/.bf16 b0..b7 row threadID_in_group * 2 +
// (i & 0x1), plus 8, 16, 24 for i >= 2, 4, 6; m16n8k16 .tf32 b0..b3 row
// threadID_in_group + 4 * i; m16n8k64 .s8/.u8/.e4m3/.e5m2 b0..b15 row
// threadID_in_group * 4 + (i & 0x3), plus 16 per four; m16n8k128 .s4/.u4
// b0..b31 row threadID_in_group * 8 + (i & 0x7), plus 32 per eight; all
// column groupID.
const Layout B16832F16{4, 2, 16,
                       [](unsigned L, unsigned I) {
                         return Pos{tig(L) * 2 + (I & 1) + 8 * (I / 2), grp(L)};
                       }},
    B16816Tf32{4, 1, 32,
               [](unsigned L, unsigned I) {
                 return Pos{tig(L) + 4 * I, grp(L)};
               }},
    B16864I8{4, 4, 8,
             [](unsigned L, unsigned I) {
               return Pos{tig(L) * 4 + (I & 3) + 16 * (I / 4), grp(L)};
             }},
    B168128I4{4, 8, 4, [](unsigned L, unsigned I) {
                return Pos{tig(L) * 8 + (I & 7) + 32 * (I / 8), grp(L)};
              }};

enum class Kind { F16, Bf16, Tf32, S8, U8, S4, U4, E4m3, E5m2 };

struct SpForm {
  const char *Name;
  MmaFn Fn;
  unsigned K;
  const Layout &A, &B, &C; ///< A: the compressed A's layout.
  Kind AK, BK;
  bool Satfinite = false;
  bool Ordered = false;
};

bool isInt(Kind K) {
  return K == Kind::S8 || K == Kind::U8 || K == Kind::S4 || K == Kind::U4;
}
/// Elements of a chunk (one 4-bit metadata field).
unsigned chunkWidth(Kind K) {
  return K == Kind::Tf32 ? 2 : (K == Kind::S4 || K == Kind::U4) ? 8 : 4;
}

/// The bits of the small integer \p V in a floating format with \p E
/// exponent and \p M fraction bits (the values used are exact).
uint64_t smallFloat(int V, unsigned E, unsigned M) {
  if (V == 0)
    return 0;
  uint64_t Sign = V < 0 ? 1 : 0;
  unsigned A = unsigned(std::abs(V)), Exp = 0;
  while ((A >> (Exp + 1)) != 0)
    ++Exp;
  uint64_t Frac = ((uint64_t(A) << M) >> Exp) & ((uint64_t(1) << M) - 1);
  unsigned Bias = (1u << (E - 1)) - 1;
  return Sign << (E + M) | uint64_t(Exp + Bias) << M | Frac;
}
uint64_t encode(Kind K, int V) {
  switch (K) {
  case Kind::F16:
    return smallFloat(V, 5, 10);
  case Kind::Bf16:
    return smallFloat(V, 8, 7);
  case Kind::Tf32:
    return smallFloat(V, 8, 23);
  case Kind::E4m3:
    return smallFloat(V, 4, 3);
  case Kind::E5m2:
    return smallFloat(V, 5, 2);
  case Kind::S8:
  case Kind::U8:
    return uint64_t(V) & 0xff;
  default:
    return uint64_t(V) & 0xf;
  }
}
int draw(Kind K, std::mt19937 &G) {
  auto In = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(G);
  };
  switch (K) {
  case Kind::S8:
    return In(-128, 127);
  case Kind::U8:
    return In(0, 255);
  case Kind::S4:
    return In(-8, 7);
  case Kind::U4:
    return In(0, 15);
  default: // nonzero, so that a misplaced element shows
    return In(1, 6) * (In(0, 1) ? 1 : -1);
  }
}

/// A metadata field valid for the variant: two distinct 2-bit indices
/// (.sp: either order; .sp::ordered_metadata: increasing), or for .tf32
/// 0b0100 / 0b1110.
unsigned drawField(const SpForm &F, std::mt19937 &G) {
  if (F.AK == Kind::Tf32)
    return std::uniform_int_distribution<int>(0, 1)(G) ? 0xe : 0x4;
  for (;;) {
    unsigned V = std::uniform_int_distribution<unsigned>(0, 15)(G);
    unsigned I0 = V & 3, I1 = V >> 2;
    if (I0 != I1 && (!F.Ordered || I0 < I1))
      return V;
  }
}

/// Lanes holding metadata per group: one, a pair or all four.
unsigned perGroup(const SpForm &F) { return F.K / chunkWidth(F.AK) / 4; }

/// Where the field of chunk \p Ch of row \p R lives (ISA metadata figures:
/// rows groupID and groupID + 8 in the low and high halves, four chunks per
/// lane, the selector picking the lanes).
struct FieldAt {
  unsigned Lane, Bit;
};
FieldAt fieldAt(const SpForm &F, unsigned Sel, unsigned R, unsigned Ch) {
  return {4 * (R % 8) + Sel * perGroup(F) + Ch / 4,
          (R >= 8 ? 16u : 0u) + 4 * (Ch % 4)};
}

struct Case {
  CollectiveIn In;
  std::vector<double> Dense; ///< 16 x K, the decompressed A.
  std::vector<double> BV, CV;
  unsigned ESrc;
};

/// A random case: A, its metadata, B and C, in \p F's registers.
Case makeCase(const SpForm &F, unsigned Sel, std::mt19937 &G) {
  Case Cs;
  const unsigned K = F.K, CW = chunkWidth(F.AK);
  Cs.Dense.assign(16 * K, 0);
  Mat Ac(16, K / 2), B(K, 8), C(16, 8);
  Cs.In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
  Cs.ESrc = F.A.Regs + F.B.Regs + F.C.Regs;
  Cs.In.NumSrc = Cs.ESrc + 2;
  for (unsigned R = 0; R < 16; ++R)
    for (unsigned Ch = 0; Ch < K / CW; ++Ch) {
      unsigned V = drawField(F, G);
      FieldAt At = fieldAt(F, Sel, R, Ch);
      Cs.In.Src[Cs.ESrc][At.Lane] |= uint64_t(V) << At.Bit;
      // The dense columns of the stored elements, in storage order.
      unsigned Cols[4], NCols;
      if (F.AK == Kind::Tf32) {
        Cols[0] = Ch * 2 + (V == 0xe ? 1u : 0u);
        NCols = 1;
      } else if (CW == 8) {
        for (unsigned P = 0; P < 2; ++P) {
          unsigned Idx = P == 0 ? (V & 3) : (V >> 2);
          Cols[2 * P] = Ch * 8 + 2 * Idx;
          Cols[2 * P + 1] = Ch * 8 + 2 * Idx + 1;
        }
        NCols = 4;
      } else {
        Cols[0] = Ch * 4 + (V & 3);
        Cols[1] = Ch * 4 + (V >> 2);
        NCols = 2;
      }
      for (unsigned J = 0; J < NCols; ++J) {
        int X = draw(F.AK, G);
        Cs.Dense[R * K + Cols[J]] = X;
        Ac.at(R, Ch * CW / 2 + J) = encode(F.AK, X);
      }
    }
  Cs.BV.assign(K * 8, 0);
  for (unsigned Kk = 0; Kk < K; ++Kk)
    for (unsigned N = 0; N < 8; ++N) {
      int X = draw(F.BK, G);
      Cs.BV[Kk * 8 + N] = X;
      B.at(Kk, N) = encode(F.BK, X);
    }
  Cs.CV.assign(16 * 8, 0);
  for (unsigned R = 0; R < 16; ++R)
    for (unsigned N = 0; N < 8; ++N) {
      if (isInt(F.AK)) {
        // Rows 0-3 near INT32_MAX: .satfinite clamps where others wrap.
        int64_t V = R < 4 ? 0x7fff0000 + int64_t(N) * 1000
                          : std::uniform_int_distribution<int64_t>(
                                -(int64_t(1) << 31), (int64_t(1) << 31) - 1)(G);
        Cs.CV[R * 8 + N] = double(V);
        C.at(R, N) = uint32_t(V);
      } else {
        int V = std::uniform_int_distribution<int>(-100, 100)(G);
        Cs.CV[R * 8 + N] = V;
        C.at(R, N) =
            F.C.Bits == 16 ? smallFloat(V, 5, 10) : smallFloat(V, 8, 23);
      }
    }
  put(F.A, Ac, Cs.In, 0);
  put(F.B, B, Cs.In, F.A.Regs);
  put(F.C, C, Cs.In, F.A.Regs + F.B.Regs);
  for (unsigned L = 0; L < 32; ++L)
    Cs.In.Src[Cs.ESrc + 1][L] = Sel;
  return Cs;
}

/// The plain dense product of the decompressed A, as F's D bits.
uint64_t reference(const SpForm &F, const Case &Cs, unsigned R, unsigned N) {
  if (isInt(F.AK)) {
    int64_t Sum = int64_t(Cs.CV[R * 8 + N]);
    for (unsigned K = 0; K < F.K; ++K)
      Sum += int64_t(Cs.Dense[R * F.K + K]) * int64_t(Cs.BV[K * 8 + N]);
    if (F.Satfinite)
      Sum = std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, Sum));
    return uint32_t(uint64_t(Sum));
  }
  double Sum = Cs.CV[R * 8 + N];
  for (unsigned K = 0; K < F.K; ++K)
    Sum += Cs.Dense[R * F.K + K] * Cs.BV[K * 8 + N];
  int V = int(Sum);
  EXPECT_EQ(double(V), Sum);
  return F.C.Bits == 16 ? smallFloat(V, 5, 10) : smallFloat(V, 8, 23);
}

void checkRandom(const SpForm &F, unsigned Rounds) {
  std::mt19937 G(77 + F.K);
  for (unsigned Sel = 0; Sel * perGroup(F) < 4; ++Sel)
    for (unsigned Round = 0; Round < Rounds; ++Round) {
      Case Cs = makeCase(F, Sel, G);
      CollectiveOut Out;
      F.Fn(Cs.In, Out);
      ASSERT_EQ(Out.UBLanes, 0u) << F.Name << ": " << Out.UB;
      ASSERT_EQ(Out.NumDst, F.C.Regs) << F.Name;
      for (unsigned Reg = 0; Reg < F.C.Regs; ++Reg)
        EXPECT_EQ(Out.DstUndef[Reg], 0u) << F.Name;
      Mat D = take(F.C, Out);
      for (unsigned R = 0; R < 16; ++R)
        for (unsigned N = 0; N < 8; ++N)
          ASSERT_EQ(D.at(R, N), reference(F, Cs, R, N))
              << F.Name << " selector " << Sel << " d[" << R << "][" << N
              << "]";
    }
}

#define SP_FORMS(V, Ord)                                                       \
  SpForm{#V " m16n8k16 f32.f16",                                               \
         mma##V##M16n8k16F32F16,                                               \
         16,                                                                   \
         A1688F16,                                                             \
         B16816F16,                                                            \
         AccF32,                                                               \
         Kind::F16,                                                            \
         Kind::F16,                                                            \
         false,                                                                \
         Ord},                                                                 \
      SpForm{#V " m16n8k16 f16.f16",                                           \
             mma##V##M16n8k16F16F16,                                           \
             16,                                                               \
             A1688F16,                                                         \
             B16816F16,                                                        \
             AccF16,                                                           \
             Kind::F16,                                                        \
             Kind::F16,                                                        \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k32 f32.f16",                                           \
             mma##V##M16n8k32F32F16,                                           \
             32,                                                               \
             A16816F16,                                                        \
             B16832F16,                                                        \
             AccF32,                                                           \
             Kind::F16,                                                        \
             Kind::F16,                                                        \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k32 f16.f16",                                           \
             mma##V##M16n8k32F16F16,                                           \
             32,                                                               \
             A16816F16,                                                        \
             B16832F16,                                                        \
             AccF16,                                                           \
             Kind::F16,                                                        \
             Kind::F16,                                                        \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k16 bf16",                                              \
             mma##V##M16n8k16F32Bf16,                                          \
             16,                                                               \
             A1688F16,                                                         \
             B16816F16,                                                        \
             AccF32,                                                           \
             Kind::Bf16,                                                       \
             Kind::Bf16,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k32 bf16",                                              \
             mma##V##M16n8k32F32Bf16,                                          \
             32,                                                               \
             A16816F16,                                                        \
             B16832F16,                                                        \
             AccF32,                                                           \
             Kind::Bf16,                                                       \
             Kind::Bf16,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k8 tf32",                                               \
             mma##V##M16n8k8F32Tf32,                                           \
             8,                                                                \
             A1684Tf32,                                                        \
             B1688Tf32,                                                        \
             AccF32,                                                           \
             Kind::Tf32,                                                       \
             Kind::Tf32,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k16 tf32",                                              \
             mma##V##M16n8k16F32Tf32,                                          \
             16,                                                               \
             A1688Tf32,                                                        \
             B16816Tf32,                                                       \
             AccF32,                                                           \
             Kind::Tf32,                                                       \
             Kind::Tf32,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 e4m3.e5m2",                                         \
             mma##V##M16n8k64F32E4m3E5m2,                                      \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccF32,                                                           \
             Kind::E4m3,                                                       \
             Kind::E5m2,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 e5m2.e4m3",                                         \
             mma##V##M16n8k64F32E5m2E4m3,                                      \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccF32,                                                           \
             Kind::E5m2,                                                       \
             Kind::E4m3,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 e4m3.e4m3",                                         \
             mma##V##M16n8k64F32E4m3E4m3,                                      \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccF32,                                                           \
             Kind::E4m3,                                                       \
             Kind::E4m3,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 e5m2.e5m2",                                         \
             mma##V##M16n8k64F32E5m2E5m2,                                      \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccF32,                                                           \
             Kind::E5m2,                                                       \
             Kind::E5m2,                                                       \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k32 s8.u8",                                             \
             mma##V##M16n8k32S32S8U8,                                          \
             32,                                                               \
             A16816I8,                                                         \
             B16832I8,                                                         \
             AccS32,                                                           \
             Kind::S8,                                                         \
             Kind::U8,                                                         \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k32 u8.s8 sat",                                         \
             mma##V##M16n8k32S32U8S8Satfinite,                                 \
             32,                                                               \
             A16816I8,                                                         \
             B16832I8,                                                         \
             AccS32,                                                           \
             Kind::U8,                                                         \
             Kind::S8,                                                         \
             true,                                                             \
             Ord},                                                             \
      SpForm{#V " m16n8k32 s8.s8",                                             \
             mma##V##M16n8k32S32S8S8,                                          \
             32,                                                               \
             A16816I8,                                                         \
             B16832I8,                                                         \
             AccS32,                                                           \
             Kind::S8,                                                         \
             Kind::S8,                                                         \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k32 u8.u8 sat",                                         \
             mma##V##M16n8k32S32U8U8Satfinite,                                 \
             32,                                                               \
             A16816I8,                                                         \
             B16832I8,                                                         \
             AccS32,                                                           \
             Kind::U8,                                                         \
             Kind::U8,                                                         \
             true,                                                             \
             Ord},                                                             \
      SpForm{#V " m16n8k64 s8.s8 sat",                                         \
             mma##V##M16n8k64S32S8S8Satfinite,                                 \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccS32,                                                           \
             Kind::S8,                                                         \
             Kind::S8,                                                         \
             true,                                                             \
             Ord},                                                             \
      SpForm{#V " m16n8k64 u8.u8",                                             \
             mma##V##M16n8k64S32U8U8,                                          \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccS32,                                                           \
             Kind::U8,                                                         \
             Kind::U8,                                                         \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 s8.u8",                                             \
             mma##V##M16n8k64S32S8U8,                                          \
             64,                                                               \
             A16832I8,                                                         \
             B16864I8,                                                         \
             AccS32,                                                           \
             Kind::S8,                                                         \
             Kind::U8,                                                         \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 s4.s4",                                             \
             mma##V##M16n8k64S32S4S4,                                          \
             64,                                                               \
             A16832I4,                                                         \
             B16864I4,                                                         \
             AccS32,                                                           \
             Kind::S4,                                                         \
             Kind::S4,                                                         \
             false,                                                            \
             Ord},                                                             \
      SpForm{#V " m16n8k64 u4.s4 sat",                                         \
             mma##V##M16n8k64S32U4S4Satfinite,                                 \
             64,                                                               \
             A16832I4,                                                         \
             B16864I4,                                                         \
             AccS32,                                                           \
             Kind::U4,                                                         \
             Kind::S4,                                                         \
             true,                                                             \
             Ord},                                                             \
      SpForm{#V " m16n8k128 s4.u4",                                            \
             mma##V##M16n8k128S32S4U4,                                         \
             128,                                                              \
             A16864I4,                                                         \
             B168128I4,                                                        \
             AccS32,                                                           \
             Kind::S4,                                                         \
             Kind::U4,                                                         \
             false,                                                            \
             Ord},                                                             \
      SpForm {                                                                 \
#V " m16n8k128 u4.u4 sat", mma##V##M16n8k128S32U4U4Satfinite, 128,         \
        A16864I4, B168128I4, AccS32, Kind::U4, Kind::U4, true, Ord             \
  }

const SpForm Forms[] = {
    SP_FORMS(Sp, false), SP_FORMS(SpOrd, true),
    SpForm{"SpOrd m16n8k64 f16.e4m3.e5m2", mmaSpOrdM16n8k64F16E4m3E5m2, 64,
           A16832I8, B16864I8, AccF16, Kind::E4m3, Kind::E5m2, false, true}};

TEST(MmaSparse, TestLayoutsCoverTheirMatrices) {
  expectBijective(B16832F16, 32, 8, "B m16n8k32 f16");
  expectBijective(B16816Tf32, 16, 8, "B m16n8k16 tf32");
  expectBijective(B16864I8, 64, 8, "B m16n8k64 s8");
  expectBijective(B168128I4, 128, 8, "B m16n8k128 s4");
}

TEST(MmaSparse, RandomAgainstDenseProduct) {
  for (const SpForm &F : Forms)
    checkRandom(F, 4);
}

// The remaining integer type pairs and .satfinite combinations, fewer rounds.
TEST(MmaSparse, EveryIntegerFunction) {
  const SpForm More[] = {
      {"m16n8k32 s8.s8 sat", mmaSpM16n8k32S32S8S8Satfinite, 32, A16816I8,
       B16832I8, AccS32, Kind::S8, Kind::S8, true},
      {"m16n8k32 u8.u8", mmaSpM16n8k32S32U8U8, 32, A16816I8, B16832I8, AccS32,
       Kind::U8, Kind::U8},
      {"m16n8k64 u8.s8", mmaSpOrdM16n8k64S32U8S8, 64, A16832I8, B16864I8,
       AccS32, Kind::U8, Kind::S8, false, true},
      {"m16n8k64 s4.u4 sat", mmaSpM16n8k64S32S4U4Satfinite, 64, A16832I4,
       B16864I4, AccS32, Kind::S4, Kind::U4, true},
      {"m16n8k128 u4.s4", mmaSpOrdM16n8k128S32U4S4, 128, A16864I4, B168128I4,
       AccS32, Kind::U4, Kind::S4, false, true},
      {"m16n8k128 s4.s4 sat", mmaSpM16n8k128S32S4S4Satfinite, 128, A16864I4,
       B168128I4, AccS32, Kind::S4, Kind::S4, true}};
  for (const SpForm &F : More)
    checkRandom(F, 1);
}

// A hand-worked case, read off the ISA text: m16n8k16 .f16, selector 2, so
// lane 4 * groupID + 2 holds the metadata. Row 9 (groupID 1, the high half)
// chunk 3 (columns 12..15) is field bits [31:28] of lane 6; 0b1011 puts the
// first stored element at column 15 and the second at column 14 (.sp takes
// either order). The stored elements of row 9, chunk 3 are a[9][6], a[9][7]
// of the compressed 16 x 8 A: lane 4 * 1 + 3 = 7 (threadID_in_group 3, col
// 6, 7), register a3 (rows groupID + 8). With a3 = {2.0, 3.0} and b[15][0]
// = 5, b[14][0] = 7: d[9][0] = 2 * 5 + 3 * 7 = 31, held by lane 4 (groupID
// 1, threadID_in_group 0) in d2.
TEST(MmaSparse, HandWorked) {
  CollectiveIn In;
  In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
  In.NumSrc = 2 + 2 + 4 + 2;
  In.Src[1][7] = 0x4000 | uint64_t(0x4200) << 16; // a3 of lane 7: 2.0, 3.0
  // b (m16n8k16 f16): b[k][0] in lane t = (k % 8) / 2 of group 0, register
  // k / 8, half k % 2: b[14][0] in lane 3 b1 low, b[15][0] lane 3 b1 high.
  In.Src[3][3] = 0x4700 | uint64_t(0x4500) << 16; // 7.0, 5.0
  In.Src[8][6] = uint64_t(0xb) << 28;
  for (unsigned L = 0; L < 32; ++L)
    In.Src[9][L] = 2;
  // Every other field of lane 6 (row 1 and row 9) and of lanes 2, 10, ...
  // must be valid too: give them 0b0100 (columns 0 and 1, zero elements).
  for (unsigned G = 0; G < 8; ++G) {
    uint64_t &E = In.Src[8][4 * G + 2];
    for (unsigned F = 0; F < 8; ++F)
      if (!(G == 1 && F == 7))
        E |= uint64_t(0x4) << (4 * F);
  }
  CollectiveOut Out;
  mmaSpM16n8k16F32F16(In, Out);
  ASSERT_EQ(Out.UBLanes, 0u) << Out.UB;
  for (unsigned L = 0; L < 32; ++L)
    for (unsigned R = 0; R < 4; ++R)
      EXPECT_EQ(Out.Dst[R][L], (L == 4 && R == 2) ? 0x41f80000u : 0u)
          << "lane " << L << " d" << R; // 31.0f
}

//===----------------------------------------------------------------------===//
// Undefined metadata and selectors
//===----------------------------------------------------------------------===//

Case validCase(const SpForm &F, unsigned Sel) {
  std::mt19937 G(5);
  return makeCase(F, Sel, G);
}

CollectiveOut runCase(const SpForm &F, const Case &Cs) {
  CollectiveOut Out;
  F.Fn(Cs.In, Out);
  return Out;
}

const SpForm &form(const char *Name) {
  for (const SpForm &F : Forms)
    if (std::string(F.Name) == Name)
      return F;
  ADD_FAILURE() << Name;
  return Forms[0];
}

TEST(MmaSparse, EqualIndicesAreReported) {
  // 9.7.14.6.1: 0b0000, 0b0101, 0b1010, 0b1111 are undefined.
  for (unsigned V : {0x0u, 0x5u, 0xau, 0xfu}) {
    const SpForm &F = form("Sp m16n8k32 f32.f16");
    Case Cs = validCase(F, 1);
    FieldAt At = fieldAt(F, 1, 10, 5); // row 10, chunk 5: lane 11
    Cs.In.Src[Cs.ESrc][At.Lane] &= ~(uint64_t(0xf) << At.Bit);
    Cs.In.Src[Cs.ESrc][At.Lane] |= uint64_t(V) << At.Bit;
    CollectiveOut Out = runCase(F, Cs);
    EXPECT_EQ(Out.UBLanes, LaneMask(1) << 11) << V;
    EXPECT_NE(Out.UB.find("lane 11 (row 10, columns 20..23 of A)"),
              std::string::npos)
        << Out.UB;
    EXPECT_NE(Out.UB.find("its two indices are equal"), std::string::npos)
        << Out.UB;
  }
}

TEST(MmaSparse, OrderedMetadataNeedsIncreasingIndices) {
  const SpForm &Plain = form("Sp m16n8k32 s8.u8");
  const SpForm &Ord = form("SpOrd m16n8k32 s8.u8");
  for (unsigned V : {0x1u, 0x2u, 0x3u, 0x6u, 0x7u, 0xbu}) {
    // Valid for .sp (distinct), undefined for ::ordered_metadata.
    for (const SpForm *F : {&Plain, &Ord}) {
      Case Cs = validCase(*F, 0);
      FieldAt At = fieldAt(*F, 0, 3, 2);
      Cs.In.Src[Cs.ESrc][At.Lane] &= ~(uint64_t(0xf) << At.Bit);
      Cs.In.Src[Cs.ESrc][At.Lane] |= uint64_t(V) << At.Bit;
      CollectiveOut Out = runCase(*F, Cs);
      EXPECT_EQ(Out.UBLanes, F == &Ord ? LaneMask(1) << At.Lane : 0u) << V;
      if (F == &Ord) {
        EXPECT_NE(Out.UB.find("two increasing indices"), std::string::npos);
      }
    }
  }
}

TEST(MmaSparse, Tf32TakesTwoFieldValues) {
  for (const char *Name : {"Sp m16n8k8 tf32", "SpOrd m16n8k16 tf32"})
    for (unsigned V = 0; V < 16; ++V) {
      const SpForm &F = form(Name);
      Case Cs = validCase(F, 0);
      FieldAt At = fieldAt(F, 0, 0, 0);
      Cs.In.Src[Cs.ESrc][At.Lane] &= ~uint64_t(0xf);
      Cs.In.Src[Cs.ESrc][At.Lane] |= V;
      CollectiveOut Out = runCase(F, Cs);
      EXPECT_EQ(Out.UBLanes != 0, V != 0x4 && V != 0xe) << Name << " " << V;
    }
}

TEST(MmaSparse, SelectorRange) {
  // One lane: 0..3; a pair: 0, 1; all four: 0 (9.7.14.6.1).
  const std::pair<const char *, unsigned> Limits[] = {
      {"Sp m16n8k16 f32.f16", 4},  {"Sp m16n8k8 tf32", 4},
      {"Sp m16n8k32 f32.f16", 2},  {"Sp m16n8k16 tf32", 2},
      {"Sp m16n8k32 s8.u8", 2},    {"Sp m16n8k64 s4.s4", 2},
      {"Sp m16n8k64 u8.u8", 1},    {"Sp m16n8k128 s4.u4", 1},
      {"Sp m16n8k64 e4m3.e4m3", 1}};
  for (auto [Name, Limit] : Limits) {
    const SpForm &F = form(Name);
    Case Cs = validCase(F, 0);
    for (unsigned Sel = Limit; Sel < 5; ++Sel) {
      for (unsigned L = 0; L < 32; ++L)
        Cs.In.Src[Cs.ESrc + 1][L] = Sel;
      CollectiveOut Out = runCase(F, Cs);
      EXPECT_EQ(Out.UBLanes, AllLanes) << Name << " " << Sel;
      EXPECT_NE(Out.UB.find("sparsity selector " + std::to_string(Sel)),
                std::string::npos)
          << Out.UB;
    }
  }
}

// Only the lanes the selector names are read: invalid fields in the others
// change nothing.
TEST(MmaSparse, OtherLanesMetadataIsIgnored) {
  for (const SpForm &F : Forms) {
    for (unsigned Sel = 0; Sel * perGroup(F) < 4; ++Sel) {
      Case Cs = validCase(F, Sel);
      CollectiveOut Want = runCase(F, Cs);
      ASSERT_EQ(Want.UBLanes, 0u) << F.Name;
      for (unsigned L = 0; L < 32; ++L) {
        unsigned T = L % 4;
        if (T >= Sel * perGroup(F) && T < (Sel + 1) * perGroup(F))
          continue;
        Cs.In.Src[Cs.ESrc][L] = 0; // every field 0b0000
        Cs.In.SrcUndef[Cs.ESrc] |= LaneMask(1) << L;
      }
      CollectiveOut Got = runCase(F, Cs);
      ASSERT_EQ(Got.UBLanes, 0u) << F.Name;
      for (unsigned R = 0; R < F.C.Regs; ++R) {
        EXPECT_EQ(Got.DstUndef[R], 0u) << F.Name;
        EXPECT_EQ(Got.Dst[R], Want.Dst[R]) << F.Name;
      }
    }
  }
}

// The zeros of A are not multiplied: an infinity in B at a column the
// metadata does not name leaves d finite; an undefined register there
// leaves d defined where no named element is undefined.
TEST(MmaSparse, UnnamedColumnsOfBTakeNoPart) {
  const SpForm &F = form("Sp m16n8k16 f32.f16");
  Case Cs = validCase(F, 0);
  // Make every field of row 0 (lane 0, bits 0..15) 0b0100: columns 0, 1 of
  // each chunk; then b[2][n] and b[3][n] are never named for row 0.
  Cs.In.Src[Cs.ESrc][0] = (Cs.In.Src[Cs.ESrc][0] & ~0xffffull) | 0x4444;
  CollectiveOut Want = runCase(F, Cs);
  // b[2][0] and b[3][0]: lane 1 (threadID_in_group 1) of group 0, b0.
  Cs.In.Src[F.A.Regs][1] = 0x7c00 | uint64_t(0x7c00) << 16; // +inf, +inf
  CollectiveOut Got = runCase(F, Cs);
  ASSERT_EQ(Got.UBLanes, 0u);
  // d[0][0] is lane 0's d0.
  EXPECT_EQ(Got.Dst[0][0], Want.Dst[0][0]);
  EXPECT_EQ(Got.DstUndef[0] & 1, 0u);
}

TEST(MmaSparse, UndefinedInputs) {
  const SpForm &F = form("SpOrd m16n8k32 f32.f16");
  // Undefined metadata in a lane the selector names (lane 5 = group 1,
  // selector 0's second lane): rows 1 and 9 are undefined, the rest not.
  Case Cs = validCase(F, 0);
  Cs.In.SrcUndef[Cs.ESrc] = LaneMask(1) << 5;
  CollectiveOut Out = runCase(F, Cs);
  ASSERT_EQ(Out.UBLanes, 0u);
  // Row 1 is c0, c1 of lanes 4..7; row 9 c2, c3 of the same lanes.
  for (unsigned R = 0; R < 4; ++R)
    EXPECT_EQ(Out.DstUndef[R], 0xf0u) << R;
  // An undefined c register: only its own elements.
  Case Cs2 = validCase(F, 0);
  Cs2.In.SrcUndef[F.A.Regs + F.B.Regs + 1] = LaneMask(1) << 9; // c1, lane 9
  CollectiveOut Out2 = runCase(F, Cs2);
  EXPECT_EQ(Out2.DstUndef[1], LaneMask(1) << 9);
  EXPECT_EQ(Out2.DstUndef[0] | Out2.DstUndef[2] | Out2.DstUndef[3], 0u);
}

} // namespace
