// __match_any_sync on 64-bit keys, __match_all_sync on 32-bit keys over the whole
// warp and over each half-warp (lanes 0-15 share their top nibble by construction,
// lanes 16-31 do not).
//   out_any64[lane] : lanes whose 64-bit key equals this lane's
//   out_all[lane]   : __match_all_sync(FULL, k32) (0: keys differ)
//   out_pred[lane]  : its predicate
//   out_half[lane]  : __match_all_sync(half-warp mask, k32 >> 28) | pred << 31... see below
//                     low 16 bits: mask >> (lane & 16), bit 31: predicate
// Launch: 1 block x 32 threads.
#define FULL_MASK 0xffffffffu

__global__ void match_keys(const unsigned long long* __restrict__ k64,
                           const unsigned* __restrict__ k32, unsigned* __restrict__ out_any64,
                           unsigned* __restrict__ out_all, int* __restrict__ out_pred,
                           unsigned* __restrict__ out_half)
{
    const unsigned lane = threadIdx.x & 31;
    out_any64[lane] = __match_any_sync(FULL_MASK, k64[lane]);
    int pred;
    out_all[lane] = __match_all_sync(FULL_MASK, k32[lane], &pred);
    out_pred[lane] = pred;
    const unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    int hp;
    const unsigned hm = __match_all_sync(half, k32[lane] >> 28, &hp);
    out_half[lane] = (hm >> (lane & 16)) | ((unsigned)hp << 31);
}
