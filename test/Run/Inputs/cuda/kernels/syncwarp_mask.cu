// __syncwarp with half-warp masks around a shared-memory exchange in divergent
// halves, then a full-warp __syncwarp and a cross-half read. 2 warps.
//   out[t]      : lanes 0-15: buf[lane+1 (mod 16)] of their half (2v);
//                 lanes 16-31: buf[lane+3 (mod 16)] of their half (v + 1000)
//   out[64 + t] : buf[t ^ 16] after the full-warp sync
// Launch: 1 block x 64 threads.
__global__ void syncwarp_mask(const int* __restrict__ in, int* __restrict__ out)
{
    __shared__ int buf[64];
    const unsigned t = threadIdx.x;
    const unsigned lane = t & 31;
    const int v = in[t];
    const unsigned half = t & ~15u;
    if (lane < 16) {
        buf[t] = v * 2;
        __syncwarp(0x0000ffffu);
        out[t] = buf[half | ((lane + 1) & 15)];
    } else {
        buf[t] = v + 1000;
        __syncwarp(0xffff0000u);
        out[t] = buf[half | ((lane + 3) & 15)];
    }
    __syncwarp();
    out[64 + t] = buf[t ^ 16];
}
