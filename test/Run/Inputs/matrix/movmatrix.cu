// movmatrix through CUDA: CUDA 13.0 has no intrinsic or cuda::ptx wrapper
// for movmatrix, so the kernel uses inline asm. See test/Run/movmatrix.test
// for the expected values. Regenerate the PTX with
//   nvcc -O3 -ptx -arch=sm_80 movmatrix.cu -o movmatrix_sm80.ptx
#include <cstdint>

__device__ __forceinline__ uint32_t transpose8x8(uint32_t A) {
  uint32_t D;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;"
               : "=r"(D)
               : "r"(A));
  return D;
}

// One warp: element (r, c) of the matrix is 8r + c, so lane L's fragment is
// (2L+1) << 16 | 2L. out[L] = d, out[32 + L] = d transposed again.
extern "C" __global__ void movmatrix_kernel(uint32_t *out) {
  uint32_t Lane = threadIdx.x % 32;
  uint32_t A = (2 * Lane + 1) << 16 | 2 * Lane;
  uint32_t D = transpose8x8(A);
  out[Lane] = D;
  out[32 + Lane] = transpose8x8(D);
}
