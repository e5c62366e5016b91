// The integer dot products and the SIMD video intrinsics of the CUDA math
// API ("Integer Intrinsics": __dp4a, __dp2a_lo/hi; "SIMD Intrinsics":
// __vabsdiffu4, __vsadu4, __vadd2, ...), one result per intrinsic and
// thread: out[t * NRES + k]. nvcc lowers several of them to the PTX video
// instructions (vabsdiff4, vset2/vset4, vmax/vmin ...) and dp4a/dp2a;
// gen-ptx.sh regenerates the checked-in PTX, and ../../video-cuda.test
// compares the results with video_ref.py, an independent host reference
// of the intrinsics' documented semantics.

#define NRES 24

extern "C" __global__ void simd(const unsigned *A, const unsigned *B,
                                const unsigned *C, unsigned *Out) {
  unsigned t = threadIdx.x;
  unsigned a = A[t], b = B[t], c = C[t];
  unsigned *o = Out + t * NRES;
  o[0] = __dp4a(a, b, c);
  o[1] = unsigned(__dp4a(int(a), int(b), int(c)));
  o[2] = __dp2a_lo(a, b, c);
  o[3] = unsigned(__dp2a_hi(int(a), int(b), int(c)));
  o[4] = __vabsdiffu4(a, b);
  o[5] = __vsadu4(a, b);
  o[6] = __vadd2(a, b);
  o[7] = __vaddss2(a, b);
  o[8] = __vavgu2(a, b);
  o[9] = __vmaxs4(a, b);
  o[10] = __vcmpgeu4(a, b);
  o[11] = __vsetgtu2(a, b);
  o[12] = __vabsdiffs2(a, b);
  o[13] = __vsubus4(a, b);
  o[14] = __vminu2(a, b);
  o[15] = __vaddus4(a, b);
  o[16] = __vsads2(a, b);
  o[17] = __vavgs4(a, b);
  o[18] = __vsetltu4(a, b);
  o[19] = __vabsdiffu2(a, b);
  o[20] = __vsadu2(a, b);
  o[21] = __vmins2(a, b);
  o[22] = __vsetges4(a, b);
  o[23] = __vabsss4(a);
}
