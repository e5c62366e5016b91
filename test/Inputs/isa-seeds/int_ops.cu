// Seed: 32- and 64-bit integer arithmetic, division, bit operations.
__global__ void int32_ops(const int *a, const unsigned *b, int *o, unsigned *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = a[i], y = a[i + n] | 1;
  unsigned p = b[i], q = b[i + n] | 1u;
  o[i] = x / y + x % y + (x >> 3) + (x << (y & 31)) + min(x, y) + max(x, y) + abs(x) + __mulhi(x, y);
  u[i] = p / q + p % q + (p >> (q & 31)) + __umulhi(p, q) + umin(p, q) + __popc(p) + __clz(x) +
         __brev(p) + __byte_perm(p, q, 0x5410) + __funnelshift_l(p, q, x) + __funnelshift_r(p, q, 7) +
         __ffs(x) + __sad(x, y, p) + __usad(p, q, 3) + __hadd(x, y) + __urhadd(p, q) + __mul24(x, y);
}
__global__ void int64_ops(const long long *a, const unsigned long long *b, long long *o,
                          unsigned long long *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long x = a[i], y = a[i + n] | 1;
  unsigned long long p = b[i], q = b[i + n] | 1;
  o[i] = x / y + x % y + (x >> 5) + (x << (y & 63)) + llmin(x, y) + llabs(x) + __mul64hi(x, y);
  u[i] = p / q + p % q + (p >> (q & 63)) + __umul64hi(p, q) + __popcll(p) + __clzll(x) + __brevll(p) +
         __ffsll(x) + (unsigned long long)(unsigned)i * q;
  short s = (short)x; unsigned char c = (unsigned char)p; signed char sc = (signed char)y;
  o[i + n] = s * sc + c + (long long)(int)p;
}
