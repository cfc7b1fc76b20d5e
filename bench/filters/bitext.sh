#!/usr/bin/env bash
# filter --kind bitext on pairs corrupted on purpose (bench/filters/RESULTS.md): for de-en
# (llm-dom-ad-deen-test, 7 domains x 500 pairs), en-fr (llm-dom-ad-enfr-test) and europarl-deen
# (3,000 pairs), every clean pair plus 40 pairs per domain and corruption (shuffled, truncated,
# copy, digits, repeat; bitext_bench.py make), imported as TSV with the corruption in the domain
# column. One filter run per corpus at the defaults; bitext_bench.py eval reads the runs' per-pair
# scores and sweeps each rule's threshold (recall per corruption, false removals on clean pairs
# per domain) and reports the run's own precision/recall. Speed: the run's seconds, and a run on
# europarl repeated 20 times (60,000 pairs; repeated data).
# Usage: bench/filters/bitext.sh [BUILD_DIR] [filter options, e.g. --max-char-ratio 2.5]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${1:-$ROOT/build}/app/domainlens-cli"; shift || true
DATA="$ROOT/../shared/data"
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
P="$OUT/bitext.dlproj"
"$CLI" init "$P" >/dev/null
B="$ROOT/bench/filters/bitext_bench.py"
python3 "$B" make "$OUT/deen.tsv" "$DATA/llm-dom-ad-deen-test" en de
python3 "$B" make "$OUT/enfr.tsv" "$DATA/llm-dom-ad-enfr-test" en fr
python3 "$B" make "$OUT/europarl.tsv" "$DATA/europarl-deen" en de
for c in deen enfr europarl; do
  "$CLI" import "$P" --src "$OUT/$c.tsv" --format tsv --columns src,tgt,domain --corpus "$c" --src-lang en \
    --tgt-lang "$([ $c = enfr ] && echo fr || echo de)" --keep-duplicates --quiet >/dev/null
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(date -u +%FT%TZ)"
RUNS=()
for c in deen enfr europarl; do
  RUNS+=("$("$CLI" filter "$P" --corpus "$c" --kind bitext --json "$@" | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')")
done
python3 "$B" eval "$P" "${RUNS[@]}"
echo
for i in $(seq 20); do paste "$DATA/europarl-deen/europarl.en" "$DATA/europarl-deen/europarl.de"; done > "$OUT/big.tsv"
"$CLI" import "$P" --src "$OUT/big.tsv" --format tsv --columns src,tgt --corpus big --src-lang en --tgt-lang de \
  --keep-duplicates --quiet >/dev/null
"$CLI" filter "$P" --corpus big --kind bitext --json | python3 -c '
import json, sys
j = json.load(sys.stdin)
print("speed: %d pairs (europarl x 20, repeated data) in %.2f s: %.0f pairs/s (whole run: read, score, store)"
      % (j["sentences"], j["seconds"], j["sentences"] / j["seconds"]))'
