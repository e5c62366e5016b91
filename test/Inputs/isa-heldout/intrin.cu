// Held-out seed: integer and SIMD-in-word intrinsics, 16- and 8-bit arithmetic.
__global__ void intrin(const unsigned *a, const unsigned long long *b, unsigned *o, unsigned long long *ol,
                       short *os, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = a[i], y = a[i + n], z = a[i + 2 * n];
  unsigned long long p = b[i], q = b[i + n];
  o[i] = __byte_perm(x, y, z & 0x7777) + __funnelshift_lc(x, y, z) + __funnelshift_rc(x, y, z) + __clz(z) +
         __ffsll((long long)p) + __popcll(q) + __brev(y) + __umulhi(x, y) + (unsigned)__mulhi((int)y, (int)z) +
         __vadd4(x, y) + __vsub2(x, z) + __vabsss4(x) + __vcmpeq4(x, y) + __vmaxu4(x, z) + __vmins2(y, z) +
         __vavgu4(x, y) + __vhaddu2(x, z) + __vsads4(x, y) + __vseteq2(x, y) + __vsetgeu4(y, z) + __vneg4(x) +
         __vnegss2(y) + __vsubss4(x, z) + __vaddus2(y, z) + __vabsdiffs2(x, y) + __umul24(x, y) + __rhadd(x, y);
  ol[i] = __umul64hi(p, q) + (unsigned long long)__mul64hi((long long)p, (long long)q) + __brevll(q) +
          (unsigned long long)__clzll((long long)p) + __nv_bswap64(p) + (p >> (x & 63)) + (q << 7) + p % 13 +
          (unsigned long long)((long long)q / -7) + ((p * q) ^ (p | ~q));
  short h = (short)x, k = (short)y;
  unsigned char c = (unsigned char)z, e = (unsigned char)(z >> 8);
  os[i] = h * k + h / (k | 1) + (short)(c * e) + (short)(c / (e | 1)) + (short)((h >> 3) & 0x5a) + __nv_bswap16(k);
  o[i + n] = __viaddmax_s32(x, y, z) + __vimax3_u32(x, y, z) + __vibmin_s32(x, y, (bool *)&os[i + n]) +
             __vimin_s16x2_relu(x, y) + __dp4a(x, y, z) + __sad((int)x, (int)y, z) + __nv_bswap32(z);
}
