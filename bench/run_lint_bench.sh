#!/usr/bin/env bash
# Lint throughput: ptx-lint (parse + full check) on the large real modules in
# bench/data, next to NVIDIA's ptxas -O0 on the same file in the same run.
#   bash bench/run_lint_bench.sh [BUILD_DIR] [FILE.ptx[.xz]...]
# Prints, per file: size, ptx-lint wall time, MB/s and peak RSS, ptxas -O0 wall
# time and peak RSS (when /usr/local/cuda/bin/ptxas exists), and the speed ratio.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
shift || true
lint=$build/bin/ptx-lint
[ -x "$lint" ] || { echo "run_lint_bench: $lint not built" >&2; exit 2; }
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/data/*.ptx.xz)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure CMD...: prints "seconds max_rss_kib exit_code"
measure() {
  local rc=0
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || rc=$?
  echo "$(cat "$tmp/time" | tail -1) $rc"
}

printf '%-32s %8s | %8s %8s %9s %4s | %8s %9s %4s | %7s\n' \
  file MB lint_s MB/s rss_MiB rc ptxas_s rss_MiB rc speedup
for f in "${files[@]}"; do
  name=$(basename "$f" .xz)
  ptx=$tmp/$name
  case "$f" in *.xz) xz -dc "$f" >"$ptx" ;; *) cp "$f" "$ptx" ;; esac
  bytes=$(stat -c %s "$ptx")
  arch=$(awk '/^\.target/ {gsub(",", "", $2); print $2; exit}' "$ptx")
  read -r ls lrss lrc < <(measure "$lint" --arch="$arch" "$ptx")
  mb=$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1e6}')
  mbs=$(awk -v b="$bytes" -v s="$ls" 'BEGIN {printf "%.1f", (s > 0 ? b / 1e6 / s : 0)}')
  lmib=$(awk -v k="$lrss" 'BEGIN {printf "%.0f", k / 1024}')
  if [ -x "$ptxas" ]; then
    read -r ps prss prc < <(measure "$ptxas" -O0 -arch="$arch" "$ptx" -o /dev/null)
    pmib=$(awk -v k="$prss" 'BEGIN {printf "%.0f", k / 1024}')
    ratio=$(awk -v p="$ps" -v l="$ls" 'BEGIN {printf "%.1fx", (l > 0 ? p / l : 0)}')
  else
    ps=-; pmib=-; prc=-; ratio=-
  fi
  printf '%-32s %8s | %8s %8s %9s %4s | %8s %9s %4s | %7s\n' \
    "$name" "$mb" "$ls" "$mbs" "$lmib" "$lrc" "$ps" "$pmib" "$prc" "$ratio"
  rm -f "$ptx"
done
