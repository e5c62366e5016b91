#!/bin/sh
# Regenerates the checked-in PTX of video.cu (needs nvcc 13).
set -e
cd "$(dirname "$0")"
nvcc -ptx -O3 -arch=sm_80 video.cu -o video_sm80.ptx
nvcc -ptx -O3 -arch=sm_75 video.cu -o video_sm75.ptx
