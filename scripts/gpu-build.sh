#!/usr/bin/env bash
# Run ON a GPU machine that reaches nothing outside, in the checkout, with the folder that
# scripts/gpu-bundle.sh gathered (docs/gpu.md). Builds the Qt-free core, bench_encode, bench_gmm
# and the Python module (DOMAINLENS_CORE_ONLY; the CLI and GUI need Qt, which such a machine
# lacks) against the PyTorch that machine ships (Torch_DIR from torch.utils.cmake_prefix_path,
# its CUDA) and the bundle's unpacked Debian packages. scripts/gpu-measure.py then measures.
# Writes BUILD/gpu-build.done holding the exit status when it ends (a caller may poll for it).
# Usage: scripts/gpu-build.sh [BUNDLE]   (default .gpu; BUILD: $DOMAINLENS_BUILD_DIR or build-gpu)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUNDLE="$(cd "${1:-$ROOT/.gpu}" && pwd)"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build-gpu}"
PY="${PYTHON:-python3}"
mkdir -p "$BUILD"
rm -f "$BUILD/gpu-build.done"
trap 'echo $? > "$BUILD/gpu-build.done"' EXIT
echo "gpu-build: $(date -u +%FT%TZ) on $(hostname), $(nproc) cores"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
c++ --version | head -1

# The Debian packages, unpacked once (the bundle carries them as one archive).
SYS="$BUNDLE/sysroot"
[ -d "$SYS/usr/include" ] || { mkdir -p "$SYS" && tar xzf "$BUNDLE/sysroot.tgz" -C "$BUNDLE"; }
# cmake and ninja: the machine's, else the bundle's wheels; pybind11: the bundle's wheel.
TOOLS="$BUILD/tools"
"$PY" -m pip install --quiet --no-index --no-deps --target "$TOOLS" "$BUNDLE"/wheels/pybind11-*.whl
if ! command -v cmake >/dev/null || ! command -v ninja >/dev/null; then
  "$PY" -m pip install --quiet --no-index --no-deps --target "$TOOLS" "$BUNDLE"/wheels/cmake-*.whl "$BUNDLE"/wheels/ninja-*.whl
  export PATH="$TOOLS/bin:$PATH"
fi
export PYTHONPATH="$TOOLS${PYTHONPATH:+:$PYTHONPATH}"
# TORCH_PREFIX: another libtorch's CMake prefix (a dry run of this script where python3 has no torch).
if [ -z "${TORCH_PREFIX:-}" ]; then
  TORCH_PREFIX="$("$PY" -c 'import torch; print(torch.utils.cmake_prefix_path)')"
  "$PY" -c 'import torch; print("gpu-build: torch", torch.__version__, "CUDA", torch.version.cuda, "available", torch.cuda.is_available(), "cxx11 abi", torch._C._GLIBCXX_USE_CXX11_ABI)'
fi
ARCH=x86_64-linux-gnu
export PKG_CONFIG_PATH="$SYS/usr/lib/$ARCH/pkgconfig:$SYS/usr/share/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$SYS"
command -v pkg-config >/dev/null || export PATH="$PATH:$SYS/usr/bin"

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDOMAINLENS_CORE_ONLY=ON \
  -DDOMAINLENS_WITH_ARROW=OFF -DDOMAINLENS_PCH=OFF -DDOMAINLENS_PYTHON_PTH=OFF -DDOMAINLENS_PYTHON="$(command -v "$PY")" \
  -DCMAKE_PREFIX_PATH="$TORCH_PREFIX;$SYS/usr" \
  -DCMAKE_INCLUDE_PATH="$SYS/usr/include" -DCMAKE_LIBRARY_PATH="$SYS/usr/lib/$ARCH" \
  -DEigen3_DIR="$SYS/usr/share/eigen3/cmake" -Dnlohmann_json_DIR="$SYS/usr/share/cmake/nlohmann_json"
# GPU_BUILD_KEEP_GOING=1: every failing unit in one pass (a first build on a new compiler).
cmake --build "$BUILD" -j "$(nproc)" --target bench_encode bench_gmm domainlens_python ${GPU_BUILD_KEEP_GOING:+-- -k 0}
ls "$BUILD"/python/domainlens/_core*.so "$BUILD"/bench/encode/bench_encode "$BUILD"/bench/gmm/bench_gmm
echo "gpu-build: done $(date -u +%FT%TZ)"
