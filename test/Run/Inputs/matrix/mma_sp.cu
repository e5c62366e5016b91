// mma.sp kernels for test/Run/mma-sp.test (PTX ISA 9.7.14.6, "Matrix
// multiply-accumulate operation using mma.sp instruction with sparse matrix
// A"). Each warp builds a structured-sparse A from formulas: the metadata
// field of chunk ch of row r is meta(r, ch) (valid values only, unordered
// ones too for .sp), the stored elements are A's values at the columns it
// names. The compressed A goes into the registers by the dense A layout of
// the same type with K/2 columns, B and C by the dense layouts, the
// metadata into the lanes the sparsity selector names (four chunks of rows
// groupID and groupID + 8 per lane, row groupID in bits 0-15, chunk c at bits
// 4 * (c % 4)), and D is stored row-major. mma_sp_ref.py computes D from the
// same formulas with plain loops over the dense A.
//
// nvcc -O3 -arch=sm_80 -ptx (mma_sp_sm80.ptx) and -O3 -arch=sm_89
// -DMMA_SP_FP8_ONLY -ptx (mma_sp_sm89.ptx: the .e4m3/.e5m2 kernel).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <stdint.h>

// Small nonzero integers (exact in every type) and integer formulas.
__device__ int fval(int r, int k) {
  return ((r * 3 + k) % 6 + 1) * (((r + k) & 1) ? -1 : 1);
}
__device__ int gval(int k, int c) {
  return ((k * 5 + c * 2) % 5 + 1) * (((k * c) & 2) ? -1 : 1);
}
__device__ int cval(int r, int c) { return r - 2 * c; }
__device__ int s8a(int r, int k) { return (r * 7 + k * 3) % 255 - 127; }
__device__ int s8b(int k, int c) { return (k * 11 + c * 5) % 255 - 127; }
__device__ int u8a(int r, int k) { return (r * 37 + k * 11) % 256; }
__device__ int s4a(int r, int k) { return (r * 5 + k * 3) % 16 - 8; }
__device__ int u4b(int k, int c) { return (k * 7 + c * 3) % 16; }
__device__ int u4a(int r, int k) { return (r * 11 + k * 5) % 16; }
__device__ int cbig(int r, int c) {
  return r < 4 ? 0x7ffff000 + c : r * 1000 - 2 * c;
}

// The metadata fields: .sp takes any two distinct indices, .sp::
// ordered_metadata increasing ones, .tf32 0b0100 and 0b1110 only.
__device__ unsigned meta(int r, int ch, int kind) {
  const unsigned Any[12] = {0x4, 0x1, 0x8, 0x2, 0x9, 0x6,
                            0xc, 0x3, 0xd, 0x7, 0xe, 0xb};
  const unsigned Ord[6] = {0x4, 0x8, 0x9, 0xc, 0xd, 0xe};
  int h = r * 5 + ch * 3;
  if (kind == 2)
    return (h & 1) ? 0xe : 0x4;
  return kind == 1 ? Ord[h % 6] : Any[h % 12];
}
// The dense column of stored element j of row r (cw: chunk width 4, 8 or 2).
__device__ int dcol(int r, int j, int cw, int kind) {
  int per = cw / 2, ch = j / per, J = j % per;
  unsigned v = meta(r, ch, kind);
  if (cw == 2)
    return ch * 2 + (v == 0xe);
  if (cw == 8)
    return ch * 8 + 2 * ((J < 2) ? (v & 3) : (v >> 2)) + (J & 1);
  return ch * 4 + (J == 0 ? (v & 3) : (v >> 2));
}
// This lane's metadata register: n lanes per group, selector sel.
__device__ uint32_t ebits(int lane, int sel, int n, int chunks, int kind) {
  int g = lane >> 2, t = lane % 4;
  if (t < sel * n || t >= (sel + 1) * n)
    return 0;
  uint32_t e = 0;
  for (int half = 0; half < 2; ++half)
    for (int c = 0; c < 4; ++c) {
      int ch = (t - sel * n) * 4 + c;
      if (ch < chunks)
        e |= meta(g + 8 * half, ch, kind) << (16 * half + 4 * c);
    }
  return e;
}

