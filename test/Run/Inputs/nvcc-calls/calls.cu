// Generates Inputs/nvcc-calls/calls-O3.ptx and calls-G.ptx for
// vectors-calls.test: nvcc -ptx -arch=sm_90 [-G] calls.cu (CUDA 13.0).
struct P { int a, b, c; };
__device__ __noinline__ P mk(int x, int y) { P p; p.a = x + y; p.b = x * y; p.c = x - y; return p; }
__device__ __noinline__ int sum(P p) { return p.a + p.b + p.c; }
__device__ __noinline__ int byaddr(P p, int i) { const int *q = &p.a; return q[i]; }
__device__ __noinline__ float dot(float4 a, float4 b) { return a.x*b.x + a.y*b.y + a.z*b.z + a.w*b.w; }
__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
extern "C" __global__ void k(int *out, const float4 *in, int n) {
  int t = threadIdx.x;
  P p = mk(t, 3);
  out[t] = sum(p) + byaddr(p, t % 3);
  float4 v = in[t];
  ((float*)out)[32 + t] = dot(v, v);
  out[64 + t] = fact(t % 6);
}
