// Held-out seed: special functions of the float and double math library.
__device__ float f_special(float x, float y) {
  float s, c;
  sincosf(x, &s, &c);
  int q;
  float r = erff(x) + erfcf(y) + lgammaf(x) + tgammaf(y) + cbrtf(x) + hypotf(x, y) + atan2f(y, x);
  r += asinf(x * 0.5f) + acoshf(y + 2.f) + expm1f(x) + log1pf(fabsf(y)) + sinpif(x) + remquof(x, y, &q);
  r += normcdff(x) + erfinvf(x * 0.25f) + j0f(y) + fmodf(x, y) + ldexpf(x, 3) + frexpf(y, &q) + q;
  r += nextafterf(x, y) + fdimf(x, y) + logbf(y) + (float)ilogbf(x) + scalbnf(x, 2) + s * c;
  r += __fadd_rn(x, y) * __fmul_rz(x, y) + __fdiv_ru(x, y) + __fsub_rd(x, y) + __fmaf_ru(x, y, r);
  r += __frsqrt_rn(fabsf(x) + 1.f) + __fsqrt_rd(fabsf(y)) + __frcp_rz(y) + __exp10f(x) + __powf(x, y);
  return __saturatef(r) + rnormf(2, &s) + norm3df(x, y, r);
}
__device__ double d_special(double x, double y) {
  double s, c;
  sincos(x, &s, &c);
  double r = erf(x) + erfc(y) + lgamma(x) + tgamma(y) + cbrt(x) + hypot(x, y) + atan2(y, x);
  r += acos(x * 0.5) + asinh(y) + expm1(x) + log1p(fabs(y)) + cospi(x) + remainder(x, y) + exp10(y);
  r += normcdfinv(x) + erfcx(y) + y0(x) + fmod(x, y) + ldexp(x, 4) + nearbyint(y) + s * c;
  r += __dadd_rn(x, y) * __dmul_rz(x, y) + __ddiv_ru(x, y) + __dsub_rd(x, y) + __fma_rz(x, y, r);
  r += __dsqrt_ru(fabs(x)) + __drcp_rd(y) + rcbrt(x) + log10(fabs(y) + 1.0) + sinh(x) + cosh(y);
  return r;
}
__global__ void mathlib(const float *fi, const double *di, float *fo, double *dq, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  fo[i] = f_special(fi[i], fi[i + n]);
  dq[i] = d_special(di[i], di[i + n]);
}
__global__ void conversions(const float *f, const double *d, int *o, unsigned long long *u,
                            float *of, double *od, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = f[i];
  double y = d[i];
  o[i] = __float2int_rd(x) + __float2int_ru(x) + __float2int_rn(x) + (int)__float2uint_rz(x) +
         __double2int_rd(y) + (int)__double2uint_ru(y) + __double2hiint(y) + __double2loint(y);
  u[i] = __float2ull_rd(x) + __double2ull_rn(y) + (unsigned long long)__float2ll_ru(x) +
         (unsigned long long)__float_as_uint(x) + (unsigned long long)__double_as_longlong(y);
  of[i] = __int2float_rd(i) + __uint2float_ru(i) + __ll2float_rz(u[i]) + __ull2float_rn(u[i]) +
          __double2float_rd(y) + __double2float_ru(y) + __int_as_float(o[i]);
  od[i] = __hiloint2double(o[i], i) + __ll2double_rd((long long)u[i]) + __ull2double_ru(u[i]) +
          __int2double_rn(i) + (double)x;
}
