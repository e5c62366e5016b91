// Lanes 0-15 read lanes 16-31 with __shfl_down_sync(0x0000ffff, ...): the
// sources are not in the mask, so the value is undefined. mode 0 keeps it in
// shared and local memory only (no use); mode 1 copies it from shared memory
// to out; mode 2 from a local array (dynamic index) to out.
__global__ void undef_spill(unsigned *out, int mode, int idx) {
  __shared__ unsigned s[32];
  unsigned lane = threadIdx.x;
  unsigned a[8];
  for (int i = 0; i < 8; i++)
    a[i] = lane + i;
  s[lane] = lane;
  if (lane < 16) {
    unsigned v = __shfl_down_sync(0x0000ffffu, lane, 16);
    s[lane] = v;
    a[idx & 7] = v;
  }
  __syncwarp();
  if (mode == 1)
    out[lane] = s[lane];
  else if (mode == 2)
    out[lane] = a[idx & 7];
  else
    out[lane] = a[(idx + 1) & 7] + 1000;
}