__device__ uint32_t packh(float lo, float hi) {
  return uint32_t(__half_as_ushort(__float2half(lo))) |
         uint32_t(__half_as_ushort(__float2half(hi))) << 16;
}
__device__ uint32_t packbf(float lo, float hi) {
  return uint32_t(__bfloat16_as_ushort(__float2bfloat16(lo))) |
         uint32_t(__bfloat16_as_ushort(__float2bfloat16(hi))) << 16;
}
__device__ void storeF32(float *out, const float *d, int g, int t) {
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}
__device__ void storeS32(int *out, const int *d, int g, int t) {
  for (int i = 0; i < 4; ++i)
    out[(g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)] = d[i];
}

#ifndef MMA_SP_FP8_ONLY
#define LANE                                                                   \
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;                    \
  (void)g;                                                                     \
  (void)t

// m16n8k16 .f32.f16.f16.f32, .sp, selector 1 (one lane per group). A as
// m16n8k8's: register r row g + 8r, compressed columns 2t, 2t+1; B as
// m16n8k16's: register r rows 2t, 2t+1 (+8 for r = 1), column g.
extern "C" __global__ void sp_f16_k16(float *out) {
  LANE;
  uint32_t a[2], b[2], e = ebits(lane, 1, 1, 4, 0);
  float c[4], d[4];
  for (int r = 0; r < 2; ++r) {
    int row = g + 8 * r;
    a[r] = packh(fval(row, dcol(row, 2 * t, 4, 0)),
                 fval(row, dcol(row, 2 * t + 1, 4, 0)));
    b[r] = packh(gval(2 * t + 8 * r, g), gval(2 * t + 1 + 8 * r, g));
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}, %12, 1;"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]), "r"(e));
  storeF32(out, d, g, t);
}

// m16n8k32 .f16.f16.f16.f16, .sp::ordered_metadata, selector 1 (lanes 2
// and 3 of each group). A as m16n8k16's: a0..a7 row g (+8 for a2, a3, a6,
// a7), compressed column 2t + (i & 1) (+8 for i >= 4); B b0..b7 row 2t +
// (i & 1) + 8 * (i >> 1); C/D packed two .f16 a register.
extern "C" __global__ void spo_f16_k32(uint32_t *out) {
  LANE;
  uint32_t a[4], b[4], c[2], d[2], e = ebits(lane, 1, 2, 8, 1);
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), j = 2 * t + ((r & 2) ? 8 : 0);
    a[r] =
        packh(fval(row, dcol(row, j, 4, 1)), fval(row, dcol(row, j + 1, 4, 1)));
    b[r] = packh(gval(2 * t + 8 * r, g), gval(2 * t + 1 + 8 * r, g));
  }
  for (int r = 0; r < 2; ++r)
    c[r] = packh(cval(g + 8 * r, 2 * t), cval(g + 8 * r, 2 * t + 1));
  asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16."
               "f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7,%8,%9}, {%10,%11}, "
               "%12, 1;"
               : "=r"(d[0]), "=r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(e));
  for (int r = 0; r < 2; ++r)
    out[((g + 8 * r) * 8 + 2 * t) / 2] = d[r];
}

// m16n8k32 .f32.bf16.bf16.f32, .sp, selector 0 (lanes 0 and 1).
extern "C" __global__ void sp_bf16_k32(float *out) {
  LANE;
  uint32_t a[4], b[4], e = ebits(lane, 0, 2, 8, 0);
  float c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), j = 2 * t + ((r & 2) ? 8 : 0);
    a[r] = packbf(fval(row, dcol(row, j, 4, 0)),
                  fval(row, dcol(row, j + 1, 4, 0)));
    b[r] = packbf(gval(2 * t + 8 * r, g), gval(2 * t + 1 + 8 * r, g));
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
               "{%12,%13,%14,%15}, %16, 0;"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(b[2]), "r"(b[3]), "f"(c[0]), "f"(c[1]),
                 "f"(c[2]), "f"(c[3]), "r"(e));
  storeF32(out, d, g, t);
}

