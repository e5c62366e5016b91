// Bitonic sort of 32 (key, index) pairs across a warp with __shfl_xor_sync
// compare-exchange steps; ties are broken by the original lane, so the result is
// the pairs in ascending (key, lane) order. Keys are 64-bit (split shuffles).
//   keys[lane] : sorted keys    idx[lane] : their original lanes
// Launch: 1 block x 32 threads.
#define FULL_MASK 0xffffffffu

__global__ void warp_bitonic(const unsigned long long* __restrict__ in,
                             unsigned long long* __restrict__ keys, int* __restrict__ idx)
{
    const int lane = threadIdx.x & 31;
    unsigned long long key = in[lane];
    int id = lane;
    for (int k = 2; k <= 32; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            const unsigned long long ok = __shfl_xor_sync(FULL_MASK, key, j);
            const int oi = __shfl_xor_sync(FULL_MASK, id, j);
            const bool ascending = (lane & k) == 0;
            const bool lower = (lane & j) == 0;
            const bool other_less = ok < key || (ok == key && oi < id);
            // The lower lane of an ascending pair keeps the smaller pair.
            if ((lower == ascending) == other_less) {
                key = ok;
                id = oi;
            }
        }
    }
    keys[lane] = key;
    idx[lane] = id;
}
