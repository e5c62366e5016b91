// cooperative_groups tiled_partition<16> and <8> over a 64-thread block: tile
// shuffles (down, xor, up, idx), tile votes and the rank queries.
//   out16[t] : sum over the 16-tile (shfl_down tree, broadcast from tile rank 0)
//   out8[t]  : max over the 8-tile (shfl_xor butterfly)
//   meta[t*4]: 0 t8.thread_rank() | t8.meta_group_rank() << 8 | t16.meta_group_rank() << 16
//              1 t8.ballot(v < 0) (tile-relative bits)
//              2 t16.any(v == 0) | t16.all(v != 7) << 1
//              3 t8.shfl_up(v, 1)
// Launch: 1 block x 64 threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_tiles(const int* __restrict__ in, int* __restrict__ out16,
                         int* __restrict__ out8, int* __restrict__ meta)
{
    cg::thread_block blk = cg::this_thread_block();
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(blk);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(blk);
    const unsigned t = blk.thread_rank();
    const int v = in[t];
    int s = v;
    for (int o = t16.size() / 2; o > 0; o >>= 1)
        s += t16.shfl_down(s, o);
    out16[t] = t16.shfl(s, 0);
    int m = v;
    for (int o = 4; o > 0; o >>= 1)
        m = max(m, t8.shfl_xor(m, o));
    out8[t] = m;
    meta[t * 4 + 0] = t8.thread_rank() | (t8.meta_group_rank() << 8) | (t16.meta_group_rank() << 16);
    meta[t * 4 + 1] = t8.ballot(v < 0);
    meta[t * 4 + 2] = t16.any(v == 0) | (t16.all(v != 7) << 1);
    meta[t * 4 + 3] = t8.shfl_up(v, 1);
}
