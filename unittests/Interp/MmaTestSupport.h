//===- MmaTestSupport.h - Layouts and harness of the mma tests -*- C++ -*-===//
//
// The fragment layouts re-typed from the PTX ISA text ("Matrix Fragments for
// mma.m8n8k4 with .f64 floating point type", "... for mma.m8n8k16",
// "... for mma.m16n8k4", "... for
// mma.m16n8k8", "... for mma.m16n8k16 with floating point type", "... for
// mma.m16n8k16 with integer type", "... for mma.m16n8k32"; groupID =
// %laneid >> 2, threadID_in_group = %laneid % 4), independent of
// lib/Interp/MatrixOps.cpp, and the helpers that distribute matrices to
// lanes and read results back (MmaTest.cpp, MmaNumericsTest.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_UNITTESTS_INTERP_MMATESTSUPPORT_H
#define PTXWARP_UNITTESTS_INTERP_MMATESTSUPPORT_H

#include "ptxwarp/Interp/MatrixOps.h"

#include "llvm/ADT/APFloat.h"
#include "gtest/gtest.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace mmatest {

using namespace ptxwarp::interp;
using llvm::APFloat;

constexpr LaneMask AllLanes = 0xffffffffu;

//===----------------------------------------------------------------------===//
// Layouts, re-typed from the ISA text
//===----------------------------------------------------------------------===//

struct Pos {
  unsigned Row, Col;
};

struct Layout {
  unsigned Regs, PerReg, Bits;
  std::function<Pos(unsigned Lane, unsigned I)> At;
};

inline unsigned grp(unsigned Lane) { return Lane >> 2; }
inline unsigned tig(unsigned Lane) { return Lane % 4; }

// Accumulators C/D of m16n8k8 (Figure 77/78), m16n8k16 (83, 86), m16n8k32
// (92): row = groupID for c0 and c1, groupID + 8 for c2 and c3; col =
// (threadID_in_group * 2) + (i & 0x1).
inline Pos accPos(unsigned L, unsigned I) {
  unsigned Row = (I == 0 || I == 1) ? grp(L) : grp(L) + 8;
  return {Row, tig(L) * 2 + (I & 0x1)};
}

const Layout AccF32{4, 1, 32, accPos}, AccF16{2, 2, 16, accPos},
    AccF64{4, 1, 64, accPos}, AccS32{4, 1, 32, accPos};

// m16n8k16 .f16/.bf16 A (Figure 79).
const Layout A16816F16{4, 2, 16, [](unsigned L, unsigned I) {
                         unsigned Row =
                             (I < 2 || (4 <= I && I < 6)) ? grp(L) : grp(L) + 8;
                         unsigned Col = I < 4 ? (tig(L) * 2) + (I & 0x1)
                                              : (tig(L) * 2) + (I & 0x1) + 8;
                         return Pos{Row, Col};
                       }};
// m16n8k16 .f16/.bf16 B (Figure 81).
const Layout B16816F16{2, 2, 16, [](unsigned L, unsigned I) {
                         unsigned Row = I < 2 ? (tig(L) * 2) + (I & 0x1)
                                              : (tig(L) * 2) + (I & 0x1) + 8;
                         return Pos{Row, grp(L)};
                       }};
// m16n8k8 .f16/.bf16 A (Figure 71) and B (Figure 74).
const Layout A1688F16{2, 2, 16, [](unsigned L, unsigned I) {
                        unsigned Row = (I == 0 || I == 1) ? grp(L) : grp(L) + 8;
                        return Pos{Row, tig(L) * 2 + (I & 0x1)};
                      }};
const Layout B1688F16{1, 2, 16, [](unsigned L, unsigned I) {
                        return Pos{(tig(L) * 2) + I, grp(L)};
                      }};
