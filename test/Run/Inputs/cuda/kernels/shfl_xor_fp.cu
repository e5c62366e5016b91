// Butterfly all-reduce with __shfl_xor_sync on float (sum) and double (sum and
// max); each double shuffle is two 32-bit shfl.sync.bfly on the halves.
//   out_f[lane]    : float sum, lane adds v[lane ^ o] for o = 16, 8, 4, 2, 1
//   out_dsum[lane] : double sum in the same order
//   out_dmax[lane] : double max (fmax)
// Launch: 1 block x 32 threads.
#define FULL_MASK 0xffffffffu

__global__ void shfl_xor_fp(const float* __restrict__ in_f, const double* __restrict__ in_d,
                            float* __restrict__ out_f, double* __restrict__ out_dsum,
                            double* __restrict__ out_dmax)
{
    const unsigned lane = threadIdx.x & 31;
    float f = in_f[threadIdx.x];
    double s = in_d[threadIdx.x];
    double m = s;
    for (int o = 16; o > 0; o >>= 1) {
        f += __shfl_xor_sync(FULL_MASK, f, o);
        s += __shfl_xor_sync(FULL_MASK, s, o);
        m = fmax(m, __shfl_xor_sync(FULL_MASK, m, o));
    }
    out_f[lane] = f;
    out_dsum[lane] = s;
    out_dmax[lane] = m;
}
