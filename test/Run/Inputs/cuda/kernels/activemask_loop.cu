// __activemask() in a loop with per-lane trip counts and in a branch nested inside
// it. Expected values assume lanes that run the same iteration run it together
// (the lanes still looping at iteration i are exactly those with trips > i).
//   out_iter[lane*4 + i] : mask at iteration i (0 if the lane did not run it)
//   out_odd[lane*4 + i]  : mask inside "if (v odd)" at iteration i
//   out_after[lane]      : mask after the loop and __syncwarp()
// Launch: 1 block x 32 threads. trips = in & 3 (+1 for lanes >= 24).
#define FULL_MASK 0xffffffffu

__global__ void activemask_loop(const unsigned* __restrict__ in, unsigned* __restrict__ out_iter,
                                unsigned* __restrict__ out_odd, unsigned* __restrict__ out_after)
{
    const unsigned lane = threadIdx.x & 31;
    const unsigned v = in[lane];
    const unsigned trips = (v & 3) + (lane >= 24 ? 1 : 0);
    for (unsigned i = 0; i < trips; ++i) {
        out_iter[lane * 4 + i] = __activemask();
        if ((v >> (i + 2)) & 1)
            out_odd[lane * 4 + i] = __activemask();
    }
    __syncwarp();
    out_after[lane] = __activemask();
}
