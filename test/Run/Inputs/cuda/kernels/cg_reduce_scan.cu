// cooperative_groups reduce/inclusive_scan/exclusive_scan (reduce.h, scan.h) on
// 32- and 8-thread tiles; on sm_80+ the integer reductions use redux.sync.
//   out[t*8 + k]: 0 reduce(w32, v, plus) 1 reduce(t8, v, greater) 2 reduce(t8, v, less)
//                 3 reduce(w32, u, bit_xor) 4 reduce(t8, u, bit_or)
//                 5 inclusive_scan(w32, v) 6 exclusive_scan(t8, v) (rank 0 excluded from
//                 the check)  7 inclusive_scan(t8, v, greater)
//   outd[t]     : reduce(w32, (double)v * 0.25, plus)
// Launch: 1 block x 64 threads.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void cg_reduce_scan(const int* __restrict__ in, int* __restrict__ out,
                               double* __restrict__ outd)
{
    cg::thread_block blk = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(blk);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(blk);
    const unsigned t = blk.thread_rank();
    const int v = in[t];
    const unsigned u = (unsigned)v;
    int* o = out + t * 8;
    o[0] = cg::reduce(w, v, cg::plus<int>());
    o[1] = cg::reduce(t8, v, cg::greater<int>());
    o[2] = cg::reduce(t8, v, cg::less<int>());
    o[3] = (int)cg::reduce(w, u, cg::bit_xor<unsigned>());
    o[4] = (int)cg::reduce(t8, u, cg::bit_or<unsigned>());
    o[5] = cg::inclusive_scan(w, v);
    o[6] = cg::exclusive_scan(t8, v);
    o[7] = cg::inclusive_scan(t8, v, cg::greater<int>());
    outd[t] = cg::reduce(w, (double)v * 0.25, cg::plus<double>());
}
