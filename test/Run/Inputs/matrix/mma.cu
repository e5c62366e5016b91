// mma.sync kernels for test/Run/mma.test: each warp builds its fragments
// from an element formula by the PTX ISA's fragment layouts
// (9.7.14.5.x "Matrix Fragments for mma.m16n8k*": groupID = %laneid >> 2,
// threadID_in_group = %laneid % 4), runs one mma.sync and stores D row-major
// (M x 8) to out. The test's reference (mma_ref.py) computes the same
// products from the same formulas with plain loops.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdint.h>

// Small integers: every product and sum is exact in every type used.
__device__ int aval(int r, int k) { return (r * 3 + k) % 7 - 3; }
__device__ int bval(int k, int c) { return (k * 5 + c * 2) % 9 - 4; }
__device__ int cval(int r, int c) { return r - 2 * c; }

__device__ uint32_t packh(float lo, float hi) {
  return uint32_t(__half_as_ushort(__float2half(lo))) |
         uint32_t(__half_as_ushort(__float2half(hi))) << 16;
}
__device__ uint32_t packbf(float lo, float hi) {
  return uint32_t(__bfloat16_as_ushort(__float2bfloat16(lo))) |
         uint32_t(__bfloat16_as_ushort(__float2bfloat16(hi))) << 16;
}

// m16n8k16 .f32.f16.f16.f32 (Figures "mma.m16n8k16 with floating point
// type": A a0..a7 row g (+8 for a2,a3,a6,a7), col 2t+(i&1) (+8 for i>=4);
// B b0..b3 row 2t+(i&1) (+8 for i>=2), col g; C/D c0..c3 row g (+8 for
// c2,c3), col 2t+(i&1)).
extern "C" __global__ void mma_f16_f32(float *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[4], b[2];
  float c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), col = 2 * t + ((r & 2) ? 8 : 0);
    a[r] = packh(aval(row, col), aval(row, col + 1));
  }
  for (int r = 0; r < 2; ++r) {
    int row = 2 * t + (r ? 8 : 0);
    b[r] = packh(bval(row, g), bval(row + 1, g));
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// m16n8k16 .f16.f16.f16.f16: the same fragments, C and D packed two .f16
// per register (c0,c1 in the first, c2,c3 in the second).
extern "C" __global__ void mma_f16_f16(uint32_t *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[4], b[2], c[2], d[2];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), col = 2 * t + ((r & 2) ? 8 : 0);
    a[r] = packh(aval(row, col), aval(row, col + 1));
  }
  for (int r = 0; r < 2; ++r) {
    int row = 2 * t + (r ? 8 : 0);
    b[r] = packh(bval(row, g), bval(row + 1, g));
  }
  for (int r = 0; r < 2; ++r)
    c[r] = packh(cval(g + 8 * r, 2 * t), cval(g + 8 * r, 2 * t + 1));
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
               "{%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
               : "=r"(d[0]), "=r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(c[0]), "r"(c[1]));
  // One .f16 pair per 32-bit word: out holds the 16x8 matrix as 64 words.
  for (int r = 0; r < 2; ++r)
    out[((g + 8 * r) * 8 + 2 * t) / 2] = d[r];
}

// m16n8k8 .f32.bf16.bf16.f32 (A a0..a3 row g (+8 for a2,a3), col 2t+(i&1);
// B b0,b1 row 2t+i, col g).
extern "C" __global__ void mma_bf16(float *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[2], b;
  float c[4], d[4];
  for (int r = 0; r < 2; ++r)
    a[r] = packbf(aval(g + 8 * r, 2 * t), aval(g + 8 * r, 2 * t + 1));
  b = packbf(bval(2 * t, g), bval(2 * t + 1, g));
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b), "f"(c[0]), "f"(c[1]),
                 "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// m16n8k8 .f32.tf32.tf32.f32 (A a0..a3 row g (+8 for a1,a3), col t (+4 for
// a2,a3); B b0,b1 row t (+4 for b1), col g). The small integers are exact
// in .tf32.
extern "C" __global__ void mma_tf32(float *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  float a[4], b[2], c[4], d[4];
  for (int i = 0; i < 4; ++i)
    a[i] = aval(g + ((i & 1) ? 8 : 0), t + (i >= 2 ? 4 : 0));
  for (int i = 0; i < 2; ++i)
    b[i] = bval(t + 4 * i, g);
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(__float_as_uint(a[0])), "r"(__float_as_uint(a[1])),
                 "r"(__float_as_uint(a[2])), "r"(__float_as_uint(a[3])),
                 "r"(__float_as_uint(b[0])), "r"(__float_as_uint(b[1])),
                 "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// m16n8k32 .s32.s8.s8.s32 (A a0..a15 row g (+8 for a4..a7, a12..a15), col
// 4t+(i&3) (+16 for i>=8); B b0..b7 row 4t+(i&3) (+16 for i>=4), col g),
// with large values: .satfinite clamps where the plain form wraps. Here the
// elements are ival(r,k) * 100 and 120 - ..., so sums reach about 2^19; the
// accumulator starts near INT32_MAX for rows 0-3 to overflow.
__device__ int ia(int r, int k) { return (r * 7 + k * 3) % 255 - 127; }
__device__ int ib(int k, int c) { return (k * 11 + c * 5) % 255 - 127; }
__device__ int ic(int r, int c) { return r < 4 ? 0x7fff0000 + c : -r * 1000 + c; }
template <bool Sat> __device__ void mma_s8_impl(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[4], b[2];
  int c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    uint32_t v = 0;
    for (int j = 0; j < 4; ++j) {
      int i = 4 * r + j;
      int row = g + (((i >> 2) & 1) ? 8 : 0), col = 4 * t + (i & 3) + (i >= 8 ? 16 : 0);
      v |= uint32_t(uint8_t(int8_t(ia(row, col)))) << (8 * j);
    }
    a[r] = v;
  }
  for (int r = 0; r < 2; ++r) {
    uint32_t v = 0;
    for (int j = 0; j < 4; ++j) {
      int i = 4 * r + j;
      v |= uint32_t(uint8_t(int8_t(ib(4 * t + (i & 3) + (i >= 4 ? 16 : 0), g)))) << (8 * j);
    }
    b[r] = v;
  }
  for (int i = 0; i < 4; ++i)
    c[i] = ic(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  if (Sat)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  else
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}
extern "C" __global__ void mma_s8(int *out) { mma_s8_impl<false>(out); }
extern "C" __global__ void mma_s8_sat(int *out) { mma_s8_impl<true>(out); }

// m8n8k4 .f64 (A a0 row g, col t; B b0 row t, col g; C/D c0,c1 row g, col
// 2t+i).
extern "C" __global__ void mma_f64(double *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  double a = aval(g, t) * 0.5, b = bval(t, g) * 0.25, d0, d1;
  double c0 = cval(g, 2 * t), c1 = cval(g, 2 * t + 1);
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
               "{%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=d"(d0), "=d"(d1)
               : "d"(a), "d"(b), "d"(c0), "d"(c1));
  out[g * 8 + 2 * t] = d0;
  out[g * 8 + 2 * t + 1] = d1;
}
