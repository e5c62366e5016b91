#!/bin/sh
# Regenerates the checked-in PTX (needs nvcc 13).
set -e
cd "$(dirname "$0")"
for k in bugs clean; do
  nvcc -ptx -O3 -arch=sm_80 $k.cu -o $k.sm_80.O3.ptx
  nvcc -ptx -G -arch=sm_80 $k.cu -o $k.sm_80.G.ptx
done
