// Cooperative groups nested in divergent code, on correct kernels: a
// coalesced group per branch level, its scan, labeled and tiled partitions
// of it, a dynamic thread_group's sync, a warp-aggregated atomic in a
// grid-stride loop, match_any over __activemask(), ballot-driven loops.
// Every file nvcc makes from this must lint with no warning
// (test/Sema/lint-clean.test; test/Sema/divergence-precision.ptx has the
// three patterns of its output that needed a more precise analysis).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__device__ int agg_inc(int* ctr)
{
    cg::coalesced_group g = cg::coalesced_threads();
    int prev;
    if (g.thread_rank() == 0)
        prev = atomicAdd(ctr, g.num_threads());
    prev = g.thread_rank() + g.shfl(prev, 0);
    return prev;
}

__global__ void grid_stride_filter(const int* in, int* out, int* ctr, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int v = in[i];
        if (v & 1)
            out[agg_inc(ctr)] = v;
    }
}

__global__ void nested(const int* in, int* out)
{
    int v = in[threadIdx.x];
    if (v > 10) {
        cg::coalesced_group g = cg::coalesced_threads();
        if (v > 20) {
            cg::coalesced_group h = cg::coalesced_threads();
            out[threadIdx.x] = cg::reduce(h, v, cg::plus<int>());
        }
        g.sync();
        out[threadIdx.x] += cg::exclusive_scan(g, v);
        cg::coalesced_group lp = cg::labeled_partition(g, v & 1);
        out[threadIdx.x] += lp.shfl(v, lp.num_threads() - 1);
        cg::thread_group tp = cg::tiled_partition(g, 4);
        tp.sync();
    }
}

__global__ void keys(const unsigned long long* k, int* out)
{
    unsigned long long key = k[threadIdx.x];
    unsigned m = __match_any_sync(__activemask(), key);
    int leader = __ffs(m) - 1;
    int cnt = __popc(m);
    if ((threadIdx.x & 31) == leader)
        atomicAdd(out + (key & 15), cnt);
    unsigned half = __ballot_sync(0xffffffffu, threadIdx.x & 16);
    if (threadIdx.x & 16) {
        int s = __shfl_down_sync(half, (int)key, 1, 16);
        out[16 + threadIdx.x] = s;
        __syncwarp(half);
    }
}

__global__ void while_loop(const int* in, int* out)
{
    int v = in[threadIdx.x];
    unsigned todo = __ballot_sync(0xffffffffu, v != 0);
    while (todo) {
        int l = __ffs(todo) - 1;
        int b = __shfl_sync(0xffffffffu, v, l);
        out[threadIdx.x] += b;
        todo &= todo - 1;
    }
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    while (w.any(v > 0)) {
        v = v / 2;
        w.sync();
    }
    out[32 + threadIdx.x] = v + cg::reduce(w, v, cg::bit_xor<int>()) + (int)cg::reduce(w, (unsigned)v, cg::greater<unsigned>());
}
