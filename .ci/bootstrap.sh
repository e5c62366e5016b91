#!/usr/bin/env bash
# Sets up a Debian 12 machine for ptxwarp and builds it.
#   bash .ci/bootstrap.sh [BUILD_DIR] [extra cmake args...]
# Installs only the Debian packages that are missing (as root, or through sudo),
# configures with CMake + Ninja and builds everything into BUILD_DIR (default: build).
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${1:-build}
shift || true

packages=(cmake ninja-build g++ python3 xz-utils default-jre-headless antlr4 libantlr4-runtime-dev
          llvm-14-dev llvm-14-tools libgtest-dev libbenchmark-dev libgoogle-perftools-dev
          python3-dev pybind11-dev python3-numpy python3-pytest)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The Python package is built for the interpreter the Debian packages above
# (numpy, pytest) belong to, whatever python3 comes first in PATH.
python=()
[ ! -x /usr/bin/python3 ] || python=(-DPython3_EXECUTABLE=/usr/bin/python3)
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPTXWARP_WERROR=ON "${python[@]}" "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
