// Seed: switch statements (brx.idx), recursion and non-inlined calls.
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ float scale(float x, int k, double d) { return x * k + (float)d; }
__device__ __noinline__ float4 vec4(float x) { return make_float4(x, x + 1, x + 2, x + 3); }
__global__ void control_k(const int *in, int *out, float *fo) {
  int t = threadIdx.x, v = in[t], r;
  switch (v & 15) {
  case 0: r = 10; break;
  case 1: r = in[t + 1] * 3; break;
  case 2: r = fib(v); break;
  case 3: r = v << 4; break;
  case 4: r = v ^ 0x55; break;
  case 5: r = in[v & 7]; break;
  case 6: r = 77; break;
  case 7: r = v - 9; break;
  case 8: r = v * v; break;
  default: r = -1;
  }
  out[t] = r;
  float4 q = vec4(scale(1.5f, r, 2.0));
  fo[t] = q.x + q.w;
  int i = 0;
  do { i += in[i]; } while (i < v && i < 100);
  out[t + 64] = i;
}
