// Held-out seed: inline PTX of less common instructions and qualifier combinations
// (sm_90a / sm_100a).
#include <cstdint>
__global__ void asm_alu(const float *f, const double *d, const unsigned *u, unsigned long long *o, float *of) {
  int i = threadIdx.x;
  float x = f[i], y = f[i + 32];
  double p = d[i], q = d[i + 32];
  unsigned a = u[i], b = u[i + 32];
  unsigned r0, r1, r2, r3;
  unsigned long long w;
  float g0, g1;
  double e0;
  unsigned short h0, h1;
  asm("{ .reg .pred p, q;\n\t"
      "testp.normal.f32 p, %4;\n\t"
      "testp.infinite.f64 q, %5;\n\t"
      "selp.b32 %0, 1, 2, p;\n\t"
      "selp.b32 %1, %6, %7, q;\n\t"
      "setp.gtu.ftz.and.f32 p, %4, 0f3F800000, q;\n\t"
      "set.le.u32.f64 %2, %5, 0d3FF0000000000000;\n\t"
      "@p bfind.shiftamt.u32 %3, %6;\n\t}"
      : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "f"(x), "d"(p), "r"(a), "r"(b));
  asm("mul.wide.s16 %0, %2, %3;\n\tmad.wide.u16 %1, %2, %3, %0;" : "=r"(r0), "=r"(r1) : "h"((unsigned short)a), "h"((unsigned short)b));
  asm("mul.hi.u16 %0, %2, %3;\n\tmul.lo.s16 %1, %2, %3;" : "=h"(h0), "=h"(h1) : "h"((unsigned short)a), "h"((unsigned short)b));
  asm("clz.b64 %0, %1;" : "=r"(r2) : "l"((unsigned long long)a << 9));
  asm("popc.b64 %0, %1;" : "=r"(r3) : "l"((unsigned long long)b * a));
  asm("brev.b64 %0, %1;" : "=l"(w) : "l"((unsigned long long)b));
  asm("bfe.s64 %0, %0, %1, %2;" : "+l"(w) : "r"(a & 31), "r"(b & 31));
  asm("bfi.b64 %0, %1, %0, 5, 11;" : "+l"(w) : "l"((unsigned long long)a));
  asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(r0) : "r"(a), "r"(b), "r"(r0));
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r1) : "r"(a), "r"(b), "r"(r1));
  asm("{ .reg .u32 t;\n\tsad.u32 t, %1, %2, %0;\n\tmad.hi.sat.s32 %0, t, %1, %2;\n\t}" : "+r"(r2) : "r"(a), "r"(b));
  asm("{ .reg .u32 c;\n\tadd.cc.u32 c, %1, %2;\n\taddc.cc.u32 %0, %1, 0;\n\tsubc.u32 %0, %0, c;\n\t}" : "=r"(r3) : "r"(a), "r"(b));
  asm("div.full.f32 %0, %1, %2;" : "=f"(g0) : "f"(x), "f"(y));
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(e0) : "d"(q));
  asm("sqrt.approx.ftz.f32 %0, %1;\n\tlg2.approx.f32 %1, %0;" : "=f"(g1), "+f"(x));
  asm("fma.rn.ftz.sat.f32 %0, %1, %2, %0;" : "+f"(g0) : "f"(x), "f"(y));
  asm("max.NaN.xorsign.abs.f32 %0, %1, %2;" : "=f"(g1) : "f"(g1), "f"(y));
  asm("min.ftz.NaN.f32 %0, %0, %1;" : "+f"(g0) : "f"(x));
  asm("add.rm.ftz.f32 %0, %0, %1;\n\tsub.rp.f64 %2, %2, %3;" : "+f"(g0), "+f"(y), "+d"(e0) : "d"(p));
  asm("cvt.rpi.ftz.f32.f32 %0, %0;\n\tcvt.rmi.f64.f64 %1, %1;" : "+f"(g1), "+d"(e0));
  asm("cvt.rzi.sat.u8.f64 %0, %1;" : "=h"(h0) : "d"(p));
  asm("cvt.rni.sat.s16.f32 %0, %1;" : "=h"(h1) : "f"(x));
  asm("cvt.s64.s16 %0, %1;" : "=l"(w) : "h"(h1));
  asm("cvt.u8.u64 %0, %1;" : "=h"(h0) : "l"(w));
  asm("copysign.f64 %0, %1, %0;" : "+d"(e0) : "d"(q));
  asm("{ .reg .b16 lo, hi;\n\tmov.b32 {lo, hi}, %1;\n\tmov.b32 %0, {hi, lo};\n\t}" : "=r"(r0) : "r"(r0));
  asm("{ .reg .b32 x0, x1;\n\tmov.b64 {x0, x1}, %1;\n\tmov.b64 %0, {x1, x0};\n\t}" : "=l"(w) : "l"(w));
  asm("cvt.rna.satfinite.tf32.f32 %0, %1;" : "=r"(r1) : "f"(x));
  asm("cvt.rn.satfinite.relu.f16x2.f32 %0, %1, %2;" : "=r"(r2) : "f"(x), "f"(y));
  asm("cvt.rz.relu.bf16x2.f32 %0, %1, %2;" : "=r"(r3) : "f"(x), "f"(y));
  asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(h0) : "f"(x), "f"(y));
  asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(r0) : "h"(h0));
  asm("fma.rn.sat.f16x2 %0, %1, %2, %0;" : "+r"(r1) : "r"(r2), "r"(r3));
  asm("fma.rn.relu.bf16x2 %0, %1, %2, %0;" : "+r"(r2) : "r"(r1), "r"(r3));
  asm("max.NaN.f16x2 %0, %1, %2;\n\tmin.bf16x2 %1, %0, %2;" : "+r"(r3), "+r"(r1) : "r"(r2));
  asm("ex2.approx.f16x2 %0, %0;\n\ttanh.approx.f16x2 %1, %1;" : "+r"(r0), "+r"(r1));
  asm("neg.bf16x2 %0, %0;\n\tabs.ftz.f16x2 %1, %1;" : "+r"(r2), "+r"(r3));
  asm("{ .reg .pred p, q;\n\tsetp.geu.f16x2 p|q, %1, %2;\n\tselp.b32 %0, 1, 0, q;\n\t}" : "+r"(r0) : "r"(r1), "r"(r2));
  asm("set.ltu.u32.f16x2 %0, %1, %2;" : "=r"(r1) : "r"(r2), "r"(r3));
  o[i] = w + r0 + r1 + r2 + r3 + h0 + h1 + (unsigned long long)e0;
  of[i] = g0 + g1 + x + y;
}
__global__ void asm_mem(float *gf, unsigned *gu, unsigned long long *gl, const float4 *in, float *out) {
  __shared__ alignas(16) unsigned s[256];
  __shared__ alignas(8) unsigned long long bar;
  int i = threadIdx.x;
  float4 v;
  unsigned a, b, c;
  unsigned long long l;
  asm volatile("ld.global.nc.L1::evict_last.L2::128B.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(in + i));
  asm volatile("ld.relaxed.sys.global.L1::evict_first.u32 %0, [%1];" : "=r"(a) : "l"(gu + i));
  asm volatile("ld.acquire.cta.shared.u32 %0, [%1];" : "=r"(b) : "r"((unsigned)__cvta_generic_to_shared(&s[i])));
  asm volatile("ld.volatile.global.v2.u32 {%0, %1}, [%2+8];" : "=r"(b), "=r"(c) : "l"(gu + i));
  asm volatile("ld.global.lu.u64 %0, [%1];" : "=l"(l) : "l"(gl + i));
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(gu + i + 64), "r"(a));
  asm volatile("st.relaxed.cta.shared.v2.u32 [%0], {%1, %2};" :: "r"((unsigned)__cvta_generic_to_shared(&s[(2 * i) & 255])), "r"(a), "r"(b));
  asm volatile("st.global.wt.f32 [%0], %1;" :: "l"(gf + i), "f"(v.x));
  asm volatile("st.global.L1::no_allocate.v2.f32 [%0], {%1, %2};" :: "l"(gf + 2 * i + 64), "f"(v.y), "f"(v.z));
  asm volatile("prefetch.global.L2::evict_normal [%0];" :: "l"(gl + i + 32));
  asm volatile("prefetch.local.L1 [%0];" :: "l"(gl));
  asm volatile("{ .reg .pred p;\n\tisspacep.local p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(c) : "l"(gf));
  asm volatile("{ .reg .u64 t;\n\tcvta.to.global.u64 t, %1;\n\tcvta.global.u64 %0, t;\n\t}" : "=l"(l) : "l"(gl));
  asm volatile("atom.global.gpu.acq_rel.exch.b64 %0, [%1], %0;" : "+l"(l) : "l"(gl + 8));
  asm volatile("atom.shared.cta.relaxed.inc.u32 %0, [%1], 17;" : "=r"(a) : "r"((unsigned)__cvta_generic_to_shared(&s[i & 7])));
  asm volatile("atom.global.sys.release.cas.b32 %0, [%1], %2, %3;" : "=r"(b) : "l"(gu + 3), "r"(a), "r"(c));
  asm volatile("atom.global.add.noftz.f16x2 %0, [%1], %0;" : "+r"(c) : "l"(gu + 5));
  asm volatile("atom.global.v4.f32.add {%0, %1, %2, %3}, [%4], {%0, %1, %2, %3};" : "+f"(v.x), "+f"(v.y), "+f"(v.z), "+f"(v.w) : "l"(gf + 128));
  asm volatile("red.global.gpu.relaxed.max.s64 [%0], %1;" :: "l"(gl + 9), "l"(l));
  asm volatile("red.shared.cta.or.b32 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&s[7])), "r"(c));
  asm volatile("red.global.add.noftz.bf16x2 [%0], %1;" :: "l"(gu + 11), "r"(a));
  asm volatile("{ .reg .b128 t;\n\tmov.b128 t, {%0, %1};\n\tatom.global.cas.b128 t, [%2], t, t;\n\tmov.b128 {%0, %1}, t;\n\t}" : "+l"(l), "+l"(l) : "l"(gl + 16));
  unsigned sb = (unsigned)__cvta_generic_to_shared(&bar);
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(sb), "r"(32));
  asm volatile("fence.mbarrier_init.release.cluster;");
  asm volatile("{ .reg .b64 st;\n\tmbarrier.arrive.expect_tx.release.cta.shared::cta.b64 st, [%0], 64;\n\t}" :: "r"(sb));
  asm volatile("{ .reg .pred p;\n\tW: mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%0], 0, 1000;\n\t@!p bra W;\n\t}" :: "r"(sb));
  asm volatile("{ .reg .pred p;\n\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], 1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(c) : "r"(sb));
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];" :: "r"(sb));
  asm volatile("prefetch.tensormap [%0];" :: "l"(gl + 40));
  asm volatile("cp.async.bulk.prefetch.L2.global.L2::cache_hint [%0], 256, %1;" :: "l"(gf + 256), "l"(l));
  asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.min.u32 [%0], [%1], 64;" :: "l"(gu + 256), "r"((unsigned)__cvta_generic_to_shared(s)));
  asm volatile("cp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;");
  asm volatile("fence.proxy.async.global;\n\tfence.acq_rel.cluster;\n\tfence.sc.cta;");
  asm volatile("membar.cta;\n\tmembar.proxy.alias;" ::: "memory");
  asm volatile("{ .reg .pred p;\n\tvote.sync.all.pred p, 1, 0xffffffff;\n\t@p nanosleep.u32 %0;\n\t}" :: "r"(a & 1023));
  asm volatile("redux.sync.max.u32 %0, %0, 0xffffffff;" : "+r"(b));
  asm volatile("match.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(c) : "l"(l));
  asm volatile("shfl.sync.bfly.b32 %0, %0, 1, 0x1f, 0xffffffff;" : "+r"(a));
  asm volatile("{ .reg .pred p;\n\tshfl.sync.idx.b32 %0|p, %0, 2, 0x1f, 0xffffffff;\n\t}" : "+r"(b));
  out[i] = v.x + v.y + v.z + v.w + (float)(a + b + c + l) + s[i];
}
__global__ void asm_sm100(float *gf, unsigned *gu, unsigned long long *gl, float *out) {
#if __CUDA_ARCH__ >= 1000
  int i = threadIdx.x;
  float a0, a1, a2, a3, a4, a5, a6, a7;
  asm volatile("ld.global.L2::evict_last.v8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
               : "=f"(a0), "=f"(a1), "=f"(a2), "=f"(a3), "=f"(a4), "=f"(a5), "=f"(a6), "=f"(a7) : "l"(gf + 8 * i));
  asm volatile("st.global.v8.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8};"
               :: "l"(gf + 8 * i + 1024), "f"(a7), "f"(a6), "f"(a5), "f"(a4), "f"(a3), "f"(a2), "f"(a1), "f"(a0));
  unsigned short q;
  unsigned r;
  asm("{ .reg .b8 t;\n\tcvt.rn.satfinite.e2m1x2.f32 t, %1, %2;\n\tcvt.rn.f16x2.e2m1x2 %0, t;\n\t}" : "=r"(r) : "f"(a0), "f"(a1));
  q = (unsigned short)r;
  r += q;
  asm("cvt.rs.satfinite.relu.f16x2.f32 %0, %1, %2, %3;" : "=r"(r) : "f"(a2), "f"(a3), "r"(r));
  asm("redux.sync.max.abs.NaN.f32 %0, %0, 0xffffffff;" : "+f"(a4));
  asm("add.rz.ftz.f32x2 %0, %0, %1;" : "+l"(*gl) : "l"(gl[1]));
  asm("fma.rm.f32x2 %0, %0, %1, %0;" : "+l"(gl[2]) : "l"(gl[3]));
  out[i] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + r;
#endif
}
