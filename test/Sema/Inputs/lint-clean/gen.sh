#!/usr/bin/env bash
# Regenerate the PTX of the correct kernels *.cu (nvcc 13.0) that
# test/Sema/lint-clean.test lints: every file must lint with no warning.
#   gen.sh            Env: NVCC (default /usr/local/cuda/bin/nvcc)
set -euo pipefail
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
rm -f ./*.ptx ./*.ptx.xz
for cu in *.cu; do
  k=${cu%.cu}
  archs="sm_75 sm_80 sm_90 sm_100a"
  # cg_nested's dynamic thread_group sync compiles to barrier.cluster.arrive
  # and .wait on sm_90 and later, which the instruction table does not have
  # yet (an error, not a warning): add those targets when it does.
  [[ $k == cg_nested ]] && archs="sm_75 sm_80"
  for sm in $archs; do
    "$NVCC" -ptx -O3 -arch="$sm" -o "$k.$sm.O3.ptx" "$cu"
  done
  # -G (device debug) calls a helper .func per warp intrinsic; its output is
  # large, so it is kept compressed (lint-clean.py reads .ptx.xz).
  "$NVCC" -ptx -G -arch=sm_80 -o "$k.sm_80.G.ptx" "$cu"
  xz -9 -f "$k.sm_80.G.ptx"
done
