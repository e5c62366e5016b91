// 2D blocks (16 x 8) on a 2 x 2 grid: global indexing, a shared-memory tile
// transpose with padding, and warp sums where a warp spans two rows of the block.
//   out_t[b*128 + l] : tile[l % 8][l / 8], l = ty*16 + tx, b = by*2 + bx
//   out_w[b*4 + w]   : sum over warp w of the block (lane 0 writes)
//   out_id[g]        : laneid | warpid-in-block << 8 | tx << 16 | ty << 24, g = y*32 + x
// Launch: grid (2,2), block (16,8). in is a 16 x 32 row-major matrix.
#define FULL_MASK 0xffffffffu

__global__ void block2d(const int* __restrict__ in, int* __restrict__ out_t,
                        int* __restrict__ out_w, unsigned* __restrict__ out_id)
{
    __shared__ int tile[8][17];
    const unsigned tx = threadIdx.x, ty = threadIdx.y;
    const unsigned x = blockIdx.x * blockDim.x + tx;
    const unsigned y = blockIdx.y * blockDim.y + ty;
    const unsigned width = gridDim.x * blockDim.x;
    const int v = in[y * width + x];
    tile[ty][tx] = v;
    __syncthreads();
    const unsigned l = ty * blockDim.x + tx;
    const unsigned b = blockIdx.y * gridDim.x + blockIdx.x;
    out_t[b * 128 + l] = tile[l % 8][l / 8];
    int s = v;
    for (int o = 16; o > 0; o >>= 1)
        s += __shfl_xor_sync(FULL_MASK, s, o);
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    if (lane == 0)
        out_w[b * 4 + l / 32] = s;
    out_id[y * width + x] = lane | ((l / 32) << 8) | (tx << 16) | (ty << 24);
}
