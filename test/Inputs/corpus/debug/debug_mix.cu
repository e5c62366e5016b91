// Debug-build (-G) input for the --print round trip: device calls, a local
// array, a struct, printf, a loop and a switch, so that nvcc emits
// .debug_info, .debug_abbrev, .debug_loc and label arithmetic.
#include <cstdio>

struct Pair {
  int a;
  float b;
};

__device__ __noinline__ float scale(Pair p, int k) {
  float acc = p.b;
  for (int i = 0; i < k; ++i)
    acc = acc * 0.5f + (float)p.a;
  return acc;
}

__device__ int pick(int v) {
  switch (v & 3) {
  case 0: return v * 3;
  case 1: return v - 7;
  case 2: return v ^ 0x55;
  default: return -v;
  }
}

__global__ void debug_mix(const int *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int local[8];
  for (int i = 0; i < 8; ++i)
    local[i] = pick(in[t] + i);
  Pair p{local[t & 7], 1.5f};
  out[t] = scale(p, t & 3);
  if (t == 0)
    printf("t=%d v=%f\n", t, out[t]);
}
