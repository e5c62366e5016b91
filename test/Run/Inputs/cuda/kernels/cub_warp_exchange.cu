// cub::WarpExchange (4 items per thread) blocked <-> striped, plus cub::WarpReduce
// on 64-bit integers and on float.
//   out_s[lane*4 + i] : after BlockedToStriped of in[lane*4 + i]  (= in[i*32 + lane])
//   out_b[lane*4 + i] : after StripedToBlocked of in[i*32 + lane] (= in[lane*4 + i])
//   out64[0]          : WarpReduce<long long>.Sum of in[lane] * 2^33 + lane
//   outf[0]           : WarpReduce<float>.Sum of in[lane] * 0.5f (exact: small halves)
// Launch: 1 block x 32 threads. in holds 128 ints.
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_reduce.cuh>

__global__ void cub_warp_exchange(const int* __restrict__ in, int* __restrict__ out_s,
                                  int* __restrict__ out_b, long long* __restrict__ out64,
                                  float* __restrict__ outf)
{
    using Exchange = cub::WarpExchange<int, 4>;
    __shared__ typename Exchange::TempStorage tmp;
    __shared__ typename cub::WarpReduce<long long>::TempStorage tmp64;
    __shared__ typename cub::WarpReduce<float>::TempStorage tmpf;
    const int lane = threadIdx.x & 31;
    int items[4];
    for (int i = 0; i < 4; ++i)
        items[i] = in[lane * 4 + i];
    Exchange(tmp).BlockedToStriped(items, items);
    for (int i = 0; i < 4; ++i)
        out_s[lane * 4 + i] = items[i];
    __syncwarp();
    for (int i = 0; i < 4; ++i)
        items[i] = in[i * 32 + lane];
    Exchange(tmp).StripedToBlocked(items, items);
    for (int i = 0; i < 4; ++i)
        out_b[lane * 4 + i] = items[i];
    const long long x = (long long)in[lane] * (1ll << 33) + lane;
    const long long s = cub::WarpReduce<long long>(tmp64).Sum(x);
    if (lane == 0)
        out64[0] = s;
    const float f = cub::WarpReduce<float>(tmpf).Sum(in[lane] * 0.5f);
    if (lane == 0)
        outf[0] = f;
}
