#!/bin/sh
# Regenerates the seed PTX of the ISA campaign (utils/ptxas-diff/isa_mutate.py)
# from the checked-in CUDA (*.cu) and LLVM IR (*.ll) sources.
#   nvcc 13 -O3 for sm_75, sm_80, sm_90, sm_100a (sm90.cu, inline_asm.cu, inline_asm_new.cu: sm_90a, sm_100a; inline_asm_more.cu: sm_90, sm_100a);
#   nvcc -G (debug, unoptimised) for a few files at sm_80;
#   llvm/*.cu -> llvm/*.ll with clang-14 (kept when clang-14 is absent), and
#   llc-14 for the .ll files at sm_75 and sm_80 (skipped when llc-14 is absent).
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
  case $b in sm90|inline_asm|inline_asm_new) archs="sm_90a sm_100a";; inline_asm_more) archs="sm_90 sm_100a";; *) archs="sm_75 sm_80 sm_90 sm_100a";; esac
  for a in $archs; do
    "$NVCC" -ptx -O3 -arch=$a -diag-suppress 20054 "$f" -o ptx/$b.O3.$a.ptx
  done
done
for b in control atomics half int_ops; do
  "$NVCC" -ptx -G -arch=sm_80 $b.cu -o ptx/$b.G.sm_80.ptx
done
CLANG=${CLANG:-clang-14}
if command -v "$CLANG" >/dev/null 2>&1; then
  for f in llvm/*.cu; do
    "$CLANG" --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_75 -Xclang -target-feature \
      -Xclang +ptx64 -Wno-unknown-cuda-version -S -emit-llvm -O2 "$f" -o "${f%.cu}.ll"
  done
fi
if command -v "$LLC" >/dev/null 2>&1; then
  for f in llvm/*.ll; do
    b=$(basename "$f" .ll)
    for a in sm_75 sm_80; do
      "$LLC" -march=nvptx64 -mcpu=$a -mattr=+ptx64 "$f" -o ptx/llvm_$b.llc.$a.ptx
    done
  done
fi
for p in ptx/*.ptx; do
  t=$(sed -n 's/^\.target[ \t]*\([a-z0-9_]*\).*/\1/p' "$p" | head -1)
  "$PTXAS" -arch "$t" "$p" -o /dev/null || { echo "ptxas rejects $p"; exit 1; }
done
