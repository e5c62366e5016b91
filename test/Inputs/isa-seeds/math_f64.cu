// Seed: double-precision math and conversions.
__global__ void math_f64(const double *__restrict__ in, double *out, long long *li, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i], y = in[i + n];
  double r = sin(x) + exp(y) + log(fabs(x) + 1.0) + pow(x, y) + sqrt(fabs(y)) + x / y;
  r += fma(x, y, r) + rsqrt(fabs(x) + 1.0) + floor(x) + ceil(y) + trunc(x) + rint(y);
  r += fmin(x, y) + fmax(x, y) + __dadd_rz(x, y) + __dmul_ru(x, y) + __drcp_rn(x) + __ddiv_rd(x, y);
  out[i] = r;
  li[i] = (long long)x + __double2ll_rz(y) + (long long)(float)y;
  out[i + n] = (double)li[i + 1] + (double)(unsigned)i + __int_as_float(i) + __longlong_as_double(li[i]);
}
