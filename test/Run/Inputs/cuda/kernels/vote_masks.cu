// Votes with partial membermasks in divergent code: lanes below 20 and the rest
// vote separately, each group with the mask of exactly its lanes.
//   out[lane*4 + k]: 0 __all_sync(grp, v > 0) 1 __any_sync(grp, v > 100)
//                    2 __uni_sync(grp, v & 1)  3 __ballot_sync(grp, v & 2)
// Launch: 1 block x 32 threads.
__global__ void vote_masks(const int* __restrict__ in, unsigned* __restrict__ out)
{
    const unsigned lane = threadIdx.x & 31;
    const int v = in[lane];
    unsigned* o = out + lane * 4;
    if (lane < 20) {
        const unsigned grp = 0x000fffffu;
        o[0] = __all_sync(grp, v > 0);
        o[1] = __any_sync(grp, v > 100);
        o[2] = __uni_sync(grp, v & 1);
        o[3] = __ballot_sync(grp, v & 2);
    } else {
        const unsigned grp = 0xfff00000u;
        o[0] = __all_sync(grp, v > 0);
        o[1] = __any_sync(grp, v > 100);
        o[2] = __uni_sync(grp, v & 1);
        o[3] = __ballot_sync(grp, v & 2);
    }
}
