//===- LaneKernelsTest.cpp - Lane kernels against plain C++ references ----===//
//
// The branch-free formulas of LaneKernels.h (the setp borrow trick and its
// 32-bit form, signed orders through a shifted key, shift clamps) checked
// against the obvious C++ for edge values of every integer width, and the
// all-lanes loop against the masked one.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/LaneKernels.h"

#include "gtest/gtest.h"

#include <vector>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::CmpOp;
using ir::Opcode;
using ir::Type;

namespace {

/// Values around 0 and the signed/unsigned limits of every width.
std::vector<uint64_t> edgeValues() {
  std::vector<uint64_t> V;
  for (unsigned Bits : {8u, 16u, 32u, 64u}) {
    uint64_t Top = 1ull << (Bits - 1);
    for (uint64_t X : {Top - 1, Top, Top + 1, Top * 2 - 1})
      V.push_back(X);
  }
  for (uint64_t X : {uint64_t(0), uint64_t(1), uint64_t(2),
                     uint64_t(0x1234567890abcdefull), ~uint64_t(0)})
    V.push_back(X);
  return V;
}

int64_t sextRef(uint64_t V, unsigned Bits) {
  if (Bits == 64)
    return int64_t(V);
  uint64_t M = (1ull << Bits) - 1, S = 1ull << (Bits - 1);
  return int64_t(((V & M) ^ S) - S);
}

uint64_t truncRef(uint64_t V, unsigned Bits) {
  return Bits == 64 ? V : V & ((1ull << Bits) - 1);
}

TEST(LaneKernels, SetpMatchesPlainComparisons) {
  for (Type::Kind K : {Type::U, Type::S, Type::B})
    for (unsigned Bits : {16u, 32u, 64u}) {
      Type T{K, uint8_t(Bits)};
      for (CmpOp Op : {CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt,
                       CmpOp::Ge, CmpOp::Lo, CmpOp::Ls, CmpOp::Hi, CmpOp::Hs,
                       CmpOp::Equ, CmpOp::Nan}) {
        LaneArgs P = compareArgs(Op, T);
        bool Signed = T.isSigned() && Op != CmpOp::Lo && Op != CmpOp::Ls &&
                      Op != CmpOp::Hi && Op != CmpOp::Hs;
        for (uint64_t A : edgeValues())
          for (uint64_t B : edgeValues()) {
            int Cmp;
            if (Signed) {
              int64_t X = sextRef(A, Bits), Y = sextRef(B, Bits);
              Cmp = X < Y ? -1 : X > Y;
            } else {
              uint64_t X = truncRef(A, Bits), Y = truncRef(B, Bits);
              Cmp = X < Y ? -1 : X > Y;
            }
            bool Want = false;
            switch (Op) {
            case CmpOp::Eq:
              Want = Cmp == 0;
              break;
            case CmpOp::Ne:
              Want = Cmp != 0;
              break;
            case CmpOp::Lt:
            case CmpOp::Lo:
              Want = Cmp < 0;
              break;
            case CmpOp::Le:
            case CmpOp::Ls:
              Want = Cmp <= 0;
              break;
            case CmpOp::Gt:
            case CmpOp::Hi:
              Want = Cmp > 0;
              break;
            case CmpOp::Ge:
            case CmpOp::Hs:
              Want = Cmp >= 0;
              break;
            default:
              break;
            }
            EXPECT_EQ(laneOp<LaneKernel::Setp>(P, A, B, 0), uint64_t(Want))
                << T.str() << " op " << unsigned(Op) << " " << A << " " << B;
            if (Bits <= 32) {
              EXPECT_EQ(laneOp<LaneKernel::Setp32>(P, A, B, 0), uint64_t(Want))
                  << T.str() << " op " << unsigned(Op) << " " << A << " " << B;
            }
          }
      }
    }
}

TEST(LaneKernels, ShiftsAndMinMax) {
  for (unsigned Bits : {16u, 32u, 64u}) {
    ir::Inst I;
    I.Ty = Type{Type::S, uint8_t(Bits)};
    LaneArgs P = laneArgsOf(I, Type());
    for (uint64_t A : edgeValues())
      for (uint64_t N :
           {uint64_t(0), uint64_t(1), uint64_t(Bits - 1), uint64_t(Bits),
            uint64_t(100), uint64_t(0x100000001ull)}) {
        uint64_t Count = uint32_t(N);
        EXPECT_EQ(laneOp<LaneKernel::Shl>(P, A, N, 0),
                  Count >= Bits ? 0 : truncRef(A << Count, Bits));
        EXPECT_EQ(laneOp<LaneKernel::ShrU>(P, A, N, 0),
                  Count >= Bits ? 0 : truncRef(A, Bits) >> Count);
        EXPECT_EQ(laneOp<LaneKernel::ShrS>(P, A, N, 0),
                  truncRef(uint64_t(sextRef(A, Bits) >>
                                    std::min<uint64_t>(Count, Bits - 1)),
                           Bits));
      }
    for (uint64_t A : edgeValues())
      for (uint64_t B : edgeValues()) {
        EXPECT_EQ(
            laneOp<LaneKernel::MinS>(P, A, B, 0),
            truncRef(uint64_t(std::min(sextRef(A, Bits), sextRef(B, Bits))),
                     Bits));
        EXPECT_EQ(laneOp<LaneKernel::MaxU>(P, A, B, 0),
                  std::max(truncRef(A, Bits), truncRef(B, Bits)));
      }
  }
}

TEST(LaneKernels, AllLanesLoopMatchesMaskedLoop) {
  ir::Inst I;
  I.Op = Opcode::Mad;
  I.Ty = Type{Type::U, 32};
  LaneKernel K = laneKernelOf(I);
  ASSERT_EQ(K, LaneKernel::Mad);
  // A u16 destination register narrows the result further.
  LaneArgs P = laneArgsOf(I, Type{Type::U, 16});
  uint64_t A[32], B[32], C[32], Full[32], Masked[32] = {};
  for (unsigned L = 0; L < 32; ++L) {
    A[L] = 0x9e3779b97f4a7c15ull * (L + 1);
    B[L] = A[L] >> 7;
    C[L] = L;
  }
  laneLoopOf(K)(P, ~0u, Full, A, B, C);
  laneLoopOf(K)(P, 0x55555555u, Masked, A, B, C);
  laneLoopOf(K)(P, 0xaaaaaaaau, Masked, A, B, C);
  for (unsigned L = 0; L < 32; ++L) {
    EXPECT_EQ(Full[L], (A[L] * B[L] + C[L]) & 0xffff) << L;
    EXPECT_EQ(Masked[L], Full[L]) << L;
  }
  // In place: d is a source.
  laneLoopOf(K)(P, ~0u, A, A, B, C);
  EXPECT_EQ(A[3], Full[3]);
}

TEST(LaneKernels, NarrowMulMatchesWideMul) {
  for (unsigned Bits : {16u, 32u, 64u}) {
    ir::Inst I;
    I.Op = Opcode::Mul;
    I.Ty = Type{Type::U, uint8_t(Bits)};
    LaneKernel K = laneKernelOf(I);
    EXPECT_EQ(K, Bits <= 32 ? LaneKernel::Mul32 : LaneKernel::Mul);
    // A wider destination register: the result is still the type's bits.
    LaneArgs P = laneArgsOf(I, Type{Type::B, 64});
    for (uint64_t A : edgeValues())
      for (uint64_t B : edgeValues())
        EXPECT_EQ(evalLaneKernel(K, P, A, B, 0), truncRef(A * B, Bits))
            << Bits << " " << A << " " << B;
  }
}

// mul.wide (PTX ISA 9.7.1.3): the 2n-bit product of the n-bit sources,
// zero- or sign-extended, from 32-bit source lanes into a 64-bit register.
TEST(LaneKernels, MulWideIsTheWholeProduct) {
  for (Type::Kind TK : {Type::U, Type::S})
    for (unsigned Bits : {16u, 32u}) {
      ir::Inst I;
      I.Op = Opcode::Mul;
      I.Sub = 2; // .wide
      I.Ty = Type{TK, uint8_t(Bits)};
      LaneKernel K = laneKernelOf(I);
      EXPECT_EQ(K, TK == Type::S ? LaneKernel::MulWideS : LaneKernel::MulWideU);
      LaneArgs P = laneArgsOf(I, Type{Type::B, 64});
      for (uint64_t A : edgeValues())
        for (uint64_t B : edgeValues()) {
          uint64_t Want = TK == Type::S
                              ? uint64_t(sextRef(A, Bits) * sextRef(B, Bits))
                              : truncRef(A, Bits) * truncRef(B, Bits);
          Want = truncRef(Want, 2 * Bits);
          EXPECT_EQ(evalLaneKernel(K, P, A, B, 0), Want)
              << Bits << " " << A << " " << B;
        }
      // The lane loop from 32-bit source lanes into 64-bit lanes.
      uint32_t A32[32], B32[32];
      uint64_t D[32];
      for (unsigned L = 0; L < 32; ++L) {
        A32[L] = 0xfffffff0u + L;
        B32[L] = L * 0x10001u;
      }
      laneLoopOf(K, false, true)(P, ~0u, D, A32, B32, B32);
      for (unsigned L = 0; L < 32; ++L) {
        uint64_t Want =
            TK == Type::S
                ? uint64_t(sextRef(A32[L], Bits) * sextRef(B32[L], Bits))
                : truncRef(A32[L], Bits) * truncRef(B32[L], Bits);
        EXPECT_EQ(D[L], truncRef(Want, 2 * Bits)) << L;
      }
    }
}

// cvta / cvta.to of global and const addresses move the address unchanged
// (they are generic addresses already); shared ones do not take the kernel.
TEST(LaneKernels, CvtaGlobalIsAMove) {
  for (Opcode Op : {Opcode::Cvta, Opcode::CvtaTo}) {
    ir::Inst I;
    I.Op = Op;
    I.Ty = Type{Type::U, 64};
    I.Sub = uint8_t(ir::Space::Global);
    EXPECT_EQ(laneKernelOf(I), LaneKernel::Mov);
    I.Sub = uint8_t(ir::Space::Shared);
    EXPECT_EQ(laneKernelOf(I), LaneKernel::None);
  }
}

// Registers of at most 32 bits have 32-bit lanes: every kernel on a 32-bit
// type gives the same bits from uint32_t lanes as from uint64_t ones, and
// setp writes its predicate into 32-bit lanes from 64-bit sources.
TEST(LaneKernels, NarrowLanesMatchWideLanes) {
  uint64_t A[32], B[32], C[32];
  uint32_t A32[32], B32[32], C32[32];
  for (unsigned L = 0; L < 32; ++L) {
    A[L] = uint32_t(0x9e3779b9u * (L + 1));
    B[L] = L < 16 ? A[L] >> (L % 7) : uint32_t(0 - L);
    C[L] = L & 1;
    A32[L] = uint32_t(A[L]), B32[L] = uint32_t(B[L]), C32[L] = uint32_t(C[L]);
  }
  for (Opcode Op : {Opcode::Add, Opcode::Sub, Opcode::Mul, Opcode::Mad,
                    Opcode::Shr, Opcode::Shl, Opcode::Min, Opcode::Max,
                    Opcode::Xor, Opcode::Selp, Opcode::Setp}) {
    for (Type::Kind TK : {Type::U, Type::S}) {
      ir::Inst I;
      I.Op = Op;
      I.Ty = Type{TK, 32};
      I.SrcTy = I.Ty;
      I.Sub = Op == Opcode::Setp ? uint8_t(CmpOp::Lt) : 0;
      LaneKernel K = laneKernelOf(I);
      ASSERT_NE(K, LaneKernel::None) << unsigned(Op);
      Type DT = Op == Opcode::Setp ? Type{Type::Pred, 1} : I.Ty;
      LaneArgs P = laneArgsOf(I, DT);
      bool PredC = K == LaneKernel::Selp;
      uint64_t Wide[32];
      uint32_t Narrow[32], FromWide[32];
      // selp's predicate always has 32-bit lanes.
      const void *WideC = PredC ? static_cast<const void *>(C32) : C;
      laneLoopOf(K, false, false)(P, ~0u, Wide, A, B, WideC);
      laneLoopOf(K, true, true)(P, 0x0f0f0f0fu, Narrow, A32, B32, C32);
      laneLoopOf(K, true, true)(P, 0xf0f0f0f0u, Narrow, A32, B32, C32);
      laneLoopOf(K, true, false)(P, ~0u, FromWide, A, B, WideC);
      for (unsigned L = 0; L < 32; ++L) {
        EXPECT_EQ(Narrow[L], Wide[L]) << unsigned(Op) << " lane " << L;
        EXPECT_EQ(FromWide[L], Wide[L]) << unsigned(Op) << " lane " << L;
      }
    }
  }
}

// wholeWarpKernel's kernels compute what the kernel they replace computes,
// for every width, destination and count it may be chosen for, in the
// all-lanes loop (the one the compiler vectorises) and the masked one.
TEST(LaneKernels, WholeWarpKernelsMatchTheirKernels) {
  std::vector<uint64_t> Vals = edgeValues();
  uint64_t A[32], B[32], C[32];
  for (unsigned L = 0; L < 32; ++L) {
    A[L] = Vals[L % Vals.size()] ^ (0x9e3779b97f4a7c15ull * L);
    B[L] = Vals[(L * 7 + 3) % Vals.size()];
    C[L] = Vals[(L * 5 + 1) % Vals.size()];
  }
  unsigned Chosen = 0;
  for (Opcode Op : {Opcode::Mad, Opcode::Mul, Opcode::Shl, Opcode::Shr})
    for (Type::Kind TK : {Type::U, Type::S})
      for (unsigned Bits : {16u, 32u, 64u})
        for (uint64_t Count : {0ull, 1ull, 5ull, 15ull, 16ull, 31ull, 32ull,
                               63ull, 64ull, 200ull, 0x100000003ull}) {
          ir::Inst I;
          I.Op = Op;
          I.Sub = Op == Opcode::Mul ? 2 : 0; // mul.wide
          I.Ty = Type{TK, uint8_t(Bits)};
          I.Ops = {ir::Operand::reg(0), ir::Operand::reg(1),
                   ir::Operand::imm(Count)};
          LaneKernel K = laneKernelOf(I);
          if (K == LaneKernel::None)
            continue;
          for (Type DT : {I.Ty, Type{Type::B, 64}, Type{Type::U, 16}}) {
            LaneArgs P = laneArgsOf(I, DT);
            LaneArgs PW = P;
            LaneKernel WK = wholeWarpKernel(I, K, PW);
            if (WK == K)
              continue;
            ++Chosen;
            // The replaced kernel reads the count from b in every lane.
            uint64_t BK[32];
            for (unsigned L = 0; L < 32; ++L)
              BK[L] = Op == Opcode::Shl || Op == Opcode::Shr ? Count : B[L];
            uint64_t Want[32], Full[32], Masked[32] = {};
            laneLoopOf(K)(P, ~0u, Want, A, BK, C);
            laneLoopOf(WK)(PW, ~0u, Full, A, BK, C);
            laneLoopOf(WK)(PW, 0x5a5a5a5au, Masked, A, BK, C);
            laneLoopOf(WK)(PW, 0xa5a5a5a5u, Masked, A, BK, C);
            for (unsigned L = 0; L < 32; ++L) {
              EXPECT_EQ(Full[L], Want[L]) << unsigned(Op) << " " << Bits << " "
                                          << Count << " lane " << L;
              EXPECT_EQ(Masked[L], Want[L]) << unsigned(Op) << " lane " << L;
              EXPECT_EQ(evalLaneKernel(WK, PW, A[L], BK[L], C[L]), Want[L]);
            }
          }
        }
  // mad.lo on 16 and 32 bits, mul.wide.u32, the three shifts with a count.
  EXPECT_GT(Chosen, 60u);
}

// Setp32's table lookup: every table (all eight subsets of <, ==, >) against
// the three comparisons, on 32-bit lanes and in one lane.
TEST(LaneKernels, Setp32EveryTable) {
  std::vector<uint64_t> Vals = edgeValues();
  for (unsigned Table = 0; Table < 8; ++Table)
    for (bool Signed : {false, true}) {
      LaneArgs P = compareArgs(CmpOp::Eq, Type{Signed ? Type::S : Type::U, 32});
      P.CmpTable = uint8_t(Table);
      uint32_t A[32], B[32], D[32];
      for (size_t I = 0; I < Vals.size(); ++I) {
        for (unsigned L = 0; L < 32; ++L) {
          A[L] = uint32_t(Vals[I]);
          B[L] = uint32_t(Vals[(I + L) % Vals.size()]);
        }
        laneLoopOf(LaneKernel::Setp32, true, true)(P, ~0u, D, A, B, B);
        for (unsigned L = 0; L < 32; ++L) {
          int64_t X = Signed ? int64_t(int32_t(A[L])) : int64_t(A[L]);
          int64_t Y = Signed ? int64_t(int32_t(B[L])) : int64_t(B[L]);
          unsigned Bit = X < Y ? 0 : X == Y ? 1 : 2;
          EXPECT_EQ(D[L], (Table >> Bit) & 1u)
              << Table << " " << A[L] << " " << B[L];
        }
      }
    }
}

// Guards and selp read predicate lanes as a mask: bit L where lane L is not
// 0, whatever else it holds, in 32-bit lanes (a specialised form on SSE2)
// and 64-bit ones.
TEST(LaneKernels, NonZeroLanesIsTheMaskOfNonZeroLanes) {
  std::vector<uint64_t> Vals = edgeValues();
  for (unsigned Round = 0; Round < 64; ++Round) {
    uint32_t V32[32];
    uint64_t V64[32];
    uint32_t Want32 = 0, Want64 = 0;
    for (unsigned L = 0; L < 32; ++L) {
      // Every third lane 0, the others a value that may be 0 too.
      uint64_t X = (L + Round) % 3 ? Vals[(L * 13 + Round) % Vals.size()] : 0;
      V32[L] = uint32_t(X);
      V64[L] = X;
      Want32 |= uint32_t(V32[L] != 0) << L;
      Want64 |= uint32_t(V64[L] != 0) << L;
    }
    EXPECT_EQ(nonZeroLanes(V32), Want32) << Round;
    EXPECT_EQ(nonZeroLanes(V64), Want64) << Round;
  }
}

} // namespace
