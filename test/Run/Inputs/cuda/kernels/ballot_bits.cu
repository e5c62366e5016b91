// Ballots and the bit intrinsics nvcc maps to popc/bfind/brev/clz/prmt/shf.
//   out32[lane*10 + k], k = 0 popc(v) 1 ffs(v) 2 brev(v) 3 clz(v)
//     4 rank of the lane among odd-v lanes (popc(ballot & lanes below))
//     5 ballot(v odd)  6 ballot(v > 0x80000000)  7 __byte_perm(v, w, 0x5140)
//     8 __funnelshift_l(v, w, lane)  9 __funnelshift_rc(v, w, lane + 20)
//   out64[lane*4 + k], k = 0 brevll(x) 1 popcll(x) 2 clzll(x) 3 ffsll(x)
//     with x = (u64)ballot(v odd) << 32 | v
// Launch: 1 block x 32 threads. in holds v[32] then w[32].
#define FULL_MASK 0xffffffffu

__global__ void ballot_bits(const unsigned* __restrict__ in, unsigned* __restrict__ out32,
                            unsigned long long* __restrict__ out64)
{
    const unsigned lane = threadIdx.x & 31;
    const unsigned v = in[lane];
    const unsigned w = in[32 + lane];
    const unsigned odd = __ballot_sync(FULL_MASK, v & 1);
    const unsigned big = __ballot_sync(FULL_MASK, v > 0x80000000u);
    unsigned* o = out32 + lane * 10;
    o[0] = __popc(v);
    o[1] = __ffs(v);
    o[2] = __brev(v);
    o[3] = __clz(v);
    o[4] = __popc(odd & ((1u << lane) - 1));
    o[5] = odd;
    o[6] = big;
    o[7] = __byte_perm(v, w, 0x5140);
    o[8] = __funnelshift_l(v, w, lane);
    o[9] = __funnelshift_rc(v, w, lane + 20);
    const unsigned long long x = ((unsigned long long)odd << 32) | v;
    unsigned long long* p = out64 + lane * 4;
    p[0] = __brevll(x);
    p[1] = __popcll(x);
    p[2] = __clzll(x);
    p[3] = __ffsll(x);
}
