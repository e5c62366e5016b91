// Misuses of __activemask() as a membermask that activemask-membermask must
// report (test/Sema/activemask-nvcc.test); each kernel has one bug.

// The CUDA blog's example of what not to do: the lanes with v > 0 need not
// all be together at the __activemask(), and shfl_down reads fixed offsets,
// which may name lanes outside the mask.
__global__ void blog_reduce(const int* __restrict__ in, int* __restrict__ out)
{
    int v = in[threadIdx.x];
    if (v > 0) {
        unsigned m = __activemask();
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(m, v, o);
        out[threadIdx.x] = v;
    }
}

// The mask is taken before a lane-dependent branch; the lanes that do not
// take it never arrive at the ballot.
__global__ void split_after(const int* __restrict__ in, unsigned* __restrict__ out)
{
    int v = in[threadIdx.x];
    unsigned m = __activemask();
    unsigned b = 0;
    if (v & 1)
        b = __ballot_sync(m, v > 4);
    out[threadIdx.x] = b;
}

// A loop whose trip count differs between lanes around a use of the mask:
// the lanes that leave early are not there for the later iterations.
__global__ void loop_around(const int* __restrict__ in, int* __restrict__ out)
{
    int v = in[threadIdx.x];
    unsigned m = __activemask();
    int leader = __ffs(m) - 1;
    int s = v;
    for (int i = 0; i < (v & 7); ++i)
        s += __shfl_sync(m, s, leader);
    out[threadIdx.x] = s;
}

// Some lanes return between the __activemask() and the reduction.
__global__ void early_return(const int* __restrict__ in, int* __restrict__ out, int n)
{
    int v = in[threadIdx.x];
    unsigned m = __activemask();
    if (v >= n)
        return;
    out[threadIdx.x] = __reduce_add_sync(m, v);
}
