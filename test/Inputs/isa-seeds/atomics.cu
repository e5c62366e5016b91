// Seed: atomics of every type (CUDA atomic functions).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void atomics(int *i, unsigned *u, unsigned long long *ull, float *f, double *d,
                        __half2 *h2, __nv_bfloat162 *b2, __half *h, __nv_bfloat16 *b, long long *ll) {
  int t = threadIdx.x;
  atomicAdd(i, t); atomicAdd(u, 1u); atomicAdd(ull, 2ull); atomicAdd(f, 1.5f); atomicAdd(d, 2.5);
  atomicAdd(h2, __floats2half2_rn(1.f, 2.f)); atomicAdd(b2, __floats2bfloat162_rn(1.f, 2.f));
  atomicAdd(h, __float2half(1.f)); atomicAdd(b, __float2bfloat16(1.f));
  atomicSub(i + 1, t); atomicExch(i + 2, t); atomicExch(f + 1, 3.f); atomicExch(ull + 1, 7ull);
  atomicMin(i + 3, t); atomicMax(u + 1, t); atomicMin(ll, (long long)t); atomicMax(ull + 2, 9ull);
  atomicAnd(i + 4, t); atomicOr(u + 2, t); atomicXor(ull + 3, 5ull);
  atomicInc(u + 3, 17u); atomicDec(u + 4, 17u);
  i[5 + t] = atomicCAS(i + 6, t, t + 1); ull[5] = atomicCAS(ull + 4, 1ull, 2ull);
  atomicAdd_block(i + 7, 1); atomicAdd_system(i + 8, 1); atomicCAS_block(u + 5, 0u, 1u);
  atomicMax_system(u + 6, 3u); atomicExch_block(f + 2, 1.f);
  unsigned short us = atomicCAS((unsigned short *)(u + 7), (unsigned short)1, (unsigned short)2);
  u[8 + t] = us;
}
__global__ void atomics_shared(int *out) {
  __shared__ int s[64]; __shared__ float sf[4]; __shared__ unsigned long long sl[2];
  s[threadIdx.x] = 0; __syncthreads();
  atomicAdd(&s[threadIdx.x % 8], 1); atomicAdd(&sf[0], 1.f); atomicOr(&sl[1], 4ull);
  atomicCAS(&s[9], 0, 1); __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + (int)sf[0] + (int)sl[1];
}
