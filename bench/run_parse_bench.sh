#!/usr/bin/env bash
# Parse throughput: our parser alone (bench/parse_throughput: streaming, as
# ptx-lint parses) on the large real modules, next to NVIDIA's ptxas -O0 on
# the same file in the same run, and the speed ratio.
#   bash bench/run_parse_bench.sh [BUILD_DIR] [FILE.ptx[.xz]...]
# Defaults: build/ and bench/data/*.ptx.xz. Skips ptxas when
# /usr/local/cuda/bin/ptxas (or $PTXAS) is absent.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
shift || true
bench=$build/bin/parse_throughput
[ -x "$bench" ] || { echo "run_parse_bench: $bench not built" >&2; exit 2; }
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/data/*.ptx.xz)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-30s %6s | %-7s %7s %8s | %-7s %7s %8s | %8s %8s | %7s\n' \
  file MB '1thr s' MB/s RSS_MiB '2thr s' MB/s RSS_MiB ptxas_s RSS_MiB speedup
for f in "${files[@]}"; do
  name=$(basename "$f" .xz)
  ptx=$tmp/$name
  case "$f" in *.xz) xz -dc "$f" >"$ptx" ;; *) cp "$f" "$ptx" ;; esac
  mb=$(awk -v b="$(stat -c %s "$ptx")" 'BEGIN {printf "%.1f", b / 1e6}')
  # "parse: ... X s, Y MB/s, ... peak RSS Z MiB ..."
  r1=$("$bench" "$ptx" --threads 1 || true)
  r2=$("$bench" "$ptx" --threads 2 || true)
  get() { sed -E "s/.* ([0-9.]+) s, ([0-9.]+) MB\/s.*peak RSS ([0-9]+) MiB.*/\\$2/" <<<"$1"; }
  s1=$(get "$r1" 1); m1=$(get "$r1" 2); k1=$(get "$r1" 3)
  s2=$(get "$r2" 1); m2=$(get "$r2" 2); k2=$(get "$r2" 3)
  if [ -x "$ptxas" ]; then
    arch=$(awk '/^\.target/ {gsub(",", "", $2); print $2; exit}' "$ptx")
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$ptxas" -O0 -arch="$arch" "$ptx" \
      -o /dev/null >/dev/null 2>&1 || true
    read -r ps prss < "$tmp/time"
    pmib=$(awk -v k="$prss" 'BEGIN {printf "%.0f", k / 1024}')
    best=$(awk -v a="$s1" -v b="$s2" 'BEGIN {print (a < b ? a : b)}')
    ratio=$(awk -v p="$ps" -v l="$best" 'BEGIN {printf "%.1fx", (l > 0 ? p / l : 0)}')
  else
    ps=-; pmib=-; ratio=-
  fi
  printf '%-30s %6s | %-7s %7s %8s | %-7s %7s %8s | %8s %8s | %7s\n' \
    "$name" "$mb" "$s1" "$m1" "$k1" "$s2" "$m2" "$k2" "$ps" "$pmib" "$ratio"
  rm -f "$ptx"
done
