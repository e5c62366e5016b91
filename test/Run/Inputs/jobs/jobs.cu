// Kernels for test/Run/jobs.test: their output must not depend on how many
// threads run the CTAs (ptx-run --jobs).
//   nvcc -ptx -O3 -arch=sm_80 jobs.cu -o jobs.sm_80.ptx
#include <cstdio>

// Printf from two threads of every CTA, and a store per thread.
extern "C" __global__ void printf_cta(unsigned *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 == 0)
    printf("cta %u thread %u\n", blockIdx.x, threadIdx.x);
  out[t] = t * 3u;
}

// Integer atomics, whose result does not depend on their order: a histogram
// of t % 8 and the sum of the thread ids.
extern "C" __global__ void atomics(unsigned *hist, unsigned long long *sum) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[t % 8], 1u);
  atomicAdd(sum, (unsigned long long)t);
}

// Every CTA prints and stores; CTA `bad` stores out of bounds.
extern "C" __global__ void ub_later(unsigned *out, unsigned bad) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    printf("cta %u\n", blockIdx.x);
  out[blockIdx.x == bad ? t + (1u << 20) : t] = t;
}

// Divergent paths that meet at a warp shuffle: the result is the same under
// every schedule, the trace is not.
extern "C" __global__ void diverge(unsigned *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = t;
  if (threadIdx.x & 1)
    v = v * 5u + 1u;
  else
    v = v ^ 0x55u;
  v += __shfl_xor_sync(0xffffffffu, v, 1);
  out[t] = v;
}
