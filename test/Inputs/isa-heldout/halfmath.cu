// Held-out seed: half / bfloat16 math functions, comparisons, conversions and packing.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void halfmath(const __half *a, const __half2 *b, __half *o, __half2 *o2, short *s, double *d) {
  int i = threadIdx.x;
  __half x = a[i], y = a[i + 64];
  __half2 p = b[i], q = b[i + 64];
  o[i] = hsin(x) + hcos(y) + hlog(x) + hexp2(y) + hrsqrt(x) + hrcp(y) + hceil(x) + hfloor(y) + htrunc(x) +
         hrint(y) + __hsub_sat(x, y) + __hfma_relu(x, y, x) + __hmin_nan(x, y) + __hsub(x, y);
  o2[i] = h2sin(p) + h2exp(q) + h2log2(p) + h2rcp(q) + __hmul2_sat(p, q) + __hfma2_relu(p, q, p) +
          __hmax2_nan(p, q) + __lowhigh2highlow(p) + __halves2half2(x, y) + __hcmadd(p, q, p) +
          __hisnan2(p) + __hgeu2(p, q) + __heq2(p, q);
  s[i] = __half_as_short(x) + __half2short_rn(y) + (short)__hisinf(x) + (short)__hbequ2(p, q) +
         (short)__hne(x, y) + __half2ushort_ru(x) + (short)__hgtu(x, y);
  d[i] = (double)__half2float(__double2half(d[i + 64])) + __half2float(__ll2half_rd(i)) +
         __half2float(__uint2half_rz(i)) + __half2float(__short2half_ru((short)i)) + __low2float(__float2half2_rn(1.5f));
  o[i + 128] = __shfl_xor_sync(0xffffffff, x, 1) + __ldg(&a[i + 7]) + __ldcs(&a[i + 9]);
  __stcg(&o[i + 192], __hneg(x));
}
__global__ void bf16math(const __nv_bfloat16 *a, const __nv_bfloat162 *b, __nv_bfloat16 *o,
                         __nv_bfloat162 *o2, float *f, double *d) {
  int i = threadIdx.x;
  __nv_bfloat16 x = a[i], y = a[i + 64];
  __nv_bfloat162 p = b[i], q = b[i + 64];
  o[i] = hexp(x) + hlog2(y) + hsin(x) + hceil(y) + __hsub(x, y) + __hdiv(x, y) + __habs(x) + __hneg(y) +
         __hmul_rn(x, y);
  o2[i] = h2cos(p) + h2rsqrt(q) + __hmax2(p, q) + __hmul2_rn(p, q) + __lows2bfloat162(p, q) + __hleu2(p, q);
#if __CUDA_ARCH__ >= 800
  o[i + 256] = __hfma_relu(x, y, x) + __hmin_nan(x, y);
  o2[i + 256] = __hfma2_relu(p, q, p) + __hcmadd(p, q, p);
#endif
  f[i] = __bfloat162float(__float2bfloat16_rd(f[i + 64])) + __high2float(p) + (float)__hisnan(x) +
         (float)__bfloat162int_rz(y) + (float)__bfloat162ull_rd(x) + __bfloat162float(__ushort2bfloat16_rn(i));
  d[i] = (double)__bfloat162float(__double2bfloat16(d[i + 64])) + (double)__bfloat16_as_short(x);
  o[i + 128] = __shfl_down_sync(0xffffffff, x, 2) + __ldcg(&a[i + 3]);
}
