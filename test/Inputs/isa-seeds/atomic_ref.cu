// Seed: cuda::atomic_ref with memory orders and thread scopes; fences.
#include <cuda/atomic>
__global__ void atomic_ref_k(int *p, unsigned long long *q, float *f) {
  cuda::atomic_ref<int, cuda::thread_scope_block> a(p[0]);
  cuda::atomic_ref<int, cuda::thread_scope_device> b(p[1]);
  cuda::atomic_ref<int, cuda::thread_scope_system> c(p[2]);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> d(*q);
  cuda::atomic_ref<float, cuda::thread_scope_block> e(*f);
  a.fetch_add(1, cuda::memory_order_relaxed);
  b.fetch_add(2, cuda::memory_order_acq_rel);
  c.fetch_sub(1, cuda::memory_order_seq_cst);
  int v = b.load(cuda::memory_order_acquire);
  a.store(v, cuda::memory_order_release);
  c.store(v, cuda::memory_order_relaxed);
  int exp = 0;
  b.compare_exchange_strong(exp, 5, cuda::memory_order_acq_rel, cuda::memory_order_acquire);
  a.exchange(3, cuda::memory_order_release);
  d.fetch_or(1ull, cuda::memory_order_relaxed); d.fetch_max(7ull, cuda::memory_order_seq_cst);
  e.fetch_add(1.f, cuda::memory_order_relaxed);
  p[3] = c.load(cuda::memory_order_seq_cst) + a.load(cuda::memory_order_relaxed);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system);
  __threadfence(); __threadfence_block(); __threadfence_system();
  p[4] = v;
}
