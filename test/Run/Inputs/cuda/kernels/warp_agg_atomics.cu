// Warp-aggregated and shared-memory atomics over 2 blocks x 64 threads.
//   slots[g]   : lanes with v > 0: base + rank, where the warp's leader does one
//                atomicAdd(&counters[warp], popc(ballot)) (counters inout); others -1
//   fin[b*12+k]: k = 0 atomicInc(&s_inc, 9) by every thread (final value)
//                1 block max of v by an atomicCAS loop on shared memory
//                2..9 histogram of v & 7, aggregated with __match_any_sync
//                10 atomicExch(&s_x, v) returns: count of threads that saw the init
//                   value 12345 (exactly one)
//                11 atomicSub on shared: 1000 - sum(v & 15)
//   gbits[0..3]: global atomicAnd/Or/Xor/Max(int) of v over every thread (inout)
// Launch: 2 blocks x 64 threads.
#include <climits>
#define FULL_MASK 0xffffffffu

__global__ void warp_agg_atomics(const int* __restrict__ in, unsigned* __restrict__ counters,
                                 int* __restrict__ slots, int* __restrict__ fin,
                                 int* __restrict__ gbits)
{
    __shared__ unsigned s_inc;
    __shared__ int s_max;
    __shared__ unsigned s_hist[8];
    __shared__ int s_x;
    __shared__ int s_seen;
    __shared__ int s_sub;
    const unsigned tid = threadIdx.x;
    const unsigned lane = tid & 31;
    const unsigned g = blockIdx.x * blockDim.x + tid;
    const unsigned warp = g / 32;
    if (tid == 0) {
        s_inc = 0;
        s_max = INT_MIN;
        s_x = 12345;
        s_seen = 0;
        s_sub = 1000;
    }
    if (tid < 8)
        s_hist[tid] = 0;
    __syncthreads();

    const int v = in[g];
    const unsigned pos = __ballot_sync(FULL_MASK, v > 0);
    if (v > 0) {
        const int leader = __ffs(pos) - 1;
        const unsigned rank = __popc(pos & ((1u << lane) - 1));
        unsigned base = 0;
        if ((int)lane == leader)
            base = atomicAdd(&counters[warp], (unsigned)__popc(pos));
        base = __shfl_sync(pos, base, leader);
        slots[g] = (int)(base + rank);
    } else {
        slots[g] = -1;
    }

    atomicInc(&s_inc, 9u);

    int old = s_max, assumed;
    do {
        assumed = old;
        old = atomicCAS(&s_max, assumed, max(assumed, v));
    } while (assumed != old);

    const unsigned bucket = (unsigned)v & 7;
    const unsigned peers = __match_any_sync(FULL_MASK, bucket);
    if ((int)lane == __ffs(peers) - 1)
        atomicAdd(&s_hist[bucket], (unsigned)__popc(peers));

    if (atomicExch(&s_x, v) == 12345)
        atomicAdd(&s_seen, 1);
    atomicSub(&s_sub, v & 15);

    atomicAnd(&gbits[0], v);
    atomicOr(&gbits[1], v);
    atomicXor(&gbits[2], v);
    atomicMax(&gbits[3], v);
    __syncthreads();

    if (tid == 0) {
        int* f = fin + blockIdx.x * 12;
        f[0] = (int)s_inc;
        f[1] = s_max;
        for (int i = 0; i < 8; ++i)
            f[2 + i] = (int)s_hist[i];
        f[10] = s_seen;
        f[11] = s_sub;
    }
}
