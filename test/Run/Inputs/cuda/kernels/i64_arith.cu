// 64-bit and 128-bit integer arithmetic: division/remainder (signed, unsigned, by a
// constant), multiply-high, mul.wide, 128-bit multiply and add (carry chains),
// variable shifts, and the 64-bit bit intrinsics.
//   out[t*16 + k]: 0 x/y 1 x%y 2 ux/uy 3 ux%uy 4 x/1000 5 ux%97 6 __mul64hi(x,y)
//                  7 __umul64hi(ux,uy) 8 (s64)xl*yl (32x32->64) 9 low 64 of (u128)ux*uy+uy
//                  10 high 64 of it 11 x << (yl & 63) 12 x >> (yl & 63)
//                  13 ux >> (yl & 63) 14 llabs(x) 15 min(x,y) ^ max(ux,uy)
// Launch: 1 block x 32 threads. in holds x[32] then y[32] (y != 0, no INT64_MIN/-1);
// xl, yl are the low 32 bits of x, y as int.
__global__ void i64_arith(const long long* __restrict__ in, long long* __restrict__ out)
{
    const unsigned t = threadIdx.x;
    const long long x = in[t];
    const long long y = in[32 + t];
    const unsigned long long ux = (unsigned long long)x;
    const unsigned long long uy = (unsigned long long)y;
    const int xl = (int)x;
    const int yl = (int)y;
    long long* o = out + t * 16;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (long long)(ux / uy);
    o[3] = (long long)(ux % uy);
    o[4] = x / 1000;
    o[5] = (long long)(ux % 97u);
    o[6] = __mul64hi(x, y);
    o[7] = (long long)__umul64hi(ux, uy);
    o[8] = (long long)xl * yl;
    const unsigned __int128 w = (unsigned __int128)ux * uy + uy;
    o[9] = (long long)(unsigned long long)w;
    o[10] = (long long)(unsigned long long)(w >> 64);
    o[11] = x << (yl & 63);
    o[12] = x >> (yl & 63);
    o[13] = (long long)(ux >> (yl & 63));
    o[14] = llabs(x);
    o[15] = min(x, y) ^ (long long)max(ux, uy);
}
