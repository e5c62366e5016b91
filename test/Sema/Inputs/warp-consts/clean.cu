// Correct warp code: no warp lint may fire on its nvcc output
// (test/Sema/warp-lints-nvcc.test).

// Full-mask shfl in code a whole warp reaches: t < 32 holds for all lanes of
// warp 0 and for none of the others.
__global__ void warp_uniform_branch(int *out) {
  int t = threadIdx.x;
  int v = t;
  if (t < 32)
    v = __shfl_down_sync(0xffffffff, v, 1);
  out[t] = __ballot_sync(0xffffffff, v > 3);
}

// The mask of the lanes that take the branch, from a ballot before it.
__global__ void ballot_mask(int *out) {
  int t = threadIdx.x;
  int v = t;
  unsigned m = __ballot_sync(0xffffffff, t < 16);
  if (t < 16)
    v = __shfl_down_sync(m, v, 1, 16);
  __syncwarp();
  out[t] = v;
}

// Lanes and offsets in range, widths 32, 16 and 8, a butterfly loop.
__global__ void in_range(int *out) {
  int t = threadIdx.x;
  int v = __shfl_sync(0xffffffff, t, 31);
  v += __shfl_up_sync(0xffffffff, v, 1, 16);
  v += __shfl_xor_sync(0xffffffff, v, 4, 8);
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o);
  out[t] = v;
}

// A lane from memory: not a constant, nothing to say.
__global__ void lane_from_memory(int *out, const int *lanes) {
  int t = threadIdx.x;
  out[t] = __shfl_sync(0xffffffff, t, lanes[t]);
}
