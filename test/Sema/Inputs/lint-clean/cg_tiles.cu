// Cooperative groups on correct kernels: thread_block_tile<32/16/8> with
// shfl, any/all/ballot, match_any, cg::reduce and cg::inclusive_scan.
// Every file nvcc makes from this must lint with no warning
// (test/Sema/lint-clean.test).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

template <unsigned N, typename P>
__device__ void tile_ops(cg::thread_block_tile<N, P> t, int v, int* out)
{
    int s = cg::reduce(t, v, cg::plus<int>());
    int m = cg::reduce(t, v, cg::greater<int>());
    int x = cg::inclusive_scan(t, v, cg::plus<int>());
    int e = cg::exclusive_scan(t, v);
    int b = t.shfl(v, 0) + t.shfl_down(v, 1) + t.shfl_up(v, 1) + t.shfl_xor(v, 1);
    unsigned bal = t.ballot(v & 1);
    int any = t.any(v > 3), all = t.all(v > 3);
    unsigned grp = t.match_any(v & 3);
    t.sync();
    out[t.meta_group_rank() * N + t.thread_rank()] =
        s + m + x + e + b + (int)bal + any + all + (int)grp;
}

__global__ void tiles(const int* __restrict__ in, int* __restrict__ o32,
                      int* __restrict__ o16, int* __restrict__ o8)
{
    cg::thread_block blk = cg::this_thread_block();
    int v = in[blk.thread_rank()];
    tile_ops(cg::tiled_partition<32>(blk), v, o32);
    tile_ops(cg::tiled_partition<16>(blk), v, o16);
    tile_ops(cg::tiled_partition<8>(blk), v, o8);
    cg::thread_group dyn = cg::tiled_partition(blk, 4);
    dyn.sync();
}

// Inside a data-dependent branch, the lanes that arrive form a coalesced
// group: by design its mask is __activemask().
__global__ void coalesced(const int* __restrict__ in, int* __restrict__ out,
                          int* __restrict__ counter)
{
    int v = in[threadIdx.x];
    if (v > 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        int s = cg::reduce(g, v, cg::plus<int>());
        int x = cg::inclusive_scan(g, v, cg::plus<int>());
        int first = g.shfl(v, 0);
        unsigned bal = g.ballot(v & 1);
        int any = g.any(v > 5);
        int base = 0;
        if (g.thread_rank() == 0)
            base = atomicAdd(counter, (int)g.size());
        base = g.shfl(base, 0);
        out[threadIdx.x] = s + x + first + (int)bal + any + base + (int)g.thread_rank();
        g.sync();
    }
}

// Elect one lane of the coalesced group (cg::invoke_one) and broadcast.
__global__ void elect(const int* __restrict__ in, int* __restrict__ out, int* __restrict__ cnt)
{
    int v = in[threadIdx.x];
    if (v & 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        cg::invoke_one(g, [&] { atomicAdd(cnt, 1); });
        int b = cg::invoke_one_broadcast(g, [&]() -> int { return v; });
        out[threadIdx.x] = b;
    }
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    int c = cg::invoke_one_broadcast(w, [&]() -> int { return atomicAdd(cnt + 1, v); });
    out[blockDim.x + threadIdx.x] = c;
}

// labeled_partition splits a coalesced group by a key.
__global__ void labeled(const int* __restrict__ in, int* __restrict__ out)
{
    int v = in[threadIdx.x];
    cg::coalesced_group g = cg::coalesced_threads();
    cg::coalesced_group part = cg::labeled_partition(g, v & 3);
    out[threadIdx.x] = cg::reduce(part, v, cg::plus<int>()) + (int)part.size();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    cg::coalesced_group bin = cg::binary_partition(w, v > 2);
    out[blockDim.x + threadIdx.x] = (int)bin.num_threads();
}