// m16n8k8 .tf32/.f64 A (Figures 72, 73) and B (Figures 75, 76).
inline Pos a1688Wide(unsigned L, unsigned I) {
  unsigned Row = (I == 0 || I == 2) ? grp(L) : grp(L) + 8;
  unsigned Col = (I == 0 || I == 1) ? tig(L) : tig(L) + 4;
  return {Row, Col};
}
inline Pos b1688Wide(unsigned L, unsigned I) {
  return {I == 0 ? tig(L) : tig(L) + 4, grp(L)};
}
const Layout A1688Tf32{4, 1, 32, a1688Wide}, B1688Tf32{2, 1, 32, b1688Wide},
    A1688F64{4, 1, 64, a1688Wide}, B1688F64{2, 1, 64, b1688Wide};
// m16n8k16 .f64 A (Figure 80) and B (Figure 82).
const Layout A16816F64{8, 1, 64, [](unsigned L, unsigned I) {
                         if (I % 2 == 0)
                           return Pos{grp(L), (I * 2) + tig(L)};
                         return Pos{grp(L) + 8, (I * 2) - 2 + tig(L)};
                       }};
const Layout B16816F64{4, 1, 64, [](unsigned L, unsigned I) {
                         return Pos{tig(L) + (I * 4), grp(L)};
                       }};
// m16n8k4 .tf32/.f64 A (Figures 65, 66) and B (Figures 67, 68).
inline Pos a1684(unsigned L, unsigned I) {
  return {I == 0 ? grp(L) : grp(L) + 8, tig(L)};
}
inline Pos b1684(unsigned L, unsigned) { return {tig(L), grp(L)}; }
const Layout A1684Tf32{2, 1, 32, a1684}, B1684Tf32{1, 1, 32, b1684},
    A1684F64{2, 1, 64, a1684}, B1684F64{1, 1, 64, b1684};
// m8n8k4 .f64 (Figures 53-55): A row %laneid >> 2, col %laneid % 4; B row
// %laneid % 4, col %laneid >> 2; C/D row groupID, col threadID_in_group * 2
// + (i & 0x1) for i = {0, 1}.
const Layout A884F64{1, 1, 64,
                     [](unsigned L, unsigned) {
                       return Pos{L >> 2, L % 4};
                     }},
    B884F64{1, 1, 64,
            [](unsigned L, unsigned) {
              return Pos{L % 4, L >> 2};
            }},
    Acc884F64{2, 1, 64, [](unsigned L, unsigned I) {
                return Pos{grp(L), (tig(L) * 2) + (I & 0x1)};
              }};
// m8n8k16 .s8/.u8 (Figures 56-58): A row groupID, col
// (threadID_in_group * 4) + i; B row (threadID_in_group * 4) + i, col
// groupID; C/D row groupID, col (threadID_in_group * 2) + i.
const Layout A8816I8{1, 4, 8,
                     [](unsigned L, unsigned I) {
                       return Pos{grp(L), (tig(L) * 4) + I};
                     }},
    B8816I8{1, 4, 8,
            [](unsigned L, unsigned I) {
              return Pos{(tig(L) * 4) + I, grp(L)};
            }},
    Acc8816S32{2, 1, 32, [](unsigned L, unsigned I) {
                 return Pos{grp(L), (tig(L) * 2) + I};
               }};
// m16n8k16 .s8/.u8 A (Figure 84) and B (Figure 85).
const Layout A16816I8{2, 4, 8, [](unsigned L, unsigned I) {
                        unsigned Row = I < 4 ? grp(L) : grp(L) + 8;
                        return Pos{Row, (tig(L) * 4) + (I & 0x3)};
                      }};
const Layout B16816I8{1, 4, 8, [](unsigned L, unsigned I) {
                        return Pos{(tig(L) * 4) + I, grp(L)};
                      }};
// m16n8k32 .s8/.u8 A (Figure 88) and B (Figures 90, 91).
const Layout A16832I8{4, 4, 8, [](unsigned L, unsigned I) {
                        unsigned Row =
                            (I < 4 || (8 <= I && I < 12)) ? grp(L) : grp(L) + 8;
                        unsigned Col = I < 8 ? (tig(L) * 4) + (I & 0x3)
                                             : (tig(L) * 4) + (I & 0x3) + 16;
                        return Pos{Row, Col};
                      }};
