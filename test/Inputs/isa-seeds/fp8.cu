// Seed: fp8 (e4m3/e5m2) and fp4/fp6 conversions.
#include <cuda_fp8.h>
#include <cuda_fp16.h>
__global__ void fp8_k(const float *in, __nv_fp8_e4m3 *a, __nv_fp8_e5m2 *b, __nv_fp8x2_e4m3 *c, float *out) {
  int i = threadIdx.x;
  float x = in[i];
  a[i] = __nv_fp8_e4m3(x);
  b[i] = __nv_fp8_e5m2(x * 2.f);
  c[i] = __nv_fp8x2_e4m3(make_float2(x, x + 1.f));
  __half h = __half(a[i + 32]);
  out[i] = float(a[i + 1]) + float(b[i + 1]) + __half2float(h) + float(float2(c[i + 1]).y);
  __nv_fp8x2_storage_t s = __nv_cvt_float2_to_fp8x2(make_float2(x, -x), __NV_SATFINITE, __NV_E5M2);
  out[i + 64] = (float)s;
}
