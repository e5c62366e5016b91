// cub::WarpScan over a full warp and over 16-lane logical warps.
//   out[k*32 + lane]: k = 0 InclusiveSum  1 ExclusiveSum (lane 0 gets 0)
//                     2 the warp aggregate from ExclusiveSum  3 InclusiveScan(max)
//                     4 ExclusiveScan(min, initial 100)  5 16-lane InclusiveSum
//                     6 16-lane ExclusiveScan(plus, initial -5)
// Launch: 1 block x 32 threads.
#include <cub/warp/warp_scan.cuh>
#include <cuda/functional>

__global__ void cub_warp_scan(const int* __restrict__ in, int* __restrict__ out)
{
    using WarpScan = cub::WarpScan<int>;
    using WarpScan16 = cub::WarpScan<int, 16>;
    __shared__ typename WarpScan::TempStorage tmp;
    __shared__ typename WarpScan16::TempStorage tmp16[2];
    const int lane = threadIdx.x & 31;
    const int v = in[lane];
    int r, agg;
    WarpScan(tmp).InclusiveSum(v, r);
    out[0 * 32 + lane] = r;
    __syncwarp();
    WarpScan(tmp).ExclusiveSum(v, r, agg);
    out[1 * 32 + lane] = r;
    out[2 * 32 + lane] = agg;
    __syncwarp();
    WarpScan(tmp).InclusiveScan(v, r, cuda::maximum<>{});
    out[3 * 32 + lane] = r;
    __syncwarp();
    WarpScan(tmp).ExclusiveScan(v, r, 100, cuda::minimum<>{});
    out[4 * 32 + lane] = r;
    __syncwarp();
    WarpScan16(tmp16[lane / 16]).InclusiveSum(v, r);
    out[5 * 32 + lane] = r;
    __syncwarp();
    WarpScan16(tmp16[lane / 16]).ExclusiveScan(v, r, -5, cuda::std::plus<>{});
    out[6 * 32 + lane] = r;
}
