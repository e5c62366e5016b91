// Loops with data-dependent trip counts: a per-lane 64-bit Collatz walk bounded by a
// scalar limit, and a warp-uniform loop that keeps going while __any_sync says
// some lane still has work. 2 blocks.
//   steps[g] : steps until 1 (at most limit)
//   last[g]  : the value reached (64-bit)
//   acc[g]   : sum of work, work - 3, ... while positive
//   iters[g] : iterations of the warp loop = max over the warp of ceil(work / 3)
// Launch: 2 blocks x 32 threads. Scalar: limit.
#define FULL_MASK 0xffffffffu

__global__ void collatz_loop(const unsigned long long* __restrict__ start,
                             const int* __restrict__ work_in, int limit,
                             int* __restrict__ steps, unsigned long long* __restrict__ last,
                             int* __restrict__ acc, int* __restrict__ iters)
{
    const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long x = start[g];
    int n = 0;
    while (x != 1 && n < limit) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        ++n;
    }
    steps[g] = n;
    last[g] = x;
    int work = work_in[g], a = 0, it = 0;
    while (__any_sync(FULL_MASK, work > 0)) {
        if (work > 0) {
            a += work;
            work -= 3;
        }
        ++it;
    }
    acc[g] = a;
    iters[g] = it;
}
