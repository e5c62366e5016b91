#!/usr/bin/env bash
# Lint throughput: ptx-lint (parse + full check) on the large real modules in
# bench/data, next to NVIDIA's ptxas -O0 on the same file in the same run.
#   bash bench/run_lint_bench.sh [BUILD_DIR] [FILE.ptx[.xz]...]
# Prints, per file: size, ptx-lint wall time (median and best of RUNS runs,
# default 5: half before ptxas and half after, so that both sample the same
# minutes of a machine whose speed drifts), MB/s of the median, the highest
# peak RSS of the runs, ptxas -O0 wall time and peak RSS (one run, when
# /usr/local/cuda/bin/ptxas exists), and the speed ratio to the median and to
# the best lint run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
shift || true
lint=$build/bin/ptx-lint
[ -x "$lint" ] || { echo "run_lint_bench: $lint not built" >&2; exit 2; }
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
runs=${RUNS:-5}
[ "$runs" -ge 1 ] || { echo "run_lint_bench: RUNS must be at least 1" >&2; exit 2; }
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

# lint_runs N FILE ARCH: appends N "seconds rss_kib rc" lines to $tmp/lint
lint_runs() {
  local i
  for ((i = 0; i < $1; i++)); do
    measure "$lint" --arch="$3" "$2" >>"$tmp/lint"
  done
}

printf '%-32s %6s | %8s %8s %8s %9s %4s | %8s %9s %4s | %7s %7s\n' \
  file MB lint_s best_s MB/s rss_MiB rc ptxas_s rss_MiB rc speedup best
for f in "${files[@]}"; do
  name=$(basename "$f" .xz)
  ptx=$tmp/$name
  case "$f" in *.xz) xz -dc "$f" >"$ptx" ;; *) cp "$f" "$ptx" ;; esac
  bytes=$(stat -c %s "$ptx")
  arch=$(awk '/^\.target/ {gsub(",", "", $2); print $2; exit}' "$ptx")
  : >"$tmp/lint"
  lint_runs $(((runs + 1) / 2)) "$ptx" "$arch"
  if [ -x "$ptxas" ]; then
    read -r ps prss prc < <(measure "$ptxas" -O0 -arch="$arch" "$ptx" -o /dev/null)
  fi
  lint_runs $((runs / 2)) "$ptx" "$arch"
  # The median time (the lower middle one for an even RUNS), the best time,
  # the highest peak RSS and the worst exit status.
  ls=$(sort -n "$tmp/lint" | awk -v m=$(((runs + 1) / 2)) 'NR == m {print $1}')
  best=$(sort -n "$tmp/lint" | awk 'NR == 1 {print $1}')
  lrss=$(awk '$2 > m {m = $2} END {print m + 0}' "$tmp/lint")
  lrc=$(awk '$3 > m {m = $3} END {print m + 0}' "$tmp/lint")
  mb=$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1e6}')
  mbs=$(awk -v b="$bytes" -v s="$ls" 'BEGIN {printf "%.1f", (s > 0 ? b / 1e6 / s : 0)}')
  lmib=$(awk -v k="$lrss" 'BEGIN {printf "%.0f", k / 1024}')
  if [ -x "$ptxas" ]; then
    pmib=$(awk -v k="$prss" 'BEGIN {printf "%.0f", k / 1024}')
    ratio=$(awk -v p="$ps" -v l="$ls" 'BEGIN {printf "%.1fx", (l > 0 ? p / l : 0)}')
    bratio=$(awk -v p="$ps" -v l="$best" 'BEGIN {printf "%.1fx", (l > 0 ? p / l : 0)}')
  else
    ps=-; pmib=-; prc=-; ratio=-; bratio=-
  fi
  printf '%-32s %6s | %8s %8s %8s %9s %4s | %8s %9s %4s | %7s %7s\n' \
    "$name" "$mb" "$ls" "$best" "$mbs" "$lmib" "$lrc" "$ps" "$pmib" "$prc" "$ratio" "$bratio"
  rm -f "$ptx"
done
