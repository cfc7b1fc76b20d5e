#!/usr/bin/env bash
# Run HERE (a machine with Debian 12's apt and the network): gathers what scripts/gpu-build.sh
# needs on a GPU machine that reaches nothing outside, into one folder to carry there:
#   debs/     the Debian development packages the core builds against (SQLite, Eigen,
#             SentencePiece, utf8proc, nlohmann-json, fastText, zlib) and their runtime
#             libraries, plus pkg-config, as downloaded .deb files
#   sysroot/  the same unpacked (dpkg -x): usr/include, usr/lib/x86_64-linux-gnu, usr/share
#   wheels/   cmake and ninja as pip wheels (the GPU machine may have neither)
#   data/     the labelled held-out sentences the checks encode (../shared/data/llm-dom-ad-deen-test/*.en)
#   models/   the encoder models the checks load (GPU_BUNDLE_MODELS, default all-MiniLM-L6-v2;
#             add all-mpnet-base-v2 for MPNet, 420 MB)
# Usage: scripts/gpu-bundle.sh [OUT]   (default: shared/gpu-bundle; scripts/gpu-build.sh reads it)
# Nothing here needs root: apt-get download and dpkg -x write into OUT only.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/shared/gpu-bundle}"
PKGS=(libsqlite3-dev libsqlite3-0 libeigen3-dev libsentencepiece-dev libsentencepiece0 libutf8proc-dev
      libutf8proc2 nlohmann-json3-dev libfasttext-dev libfasttext0 zlib1g-dev zlib1g pkgconf pkgconf-bin
      libpkgconf3 pkg-config)
mkdir -p "$OUT/debs" "$OUT/sysroot" "$OUT/wheels"
cd "$OUT/debs"
for p in "${PKGS[@]}"; do
  ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p" >/dev/null || { echo "gpu-bundle: cannot download $p" >&2; exit 1; }
done
for d in *.deb; do dpkg -x "$d" "$OUT/sysroot"; done
# pkg-config files name their prefix /usr: point them at the sysroot when read from there
# (gpu-build.sh sets PKG_CONFIG_SYSROOT_DIR too; this keeps a plain pkg-config call right).
PYTHON="${PYTHON:-python3}"
if ! ls "$OUT/wheels"/cmake-*.whl >/dev/null 2>&1 || ! ls "$OUT/wheels"/ninja-*.whl >/dev/null 2>&1; then
  "$PYTHON" -m pip download --quiet --only-binary=:all: --platform manylinux2014_x86_64 --python-version 3.10 \
    --dest "$OUT/wheels" cmake ninja || echo "gpu-bundle: no cmake/ninja wheels (pip download failed); gpu-build.sh needs them on the GPU machine" >&2
fi
DATA="${GPU_BUNDLE_DATA:-$ROOT/../shared/data/llm-dom-ad-deen-test}"
mkdir -p "$OUT/data" "$OUT/models"
cp "$DATA"/*.en "$OUT/data/"
MODELS_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/domainlens/models"
for m in ${GPU_BUNDLE_MODELS:-all-MiniLM-L6-v2}; do
  [ -d "$OUT/models/$m" ] || cp -r "$MODELS_DIR/$m" "$OUT/models/" ||
    { echo "gpu-bundle: model $m not installed here (scripts/install-model.sh $m)" >&2; exit 1; }
done
echo "gpu-bundle: $(ls "$OUT/debs" | wc -l) .deb files unpacked into $OUT/sysroot; wheels: $(ls "$OUT/wheels" | tr '\n' ' ')"
for h in sqlite3.h eigen3/Eigen/Core sentencepiece_processor.h utf8proc.h nlohmann/json.hpp fasttext/fasttext.h zlib.h; do
  [ -e "$OUT/sysroot/usr/include/$h" ] || { echo "gpu-bundle: missing usr/include/$h" >&2; exit 1; }
done
echo "gpu-bundle: headers and libraries present; carry $OUT to the GPU machine (run: scripts/gpu-build.sh $OUT)"