// m16n8k8 .tf32, .sp, selector 3. A as m16n8k4's: a0 row g, a1 row g + 8,
// compressed column t; B as m16n8k8's: b0 row t, b1 row t + 4.
extern "C" __global__ void sp_tf32_k8(float *out) {
  LANE;
  uint32_t a[2], b[2], e = ebits(lane, 3, 1, 4, 2);
  float c[4], d[4];
  for (int r = 0; r < 2; ++r) {
    int row = g + 8 * r;
    a[r] = __float_as_uint(float(fval(row, dcol(row, t, 2, 2))));
    b[r] = __float_as_uint(float(gval(t + 4 * r, g)));
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}, %12, 3;"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]), "r"(e));
  storeF32(out, d, g, t);
}

// m16n8k16 .tf32, .sp::ordered_metadata, selector 1. A as m16n8k8's: a0
// row g, a1 row g + 8, a2 row g, a3 row g + 8; compressed column t (+4 for
// a2, a3); B b0..b3 row t + 4i.
extern "C" __global__ void spo_tf32_k16(float *out) {
  LANE;
  uint32_t a[4], b[4], e = ebits(lane, 1, 2, 8, 2);
  float c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), j = t + ((r & 2) ? 4 : 0);
    a[r] = __float_as_uint(float(fval(row, dcol(row, j, 2, 2))));
    b[r] = __float_as_uint(float(gval(t + 4 * r, g)));
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32."
               "tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
               "{%12,%13,%14,%15}, %16, 1;"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(b[2]), "r"(b[3]), "f"(c[0]), "f"(c[1]),
                 "f"(c[2]), "f"(c[3]), "r"(e));
  storeF32(out, d, g, t);
}

// Packs four 8-bit or eight 4-bit values of the formula f(row, col) for
// columns col0, col0 + 1, ... (low element first).
template <typename F> __device__ uint32_t pack8(F f) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= uint32_t(f(i) & 0xff) << (8 * i);
  return v;
}
template <typename F> __device__ uint32_t pack4(F f) {
  uint32_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= uint32_t(f(i) & 0xf) << (4 * i);
  return v;
}

// m16n8k32 .u8.s8, .sp, selector 1. A as m16n8k16 .s8's: register r row g +
// 8r, compressed columns 4t..4t+3; B as m16n8k32's: register r rows 4t..4t+3
// (+16 for r = 1).
extern "C" __global__ void sp_u8s8_k32(int *out) {
  LANE;
  uint32_t a[2], b[2], e = ebits(lane, 1, 2, 8, 0);
  int c[4], d[4];
  for (int r = 0; r < 2; ++r) {
    int row = g + 8 * r;
    a[r] = pack8([&](int i) { return u8a(row, dcol(row, 4 * t + i, 4, 0)); });
    b[r] = pack8([&](int i) { return s8b(4 * t + i + 16 * r, g); });
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}, %12, 1;"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]),
                 "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  storeS32(out, d, g, t);
}

// m16n8k64 .s8.s8 .satfinite, .sp::ordered_metadata, selector 0 (all four
// lanes). A as m16n8k32 .s8's: register r row g (+8 for odd r), compressed
// columns 4t..4t+3 (+16 for r >= 2); B register r rows 4t..4t+3 + 16r.
// The accumulators of rows 0-3 start near INT32_MAX.
template <bool Sat> __device__ void s8k64(int *out) {
  LANE;
  uint32_t a[4], b[4], e = ebits(lane, 0, 4, 16, 1);
  int c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), j = 4 * t + ((r & 2) ? 16 : 0);
    a[r] = pack8([&](int i) { return s8a(row, dcol(row, j + i, 4, 1)); });
    b[r] = pack8([&](int i) { return s8b(4 * t + i + 16 * r, g); });
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cbig(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  if (Sat)
    asm volatile(
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite."
        "s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
        "{%12,%13,%14,%15}, %16, 0;"
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
          "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]),
          "r"(e));
  else
    asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col."
                 "s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
                 "{%12,%13,%14,%15}, %16, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]), "r"(e));
  storeS32(out, d, g, t);
}
extern "C" __global__ void spo_s8_k64_sat(int *out) { s8k64<true>(out); }
extern "C" __global__ void spo_s8_k64(int *out) { s8k64<false>(out); }

