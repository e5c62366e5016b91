// elect.sync (sm_90+) through inline PTX and cg::invoke_one.
//   out[lane]    : 1 for the lane elect.sync picks over the full warp, else 0
//   lead[lane]   : lanes with odd v: leader lane elect.sync returns over the
//                  __activemask() of those lanes; other lanes stay 0
//   cnt[0]       : number of cg::invoke_one calls (once per warp) (inout)
//   cnt[1]       : sum over warps of the value invoke_one_broadcast returns (the
//                  elected lane's v)
// Expected values take the lowest member lane as the elected one.
// Launch: 1 block x 64 threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ __forceinline__ unsigned elect_lane(unsigned mask, unsigned* is_leader)
{
    unsigned lane, p;
    asm volatile("{\n\t.reg .pred p;\n\telect.sync %0|p, %2;\n\tselp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(lane), "=r"(p)
                 : "r"(mask));
    *is_leader = p;
    return lane;
}

__global__ void elect_one(const int* __restrict__ in, unsigned* __restrict__ out,
                          unsigned* __restrict__ lead, int* __restrict__ cnt)
{
    const unsigned t = threadIdx.x;
    const int v = in[t];
    unsigned p;
    elect_lane(0xffffffffu, &p);
    out[t] = p;
    if (v & 1) {
        unsigned q;
        lead[t] = elect_lane(__activemask(), &q);
    }
    __syncwarp();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    cg::invoke_one(w, [&] { atomicAdd(&cnt[0], 1); });
    const int b = cg::invoke_one_broadcast(w, [&]() -> int { return v; });
    if (w.thread_rank() == 0)
        atomicAdd(&cnt[1], b);
}
