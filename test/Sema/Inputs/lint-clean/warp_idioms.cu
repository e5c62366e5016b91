// Warp idioms without cooperative groups, on correct kernels: __syncwarp with
// masks, __activemask()-based warp-aggregated atomics, ballot-derived masks,
// sub-warp shuffles, match_any buckets. Every file nvcc makes from this must
// lint with no warning (test/Sema/lint-clean.test).

// Warp-aggregated atomic increment (the CUDA blog's atomicAggInc): the lanes
// that arrive elect a leader, which adds for all of them.
__device__ int atomic_agg_inc(int* ctr)
{
    unsigned mask = __activemask();
    int leader = __ffs(mask) - 1;
    int lane = threadIdx.x & 31;
    int res;
    if (lane == leader)
        res = atomicAdd(ctr, __popc(mask));
    res = __shfl_sync(mask, res, leader);
    return res + __popc(mask & ((1u << lane) - 1));
}

__global__ void filter(const int* __restrict__ in, int* __restrict__ out,
                       int* __restrict__ n)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (v > 0)
        out[atomic_agg_inc(n)] = v;
}

// The mask is the ballot of the condition taken by the whole warp before the
// branch: exactly the lanes that take it.
__global__ void ballot_mask(const int* __restrict__ in, int* __restrict__ out)
{
    int v = in[threadIdx.x];
    unsigned m = __ballot_sync(0xffffffffu, v > 0);
    if (v > 0) {
        int leader = __ffs(m) - 1;
        int s = __shfl_sync(m, v, leader);
        __syncwarp(m);
        out[threadIdx.x] = s + __popc(m);
    }
    __syncwarp();
    // Halves of the warp synchronise separately.
    unsigned half = (threadIdx.x & 16) ? 0xffff0000u : 0x0000ffffu;
    int w = __shfl_xor_sync(half, v, 1, 16);
    __syncwarp(half);
#if __CUDA_ARCH__ >= 800
    w += __reduce_add_sync(0xffffffffu, v);
#endif
    out[blockDim.x + threadIdx.x] = w;
}

// Sub-warp shuffles (width 16, 8) and a warp reduction.
__global__ void subwarp(const float* __restrict__ in, float* __restrict__ out)
{
    float v = in[threadIdx.x];
    for (int o = 8; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o, 16);
    float u = __shfl_up_sync(0xffffffffu, v, 1, 8);
    float b = __shfl_sync(0xffffffffu, v, 3, 8);
    out[threadIdx.x] = v + u + b;
}

// match_any buckets, each bucket's leader adds for the bucket.
__global__ void buckets(const int* __restrict__ key, int* __restrict__ hist)
{
    int k = key[threadIdx.x] & 7;
    unsigned peers = __match_any_sync(0xffffffffu, k);
    int leader = __ffs(peers) - 1;
    if ((threadIdx.x & 31) == leader)
        atomicAdd(&hist[k], __popc(peers));
    int all_same;
    __match_all_sync(0xffffffffu, k, &all_same);
    if (all_same)
        hist[8] = 1;
}

// Inside a branch: the lanes that arrive take the activemask, reduce among
// themselves with an index shuffle over their own members.
__global__ void active_sum(const int* __restrict__ in, int* __restrict__ out)
{
    int v = in[threadIdx.x];
    if (v & 1) {
        unsigned m = __activemask();
        int leader = __ffs(m) - 1;
        int any = __any_sync(m, v > 4);
        unsigned bal = __ballot_sync(m, v > 2);
        int first = __shfl_sync(m, v, leader);
        out[threadIdx.x] = first + any + __popc(bal);
    }
}
