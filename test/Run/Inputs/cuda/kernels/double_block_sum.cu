// Double-precision block reduction: __shfl_down_sync on doubles (two 32-bit
// shuffles each), per-warp partials in shared memory, then one atomicAdd(double)
// per block into a global total; plus a float atomicAdd in shared memory.
// Inputs are integers / 4, so every partial sum is exact and the order of the
// atomics does not matter.
//   total[0]   : sum of all inputs (inout, starts at 0.5)
//   part[b]    : block sums
//   fsum[b]    : float sum of in * 2 per block via shared atomicAdd
// Launch: 3 blocks x 96 threads.
#define FULL_MASK 0xffffffffu

__global__ void double_block_sum(const double* __restrict__ in, double* __restrict__ total,
                                 double* __restrict__ part, float* __restrict__ fsum)
{
    __shared__ double warp_part[32];
    __shared__ float s_f;
    const unsigned t = threadIdx.x, lane = t & 31, w = t / 32;
    const unsigned g = blockIdx.x * blockDim.x + t;
    if (t == 0)
        s_f = 0.0f;
    double v = in[g];
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(FULL_MASK, v, o);
    if (lane == 0)
        warp_part[w] = v;
    __syncthreads();
    atomicAdd(&s_f, (float)(in[g] * 2.0));
    if (w == 0) {
        double s = lane < blockDim.x / 32 ? warp_part[lane] : 0.0;
        for (int o = 16; o > 0; o >>= 1)
            s += __shfl_down_sync(FULL_MASK, s, o);
        if (lane == 0) {
            part[blockIdx.x] = s;
            atomicAdd(total, s);
        }
    }
    __syncthreads();
    if (t == 0)
        fsum[blockIdx.x] = s_f;
}
