#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time (README.md,
# "Robustness").
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# SECONDS_PER_TARGET defaults to 60; TARGETs default to all four:
# fuzz-parse fuzz-check fuzz-run fuzz-launch. Needs clang++. Builds into
# build-fuzz (override with BUILD_DIR=...), seeds the corpora from the
# project's tests (fuzz/make-corpus.py), keeps the grown corpora in
# $BUILD_DIR/corpus/<target>, crashes in $BUILD_DIR/artifacts/<target>, and
# the libFuzzer log in $BUILD_DIR/logs/<target>.log. JOBS (default 1)
# fuzzes that many targets at once; TIMEOUT (default 1 s) is the
# per-input limit (raise it on a loaded machine, then re-run any timeout
# artifact alone: `build-fuzz/bin/<target> FILE`). CPU_TIME=1 counts
# SECONDS_PER_TARGET as CPU seconds of the fuzzer process instead of wall time
# (for long runs on a shared machine: run it under `nice`, and each target
# still gets its full CPU budget). REPLAY=1 fuzzes nothing: it runs every
# input of each grown corpus once under the TIMEOUT (the check for slow
# inputs after a long run whose wall-clock timeouts were raised because the
# machine was loaded; run it on an idle machine), and prints the slowest.
# Exit status: 0 when no target found a crash, leak, timeout (> 1 s per
# input) or sanitizer report, else 1.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(fuzz-parse fuzz-check fuzz-run fuzz-launch)
build=${BUILD_DIR:-$src/build-fuzz}
jobs=${JOBS:-1}
timeout=${TIMEOUT:-1}
wall=$secs
[ -z "${CPU_TIME:-}" ] || wall=$((secs * 100)) # the CPU budget stops it

if ! command -v clang++ >/dev/null; then
  echo "fuzz/run.sh: clang++ not found" >&2
  exit 2
fi
if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$src" -B "$build" -G Ninja -DPTXWARP_FUZZ=ON \
    -DPTXWARP_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPTXWARP_BUILD_TESTS=OFF -DPTXWARP_BUILD_BENCH=OFF >/dev/null
fi
# Quiet when it builds; the compiler's messages when it does not.
if ! log=$(ninja -C "$build" -j2 "${targets[@]}" 2>&1); then
  printf '%s\n' "$log" | grep -v '^\[' >&2
  exit 1
fi
# BUILD_ONLY=1: stop after building (CI builds fatally, then fuzzes).
[ -z "${BUILD_ONLY:-}" ] || exit 0
python3 "$src/fuzz/make-corpus.py" "$build/seeds"

run_one() {
  local t=$1 seeds=$build/seeds/ptx dict=$src/fuzz/ptx.dict
  if [ "$t" = fuzz-launch ]; then
    seeds=$build/seeds/launch
    dict=$src/fuzz/launch.dict
  fi
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs"
  if [ -n "${REPLAY:-}" ]; then
    # -runs=0: execute the corpus (libFuzzer's INITED pass), then stop.
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$build/bin/$t" "$build/corpus/$t" -runs=0 -timeout="$timeout" \
      -rss_limit_mb=2048 -max_len=16384 -artifact_prefix="$build/artifacts/$t/" \
      -print_final_stats=1 >"$build/logs/$t.replay.log" 2>&1
    return
  fi
  # -timeout: an input that takes longer is a hang;
  # -rss_limit_mb: the targets run under 16 MiB interpreter limits, so
  # 2 GiB means a leak or an unbounded allocation.
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/bin/$t" "$build/corpus/$t" "$seeds" -dict="$dict" \
    -max_total_time="$wall" -timeout="$timeout" -rss_limit_mb=2048 -max_len=16384 \
    -artifact_prefix="$build/artifacts/$t/" -print_final_stats=1 \
    >"$build/logs/$t.log" 2>&1 &
  local pid=$! stopped=
  if [ -n "${CPU_TIME:-}" ]; then
    # utime + stime (fields 14 and 15 of /proc/PID/stat, in clock ticks);
    # SIGINT makes libFuzzer print its final stats and exit.
    local hz used
    hz=$(getconf CLK_TCK)
    while kill -0 "$pid" 2>/dev/null; do
      used=$(awk -v hz="$hz" '{ print int(($14 + $15) / hz) }' "/proc/$pid/stat" 2>/dev/null || echo 0)
      if ((used >= secs)); then
        kill -INT "$pid" 2>/dev/null || true
        stopped=1
        break
      fi
      sleep 5
    done
  fi
  local rc=0
  wait "$pid" || rc=$?
  # 72: libFuzzer's status after an interrupt, which here is the budget's.
  [ -n "$stopped" ] && [ "$rc" -eq 72 ] && rc=0
  return "$rc"
}

status=0
running=0
for t in "${targets[@]}"; do
  (
    if run_one "$t"; then
      echo "$t: ok"
    else
      echo "$t: FAILED (see $build/logs/$t.log, $build/artifacts/$t/)"
      exit 1
    fi
    log=$build/logs/$t.log
    [ -z "${REPLAY:-}" ] || log=$build/logs/$t.replay.log
    grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1
    grep -E 'stat::(number_of_executed_units|slowest_unit_time_sec)' "$log" || true
  ) &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
