#!/usr/bin/env bash
# Regenerate ptx/*.ptx from kernels/*.cu (nvcc) and kernels/*.ll (llc-14).
# The PTX is checked in so that cuda-kernels.test runs without nvcc; rerun this
# after editing a kernel, then reference.py if the kernel's meaning changed.
#   gen-ptx.sh [KERNEL...]     default: every kernel
# Env: NVCC (default /usr/local/cuda/bin/nvcc), LLC (default llc-14).
set -euo pipefail
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
LLC=${LLC:-llc-14}

# Lowest architecture each kernel needs (redux.sync: sm_80, elect.sync: sm_90).
min_sm() {
  case "$1" in
    redux_signed) echo 80 ;;
    elect_one) echo 90 ;;
    *) echo 75 ;;
  esac
}

# Variants, as in the oracle corpus: target, mode, nvcc flags.
VARIANTS=(
  "sm_75 O3 -O3"
  "sm_80 O3 -O3"
  "sm_90 O3 -O3"
  "sm_100a O3 -O3"
  "sm_80 G -G"
  "sm_90 lineinfo -lineinfo"
)

names=("$@")
if [[ ${#names[@]} -eq 0 ]]; then
  for f in kernels/*.cu kernels/*.ll; do names+=("$(basename "${f%.*}")"); done
fi

mkdir -p ptx
for k in "${names[@]}"; do
  rm -f "ptx/$k".*.ptx
  if [[ -f "kernels/$k.ll" ]]; then
    for sm in sm_70 sm_80; do
      "$LLC" -march=nvptx64 -mcpu="$sm" "kernels/$k.ll" -o "ptx/$k.$sm.llc.ptx"
    done
    continue
  fi
  for v in "${VARIANTS[@]}"; do
    read -r sm mode flags <<<"$v"
    [[ ${sm#sm_} =~ ^([0-9]+) ]] && (( BASH_REMATCH[1] >= $(min_sm "$k") )) || continue
    "$NVCC" -ptx -arch="$sm" $flags "kernels/$k.cu" -o "ptx/$k.$sm.$mode.ptx"
  done
  echo "$k: $(ls "ptx/$k".*.ptx | wc -l) files"
done
