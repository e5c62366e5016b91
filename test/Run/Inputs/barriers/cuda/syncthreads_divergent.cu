// __syncthreads() (bar.sync 0, i.e. barrier.sync.aligned 0) in divergent
// code, for ptx-run's barrier verdicts (test/Run/barriers-cuda.test).
// Compiled by gen-ptx.sh (nvcc 13 -O3 -arch=sm_80 -ptx). Launch: one CTA of
// 64 threads (two warps).

// Fine on Volta+ and under the PTX ISA: the threads that return early have
// exited, and a barrier does not wait for exited threads. n = 40: out[t] =
// s[(t + 1) % 40] = 2 * in[(t + 1) % 40] for t < 40; the rest is untouched.
extern "C" __global__ void early_exit(const int *in, int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t >= n)
    return;
  s[t] = 2 * in[t];
  __syncthreads();
  out[t] = s[(t + 1) % n];
}

// Fine: the condition is the same for every thread of a warp, so each warp
// executes one barrier instruction as a whole (warp 0 the first, warp 1 the
// second). out[t] = s[63 - t]: 2 for t < 32 (s[32..63] = 2), 1 above.
extern "C" __global__ void warp_uniform_branches(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t < 32) {
    s[t] = 1;
    __syncthreads();
  } else {
    s[t] = 2;
    __syncthreads();
  }
  out[t] = s[63 - t];
}

// Undefined: the lanes of one warp split between two __syncthreads()
// (lanes 0-15 at the first, 16-31 at the second). bar.sync is .aligned:
// every thread must execute the same barrier instruction.
extern "C" __global__ void half_warp_branches(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t % 32 < 16) {
    s[t] = 1;
    __syncthreads();
  } else {
    s[t] = 2;
    __syncthreads();
  }
  out[t] = s[63 - t];
}

// Hangs: warp 0 leaves the loop after one trip and waits at barrier 1 for
// the whole CTA; warp 1 makes a second trip and waits at barrier 0 for the
// whole CTA. Neither barrier can complete.
extern "C" __global__ void loop_then_other_barrier(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int trips = t / 32 + 1;
  int acc = 0;
  for (int i = 0; i < trips; ++i) {
    s[t] = t + i;
    __syncthreads();
    acc += s[63 - t];
  }
  asm volatile("bar.sync 1;" ::: "memory");
  out[t] = acc;
}
