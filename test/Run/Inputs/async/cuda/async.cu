// Asynchronous copies as CUDA code uses them; compiled by gen-ptx.sh into
// async_sm80.ptx and async_sm90.ptx (checked in) for cp-async-cuda.test.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

// __pipeline_memcpy_async (cp.async 4 bytes), commit, wait_prior(0).
extern "C" __global__ void pipe(const int *in, int *out) {
  __shared__ int s[64];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// 16 bytes with zero-fill after 8 (src-size 8).
extern "C" __global__ void zfill(const int4 *in, int4 *out) {
  __shared__ int4 s[32];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 16, 8);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[threadIdx.x] = s[threadIdx.x];
}

// A two-stage cuda::pipeline of thread scope.
extern "C" __global__ void stages(const float *in, float *out) {
  __shared__ float s[2][32];
  cuda::pipeline<cuda::thread_scope_thread> p = cuda::make_pipeline();
  for (int i = 0; i < 2; ++i) {
    p.producer_acquire();
    cuda::memcpy_async(&s[i][threadIdx.x], &in[i * 32 + threadIdx.x],
                       sizeof(float), p);
    p.producer_commit();
  }
  p.consumer_wait();
  out[threadIdx.x] = s[0][threadIdx.x];
  p.consumer_release();
  p.consumer_wait();
  out[32 + threadIdx.x] = s[1][threadIdx.x];
  p.consumer_release();
}

// cuda::memcpy_async of the whole block completing on a cuda::barrier.
extern "C" __global__ void barrier(const float *in, float *out) {
  __shared__ float s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> b;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&b, block.size());
  block.sync();
  cuda::memcpy_async(block, s, in, sizeof(float) * 64, b);
  b.arrive_and_wait();
  out[threadIdx.x] = s[threadIdx.x] + 2 * s[63 - threadIdx.x];
}

// cooperative_groups::memcpy_async and cg::wait.
extern "C" __global__ void cgcopy(const float *in, float *out) {
  __shared__ float s[64];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(float) * 64);
  cg::wait(block);
  out[threadIdx.x] = s[63 - threadIdx.x];
}

#if __CUDA_ARCH__ >= 900
// cuda::device::memcpy_async_tx: one thread issues a bulk copy that
// completes on the barrier's tx-count.
extern "C" __global__ void bulktx(const int *in, int *out) {
  __shared__ alignas(16) int s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> b;
  if (threadIdx.x == 0)
    init(&b, blockDim.x);
  __syncthreads();
  cuda::barrier<cuda::thread_scope_block>::arrival_token t;
  if (threadIdx.x == 0) {
    cuda::device::memcpy_async_tx(s, in, cuda::aligned_size_t<16>(256), b);
    t = cuda::device::barrier_arrive_tx(b, 1, 256);
  } else {
    t = b.arrive();
  }
  b.wait(std::move(t));
  out[threadIdx.x] = s[63 - threadIdx.x];
}
#endif
