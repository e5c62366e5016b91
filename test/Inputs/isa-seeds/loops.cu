// Seed: loops, selects, predicates, conversions between widths, min/max, float compares.
__global__ void loops_k(const float *a, const int *b, float *o, char *c, short *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < n; k += 4) {
    float x = a[k];
    acc += (x > 0.5f && b[k] != 3) ? x * 2.f : -x;
    if (isnan(x) || isinf(x)) acc = 0.f;
    if (signbit(x)) acc -= 1.f;
  }
  o[i] = acc;
  c[i] = (char)(acc) + (unsigned char)b[i];
  s[i] = (short)b[i + 1] * (short)3;
  unsigned long long big = (unsigned long long)b[i] * 0x100000001ull;
  o[i + n] = (float)big + (float)(unsigned)b[i] + __uint2float_rd(b[i]) + __ll2float_rz(big);
}
