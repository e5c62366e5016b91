// wmma kernels for test/Run/wmma.test: each fills A, B (and C) in shared
// memory from element formulas (wmma_ref.py has the same formulas), with
// padded strides, runs load_matrix_sync / mma_sync / store_matrix_sync
// (fill_fragment for some accumulators) and stores D to out.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__device__ float aval(int r, int k) { return float((r * 3 + k) % 7 - 3) * 0.25f; }
__device__ float bval(int k, int c) { return float((k * 5 + c * 2) % 9 - 4) * 0.5f; }
__device__ float cval(int r, int c) { return float(r - 2 * c); }
__device__ int ia(int r, int k) { return (r * 7 + k * 3) % 255 - 127; }
__device__ int ib(int k, int c) { return (k * 11 + c * 5) % 255 - 127; }
__device__ int ic(int r, int c) { return r < 4 ? 0x7fff0000 + c : -r * 1000 + c; }

// Element (r, c) of a Rows x Cols matrix at stride ld, row- or column-major.
#define AT(p, row, r, c, ld) (p)[(row) ? (r) * (ld) + (c) : (c) * (ld) + (r)]

#define FLOAT_KERNEL(NAME, M, N, K, T, FT, CONV, ALAY, AROW, BLAY, BROW, ACC,      \
                     CMEM, DMEM, DROW, LDA, LDB, LDC, LDD, FILL)               \
  extern "C" __global__ void NAME(ACC *out) {                                  \
    __shared__ __align__(128) T sa[(M > K ? M : K) * LDA];                     \
    __shared__ __align__(128) T sb[(K > N ? K : N) * LDB];                     \
    __shared__ __align__(128) ACC sc[(M > N ? M : N) * LDC];                   \
    for (int i = threadIdx.x; i < M * K; i += 32)                              \
      AT(sa, AROW, i / K, i % K, LDA) = CONV(aval(i / K, i % K));              \
    for (int i = threadIdx.x; i < K * N; i += 32)                              \
      AT(sb, BROW, i / N, i % N, LDB) = CONV(bval(i / N, i % N));              \
    for (int i = threadIdx.x; i < M * N; i += 32)                              \
      AT(sc, CMEM == wmma::mem_row_major, i / N, i % N, LDC) =                 \
          ACC(cval(i / N, i % N));                                             \
    __syncwarp();                                                              \
    wmma::fragment<wmma::matrix_a, M, N, K, FT, wmma::ALAY> fa;                 \
    wmma::fragment<wmma::matrix_b, M, N, K, FT, wmma::BLAY> fb;                 \
    wmma::fragment<wmma::accumulator, M, N, K, ACC> fc;                        \
    wmma::load_matrix_sync(fa, sa, LDA);                                       \
    wmma::load_matrix_sync(fb, sb, LDB);                                       \
    if (FILL)                                                                  \
      wmma::fill_fragment(fc, ACC(0.0));                                       \
    else                                                                       \
      wmma::load_matrix_sync(fc, sc, LDC, CMEM);                               \
    wmma::mma_sync(fc, fa, fb, fc);                                            \
    wmma::store_matrix_sync(out, fc, LDD, DMEM);                               \
  }

#define H(x) __float2half(x)
#define BF(x) __float2bfloat16(x)
#define TF(x) wmma::__float_to_tf32(x)
#define D64(x) double(x)

FLOAT_KERNEL(wmma_f16_f32, 16, 16, 16, half, half, H, row_major, 1, col_major, 0,
             float, wmma::mem_row_major, wmma::mem_col_major, 0, 32, 32, 24,
             24, 0)
FLOAT_KERNEL(wmma_f16_f16, 32, 8, 16, half, half, H, col_major, 0, row_major, 1, half,
             wmma::mem_col_major, wmma::mem_row_major, 1, 48, 16, 48, 16, 0)
FLOAT_KERNEL(wmma_f16_fill, 8, 32, 16, half, half, H, row_major, 1, row_major, 1,
             float, wmma::mem_row_major, wmma::mem_row_major, 1, 16, 32, 32,
             32, 1)
#if __CUDA_ARCH__ >= 800 || !defined(__CUDA_ARCH__)
FLOAT_KERNEL(wmma_bf16, 16, 16, 16, __nv_bfloat16, __nv_bfloat16, BF, col_major, 0, row_major,
             1, float, wmma::mem_col_major, wmma::mem_row_major, 1, 16, 16, 16,
             16, 0)
FLOAT_KERNEL(wmma_tf32, 16, 16, 8, float, wmma::precision::tf32, TF, row_major, 1,
             col_major, 0, float, wmma::mem_row_major, wmma::mem_row_major, 1,
             8, 8, 16, 16, 0)
FLOAT_KERNEL(wmma_f64, 8, 8, 4, double, double, D64, row_major, 1, col_major, 0, double,
             wmma::mem_row_major, wmma::mem_col_major, 0, 4, 4, 8, 8, 0)
#endif

#define INT_KERNEL(NAME, M, N, K, T, ALAY, AROW, BLAY, BROW, SAT, LDA, LDB)    \
  extern "C" __global__ void NAME(int *out) {                                  \
    __shared__ __align__(128) T sa[(M > K ? M : K) * LDA];                     \
    __shared__ __align__(128) T sb[(K > N ? K : N) * LDB];                     \
    __shared__ __align__(128) int sc[M * N];                                   \
    for (int i = threadIdx.x; i < M * K; i += 32)                              \
      AT(sa, AROW, i / K, i % K, LDA) = (T)(ia(i / K, i % K));                   \
    for (int i = threadIdx.x; i < K * N; i += 32)                              \
      AT(sb, BROW, i / N, i % N, LDB) = (T)(ib(i / N, i % N));                   \
    for (int i = threadIdx.x; i < M * N; i += 32)                              \
      sc[i] = ic(i / N, i % N);                                                \
    __syncwarp();                                                              \
    wmma::fragment<wmma::matrix_a, M, N, K, T, wmma::ALAY> fa;                 \
    wmma::fragment<wmma::matrix_b, M, N, K, T, wmma::BLAY> fb;                 \
    wmma::fragment<wmma::accumulator, M, N, K, int> fc;                        \
    wmma::load_matrix_sync(fa, sa, LDA);                                       \
    wmma::load_matrix_sync(fb, sb, LDB);                                       \
    wmma::load_matrix_sync(fc, sc, N, wmma::mem_row_major);                    \
    wmma::mma_sync(fc, fa, fb, fc, SAT);                                       \
    wmma::store_matrix_sync(out, fc, N, wmma::mem_row_major);                  \
  }

INT_KERNEL(wmma_s8_sat, 32, 8, 16, signed char, row_major, 1, col_major, 0,
           true, 16, 32)
INT_KERNEL(wmma_s8, 32, 8, 16, signed char, row_major, 1, col_major, 0, false,
           16, 32)
INT_KERNEL(wmma_u8, 16, 16, 16, unsigned char, col_major, 0, row_major, 1,
           false, 32, 16)
