#!/usr/bin/env bash
# Peak RSS of `domainlens-cli encode` on a corpus large enough to show the plateau:
# imports CORPUS (one sentence per line; bench/encode/memory_corpus.py builds one) into a
# fresh project, encodes it with MODEL at PRECISION and the CLI's defaults (chunks of 4,096
# sentences, 16,384 padded tokens in flight, two inference workers) under /usr/bin/time -v,
# and samples the encode's VmRSS every second. Prints one line: peak RSS (time -v), the
# highest RSS in each quarter of the run (flat after the first = what a larger corpus costs),
# sentences/s, load average; the samples go to OUT_DIR/rss-MODEL-PRECISION.tsv.
# usage: [ENCODE_ARGS="--batch-tokens 8192"] bench/encode/memory.sh BUILD_DIR MODEL PRECISION CORPUS [OUT_DIR]
set -euo pipefail
build=${1:?build dir}; model=${2:?model}; precision=${3:?precision}; corpus=${4:?corpus file}
outdir=${5:-.}
cli="$build/app/domainlens-cli"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cli" init "$work/p.dlproj" > /dev/null
"$cli" import "$work/p.dlproj" --src "$corpus" --src-lang en --corpus mem > /dev/null
samples="$outdir/rss-$model-$precision.tsv"
load0=$(cut -d' ' -f1 /proc/loadavg)
/usr/bin/time -v -o "$work/time.txt" "$cli" encode "$work/p.dlproj" --model "$model" --precision "$precision" \
  --json --quiet ${ENCODE_ARGS:-} > "$work/enc.json" &
timer=$!
# time -v forks the CLI: sample that child's VmRSS once a second until it exits.
child=""
for _ in $(seq 50); do child=$(pgrep -P "$timer" || true); [ -n "$child" ] && break; sleep 0.1; done
printf 's\trss_mb\n' > "$samples"
t=0
while [ -n "$child" ] && kb=$(awk '/^VmRSS/ {print $2}' "/proc/$child/status" 2>/dev/null) && [ -n "$kb" ]; do
  printf '%d\t%d\n' "$t" $((kb / 1024)) >> "$samples"
  sleep 1; t=$((t + 1))
done
wait "$timer"
load1=$(cut -d' ' -f1 /proc/loadavg)
peak=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print int($2 / 1024)}' "$work/time.txt")
python3 - "$work/enc.json" "$samples" "$peak" "$load0" "$load1" "$model" "$precision" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
rows = [tuple(map(int, l.split("\t"))) for l in open(sys.argv[2]).read().splitlines()[1:]]
q = [max((r for _, r in rows[i * len(rows) // 4:(i + 1) * len(rows) // 4]), default=0) for i in range(4)]
print("%s %s: %d sentences, peak RSS %s MB (time -v); max RSS per quarter of the run %s MB; %.1f sentences/s; %d s; load %s -> %s"
      % (sys.argv[6], sys.argv[7], j["encoded"], sys.argv[3], " / ".join(map(str, q)), j["sentences_per_second"],
         len(rows), sys.argv[4], sys.argv[5]))
PY
