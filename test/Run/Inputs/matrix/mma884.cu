// mma.sync.aligned.m8n8k4 with .f16 A and B, for test/Run/mma.test
// (nvcc -ptx -O3 -arch=sm_80). The warp computes four independent 8x8x4
// products: computation q by lanes 4q..4q+3 (low group) and 16+4q..16+4q+3
// (high group). Each lane builds its fragments from element formulas by the
// PTX ISA layouts (9.7.14.5.1 "Matrix Fragments for mma.m8n8k4 with .f16
// floating point type"; t = %laneid % 4, h = 4 for the high group, else 0):
//   A row-major: row t + h, col i; column-major: row i + h, col t.
//   B row-major: row t, col i + h; column-major: row i, col t + h.
//   C/D .f16: row t + h, col i (i = 0..7).
//   C/D .f32: row (%laneid & 1) + (i & 2) + h, col (i & 4) + (%laneid & 2)
//     + (i & 1).
// and stores D of computation q row-major at out[q * 64 + row * 8 + col]
// (as float; an .f16 D converted exactly). mma884_ref.py computes the same
// products from the same formulas with plain loops.
#include <cuda_fp16.h>
#include <stdint.h>

// Small integers and halves: every product and sum is exact in .f16.
__device__ float aval(int q, int r, int k) {
  return ((q * 5 + r * 3 + k) % 7 - 3) * 0.5f;
}
__device__ float bval(int q, int k, int c) {
  return float((q * 3 + k * 5 + c * 2) % 9 - 4);
}
__device__ float cval(int q, int r, int c) { return float(r - 2 * c + q); }

__device__ uint32_t packh(float lo, float hi) {
  return uint32_t(__half_as_ushort(__float2half(lo))) |
         uint32_t(__half_as_ushort(__float2half(hi))) << 16;
}
__device__ float half_lo(uint32_t v) {
  return __half2float(__ushort_as_half((unsigned short)(v & 0xffff)));
}
__device__ float half_hi(uint32_t v) {
  return __half2float(__ushort_as_half((unsigned short)(v >> 16)));
}

template <bool ARow, bool BRow>
__device__ void fragsAB(int lane, uint32_t *a, uint32_t *b) {
  int q = (lane % 16) / 4, t = lane % 4, h = lane >= 16 ? 4 : 0;
  float av[4], bv[4];
  for (int i = 0; i < 4; ++i) {
    av[i] = ARow ? aval(q, t + h, i) : aval(q, i + h, t);
    bv[i] = BRow ? bval(q, t, i + h) : bval(q, i, t + h);
  }
  a[0] = packh(av[0], av[1]);
  a[1] = packh(av[2], av[3]);
  b[0] = packh(bv[0], bv[1]);
  b[1] = packh(bv[2], bv[3]);
}

__device__ void f32Pos(int lane, int i, int *row, int *col) {
  int h = lane >= 16 ? 4 : 0;
  *row = (lane & 1) + (i & 2) + h;
  *col = (i & 4) + (lane & 2) + (i & 1);
}

// .row.col.f32.f16.f16.f32
extern "C" __global__ void mma884_rc_f32(float *out) {
  int lane = threadIdx.x % 32, q = (lane % 16) / 4;
  uint32_t a[2], b[2];
  fragsAB<true, false>(lane, a, b);
  float c[8], d[8];
  for (int i = 0; i < 8; ++i) {
    int r, col;
    f32Pos(lane, i, &r, &col);
    c[i] = cval(q, r, col);
  }
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, "
               "{%12,%13,%14,%15,%16,%17,%18,%19};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3]), "=f"(d[4]),
                 "=f"(d[5]), "=f"(d[6]), "=f"(d[7])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]),
                 "f"(c[6]), "f"(c[7]));
  for (int i = 0; i < 8; ++i) {
    int r, col;
    f32Pos(lane, i, &r, &col);
    out[q * 64 + r * 8 + col] = d[i];
  }
}

// .col.col.f32.f16.f16.f32
extern "C" __global__ void mma884_cc_f32(float *out) {
  int lane = threadIdx.x % 32, q = (lane % 16) / 4;
  uint32_t a[2], b[2];
  fragsAB<false, false>(lane, a, b);
  float c[8], d[8];
  for (int i = 0; i < 8; ++i) {
    int r, col;
    f32Pos(lane, i, &r, &col);
    c[i] = cval(q, r, col);
  }
  asm volatile("mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, "
               "{%12,%13,%14,%15,%16,%17,%18,%19};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3]), "=f"(d[4]),
                 "=f"(d[5]), "=f"(d[6]), "=f"(d[7])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]),
                 "f"(c[6]), "f"(c[7]));
  for (int i = 0; i < 8; ++i) {
    int r, col;
    f32Pos(lane, i, &r, &col);
    out[q * 64 + r * 8 + col] = d[i];
  }
}

// .row.row.f32.f16.f16.f16: .f16 C (row t + h, col i), .f32 D.
extern "C" __global__ void mma884_rr_f32f16(float *out) {
  int lane = threadIdx.x % 32, q = (lane % 16) / 4, t = lane % 4,
      h = lane >= 16 ? 4 : 0;
  uint32_t a[2], b[2], c[4];
  fragsAB<true, true>(lane, a, b);
  for (int j = 0; j < 4; ++j)
    c[j] = packh(cval(q, t + h, 2 * j), cval(q, t + h, 2 * j + 1));
  float d[8];
  asm volatile("mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, "
               "{%12,%13,%14,%15};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3]), "=f"(d[4]),
                 "=f"(d[5]), "=f"(d[6]), "=f"(d[7])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]),
                 "r"(c[1]), "r"(c[2]), "r"(c[3]));
  for (int i = 0; i < 8; ++i) {
    int r, col;
    f32Pos(lane, i, &r, &col);
    out[q * 64 + r * 8 + col] = d[i];
  }
}

// .col.row.f16.f16.f16.f16: .f16 C and D (row t + h, col i).
extern "C" __global__ void mma884_cr_f16(float *out) {
  int lane = threadIdx.x % 32, q = (lane % 16) / 4, t = lane % 4,
      h = lane >= 16 ? 4 : 0;
  uint32_t a[2], b[2], c[4], d[4];
  fragsAB<false, true>(lane, a, b);
  for (int j = 0; j < 4; ++j)
    c[j] = packh(cval(q, t + h, 2 * j), cval(q, t + h, 2 * j + 1));
  asm volatile("mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11};"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]),
                 "r"(c[1]), "r"(c[2]), "r"(c[3]));
  for (int j = 0; j < 4; ++j) {
    out[q * 64 + (t + h) * 8 + 2 * j] = half_lo(d[j]);
    out[q * 64 + (t + h) * 8 + 2 * j + 1] = half_hi(d[j]);
  }
}