const Layout B16832I8{2, 4, 8, [](unsigned L, unsigned I) {
                        unsigned Row = I < 4 ? (tig(L) * 4) + (I & 0x3)
                                             : (tig(L) * 4) + (I & 0x3) + 16;
                        return Pos{Row, grp(L)};
                      }};

// .s4/.u4 and .b1, each re-typed from its own figure's formulas.
// m8n8k32 (Figures 59, 60): A row groupID, col (threadID_in_group * 8) + i;
// B row (threadID_in_group * 8) + i, col groupID.
const Layout A8832I4{1, 8, 4,
                     [](unsigned L, unsigned I) {
                       return Pos{grp(L), (tig(L) * 8) + I};
                     }},
    B8832I4{1, 8, 4, [](unsigned L, unsigned I) {
              return Pos{(tig(L) * 8) + I, grp(L)};
            }};
// m16n8k32 .s4/.u4: A row groupID for i < 8, groupID + 8 otherwise, col
// (threadID_in_group * 8) + (i & 0x7); B row (threadID_in_group * 8) + i.
const Layout A16832I4{2, 8, 4,
                      [](unsigned L, unsigned I) {
                        unsigned Row = I < 8 ? grp(L) : grp(L) + 8;
                        return Pos{Row, (tig(L) * 8) + (I & 0x7)};
                      }},
    B16832I4{1, 8, 4, [](unsigned L, unsigned I) {
               return Pos{(tig(L) * 8) + I, grp(L)};
             }};
// m16n8k64 (Figures 93-95): A row groupID for 0 <= i < 8 || 16 <= i < 24,
// groupID + 8 otherwise; col (threadID_in_group * 8) + (i & 0x7), + 32 for
// i >= 16. B row (threadID_in_group * 8) + (i & 0x7), + 32 for i >= 8.
const Layout A16864I4{4, 8, 4,
                      [](unsigned L, unsigned I) {
                        unsigned Row = (I < 8 || (16 <= I && I < 24))
                                           ? grp(L)
                                           : grp(L) + 8;
                        unsigned Col = (tig(L) * 8) + (I & 0x7);
                        return Pos{Row, I < 16 ? Col : Col + 32};
                      }},
    B16864I4{2, 8, 4, [](unsigned L, unsigned I) {
               unsigned Row = (tig(L) * 8) + (I & 0x7);
               return Pos{I < 8 ? Row : Row + 32, grp(L)};
             }};
// m8n8k128 (Figures 62, 63): A row groupID, col (threadID_in_group * 32) +
// i; B row (threadID_in_group * 32) + i, col groupID.
const Layout A88128B1{1, 32, 1,
                      [](unsigned L, unsigned I) {
                        return Pos{grp(L), (tig(L) * 32) + I};
                      }},
    B88128B1{1, 32, 1, [](unsigned L, unsigned I) {
               return Pos{(tig(L) * 32) + I, grp(L)};
             }};
// m16n8k128 (Figures 97, 98): A row groupID for i < 32, groupID + 8
// otherwise, col (threadID_in_group * 32) + (i & 0x1F); B as m8n8k128's.
const Layout A168128B1{2, 32, 1, [](unsigned L, unsigned I) {
                         unsigned Row = I < 32 ? grp(L) : grp(L) + 8;
                         return Pos{Row, (tig(L) * 32) + (I & 0x1F)};
                       }};
// m16n8k256: A row groupID for 0 <= i < 32 || 64 <= i < 96, groupID + 8
// otherwise, col (threadID_in_group * 32) + (i & 0x1F), + 128 for i >= 64;
// B row (threadID_in_group * 32) + (i & 0x1F), + 128 for i >= 32.
const Layout A168256B1{4, 32, 1,
                       [](unsigned L, unsigned I) {
                         unsigned Row = (I < 32 || (64 <= I && I < 96))
                                            ? grp(L)
                                            : grp(L) + 8;
                         unsigned Col = (tig(L) * 32) + (I & 0x1F);
                         return Pos{Row, I < 64 ? Col : Col + 128};
                       }},
    B168256B1{2, 32, 1, [](unsigned L, unsigned I) {
                unsigned Row = (tig(L) * 32) + (I & 0x1F);
                return Pos{I < 32 ? Row : Row + 128, grp(L)};
              }};

