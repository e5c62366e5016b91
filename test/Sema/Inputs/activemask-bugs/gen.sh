#!/usr/bin/env bash
# Regenerate the PTX of bugs.cu (nvcc 13.0) that test/Sema/activemask-nvcc.test
# lints; the test's CHECK lines name PTX lines, so check them after a rerun.
set -euo pipefail
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
"$NVCC" -ptx -O3 -arch=sm_80 -o bugs.sm_80.O3.ptx bugs.cu
