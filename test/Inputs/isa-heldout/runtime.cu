// Held-out seed: printf, assert, malloc/free, recursion, function pointers, local arrays,
// struct and 64-bit parameters, texture objects, and -G friendly control flow.
#include <cstdio>
#include <cassert>
struct Params {
  double scale;
  long long base;
  int n;
  char tag;
  float4 bias;
};
struct Pair { int a; double b; };
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ double rpow(double x, int n) { return n == 0 ? 1.0 : x * rpow(x, n - 1); }
typedef float (*unop)(float);
__device__ float twice(float x) { return 2.f * x; }
__device__ float square(float x) { return x * x; }
__device__ float negate(float x) { return -x; }
__device__ unop table[3] = {twice, square, negate};
__device__ __noinline__ Pair mk(int a, double b) { Pair p{a * 3, b + a}; return p; }
__global__ void runtime_k(Params p, Pair q, const float *in, float *out, long long *ll, unsigned long long big) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  assert(t < p.n);
  float loc[24];
  for (int k = 0; k < 24; ++k) loc[k] = in[(t + k * 7) % p.n];
  float acc = 0.f;
  for (int k = 0; k < 24; k += 3) acc += loc[(k * t) % 24] + table[(k + t) % 3](loc[k]);
  Pair r = mk(q.a + t, q.b);
  int *heap = (int *)malloc(sizeof(int) * 8);
  if (heap) {
    for (int k = 0; k < 8; ++k) heap[k] = fib(k + (t & 3));
    acc += heap[t & 7];
    free(heap);
  }
  if (t == 0) printf("t=%d scale=%f base=%lld tag=%c big=%llu r=%d %g\n", t, p.scale, p.base, p.tag, big, r.a, r.b);
  out[t] = acc * (float)p.scale + p.bias.x + p.bias.w + (float)rpow(r.b, t & 7);
  ll[t] = p.base + (long long)big + r.a;
}
__global__ void tex_k(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                      cudaSurfaceObject_t s2, float *out, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float u = (x + 0.5f) / w, v = (y + 0.5f) / w;
  float a = tex1Dfetch<float>(t1, x) + tex1D<float>(t1, u);
  float4 b = tex2D<float4>(t2, u, v);
  float4 g = tex2Dgather<float4>(t2, u, v, 1);
  float c = tex3D<float>(t3, u, v, 0.5f) + tex2DLod<float>(t3, u, v, 1.0f) + tex2DLayered<float>(t2, u, v, 1);
  uchar4 px;
  surf2Dread(&px, s2, x * 4, y);
  px.x += 1;
  surf2Dwrite(px, s2, x * 4, y);
  out[y * w + x] = a + b.x + b.w + g.y + c + px.y;
}
