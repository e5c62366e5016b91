// CUB warp and block collectives on correct kernels. Every file nvcc makes
// from this must lint with no warning (test/Sema/lint-clean.test).
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

struct MaxOp {
    __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

__global__ void cub_warp(const int* __restrict__ in, int* __restrict__ out)
{
    using WR = cub::WarpReduce<int>;
    using WS = cub::WarpScan<int>;
    using WR16 = cub::WarpReduce<int, 16>;
    __shared__ typename WR::TempStorage r[4];
    __shared__ typename WS::TempStorage s[4];
    __shared__ typename WR16::TempStorage r16[8];
    int v = in[threadIdx.x];
    int w = threadIdx.x / 32;
    int sum = WR(r[w]).Sum(v);
    int mx = WR(r[w]).Reduce(v, MaxOp());
    int part = WR(r[w]).Sum(v, (int)(threadIdx.x & 31) < 20 ? 20 : 32);
    int inc;
    WS(s[w]).InclusiveSum(v, inc);
    int s16 = WR16(r16[threadIdx.x / 16]).Sum(v);
    out[threadIdx.x] = sum + mx + part + inc + s16;
}

__global__ void cub_block(const int* __restrict__ in, int* __restrict__ out)
{
    using BR = cub::BlockReduce<int, 128>;
    using BS = cub::BlockScan<int, 128>;
    __shared__ typename BR::TempStorage r;
    __shared__ typename BS::TempStorage s;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int sum = BR(r).Sum(v);
    int ex;
    BS(s).ExclusiveSum(v, ex);
    out[blockIdx.x * 128 + threadIdx.x] = ex;
    if (threadIdx.x == 0)
        out[gridDim.x * 128 + blockIdx.x] = sum;
}
