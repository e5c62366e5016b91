#!/bin/sh
# Regenerates the held-out seed PTX of the ISA campaign (utils/ptxas-diff/isa_mutate.py
# --no-default-seeds --seeds test/Inputs/isa-heldout/ptx) from the checked-in CUDA (*.cu)
# and LLVM IR (llvm/*.ll) sources. These kernels are written apart from
# test/Inputs/isa-seeds (different code, other architectures) so that the campaign
# on them estimates how the instruction table generalises to PTX it was not tuned on.
#   nvcc 13 -O3 for the architectures listed per file below (sm_75 ... sm_120a);
#   nvcc -G (debug, unoptimised) for a few files at sm_80 / sm_86;
#   llvm/*.cu -> llvm/*.ll with clang-14 (kept when clang-14 is absent), and
#   llc-14 for the .ll files at sm_75, sm_80 and sm_86 (skipped when llc-14 is absent).
# Every output must be accepted by ptxas (checked at the end).
set -e
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
LLC=${LLC:-llc-14}
mkdir -p ptx
rm -f ptx/*.ptx
for f in *.cu; do
  b=${f%.cu}
  case $b in
    mathlib) archs="sm_75 sm_89 sm_120a";;
    halfmath) archs="sm_75 sm_86 sm_90 sm_100a";;
    intrin) archs="sm_75 sm_86 sm_90 sm_120a";;
    atomics2) archs="sm_80 sm_89 sm_90 sm_100a";;
    sync2) archs="sm_80 sm_86 sm_90a sm_120a";;
    runtime) archs="sm_75 sm_86 sm_100a";;
    sm90_tma) archs="sm_90 sm_90a sm_100a sm_120a";;
    asm_rare) archs="sm_90a sm_100a";;
    *) archs="sm_80 sm_90";;
  esac
  for a in $archs; do
    "$NVCC" -ptx -O3 -arch=$a -diag-suppress 20054 "$f" -o ptx/$b.O3.$a.ptx
  done
done
for b in runtime intrin; do
  "$NVCC" -ptx -G -arch=sm_86 $b.cu -o ptx/$b.G.sm_86.ptx
done
CLANG=${CLANG:-clang-14}
if command -v "$CLANG" >/dev/null 2>&1; then
  for f in llvm/*.cu; do
    "$CLANG" --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -Xclang -target-feature \
      -Xclang +ptx70 -Wno-unknown-cuda-version -S -emit-llvm -O2 "$f" -o "${f%.cu}.ll"
  done
fi
if command -v "$LLC" >/dev/null 2>&1; then
  for f in llvm/*.ll; do
    b=$(basename "$f" .ll)
    for a in sm_75 sm_80 sm_86; do
      "$LLC" -march=nvptx64 -mcpu=$a -mattr=+ptx70 "$f" -o ptx/llvm_$b.llc.$a.ptx
    done
  done
fi
for p in ptx/*.ptx; do
  t=$(sed -n 's/^\.target[ \t]*\([a-z0-9_]*\).*/\1/p' "$p" | head -1)
  "$PTXAS" -arch "$t" "$p" -o /dev/null || { echo "ptxas rejects $p"; exit 1; }
done
