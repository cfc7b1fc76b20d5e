#!/usr/bin/env bash
# The test command: installs what is missing (system packages, default model), builds,
# and runs every Qt Test suite through CTest. Extra arguments go to ctest (e.g. -R tst_import).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
cd "$BUILD"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 "$@"
# The house checks (.clang-tidy) on the bounded CI set of sources (full runs only).
if [ $# -eq 0 ]; then "$ROOT/scripts/tidy.sh"; fi
# Then (full runs only, not with ctest arguments) the ASan + UBSan suites and a bounded fuzzing
# pass over every parser of user input (docs/reliability.md, "Fuzzing and sanitizers").
# FUZZ_SECONDS sets the time per fuzz target; DOMAINLENS_SKIP_SANITIZERS=1 skips both.
if [ $# -eq 0 ] && [ "${DOMAINLENS_SKIP_SANITIZERS:-0}" != 1 ]; then
  "$ROOT/scripts/sanitize.sh"
  "$ROOT/scripts/fuzz.sh"  # a new crash fails the run too (it prints the input and how to reproduce it)
fi
