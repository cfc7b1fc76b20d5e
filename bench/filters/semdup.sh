#!/usr/bin/env bash
# filter --kind semantic-dup per eps (bench/filters/RESULTS.md): the 3,500 English lines of
# llm-dom-ad-deen-test (7 domains; exact duplicates dropped as import does) plus a planted variant of
# every tenth (upper case, punctuation, a number, one word dropped: semdup_bench.py make), encoded
# with all-MiniLM-L6-v2 and clustered with k = 7; then one semantic-dup run per eps: the removed
# share, the planted pairs joined, what it removes outside them, and examples near the threshold.
# Then the pass alone at scale: bench_semdup (build target) on the vectors repeated 10 and 40 times.
# Usage: bench/filters/semdup.sh [BUILD_DIR]   (needs all-MiniLM-L6-v2: scripts/install-model.sh)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${1:-$ROOT/build}/app/domainlens-cli"
DATA="$ROOT/../shared/data"
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
P="$OUT/semdup.dlproj"
B="$ROOT/bench/filters/semdup_bench.py"
"$CLI" init "$P" >/dev/null
python3 "$B" make "$OUT/all.en" "$DATA/llm-dom-ad-deen-test" en
"$CLI" import "$P" --src "$OUT/all.en" --corpus c --src-lang en --quiet >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(date -u +%FT%TZ)"
"$CLI" encode "$P" --model all-MiniLM-L6-v2 --quiet
"$CLI" cluster "$P" --corpus c --k 7 --quiet | tail -1
RUNS=()
for eps in 0.005 0.01 0.02 0.05 0.1 0.15 0.2; do
  RUNS+=("$("$CLI" filter "$P" --corpus c --kind semantic-dup --eps "$eps" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')")
done
python3 "$B" eval "$P" "$OUT/all.en.map" "${RUNS[@]}"
BENCH="${1:-$ROOT/build}/bench/filters/bench_semdup"
if [ -x "$BENCH" ]; then
  echo
  echo "scale (bench_semdup: the vectors and clusters repeated with noise; repeated data):"
  for r in 10 40; do "$BENCH" "$P" "$r" 0.05; done
else
  echo "(build bench_semdup for the scale figures)"
fi
