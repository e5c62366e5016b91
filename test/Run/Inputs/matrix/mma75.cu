// mma.sync kernels of the sm_75 forms for test/Run/mma.test (compiled with
// nvcc -ptx -O3 -arch=sm_75): each warp builds its fragments from an element
// formula by the PTX ISA's fragment layouts (groupID g = %laneid >> 2,
// threadID_in_group t = %laneid % 4), runs one mma.sync and stores D
// row-major (M x 8). mma_ref.py computes the same products with plain loops.
//   m16n8k8 .f32.f16.f16.f32 ("Matrix Fragments for mma.m16n8k8"): A a0..a3
//     row g (+8 for a2,a3), col 2t+(i&1); B b0,b1 row 2t+i, col g; C/D
//     c0..c3 row g (+8 for c2,c3), col 2t+(i&1).
//   m8n8k16 .s32.s8.s8.s32 / .u8 ("Matrix Fragments for mma.m8n8k16"): A
//     a0..a3 row g, col 4t+i; B b0..b3 row 4t+i, col g; C/D c0,c1 row g,
//     col 2t+i.
//   m8n8k32 .s32.s4.s4.s32 ("mma.m8n8k32"): A a0..a7 row g, col 8t+i; B
//     b0..b7 row 8t+i, col g.
//   m8n8k128 .s32.b1.b1.s32 .xor.popc ("mma.m8n8k128"): A a0..a31 row g,
//     col 32t+i; B b0..b31 row 32t+i, col g; d = c + popc(a xor b) over k.
// Element i of a register is in its bits [w*i, w*i + w) (w the element
// width): a layout both A and B use, so a product does not depend on it.
#include <cuda_fp16.h>
#include <stdint.h>

__device__ int aval(int r, int k) { return (r * 3 + k) % 7 - 3; }
__device__ int bval(int k, int c) { return (k * 5 + c * 2) % 9 - 4; }
__device__ int cval(int r, int c) { return r - 2 * c; }
__device__ int i4a(int r, int k) { return (r * 5 + k * 3) % 16 - 8; }
__device__ int i4b(int k, int c) { return (k * 7 + c * 3) % 16 - 8; }
__device__ int u8a(int r, int k) { return (r * 37 + k * 11) % 256; }
__device__ int u8b(int k, int c) { return (k * 13 + c * 29) % 256; }
__device__ int bit_a(int r, int k) { return ((r * 7 + k * 3) % 5) < 2; }
__device__ int bit_b(int k, int c) { return ((k * 3 + c * 11) % 7) < 3; }

__device__ uint32_t packh(float lo, float hi) {
  return uint32_t(__half_as_ushort(__float2half(lo))) |
         uint32_t(__half_as_ushort(__float2half(hi))) << 16;
}

extern "C" __global__ void mma75_f16(float *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[2], b;
  float c[4], d[4];
  for (int r = 0; r < 2; ++r)
    a[r] = packh(aval(g + 8 * r, 2 * t), aval(g + 8 * r, 2 * t + 1));
  b = packh(bval(2 * t, g), bval(2 * t + 1, g));
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b), "f"(c[0]), "f"(c[1]),
                 "f"(c[2]), "f"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

extern "C" __global__ void mma75_s8(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a = 0, b = 0;
  for (int i = 0; i < 4; ++i) {
    a |= uint32_t(uint8_t(int8_t(aval(g, 4 * t + i) * 30))) << (8 * i);
    b |= uint32_t(uint8_t(int8_t(bval(4 * t + i, g) * 30))) << (8 * i);
  }
  int c0 = cval(g, 2 * t), c1 = cval(g, 2 * t + 1), d0, d1;
  asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 "
               "{%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=r"(d0), "=r"(d1)
               : "r"(a), "r"(b), "r"(c0), "r"(c1));
  out[g * 8 + 2 * t] = d0;
  out[g * 8 + 2 * t + 1] = d1;
}

extern "C" __global__ void mma75_u8(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a = 0, b = 0;
  for (int i = 0; i < 4; ++i) {
    a |= uint32_t(u8a(g, 4 * t + i)) << (8 * i);
    b |= uint32_t(u8b(4 * t + i, g)) << (8 * i);
  }
  int c0 = cval(g, 2 * t), c1 = cval(g, 2 * t + 1), d0, d1;
  asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32 "
               "{%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=r"(d0), "=r"(d1)
               : "r"(a), "r"(b), "r"(c0), "r"(c1));
  out[g * 8 + 2 * t] = d0;
  out[g * 8 + 2 * t + 1] = d1;
}

extern "C" __global__ void mma75_s4(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a = 0, b = 0;
  for (int i = 0; i < 8; ++i) {
    a |= uint32_t(i4a(g, 8 * t + i) & 0xf) << (4 * i);
    b |= uint32_t(i4b(8 * t + i, g) & 0xf) << (4 * i);
  }
  int c0 = cval(g, 2 * t), c1 = cval(g, 2 * t + 1), d0, d1;
  asm volatile("mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32 "
               "{%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=r"(d0), "=r"(d1)
               : "r"(a), "r"(b), "r"(c0), "r"(c1));
  out[g * 8 + 2 * t] = d0;
  out[g * 8 + 2 * t + 1] = d1;
}

extern "C" __global__ void mma75_b1(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a = 0, b = 0;
  for (int i = 0; i < 32; ++i) {
    a |= uint32_t(bit_a(g, 32 * t + i)) << i;
    b |= uint32_t(bit_b(32 * t + i, g)) << i;
  }
  int c0 = cval(g, 2 * t), c1 = cval(g, 2 * t + 1), d0, d1;
  asm volatile("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc "
               "{%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=r"(d0), "=r"(d1)
               : "r"(a), "r"(b), "r"(c0), "r"(c1));
  out[g * 8 + 2 * t] = d0;
  out[g * 8 + 2 * t + 1] = d1;
}
