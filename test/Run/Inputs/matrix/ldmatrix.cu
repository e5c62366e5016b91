// ldmatrix and stmatrix through CUDA inline asm (the CUTLASS pattern: a
// 32-bit .shared address from __cvta_generic_to_shared). See
// test/Run/ldmatrix.test for the expected values (ldmatrix_ref.py).
// Regenerate the PTX with
//   nvcc -O3 -ptx -arch=sm_75 ldmatrix.cu -o ldmatrix_sm75.ptx
//   nvcc -O3 -ptx -arch=sm_90 -DSTMATRIX ldmatrix.cu -o ldmatrix_sm90.ptx
#include <cstdint>

// Element (row r, column c) of matrix m, and the 16-byte slot of the tile
// that holds row r of matrix m (rows are not contiguous: the slots are
// permuted).
__device__ __forceinline__ uint32_t value(uint32_t M, uint32_t R, uint32_t C) {
  return M << 12 | R << 8 | C;
}
__device__ __forceinline__ uint32_t slot(uint32_t M, uint32_t R) {
  return (8 * M + R) ^ 0x15;
}

// One warp. out[32m + L]: register m of lane L of ldmatrix .x4;
// out[128 + 32m + L]: of .x2.trans; out[192 + L]: of .x1.
extern "C" __global__ void ldmatrix_kernel(uint32_t *out) {
  __shared__ alignas(16) uint16_t tile[32 * 8];
  uint32_t Lane = threadIdx.x % 32;
  // Lane L writes the row of slot L: matrix L/8, row L%8.
  for (uint32_t C = 0; C < 8; ++C)
    tile[slot(Lane / 8, Lane % 8) * 8 + C] = value(Lane / 8, Lane % 8, C);
  __syncwarp();
  uint32_t Row = static_cast<uint32_t>(
      __cvta_generic_to_shared(&tile[slot(Lane / 8, Lane % 8) * 8]));
  uint32_t D0, D1, D2, D3, T0, T1, S0;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(D0), "=r"(D1), "=r"(D2), "=r"(D3)
               : "r"(Row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(T0), "=r"(T1)
               : "r"(Row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(S0)
               : "r"(Row));
  out[Lane] = D0;
  out[32 + Lane] = D1;
  out[64 + Lane] = D2;
  out[96 + Lane] = D3;
  out[128 + Lane] = T0;
  out[160 + Lane] = T1;
  out[192 + Lane] = S0;
}

#ifdef STMATRIX
// One warp: lane L's register m holds the fragment of matrix m in the
// ldmatrix layout (row L/4, columns 2(L%4) and 2(L%4)+1). stmatrix .x4
// writes the four matrices to the permuted slots of tile A, .x2.trans the
// first two to those of tile B. out[0..127]: tile A as words,
// out[128..255]: tile B.
extern "C" __global__ void stmatrix_kernel(uint32_t *out) {
  __shared__ alignas(16) uint32_t A[128], B[128];
  uint32_t Lane = threadIdx.x % 32;
  for (uint32_t K = 0; K < 4; ++K) {
    A[4 * Lane + K] = 0;
    B[4 * Lane + K] = 0;
  }
  __syncwarp();
  uint32_t R[4];
  for (uint32_t M = 0; M < 4; ++M)
    R[M] = value(M, Lane / 4, 2 * (Lane % 4)) |
           value(M, Lane / 4, 2 * (Lane % 4) + 1) << 16;
  uint32_t RowA = static_cast<uint32_t>(
      __cvta_generic_to_shared(&A[4 * slot(Lane / 8, Lane % 8)]));
  uint32_t RowB = static_cast<uint32_t>(
      __cvta_generic_to_shared(&B[4 * slot(Lane / 8, Lane % 8)]));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
               :
               : "r"(RowA), "r"(R[0]), "r"(R[1]), "r"(R[2]), "r"(R[3])
               : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};"
               :
               : "r"(RowB), "r"(R[0]), "r"(R[1])
               : "memory");
  __syncwarp();
  for (uint32_t K = 0; K < 4; ++K) {
    out[4 * Lane + K] = A[4 * Lane + K];
    out[128 + 4 * Lane + K] = B[4 * Lane + K];
  }
}
#endif
