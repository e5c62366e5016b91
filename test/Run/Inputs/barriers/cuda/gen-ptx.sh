#!/usr/bin/env bash
# Regenerate syncthreads_divergent.sm_80{,.G}.ptx (checked in, so the tests run without
# nvcc).
set -euo pipefail
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
"$NVCC" -ptx -O3 -arch=sm_80 syncthreads_divergent.cu -o syncthreads_divergent.sm_80.ptx
"$NVCC" -ptx -G -arch=sm_80 syncthreads_divergent.cu -o syncthreads_divergent.sm_80.G.ptx
