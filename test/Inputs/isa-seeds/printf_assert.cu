// Seed: printf and assert (vprintf / __assertfail calls).
#include <cstdio>
#include <cassert>
__global__ void printf_k(const int *in, float f, double d) {
  int t = threadIdx.x;
  assert(in[t] >= 0);
  if (in[t] > 100) printf("thread %d value %d float %f double %f %s\n", t, in[t], f, d, "x");
  if (t == 0) printf("done\n");
}
