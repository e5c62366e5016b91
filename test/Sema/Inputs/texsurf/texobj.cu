// Texture objects and surfaces as CUDA code uses them; texobj.sm_80.ptx and
// texobj.sm_90.ptx are `nvcc 13.0 -ptx -O3 -arch=sm_80` / `sm_90` of this
// file, which ptx-lint must accept without a warning (syntax-texsurf.ptx).
#include <cuda_runtime.h>
__global__ void k1(cudaTextureObject_t t, float *o, int n) {
  int i = threadIdx.x;
  o[i] = tex1Dfetch<float>(t, i) + tex1D<float>(t, i * 0.5f);
}
__global__ void k2(cudaTextureObject_t t, float4 *o, float x, float y) {
  int i = threadIdx.x;
  o[i] = tex2D<float4>(t, x + i, y);
  o[i + 1] = tex2DLod<float4>(t, x, y, 1.0f);
  o[i + 2] = tex2DGrad<float4>(t, x, y, make_float2(1, 0), make_float2(0, 1));
  o[i + 3] = tex2DLayered<float4>(t, x, y, i);
  o[i + 4] = tex2Dgather<float4>(t, x, y, 1);
}
__global__ void k3(cudaTextureObject_t t, int *o, float x, float y, float z) {
  int i = threadIdx.x;
  o[i] = tex3D<int>(t, x, y, z + i) + texCubemap<int>(t, x, y, z) + tex1DLayered<int>(t, x, i) +
         texCubemapLayered<int>(t, x, y, z, i) + tex3DLod<int>(t, x, y, z, 2.f);
}
__global__ void k4(cudaSurfaceObject_t s, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float v = surf2Dread<float>(s, x * 4, y);
  surf2Dwrite(v * 2, s, x * 4, y);
  uchar4 c = surf2Dread<uchar4>(s, x * 4, y, cudaBoundaryModeClamp);
  surf2Dwrite(c, s, x * 4, y, cudaBoundaryModeZero);
  int q = surf1Dread<int>(s, x * 4);
  surf1Dwrite(q + 1, s, x * 4);
  float2 f2 = surf3Dread<float2>(s, x * 8, y, 1);
  surf3Dwrite(f2, s, x * 8, y, 1);
  short s1 = surf2DLayeredread<short>(s, x * 2, y, 3);
  surf2DLayeredwrite(s1, s, x * 2, y, 3);
  surfCubemapwrite(v, s, x*4, y, 2);
}
