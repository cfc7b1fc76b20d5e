#!/usr/bin/env bash
# A merged project of N sentences made through the real sharded path, for the workbench to
# open (docs/scale.md "The workbench on a merged project"; bench/gui/bench_gui_stall --project).
#   1. corpus "big": N unique sentences (the real slice's lines, numbered), 5 domain labels;
#      corpus "sample": SAMPLE more, for the GMM fit
#   2. encode shards of both in the format `encode --shard I/N --out DIR` writes (data file,
#      PCA moments, manifest); the vectors are the slice's real all-MiniLM-L6-v2 vectors of
#      the sentence's own domain, repeated, + Gaussian noise (sigma 0.01): SYNTHETIC (encoding
#      N real sentences takes hours here); then `domainlens-cli merge`
#   3. `cluster --corpus sample` (the fit on a sample), `assign RUN --corpus big --shard i/S`
#      for every shard, `merge`: an "assign" run with the labels and map coordinates of all N
# Each step alone under /usr/bin/time -v.
#   bench/scale/gui_project.sh      N=4000000 SHARDS=8 SAMPLE=100000 WORK=/tmp/dl-scale-gui
#   FROM=merge|assign bench/scale/gui_project.sh    resume at the encode merge, or redo step 3
#                                                   only (a new cluster run + assign run)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
CLI="$BUILD/app/domainlens-cli"; B="$BUILD/bench/scale/bench_scale"
N="${N:-4000000}"; SHARDS="${SHARDS:-8}"; SAMPLE="${SAMPLE:-100000}"
WORK="${WORK:-/tmp/dl-scale-gui}"; DATA="$ROOT/../shared/data/llm-dom-ad-deen-test"
P="$WORK/merged.dlproj"
FROM="${FROM:-start}"
[ "$FROM" = start ] && rm -rf "$WORK"
mkdir -p "$WORK"/{slice,big,sample}; rm -rf "$WORK/assign"
LOG="$WORK/results.txt"
source "$ROOT/bench/scale/measure.sh"
MEASURE_TAIL=2
say "gui_project: N=$N SHARDS=$SHARDS SAMPLE=$SAMPLE on $(nproc) cores; load at start: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$FROM" = start ]; then
# The reference vectors: 5 domains x 200 real sentences, all-MiniLM-L6-v2.
"$CLI" init "$WORK/slice.dlproj" >/dev/null
for d in medical law it koran subtitles; do
  head -n 200 "$DATA/$d.en" > "$WORK/slice/$d.en"
  "$CLI" import "$WORK/slice.dlproj" --src "$WORK/slice/$d.en" --domain-from-filename --corpus slice >/dev/null
done
measure encode-slice "$CLI" encode "$WORK/slice.dlproj" --model all-MiniLM-L6-v2 --quiet

python3 - "$WORK" "$N" "$SAMPLE" <<'PY'
import sys
work, n, sample = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
domains = ("medical", "law", "it", "koran", "subtitles")
for folder, total, mark in (("big", n, "#"), ("sample", sample, "~")):
    for k, d in enumerate(domains):
        lines = [l.strip() for l in open(f"{work}/slice/{d}.en") if l.strip()]
        rows = total // len(domains) + (k < total % len(domains))
        with open(f"{work}/{folder}/{d}.en", "w") as out:
            for i in range(rows):
                out.write(f"{lines[i % len(lines)]} {mark}{i}\n")  # unique: import drops duplicates
PY
"$CLI" init "$P" >/dev/null
for d in medical law it koran subtitles; do
  measure "import-big-$d" "$CLI" import "$P" --src "$WORK/big/$d.en" --domain-from-filename --corpus big
  "$CLI" import "$P" --src "$WORK/sample/$d.en" --domain-from-filename --corpus sample >/dev/null
done

say "== encode shards (synthetic vectors, real shard format) + merge"
measure encode-shards-big "$B" encode-shards "$P" big "$WORK/slice.dlproj" "$WORK/encode-big" "$SHARDS"
measure encode-shards-sample "$B" encode-shards "$P" sample "$WORK/slice.dlproj" "$WORK/encode-sample" 1
fi
if [ "$FROM" != assign ]; then
measure merge-encode-big "$CLI" merge "$P" "$WORK/encode-big"
measure merge-encode-sample "$CLI" merge "$P" "$WORK/encode-sample"
fi

say "== GMM fit on the sample corpus, assign every shard of big, merge"
measure cluster-sample "$CLI" cluster "$P" --corpus sample --k 5 --pca 50 --seeds 1 --no-kmeans-baseline
RUN=$("$CLI" info "$P" --json | python3 -c 'import json,sys; print(max(r["id"] for r in json.load(sys.stdin)["runs"] if r["kind"] == "cluster"))')
for ((i = 0; i < SHARDS; i++)); do
  measure "assign-$i" "$CLI" assign "$P" "$RUN" --corpus big --shard "$i/$SHARDS" --out "$WORK/assign" --quiet
done
measure merge-assign "$CLI" merge "$P" "$WORK/assign"
say "  project: $(du -h "$P" | cut -f1); encode shards $(du -sh "$WORK/encode-big" | cut -f1)"
say "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