// m16n8k128 .s4.u4, .sp, selector 0 (all four lanes), pair-wise 4:8. A as
// m16n8k64 .s4's: register r row g (+8 for odd r), compressed columns
// 8t..8t+7 (+32 for r >= 2); B register r rows 8t..8t+7 + 32r.
extern "C" __global__ void sp_s4u4_k128(int *out) {
  LANE;
  uint32_t a[4], b[4], e = ebits(lane, 0, 4, 16, 0);
  int c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), j = 8 * t + ((r & 2) ? 32 : 0);
    a[r] = pack4([&](int i) { return s4a(row, dcol(row, j + i, 8, 0)); });
    b[r] = pack4([&](int i) { return u4b(8 * t + i + 32 * r, g); });
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp.sync.aligned.m16n8k128.row.col.s32.s4.u4.s32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
               "{%12,%13,%14,%15}, %16, 0;"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]),
                 "r"(c[2]), "r"(c[3]), "r"(e));
  storeS32(out, d, g, t);
}

// m16n8k64 .u4.u4 .satfinite, .sp::ordered_metadata, selector 1 (lanes 2
// and 3). A as m16n8k32 .s4's: register r row g + 8r, compressed columns
// 8t..8t+7; B as m16n8k64's: register r rows 8t..8t+7 + 32r.
extern "C" __global__ void spo_u4_k64_sat(int *out) {
  LANE;
  uint32_t a[2], b[2], e = ebits(lane, 1, 2, 8, 1);
  int c[4], d[4];
  for (int r = 0; r < 2; ++r) {
    int row = g + 8 * r;
    a[r] = pack4([&](int i) { return u4a(row, dcol(row, 8 * t + i, 8, 1)); });
    b[r] = pack4([&](int i) { return u4b(8 * t + i + 32 * r, g); });
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cbig(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col."
               "satfinite.s32.u4.u4.s32 {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, "
               "{%8,%9,%10,%11}, %12, 1;"
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]),
                 "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  storeS32(out, d, g, t);
}

#endif // MMA_SP_FP8_ONLY

#if __CUDA_ARCH__ >= 890
#ifdef MMA_SP_FP8_ONLY // else defined above
#define LANE                                                                   \
  int lane = threadIdx.x % 32, g = lane >> 2, t = lane % 4;                    \
  (void)g;                                                                     \
  (void)t
template <typename F> __device__ uint32_t pack8(F f) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= uint32_t(f(i) & 0xff) << (8 * i);
  return v;
}
#endif
__device__ uint32_t e4m3(int v) {
  return __nv_cvt_float_to_fp8(float(v), __NV_SATFINITE, __NV_E4M3);
}
__device__ uint32_t e5m2(int v) {
  return __nv_cvt_float_to_fp8(float(v), __NV_SATFINITE, __NV_E5M2);
}
// m16n8k64 .f32.e4m3.e5m2.f32, .sp, selector 0 (all four lanes): the
// fragments of m16n8k64 .s8.
extern "C" __global__ void sp_e4m3e5m2_k64(float *out) {
  LANE;
  uint32_t a[4], b[4], e = ebits(lane, 0, 4, 16, 0);
  float c[4], d[4];
  for (int r = 0; r < 4; ++r) {
    int row = g + ((r & 1) ? 8 : 0), j = 4 * t + ((r & 2) ? 16 : 0);
    a[r] =
        pack8([&](int i) { return e4m3(fval(row, dcol(row, j + i, 4, 0))); });
    b[r] = pack8([&](int i) { return e5m2(gval(4 * t + i + 16 * r, g)); });
  }
  for (int i = 0; i < 4; ++i)
    c[i] = cval(g + (i >= 2 ? 8 : 0), 2 * t + (i & 1));
  asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
               "{%12,%13,%14,%15}, %16, 0;"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(b[2]), "r"(b[3]), "f"(c[0]), "f"(c[1]),
                 "f"(c[2]), "f"(c[3]), "r"(e));
  storeF32(out, d, g, t);
}
#endif
