// 32-bit integer division, remainder (signed/unsigned, by variables and by
// constants that nvcc turns into multiply-high sequences), mul.hi, abs/min/max,
// __sad and shifts. C semantics: division truncates toward zero.
//   out[t*16 + k]: 0 x/y 1 x%y 2 ux/uy 3 ux%uy 4 x/7 5 x%-13 6 ux/10 7 ux%1000
//                  8 __mulhi(x,y) 9 __umulhi(ux,uy) 10 abs(x) 11 min(x,y)
//                  12 max(ux,uy) 13 __sad(x,y,5) 14 x >> (y & 31) 15 ux >> (uy & 31)
// Launch: 1 block x 64 threads. in holds x[64] then y[64] (y != 0, no INT_MIN/-1).
__global__ void intdiv(const int* __restrict__ in, int* __restrict__ out)
{
    const unsigned t = threadIdx.x;
    const int x = in[t];
    const int y = in[64 + t];
    const unsigned ux = (unsigned)x;
    const unsigned uy = (unsigned)y;
    int* o = out + t * 16;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (int)(ux / uy);
    o[3] = (int)(ux % uy);
    o[4] = x / 7;
    o[5] = x % -13;
    o[6] = (int)(ux / 10u);
    o[7] = (int)(ux % 1000u);
    o[8] = __mulhi(x, y);
    o[9] = (int)__umulhi(ux, uy);
    o[10] = abs(x);
    o[11] = min(x, y);
    o[12] = (int)max(ux, uy);
    o[13] = (int)__sad(x, y, 5u);
    o[14] = x >> (y & 31);
    o[15] = (int)(ux >> (uy & 31));
}
