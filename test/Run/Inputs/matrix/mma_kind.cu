// mma.sync .kind::f8f6f4 kernels for test/Run/mma-kind.test (PTX ISA
// 9.7.14.5.14; nvcc -O3 -arch=sm_120a -ptx, mma_kind_sm120a.ptx). Each warp
// builds its m16n8k32 fragments from element formulas by the .e4m3 layouts
// (9.7.14.5.10: A a0..a15 row g (+8 for a4..a7, a12..a15), column 4t + (i &
// 3) (+16 for i >= 8); B b0..b7 row 4t + (i & 3) (+16 for i >= 4), column
// g), each element encoded here in its 8-bit container (.e2m1 in bits 2..5,
// .e3m2/.e2m3 in bits 0..5), and stores D row-major. mma_kind_ref.py
// computes D from the same formulas with plain loops.
#include <cuda_fp16.h>
#include <stdint.h>

// Values every format holds exactly: 0, +-1, 1.5, 2, 3, 4, 6.
__device__ float val(int h) {
  const float V[13] = {1, 1.5f, 2, 3, 4, 6, -1, -1.5f, -2, -3, -4, -6, 0};
  return V[h % 13];
}
__device__ float aval(int r, int k) { return val(r * 3 + k); }
__device__ float bval(int k, int c) { return val(k * 5 + c * 2); }
__device__ float cval(int r, int c) { return float(r - 2 * c); }

// The container of v (normal or zero) in a format with e exponent and m
// fraction bits, the code shifted left by sh.
__device__ uint32_t enc(float v, int e, int m, int sh) {
  if (v == 0.0f)
    return 0;
  uint32_t sign = v < 0 ? 1 : 0;
  float a = fabsf(v);
  int ex = ilogbf(a);
  float frac = a / ldexpf(1.0f, ex) - 1.0f;
  uint32_t man = uint32_t(frac * float(1 << m));
  int bias = (1 << (e - 1)) - 1;
  uint32_t code = sign << (e + m) | uint32_t(ex + bias) << m | man;
  return code << sh;
}
#define E4M3 4, 3, 0
#define E5M2 5, 2, 0
#define E3M2 3, 2, 0
#define E2M3 2, 3, 0
#define E2M1 2, 1, 2

#define FRAGS(AF, BF)                                                          \
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;                    \
  uint32_t a[4], b[2];                                                         \
  for (int r = 0; r < 4; ++r) {                                                \
    int row = g + ((r & 1) ? 8 : 0), col = 4 * t + ((r & 2) ? 16 : 0);         \
    a[r] = 0;                                                                  \
    for (int i = 0; i < 4; ++i)                                                \
      a[r] |= enc(aval(row, col + i), AF) << (8 * i);                          \
  }                                                                            \
  for (int r = 0; r < 2; ++r) {                                                \
    b[r] = 0;                                                                  \
    for (int i = 0; i < 4; ++i)                                                \
      b[r] |= enc(bval(4 * t + i + 16 * r, g), BF) << (8 * i);                 \
  }

// .f32.e3m2.e2m1.f32
extern "C" __global__ void kind_f32_e3m2_e2m1(float *out) {
  FRAGS(E3M2, E2M1)
  float c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1."
               "f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// .f32.e5m2.e2m3.f32
extern "C" __global__ void kind_f32_e5m2_e2m3(float *out) {
  FRAGS(E5M2, E2M3)
  float c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e5m2.e2m3."
               "f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// .f16.e2m1.e4m3.f16: C and D two .f16 a register.
extern "C" __global__ void kind_f16_e2m1_e4m3(uint32_t *out) {
  FRAGS(E2M1, E4M3)
  uint32_t c[2], d[2];
  for (int r = 0; r < 2; ++r)
    c[r] = uint32_t(__half_as_ushort(__float2half(cval(g + 8 * r, 2 * t)))) |
           uint32_t(__half_as_ushort(__float2half(cval(g + 8 * r, 2 * t + 1))))
               << 16;
  asm volatile("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e2m1.e4m3."
               "f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
               : "=r"(d[0]), "=r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(c[0]), "r"(c[1]));
  for (int r = 0; r < 2; ++r)
    out[((g + 8 * r) * 8 + 2 * t) / 2] = d[r];
}
