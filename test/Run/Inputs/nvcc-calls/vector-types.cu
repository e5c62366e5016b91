// Generates vector-types-O3.ptx and vector-types-G.ptx for vectors-calls.test:
// nvcc -ptx -arch=sm_90 [-G] vector-types.cu (CUDA 13.0).
#include <cuda_fp16.h>
struct Big { int4 a; double2 b; char4 c; short2 d; };
__device__ __noinline__ Big make(int t) {
  Big r;
  r.a = make_int4(t, t + 1, t + 2, t + 3);
  r.b = make_double2(t * 0.5, t * 0.25);
  r.c = make_char4(t, -t, 2 * t, -2 * t);
  r.d = make_short2(1000 * t, -1000 * t);
  return r;
}
__device__ __noinline__ int mix(Big x, int4 y, uchar2 z) {
  return x.a.x + x.a.y * 2 + x.a.z * 3 + x.a.w * 4 + (int)(x.b.x * 4) + (int)(x.b.y * 8) +
         x.c.x + x.c.y + x.c.z + x.c.w + x.d.x + x.d.y + y.x - y.w + z.x * z.y;
}
extern "C" __global__ void vt(const int4 *in4, const short2 *in2, const char4 *inc,
                              const double2 *ind, int *out, double2 *outd, char4 *outc) {
  int t = threadIdx.x;
  int4 v = in4[t];
  short2 s = in2[t];
  char4 c = inc[t];
  double2 d = ind[t];
  Big b = make(t);
  out[t] = mix(b, v, make_uchar2(c.x, c.y)) + s.x - s.y;
  outd[t] = make_double2(d.y * 2, d.x + b.b.x);
  outc[t] = make_char4(c.w, c.z, c.y, c.x + 1);
  __half2 h = __floats2half2_rn((float)t, 2.0f);
  __half2 h2 = __hmul2(h, h);
  out[32 + t] = (int)__low2float(h2) + (int)__high2float(h2);
}
