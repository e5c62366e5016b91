// Generates Inputs/nvcc-calls/atomics.ptx for vectors-calls.test:
// nvcc -ptx -arch=sm_90 atomics.cu (CUDA 13.0).
struct F2 { float x, y; };
__device__ __noinline__ float2 twof(float a) { return make_float2(a, a * 2); }
__device__ __noinline__ double4 fourd(double a) { return make_double4(a, a+1, a+2, a+3); }
extern "C" __global__ void at(float4 *p, float2 *q, float *o, double *od) {
  atomicAdd(p, make_float4(1, 2, 3, 4));
  atomicAdd(q, make_float2(5, 6));
  float2 v = twof(threadIdx.x);
  o[threadIdx.x] = v.x + v.y;
  double4 d = fourd(threadIdx.x);
  od[threadIdx.x] = d.x + d.y + d.z + d.w;
}
