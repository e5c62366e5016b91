#!/bin/sh
# Regenerates scalar_sm90.ptx, the input file and the expected values from
# scalar.cu (nvcc 13.0): the kernel as PTX, and the host reference (NVIDIA's
# host emulation of the same intrinsics) for the expected dump rows.
set -e
cd "$(dirname "$0")"
nvcc -ptx -O3 -arch=sm_90 scalar.cu -o scalar_sm90.ptx
nvcc -O2 scalar.cu -o /tmp/scalar-ref
/tmp/scalar-ref in.bin > expected.txt
rm -f /tmp/scalar-ref
