// Seed: sm_90+ features (clusters, distributed shared memory, elect, fence.proxy, griddepcontrol).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 1, 1) cluster_k(int *out) {
#if __CUDA_ARCH__ >= 900
  __shared__ int s[64];
  cg::cluster_group cl = cg::this_cluster();
  s[threadIdx.x] = threadIdx.x;
  cl.sync();
  int *peer = cl.map_shared_rank(s, (cl.block_rank() + 1) % 2);
  out[threadIdx.x] = peer[threadIdx.x] + cl.block_rank() + cl.num_blocks();
  cl.sync();
  asm volatile("fence.proxy.async.shared::cta;");
  asm volatile("griddepcontrol.wait;");
  asm volatile("griddepcontrol.launch_dependents;");
  unsigned e;
  asm volatile("{\n\t.reg .pred p;\n\telect.sync _|p, 0xffffffff;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(e));
  out[threadIdx.x + 64] = e;
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
#endif
}
