//===- WmmaTest.cpp - wmma.load/store/mma semantics (lib/Interp/Wmma.cpp) -===//
//
// Every wmma.mma form (PTX ISA 9.7.14.4.5) on random inputs against a plain
// triple-loop reference written here, with the fragment layout re-typed from
// its definition (include/ptxwarp/IR/Wmma.h: lane L's element i is
// row-major element (L * F + i) mod T); the floating inputs are small
// integers times powers of two, so every product and partial sum is exact
// in the accumulator and the reference (in double) has one right answer.
// The load and store collectives are checked against the memory order and
// against each other (a round trip), and the addresses against the stride.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/IR/Wmma.h"
#include "ptxwarp/Interp/Collective.h"

#include "llvm/ADT/APFloat.h"
#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace ptxwarp::interp;
using namespace ptxwarp::ir::wmma;

namespace {

constexpr LaneMask All = 0xffffffffu;

struct Geo {
  unsigned Rows, Cols, Bits, RegBits, Regs;
  unsigned perLane() const { return Regs * RegBits / Bits; }
};

/// The register counts of the ISA's wmma syntax (9.7.14.4.3), re-typed.
Geo geo(unsigned M, unsigned N, unsigned K, Matrix X, Elem T) {
  unsigned Rows = X == Matrix::B ? K : M, Cols = X == Matrix::A ? K : N;
  unsigned Bits = T == Elem::F16 || T == Elem::Bf16 ? 16
                  : T == Elem::F64                  ? 64
                  : T == Elem::S8 || T == Elem::U8  ? 8
                  : T == Elem::S4 || T == Elem::U4  ? 4
                  : T == Elem::B1                   ? 1
                                                    : 32;
  unsigned RegBits = T == Elem::F64 ? 64 : 32;
  unsigned PerLane = (T == Elem::F16 && X != Matrix::C) ? 16 : Rows * Cols / 32;
  return {Rows, Cols, Bits, RegBits, PerLane * Bits / RegBits};
}

/// Puts the row-major matrix \p V (raw element bits) into sources From..
/// in the fragment layout.
void put(const Geo &G, const std::vector<uint64_t> &V, CollectiveIn &In,
         unsigned From) {
  unsigned F = G.perLane(), T = G.Rows * G.Cols, Per = G.RegBits / G.Bits;
  for (unsigned R = 0; R < G.Regs; ++R)
    In.Src[From + R] = {};
  for (unsigned L = 0; L < 32; ++L)
    for (unsigned I = 0; I < F; ++I) {
      uint64_t E = V[(L * F + I) % T];
      In.Src[From + I / Per][L] |= E << ((I % Per) * G.Bits);
    }
}

/// Reads element (R, C) of the fragment in Out's destinations from every
/// lane holding it, expecting all copies equal.
uint64_t get(const Geo &G, const CollectiveOut &Out, unsigned J) {
  unsigned F = G.perLane(), T = G.Rows * G.Cols, Per = G.RegBits / G.Bits;
  uint64_t Mask = G.Bits == 64 ? ~0ull : (1ull << G.Bits) - 1;
  uint64_t Seen = 0;
  bool First = true;
  for (unsigned L = 0; L < 32; ++L)
    for (unsigned I = 0; I < F; ++I)
      if ((L * F + I) % T == J) {
        uint64_t E = (Out.Dst[I / Per][L] >> ((I % Per) * G.Bits)) & Mask;
        if (!First) {
          EXPECT_EQ(E, Seen) << "copies of element " << J << " differ";
        }
        Seen = E, First = false;
      }
  return Seen;
}

uint64_t bitsOf(double V, const llvm::fltSemantics &Sem) {
  llvm::APFloat F(V);
  bool Loses = false;
  F.convert(Sem, llvm::APFloat::rmNearestTiesToEven, &Loses);
  EXPECT_FALSE(Loses) << V;
  return F.bitcastToAPInt().getZExtValue();
}
double valueOf(uint64_t Bits, const llvm::fltSemantics &Sem, unsigned W) {
  llvm::APFloat F(Sem, llvm::APInt(W, Bits));
  bool Loses = false;
  F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &Loses);
  return F.convertToDouble();
}
const llvm::fltSemantics &semOf(Elem T) {
  switch (T) {
  case Elem::F16:
    return llvm::APFloat::IEEEhalf();
  case Elem::Bf16:
    return llvm::APFloat::BFloat();
  case Elem::F64:
    return llvm::APFloat::IEEEdouble();
  default:
    return llvm::APFloat::IEEEsingle();
  }
}
unsigned widthOf(Elem T) {
  return T == Elem::F16 || T == Elem::Bf16 ? 16 : T == Elem::F64 ? 64 : 32;
}

