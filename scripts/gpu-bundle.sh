#!/usr/bin/env bash
# Run HERE (a machine with Debian 12's apt and the network): gathers what scripts/gpu-build.sh and
# scripts/gpu-measure.py need on a GPU machine that reaches nothing outside (docs/gpu.md), laid
# out to travel in calls of at most 64 MiB (the working tree, ~21 MiB, travels with each):
#   OUT/sysroot.tgz   the Debian development packages the core builds against (SQLite, Eigen,
#                     SentencePiece, utf8proc, nlohmann-json, fastText, zlib) and their runtime
#                     libraries, plus pkg-config, unpacked (dpkg -x) and archived (5 MB)
#   OUT/wheels/       pybind11 (pip wheel) for the Python module (the machine has cmake and ninja;
#                     GPU_BUNDLE_TOOLS=1 adds their wheels, 30 MB, for one that has not)
#   OUT/data/         the English sides of ../shared/data/llm-dom-ad-deen-{train2500,test}
#   OUT/xdg/domainlens/models/all-MiniLM-L6-v2/   the model's files except its weights
#   OUT/mpnet-config/ all-mpnet-base-v2's files except its weights (gpu-measure.py's mpnet step
#                     draws random weights of that shape there: the 420 MB of real ones cannot travel)
#   OUT-m1/, OUT-m2/  MiniLM's model.safetensors, xz-compressed and split in two (41 MB each), one
#                     folder per call; OUT/weights.sha256 checks the reassembled file
#   OUT-mpnet/, OUT-mpnet-p1/ ... -p5/   with GPU_BUNDLE_MPNET=1: all-mpnet-base-v2's real weights,
#                     fp16-rounded, byte planes apart, xz (scripts/gpu-weights.py): 187 MB in five parts,
#                     the first (33 MB) small enough to travel with OUT; gpu-measure.py's mpnet-* steps
# Usage: scripts/gpu-bundle.sh [OUT]   (default: .gpu, with .gpu-m1 and .gpu-m2 beside it; all three git-ignored)
# Nothing here needs root: apt-get download and dpkg -x write into OUT only.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/.gpu}"
PKGS=(libsqlite3-dev libsqlite3-0 libeigen3-dev libsentencepiece-dev libsentencepiece0 libutf8proc-dev
      libutf8proc2 nlohmann-json3-dev libfasttext-dev libfasttext0 zlib1g-dev zlib1g pkgconf pkgconf-bin
      libpkgconf3 pkg-config)
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT/wheels" "$TMP/debs" "$TMP/sysroot"
(cd "$TMP/debs" && for p in "${PKGS[@]}"; do
  apt-get download "$p" >/dev/null 2>&1 || { echo "gpu-bundle: cannot download $p" >&2; exit 1; }
done)
for d in "$TMP"/debs/*.deb; do dpkg -x "$d" "$TMP/sysroot"; done
# Absolute links (zlib1g-dev's libz.so -> /lib/x86_64-linux-gnu/libz.so.1.2.13) point out of the
# sysroot; there they dangle, and CMake falls back to libz.a. Made relative, inside it.
find "$TMP/sysroot" -type l -lname '/*' | while read -r l; do
  ln -sfn "$(realpath -m --relative-to="$(dirname "$l")" "$TMP/sysroot$(readlink "$l")")" "$l"
done
for h in sqlite3.h eigen3/Eigen/Core sentencepiece_processor.h utf8proc.h nlohmann/json.hpp fasttext/fasttext.h zlib.h; do
  [ -e "$TMP/sysroot/usr/include/$h" ] || { echo "gpu-bundle: missing usr/include/$h" >&2; exit 1; }
done
tar czf "$OUT/sysroot.tgz" -C "$TMP" --exclude=sysroot/usr/share/doc --exclude=sysroot/usr/share/man \
  --exclude=sysroot/usr/share/lintian sysroot
PYTHON="${PYTHON:-python3}"
"$PYTHON" -m pip download --quiet --no-deps --only-binary=:all: --dest "$OUT/wheels" "pybind11==2.13.6"
if [ "${GPU_BUNDLE_TOOLS:-0}" = 1 ]; then
  "$PYTHON" -m pip download --quiet --only-binary=:all: --platform manylinux2014_x86_64 --python-version 3.12 \
    --dest "$OUT/wheels" cmake ninja
fi
DATA="${GPU_BUNDLE_DATA:-$ROOT/../shared/data}"
for split in llm-dom-ad-deen-train2500 llm-dom-ad-deen-test; do
  mkdir -p "$OUT/data/$split"
  cp "$DATA/$split"/*.en "$OUT/data/$split/"
done
MODELS_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/domainlens/models"
copy_without_weights() {  # SRC DST
  mkdir -p "$2"
  (cd "$1" && find . -type f ! -name 'model.safetensors' ! -name '*.bin' ! -name '*.onnx' -print0 |
    xargs -0 -I{} cp --parents {} "$2/")
}
for m in all-MiniLM-L6-v2 all-mpnet-base-v2; do
  [ -d "$MODELS_DIR/$m" ] || { echo "gpu-bundle: model $m not installed here (scripts/install-model.sh $m)" >&2; exit 1; }
done
copy_without_weights "$MODELS_DIR/all-MiniLM-L6-v2" "$OUT/xdg/domainlens/models/all-MiniLM-L6-v2"
copy_without_weights "$MODELS_DIR/all-mpnet-base-v2" "$OUT/mpnet-config"
W="$MODELS_DIR/all-MiniLM-L6-v2/model.safetensors"
(cd "$(dirname "$W")" && sha256sum model.safetensors) > "$OUT/weights.sha256"
xz -T0 -6 -c "$W" > "$TMP/w.xz"
half=$(( ($(stat -c %s "$TMP/w.xz") + 1) / 2 ))
mkdir -p "$OUT-m1" "$OUT-m2"
head -c "$half" "$TMP/w.xz" > "$OUT-m1/weights.xz.part1"
tail -c +"$((half + 1))" "$TMP/w.xz" > "$OUT-m2/weights.xz.part2"
if [ "${GPU_BUNDLE_MPNET:-0}" = 1 ]; then
  rm -rf "$OUT-mpnet" "$OUT"-mpnet-p*
  "$PYTHON" "$ROOT/scripts/gpu-weights.py" pack "$MODELS_DIR/all-mpnet-base-v2/model.safetensors" "$OUT-mpnet" 5 33000000
fi
du -sh "$OUT" "$OUT-m1" "$OUT-m2"
echo "gpu-bundle: ready; carry $OUT (build), then $OUT-m1, then $OUT-m2 (measure): docs/gpu.md"
