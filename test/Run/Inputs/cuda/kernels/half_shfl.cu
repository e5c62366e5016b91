// 16-bit floating point through shuffles: __half2 butterfly sum with
// __shfl_xor_sync + __hadd2 (rounded to half at each step), and __nv_bfloat16
// max with __shfl_down_sync (out-of-range lanes keep their value) and a
// __nv_bfloat162 sum of small integers (exact).
//   outh[lane] : bits of the __half2 sum (low half in bits 0-15)
//   outb[lane] : bf16 max tree (bits)
//   outb2[lane]: bits of the bf16x2 butterfly sum
// Launch: 1 block x 32 threads.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define FULL_MASK 0xffffffffu

__global__ void half_shfl(const __half2* __restrict__ inh, const __nv_bfloat16* __restrict__ inb,
                          const __nv_bfloat162* __restrict__ inb2, __half2* __restrict__ outh,
                          __nv_bfloat16* __restrict__ outb, __nv_bfloat162* __restrict__ outb2)
{
    const unsigned lane = threadIdx.x & 31;
    __half2 h = inh[lane];
    for (int o = 16; o > 0; o >>= 1)
        h = __hadd2(h, __shfl_xor_sync(FULL_MASK, h, o));
    outh[lane] = h;
    __nv_bfloat16 b = inb[lane];
    for (int o = 16; o > 0; o >>= 1)
        b = __hmax(b, __shfl_down_sync(FULL_MASK, b, o));
    outb[lane] = b;
    __nv_bfloat162 b2 = inb2[lane];
    for (int o = 1; o < 32; o <<= 1)
        b2 = __hadd2(b2, __shfl_xor_sync(FULL_MASK, b2, o));
    outb2[lane] = b2;
}
