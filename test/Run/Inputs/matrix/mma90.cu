// mma.sync .f64 shapes of sm_90 for test/Run/mma.test (PTX ISA 9.7.14.5.x,
// "Matrix Fragments for mma.m16n8k4" and "mma.m16n8k8": .f64 A a0..a(n-1)
// row g (+8 for odd i), col t (+4 for i >= 2); B b0.. row t (+4 for i = 1),
// col g; C/D c0..c3 row g (+8 for c2,c3), col 2t+(i&1)). Stored row-major
// 16 x 8; the reference is mma_ref.py.
#include <stdint.h>

__device__ int aval(int r, int k) { return (r * 3 + k) % 7 - 3; }
__device__ int bval(int k, int c) { return (k * 5 + c * 2) % 9 - 4; }
__device__ int cval(int r, int c) { return r - 2 * c; }

extern "C" __global__ void mma_f64_k4(double *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  double a0 = aval(g, t) * 0.5, a1 = aval(g + 8, t) * 0.5, b = bval(t, g) * 0.25;
  double c[4], d[4];
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
               : "=d"(d[0]), "=d"(d[1]), "=d"(d[2]), "=d"(d[3])
               : "d"(a0), "d"(a1), "d"(b), "d"(c[0]), "d"(c[1]), "d"(c[2]),
                 "d"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

extern "C" __global__ void mma_f64_k8(double *out) {
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;
  double a[4], b[2], c[4], d[4];
  for (int i = 0; i < 4; ++i)
    a[i] = aval(g + ((i & 1) ? 8 : 0), t + (i >= 2 ? 4 : 0)) * 0.5;
  for (int i = 0; i < 2; ++i)
    b[i] = bval(t + 4 * i, g) * 0.25;
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sync.aligned.m16n8k8.row.col.rz.f64.f64.f64.f64 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=d"(d[0]), "=d"(d[1]), "=d"(d[2]), "=d"(d[3])
               : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]),
                 "d"(b[1]), "d"(c[0]), "d"(c[1]), "d"(c[2]), "d"(c[3]));
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}
