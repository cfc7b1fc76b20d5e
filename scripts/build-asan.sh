#!/usr/bin/env bash
# Configures (preset asan-ubsan) and builds the sanitizer build, build-asan: the torch-free core
# compiled once with ASan + UBSan (+ libFuzzer coverage) by clang 16, for the ASan + UBSan suites
# (scripts/sanitize.sh) and the fuzz targets (scripts/fuzz.sh); tests/fuzz/SanitizeSuites.cmake.
# Usage: scripts/build-asan.sh [TARGET...]   (default: domainlens_sanitize_suites domainlens_fuzz_targets)
# Environment: DOMAINLENS_ASAN_BUILD_DIR (default build-asan), JOBS (default nproc), Torch_DIR.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DOMAINLENS_ASAN_BUILD_DIR:-$ROOT/build-asan}"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"

# clang 16 is the oldest Debian clang whose C++23 support compiles libstdc++ 12's <expected>.
cxx=$("$ROOT/scripts/find-llvm-tool.sh" clang++ 16) ||
  { echo "build-asan: clang++ >= 16 not found (scripts/setup.sh installs clang-16)" >&2; exit 1; }
# A build-asan configured with another compiler (g++ before the fuzz targets joined it) starts afresh.
cached=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)
if [ -n "$cached" ] && [ "$cached" != "$cxx" ]; then
  rm -rf "$BUILD/CMakeCache.txt" "$BUILD/CMakeFiles"
fi
cmake -S "$ROOT" --preset asan-ubsan -B "$BUILD" -DCMAKE_CXX_COMPILER="$cxx" ${Torch_DIR:+-DTorch_DIR="$Torch_DIR"} >/dev/null
[ $# -gt 0 ] || set -- domainlens_sanitize_suites domainlens_fuzz_targets
cmake --build "$BUILD" -j "${JOBS:-$(nproc)}" --target "$@"
