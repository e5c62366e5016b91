// Segmented inclusive scan across the warp: flags mark segment heads (lane 0 always
// starts one). The head of a lane's segment comes from the ballot of the heads at
// or below it (31 - clz); shfl_up additions stop at the head.
//   out[lane]   : segmented inclusive sum
//   out_id[lane]: segment index (number of heads at or below the lane, minus 1)
// Launch: 1 block x 32 threads.
#define FULL_MASK 0xffffffffu

__global__ void seg_scan(const int* __restrict__ in, const int* __restrict__ flags,
                         int* __restrict__ out, int* __restrict__ out_id)
{
    const int lane = threadIdx.x & 31;
    int v = in[lane];
    const bool head = lane == 0 || flags[lane] != 0;
    const unsigned heads = __ballot_sync(FULL_MASK, head);
    const unsigned le = heads & (0xffffffffu >> (31 - lane));
    const int start = 31 - __clz(le);
    for (int d = 1; d < 32; d <<= 1) {
        const int t = __shfl_up_sync(FULL_MASK, v, d);
        if (lane - d >= start)
            v += t;
    }
    out[lane] = v;
    out_id[lane] = __popc(le) - 1;
}
