#!/usr/bin/env bash
# Fuzzes the parsers that read user-supplied bytes (tests/fuzz/, libFuzzer + ASan + UBSan,
# Debian's clang 16) for a bounded time: first replays every committed input (seeds and
# past crashes: the regression step), then fuzzes each target for FUZZ_SECONDS.
# The targets are built in the sanitizer build, build-asan (scripts/build-asan.sh, preset
# asan-ubsan), next to the ASan + UBSan suites of scripts/sanitize.sh: one instrumented core.
# Usage: scripts/fuzz.sh [TARGET...]      (targets: the fuzz_*.cpp names without fuzz_)
# Environment: FUZZ_SECONDS (per target, default 30; 0 = replay only), FUZZ_BUDGET (instead of
# FUZZ_SECONDS: the random phase's wall seconds for all targets together, shared evenly, at
# least 3 s per target; scripts/test.sh sets 60), FUZZ_JOBS (targets fuzzed at once, default 2), DOMAINLENS_ASAN_BUILD_DIR (the build, default build-asan),
# DOMAINLENS_FUZZ_BUILD_DIR (logs, artifacts and scratch corpora, default build-fuzz).
# Any crash fails the script (and so CI): a committed input that crashes (a regression), and a
# NEW crash found by the random phase, whose input is kept under $OUT/artifacts/ and printed
# with the command that reproduces it. Fix the defect and commit the input as
# tests/fuzz/corpus/<target>/regression-<what>: from then on every run replays it.
# Time is bounded: FUZZ_SECONDS per target, at most 25 s per input (a slower input counts as a
# crash: a hang), at most 2 GB of memory.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DOMAINLENS_ASAN_BUILD_DIR:-$ROOT/build-asan}"
OUT="${DOMAINLENS_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS="${FUZZ_JOBS:-2}"
CORPUS="$ROOT/tests/fuzz/corpus"

start=$(date +%s)
JOBS="${JOBS_BUILD:-$(nproc)}" "$ROOT/scripts/build-asan.sh" domainlens_fuzz_targets
built=$(date +%s)

if [ $# -gt 0 ]; then targets=("$@"); else
  targets=(); for f in "$ROOT"/tests/fuzz/fuzz_*.cpp; do n=$(basename "$f" .cpp); targets+=("${n#fuzz_}"); done
fi

if [ -n "${FUZZ_SECONDS:-}" ] || [ -z "${FUZZ_BUDGET:-}" ]; then SECONDS_PER_TARGET="${FUZZ_SECONDS:-30}"
else SECONDS_PER_TARGET=$(( FUZZ_BUDGET * JOBS / ${#targets[@]} )); [ "$SECONDS_PER_TARGET" -ge 3 ] || SECONDS_PER_TARGET=3; fi

mkdir -p "$OUT/logs" "$OUT/artifacts"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Readable stacks in the logs when an llvm-symbolizer (any version) is installed.
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
  for s in llvm-symbolizer-16 llvm-symbolizer llvm-symbolizer-14; do
    if command -v "$s" >/dev/null; then export ASAN_SYMBOLIZER_PATH="$(command -v "$s")"; break; fi
  done
fi
# Scratch files (projects, corpora) on tmpfs when there is one: SQLite's fsyncs dominate otherwise.
[ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm

# One target: replay the committed inputs, then fuzz into a scratch copy of the corpus
# (the committed seeds are only read). Writes a summary line to logs/<t>.summary.
run_target() {
  local t="$1" bin="$BUILD/fuzz_$1" log="$OUT/logs/$1.log" work="$OUT/work/$1"
  rm -rf "$work" "$log" "$log.replay"; mkdir -p "$work" "$CORPUS/$t"
  if ! "$bin" -runs=0 -timeout=60 "$CORPUS/$t" >"$log.replay" 2>&1; then
    echo "$t REGRESSION 0 0 (see $log.replay)" >"$OUT/logs/$t.summary"; touch "$OUT/logs/replay-failed"; return 1
  fi
  local rc=0
  if [ "$SECONDS_PER_TARGET" -gt 0 ]; then
    (cd "$work" && "$bin" -max_total_time="$SECONDS_PER_TARGET" -timeout=25 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$t-" "$work" "$CORPUS/$t") >"$log" 2>&1 || rc=$?
  fi
  local runs execs
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" 2>/dev/null | grep -oE '[0-9]+$' || echo 0)
  execs=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" 2>/dev/null | grep -oE '[0-9]+$' || echo 0)
  if [ $rc -ne 0 ]; then
    echo "$t CRASH ${runs:-0} ${execs:-0} $(ls "$OUT/artifacts/$t-"* 2>/dev/null | head -1)" >"$OUT/logs/$t.summary"; return 1
  fi
  echo "$t ok ${runs:-0} ${execs:-0}" >"$OUT/logs/$t.summary"
}
export -f run_target
export BUILD OUT CORPUS SECONDS_PER_TARGET

rm -f "$OUT"/logs/*.summary "$OUT/logs/replay-failed" "$OUT"/artifacts/*
status=0
printf '%s\n' "${targets[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_target "$@"' _ {} || status=1
end=$(date +%s)

printf '%-16s %-8s %12s %8s\n' target result executions exec/s
for t in "${targets[@]}"; do
  if [ -f "$OUT/logs/$t.summary" ]; then read -r name res runs eps rest <"$OUT/logs/$t.summary"
  else name=$t; res=MISSING; runs=0; eps=0; rest=""; fi
  printf '%-16s %-8s %12s %8s %s\n' "$name" "$res" "$runs" "$eps" "$rest"
done
echo "fuzz: build $((built - start)) s, replay + fuzzing $((end - built)) s (${SECONDS_PER_TARGET} s per target, $JOBS at once)"
if [ $status -ne 0 ]; then
  for t in "${targets[@]}"; do
    [ -f "$OUT/logs/$t.summary" ] || continue
    read -r _ res _ _ input <"$OUT/logs/$t.summary"
    if [ "$res" = CRASH ]; then
      echo "fuzz: NEW crash in target $t: input ${input:-(none written; see $OUT/logs/$t.log)}" >&2
      [ -n "$input" ] && echo "fuzz:   reproduce with: $BUILD/fuzz_$t $input" >&2
      echo "fuzz:   then fix it and commit the input as tests/fuzz/corpus/$t/regression-<what>" >&2
    elif [ "$res" = REGRESSION ]; then
      echo "fuzz: a committed input of target $t crashes again; reproduce with: $BUILD/fuzz_$t -runs=0 $CORPUS/$t ($OUT/logs/$t.log.replay)" >&2
    fi
  done
  echo "fuzz: FAILED (logs in $OUT/logs)" >&2
fi
exit $status
