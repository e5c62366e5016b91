// Ordinary kernels beyond the warp instructions, on correct code: the math
// library, atomics of several types and scopes, fences, __syncthreads_count,
// half and bfloat16 arithmetic, printf and assert (ptxas's own vprintf and
// __assertfail), async copies, a non-inlined call, grid and small tiles.
// Every file nvcc makes from this must lint with no warning
// (test/Sema/lint-clean.test).
#include <cstdio>
#include <cassert>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

__global__ void math(const float* in, float* out, const double* din, double* dout)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[i];
    out[i] = sinf(x) + expf(x) + logf(x) + powf(x, 2.5f) + erff(x) + tanhf(x) + __fdividef(x, 3.f) + rsqrtf(x);
    double d = din[i];
    dout[i] = sin(d) + exp(d) + log1p(d) + cbrt(d) + fma(d, d, 1.0);
}

__global__ void atomics(int* ip, unsigned long long* up, float* fp, double* dp, __half2* hp)
{
    atomicAdd(ip, 1); atomicMax(ip + 1, threadIdx.x); atomicCAS(ip + 2, 0, 1); atomicExch(ip + 3, 5);
    atomicAdd(up, 1ull); atomicAdd(fp, 1.f); atomicAdd(dp, 1.0);
    atomicAdd(hp, __floats2half2_rn(1.f, 2.f));
    atomicAdd_block(ip + 4, 1); atomicAdd_system(ip + 5, 1);
    __threadfence(); __threadfence_block(); __threadfence_system();
    __syncthreads();
    int c = __syncthreads_count(threadIdx.x & 1);
    int a = __syncthreads_or(threadIdx.x & 1);
    ip[6 + threadIdx.x] = c + a;
}

__global__ void halfs(const __half* h, const __nv_bfloat16* b, float* out)
{
    int i = threadIdx.x;
    __half x = h[i];
    __nv_bfloat16 y = b[i];
    __half2 p = __halves2half2(x, x);
    p = __hmul2(p, p);
    float r = __half2float(__hadd(x, x)) + __bfloat162float(__hmul(y, y)) + __low2float(p);
    r += __half2float(__shfl_xor_sync(0xffffffffu, x, 1));
    out[i] = r;
}

__global__ void print_assert(const int* in)
{
    int v = in[threadIdx.x];
    assert(v >= 0);
    if (v == 7)
        printf("thread %d has %d\n", threadIdx.x, v);
}

__global__ void async_copy(const int* in, int* out)
{
    __shared__ int buf[256];
    cg::thread_block blk = cg::this_thread_block();
    cg::memcpy_async(blk, buf, in + blockIdx.x * 256, sizeof(int) * 256);
    cg::wait(blk);
    out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
#if __CUDA_ARCH__ >= 800
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(int));
    __pipeline_commit();
    __pipeline_wait_prior(0);
#endif
}

__device__ int dyn_helper(int x);
__device__ __noinline__ int helper(int x) { return x * 3 + (x >> 2); }
__global__ void calls(int* out)
{
    out[threadIdx.x] = helper(threadIdx.x);
}

__global__ void grid_sync_like(int* out)
{
    cg::grid_group g = cg::this_grid();
    out[g.thread_rank()] = g.size();
    cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(cg::this_thread_block());
    out[g.thread_rank()] += t4.shfl(threadIdx.x, 1);
    cg::thread_block_tile<2> t2 = cg::tiled_partition<2>(cg::this_thread_block());
    out[g.thread_rank()] += t2.shfl_down(threadIdx.x, 1);
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(w);
    out[g.thread_rank()] += t8.any(threadIdx.x > 3) + (int)w.ballot(threadIdx.x & 1);
}