struct Case {
  unsigned M, N, K;
  Elem AT, BT, CT, DT;
  bool Sat = false;
  BitOp Op = BitOp::None;
};

CollectiveOut runMma(const Case &C, const std::vector<uint64_t> &A,
                     const std::vector<uint64_t> &B,
                     const std::vector<uint64_t> &Cm) {
  Geo GA = geo(C.M, C.N, C.K, Matrix::A, C.AT),
      GB = geo(C.M, C.N, C.K, Matrix::B, C.BT),
      GC = geo(C.M, C.N, C.K, Matrix::C, C.CT);
  CollectiveIn In;
  In.S = WarpStep::uniform(All, 0, All);
  put(GA, A, In, 0);
  put(GB, B, In, GA.Regs);
  put(GC, Cm, In, GA.Regs + GB.Regs);
  Form F;
  F.K = Kind::Mma;
  F.M = uint8_t(C.M), F.N = uint8_t(C.N), F.KDim = uint8_t(C.K);
  F.AT = C.AT, F.BT = C.BT, F.CT = C.CT, F.DT = C.DT;
  F.Satfinite = C.Sat;
  F.Op = C.Op;
  unsigned Desc = GA.Regs + GB.Regs + GC.Regs;
  In.NumSrc = Desc + 1;
  for (unsigned L = 0; L < 32; ++L)
    In.Src[Desc][L] = pack(F);
  CollectiveOut Out;
  wmmaMma(In, Out);
  EXPECT_EQ(Out.NumDst, geo(C.M, C.N, C.K, Matrix::C, C.DT).Regs);
  for (unsigned R = 0; R < Out.NumDst; ++R)
    EXPECT_EQ(Out.DstUndef[R], 0u);
  return Out;
}

/// Floating forms: A, B small integers scaled by 2^-2 / 2^-1, C small
/// integers; every sum exact in the accumulator (f16: |sum| < 2048).
void checkFloat(const Case &C, unsigned Seed) {
  std::mt19937 Rng(Seed);
  std::uniform_int_distribution<int> Small(-4, 4), CDist(-64, 64);
  std::vector<double> A(C.M * C.K), B(C.K * C.N), Cv(C.M * C.N);
  for (double &V : A)
    V = Small(Rng) * 0.25;
  for (double &V : B)
    V = Small(Rng) * 0.5;
  for (double &V : Cv)
    V = CDist(Rng);
  auto Bits = [](const std::vector<double> &V, Elem T) {
    std::vector<uint64_t> Out;
    for (double X : V)
      Out.push_back(bitsOf(X, semOf(T)));
    return Out;
  };
  CollectiveOut Out = runMma(C, Bits(A, C.AT), Bits(B, C.BT), Bits(Cv, C.CT));
  Geo GD = geo(C.M, C.N, C.K, Matrix::C, C.DT);
  for (unsigned R = 0; R < C.M; ++R)
    for (unsigned Col = 0; Col < C.N; ++Col) {
      double Ref = Cv[R * C.N + Col];
      for (unsigned K = 0; K < C.K; ++K)
        Ref += A[R * C.K + K] * B[K * C.N + Col];
      uint64_t D = get(GD, Out, R * C.N + Col);
      EXPECT_EQ(valueOf(D, semOf(C.DT), widthOf(C.DT)), Ref)
          << "d[" << R << "][" << Col << "]";
    }
}

int64_t intOf(Elem T, uint64_t Bits) {
  switch (T) {
  case Elem::S8:
    return int8_t(uint8_t(Bits));
  case Elem::S4:
    return (Bits & 8) ? int64_t(Bits & 15) - 16 : int64_t(Bits & 15);
  default:
    return int64_t(Bits);
  }
}

