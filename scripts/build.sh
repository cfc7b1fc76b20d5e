#!/usr/bin/env bash
# Configures (CMakePresets.json, preset `dev`) and builds DomainLens into build/ (ccache, Ninja).
# Extra arguments go to cmake. Set Torch_DIR to build against another libtorch (e.g. a CUDA
# build) instead of Debian's; DOMAINLENS_BUILD_DIR, CMAKE_BUILD_TYPE and JOBS as before.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
# Relative paths in the cache key: a fresh clone elsewhere (CI) reuses what this machine compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
JOBS="${JOBS:-$(nproc)}"
cmake -S "$ROOT" --preset dev -B "$BUILD" ${CMAKE_BUILD_TYPE:+-DCMAKE_BUILD_TYPE="$CMAKE_BUILD_TYPE"} \
  ${Torch_DIR:+-DTorch_DIR="$Torch_DIR"} "$@" >/dev/null
cmake --build "$BUILD" -j "$JOBS"
