// mma.sync kernels of the sm_80 sub-byte and .b1 forms for
// test/Run/mma.test (nvcc -ptx -O3 -arch=sm_80). Fragment layouts as in the
// PTX ISA ("Matrix Fragments for mma.m16n8k32", "mma.m16n8k64",
// "mma.m16n8k128", "mma.m16n8k256"): a .b32 register holds P = 32 / w
// elements (w the element width); A register r holds row g (g + 8 for odd
// r), columns t * P + j plus 4P for r >= 2; B register r holds rows
// t * P + j + 4P * r of column g; C/D c0..c3 row g (+8 for c2, c3), column
// 2t + (i & 1). mma_ref.py computes the same products with plain loops.
#include <stdint.h>

__device__ int cval(int r, int c) { return r - 2 * c; }
__device__ int i4a(int r, int k) { return (r * 5 + k * 3) % 16 - 8; }
__device__ int i4b(int k, int c) { return (k * 7 + c * 3) % 16 - 8; }
__device__ int u4a(int r, int k) { return (r * 11 + k * 5) % 16; }
__device__ int i4p(int r, int k) { return (r * 5 + k * 3) % 8; }
__device__ int bit_a(int r, int k) { return ((r * 7 + k * 3) % 5) < 2; }
__device__ int bit_b(int k, int c) { return ((k * 3 + c * 11) % 7) < 3; }
// Near INT32_MAX for rows 0-3: .satfinite clamps where the sum overflows.
__device__ int cbig(int r, int c) { return r < 4 ? 0x7ffffff0 + c : r - 2 * c; }

template <int W, int NA, typename F>
__device__ void packA(uint32_t (&a)[NA], int g, int t, F val) {
  const int P = 32 / W;
  for (int r = 0; r < NA; ++r) {
    uint32_t v = 0;
    for (int j = 0; j < P; ++j)
      v |= uint32_t(val(g + 8 * (r % 2), t * P + j + (r / 2) * 4 * P) &
                    ((1 << W) - 1)) << (W * j);
    a[r] = v;
  }
}
template <int W, int NB, typename F>
__device__ void packB(uint32_t (&b)[NB], int g, int t, F val) {
  const int P = 32 / W;
  for (int r = 0; r < NB; ++r) {
    uint32_t v = 0;
    for (int j = 0; j < P; ++j)
      v |= uint32_t(val(t * P + j + 4 * P * r, g) & ((1 << W) - 1)) << (W * j);
    b[r] = v;
  }
}
__device__ void store(int *out, int g, int t, const int (&d)[4]) {
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

// m16n8k64 .s32.u4.s4.s32
extern "C" __global__ void mma_u4s4_k64(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[4], b[2];
  packA<4>(a, g, t, u4a);
  packB<4>(b, g, t, i4b);
  int c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  store(out, g, t, d);
}

// m16n8k32 .satfinite.s32.s4.s4.s32, accumulators near INT32_MAX in rows 0-3.
extern "C" __global__ void mma_s4_k32_sat(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[2], b[1];
  packA<4>(a, g, t, i4p);
  packB<4>(b, g, t, [](int k, int c) { return 7 - (k + c) % 3; });
  int c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cbig(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s4.s4.s32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]),
                 "r"(c[2]), "r"(c[3]));
  store(out, g, t, d);
}

// m16n8k128 .s32.b1.b1.s32.and.popc
extern "C" __global__ void mma_b1_and_k128(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[2], b[1];
  packA<1>(a, g, t, bit_a);
  packB<1>(b, g, t, bit_b);
  int c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc "
               "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]),
                 "r"(c[2]), "r"(c[3]));
  store(out, g, t, d);
}

// m16n8k256 .s32.b1.b1.s32.xor.popc
extern "C" __global__ void mma_b1_xor_k256(int *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  uint32_t a[4], b[2];
  packA<1>(a, g, t, bit_a);
  packB<1>(b, g, t, bit_b);
  int c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  store(out, g, t, d);
}
