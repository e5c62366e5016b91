// Warp-lint bugs as CUDA code carries them; nvcc keeps each constant in a
// register (-O3) or passes it to the intrinsic's helper function (-G).
// Compiled by gen-ptx.sh; test/Sema/warp-lints-nvcc.test checks the lints.

// membermask-zero: no lane takes part.
__global__ void mask_zero(int *out) {
  int t = threadIdx.x;
  out[t] = __shfl_sync(0, t, 1);
}

// shfl-lane-range: lane 40 is above 31 (only its low 5 bits are used).
__global__ void lane_range(int *out) {
  int t = threadIdx.x;
  out[t] = __shfl_sync(0xffffffff, t, 40);
}

// shfl-lane-range: offset 33 for shfl.down.
__global__ void offset_range(int *out) {
  int t = threadIdx.x;
  out[t] = __shfl_down_sync(0xffffffff, t, 33);
}

// divergent-full-mask: lanes 16-31 skip the shfl and wait at the ballot.
__global__ void divergent(int *out) {
  int t = threadIdx.x;
  int v = t;
  if (t < 16)
    v = __shfl_down_sync(0xffffffff, v, 1);
  out[t] = __ballot_sync(0xffffffff, v > 3);
}

// divergent-full-mask: odd lanes vote while even lanes wait at __syncwarp.
__global__ void vote_divergent(int *out) {
  int t = threadIdx.x;
  int r = 0;
  if (t & 1)
    r = __any_sync(0xffffffff, out[t] > 5);
  __syncwarp();
  out[t] = r;
}