/// Integer and .b1 forms: random A and B over the whole type, C random
/// 32-bit values or (\p NearMax) near INT32_MAX/INT32_MIN so that sums
/// overflow.
void checkInt(const Case &C, unsigned Seed, bool NearMax = false) {
  std::mt19937 Rng(Seed);
  unsigned Bits = geo(C.M, C.N, C.K, Matrix::A, C.AT).Bits;
  std::vector<uint64_t> A(C.M * C.K), B(C.K * C.N), Cm(C.M * C.N);
  for (uint64_t &V : A)
    V = Rng() & ((1u << Bits) - 1);
  for (uint64_t &V : B)
    V = Rng() & ((1u << Bits) - 1);
  for (unsigned J = 0; J < Cm.size(); ++J)
    Cm[J] = NearMax ? uint32_t(J % 2 ? INT32_MAX - 100 : INT32_MIN + 100)
                    : uint32_t(Rng());
  if (NearMax) // All-maximal products push the sums over the edge.
    for (unsigned J = 0; J < A.size(); ++J)
      A[J] = C.AT == Elem::S8 ? 0x80 : C.AT == Elem::U8 ? 0xff : A[J];
  CollectiveOut Out = runMma(C, A, B, Cm);
  Geo GD = geo(C.M, C.N, C.K, Matrix::C, C.DT);
  for (unsigned R = 0; R < C.M; ++R)
    for (unsigned Col = 0; Col < C.N; ++Col) {
      int64_t Sum = int32_t(uint32_t(Cm[R * C.N + Col]));
      for (unsigned K = 0; K < C.K; ++K) {
        uint64_t X = A[R * C.K + K], Y = B[K * C.N + Col];
        if (C.Op == BitOp::Xor)
          Sum += int64_t((X ^ Y) & 1);
        else if (C.Op == BitOp::And)
          Sum += int64_t(X & Y & 1);
        else
          Sum += intOf(C.AT, X) * intOf(C.BT, Y);
      }
      uint32_t Ref = uint32_t(uint64_t(Sum));
      if (C.Sat)
        Ref = uint32_t(int32_t(
            std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, Sum))));
      EXPECT_EQ(get(GD, Out, R * C.N + Col), Ref)
          << "d[" << R << "][" << Col << "] sum " << Sum;
    }
}

const unsigned Shapes16[][3] = {{16, 16, 16}, {32, 8, 16}, {8, 32, 16}};

TEST(Wmma, F16EveryShapeAndAccumulator) {
  for (auto &S : Shapes16)
    for (Elem CT : {Elem::F16, Elem::F32})
      for (Elem DT : {Elem::F16, Elem::F32})
        checkFloat({S[0], S[1], S[2], Elem::F16, Elem::F16, CT, DT}, S[0] + 7);
}

TEST(Wmma, Bf16Tf32F64) {
  for (auto &S : Shapes16)
    checkFloat({S[0], S[1], S[2], Elem::Bf16, Elem::Bf16, Elem::F32, Elem::F32},
               S[1]);
  checkFloat({16, 16, 8, Elem::Tf32, Elem::Tf32, Elem::F32, Elem::F32}, 3);
  checkFloat({8, 8, 4, Elem::F64, Elem::F64, Elem::F64, Elem::F64}, 4);
}

TEST(Wmma, IntegerEveryShapeTypeAndSatfinite) {
  for (auto &S : Shapes16)
    for (Elem AT : {Elem::S8, Elem::U8})
      for (Elem BT : {Elem::S8, Elem::U8})
        for (bool Sat : {false, true}) {
          Case C{S[0], S[1], S[2], AT, BT, Elem::S32, Elem::S32, Sat};
          checkInt(C, S[0] * 3 + unsigned(Sat));
          checkInt(C, 11, /*NearMax=*/true);
        }
  for (Elem T : {Elem::S4, Elem::U4})
    for (bool Sat : {false, true}) {
      Case C{8, 8, 32, T, T, Elem::S32, Elem::S32, Sat};
      checkInt(C, 5);
      checkInt(C, 6, /*NearMax=*/true);
    }
  checkInt(
      {8, 8, 128, Elem::B1, Elem::B1, Elem::S32, Elem::S32, false, BitOp::Xor},
      8);
  checkInt(
      {8, 8, 128, Elem::B1, Elem::B1, Elem::S32, Elem::S32, false, BitOp::And},
      9);
}

