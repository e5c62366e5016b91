// Seed: asynchronous copies (cp.async through the pipeline primitives and cuda::memcpy_async).
#include <cuda_pipeline.h>
#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
__global__ void pipeline_k(const float4 *in, float4 *out, const int *ii, int *io) {
  __shared__ float4 s[128];
  __shared__ int si[128];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float4));
  __pipeline_memcpy_async(&si[threadIdx.x], &ii[threadIdx.x], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
  io[threadIdx.x] = si[127 - threadIdx.x];
}
__global__ void memcpy_async_k(const int *in, int *out) {
  __shared__ int s[256];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(int) * 256);
  cg::wait(block);
  out[threadIdx.x] = s[255 - threadIdx.x];
}
__global__ void barrier_k(const int *in, int *out) {
  __shared__ int s[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(int), bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
