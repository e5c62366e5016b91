// mma.sync kernels of the .e4m3/.e5m2 forms (sm_89; compiled with nvcc -ptx
// -O3 -arch=sm_90) for test/Run/mma.test. The fragments are those of the
// .s8/.u8 forms of the same shape ("Matrix Fragments for mma.m16n8k16 with
// integer type" and "... for mma.m16n8k32" list .e4m3/.e5m2 beside
// .u8/.s8): four elements to a .b32, element j in bits [8j, 8j + 8).
// The element values are small integers, exact in both formats, so every
// product and sum is exact; mma_ref.py computes them with plain loops.
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <stdint.h>

__device__ int aval(int r, int k) { return (r * 3 + k) % 7 - 3; }
__device__ int bval(int k, int c) { return (k * 5 + c * 2) % 9 - 4; }
__device__ int cval(int r, int c) { return r - 2 * c; }

__device__ uint32_t e4m3(int v) { return __nv_fp8_e4m3(float(v)).__x; }
__device__ uint32_t e5m2(int v) { return __nv_fp8_e5m2(float(v)).__x; }

// m16n8k32 .f32.e4m3.e5m2.f32: A a0..a15 row g (+8 for a4..a7, a12..a15),
// col 4t+(i&3) (+16 for i>=8); B b0..b7 row 4t+(i&3) (+16 for i>=4), col g.
extern "C" __global__ void mma_e4m3_e5m2_k32(float *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[4] = {0, 0, 0, 0}, b[2] = {0, 0};
  for (int i = 0; i < 16; ++i) {
    int row = g + (((i >> 2) & 1) ? 8 : 0), col = 4 * t + (i & 3) + (i >= 8 ? 16 : 0);
    a[i / 4] |= e4m3(aval(row, col)) << (8 * (i % 4));
  }
  for (int i = 0; i < 8; ++i)
    b[i / 4] |= e5m2(bval(4 * t + (i & 3) + (i >= 4 ? 16 : 0), g)) << (8 * (i % 4));
  float c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// m16n8k16 .f16.e4m3.e4m3.f16: A a0..a7 row g (+8 for i>=4), col 4t+(i&3);
// B b0..b3 row 4t+i, col g; C/D two .f16 per register (c0,c1 row g; c2,c3
// row g+8; col 2t+(i&1)). out holds the 16x8 .f16 matrix as 64 words.
extern "C" __global__ void mma_e4m3_k16_f16(uint32_t *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[2] = {0, 0}, b = 0, c[2], d[2];
  for (int i = 0; i < 8; ++i)
    a[i / 4] |= e4m3(aval(g + (i >= 4 ? 8 : 0), 4 * t + (i & 3))) << (8 * (i % 4));
  for (int i = 0; i < 4; ++i)
    b |= e4m3(bval(4 * t + i, g)) << (8 * i);
  for (int r = 0; r < 2; ++r)
    c[r] = uint32_t(__half_as_ushort(__float2half(cval(g + 8 * r, 2 * t)))) |
           uint32_t(__half_as_ushort(__float2half(cval(g + 8 * r, 2 * t + 1)))) << 16;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16 "
               "{%0,%1}, {%2,%3}, {%4}, {%5,%6};"
               : "=r"(d[0]), "=r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(b), "r"(c[0]), "r"(c[1]));
  for (int r = 0; r < 2; ++r)
    out[((g + 8 * r) * 8 + 2 * t) / 2] = d[r];
}
