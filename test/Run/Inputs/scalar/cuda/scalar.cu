// Real CUDA for ptx-run's scalar tests (test/Run/scalar-cuda.test): fp8
// conversions (cuda_fp8.h), half-precision comparisons (cuda_fp16.h,
// cuda_bf16.h) and the packed-relu integer intrinsics. compute() is
// __host__ __device__: nvcc compiles the kernel to PTX (sm_90), and the
// host reference main() runs the same source through NVIDIA's host-side
// emulation of the intrinsics, which gives the expected values (gen.sh).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdio>
#include <cstring>

__host__ __device__ inline unsigned bitsOf(float F) {
  unsigned U;
  memcpy(&U, &F, 4);
  return U;
}

template <typename T> __host__ __device__ inline unsigned bits32(T V) {
  unsigned U;
  memcpy(&U, &V, 4);
  return U;
}

// Eight results per thread from the two inputs a and b.
__host__ __device__ void compute(float a, float b, unsigned *o) {
  __nv_fp8x2_e4m3 p(make_float2(a, b));
  __nv_fp8x2_e5m2 q(make_float2(a, b));
  o[0] = p.__x;
  o[1] = q.__x;
  __half2 h = __floats2half2_rn(a, b), g = __floats2half2_rn(b, a);
  o[2] = bits32(__hlt2(h, g)) ^ (bits32(__hgeu2(h, g)) << 1);
  o[3] = __hblt2(h, g) | (__hbeq2(h, h) << 1) | (__hbgtu2(h, g) << 2);
  unsigned ua = bitsOf(a), ub = bitsOf(b);
  o[4] = __vimax_s16x2_relu(ua, ub) ^ __vimin_s16x2_relu(ua, ub);
  o[5] = unsigned(__vimax_s32_relu(int(ua), int(ub))) +
         unsigned(__vimin_s32_relu(int(ua), int(ub)));
  o[6] = __viaddmax_s16x2_relu(ua, ub, 0x00050005u);
  __half2_raw r = __nv_cvt_fp8x2_to_halfraw2(p.__x, __NV_E4M3);
  __half2_raw s = __nv_cvt_fp8x2_to_halfraw2(q.__x, __NV_E5M2);
  __nv_bfloat162 x = __floats2bfloat162_rn(a, b);
  __nv_bfloat162 y = __floats2bfloat162_rn(b, a);
  o[7] = (unsigned(r.x) | unsigned(r.y) << 16) ^ (unsigned(s.x) << 7) ^
         bits32(__hlt2(x, y));
}

extern "C" __global__ void scalar(const float *in, unsigned *out) {
  int t = threadIdx.x;
  compute(in[t], in[t + 32], out + 8 * t);
}

// The inputs: ties, saturation, NaN/inf, subnormals, negatives.
#ifndef __CUDA_ARCH__
static const float Inputs[64] = {
    1.0f,       -3.3f,      448.0f,    460.0f,      470.0f,    1e6f,
    -1e6f,      0.0f,       -0.0f,     0x1p-10f,    0x3p-10f,  0x1p-7f,
    0.3f,       -0.3f,      57344.0f,  61440.0f,    0.1f,      2.5f,
    -2.5f,      1.0625f,    1.1875f,   3.0f,        -7.0f,     100.0f,
    65504.0f,   1e-30f,     0x1p-16f,  0x1.8p-17f,  5.0f,      -5.0f,
    12345.0f,   -0.75f,
    // b
    -1.0f,      2.0f,       448.0f,    -460.0f,     0.25f,     -1e6f,
    1e6f,       -0.0f,      0.0f,      0x1p-9f,     -0x3p-10f, 0x1p-8f,
    0.3125f,    0.28125f,   -57344.0f, 1.5f,        -0.1f,     2.5f,
    2.5f,       1.125f,     -1.1875f,  -3.0f,       7.0f,      -100.0f,
    -65504.0f,  -1e-30f,    -0x1p-16f, 0x1p-17f,    -5.0f,     5.0f,
    -12345.0f,  0.75f};

int main(int argc, char **argv) {
  // gen.sh: write the input file, then the expected --dump rows.
  float In[64];
  memcpy(In, Inputs, sizeof In);
  // A NaN and an infinity, set by their bits.
  unsigned NaN = 0x7fc00000u, Inf = 0x7f800000u;
  memcpy(&In[15], &NaN, 4);
  memcpy(&In[47], &Inf, 4);
  if (argc > 1) {
    FILE *F = fopen(argv[1], "wb");
    fwrite(In, 4, 64, F);
    fclose(F);
  }
  unsigned Out[256];
  for (int t = 0; t < 32; ++t)
    compute(In[t], In[t + 32], Out + 8 * t);
  for (int Row = 0; Row < 256; Row += 8) {
    printf("%s [%4d]", Row ? "CHECK-NEXT:" : "CHECK:", Row);
    for (int K = 0; K < 8; ++K)
      printf(" %u", Out[Row + K]);
    printf("{{$}}\n");
  }
  return 0;
}
#endif
