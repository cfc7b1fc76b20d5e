#!/usr/bin/env bash
# Representation table of docs/clustering.md ("Which vectors find domains"): builds the
# 5-domain English sets from ../shared/data, encodes each ONCE with every hidden state
# (reference stack), then sweeps layers / layer means / post-processing with scikit-learn.
# Usage: bench/representations/run.sh [WORK_DIR=/tmp/rep]
#   needs .venv-ref (scripts/setup-pyref.sh) and the models installed by scripts/install-model.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
W="${1:-/tmp/rep}"
PY="${PYTHON:-$ROOT/.venv-ref/bin/python}"
M="${XDG_DATA_HOME:-$HOME/.local/share}/domainlens/models"
HERE="$ROOT/bench/representations"
DATA="$ROOT/../shared/data"
[ -d "$DATA" ] || DATA=/work/shared/data
mkdir -p "$W/data/train5" && cd "$W"
"$PY" "$HERE/make_sets.py" "$DATA/llm-dom-ad-deen-train2500" data/train5 2000
for model in all-MiniLM-L6-v2 all-mpnet-base-v2; do
  short=$([ "$model" = all-mpnet-base-v2 ] && echo mpnet || echo minilm)
  [ -f "$short.train5.layers.npy" ] || nice -n 10 "$PY" "$HERE/encode_layers.py" "$M/$model" data/train5 en "$short.train5"
done
nice -n 10 "$PY" "$HERE/sweep.py" mpnet.train5 --configs "10;12;8+10;all;8" --post raw,std --ks 5 --out sweep_mpnet_k5.jsonl
nice -n 10 "$PY" "$HERE/sweep.py" minilm.train5 --configs "6;5" --post raw,std --ks 5,10,15 --out sweep_minilm.jsonl
nice -n 10 "$PY" "$HERE/sweep.py" mpnet.train5 --configs "10;12" --post raw --ks 10,15 --out sweep_mpnet_k1015.jsonl
