#!/usr/bin/env bash
# Encoder throughput of bench_encode commands (e.g. the binaries before / after a change; a
# command may start with env VAR=VALUE), run back to back and alternating per precision, so
# that all see the same machine load: the first
# N sentences of the shuffled 7-domain English pool (as run_bench.sh), all-MiniLM-L6-v2,
# 2 threads, the encode defaults (16,384 padded tokens in flight, two inference workers).
# Prints sentences/s and peak RSS per binary and precision, and the load average.
# usage: BENCHES="CMD_A;CMD_B[;...]" bench/encode/speed_ab.sh [N=3000] [PRECISIONS="fp32 bf16 int8"] [MODEL]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
IFS=';' read -r -a benches <<< "${BENCHES:?BENCHES=\"CMD_A;CMD_B\"}"
n=${1:-3000}; precisions=${2:-fp32 bf16 int8}; model=${3:-all-MiniLM-L6-v2}
data="$here/../../../shared/data"
models=${XDG_DATA_HOME:-$HOME/.local/share}/domainlens/models
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat "$data"/llm-dom-ad-deen-train2500/*.en "$data"/llm-dom-ad-deen-test/*.en |
  shuf --random-source=<(yes) > "$work/all.txt"
head -n "$n" "$work/all.txt" > "$work/s.txt"
echo "# $(date -u); load $(cut -d' ' -f1-3 /proc/loadavg); $model, $n sentences"
for p in $precisions; do
  for i in "${!benches[@]}"; do
    # shellcheck disable=SC2086 # a command with its env assignments
    /usr/bin/time -v -o "$work/time.txt" ${benches[$i]} --model "$models/$model" --sentences "$work/s.txt" --threads 2 \
      --batch 256 --batch-tokens 16384 --max-length 256 --precision "$p" --limit 100000000 > "$work/out.json"
    rss=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print int($2 / 1024)}' "$work/time.txt")
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print("%s %s: %.1f sentences/s, peak RSS %s MB, load %s" % (sys.argv[2], sys.argv[3], j["sentences_per_second"], sys.argv[4], open("/proc/loadavg").read().split()[0]))' \
      "$work/out.json" "${benches[$i]}" "$p" "$rss"
  done
done
