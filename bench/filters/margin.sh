#!/usr/bin/env bash
# The bitext margin rule on pairs corrupted on purpose (bench/filters/RESULTS.md, "Bitext: the
# margin"): de-en (llm-dom-ad-deen-test, 7 domains x 500 pairs, plus 40 pairs per domain of each
# corruption, bitext_bench.py make, seed 1, the same pairs as bitext.sh), both sides encoded
# with multilingual-e5-small (its default prefix, last layer, mean pooling), then one bitext run
# with the defaults plus --margin-min M; bitext_bench.py eval sweeps each rule's threshold, the
# margin's included, and reports the run's precision/recall.
# Usage: bench/filters/margin.sh [BUILD_DIR] [M (default 1.0)] [PROJECT (reuse an encoded one)]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${1:-$ROOT/build}/app/domainlens-cli"
M="${2:-1.0}"
P="${3:-}"
DATA="$ROOT/../shared/data"
B="$ROOT/bench/filters/bitext_bench.py"
if [ -z "$P" ]; then
  OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
  P="$OUT/margin.dlproj"
  python3 "$B" make "$OUT/deen.tsv" "$DATA/llm-dom-ad-deen-test" en de
  "$CLI" init "$P" >/dev/null
  "$CLI" import "$P" --src "$OUT/deen.tsv" --format tsv --columns src,tgt,domain --corpus deen --src-lang en \
    --tgt-lang de --keep-duplicates --quiet >/dev/null
  for side in src tgt; do
    "$CLI" encode "$P" --corpus deen --model multilingual-e5-small --side "$side" --quiet
  done
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(date -u +%FT%TZ)"
RUN=$("$CLI" filter "$P" --corpus deen --kind bitext --margin-min "$M" --json |
  python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["run"]); print("run: %.2f s for %d pairs (margin k-NN included)" % (j["seconds"], j["sentences"]), file=sys.stderr)')
python3 "$B" eval "$P" "$RUN"
