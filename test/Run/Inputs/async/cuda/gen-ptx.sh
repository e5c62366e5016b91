#!/bin/sh
# Regenerates the checked-in PTX of async.cu (needs nvcc 13).
set -e
cd "$(dirname "$0")"
nvcc -ptx -O3 -arch=sm_80 async.cu -o async_sm80.ptx
nvcc -ptx -O3 -arch=sm_90 async.cu -o async_sm90.ptx
