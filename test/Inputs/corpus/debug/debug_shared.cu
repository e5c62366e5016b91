// Debug-build (-G) input for the --print round trip: shared memory,
// __syncthreads, warp intrinsics and a double.
__global__ void debug_shared(const double *in, double *out) {
  __shared__ double tile[64];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  double v = tile[63 - t];
  unsigned m = __ballot_sync(0xffffffffu, v > 0.0);
  v += __shfl_xor_sync(0xffffffffu, v, 1);
  out[t] = v + __popc(m);
}
