// Seed: more instructions through inline asm, one per line (video, carry
// chains, memory-consistency qualifiers, more cvt / math forms).
#include <cuda_fp16.h>
#define A(...) asm volatile(__VA_ARGS__)
__global__ void asm_more(const int *in, int *out, float *f, double *dp, unsigned long long *p) {
  int a = in[threadIdx.x], b = in[threadIdx.x + 1], c = in[threadIdx.x + 2], d;
  float x = f[threadIdx.x], y = f[threadIdx.x + 1], z;
  double u = dp[0], v;
  unsigned long long l = p[0], m;
  unsigned short h;
  A("vsub.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[0] = d;
  A("vmin.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[1] = d;
  A("vmax.s32.s32.s32.max %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[2] = d;
  A("vabsdiff.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[3] = d;
  A("vshr.u32.u32.u32.wrap %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[4] = d;
  A("vset.u32.u32.lt %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[5] = d;
  A("vadd2.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[6] = d;
  A("vavrg2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[7] = d;
  A("vmin4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[8] = d;
  A("vsub4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[9] = d;
  A("add.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[10] = d;
  A("addc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[11] = d;
  A("sub.cc.u64 %0, %1, %1;" : "=l"(m) : "l"(l)); p[1] = m;
  A("subc.u64 %0, %1, %1;" : "=l"(m) : "l"(l)); p[2] = m;
  A("mad.hi.cc.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[12] = d;
  A("madc.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[13] = d;
  A("mul.hi.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[14] = d;
  A("rem.s64 %0, %1, %1;" : "=l"(m) : "l"(l)); p[3] = m;
  A("div.approx.ftz.f32 %0, %1, %2;" : "=f"(z) : "f"(x), "f"(y)); f[0] = z;
  A("div.rn.ftz.f32 %0, %1, %2;" : "=f"(z) : "f"(x), "f"(y)); f[1] = z;
  A("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(v) : "d"(u)); dp[1] = v;
  A("sqrt.rp.f64 %0, %1;" : "=d"(v) : "d"(u)); dp[2] = v;
  A("lg2.approx.ftz.f32 %0, %1;" : "=f"(z) : "f"(x)); f[2] = z;
  A("sin.approx.ftz.f32 %0, %1;" : "=f"(z) : "f"(x)); f[3] = z;
  A("fma.rm.ftz.sat.f32 %0, %1, %2, %0;" : "+f"(z) : "f"(x), "f"(y)); f[4] = z;
  A("mul.rz.ftz.f32 %0, %1, %2;" : "=f"(z) : "f"(x), "f"(y)); f[5] = z;
  A("add.rp.f64 %0, %1, %1;" : "=d"(v) : "d"(u)); dp[3] = v;
  A("min.ftz.NaN.f32 %0, %1, %2;" : "=f"(z) : "f"(x), "f"(y)); f[6] = z;
  A("abs.ftz.f32 %0, %1;" : "=f"(z) : "f"(x)); f[7] = z;
  A("neg.f64 %0, %1;" : "=d"(v) : "d"(u)); dp[4] = v;
  A("cvt.rn.relu.f16.f32 %0, %1;" : "=h"(h) : "f"(x)); out[15] = h;
  A("cvt.rni.sat.s8.f32 %0, %1;" : "=h"(h) : "f"(x)); out[16] = h;
  A("cvt.rzi.ftz.f32.f32 %0, %1;" : "=f"(z) : "f"(x)); f[8] = z;
  A("cvt.rn.f32.f64 %0, %1;" : "=f"(z) : "d"(u)); f[9] = z;
  A("cvt.sat.u8.s32 %0, %1;" : "=h"(h) : "r"(a)); out[17] = h;
  A("cvt.s64.s8 %0, %1;" : "=l"(m) : "h"(h)); p[4] = m;
  A("cvt.rp.f64.u64 %0, %1;" : "=d"(v) : "l"(l)); dp[5] = v;
  A("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x)); out[18] = h;
  A("cvt.f32.bf16 %0, %1;" : "=f"(z) : "h"(h)); f[10] = z;
  A("cvt.rna.satfinite.tf32.f32 %0, %1;" : "=r"(d) : "f"(x)); out[19] = d;
  A("ld.weak.global.u32 %0, [%1];" : "=r"(d) : "l"(in)); out[20] = d;
  A("ld.volatile.global.v2.u32 {%0, %1}, [%2];" : "=r"(d), "=r"(c) : "l"(in)); out[21] = d + c;
  A("ld.relaxed.sys.global.L1::evict_last.u64 %0, [%1];" : "=l"(m) : "l"(p)); p[5] = m;
  A("ld.global.cs.v4.f32 {%0, %1, %0, %1}, [%2];" : "=f"(z), "=f"(x) : "l"(f)); f[11] = z + x;
  A("st.mmio.relaxed.sys.global.u32 [%0], %1;" :: "l"(out + 22), "r"(a));
  A("st.global.L1::no_allocate.v2.f64 [%0], {%1, %1};" :: "l"(dp + 6), "d"(u));
  A("st.volatile.global.u8 [%0], %1;" :: "l"(out + 23), "h"(h));
  A("atom.global.noftz.add.f16 %0, [%1], %2;" : "=h"(h) : "l"(out), "h"(h)); out[24] = h;
  A("atom.global.v2.f32.add {%0, %1}, [%2], {%0, %1};" : "+f"(x), "+f"(y) : "l"(f)); f[12] = x + y;
  A("atom.release.gpu.global.or.b64 %0, [%1], %2;" : "=l"(m) : "l"(p), "l"(l)); p[6] = m;
  A("red.global.add.noftz.bf16x2 [%0], %1;" :: "l"(out), "r"(a));
  A("red.release.sys.global.xor.b32 [%0], %1;" :: "l"(out), "r"(a));
  A("fence.sc.sys;");
  A("fence.acquire.sync_restrict::shared::cluster.cluster;");
  A("membar.cta;");
  A("mbarrier.complete_tx.shared::cta.b64 [%0], 16;" :: "r"((unsigned)__cvta_generic_to_shared(out)));
  A("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(d) : "r"(a)); out[25] = d;
  A("{\n\t.reg .pred %%q;\n\tvote.sync.uni.pred %%q, 1, 0xffffffff;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(d)); out[30] = d;
  A("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %4, %4, %4}, {%4, %4}, {%0, %1, %2, %3};"
    : "+f"(x), "+f"(y), "+f"(z), "+f"(f[14]) : "r"(a));
  A("prefetch.local.L1 [%0];" :: "l"(in));
  A("prefetch.global.L2::evict_normal [%0];" :: "l"(in));
  A("{\n\t.reg .pred %%q;\n\tisspacep.const %%q, %1;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(d) : "l"(in)); out[31] = d;
  A("cvta.to.shared.u64 %0, %1;" : "=l"(m) : "l"(l)); p[8] = m;
  A("mov.u32 %0, %%warpid;" : "=r"(d)); out[27] = d;
  A("mov.u32 %0, %%total_smem_size;" : "=r"(d)); out[28] = d;
  A("mov.u64 %0, %%clock64;" : "=l"(m)); p[7] = m;
}
