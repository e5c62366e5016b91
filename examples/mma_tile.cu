// mma_tile.cu - one warp multiplies a 16x16 f16 tile by a 16x8 f16 tile on
// the tensor cores: ldmatrix loads the fragments from shared memory and
// mma.sync.aligned.m16n8k16 accumulates in f32 (PTX ISA 9.7.14.5.14/15).
//
//   a: 16x16, row-major (a[m][k]), rounded to f16 in shared memory
//   b: 8x16, one row per column of B (b[n][k]: the "col" layout), to f16
//   d: 16x8 f32, row-major: d[m][n] = sum over k of a[m][k] * b[n][k]
//
// Regenerate the PTX with:
//   nvcc -ptx -O3 -arch=sm_80 mma_tile.cu -o mma_tile.ptx
#include <cuda_fp16.h>

extern "C" __global__ void mma_tile(const float *a, const float *b,
                                    float *d) {
  __shared__ __align__(16) __half as[16 * 16];
  __shared__ __align__(16) __half bs[8 * 16];
  unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 256; i += 32)
    as[i] = __float2half(a[i]);
  for (unsigned i = lane; i < 128; i += 32)
    bs[i] = __float2half(b[i]);
  __syncwarp();

  // ldmatrix: lane l gives the address of row l%8 of 8x8 matrix l/8.
  unsigned q = lane / 8, r = lane % 8;
  unsigned aAddr = (unsigned)__cvta_generic_to_shared(
      &as[(r + 8 * (q & 1)) * 16 + 8 * (q >> 1)]);
  unsigned bAddr = (unsigned)__cvta_generic_to_shared(
      &bs[r * 16 + 8 * (q & 1)]);
  unsigned a0, a1, a2, a3, b0, b1;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
               : "r"(aAddr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
               : "=r"(b0), "=r"(b1)
               : "r"(bAddr));
  float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  // D fragment: c0, c1 at row lane/4, columns 2*(lane%4) + 0, 1; c2, c3
  // eight rows below.
  unsigned row = lane / 4, col = 2 * (lane % 4);
  d[row * 8 + col] = c0;
  d[row * 8 + col + 1] = c1;
  d[(row + 8) * 8 + col] = c2;
  d[(row + 8) * 8 + col + 1] = c3;
}