/// A row-major matrix of raw element bits.
struct Mat {
  unsigned Rows = 0, Cols = 0;
  std::vector<uint64_t> V;
  Mat(unsigned R, unsigned C) : Rows(R), Cols(C), V(R * C, 0) {}
  uint64_t &at(unsigned R, unsigned C) { return V[R * Cols + C]; }
  uint64_t at(unsigned R, unsigned C) const { return V[R * Cols + C]; }
};

// Every element of the Rows x Cols matrix is held exactly once.
inline void expectBijective(const Layout &L, unsigned Rows, unsigned Cols,
                            const char *Name) {
  std::vector<int> Count(Rows * Cols, 0);
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
      Pos P = L.At(Lane, I);
      ASSERT_LT(P.Row, Rows) << Name;
      ASSERT_LT(P.Col, Cols) << Name;
      ++Count[P.Row * Cols + P.Col];
    }
  for (int C : Count)
    EXPECT_EQ(C, 1) << Name;
}

//===----------------------------------------------------------------------===//
// The harness
//===----------------------------------------------------------------------===//

using MmaFn = void (*)(const CollectiveIn &, CollectiveOut &);

struct Form {
  const char *Name;
  MmaFn Fn;
  unsigned K;
  const Layout &A, &B, &C;
  /// M: 32 lanes hold the M x 8 accumulator.
  unsigned m() const { return C.Regs * C.PerReg * 4; }
};

inline void put(const Layout &L, const Mat &M, CollectiveIn &In,
                unsigned First) {
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
      Pos P = L.At(Lane, I);
      In.Src[First + I / L.PerReg][Lane] |= M.at(P.Row, P.Col)
                                            << (L.Bits * (I % L.PerReg));
    }
}

inline Mat take(const Layout &L, const CollectiveOut &Out) {
  Mat M(L.Regs * L.PerReg * 4, 8);
  uint64_t Mask = L.Bits == 64 ? ~uint64_t(0) : (uint64_t(1) << L.Bits) - 1;
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.Regs * L.PerReg; ++I) {
      Pos P = L.At(Lane, I);
      M.at(P.Row, P.Col) =
          (Out.Dst[I / L.PerReg][Lane] >> (L.Bits * (I % L.PerReg))) & Mask;
    }
  return M;
}

inline CollectiveIn inputs(const Form &F, const Mat &A, const Mat &B,
                           const Mat &C, LaneMask Active = AllLanes) {
  CollectiveIn In;
  In.S = WarpStep::uniform(Active, 0, AllLanes);
  In.NumSrc = F.A.Regs + F.B.Regs + F.C.Regs;
  put(F.A, A, In, 0);
  put(F.B, B, In, F.A.Regs);
  put(F.C, C, In, F.A.Regs + F.B.Regs);
  return In;
}

inline CollectiveOut run(const Form &F, const CollectiveIn &In) {
  CollectiveOut Out;
  F.Fn(In, Out);
  EXPECT_EQ(Out.NumDst, F.C.Regs) << F.Name;
  return Out;
}

/// Bits of the value \p X (exactly representable) in the semantics \p S.
inline uint64_t fbits(const llvm::fltSemantics &S, double X) {
  APFloat V(X);
  bool Loses = false;
  V.convert(S, APFloat::rmNearestTiesToEven, &Loses);
  EXPECT_FALSE(Loses) << X;
  return V.bitcastToAPInt().getZExtValue();
}

inline double fvalue(const llvm::fltSemantics &S, uint64_t Bits) {
  APFloat V(S, llvm::APInt(APFloat::getSizeInBits(S), Bits));
  bool Loses = false;
  V.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &Loses);
  return V.convertToDouble();
}

inline const llvm::fltSemantics &Half = APFloat::IEEEhalf();
inline const llvm::fltSemantics &Single = APFloat::IEEEsingle();
inline const llvm::fltSemantics &Double = APFloat::IEEEdouble();
inline const llvm::fltSemantics &BF = APFloat::BFloat();

