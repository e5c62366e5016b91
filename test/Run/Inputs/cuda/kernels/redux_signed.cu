// __reduce_*_sync (redux.sync, sm_80+) on signed and unsigned values, over the
// full warp and over the odd lanes only.
//   out[lane*9 + k]: 0 add(int) 1 min(int) 2 max(int) 3 add(unsigned) 4 min(unsigned)
//                    5 max(unsigned) 6 and 7 or 8 xor
//   out_odd[lane]  : odd lanes: min(int) over the odd lanes; even lanes stay 0
// Launch: 1 block x 32 threads.
#define FULL_MASK 0xffffffffu

__global__ void redux_signed(const int* __restrict__ in, int* __restrict__ out,
                             int* __restrict__ out_odd)
{
    const unsigned lane = threadIdx.x & 31;
    const int v = in[lane];
    const unsigned u = (unsigned)v;
    int* o = out + lane * 9;
    o[0] = __reduce_add_sync(FULL_MASK, v);
    o[1] = __reduce_min_sync(FULL_MASK, v);
    o[2] = __reduce_max_sync(FULL_MASK, v);
    o[3] = (int)__reduce_add_sync(FULL_MASK, u);
    o[4] = (int)__reduce_min_sync(FULL_MASK, u);
    o[5] = (int)__reduce_max_sync(FULL_MASK, u);
    o[6] = (int)__reduce_and_sync(FULL_MASK, u);
    o[7] = (int)__reduce_or_sync(FULL_MASK, u);
    o[8] = (int)__reduce_xor_sync(FULL_MASK, u);
    if (lane & 1)
        out_odd[lane] = __reduce_min_sync(0xaaaaaaaau, v);
}
