// Held-out seed compiled by clang-14 (no CUDA headers) to LLVM IR (kern.ll) and by
// llc-14 to PTX (see ../gen.sh): half/double arithmetic, 8/16-bit integers, atomics by
// scope, warp votes and shuffles, a jump table, struct returns and vector types.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
typedef double double2v __attribute__((ext_vector_type(2)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef short short2v __attribute__((ext_vector_type(2)));
struct S3 { int a; float b; double c; };
extern "C" __device__ __attribute__((noinline)) S3 combine(S3 x, int k) {
  S3 r = {x.a * k, x.b + (float)k, x.c * x.b};
  return r;
}
extern "C" __device__ __attribute__((noinline)) int collatz(int n, int d) {
  return n <= 1 ? d : collatz((n & 1) ? 3 * n + 1 : n / 2, d + 1);
}
extern "C" __global__ void kern(double *d, double2v *dv, int4v *iv, short2v *sv, unsigned char *c,
                                int *b, unsigned long long *u, float *f, S3 *s, int n) {
  __shared__ double sd[64];
  __shared__ unsigned long long su[64];
  int t = __nvvm_read_ptx_sreg_tid_x();
  int i = t + __nvvm_read_ptx_sreg_ctaid_y() * __nvvm_read_ptx_sreg_nctaid_x();
  double x = d[i];
  d[i] = __nvvm_fma_rz_d(x, x, 1.0) + __nvvm_div_rm_d(x, 3.0) + __nvvm_add_rp_d(x, 0.5) + __nvvm_fmax_d(x, 2.0) +
         __nvvm_sqrt_rz_d(x) + __nvvm_rsqrt_approx_d(x) + __nvvm_d2f_rm(x) + (double)__nvvm_d2i_hi(x) +
         (double)__nvvm_d2ll_rp(x) + __nvvm_ull2d_rz(u[i]) + __nvvm_lohi_i2d(b[i], t);
  f[i] = __nvvm_fmax_ftz_f(f[i], 1.f) + __nvvm_mul_rz_ftz_f(f[i], 3.f) + __nvvm_ex2_approx_ftz_f(f[i]) +
         __nvvm_cos_approx_ftz_f(f[i]) + __nvvm_f2i_rm(f[i]) + __nvvm_f2ull_rp(f[i]) + __nvvm_fabs_ftz_f(f[i]) +
         __nvvm_rsqrt_approx_ftz_f(f[i]) + __nvvm_round_f(f[i]) + __nvvm_trunc_ftz_f(f[i]);
  dv[i] = dv[i] * dv[i + 1] + (double2v){x, 1.0};
  iv[i] = (iv[i] >> 2) ^ iv[i + 1] | (int4v){t, n, 1, 2};
  sv[i] = sv[i] * sv[i + 1] - (short2v){(short)t, 3};
  c[i] = (unsigned char)(c[i] * c[i + 1] + (c[i] >> 3));
  sd[t & 63] = x;
  su[t & 63] = u[i];
  __syncthreads();
  b[i] = __nvvm_atom_cta_add_gen_i(b, t) + __nvvm_atom_sys_max_gen_i(b + 1, t) +
         __nvvm_atom_cta_cas_gen_i(b + 2, 0, t) + (int)__nvvm_atom_sys_add_gen_ll((long long *)u + 5, 1ll) +
         __nvvm_atom_inc_gen_ui((unsigned *)b + 3, 9u) + __nvvm_atom_dec_gen_ui((unsigned *)b + 4, 9u) +
         __nvvm_vote_any_sync(0xffffffffu, t & 3) + __nvvm_vote_all_sync(0xffffffffu, t > 2) +
         __nvvm_shfl_sync_up_i32(0xffffffffu, t, 1, 0) + (int)__nvvm_shfl_sync_idx_f32(0xffffffffu, (float)t, 0, 31) +
         __nvvm_read_ptx_sreg_laneid() + __nvvm_read_ptx_sreg_warpid() + (int)__nvvm_read_ptx_sreg_clock64() +
         collatz(n + t, 0);
  u[i] = __nvvm_atom_add_gen_ll((long long *)&su[(t + 1) & 63], 2ll) + __nvvm_atom_and_gen_ll((long long *)u + 6, 7ll) +
         (unsigned long long)__nvvm_atom_add_gen_d(&sd[(t + 2) & 63], 1.0);
  S3 r = combine(s[i], n);
  s[i + 1] = r;
  switch (n % 9) {
  case 0: b[i] += 3; break;
  case 1: b[i] *= 5; break;
  case 2: b[i] -= t; break;
  case 3: b[i] ^= 0x55; break;
  case 4: b[i] = ~b[i]; break;
  case 5: b[i] <<= 2; break;
  case 6: b[i] = -b[i]; break;
  default: break;
  }
  __nvvm_bar_warp_sync(0xffffffffu);
  __nvvm_membar_sys();
}
