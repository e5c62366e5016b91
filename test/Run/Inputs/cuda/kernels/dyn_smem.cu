// Dynamically sized shared memory (extern __shared__, size from the launch):
// an int array of blockDim.x elements followed by a double array, 3 blocks.
//   out[g]  : v of the mirrored thread (blockDim.x - 1 - t) times (block + 1)
//   outd[g] : h[t] + h[(t + 1) % n] with h[t] = v * 0.5 (doubles in shared memory)
// Launch: 3 blocks x 64 threads, dynamic_shared_bytes = 64*4 + 64*8 = 768.
__global__ void dyn_smem(const int* __restrict__ in, int* __restrict__ out,
                         double* __restrict__ outd)
{
    extern __shared__ int dyn[];
    const unsigned n = blockDim.x;
    const unsigned t = threadIdx.x;
    const unsigned g = blockIdx.x * n + t;
    dyn[t] = in[g];
    __syncthreads();
    out[g] = dyn[n - 1 - t] * (int)(blockIdx.x + 1);
    double* h = reinterpret_cast<double*>(dyn + n);
    h[t] = dyn[t] * 0.5;
    __syncthreads();
    outd[g] = h[t] + h[(t + 1) % n];
}
