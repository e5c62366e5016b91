//===- VideoTest.cpp - The video instructions and dp4a/dp2a, per lane -----===//
//
// evalVideo against references written here, separately, as literal
// transcriptions of the PTX ISA pseudocode (9.7.18.1 "Scalar Video
// Instructions" with optSaturate/optSecOp/optMerge, 9.7.18.1.1-4,
// 9.7.18.2.1-4 "SIMD Video Instructions", 9.7.1.23 dp4a, 9.7.1.24 dp2a):
// every mode combination over edge and pseudo-random inputs, and cases
// computed by hand from the ISA's examples.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Video.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::Opcode;
using ir::VCmp;
using ir::VideoModes;
using ir::VOp2;
using ir::VSel;

namespace {

//===----------------------------------------------------------------------===//
// The reference. Values are int64_t (__int128 for vmad, as the ISA's
// tmp[127:0]); "an N-bit signed value" is computed by masking and
// subtracting 2^N.
//===----------------------------------------------------------------------===//

int64_t asSigned(int64_t V, int N) {
  int64_t Mod = int64_t(1) << N;
  int64_t R = V & (Mod - 1);
  return R >= Mod / 2 ? R - Mod : R;
}

// partSelectSignExtend(x, type, sel).
int64_t refPart(uint32_t X, bool Signed, VSel Sel) {
  switch (Sel) {
  case VSel::None:
    return Signed ? int64_t(int32_t(X)) : int64_t(X);
  case VSel::B0:
  case VSel::B1:
  case VSel::B2:
  case VSel::B3: {
    uint8_t Byte = uint8_t(X >> (8 * (int(Sel) - int(VSel::B0))));
    return Signed ? int64_t(int8_t(Byte)) : int64_t(Byte);
  }
  case VSel::H0:
  case VSel::H1: {
    uint16_t Half = uint16_t(X >> (16 * (int(Sel) - int(VSel::H0))));
    return Signed ? int64_t(int16_t(Half)) : int64_t(Half);
  }
  }
  return 0;
}

int64_t CLAMP(int64_t V, int64_t Max, int64_t Min) {
  if (V > Max)
    return Max;
  if (V < Min)
    return Min;
  return V;
}

// floor(V / 2^N), for the arithmetic right shift of a signed value.
int64_t floorShift(int64_t V, int64_t N) {
  int64_t D = int64_t(1) << N;
  int64_t Q = V / D;
  if (V % D != 0 && V < 0)
    --Q;
  return Q;
}

uint32_t refScalar(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
                   uint32_t C) {
  VSel DSel = VSel(M.DSel);
  bool Shift = Op == Opcode::VShl || Op == Opcode::VShr;
  int64_t Ta = refPart(A, M.ASigned, VSel(M.ASel));
  int64_t Tb = refPart(B, Shift ? false : M.BSigned, VSel(M.BSel));
  int64_t Tmp;
  bool Sat = M.Sat, Sign = M.DSigned;
  if (Op == Opcode::VAdd) {
    Tmp = Ta + Tb;
  } else if (Op == Opcode::VSub) {
    Tmp = Ta - Tb;
  } else if (Op == Opcode::VAbsdiff) {
    Tmp = std::abs(Ta - Tb);
  } else if (Op == Opcode::VMin) {
    Tmp = Ta < Tb ? Ta : Tb;
  } else if (Op == Opcode::VMax) {
    Tmp = Ta > Tb ? Ta : Tb;
  } else if (Shift) {
    if (M.Clamp && Tb > 32)
      Tb = 32;
    if (!M.Clamp)
      Tb = Tb & 0x1f;
    if (Op == Opcode::VShl) {
      __int128 Wide = __int128(Ta) * (__int128(1) << Tb);
      Tmp = asSigned(int64_t(Wide & 0x3ffffffff), 34); // .s34
    } else {
      Tmp = floorShift(Ta, Tb);
    }
  } else { // vset
    bool R = false;
    switch (M.Cmp) {
    case VCmp::Eq:
      R = Ta == Tb;
      break;
    case VCmp::Ne:
      R = Ta != Tb;
      break;
    case VCmp::Lt:
      R = Ta < Tb;
      break;
    case VCmp::Le:
      R = Ta <= Tb;
      break;
    case VCmp::Gt:
      R = Ta > Tb;
      break;
    case VCmp::Ge:
      R = Ta >= Tb;
      break;
    }
    Tmp = R ? 1 : 0;
    Sat = false;
    Sign = false; // "always unsigned"
  }
  // optSaturate: .s34 -> .s33.
  if (Sat) {
    if (DSel == VSel::B0 || DSel == VSel::B1 || DSel == VSel::B2 ||
        DSel == VSel::B3)
      Tmp = Sign ? CLAMP(Tmp, 127, -128) : CLAMP(Tmp, 255, 0);
    else if (DSel == VSel::H0 || DSel == VSel::H1)
      Tmp = Sign ? CLAMP(Tmp, 32767, -32768) : CLAMP(Tmp, 65535, 0);
    else
      Tmp = Sign ? CLAMP(Tmp, 2147483647, -2147483648LL)
                 : CLAMP(Tmp, 4294967295LL, 0);
  }
  Tmp = asSigned(Tmp, 33);
  if (DSel != VSel::None) { // optMerge
    int Pos = 0, Width = 8;
    if (DSel == VSel::H0 || DSel == VSel::H1) {
      Width = 16;
      Pos = 16 * (int(DSel) - int(VSel::H0));
    } else {
      Pos = 8 * (int(DSel) - int(VSel::B0));
    }
    uint64_t Field = ((uint64_t(1) << Width) - 1) << Pos;
    return uint32_t((uint64_t(C) & ~Field) | ((uint64_t(Tmp) << Pos) & Field));
  }
  // optSecOp: c is .s33 with the sign of dtype.
  int64_t Cv = Sign ? int64_t(int32_t(C)) : int64_t(C);
  int64_t D = Tmp;
  if (M.Op2 == VOp2::Add)
    D = asSigned(Tmp + Cv, 33);
  else if (M.Op2 == VOp2::Min)
    D = std::min(Tmp, Cv);
  else if (M.Op2 == VOp2::Max)
    D = std::max(Tmp, Cv);
  return uint32_t(uint64_t(D) & 0xffffffff);
}

uint32_t refVmad(const VideoModes &M, uint32_t A, uint32_t B, uint32_t C) {
  int64_t Ta = refPart(A, M.ASigned, VSel(M.ASel));
  int64_t Tb = refPart(B, M.BSigned, VSel(M.BSel));
  bool SignedFinal = M.ASigned || M.BSigned || (M.NegA ^ M.NegB) || M.NegC;
  __int128 Tmp = __int128(Ta) * __int128(Tb);
  int Lsb = 0;
  if (M.Po) {
    Lsb = 1;
  } else if (M.NegA ^ M.NegB) {
    Tmp = ~Tmp;
    Lsb = 1;
  } else if (M.NegC) {
    C = ~C;
    Lsb = 1;
  }
  __int128 C128 = SignedFinal ? __int128(int32_t(C)) : __int128(uint32_t(C));
  Tmp = Tmp + C128 + Lsb;
  // (tmp >> shr) & 0xffffffffffffffff, as a floor division.
  __int128 Div = __int128(1) << M.Shr;
  __int128 Q = Tmp / Div;
  if (Tmp % Div != 0 && Tmp < 0)
    --Q;
  uint64_t Result = uint64_t(Q);
  if (M.Sat) {
    if (SignedFinal)
      Result = uint64_t(CLAMP(int64_t(Result), 2147483647, -2147483648LL));
    else
      Result = Result > 4294967295ULL ? 4294967295ULL : Result;
  }
  return uint32_t(Result);
}

uint32_t refSimd(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
                 uint32_t C, int N) {
  // The selectable elements: a's then b's, little-endian.
  uint8_t Bytes[8];
  std::memcpy(Bytes, &A, 4);
  std::memcpy(Bytes + 4, &B, 4);
  auto Element = [&](int K, bool Signed) -> int64_t {
    if (N == 4)
      return Signed ? int64_t(int8_t(Bytes[K])) : int64_t(Bytes[K]);
    uint16_t H = uint16_t(Bytes[2 * K] | Bytes[2 * K + 1] << 8);
    return Signed ? int64_t(int16_t(H)) : int64_t(H);
  };
  int64_t T[4];
  for (int I = 0; I < N; ++I) {
    int64_t Va = Element((M.ASel >> (3 * I)) & 7, M.ASigned);
    int64_t Vb = Element((M.BSel >> (3 * I)) & 7, M.BSigned);
    switch (Op) {
    case Opcode::VAdd2:
    case Opcode::VAdd4:
      T[I] = Va + Vb;
      break;
    case Opcode::VSub2:
    case Opcode::VSub4:
      T[I] = Va - Vb;
      break;
    case Opcode::VAvrg2:
    case Opcode::VAvrg4:
      T[I] = Va + Vb >= 0 ? floorShift(Va + Vb + 1, 1) : floorShift(Va + Vb, 1);
      break;
    case Opcode::VAbsdiff2:
    case Opcode::VAbsdiff4:
      T[I] = std::abs(Va - Vb);
      break;
    case Opcode::VMin2:
    case Opcode::VMin4:
      T[I] = std::min(Va, Vb);
      break;
    case Opcode::VMax2:
    case Opcode::VMax4:
      T[I] = std::max(Va, Vb);
      break;
    default: { // vset2/vset4
      static const bool Table[6][3] = {
          // <, ==, >
          {false, true, false}, {true, false, true},  {true, false, false},
          {true, true, false},  {false, false, true}, {false, true, true}};
      int Ord = Va < Vb ? 0 : Va == Vb ? 1 : 2;
      T[I] = Table[int(M.Cmp)][Ord] ? 1 : 0;
      break;
    }
    }
    if (M.Sat) {
      if (N == 4)
        T[I] = M.DSigned ? CLAMP(T[I], 127, -128) : CLAMP(T[I], 255, 0);
      else
        T[I] = M.DSigned ? CLAMP(T[I], 32767, -32768) : CLAMP(T[I], 65535, 0);
    }
  }
  if (M.Op2 == VOp2::Add) {
    int64_t D = int64_t(C);
    for (int I = 0; I < N; ++I)
      D += (M.DSel >> I) & 1 ? T[I] : 0;
    return uint32_t(uint64_t(D) & 0xffffffff);
  }
  uint8_t Out[4];
  uint8_t CB[4];
  std::memcpy(CB, &C, 4);
  int W = 4 / N; // bytes per element
  for (int I = 0; I < N; ++I)
    for (int K = 0; K < W; ++K)
      Out[I * W + K] = (M.DSel >> I) & 1 ? uint8_t(uint64_t(T[I]) >> (8 * K))
                                         : CB[I * W + K];
  uint32_t D;
  std::memcpy(&D, Out, 4);
  return D;
}

uint32_t refDp(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
               uint32_t C) {
  uint8_t AB[4], BB[4];
  std::memcpy(AB, &A, 4);
  std::memcpy(BB, &B, 4);
  int64_t Vb[4];
  for (int I = 0; I < 4; ++I)
    Vb[I] = M.BSigned ? int64_t(int8_t(BB[I])) : int64_t(BB[I]);
  int64_t D = int64_t(C);
  if (Op == Opcode::Dp4a) {
    for (int I = 0; I < 4; ++I)
      D += (M.ASigned ? int64_t(int8_t(AB[I])) : int64_t(AB[I])) * Vb[I];
  } else {
    int BSelect = M.Hi ? 2 : 0;
    for (int I = 0; I < 2; ++I) {
      uint16_t H = uint16_t(AB[2 * I] | AB[2 * I + 1] << 8);
      int64_t Va = M.ASigned ? int64_t(int16_t(H)) : int64_t(H);
      D += Va * Vb[BSelect + I];
    }
  }
  return uint32_t(uint64_t(D) & 0xffffffff);
}

//===----------------------------------------------------------------------===//
// Inputs.
//===----------------------------------------------------------------------===//

std::vector<uint32_t> inputs(unsigned Seed, unsigned Random) {
  std::vector<uint32_t> V = {
      0,          1,          2,          0x1f,       0x20,       0x21,
      0x3f,       0x40,       0x7f,       0x80,       0xff,       0x100,
      0x7fff,     0x8000,     0xffff,     0x10000,    0x7fffffff, 0x80000000,
      0x80000001, 0xfffffffe, 0xffffffff, 0x80808080, 0x7f7f7f7f, 0xff00ff00,
      0x00ff00ff, 0x80007fff, 0x7fff8000, 0xffff0001, 0x01020304, 0xfefdfcfb};
  std::mt19937 R(Seed);
  for (unsigned I = 0; I < Random; ++I)
    V.push_back(uint32_t(R()));
  return V;
}

const VSel AllSels[] = {VSel::None, VSel::B0, VSel::B1, VSel::B2,
                        VSel::B3,   VSel::H0, VSel::H1};

std::string describe(Opcode Op, const VideoModes &M, uint32_t A, uint32_t B,
                     uint32_t C) {
  char Buf[256];
  std::snprintf(
      Buf, sizeof(Buf), "op %s modes 0x%llx a 0x%08x b 0x%08x c 0x%08x",
      ir::opcodeName(Op).str().c_str(), (unsigned long long)M.pack(), A, B, C);
  return Buf;
}

/// Every scalar mode: signs, .sat, both selectors, and either one .op2 or
/// one destination selector.
template <typename Fn> void forEachScalarMode(Opcode Op, Fn F) {
  bool Set = Op == Opcode::VSet;
  bool Shift = Op == Opcode::VShl || Op == Opcode::VShr;
  for (unsigned Signs = 0; Signs < 8; ++Signs)
    for (unsigned Extra = 0; Extra < (Set ? 6u : 2u); ++Extra)
      for (VSel AS : AllSels)
        for (VSel BS : AllSels)
          for (unsigned Tail = 0; Tail < 10; ++Tail)
            for (unsigned Clamp = 0; Clamp < (Shift ? 2u : 1u); ++Clamp) {
              VideoModes M;
              M.DSigned = !Set && (Signs & 1);
              M.ASigned = Signs & 2;
              M.BSigned = !Shift && (Signs & 4);
              if (Set)
                M.Cmp = VCmp(Extra);
              else
                M.Sat = Extra;
              M.ASel = uint16_t(AS);
              M.BSel = uint16_t(BS);
              if (Tail < 4)
                M.Op2 = VOp2(Tail);
              else
                M.DSel = uint8_t(AllSels[Tail - 3]);
              M.Clamp = Clamp;
              F(M);
            }
}

const Opcode ScalarOps[] = {Opcode::VAdd, Opcode::VSub, Opcode::VAbsdiff,
                            Opcode::VMin, Opcode::VMax, Opcode::VShl,
                            Opcode::VShr, Opcode::VSet};

TEST(Video, ScalarMatchesTheIsaPseudocode) {
  std::mt19937 R(7);
  std::vector<uint32_t> In = inputs(1, 10);
  unsigned Failures = 0;
  for (Opcode Op : ScalarOps) {
    forEachScalarMode(Op, [&](const VideoModes &M) {
      // A sample of input triples per mode (all modes, every edge value
      // as a and as b across the modes).
      for (unsigned K = 0; K < 6; ++K) {
        uint32_t A = In[R() % In.size()], B = In[R() % In.size()],
                 C = In[R() % In.size()];
        uint32_t Got = evalVideo(Op, M, A, B, C);
        uint32_t Want = refScalar(Op, M, A, B, C);
        if (Got != Want && ++Failures < 10)
          ADD_FAILURE() << describe(Op, M, A, B, C) << ": got 0x" << std::hex
                        << Got << ", want 0x" << Want;
      }
    });
  }
  EXPECT_EQ(Failures, 0u);
}

TEST(Video, ScalarEdgesExhaustive) {
  // Every pair of edge values under the word selectors, all signs, sat
  // and op2 (the saturation boundaries of the 32-bit range).
  std::vector<uint32_t> In = inputs(2, 0);
  for (Opcode Op : ScalarOps)
    for (unsigned Signs = 0; Signs < 8; ++Signs)
      for (unsigned Sat = 0; Sat < 2; ++Sat)
        for (unsigned O2 = 0; O2 < 4; ++O2)
          for (uint32_t A : In)
            for (uint32_t B : In) {
              VideoModes M;
              M.DSigned = Signs & 1;
              M.ASigned = Signs & 2;
              M.BSigned = Signs & 4;
              M.Sat = Sat;
              M.Op2 = VOp2(O2);
              M.Clamp = Signs & 1;
              M.Cmp = VCmp(Signs % 6);
              if (Op == Opcode::VShl || Op == Opcode::VShr)
                M.BSigned = false;
              if (Op == Opcode::VSet)
                M.DSigned = M.Sat = false;
              uint32_t C = A ^ 0x5a5a5a5a;
              ASSERT_EQ(evalVideo(Op, M, A, B, C), refScalar(Op, M, A, B, C))
                  << describe(Op, M, A, B, C);
            }
}

TEST(Video, VmadMatchesTheIsaPseudocode) {
  std::mt19937 R(11);
  std::vector<uint32_t> In = inputs(3, 10);
  for (unsigned Signs = 0; Signs < 4; ++Signs)
    for (VSel AS : AllSels)
      for (VSel BS : AllSels)
        for (unsigned Neg = 0; Neg < 8; ++Neg)
          for (unsigned Po = 0; Po < 2; ++Po)
            for (unsigned Sat = 0; Sat < 2; ++Sat)
              for (uint8_t Shr : {0, 7, 15}) {
                VideoModes M;
                M.ASigned = Signs & 1;
                M.BSigned = Signs & 2;
                M.DSigned = M.ASigned;
                M.ASel = uint16_t(AS);
                M.BSel = uint16_t(BS);
                M.NegA = Neg & 1;
                M.NegB = Neg & 2;
                M.NegC = Neg & 4;
                // The forms ptxas accepts: not (a*b) and c both negated,
                // no negation with .po.
                if ((M.NegA != M.NegB) && M.NegC)
                  continue;
                if (Po && Neg)
                  continue;
                M.Po = Po;
                M.Sat = Sat;
                M.Shr = Shr;
                for (unsigned K = 0; K < 8; ++K) {
                  uint32_t A = In[R() % In.size()], B = In[R() % In.size()],
                           C = In[R() % In.size()];
                  ASSERT_EQ(evalVideo(Opcode::VMad, M, A, B, C),
                            refVmad(M, A, B, C))
                      << describe(Opcode::VMad, M, A, B, C);
                }
              }
}

const Opcode Simd2Ops[] = {Opcode::VAdd2,     Opcode::VSub2, Opcode::VAvrg2,
                           Opcode::VAbsdiff2, Opcode::VMin2, Opcode::VMax2,
                           Opcode::VSet2};
const Opcode Simd4Ops[] = {Opcode::VAdd4,     Opcode::VSub4, Opcode::VAvrg4,
                           Opcode::VAbsdiff4, Opcode::VMin4, Opcode::VMax4,
                           Opcode::VSet4};

void checkSimd(Opcode Op, int N, std::mt19937 &R,
               const std::vector<uint32_t> &In) {
  bool Set = Op == Opcode::VSet2 || Op == Opcode::VSet4;
  unsigned Elems = 2 * unsigned(N);
  for (unsigned Signs = 0; Signs < 8; ++Signs)
    for (unsigned Mode = 0; Mode < 3; ++Mode) // plain, .sat, .add
      for (unsigned Mask = 1; Mask < (1u << N); ++Mask)
        for (unsigned K = 0; K < 40; ++K) {
          VideoModes M;
          M.DSigned = !Set && (Signs & 1);
          M.ASigned = Signs & 2;
          M.BSigned = Signs & 4;
          M.Sat = !Set && Mode == 1;
          M.Op2 = Mode == 2 ? VOp2::Add : VOp2::None;
          M.Cmp = VCmp(R() % 6);
          M.DSel = uint8_t(Mask);
          // Random selectors; the first rounds use the defaults.
          for (int I = 0; I < N; ++I) {
            M.ASel |= uint16_t((K == 0 ? I : R() % Elems) << (3 * I));
            M.BSel |= uint16_t((K == 0 ? I + N : R() % Elems) << (3 * I));
          }
          uint32_t A = In[R() % In.size()], B = In[R() % In.size()],
                   C = In[R() % In.size()];
          ASSERT_EQ(evalVideo(Op, M, A, B, C), refSimd(Op, M, A, B, C, N))
              << describe(Op, M, A, B, C);
        }
}

TEST(Video, SimdMatchesTheIsaPseudocode) {
  std::mt19937 R(13);
  std::vector<uint32_t> In = inputs(4, 30);
  for (Opcode Op : Simd2Ops)
    checkSimd(Op, 2, R, In);
  for (Opcode Op : Simd4Ops)
    checkSimd(Op, 4, R, In);
}

TEST(Video, DotProductsMatchTheIsaPseudocode) {
  std::vector<uint32_t> In = inputs(5, 20);
  for (Opcode Op : {Opcode::Dp4a, Opcode::Dp2a})
    for (unsigned Signs = 0; Signs < 8; ++Signs) {
      VideoModes M;
      M.ASigned = Signs & 1;
      M.BSigned = Signs & 2;
      M.Hi = Signs & 4;
      for (uint32_t A : In)
        for (uint32_t B : In) {
          uint32_t C = B * 2654435761u;
          ASSERT_EQ(evalVideo(Op, M, A, B, C), refDp(Op, M, A, B, C))
              << describe(Op, M, A, B, C);
        }
    }
}

//===----------------------------------------------------------------------===//
// By hand, from the ISA's examples.
//===----------------------------------------------------------------------===//

VideoModes modes(bool D, bool A, bool B) {
  VideoModes M;
  M.DSigned = D;
  M.ASigned = A;
  M.BSigned = B;
  return M;
}

TEST(Video, HandComputedScalar) {
  // vadd.s32.u32.s32.sat r1, r2.b0, r3.h0: 255 + (-32768) = -32513.
  VideoModes M = modes(true, false, true);
  M.Sat = true;
  M.ASel = uint16_t(VSel::B0);
  M.BSel = uint16_t(VSel::H0);
  EXPECT_EQ(evalVideo(Opcode::VAdd, M, 0x123456ff, 0x00018000, 0), 0xffff80ffu);
  // vsub.s32.s32.u32.sat r1, r2.h1, r3.h1: -32768 - 65535 = -98303.
  M = modes(true, true, false);
  M.Sat = true;
  M.ASel = M.BSel = uint16_t(VSel::H1);
  EXPECT_EQ(evalVideo(Opcode::VSub, M, 0x80000000, 0xffff0000, 0),
            uint32_t(-98303));
  // .sat saturates the 32-bit range: 0x7fffffff + 1 -> 0x7fffffff.
  M = modes(true, true, true);
  M.Sat = true;
  EXPECT_EQ(evalVideo(Opcode::VAdd, M, 0x7fffffff, 1, 0), 0x7fffffffu);
  M.Sat = false;
  EXPECT_EQ(evalVideo(Opcode::VAdd, M, 0x7fffffff, 1, 0), 0x80000000u);
  // u32 dtype: 5 - 7 saturates to 0, 0xffffffff + 0xffffffff to U32_MAX.
  M = modes(false, false, false);
  M.Sat = true;
  EXPECT_EQ(evalVideo(Opcode::VSub, M, 5, 7, 0), 0u);
  EXPECT_EQ(evalVideo(Opcode::VAdd, M, 0xffffffff, 0xffffffff, 0), 0xffffffffu);
  // vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c: |-128 - 127| = 255,
  // merged into c's low half-word.
  M = modes(true, true, true);
  M.Sat = true;
  M.ASel = uint16_t(VSel::B0);
  M.BSel = uint16_t(VSel::B2);
  M.DSel = uint8_t(VSel::H0);
  EXPECT_EQ(evalVideo(Opcode::VAbsdiff, M, 0x80, 0x007f0000, 0xdeadbeef),
            0xdead00ffu);
  // ... into byte 3 with .sat clamps to the signed byte range: 127.
  M.DSel = uint8_t(VSel::B3);
  EXPECT_EQ(evalVideo(Opcode::VAbsdiff, M, 0x80, 0x007f0000, 0xdeadbeef),
            0x7fadbeefu);
  // vmin.s32.s32.s32.sat.add r1, r2, r3, c: min(-5, 7) + 10 = 5.
  M = modes(true, true, true);
  M.Sat = true;
  M.Op2 = VOp2::Add;
  EXPECT_EQ(evalVideo(Opcode::VMin, M, uint32_t(-5), 7, 10), 5u);
  // vmax.u32.u32.u32.min: min(max(3, 9), 4) = 4.
  M = modes(false, false, false);
  M.Op2 = VOp2::Min;
  EXPECT_EQ(evalVideo(Opcode::VMax, M, 3, 9, 4), 4u);
  // vshl.s32.u32.u32.clamp r1, r2, r3: a shift of 40 clamps to 32; 1 << 32
  // is 0 in the low 32 bits, and saturates to 0x7fffffff under .sat.
  M = modes(true, false, false);
  M.Clamp = true;
  EXPECT_EQ(evalVideo(Opcode::VShl, M, 1, 40, 0), 0u);
  M.Sat = true;
  EXPECT_EQ(evalVideo(Opcode::VShl, M, 1, 40, 0), 0x7fffffffu);
  // The primary result is .s34 (PTX ISA 9.7.18.1): 3 << 32 = 0x300000000
  // wraps to -2^32 there, which .sat clamps to INT32_MIN.
  EXPECT_EQ(evalVideo(Opcode::VShl, M, 3, 40, 0), 0x80000000u);
  // .wrap: 40 & 31 = 8.
  M = modes(false, false, false);
  EXPECT_EQ(evalVideo(Opcode::VShl, M, 3, 40, 0), 0x300u);
  // vshr.u32.u32.u32.wrap r1, r2, r3.h1: shift by 0x24 & 31 = 4.
  M.BSel = uint16_t(VSel::H1);
  EXPECT_EQ(evalVideo(Opcode::VShr, M, 0xf0000000, 0x00240000, 0), 0x0f000000u);
  // vshr.s32.s32.u32.clamp of a negative word by 100: clamps to 32 -> -1.
  M = modes(true, true, false);
  M.Clamp = true;
  EXPECT_EQ(evalVideo(Opcode::VShr, M, 0x80000000, 100, 0), 0xffffffffu);
  // vset.s32.u32.lt r1, r2, r3: -1 < 0 (unsigned b) is true.
  M = modes(false, true, false);
  M.Cmp = VCmp::Lt;
  EXPECT_EQ(evalVideo(Opcode::VSet, M, 0xffffffff, 0, 0), 1u);
  // vset.u32.u32.ne r1, r2, r3.h1 with .add: (1 != 2) + 41.
  M = modes(false, false, false);
  M.Cmp = VCmp::Ne;
  M.BSel = uint16_t(VSel::H1);
  M.Op2 = VOp2::Add;
  EXPECT_EQ(evalVideo(Opcode::VSet, M, 1, 0x00020000, 41), 42u);
}

TEST(Video, HandComputedVmad) {
  // vmad.u32.u32.u32.shr15 r0, r1.h0, r2.h0, r3:
  // (0x8000 * 0x8000 + 0x4000) >> 15 = 0x8000.
  VideoModes M = modes(false, false, false);
  M.ASel = M.BSel = uint16_t(VSel::H0);
  M.Shr = 15;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0xffff8000, 0x12348000, 0x4000),
            0x8000u);
  // vmad.s32.s32.u32.sat r0, r1, r2, -r3: -2 * 3 - 5 = -11.
  M = modes(true, true, false);
  M.Sat = true;
  M.NegC = true;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, uint32_t(-2), 3, 5), uint32_t(-11));
  // -(u32 * u32) + s32: -(0x10000 * 0x10000) + 1 saturates to INT32_MIN.
  M = modes(true, false, false);
  M.NegA = true;
  M.Sat = true;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0x10000, 0x10000, 1), 0x80000000u);
  // Without .sat the low 32 bits of -2^32 + 1.
  M.Sat = false;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0x10000, 0x10000, 1), 1u);
  // .po: (a*b) + c + 1, then .shr7: (255*255 + 127 + 1) >> 7 = 65153 >> 7
  // = 509.
  M = modes(false, false, false);
  M.Po = true;
  M.Shr = 7;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0xff, 0xff, 0x7f), 509u);
  M.Po = false;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0xff, 0xff, 0x7f), 509u); // 65152
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0xff, 0xff, 0x7e), 508u); // 65151
  // (u32 * u32) + u32 with .sat: 0xffffffff^2 saturates to U32_MAX.
  M = modes(false, false, false);
  M.Sat = true;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 0xffffffff, 0xffffffff, 0), 0xffffffffu);
  // (u32 * u32) - u32 is signed: 1*1 - 2 = -1 saturates to -1, not 0.
  M.NegC = true;
  EXPECT_EQ(evalVideo(Opcode::VMad, M, 1, 1, 2), 0xffffffffu);
}

