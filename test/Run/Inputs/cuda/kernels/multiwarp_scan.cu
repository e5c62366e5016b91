// Block-wide inclusive scan of 128 threads (4 warps): shfl_up warp scans, warp
// totals through shared memory, a scan of the totals by warp 0, then the offset.
// 2 blocks, unsigned arithmetic (wraps).
//   out[g]     : inclusive prefix sum within the block
//   totals[b]  : block total (thread 127 writes)
// Launch: 2 blocks x 128 threads.
#define FULL_MASK 0xffffffffu

__global__ void multiwarp_scan(const unsigned* __restrict__ in, unsigned* __restrict__ out,
                               unsigned* __restrict__ totals)
{
    __shared__ unsigned warp_sum[4];
    const unsigned t = threadIdx.x, lane = t & 31, w = t / 32;
    const unsigned g = blockIdx.x * blockDim.x + t;
    unsigned v = in[g];
    for (int d = 1; d < 32; d <<= 1) {
        const unsigned n = __shfl_up_sync(FULL_MASK, v, d);
        if (lane >= (unsigned)d)
            v += n;
    }
    if (lane == 31)
        warp_sum[w] = v;
    __syncthreads();
    if (w == 0) {
        unsigned s = lane < 4 ? warp_sum[lane] : 0;
        for (int d = 1; d < 4; d <<= 1) {
            const unsigned n = __shfl_up_sync(FULL_MASK, s, d);
            if (lane >= (unsigned)d)
                s += n;
        }
        if (lane < 4)
            warp_sum[lane] = s;
    }
    __syncthreads();
    if (w > 0)
        v += warp_sum[w - 1];
    out[g] = v;
    if (t == blockDim.x - 1)
        totals[blockIdx.x] = v;
}
