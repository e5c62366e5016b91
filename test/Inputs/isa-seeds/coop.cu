// Seed: cooperative groups (tiled_partition, coalesced_threads, reduce, grid sync).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void coop(int *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  int v = in[block.thread_rank()];
  int s = cg::reduce(tile, v, cg::plus<int>());
  int m = cg::reduce(t8, v, cg::greater<int>());
  if (v & 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    s += g.shfl(v, 0) + g.size() + cg::reduce(g, v, cg::bit_xor<int>());
  }
  block.sync();
  tile.sync();
  s += tile.shfl_down(v, 1) + tile.any(v > 3) + tile.ballot(v < 2);
  out[block.thread_rank()] = s + m;
}
__global__ void coop_grid(int *out) {
  cg::grid_group g = cg::this_grid();
  out[g.thread_rank()] = 1;
  g.sync();
  out[g.thread_rank()] += out[(g.thread_rank() + 1) % g.size()];
}
