"""Compile a CUDA kernel with nvcc, run its PTX in ptxwarp on numpy data, and
check every result against numpy (README.md, "Python").

    PYTHONPATH=build/python python3 examples/cuda_dot.py
"""

import pathlib
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import ptxwarp

CUDA = r"""
extern "C" __global__ void dot(const float *x, const float *y, float *sums,
                               unsigned *positive, int n) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] * y[i] : 0.0f;
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  unsigned ballot = __ballot_sync(0xffffffffu, i < n && x[i] > 0.0f);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) {
    partial[warp] = v;
    atomicAdd(positive, __popc(ballot));
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w)
      t += partial[w];
    sums[blockIdx.x] = t;
  }
}
"""


def main() -> int:
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not pathlib.Path(nvcc).exists():
        print("nvcc not found: nothing to compile")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp, "dot.cu")
        src.write_text(CUDA)
        subprocess.run([nvcc, "-ptx", "-arch=sm_80", "-o", f"{tmp}/dot.ptx",
                        str(src)], check=True)
        module = ptxwarp.parse_file(f"{tmp}/dot.ptx")
    print(module)
    print("diagnostics:", module.check())
    kernel = module.kernel("dot")
    print(kernel)

    n, block, grid = 1000, 128, 8
    rng = np.random.default_rng(3)
    # Small integers keep every float32 sum exact: any reduction order gives
    # numpy's result bit for bit.
    x = rng.integers(-8, 8, grid * block).astype(np.float32)
    y = rng.integers(-8, 8, grid * block).astype(np.float32)
    sums = np.zeros(grid, np.float32)
    positive = np.zeros(1, np.uint32)
    result = kernel.run(grid, block, [x, y, sums, positive, n])
    print(result.stats)

    want = x[:n] * y[:n]
    want_sums = np.array([want[b * block:(b + 1) * block].sum()
                          for b in range(grid)], np.float32)
    print("sums:    ", sums)
    print("numpy:   ", want_sums)
    print("positive:", positive[0], "numpy:", np.count_nonzero(x[:n] > 0))
    ok = (sums == want_sums).all() and \
        positive[0] == np.count_nonzero(x[:n] > 0)
    print("matches numpy" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
