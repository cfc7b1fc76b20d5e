#!/usr/bin/env bash
# The test command: installs what is missing (system packages, default model), builds,
# and runs every Qt Test suite through CTest. Extra arguments go to ctest (e.g. -R tst_import).
# The suites run $(nproc) at once (JOBS overrides); the cluster suites (a real Slurm, mpirun)
# are RUN_SERIAL. Each phase's seconds are printed at the end (docs/build-time.md).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JOBS="${JOBS:-$(nproc)}"
phases=()
mark() { local now; now=$(date +%s); phases+=("$1 $((now - ${last:-$now})) s"); last=$now; }
summary() { [ ${#phases[@]} -eq 0 ] || echo "test.sh: ${phases[*]/%/;}"; }
trap summary EXIT
last=$(date +%s)
"$ROOT/scripts/setup.sh"; mark setup
"$ROOT/scripts/build.sh"; mark build
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
(cd "$BUILD" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 -j "$JOBS" "$@"); mark ctest
# The house rules (full runs only): every C++ source in the house format (.clang-format, a few
# seconds), and the house checks (.clang-tidy) on the bounded CI set of sources.
if [ $# -eq 0 ]; then
  "$ROOT/scripts/format.sh" --check; mark format
  "$ROOT/scripts/tidy.sh"; mark tidy
fi
# Then (full runs only, not with ctest arguments) the ASan + UBSan suites and a bounded fuzzing
# pass over every parser of user input (docs/reliability.md, "Fuzzing and sanitizers").
# The fuzzing pass replays every committed input, then fuzzes for FUZZ_BUDGET seconds in all
# (default 60, shared by the targets; FUZZ_SECONDS sets a time per target instead): CI's share,
# bounded however many targets there are; long campaigns run scripts/fuzz.sh on its own.
# DOMAINLENS_SKIP_SANITIZERS=1 skips both.
if [ $# -eq 0 ] && [ "${DOMAINLENS_SKIP_SANITIZERS:-0}" != 1 ]; then
  "$ROOT/scripts/sanitize.sh"; mark sanitize
  FUZZ_BUDGET="${FUZZ_BUDGET:-60}" "$ROOT/scripts/fuzz.sh"; mark fuzz  # a new crash fails the run too (it prints the input and how to reproduce it)
fi
