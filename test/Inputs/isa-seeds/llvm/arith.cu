// Seed for the ISA campaign, compiled by clang-14 (no CUDA headers) to LLVM IR
// (arith.ll) and by llc-14 to PTX (see ../gen.sh).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
typedef float float4v __attribute__((ext_vector_type(4)));
extern "C" __device__ __attribute__((noinline)) long long fact(long long n) {
  return n < 2 ? 1 : n * fact(n - 1);
}
extern "C" __global__ void arith(float *a, int *b, double *d, unsigned long long *u, short *s,
                                 float4v *v, int n) {
  __shared__ int sh[128];
  int i = __nvvm_read_ptx_sreg_tid_x() + __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
  float x = a[i];
  a[i] = __nvvm_sqrt_rn_f(x) + __nvvm_fma_rn_f(x, 2.f, 1.f) + __nvvm_ex2_approx_f(x) +
         __nvvm_lg2_approx_f(x) + __nvvm_sin_approx_f(x) + __nvvm_rcp_rn_f(x) + __nvvm_div_rn_f(x, 3.f) +
         __nvvm_fmin_f(x, 1.f) + __nvvm_fabs_f(x) + __nvvm_saturate_f(x) + __nvvm_floor_f(x);
  d[i] = __nvvm_fma_rn_d(d[i], 2.0, 1.0) + __nvvm_rcp_rn_d(d[i]) + (double)b[i] + __nvvm_sqrt_rn_d(d[i + 1]);
  sh[i & 127] = b[i] * 7 + b[i] / (n | 1) + (b[i] % 5) + __builtin_popcount(b[i]) + __builtin_clz(b[i]) +
                __builtin_bitreverse32(b[i]) + __nvvm_mulhi_i(b[i], n) + __nvvm_prmt(b[i], n, 0x3210);
  __syncthreads();
  b[i] = sh[(i + 1) & 127] + __nvvm_atom_add_gen_i(b + 1, i) + __nvvm_atom_cas_gen_i(b + 2, 0, i) +
         __nvvm_atom_max_gen_i(b + 3, i) + __nvvm_atom_xchg_gen_i(b + 4, i) +
         __nvvm_shfl_sync_bfly_i32(0xffffffff, i, 1, 31) + __nvvm_vote_ballot_sync(0xffffffff, i & 1);
  u[i] = u[i] / (unsigned long long)(n | 1) + (u[i] >> 3) + (unsigned long long)fact(n) + (u[i] << (n & 63));
  s[i] = (short)(s[i] * s[i + 1]) + (short)(s[i] >> 2);
  switch (n & 7) {
  case 0: v[i] = v[i] * 2.f; break;
  case 1: v[i] = v[i] + v[i + 1]; break;
  case 2: v[i].x = 0; break;
  case 3: v[i] = v[i] - 1.f; break;
  case 4: v[i].w = x; break;
  default: break;
  }
  __nvvm_membar_gl();
  __nvvm_membar_cta();
}
