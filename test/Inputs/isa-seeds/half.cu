// Seed: half and bfloat16 arithmetic and conversions.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void half_k(const __half *a, const __half2 *b, __half *o, __half2 *o2, float *f) {
  int i = threadIdx.x;
  __half x = a[i], y = a[i + 32];
  __half2 p = b[i], q = b[i + 32];
  o[i] = __hadd(x, y) * __hmul(x, y) - __hfma(x, y, x) + hsqrt(x) + hexp(y) + __hdiv(x, y) + __habs(x);
  o2[i] = __hadd2(p, q) * __hmul2(p, q) + __hfma2(p, q, p) + h2sqrt(p) + __hmax2(p, q) + __hneg2(q);
  f[i] = __half2float(x) + __low2float(p) + __high2float(q) + (float)__hlt(x, y) + (float)__hbgt2(p, q);
  o[i + 32] = __float2half_rz(f[i + 1]) + __int2half_rn(i) + __ushort_as_half(i);
  f[i + 64] = (float)__half2int_rz(x) + (float)__half2uint_rd(y) + (float)__half2ll_ru(x);
}
__global__ void bf16_k(const __nv_bfloat16 *a, const __nv_bfloat162 *b, __nv_bfloat16 *o,
                       __nv_bfloat162 *o2, float *f) {
#if __CUDA_ARCH__ >= 800
  int i = threadIdx.x;
  __nv_bfloat16 x = a[i], y = a[i + 32];
  __nv_bfloat162 p = b[i], q = b[i + 32];
  o[i] = __hadd(x, y) * __hmul(x, y) - __hfma(x, y, x) + __hmax(x, y) + hsqrt(x);
  o2[i] = __hadd2(p, q) * __hmul2(p, q) + __hfma2(p, q, p) + __hmin2(p, q);
  f[i] = __bfloat162float(x) + __low2float(p) + (float)__hlt(x, y);
  o[i + 32] = __float2bfloat16_rz(f[i + 1]) + __int2bfloat16_rn(i) + __double2bfloat16((double)f[i]);
#endif
}
