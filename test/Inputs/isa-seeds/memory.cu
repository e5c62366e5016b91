// Seed: ld.global.nc, vector loads, shared/local/constant memory, volatile.
__constant__ float cf[64];
__constant__ int ci[16];
__device__ int gdev[32];
__global__ void memory_k(const float4 *__restrict__ a, const int4 *__restrict__ b, float4 *o,
                         int2 *o2, const double2 *dd, double *od, volatile int *vol, int n) {
  __shared__ float4 s4[64];
  __shared__ double sd[64];
  int i = threadIdx.x;
  float loc[16];
  for (int k = 0; k < 16; ++k) loc[k] = cf[(i + k) & 63];
  float4 v = __ldg(&a[i]);
  int4 w = __ldg(&b[i]);
  s4[i & 63] = make_float4(v.x + w.x, v.y + w.y, v.z, v.w);
  sd[i & 63] = dd[i].x + __ldg(&dd[i + 1]).y;
  __syncthreads();
  o[i] = s4[(i + 1) & 63];
  o2[i] = make_int2(w.z + ci[i & 15], w.w + gdev[i & 31]);
  od[i] = sd[(i + 3) & 63] + loc[n & 15] + __ldcs(&a[i + 2]).x + __ldlu(&a[i + 3]).y + __ldcv(&a[i + 4]).z;
  __stcs(&o[i + 1], v); __stwt(&o[i + 2], v); __stcg(&od[i + 1], 1.0);
  vol[i] = vol[i + 1] + 1;
  gdev[i & 31] = __ldca(&b[i]).x;
}
