// Held-out seed: fences, cuda::barrier with tokens, cuda::pipeline, named barriers, warp primitives.
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/atomic>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void pipe2(const float *in, float *out, int tiles) {
  __shared__ float buf[2][256];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &st);
  float acc = 0.f;
  for (int k = 0; k < tiles; ++k) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, buf[k & 1], in + k * 256, sizeof(float) * 256, pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    acc += buf[k & 1][threadIdx.x] * buf[k & 1][255 - threadIdx.x];
    pipe.consumer_release();
  }
  out[threadIdx.x] = acc;
}
__global__ void barrier2(const int4 *in, int4 *out) {
  __shared__ int4 s[128];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], cuda::aligned_size_t<16>(sizeof(int4)), bar);
  auto tok = bar.arrive();
  bar.wait(std::move(tok));
  int4 v = s[threadIdx.x ^ 3];
  bar.arrive_and_drop();
  out[threadIdx.x] = v;
}
__global__ void fences2(volatile int *flag, int *data, unsigned *o) {
  int t = threadIdx.x;
  data[t] = t;
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  cuda::atomic_signal_fence(cuda::memory_order_seq_cst);
  if (t == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*(int *)flag);
    f.store(1, cuda::memory_order_release);
    while (f.load(cuda::memory_order_acquire) == 0) {}
  }
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_system);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_block);
  asm volatile("bar.sync 5, 128;" ::: "memory");
  asm volatile("barrier.arrive 6, 64;" ::: "memory");
  unsigned v = __ballot_sync(0xffffffffu, data[t] & 2);
  unsigned mall;
  int pred;
  mall = __match_all_sync(0xffffffffu, t >> 5, &pred);
  v += __shfl_up_sync(0xffffffffu, v, 3, 8) + __popc(v & ((1u << (t & 31)) - 1u)) + __reduce_add_sync(0xffffu, (unsigned)t);
  unsigned long long m64 = __shfl_xor_sync(0xffffffffu, (unsigned long long)v << 32, 16);
  o[t] = v + mall + pred + (unsigned)m64 + (unsigned)__shfl_sync(0xffffffffu, (long long)t, t ^ 1) +
         __syncthreads_count(t & 4);
  __syncwarp(0xff00ff00u);
}
__global__ void coop2(const float *in, float *out, int *iout) {
  auto block = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(block);
  auto t4 = cg::tiled_partition<4>(t16);
  float v = in[block.thread_rank()];
  float s = cg::reduce(t16, v, cg::plus<float>());
  int m = cg::reduce(t4, (int)v, cg::less<int>());
  int sc = cg::inclusive_scan(t16, (int)v);
  int ex = cg::exclusive_scan(t4, (int)v, cg::bit_or<int>());
  auto lab = cg::labeled_partition(cg::coalesced_threads(), (int)v & 3);
  int lr = lab.thread_rank() + lab.num_threads();
  auto bin = cg::binary_partition(t16, v > 0.f);
  lr += bin.meta_group_rank() + t16.match_any((int)v);
  block.sync();
  out[block.thread_rank()] = s + t16.shfl(v, 3) + t4.shfl_xor(v, 1);
  iout[block.thread_rank()] = m + sc + ex + lr + t16.all(v > 1.f);
}
