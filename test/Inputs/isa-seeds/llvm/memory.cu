// Seed for the ISA campaign, compiled by clang-14 (no CUDA headers) to LLVM IR
// (memory.ll) and by llc-14 to PTX (see ../gen.sh).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
typedef int int4v __attribute__((ext_vector_type(4)));
typedef float float2v __attribute__((ext_vector_type(2)));
struct Pair { int a; double b; char c[3]; };
__constant__ int table[32];
__device__ float gbuf[64];
extern "C" __device__ __attribute__((noinline)) Pair mk(Pair p, int k) {
  p.a += k; p.b *= k; p.c[1] = (char)k; return p;
}
extern "C" __global__ void memory(const int4v *__restrict__ in, int4v *out, float2v *f2,
                                  unsigned char *c, Pair pp, const float *__restrict__ g) {
  __shared__ float sh[64];
  int i = __nvvm_read_ptx_sreg_tid_x();
  int loc[24];
  for (int k = 0; k < 24; ++k) loc[k] = table[(k + i) & 31] * k;
  int4v v = __nvvm_ldg_i4(in + i);
  out[i] = v + in[i + 1] + loc[v.x & 15];
  sh[i & 63] = __nvvm_ldg_f(g + i) + gbuf[i & 63];
  __syncthreads();
  f2[i] = f2[i] * sh[(i + 5) & 63];
  c[i] = (unsigned char)(c[i] * 3 + c[i + 1] / 5);
  Pair r = mk(pp, i);
  out[i + 64].y = r.a + (int)r.b + r.c[1];
  gbuf[i & 63] = (float)loc[i % 24];
  __nvvm_atom_cta_add_gen_i((int *)c, 1);
  __nvvm_atom_sys_add_gen_f((float *)(c + 16), 1.f);
}
