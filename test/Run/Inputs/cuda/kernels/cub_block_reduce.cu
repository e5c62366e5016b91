// cub::BlockReduce (warp-reductions and raking algorithms) and cub::BlockScan on
// 128-thread blocks, 2 blocks.
//   out[b*4 + k]: k = 0 Sum  1 Reduce(max) with BLOCK_REDUCE_RAKING
//                 2 Sum over the first 77 threads  3 Reduce(min) with
//                 BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY
//   scan[g]     : BlockScan ExclusiveSum within the block
// Launch: 2 blocks x 128 threads.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

__global__ void cub_block_reduce(const int* __restrict__ in, int* __restrict__ out,
                                 int* __restrict__ scan)
{
    using BR = cub::BlockReduce<int, 128>;
    using BRR = cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_RAKING>;
    using BRC = cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;
    using BS = cub::BlockScan<int, 128>;
    __shared__ union {
        typename BR::TempStorage br;
        typename BRR::TempStorage brr;
        typename BRC::TempStorage brc;
        typename BS::TempStorage bs;
    } tmp;
    const unsigned t = threadIdx.x;
    const unsigned g = blockIdx.x * blockDim.x + t;
    const int v = in[g];
    int* o = out + blockIdx.x * 4;
    const int s = BR(tmp.br).Sum(v);
    if (t == 0)
        o[0] = s;
    __syncthreads();
    const int m = BRR(tmp.brr).Reduce(v, cuda::maximum<>{});
    if (t == 0)
        o[1] = m;
    __syncthreads();
    const int p = BR(tmp.br).Sum(v, 77);
    if (t == 0)
        o[2] = p;
    __syncthreads();
    const int mn = BRC(tmp.brc).Reduce(v, cuda::minimum<>{});
    if (t == 0)
        o[3] = mn;
    __syncthreads();
    int ex;
    BS(tmp.bs).ExclusiveSum(v, ex);
    scan[g] = ex;
}
