// Seed: instructions nvcc seldom emits on its own, through inline asm (one
// instruction per asm statement so that each gets its own PTX line).
#include <cuda_fp16.h>
#define A(...) asm volatile(__VA_ARGS__)
__global__ void asm_int(const int *in, int *out, unsigned long long *p) {
  int a = in[threadIdx.x], b = in[threadIdx.x + 1], c = in[threadIdx.x + 2], d;
  long long l = p[0], m;
  A("bfe.u32 %0, %1, 4, 8;" : "=r"(d) : "r"(a)); out[0] = d;
  A("bfe.s64 %0, %1, %2, 8;" : "=l"(m) : "l"(l), "r"(b)); p[1] = m;
  A("bfi.b32 %0, %1, %2, 3, 5;" : "=r"(d) : "r"(a), "r"(b)); out[1] = d;
  A("bmsk.clamp.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[2] = d;
  A("szext.wrap.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[3] = d;
  A("fns.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[4] = d;
  A("mul24.lo.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[5] = d;
  A("mad24.hi.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[6] = d;
  A("mul.hi.u64 %0, %1, %1;" : "=l"(m) : "l"(l)); p[2] = m;
  A("mad.wide.s32 %0, %1, %2, %3;" : "=l"(m) : "r"(a), "r"(b), "l"(l)); p[3] = m;
  A("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[7] = d;
#if __CUDA_ARCH__ >= 900
  A("min.relu.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[8] = d;
  A("max.u16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[9] = d;
#endif
  A("add.sat.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[10] = d;
  A("sub.sat.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[11] = d;
  A("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[12] = d;
  A("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[13] = d;
  A("cnot.b32 %0, %1;" : "=r"(d) : "r"(a)); out[14] = d;
  A("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[15] = d;
  A("vadd.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[16] = d;
  A("vmad.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[17] = d;
  A("vset2.u32.u32.ne %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[18] = d;
  A("vshl.u32.u32.u32.clamp %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); out[19] = d;
  A("{\n\t.reg .pred %%q;\n\tsetp.ne.s32 %%q, %1, 0;\n\tselp.s32 %0, 1, 2, %%q;\n\t}" : "=r"(d) : "r"(a)); out[20] = d;
  A("slct.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[21] = d;
  A("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); out[22] = d;
}
__global__ void asm_float(const float *in, float *out, double *dp) {
  float a = in[threadIdx.x], b = in[threadIdx.x + 1], c = in[threadIdx.x + 2], d;
  double x = dp[0], y;
  unsigned u;
  unsigned short h;
  A("tanh.approx.f32 %0, %1;" : "=f"(d) : "f"(a)); out[0] = d;
  A("ex2.approx.ftz.f32 %0, %1;" : "=f"(d) : "f"(a)); out[1] = d;
  A("min.NaN.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b)); out[2] = d;
  A("max.xorsign.abs.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b)); out[3] = d;
  A("fma.rn.sat.f32 %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c)); out[4] = d;
  A("{\n\t.reg .pred %%q;\n\ttestp.notanumber.f32 %%q, %1;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(u) : "f"(a)); out[19] = u;
  A("cvt.rna.tf32.f32 %0, %1;" : "=r"(u) : "f"(a)); out[5] = __int_as_float(u);
  A("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(u) : "f"(a), "f"(b)); out[6] = __int_as_float(u);
  A("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(u) : "f"(a), "f"(b)); out[7] = __int_as_float(u);
  A("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); out[8] = h;
  A("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(u) : "h"(h)); out[9] = __int_as_float(u);
  A("fma.rn.relu.f16x2 %0, %1, %1, %1;" : "=r"(u) : "r"(u)); out[10] = __int_as_float(u);
  A("ex2.approx.f16x2 %0, %1;" : "=r"(u) : "r"(u)); out[11] = __int_as_float(u);
  A("tanh.approx.f16 %0, %1;" : "=h"(h) : "h"(h)); out[12] = h;
  A("copysign.f64 %0, %1, %2;" : "=d"(y) : "d"(x), "d"(x)); dp[1] = y;
  A("div.full.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b)); out[13] = d;
  A("sqrt.approx.ftz.f32 %0, %1;" : "=f"(d) : "f"(a)); out[14] = d;
  A("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x)); dp[2] = y;
  A("cvt.rzi.s32.f64 %0, %1;" : "=r"(u) : "d"(x)); out[15] = u;
  A("set.lt.ftz.u32.f32 %0, %1, %2;" : "=r"(u) : "f"(a), "f"(b)); out[16] = u;
  A("mov.b64 {%0, %1}, %2;" : "=r"(u), "=r"(u) : "d"(x)); out[17] = u;
  A("mov.b32 %0, {%1, %1};" : "=r"(u) : "h"(h)); out[18] = u;
}
__global__ void asm_mem(int *g, unsigned long long *p, const float4 *f4) {
  __shared__ int s[128];
  int a = g[threadIdx.x], d;
  unsigned long long pol;
  A("ld.global.L1::evict_last.u32 %0, [%1];" : "=r"(d) : "l"(g)); g[1] = d;
  A("ld.global.nc.L1::no_allocate.L2::256B.b32 %0, [%1];" : "=r"(d) : "l"(g)); g[2] = d;
  A("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(d) : "l"(g)); g[3] = d;
  A("ld.acquire.sys.global.u32 %0, [%1];" : "=r"(d) : "l"(g)); g[4] = d;
  A("ld.volatile.shared.u32 %0, [%1];" : "=r"(d) : "r"((unsigned)__cvta_generic_to_shared(s))); g[5] = d;
  A("st.release.cta.global.u32 [%0], %1;" :: "l"(g + 6), "r"(a));
  A("st.global.wt.v2.u32 [%0], {%1, %1};" :: "l"(g + 8), "r"(a));
  A("ldu.global.u32 %0, [%1];" : "=r"(d) : "l"(g)); g[10] = d;
  A("prefetch.global.L2 [%0];" :: "l"(g));
  A("prefetch.global.L2::evict_last [%0];" :: "l"(g));
  A("prefetchu.L1 [%0];" :: "l"(g));
  A("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol)); p[0] = pol;
  A("ld.global.L2::cache_hint.u32 %0, [%1], %2;" : "=r"(d) : "l"(g), "l"(pol)); g[11] = d;
  A("applypriority.global.L2::evict_normal [%0], 128;" :: "l"(g));
  A("discard.global.L2 [%0], 128;" :: "l"(g));
  A("red.global.add.u32 [%0], %1;" :: "l"(g + 12), "r"(a));
  A("red.relaxed.gpu.global.max.s32 [%0], %1;" :: "l"(g + 13), "r"(a));
  A("atom.global.cas.b64 %0, [%1], %0, %0;" : "+l"(pol) : "l"(p)); p[1] = pol;
  A("atom.acq_rel.sys.global.exch.b32 %0, [%1], %2;" : "=r"(d) : "l"(g), "r"(a)); g[14] = d;
  A("atom.shared.inc.u32 %0, [%1], 7;" : "=r"(d) : "r"((unsigned)__cvta_generic_to_shared(s))); g[15] = d;
  A("{\n\t.reg .pred %%q;\n\tisspacep.shared %%q, %1;\n\tselp.s32 %0, 1, 0, %%q;\n\t}" : "=r"(d) : "l"(g)); g[16] = d;
  A("cvta.shared.u64 %0, %1;" : "=l"(pol) : "l"(pol)); p[2] = pol;
  A("mov.u64 %0, %%globaltimer;" : "=l"(pol)); p[3] = pol;
  A("mov.u32 %0, %%nsmid;" : "=r"(d)); g[17] = d;
  A("mov.u32 %0, %%dynamic_smem_size;" : "=r"(d)); g[18] = d;
  A("membar.sys;");
  A("fence.sc.cluster;");
  A("fence.acq_rel.gpu;");
  A("fence.proxy.alias;");
  A("brkpt;");
  A("pmevent 3;");
  A("pmevent.mask 0x8;");
  A("exit;");
}
__global__ void asm_warp(int *g, float *f) {
  int a = g[threadIdx.x], d;
  unsigned m;
  float x = f[threadIdx.x];
  A("shfl.sync.idx.b32 %0, %1, 3, 0x1f, 0xffffffff;" : "=r"(d) : "r"(a)); g[0] = d;
  A("vote.sync.ballot.b32 %0, 1, 0xffffffff;" : "=r"(m)); g[1] = m;
  A("{\n\t.reg .pred %%q;\n\tvote.sync.any.pred %%q, 1, 0xffffffff;\n\tselp.s32 %0, 1, 0, %%q;\n\t}" : "=r"(d)); g[2] = d;
  A("match.all.sync.b32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(a)); g[3] = d;
  A("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(a)); g[4] = d;
  A("activemask.b32 %0;" : "=r"(m)); g[5] = m;
  A("bar.warp.sync 0xffffffff;");
  A("barrier.sync.aligned 1, 64;");
  A("bar.arrive 2, 64;");
  A("barrier.arrive 3, 96;");
  A("{\n\t.reg .pred %%q;\n\tsetp.ne.s32 %%q, %1, 0;\n\tbar.red.and.pred %%q, 4, %%q;\n\tselp.s32 %0, 1, 0, %%q;\n\t}" : "=r"(d) : "r"(a)); g[7] = d;
#if __CUDA_ARCH__ >= 800
  A("redux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(a)); g[6] = d;
#endif
#if __CUDA_ARCH__ >= 1000
  A("redux.sync.min.abs.NaN.f32 %0, %1, 0xffffffff;" : "=f"(x) : "f"(x)); f[0] = x;
#endif
}
__global__ void asm_tensor(const unsigned *a, float *c) {
  unsigned r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3];
  float d0, d1, d2, d3;
  A("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%4,%5}, {%8,%8,%8,%8};"
    : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "f"(0.f));
  c[0] = d0 + d1 + d2 + d3;
  double e0 = c[4], e1 = c[5];
  A("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%2}, {%0,%1};" : "+d"(e0), "+d"(e1) : "d"((double)c[6]));
  c[7] = e0 + e1;
  A("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%0,%1,%2,%3}, {%0,%1}, {%0,%1,%2,%3};"
    : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3));
  __shared__ unsigned short sm[256];
  unsigned sa = (unsigned)__cvta_generic_to_shared(sm);
  A("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(sa));
  A("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(r0) : "r"(r1));
#if __CUDA_ARCH__ >= 900
  A("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};" :: "r"(sa), "r"(r0), "r"(r1));
  A("{\n\t.reg .pred %%q;\n\telect.sync %0|%%q, 0xffffffff;\n\t}" : "=r"(r2));
  A("getctarank.shared::cluster.u32 %0, %1;" : "=r"(r3) : "r"(sa));
  A("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(r3) : "r"(sa));
  A("barrier.cluster.arrive.relaxed.aligned;");
  A("barrier.cluster.wait.aligned;");
  A("fence.mbarrier_init.release.cluster;");
  A("cp.async.bulk.commit_group;");
  A("cp.async.bulk.wait_group.read 0;");
  A("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%0];" :: "r"(sa), "r"(r0));
  A("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%0];" :: "r"(sa), "r"(r0));
  A("multimem.ld_reduce.relaxed.sys.global.add.u32 %0, [%1];" : "=r"(r3) : "l"(c));
#endif
#if __CUDA_ARCH__ >= 1000
  A("ld.global.nc.v8.f32 {%0,%1,%2,%3,%0,%1,%2,%3}, [%4];" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "l"(c));
#endif
  A("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(sa), "l"(a));
  A("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, 8;" :: "r"(sa), "l"(a));
  A("cp.async.commit_group;");
  A("cp.async.wait_group 0;");
  A("cp.async.wait_all;");
  A("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :: "r"(sa));
  A("{\n\t.reg .b64 %%s;\n\tmbarrier.arrive.shared.b64 %%s, [%0];\n\t}" :: "r"(sa));
  A("mbarrier.init.shared.b64 [%0], 32;" :: "r"(sa));
  A("mbarrier.inval.shared.b64 [%0];" :: "r"(sa));
  c[1] = d0 + r0 + r1 + r2 + r3;
}
__global__ void asm_control(const int *in, int *out) {
  int a = in[threadIdx.x], r;
  A("{\n .reg .pred %%q;\n setp.lt.u32 %%q, %1, 3;\n @%%q bra.uni L_go;\n mov.u32 %0, 0;\n bra.uni L_end;\n"
    "L_go:\n ts: .branchtargets L0, L1, L2;\n brx.idx %1, ts;\n L0: mov.u32 %0, 10;\n bra.uni L_end;\n"
    " L1: mov.u32 %0, 20;\n bra.uni L_end;\n L2: mov.u32 %0, 30;\n L_end:\n}" : "=r"(r) : "r"(a));
  out[0] = r;
  A("{\n .reg .b64 %%sp;\n stacksave.u64 %%sp;\n alloca.u64 %%sp, 64, 16;\n stackrestore.u64 %%sp;\n}" :: "r"(a));
  A("nanosleep.u32 20;");
  A("trap;");
}