TEST(Video, HandComputedSimd) {
  // vadd4.s32.s32.u32.sat r1, r2, r3, r1: bytes (s) + (u), clamped to s8,
  // bytes 3..0: 127+1=128->127, -128+255=127, -1+2=1, 16+128=144->127.
  VideoModes M = modes(true, true, false);
  M.Sat = true;
  M.ASel = 03210 & 0xfff; // octal digits: element i <- byte i
  M.BSel = 07654;
  M.DSel = 0xf;
  EXPECT_EQ(evalVideo(Opcode::VAdd4, M, 0x7f80ff10, 0x01ff0280, 0),
            0x7f7f017fu);
  // vsub4.s32.s32.s32.sat r1.b0, r2.b3210, r3.b7654, r1: only byte 0,
  // -128 - 127 -> -128; the other bytes come from c.
  M = modes(true, true, true);
  M.Sat = true;
  M.ASel = 03210;
  M.BSel = 07654;
  M.DSel = 0x1;
  EXPECT_EQ(evalVideo(Opcode::VSub4, M, 0x00000080, 0x0000007f, 0xaabbccdd),
            0xaabbcc80u);
  // vabsdiff4.u32.u32.u32.add (__vsadu4): c + sum |a_i - b_i|.
  M = modes(false, false, false);
  M.Op2 = VOp2::Add;
  M.ASel = 03210;
  M.BSel = 07654;
  M.DSel = 0xf;
  EXPECT_EQ(evalVideo(Opcode::VAbsdiff4, M, 0x01020304, 0x05060708, 100), 116u);
  // vmin4.u32.u32.u32.add with a.b0000, b.b2222 and mask .b10: c plus
  // twice min(byte 0, byte 2) of a (bytes 0-3 of {b, a}): 1000 + 2*5.
  M.ASel = 0;
  M.BSel = 02222;
  M.DSel = 0x3;
  EXPECT_EQ(evalVideo(Opcode::VMin4, M, 0x00050009, 0, 1000), 1010u);
  // vavrg2: a non-negative sum rounds up, (3+4+1)>>1 = 4; a negative one
  // is shifted as is, (-3 + -4) >> 1 = -4.
  M = modes(true, true, true);
  M.ASel = 010;
  M.BSel = 032;
  M.DSel = 0x3;
  EXPECT_EQ(evalVideo(Opcode::VAvrg2, M, 0xfffd0003, 0xfffc0004, 0),
            0xfffc0004u);
  // vmax2.u32.s32.u32.sat: max(-1, 5) = 5 and max(-32768, 0x7fff).
  M = modes(false, true, false);
  M.Sat = true;
  M.ASel = 010;
  M.BSel = 032;
  M.DSel = 0x3;
  EXPECT_EQ(evalVideo(Opcode::VMax2, M, 0x8000ffff, 0x7fff0005, 0),
            0x7fff0005u);
  // vset4.s32.u32.lt r1, r2, r3, r0: -1 < 0 (s vs u) per byte, 0x10 < 0x20.
  M = modes(false, true, false);
  M.Cmp = VCmp::Lt;
  M.ASel = 03210;
  M.BSel = 07654;
  M.DSel = 0xf;
  EXPECT_EQ(evalVideo(Opcode::VSet4, M, 0xff10ff30, 0x00200020, 0),
            0x01010100u);
  // vset2.u32.u32.ne.add r1, r2, r3, r0: c + (1 != 1) + (2 != 3).
  M = modes(false, false, false);
  M.Cmp = VCmp::Ne;
  M.Op2 = VOp2::Add;
  M.ASel = 010;
  M.BSel = 032;
  M.DSel = 0x3;
  EXPECT_EQ(evalVideo(Opcode::VSet2, M, 0x00020001, 0x00030001, 7), 8u);
}

