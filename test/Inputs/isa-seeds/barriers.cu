// Seed: barriers, named barriers (inline asm), syncwarp, votes and shuffles.
__global__ void barriers(int *out, const int *in) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int c = __syncthreads_count(s[t] > 0);
  int a = __syncthreads_and(s[t] > 1);
  int o = __syncthreads_or(s[t] > 2);
  asm volatile("bar.sync 1, 64;");
  asm volatile("bar.arrive 2, 64;");
  asm volatile("barrier.sync.aligned 3;");
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\tbar.red.popc.u32 %0, 4, p;\n\t}" : "=r"(c) : "r"(t & 1));
  __syncwarp();
  __syncwarp(0x0000ffff);
  unsigned m = __activemask();
  int b = __ballot_sync(0xffffffff, t & 1) + __any_sync(m, t > 3) + __all_sync(m, t < 9) + __uni_sync(m, t);
  b += __shfl_sync(0xffffffff, t, 3) + __shfl_up_sync(0xffffffff, t, 1) +
       __shfl_down_sync(0xffffffff, t, 2, 16) + __shfl_xor_sync(0xffffffff, t, 4);
  float fb = __shfl_xor_sync(0xffffffff, (float)t, 1);
  double db = __shfl_sync(0xffffffff, (double)t, 0);
  out[t] = c + a + o + b + (int)fb + (int)db + __match_any_sync(m, t & 3);
}
