// Single and double precision math with exact IEEE results (round to nearest and
// the directed rounding intrinsics), float<->integer conversions (saturating, NaN
// to 0), and a few approximate functions compared with a tolerance.
//   outf[t*18 + k]: 0 sqrtf(|x|) 1 x/y 2 fmaf(x,y,z) 3 rintf 4 floorf 5 ceilf 6 truncf
//                   7 roundf 8 fminf(x,y) 9 fmaxf(x,y) 10 copysignf(x,y) 11 __fadd_rz
//                   12 __fmul_ru 13 __fdiv_rd 14 __fmaf_rz 15 __fsqrt_ru(|x|)
//                   16 __frcp_rn(y) 17 __saturatef(x)
//   outi[t*6 + k]: 0 (int)x 1 __float2int_rn 2 __float2uint_rd 3 __float2int_ru
//                  4 (unsigned)x 5 low 32 bits of __float2ll_rz(x) ^ high 32 bits
//   outc[t*3 + k]: 0 (float)u 1 __uint2float_rd(u) 2 __ll2float_rn((s64)u << 31)
//                  with u the bits of z as unsigned
//   outd[t*6 + k]: 0 sqrt(|a|) 1 a/b 2 fma(a,b,a) 3 __dadd_rz(a,b) 4 __dmul_rd(a,b)
//                  5 (double)__double2float_rz(a)
//   outa[t*4 + k] (tolerance): 0 expf(x/16) 1 __fdividef(x,y) 2 rsqrtf(|y|) 3 sinf(x)
// Launch: 1 block x 64 threads. inf holds x[64], y[64], z[64]; ind holds a[64], b[64].
__global__ void float_math(const float* __restrict__ inf, const double* __restrict__ ind,
                           float* __restrict__ outf, int* __restrict__ outi,
                           float* __restrict__ outc, double* __restrict__ outd,
                           float* __restrict__ outa)
{
    const unsigned t = threadIdx.x;
    const float x = inf[t], y = inf[64 + t], z = inf[128 + t];
    const double a = ind[t], b = ind[64 + t];
    float* f = outf + t * 18;
    f[0] = sqrtf(fabsf(x));
    f[1] = x / y;
    f[2] = fmaf(x, y, z);
    f[3] = rintf(x);
    f[4] = floorf(x);
    f[5] = ceilf(x);
    f[6] = truncf(x);
    f[7] = roundf(x);
    f[8] = fminf(x, y);
    f[9] = fmaxf(x, y);
    f[10] = copysignf(x, y);
    f[11] = __fadd_rz(x, y);
    f[12] = __fmul_ru(x, y);
    f[13] = __fdiv_rd(x, y);
    f[14] = __fmaf_rz(x, y, z);
    f[15] = __fsqrt_ru(fabsf(x));
    f[16] = __frcp_rn(y);
    f[17] = __saturatef(x);
    int* i = outi + t * 6;
    i[0] = (int)x;
    i[1] = __float2int_rn(x);
    i[2] = (int)__float2uint_rd(x);
    i[3] = __float2int_ru(x);
    i[4] = (int)(unsigned)x;
    const long long ll = __float2ll_rz(x);
    i[5] = (int)ll ^ (int)(ll >> 32);
    const unsigned u = __float_as_uint(z);
    float* c = outc + t * 3;
    c[0] = (float)u;
    c[1] = __uint2float_rd(u);
    c[2] = __ll2float_rn((long long)u << 31);
    double* d = outd + t * 6;
    d[0] = sqrt(fabs(a));
    d[1] = a / b;
    d[2] = fma(a, b, a);
    d[3] = __dadd_rz(a, b);
    d[4] = __dmul_rd(a, b);
    d[5] = (double)__double2float_rz(a);
    float* p = outa + t * 4;
    p[0] = expf(x / 16.0f);
    p[1] = __fdividef(x, y);
    p[2] = rsqrtf(fabsf(y));
    p[3] = sinf(x);
}
