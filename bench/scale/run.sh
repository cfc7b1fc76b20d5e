#!/usr/bin/env bash
# The sharded path at N sentences on this machine (docs/scale.md). Encoding N = 10M real
# sentences is out of reach here (~200 sentences/s with MiniLM on 2 cores), so the encode rate
# is measured on a real slice (1000 sentences MiniLM, one --shard worker, 100 sentences MPNet),
# and the 10M vector set is the slice's real MiniLM vectors
# repeated with Gaussian noise (sigma 0.01) -- synthetic, said so in every figure.
# Each worker step runs alone under /usr/bin/time -v (wall time, peak RSS).
#   bench/scale/run.sh            N=10000000 SHARDS=10 MERGE_ROWS=1000000 WORK=/tmp/dl-scale
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
CLI="$BUILD/app/domainlens-cli"; B="$BUILD/bench/scale/bench_scale"
N="${N:-10000000}"; SHARDS="${SHARDS:-10}"; MERGE_ROWS="${MERGE_ROWS:-1000000}"
WORK="${WORK:-/tmp/dl-scale}"; DATA="$ROOT/../shared/data/llm-dom-ad-deen-test"
rm -rf "$WORK"; mkdir -p "$WORK"
LOG="$WORK/results.txt"
source "$ROOT/bench/scale/measure.sh"
say "bench/scale on $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"

say "== encode rate on a real slice (5 domains x 200 sentences, en)"
"$CLI" init "$WORK/slice.dlproj" >/dev/null
for d in medical law it koran subtitles; do
  head -n 200 "$DATA/$d.en" > "$WORK/$d.en"
  "$CLI" import "$WORK/slice.dlproj" --src "$WORK/$d.en" --domain-from-filename --corpus slice >/dev/null
done
cp "$WORK/slice.dlproj" "$WORK/slice-shard.dlproj"
measure encode-minilm "$CLI" encode "$WORK/slice.dlproj" --model all-MiniLM-L6-v2 --quiet
measure encode-minilm-shard "$CLI" encode "$WORK/slice-shard.dlproj" --model all-MiniLM-L6-v2 --shard 0/4 --out "$WORK/encode-shards" --quiet
say "  one encode shard (250 sentences): $(du -ch "$WORK"/encode-shards/* | tail -n 1 | cut -f1) on disk"
head -n 20 -q "$WORK"/{medical,law,it,koran,subtitles}.en > "$WORK/mpnet.en"
"$CLI" init "$WORK/mpnet.dlproj" >/dev/null
"$CLI" import "$WORK/mpnet.dlproj" --src "$WORK/mpnet.en" >/dev/null
measure encode-mpnet "$CLI" encode "$WORK/mpnet.dlproj" --quiet

say "== $N synthetic vectors (real MiniLM vectors repeated + noise) in $SHARDS float16 shards"
measure synth "$B" synth "$WORK/slice.dlproj" "$WORK/shards" "$N" "$SHARDS"
say "  shard files: $(du -sh "$WORK/shards" | cut -f1) ($(ls "$WORK"/shards/vectors-* | wc -l) files)"

say "== PCA statistics per shard (count, sum, sum of outer products; float64)"
for ((i = 0; i < SHARDS; i++)); do measure "stats-$i" "$B" stats "$WORK/shards" "$i" "$SHARDS"; done

say "== PCA from the summed statistics, GMM (k = 10, full, PCA 50) on a 200000-row sample"
measure fit "$B" fit "$WORK/shards" 10 50 200000 "$SHARDS"

say "== assign per shard (projection + E-step)"
for ((i = 0; i < SHARDS; i++)); do measure "assign-$i" "$B" assign "$WORK/shards" "$i" "$SHARDS"; done

say "== EM iteration time, one process, 200000 rows"
measure em "$B" em "$WORK/shards" 200000 10 50 4 "$SHARDS"

say "== merge $MERGE_ROWS rows into a project (import the sentences first)"
python3 - "$WORK" "$MERGE_ROWS" <<'PY'
import sys, itertools
work, rows = sys.argv[1], int(sys.argv[2])
lines = [l.strip() for d in ("medical", "law", "it", "koran", "subtitles") for l in open(f"{work}/{d}.en") if l.strip()]
with open(f"{work}/merge.en", "w") as out:
    for i in range(rows):
        out.write(f"{lines[i % len(lines)]} #{i}\n")  # unique lines: import drops duplicates
PY
"$CLI" init "$WORK/merged.dlproj" >/dev/null
measure import "$CLI" import "$WORK/merged.dlproj" --src "$WORK/merge.en" --corpus big
measure merge "$B" merge "$WORK/merged.dlproj" "$WORK/shards" "$SHARDS" "$MERGE_ROWS"
say "  project with $MERGE_ROWS sentences, vectors and labels: $(du -h "$WORK/merged.dlproj" | cut -f1)"
say "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
