// Seed for the ISA campaign (utils/ptxas-diff/isa_mutate.py): single-precision math library.
__global__ void math_f32(const float *__restrict__ in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i], y = in[i + n];
  float r = sinf(x) + cosf(y) + expf(x) * logf(fabsf(y) + 1.0f);
  r += powf(x, y) + __fdividef(x, y + 2.0f) + rsqrtf(fabsf(x) + 1.0f);
  r += fmaf(x, y, r) + sqrtf(fabsf(r)) + x / y + tanhf(x) + exp2f(y) + log2f(fabsf(x) + 2.f);
  r += __sinf(x) * __cosf(y) + __expf(x) + __logf(fabsf(y) + 3.f) + __saturatef(r);
  r += fminf(x, y) + fmaxf(x, y) + floorf(x) + ceilf(y) + truncf(x) + rintf(y) + roundf(x);
  r += copysignf(x, y) + __frcp_rn(x) + __fsqrt_rn(y) + __fadd_rz(x, y) + __fmul_ru(x, y);
  r += __fmaf_rd(x, y, r) + __fdiv_rn(x, y);
  out[i] = r;
}
