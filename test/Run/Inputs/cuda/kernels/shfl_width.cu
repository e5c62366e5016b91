// Sub-warp shuffles (width < 32): each width-sized segment behaves like a small
// warp; a source outside the segment (above it, or below it for up) leaves the
// value unchanged, and xor may reach into an earlier segment but not a later one.
//   out_down8[lane]  : width-8 tree reduction with __shfl_down_sync (segment sum at
//                      the first lane of each segment, partial sums elsewhere)
//   out_up4[lane]    : __shfl_up_sync(v, 1, 4)
//   out_idx16[lane]  : __shfl_sync(v, src[lane], 16) with arbitrary src values
//   out_xor8[lane]   : __shfl_xor_sync(v, 9, 8)
//   out_down16[lane] : width-16 reduction of v * 3 - 1
// Launch: 1 block x 32 threads. in holds 64 ints: v, then the idx sources.
#define FULL_MASK 0xffffffffu

__global__ void shfl_width(const int* __restrict__ in, int* __restrict__ out_down8,
                           int* __restrict__ out_up4, int* __restrict__ out_idx16,
                           int* __restrict__ out_xor8, int* __restrict__ out_down16)
{
    const unsigned lane = threadIdx.x & 31;
    const int v = in[lane];
    int s = v;
    for (int o = 4; o > 0; o >>= 1)
        s += __shfl_down_sync(FULL_MASK, s, o, 8);
    out_down8[lane] = s;
    out_up4[lane] = __shfl_up_sync(FULL_MASK, v, 1, 4);
    out_idx16[lane] = __shfl_sync(FULL_MASK, v, in[32 + lane], 16);
    out_xor8[lane] = __shfl_xor_sync(FULL_MASK, v, 9, 8);
    int t = v * 3 - 1;
    for (int o = 8; o > 0; o >>= 1)
        t += __shfl_down_sync(FULL_MASK, t, o, 16);
    out_down16[lane] = t;
}