TEST(Video, HandComputedDotProducts) {
  VideoModes M = modes(false, false, false);
  // dp4a.u32.u32: 1*5 + 2*6 + 3*7 + 4*8 + 10 = 80.
  EXPECT_EQ(evalVideo(Opcode::Dp4a, M, 0x04030201, 0x08070605, 10), 80u);
  // dp4a.s32.s32 of all -1 bytes: 4 * 1 + c.
  M = modes(false, true, true);
  EXPECT_EQ(evalVideo(Opcode::Dp4a, M, 0xffffffff, 0xffffffff, 0), 4u);
  // dp4a.s32.u32: 4 * (-128 * 255) = -130560.
  M = modes(false, true, false);
  EXPECT_EQ(evalVideo(Opcode::Dp4a, M, 0x80808080, 0xffffffff, 0),
            uint32_t(-130560));
  // dp2a.lo.s32.s32: a = {-2, 3}, b bytes {5, -1, 7, 9}: -2*5 + 3*-1.
  M = modes(false, true, true);
  EXPECT_EQ(evalVideo(Opcode::Dp2a, M, 0x0003fffe, 0x0907ff05, 0),
            uint32_t(-13));
  // dp2a.hi: -2*7 + 3*9 = 13.
  M.Hi = true;
  EXPECT_EQ(evalVideo(Opcode::Dp2a, M, 0x0003fffe, 0x0907ff05, 0), 13u);
}

TEST(Video, ModesRoundTrip) {
  VideoModes M;
  M.DSigned = M.BSigned = M.Sat = M.Clamp = M.NegB = M.Po = M.Hi = true;
  M.Op2 = VOp2::Max;
  M.DSel = 0xb;
  M.ASel = 07531;
  M.BSel = 06420;
  M.Cmp = VCmp::Ge;
  M.Shr = 15;
  VideoModes N = VideoModes::unpack(M.pack());
  EXPECT_EQ(N.pack(), M.pack());
  EXPECT_TRUE(N.DSigned && !N.ASigned && N.BSigned && N.Sat && N.Clamp);
  EXPECT_TRUE(!N.NegA && N.NegB && !N.NegC && N.Po && N.Hi);
  EXPECT_EQ(N.Op2, VOp2::Max);
  EXPECT_EQ(N.DSel, 0xb);
  EXPECT_EQ(N.ASel, 07531);
  EXPECT_EQ(N.BSel, 06420);
  EXPECT_EQ(N.Cmp, VCmp::Ge);
  EXPECT_EQ(N.Shr, 15);
}

} // namespace
