#!/usr/bin/env bash
# Builds the torch-free part of core and its test suites (tests/core/*: import, store, migration,
# tokenizers, safetensors, n-gram LM, export, shards; see tests/fuzz/SanitizeSuites.cmake) with
# AddressSanitizer + UndefinedBehaviorSanitizer into build-asan (scripts/build-asan.sh: preset
# asan-ubsan, clang 16; the same build holds the fuzz targets of scripts/fuzz.sh, built here
# too) and runs them through CTest (label "sanitize", names asan_*). Qt and SQLite are not
# instrumented; the narrow suppressions are in tests/fuzz/sanitizer/.
# Usage: scripts/sanitize.sh [ctest args...]
# Environment: DOMAINLENS_ASAN_BUILD_DIR (default build-asan), JOBS (build jobs and suites run
# at once, default nproc).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DOMAINLENS_ASAN_BUILD_DIR:-$ROOT/build-asan}"
SUPP="$ROOT/tests/fuzz/sanitizer"

start=$(date +%s)
"$ROOT/scripts/build-asan.sh"
built=$(date +%s)

# detect_leaks: on (our code); leaks inside libtorch/Qt/OpenBLAS start-up are suppressed by name.
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$SUPP/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$SUPP/ubsan.supp${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
status=0
(cd "$BUILD" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 -j "${JOBS:-$(nproc)}" -L sanitize "$@") || status=$?
end=$(date +%s)
echo "sanitize: build $((built - start)) s, tests $((end - built)) s (ASan + UBSan)"
exit $status
