// Held-out seed: atomics on shared and global memory through cuda::atomic_ref (every
// order and scope, 32/64-bit integers, float, double) and the atomic functions.
#include <cuda/atomic>
template <cuda::thread_scope S, class T>
__device__ T churn(T &x, T v) {
  cuda::atomic_ref<T, S> r(x);
  T o = r.fetch_add(v, cuda::memory_order_relaxed);
  o += r.fetch_sub(v, cuda::memory_order_release);
  o += r.fetch_min(v, cuda::memory_order_acquire);
  o += r.fetch_max(v, cuda::memory_order_consume);
  o += r.exchange(o, cuda::memory_order_seq_cst);
  T e = o;
  r.compare_exchange_weak(e, v, cuda::memory_order_release, cuda::memory_order_relaxed);
  r.store(e, cuda::memory_order_seq_cst);
  return o + r.load(cuda::memory_order_acquire);
}
template <cuda::thread_scope S, class T>
__device__ T bits(T &x, T v) {
  cuda::atomic_ref<T, S> r(x);
  return r.fetch_and(v, cuda::memory_order_acq_rel) + r.fetch_or(v, cuda::memory_order_seq_cst) +
         r.fetch_xor(v, cuda::memory_order_relaxed);
}
__global__ void atomics2(int *gi, unsigned long long *gu, long long *gl, float *gf, double *gd, unsigned *gw) {
  __shared__ int si[32];
  __shared__ unsigned long long su[32];
  __shared__ float sf[32];
  __shared__ double sd[32];
  __shared__ unsigned sw[32];
  int t = threadIdx.x & 31;
  si[t] = t; su[t] = t; sf[t] = t; sd[t] = t; sw[t] = t;
  __syncthreads();
  int r = churn<cuda::thread_scope_block>(si[t], t) + churn<cuda::thread_scope_device>(gi[t], t) +
          churn<cuda::thread_scope_system>(gi[t + 32], t) + churn<cuda::thread_scope_thread>(si[t ^ 1], t);
  unsigned long long u = churn<cuda::thread_scope_block>(su[t], 3ull) + churn<cuda::thread_scope_system>(gu[t], 5ull) +
                         bits<cuda::thread_scope_device>(gu[t + 32], 6ull) + bits<cuda::thread_scope_block>(su[t ^ 2], 9ull);
  long long l = churn<cuda::thread_scope_device>(gl[t], (long long)-t);
  float f = churn<cuda::thread_scope_block>(sf[t], 1.5f) + churn<cuda::thread_scope_device>(gf[t], 2.5f);
  double d = churn<cuda::thread_scope_system>(gd[t], 0.5) + churn<cuda::thread_scope_block>(sd[t], 4.0);
  unsigned w = bits<cuda::thread_scope_system>(gw[t], 0xf0u) + bits<cuda::thread_scope_block>(sw[t], 0x0fu);
  w += atomicInc(&sw[t ^ 3], 31u) + atomicDec(&gw[t + 64], 31u) + atomicCAS(&sw[t ^ 4], 1u, 2u) +
       atomicExch(&sw[t ^ 5], w) + atomicInc_block(&gw[t + 96], 7u) + atomicDec_system(&gw[t + 128], 7u);
  unsigned long long c = atomicCAS(&su[t ^ 6], 1ull, 2ull) + atomicExch(&su[t ^ 7], u) +
                         atomicCAS_system(&gu[t + 64], 3ull, 4ull) + atomicAnd_block(&gu[t + 96], 3ull);
  float fe = atomicExch(&sf[t ^ 8], f) + atomicAdd_block(&gf[t + 32], f) + atomicAdd_system(&gf[t + 64], 1.f);
  double de = atomicAdd(&sd[t ^ 9], d) + atomicAdd_block(&gd[t + 32], d);
  __syncthreads();
  gi[threadIdx.x + 256] = r + (int)u + (int)l + (int)f + (int)d + (int)w + (int)c + (int)fe + (int)de + si[t];
}
