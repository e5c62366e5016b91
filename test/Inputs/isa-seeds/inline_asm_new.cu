// Seed: sm_90a / sm_100a instructions through inline asm, one per line
// (wgmma, mbarrier phases, bulk copies without tensor maps, tcgen05 allocation,
// f32x2 / bf16 arithmetic, fp4/fp6/fp8 conversions, multimem, clusters).
#define A(...) asm volatile(__VA_ARGS__)
__global__ void __cluster_dims__(2, 1, 1) asm_sm90(unsigned *g, float *f, unsigned long long *p) {
  __shared__ __align__(128) unsigned long long bar[4];
  __shared__ __align__(128) float buf[1024];
  unsigned sb = (unsigned)__cvta_generic_to_shared(bar), sf = (unsigned)__cvta_generic_to_shared(buf);
  unsigned a = g[threadIdx.x], d;
  unsigned long long st, desc = p[0];
  float x = f[threadIdx.x], y = f[threadIdx.x + 1];
  A("mbarrier.init.shared::cta.b64 [%0], 128;" :: "r"(sb));
  A("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], 64;" :: "r"(sb));
  A("mbarrier.arrive.expect_tx.shared::cta.b64 %0, [%1], 64;" : "=l"(st) : "r"(sb)); p[1] = st;
  A("mbarrier.arrive.release.cluster.shared::cta.b64 %0, [%1], 1;" : "=l"(st) : "r"(sb)); p[2] = st;
  A("mbarrier.arrive_drop.shared::cta.b64 %0, [%1];" : "=l"(st) : "r"(sb)); p[3] = st;
  A("{\n\t.reg .pred %%q;\n\tmbarrier.try_wait.parity.shared::cta.b64 %%q, [%1], %2;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(d) : "r"(sb), "r"(a)); g[1] = d;
  A("{\n\t.reg .pred %%q;\n\tmbarrier.test_wait.shared::cta.b64 %%q, [%1], %2;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(d) : "r"(sb), "l"(st)); g[2] = d;
  A("mbarrier.pending_count.b64 %0, %1;" : "=r"(d) : "l"(st)); g[3] = d;
  A("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];" :: "r"(sf), "l"(f), "r"(sb));
  A("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 256;" :: "l"(f), "r"(sf));
  A("cp.async.bulk.prefetch.L2.global [%0], 256;" :: "l"(f));
  A("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], 256;" :: "l"(f), "r"(sf));
  A("cp.async.bulk.commit_group;");
  A("cp.async.bulk.wait_group 0;");
  A("fence.proxy.async.shared::cta;");
  A("fence.proxy.async.global;");
  A("ld.shared::cluster.u32 %0, [%1];" : "=r"(d) : "r"(sf)); g[4] = d;
  A("st.shared::cluster.u32 [%0], %1;" :: "r"(sf), "r"(a));
  A("atom.shared::cluster.add.u32 %0, [%1], %2;" : "=r"(d) : "r"(sf), "r"(a)); g[5] = d;
  A("red.relaxed.cluster.shared::cluster.add.u32 [%0], %1;" :: "r"(sf), "r"(a));
  A("ld.acquire.cluster.shared::cluster.u32 %0, [%1];" : "=r"(d) : "r"(sf)); g[6] = d;
  A("mov.u32 %0, %%cluster_ctarank;" : "=r"(d)); g[7] = d;
  A("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(d)); g[8] = d;
  A("{\n\t.reg .pred %%q;\n\tmov.pred %%q, %%is_explicit_cluster;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(d)); g[10] = d;
  A("barrier.cluster.arrive.release;");
  A("barrier.cluster.wait.acquire;");
  A("add.rn.bf16 %0, %1, %1;" : "=h"(*(unsigned short *)&g[11]) : "h"((unsigned short)a));
  A("fma.rn.bf16x2 %0, %1, %1, %1;" : "=r"(d) : "r"(a)); g[12] = d;
  A("min.NaN.bf16x2 %0, %1, %1;" : "=r"(d) : "r"(a)); g[13] = d;
  A("neg.bf16 %0, %1;" : "=h"(*(unsigned short *)&g[14]) : "h"((unsigned short)a));
  A("ex2.approx.ftz.bf16x2 %0, %1;" : "=r"(d) : "r"(a)); g[15] = d;
  A("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(*(unsigned short *)&g[16]) : "f"(x), "f"(y));
  A("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(d) : "h"((unsigned short)a)); g[17] = d;
#if __CUDA_ARCH__ < 1000
  A("wgmma.fence.sync.aligned;");
  float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  A("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;"
    : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3) : "l"(desc), "l"(desc));
  A("wgmma.commit_group.sync.aligned;");
  A("wgmma.wait_group.sync.aligned 0;");
  f[0] = c0 + c1 + c2 + c3;
#endif
  A("multimem.st.relaxed.sys.global.f32 [%0], %1;" :: "l"(f), "f"(x));
  A("multimem.red.relaxed.sys.global.add.u32 [%0], %1;" :: "l"(g), "r"(a));
  A("setmaxnreg.dec.sync.aligned.u32 64;");
  A("griddepcontrol.launch_dependents;");
  A("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %1, %1, %1};" :: "r"(sf), "r"(a));
  A("{\n\t.reg .pred %%q;\n\telect.sync _|%%q, 0xffffffff;\n\t}" :: "r"(a));
}
#if __CUDA_ARCH__ >= 1000
__global__ void asm_sm100(unsigned *g, float *f, unsigned long long *p) {
  __shared__ unsigned taddr;
  __shared__ __align__(16) float buf[256];
  unsigned sa = (unsigned)__cvta_generic_to_shared(&taddr), sf = (unsigned)__cvta_generic_to_shared(buf);
  unsigned a = g[threadIdx.x], d;
  float x = f[threadIdx.x], y = f[threadIdx.x + 1];
  unsigned long long v = p[0], w;
  A("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;" :: "r"(sa));
  A("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;");
  A("tcgen05.fence::before_thread_sync;");
  A("tcgen05.fence::after_thread_sync;");
  A("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" :: "r"(taddr));
  A("tcgen05.wait::ld.sync.aligned;");
  A("tcgen05.wait::st.sync.aligned;");
  A("add.rn.f32x2 %0, %1, %1;" : "=l"(w) : "l"(v)); p[1] = w;
  A("fma.rz.f32x2 %0, %1, %1, %1;" : "=l"(w) : "l"(v)); p[2] = w;
  A("mul.rn.ftz.f32x2 %0, %1, %1;" : "=l"(w) : "l"(v)); p[3] = w;
  A("{\n\t.reg .b8 %%t;\n\tcvt.rn.satfinite.e2m1x2.f32 %%t, %1, %2;\n\tst.global.b8 [%0], %%t;\n\t}" :: "l"(g + 1), "f"(x), "f"(y));
  A("cvt.rn.satfinite.relu.e3m2x2.f32 %0, %1, %2;" : "=h"(*(unsigned short *)&g[2]) : "f"(x), "f"(y));
  A("cvt.rs.satfinite.f16x2.f32 %0, %1, %2, %3;" : "=r"(d) : "f"(x), "f"(y), "r"(a)); g[3] = d;
  A("redux.sync.max.abs.NaN.f32 %0, %1, 0xffffffff;" : "=f"(x) : "f"(y)); f[1] = x;
  A("ld.global.nc.L1::no_allocate.v8.f32 {%0,%1,%0,%1,%0,%1,%0,%1}, [%2];" : "=f"(x), "=f"(y) : "l"(f)); f[2] = x + y;
  A("st.global.v4.b64 [%0], {%1, %1, %1, %1};" :: "l"(p + 8), "l"(v));
  A("st.bulk.weak.shared::cta [%0], 64, 0;" :: "r"(sf));
  A("{\n\t.reg .pred %%q;\n\t.reg .b128 %%h;\n\tmov.b128 %%h, {%1, %1};\n\tclusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %%q, %%h;\n\tselp.u32 %0, 1, 0, %%q;\n\t}" : "=r"(d) : "l"(v)); g[5] = d;
  A("tensormap.replace.tile.global_address.global.b1024.b64 [%0], %1;" :: "l"(p), "l"(v));
}
#endif
