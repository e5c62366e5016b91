// Seed: dot products, warp reductions, clocks, sleep, special registers, wmma.
#include <mma.h>
using namespace nvcuda;
__global__ void misc_k(const int *in, unsigned *out, long long *t) {
  int i = threadIdx.x, v = in[i];
  unsigned u = __dp4a(v, in[i + 1], 3) + __dp2a_lo(v, in[i + 2], 4) + __dp2a_hi((unsigned)v, 5u, 6u);
#if __CUDA_ARCH__ >= 800
  u += __reduce_add_sync(0xffffffff, (unsigned)v) + __reduce_min_sync(0xffffffff, v) +
       __reduce_max_sync(0xffffffff, (unsigned)v) + __reduce_and_sync(0xffffffff, u) +
       __reduce_or_sync(0xffffffff, u) + __reduce_xor_sync(0xffffffff, u);
#endif
  long long c = clock64();
  __nanosleep(100);
  unsigned sm, lane, gt;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(gt));
  out[i] = u + sm + lane + gt + clock() + (unsigned)__vadd2(u, v) + __vabsdiffu4(u, v) + __vcmpgtu2(u, v);
  t[i] = clock64() - c;
  unsigned long long gtime;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gtime));
  t[i + 32] = gtime;
  __prof_trigger(3);
}
__global__ void wmma_k(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
