//===- AluCvtTest.cpp - cvt to f16/bf16 in every rounding mode ------------===//
//
// PTX ISA 9.7.9.21 cvt: a float or integer rounded to .f16 or .bf16 with
// .rn/.rz/.rm/.rp. The reference knows nothing of APFloat: it decodes every
// f16/bf16 bit pattern to a double from its bit fields, finds the two
// representable neighbours of the exact source value by binary search, and
// picks one as IEEE 754 says for the mode (ties to even; overflow to
// infinity at max + ulp/2 for .rn).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Alu.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using namespace ptxwarp;
using namespace ptxwarp::interp;
using ir::Opcode;
using ir::Rounding;
using ir::Type;

namespace {

/// A 16-bit format with \p ExpBits exponent bits (f16: 5, bf16: 8).
struct Half16 {
  unsigned ExpBits, ManBits;
  std::vector<double> Mag; ///< value of bits 0 .. +inf, ascending
  explicit Half16(unsigned E) : ExpBits(E), ManBits(15 - E) {
    uint32_t Inf = ((1u << E) - 1) << ManBits;
    int Bias = (1 << (E - 1)) - 1;
    for (uint32_t B = 0; B <= Inf; ++B) {
      uint32_t Exp = B >> ManBits, Man = B & ((1u << ManBits) - 1);
      double V = Exp == 0   ? std::ldexp(double(Man), 1 - Bias - int(ManBits))
                 : B == Inf ? INFINITY
                            : std::ldexp(double(Man | (1u << ManBits)),
                                         int(Exp) - Bias - int(ManBits));
      Mag.push_back(V);
    }
  }
  /// \p X rounded in mode \p M, as bits.
  uint32_t round(double X, Rounding M) const {
    uint32_t Sign = std::signbit(X) ? 0x8000 : 0;
    double A = std::fabs(X);
    auto It = std::lower_bound(Mag.begin(), Mag.end(), A);
    uint32_t Hi = uint32_t(It - Mag.begin());
    if (Mag[Hi] == A)
      return Sign | Hi;
    uint32_t Lo = Hi - 1; // A > 0 here, so Hi >= 1
    bool Neg = Sign != 0;
    uint32_t R;
    switch (M) {
    case Rounding::Rz:
      R = Lo;
      break;
    case Rounding::Rm:
      R = Neg ? Hi : Lo;
      break;
    case Rounding::Rp:
      R = Neg ? Lo : Hi;
      break;
    default: {
      double Max = Mag[Mag.size() - 2], Prev = Mag[Mag.size() - 3];
      if (std::isinf(Mag[Hi])) {
        // Overflow to infinity from max + ulp/2 on (a tie goes to the
        // "even" infinity).
        R = A >= Max + (Max - Prev) / 2 ? Hi : Lo;
        break;
      }
      double DL = A - Mag[Lo], DH = Mag[Hi] - A;
      R = DL < DH ? Lo : DH < DL ? Hi : ((Lo & 1) ? Hi : Lo);
    }
    }
    return Sign | R;
  }
};

uint64_t cvt(Type D, Type S, uint64_t V, Rounding R) {
  ir::Inst I;
  I.Op = Opcode::Cvt;
  I.Ty = D;
  I.SrcTy = S;
  I.Rnd = R;
  return evalAlu(I, V, 0, 0);
}

const Rounding Modes[] = {Rounding::Rn, Rounding::Rz, Rounding::Rm,
                          Rounding::Rp};
const Type F16{Type::F, 16}, BF16{Type::BF, 16}, F32{Type::F, 32},
    F64{Type::F, 64}, S32{Type::S, 32}, U64{Type::U, 64}, S64{Type::S, 64};

TEST(AluCvt, F32ToF16AndBf16EveryMode) {
  Half16 H(5), B(8);
  for (uint64_t Bits = 0; Bits < 0x7f800000u; Bits += 65521) {
    for (uint32_t S : {0u, 0x80000000u}) {
      uint32_t V = uint32_t(Bits) | S;
      float X;
      std::memcpy(&X, &V, 4);
      for (Rounding M : Modes) {
        ASSERT_EQ(cvt(F16, F32, V, M), H.round(X, M))
            << std::hex << V << " mode " << unsigned(M);
        ASSERT_EQ(cvt(BF16, F32, V, M), B.round(X, M))
            << std::hex << V << " mode " << unsigned(M);
      }
    }
  }
  // Ties and overflow by hand: 1 + 2^-11 is halfway between f16 1.0 and
  // 1 + 2^-10; 65520 is max + ulp/2 (-> inf under .rn, 65504 under .rz).
  Half16 Ref(5);
  EXPECT_EQ(Ref.round(1.0 + 0x1p-11, Rounding::Rn), 0x3c00u);
  EXPECT_EQ(Ref.round(1.0 + 3 * 0x1p-11, Rounding::Rn), 0x3c02u);
  EXPECT_EQ(Ref.round(65520.0, Rounding::Rn), 0x7c00u);
  EXPECT_EQ(Ref.round(65519.0, Rounding::Rn), 0x7bffu);
  EXPECT_EQ(Ref.round(-1e9, Rounding::Rz), 0xfbffu);
}

TEST(AluCvt, F64AndIntegersToF16EveryMode) {
  Half16 H(5), B(8);
  const double D[] = {0.1,      -0.1,    1.0 / 3, 65504.5, 65519.99,    1e-8,
                      -5.96e-8, 2.98e-8, 1e300,   -1e-300, 3.0e38,      3.4e38,
                      -0.0,     1.5,     2049.0,  2051.0,  1.0 + 1e-12, 6e-39};
  for (double X : D)
    for (Rounding M : Modes) {
      uint64_t V;
      std::memcpy(&V, &X, 8);
      EXPECT_EQ(cvt(F16, F64, V, M), H.round(X, M)) << X << " " << unsigned(M);
      EXPECT_EQ(cvt(BF16, F64, V, M), B.round(X, M)) << X << " " << unsigned(M);
    }
  const int64_t I[] = {0,     1,     -1,        2049,     2051,   4097,
                       -4099, 65504, 65519,     65520,    100000, -100000,
                       257,   259,   INT32_MAX, INT32_MIN};
  for (int64_t X : I)
    for (Rounding M : Modes) {
      EXPECT_EQ(cvt(F16, S32, uint64_t(X) & 0xffffffff, M),
                H.round(double(X), M))
          << X;
      EXPECT_EQ(cvt(BF16, S64, uint64_t(X), M), B.round(double(X), M)) << X;
      if (X >= 0) {
        EXPECT_EQ(cvt(F16, U64, uint64_t(X), M), H.round(double(X), M)) << X;
      }
    }
}

TEST(AluCvt, SatFiniteClampsToMaxNorm) {
  // PTX ISA 9.7.9.21 .satfinite: |input| > MAX_NORM gives sign-preserved
  // MAX_NORM (f16 0x7bff = 65504, bf16 0x7f7f), NaN stays NaN; ptx-run
  // ignored it (1e6 and -inf became infinities).
  auto Sf = [](Type D, Type S, uint64_t V, Rounding R) {
    ir::Inst I;
    I.Op = Opcode::Cvt;
    I.Ty = D;
    I.SrcTy = S;
    I.Rnd = R;
    I.SatFinite = true;
    return evalAlu(I, V, 0, 0);
  };
  for (Rounding M : {Rounding::Rn, Rounding::Rz}) {
    EXPECT_EQ(Sf(F16, F32, 0x49742400 /*1e6*/, M), 0x7bffu);
    EXPECT_EQ(Sf(F16, F32, 0xff800000 /*-inf*/, M), 0xfbffu);
    EXPECT_EQ(Sf(BF16, F32, 0x7f800000, M), 0x7f7fu);
        // (.satfinite exists only from .f32; the lowering refuses the rest.)
    EXPECT_EQ(Sf(BF16, F32, 0xff800000 /*-inf*/, M), 0xff7fu);
    EXPECT_EQ(Sf(F16, F32, 0x3f800000, M), 0x3c00u); // in range: unchanged
    uint64_t N = Sf(F16, F32, 0x7fc00000, M);
    EXPECT_EQ(N & 0x7c00, 0x7c00u); // NaN
    EXPECT_NE(N & 0x3ff, 0u);
  }
  // 65519 is above MAX_NORM: saturated even though .rn would round it to
  // 65504 anyway; 65504 itself is kept.
  EXPECT_EQ(Sf(F16, F32, 0x477fef00 /*65519*/, Rounding::Rn), 0x7bffu);
  EXPECT_EQ(Sf(F16, F32, 0x477fe000 /*65504*/, Rounding::Rn), 0x7bffu);
}

TEST(AluCvt, Bf16ToF32IsExact) {
  // Every bf16 is the upper half of an f32.
  for (uint32_t Bits = 0; Bits < 0x10000; ++Bits) {
    if ((Bits & 0x7f80) == 0x7f80 && (Bits & 0x7f))
      continue; // NaN
    ASSERT_EQ(cvt(F32, BF16, Bits, Rounding::None), uint64_t(Bits) << 16)
        << std::hex << Bits;
  }
}

} // namespace