const Form M16n8k16F32F16{"m16n8k16.f32.f16", mmaM16n8k16F32F16, 16,
                          A16816F16,          B16816F16,         AccF32};
const Form M16n8k16F16F16{"m16n8k16.f16.f16", mmaM16n8k16F16F16, 16,
                          A16816F16,          B16816F16,         AccF16};
const Form M16n8k8F32F16{"m16n8k8.f32.f16", mmaM16n8k8F32F16, 8,
                         A1688F16,          B1688F16,         AccF32};
const Form M16n8k8F16F16{"m16n8k8.f16.f16", mmaM16n8k8F16F16, 8,
                         A1688F16,          B1688F16,         AccF16};
const Form M16n8k16F32Bf16{"m16n8k16.f32.bf16", mmaM16n8k16F32Bf16, 16,
                           A16816F16,           B16816F16,          AccF32};
const Form M16n8k8F32Bf16{"m16n8k8.f32.bf16", mmaM16n8k8F32Bf16, 8,
                          A1688F16,           B1688F16,          AccF32};
const Form M16n8k8F32Tf32{"m16n8k8.f32.tf32", mmaM16n8k8F32Tf32, 8,
                          A1688Tf32,          B1688Tf32,         AccF32};
const Form M16n8k8F64{"m16n8k8.f64.rn", mmaM16n8k8F64Rn, 8,
                      A1688F64,         B1688F64,        AccF64};
const Form M16n8k16F64{"m16n8k16.f64.rn", mmaM16n8k16F64Rn, 16,
                       A16816F64,         B16816F64,        AccF64};

const Form M16n8k4F32Tf32{"m16n8k4.f32.tf32", mmaM16n8k4F32Tf32, 4,
                          A1684Tf32,          B1684Tf32,         AccF32};
const Form M8n8k4F64{"m8n8k4.f64", mmaM8n8k4F64Rn, 4,
                     A884F64,      B884F64,        Acc884F64};
const Form M16n8k4F64{"m16n8k4.f64.rn", mmaM16n8k4F64Rn, 4,
                      A1684F64,         B1684F64,        AccF64};

struct Poke {
  unsigned Src, Lane;
  uint64_t Value;
};

/// Runs \p Fn on all-zero registers but the \p Pokes, and expects every
/// destination zero but \p Lane's register \p Reg, which is \p Expected.
inline void expectSingle(MmaFn Fn, unsigned NumSrc, unsigned NumDst,
                         std::vector<Poke> Pokes, unsigned Lane, unsigned Reg,
                         uint64_t Expected, const char *Name) {
  CollectiveIn In;
  In.S = WarpStep::uniform(AllLanes, 0, AllLanes);
  In.NumSrc = NumSrc;
  for (const Poke &P : Pokes)
    In.Src[P.Src][P.Lane] = P.Value;
  CollectiveOut Out;
  Fn(In, Out);
  ASSERT_EQ(Out.NumDst, NumDst) << Name;
  for (unsigned R = 0; R < NumDst; ++R) {
    EXPECT_EQ(Out.DstUndef[R], 0u) << Name;
    for (unsigned L = 0; L < 32; ++L)
      EXPECT_EQ(Out.Dst[R][L], (L == Lane && R == Reg) ? Expected : 0u)
          << Name << ": lane " << L << " d" << R;
  }
}

/// d[0][0] of \p F with only a[0][0], b[0][0] and c[0][0] nonzero.
inline uint64_t single(const Form &F, uint64_t A00, uint64_t B00,
                       uint64_t C00) {
  Mat A(16, F.K), B(F.K, 8), C(16, 8);
  A.at(0, 0) = A00;
  B.at(0, 0) = B00;
  C.at(0, 0) = C00;
  return take(F.C, run(F, inputs(F, A, B, C))).at(0, 0);
}

} // namespace mmatest

#endif // PTXWARP_UNITTESTS_INTERP_MMATESTSUPPORT_H
