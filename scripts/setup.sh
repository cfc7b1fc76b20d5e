#!/usr/bin/env bash
# Installs what DomainLens needs on a fresh Debian 12 machine: the system packages it
# builds against (only when missing) and the default encoder model (only when missing).
# Usage: scripts/setup.sh [--no-model]
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  lld  # the linker CMakeLists.txt prefers (docs/build-time.md)
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev
  libqcustomplot-dev libgl-dev
  libtorch-dev libopenblas0-pthread libopenblas-pthread-dev
  libeigen3-dev libsqlite3-dev zlib1g-dev libsentencepiece-dev libutf8proc-dev nlohmann-json3-dev
  libfasttext-dev  # filter --kind langid (lid.176: scripts/install-model.sh)
  xvfb xauth imagemagick unzip time python3 python3-pip python3-venv
  python3-dev  # the Python module (python/): Python.h for Debian's python3
  # scripts/fuzz.sh: libFuzzer + ASan runtimes (clang 16: the oldest Debian clang whose
  # C++23 support compiles libstdc++ 12's <expected>)
  clang-16 libclang-rt-16-dev
  # scripts/format.sh and scripts/tidy.sh: the house format and checks (.clang-format, .clang-tidy)
  clang-format-16 clang-tidy-16
  # the cluster tests (label `cluster`): a real single-node Slurm (scripts/slurm-cluster.sh)
  # and Open MPI for cluster --mpi (docs/scale.md)
  slurmctld slurmd slurm-client munge libopenmpi-dev openmpi-bin
  # tst_cli_share: the shared map opened in a real browser (headless Chromium)
  chromium
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${#missing[@]} Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Python module (python/, docs/python.md) and its suite: pybind11 from pip (Debian 12's
# pybind11-dev is 2.10; numpy 2 needs 2.12 or later), numpy, pytest, pandas (optional for users:
# Project.sentences() is a DataFrame with it; the suite tests that path, so it must not skip);
# for the python3 on PATH (the one python/CMakeLists.txt builds for), only when missing.
PY_PACKAGES=("pybind11==2.13.6" "numpy" "pytest" "pandas")
py_missing=()
python3 -c 'import pybind11; assert pybind11.version_info[:2] >= (2, 12)' 2>/dev/null || py_missing+=("${PY_PACKAGES[0]}")
python3 -c 'import numpy' 2>/dev/null || py_missing+=("${PY_PACKAGES[1]}")
python3 -c 'import pytest' 2>/dev/null || py_missing+=("${PY_PACKAGES[2]}")
python3 -c 'import pandas' 2>/dev/null || py_missing+=("${PY_PACKAGES[3]}")
if [ ${#py_missing[@]} -gt 0 ]; then
  echo "setup: installing for $(python3 -c 'import sys; print(sys.executable)'): ${py_missing[*]}"
  # Debian's own python3 marks its site-packages externally managed (PEP 668): pip needs the flag there.
  python3 -m pip install -q "${py_missing[@]}" 2>/dev/null ||
    python3 -m pip install -q --break-system-packages "${py_missing[@]}"
fi

# libtorch uses whatever libblas.so.3 points at; the reference BLAS is ~8x slower (ARCHITECTURE.md).
if command -v update-alternatives >/dev/null; then
  blas=$(update-alternatives --query libblas.so.3-x86_64-linux-gnu 2>/dev/null | awk '/^Value:/{print $2}')
  case "$blas" in *openblas*) ;; *)
    echo "setup: warning: libblas.so.3 points at '${blas:-?}', not OpenBLAS; encoding will be slow." >&2 ;;
  esac
fi

# Parquet and Hugging Face datasets (docs/parquet.md): Debian 12 has no Arrow C++; the build links
# the Arrow/Parquet C++ libraries that the pyarrow wheel ships (cmake/DomainLensArrow.cmake), from a
# venv of pinned versions (datasets: the tests' fixtures and the benchmark's reference). Idempotent:
# nothing is downloaded when the pinned versions are there. When PyPI is unreachable the rest of
# the build still works (configure warns; --parquet/--hf-dataset/--format parquet then say so).
ARROW_VENV="${DOMAINLENS_ARROW_VENV:-$(cd "$(dirname "$0")/.." && pwd)/.venv-arrow}"
PYARROW_VERSION=26.0.1
DATASETS_VERSION=5.2.0
if ! "$ARROW_VENV/bin/python" -c "import pyarrow, datasets, sys; sys.exit(pyarrow.__version__ != '$PYARROW_VERSION' or datasets.__version__ != '$DATASETS_VERSION')" 2>/dev/null; then
  echo "setup: installing pyarrow $PYARROW_VERSION and datasets $DATASETS_VERSION into $ARROW_VENV"
  { [ -x "$ARROW_VENV/bin/python" ] || python3 -m venv "$ARROW_VENV"; } &&
    "$ARROW_VENV/bin/pip" install -q --disable-pip-version-check "pyarrow==$PYARROW_VERSION" \
      "datasets==$DATASETS_VERSION" ||
    echo "setup: warning: could not install pyarrow into $ARROW_VENV; Parquet and HF datasets will not be built." >&2
fi

[ "${1:-}" = "--no-model" ] && exit 0
"$(dirname "$0")/install-model.sh"  # the default (all-mpnet-base-v2, docs/clustering.md), all-MiniLM-L6-v2, lid.176, multilingual-e5-small