// .satfinite clamps where the wrapped sum would differ: one element pinned.
TEST(Wmma, SatfiniteClampsAndWrapWraps) {
  std::vector<uint64_t> A(16 * 16, 0x7f), B(16 * 16, 0x7f),
      C(16 * 16, uint32_t(INT32_MAX - 10));
  // Each d = INT32_MAX - 10 + 16 * 127 * 127: over the top.
  Case Wrap{16, 16, 16, Elem::S8, Elem::S8, Elem::S32, Elem::S32, false};
  Case Sat = Wrap;
  Sat.Sat = true;
  Geo GD = geo(16, 16, 16, Matrix::C, Elem::S32);
  EXPECT_EQ(get(GD, runMma(Wrap, A, B, C), 0),
            uint32_t(int64_t(INT32_MAX) - 10 + 16 * 127 * 127));
  EXPECT_EQ(get(GD, runMma(Sat, A, B, C), 0), uint32_t(INT32_MAX));
}

// The f16 accumulator rounds each step to .f16 (the mma model): 2048 + 1
// is not an .f16, so adding 1 sixteen times to 2048 stays 2048, while the
// .f32 accumulator gets 2064 (then exactly an .f16 for the .f16 D).
TEST(Wmma, F16AccumulatorRoundsEachStep) {
  std::vector<uint64_t> A(256, bitsOf(1, llvm::APFloat::IEEEhalf())),
      B(256, bitsOf(1, llvm::APFloat::IEEEhalf())),
      C16(256, bitsOf(2048, llvm::APFloat::IEEEhalf())),
      C32(256, bitsOf(2048, llvm::APFloat::IEEEsingle()));
  Geo G16 = geo(16, 16, 16, Matrix::C, Elem::F16),
      G32 = geo(16, 16, 16, Matrix::C, Elem::F32);
  Case H{16, 16, 16, Elem::F16, Elem::F16, Elem::F16, Elem::F16};
  EXPECT_EQ(get(G16, runMma(H, A, B, C16), 5), 0x6800u); // 2048
  Case F{16, 16, 16, Elem::F16, Elem::F16, Elem::F32, Elem::F32};
  EXPECT_EQ(get(G32, runMma(F, A, B, C32), 5),
            bitsOf(2064, llvm::APFloat::IEEEsingle()));
  Case FH{16, 16, 16, Elem::F16, Elem::F16, Elem::F32, Elem::F16};
  EXPECT_EQ(get(G16, runMma(FH, A, B, C32), 5),
            bitsOf(2064, llvm::APFloat::IEEEhalf()));
}

/// Load/store of every matrix of every shape and type, both layouts:
/// registers in memory order (lane L holds memory-order elements (L * F +
/// i) mod T) become the fragment of the matrix, and the store gives them
/// back.
TEST(Wmma, LoadStoreRoundTrip) {
  struct LS {
    unsigned M, N, K;
    Matrix X;
    Elem T;
  };
  std::vector<LS> Cases;
  for (auto &S : Shapes16) {
    for (Elem T : {Elem::F16, Elem::Bf16, Elem::S8, Elem::U8}) {
      Cases.push_back({S[0], S[1], S[2], Matrix::A, T});
      Cases.push_back({S[0], S[1], S[2], Matrix::B, T});
    }
    for (Elem T : {Elem::F16, Elem::F32, Elem::S32})
      Cases.push_back({S[0], S[1], S[2], Matrix::C, T});
  }
  for (Matrix X : {Matrix::A, Matrix::B, Matrix::C}) {
    Cases.push_back({16, 16, 8, X, X == Matrix::C ? Elem::F32 : Elem::Tf32});
    Cases.push_back({8, 8, 4, X, Elem::F64});
    Cases.push_back({8, 8, 32, X, X == Matrix::C ? Elem::S32 : Elem::S4});
    Cases.push_back({8, 8, 128, X, X == Matrix::C ? Elem::S32 : Elem::B1});
  }
  std::mt19937 Rng(42);
  for (const LS &Cs : Cases)
    for (bool Col : {false, true}) {
      Geo G = geo(Cs.M, Cs.N, Cs.K, Cs.X, Cs.T);
      unsigned T = G.Rows * G.Cols, F = G.perLane(), Per = G.RegBits / G.Bits;
      uint64_t Mask = G.Bits == 64 ? ~0ull : (1ull << G.Bits) - 1;
      std::vector<uint64_t> V(T);
      for (uint64_t &E : V)
        E = (uint64_t(Rng()) << 32 | Rng()) & Mask;
      // Memory order: row-major (.row) or column-major (.col).
      auto MemIndex = [&](unsigned R, unsigned C) {
        return Col ? C * G.Rows + R : R * G.Cols + C;
      };
      std::vector<uint64_t> Mem(T);
      for (unsigned R = 0; R < G.Rows; ++R)
        for (unsigned C = 0; C < G.Cols; ++C)
          Mem[MemIndex(R, C)] = V[R * G.Cols + C];
      Form Fm;
      Fm.K = Kind::Load;
      Fm.M = uint8_t(Cs.M), Fm.N = uint8_t(Cs.N), Fm.KDim = uint8_t(Cs.K);
      Fm.Mat = Cs.X, Fm.Ty = Cs.T, Fm.Col = Col;
      CollectiveIn In;
      In.S = WarpStep::uniform(All, 0, All);
      put(G, Mem, In, 0); // the registers as loaded (memory order)
      In.NumSrc = G.Regs + 1;
      for (unsigned L = 0; L < 32; ++L)
        In.Src[G.Regs][L] = pack(Fm);
      CollectiveOut Frag;
      wmmaLoad(In, Frag);
      ASSERT_EQ(Frag.NumDst, G.Regs);
      for (unsigned J = 0; J < T; ++J)
        ASSERT_EQ(get(G, Frag, J), V[J])
            << "matrix " << int(Cs.X) << " type " << int(Cs.T) << " shape "
            << Cs.M << "x" << Cs.N << "x" << Cs.K << " col " << Col;
      // And back.
      CollectiveIn In2;
      In2.S = In.S;
      In2.NumSrc = G.Regs + 1;
      for (unsigned R = 0; R < G.Regs; ++R)
        In2.Src[R] = Frag.Dst[R];
      In2.Src[G.Regs] = In.Src[G.Regs];
      CollectiveOut Back;
      wmmaStore(In2, Back);
      for (unsigned L = 0; L < 32; ++L)
        for (unsigned I = 0; I < F; ++I)
          ASSERT_EQ((Back.Dst[I / Per][L] >> ((I % Per) * G.Bits)) & Mask,
                    Mem[(L * F + I) % T]);
    }
}

