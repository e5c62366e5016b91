#include <cstdio>
// Lanes 0-15 print a value read from lanes 16-31, which are not in the mask.
__global__ void undef_printf() {
  unsigned lane = threadIdx.x;
  if (lane < 16) {
    unsigned v = __shfl_down_sync(0x0000ffffu, lane, 16);
    printf("%u\n", v);
  }
}
