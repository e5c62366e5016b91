#!/usr/bin/env bash
# Byte-identical output check for ptx-lint optimisations: runs two ptx-lint
# binaries (text and --format=json -Wpedantic, stdout + stderr + exit status)
# over every .ptx under test/ and the oracle, plus the large modules in
# bench/data, and counts the files whose outputs differ.
#   bash bench/compare_lint_outputs.sh OLD_LINT NEW_LINT [OUT_DIR]
# OUT_DIR (default /tmp/lint-compare) keeps OLD_LINT's outputs between runs
# (delete OUT_DIR/old when OLD_LINT changes). Exit status 1 on any difference.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
old=$1
new=$2
out=${3:-/tmp/lint-compare}
oracle=${ORACLE:-/work/shared/oracle}
mkdir -p "$out/old" "$out/new" "$out/big"

for f in "$here"/data/*.ptx.xz; do
  p=$out/big/$(basename "$f" .xz)
  [ -s "$p" ] || xz -dc "$f" >"$p"
done

list=$out/files.txt
{
  find "$here/../test" -name '*.ptx'
  [ -d "$oracle" ] && find "$oracle" -name '*.ptx'
  ls "$out"/big/*.ptx
} | sort >"$list"

# run BIN DIR: one output file per input and mode, named by the list's line.
run() {
  local bin=$1 dir=$2
  awk '{print NR " " $0}' "$list" | while read -r n f; do
    { "$bin" "$f" 2>&1; echo "rc=$?"; } >"$dir/$n.txt" || true
    { "$bin" --format=json -W=pedantic "$f" 2>&1; echo "rc=$?"; } \
      >"$dir/$n.json" || true
  done
}

count=$(wc -l <"$list")
if [ ! -f "$out/old/done" ] || [ "$(cat "$out/old/done")" != "$count" ]; then
  rm -f "$out"/old/*
  run "$old" "$out/old"
  echo "$count" >"$out/old/done"
fi
rm -f "$out"/new/*
run "$new" "$out/new"

diffs=0
for n in $(seq 1 "$count"); do
  for ext in txt json; do
    if ! cmp -s "$out/old/$n.$ext" "$out/new/$n.$ext"; then
      diffs=$((diffs + 1))
      echo "DIFF ($ext): $(sed -n "${n}p" "$list")"
    fi
  done
done
nonempty=$(grep -L '^rc=0$' "$out"/old/*.txt | wc -l)
echo "compared $count files x 2 formats ($nonempty with a nonzero exit status):" \
  "$diffs differences"
[ "$diffs" -eq 0 ]