// The addresses: lane L's first memory-order element s = (L * F) mod T
// starts at row (column) s / len, offset s % len; rows are stride elements
// apart. m16n16k16 .f16 A .row, stride 24: lane 3 holds row 3, all 16
// columns, at base + 3 * 24 * 2. m32n8k16 .f16 B .row (8-element rows, 16
// elements a lane): lane 1 owns rows 2 and 3. .s4 A (m8n8k32 .row), stride
// 40: lane 5 is row 1, columns 8..15: base + (40 + 8) * 4 bits = 24 bytes.
// An odd .s4 stride puts a row start inside a byte: the address is odd.
TEST(Wmma, Addresses) {
  auto Addr = [](Form Fm, uint64_t Base, uint32_t Stride, unsigned Lane,
                 unsigned Piece) {
    CollectiveIn In;
    In.S = WarpStep::uniform(All, 0, All);
    In.NumSrc = 3;
    for (unsigned L = 0; L < 32; ++L) {
      In.Src[0][L] = Base;
      In.Src[1][L] = Stride;
      In.Src[2][L] = pack(Fm);
    }
    CollectiveOut Out;
    wmmaAddr(In, Out);
    return Out.Dst[Piece][Lane];
  };
  Form A;
  A.K = Kind::Load, A.M = 16, A.N = 16, A.KDim = 16, A.Mat = Matrix::A;
  A.Ty = Elem::F16;
  EXPECT_EQ(Addr(A, 0x1000, 24, 3, 0), 0x1000u + 3 * 24 * 2);
  EXPECT_EQ(Addr(A, 0x1000, 24, 19, 0), 0x1000u + 3 * 24 * 2); // the copy
  Form B = A;
  B.M = 32, B.N = 8, B.Mat = Matrix::B;
  EXPECT_EQ(memoryPlan(B).Pieces, 2u);
  EXPECT_EQ(Addr(B, 0, 8, 1, 0), 2u * 8 * 2);
  EXPECT_EQ(Addr(B, 0, 8, 1, 1), 3u * 8 * 2);
  Form S4 = A;
  S4.M = 8, S4.N = 8, S4.KDim = 32, S4.Ty = Elem::S4;
  EXPECT_EQ(Addr(S4, 0x100, 40, 5, 0), 0x100u + 24);
  EXPECT_EQ(Addr(S4, 0x100, 41, 5, 0) % 2, 1u);
}

} // namespace
