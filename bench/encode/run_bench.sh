#!/usr/bin/env bash
# The encoder comparison in one go (so that every ratio is measured under the same load):
# sentence-transformers at batch 32/64/128/256 (its best is the anchor) and DomainLens at
# fp32 / bf16 / int8, for all-MiniLM-L6-v2 and all-mpnet-base-v2, on the same real sentences,
# the same max length and the same threads. Each run is its own process under
# /usr/bin/time -v (peak RSS). Prints one JSON line per run, then a summary table with
# sentences/s, useful GFLOP/s (real tokens; bench_encode counts them), peak RSS and the ratio
# to sentence-transformers' best batch.
# usage: bench/encode/run_bench.sh BUILD_DIR [THREADS] [SENTENCES] [MPNET_SENTENCES] [MAX_LENGTH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; threads=${2:-2}; n=${3:-20000}; nmp=${4:-$n}; maxlen=${5:-256}
data="$here/../../../shared/data"
py=${PYTHON:-$here/../../.venv-ref/bin/python}
models=${XDG_DATA_HOME:-$HOME/.local/share}/domainlens/models
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# The 7 domains of train2500 (17.5k) + test (3.5k) English, shuffled with a fixed seed so that
# any first N lines mix every domain and length; the first N are used.
cat "$data"/llm-dom-ad-deen-train2500/*.en "$data"/llm-dom-ad-deen-test/*.en |
  shuf --random-source=<(yes) > "$work/all.txt"
head -n "$n" "$work/all.txt" > "$work/minilm.txt"; head -n "$nmp" "$work/all.txt" > "$work/mpnet.txt"
echo "# $(date -u) $(nproc) cores:$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); load $(cut -d' ' -f1-3 /proc/loadavg)"
results="$work/results.jsonl"
# run LABEL CMD...: the command prints one JSON line; peak RSS from /usr/bin/time -v is added.
run() {
  local label=$1; shift
  /usr/bin/time -v -o "$work/time.txt" "$@" > "$work/out.json"
  local rss; rss=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print $2}' "$work/time.txt")
  "$py" -c 'import json,sys; j=json.load(open(sys.argv[1])); j["label"]=sys.argv[2]; j["peak_rss_mb"]=int(sys.argv[3])/1024; j["load"]=open("/proc/loadavg").read().split()[0]; print(json.dumps(j))' \
    "$work/out.json" "$label" "$rss" | tee -a "$results"
}
for model in all-MiniLM-L6-v2 all-mpnet-base-v2; do
  [ -f "$models/$model/model.safetensors" ] || { echo "# $model not installed: skipped"; continue; }
  s="$work/minilm.txt"; [ "$model" = all-mpnet-base-v2 ] && s="$work/mpnet.txt"
  for b in 32 64 128 256; do
    run "$model st b$b" "$py" "$here/bench_sentence_transformers.py" --model "$models/$model" --sentences "$s" \
      --threads "$threads" --batch "$b" --max-length "$maxlen" --limit 100000000
  done
  for p in fp32 bf16 int8; do
    run "$model dl $p" "$build/bench/encode/bench_encode" --model "$models/$model" --sentences "$s" --threads "$threads" \
      --batch 256 --batch-tokens 16384 --max-length "$maxlen" --precision "$p" --limit 100000000
  done
done
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
"$py" - "$results" "$threads" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
peak = 95.0 * int(sys.argv[2])  # ~90-100 GFLOP/s float32 per Zen 4 core
dl = {r["label"]: r for r in rows if r["impl"] == "domainlens"}
print("| model | run | sentences | sentences/s | GFLOP/s (% of fp32 peak) | peak RSS MB | ratio to ST best |")
print("|---|---|---|---|---|---|---|")
for model in dict.fromkeys(r["label"].split()[0] for r in rows):
    mine = [r for r in rows if r["label"].startswith(model + " ")]
    st = [r for r in mine if r["impl"] == "sentence-transformers"]
    best = max(st, key=lambda r: r["sentences_per_second"])
    gflop = next(r["gflop"] for r in mine if r["impl"] == "domainlens")  # same sentences both sides
    for r in mine:
        g = gflop / r["seconds"]
        tag = " (best)" if r is best else ""
        print(f"| {model} | {r['label'].split(' ', 1)[1]}{tag} | {r['sentences']} | {r['sentences_per_second']:.1f} | "
              f"{g:.1f} ({100 * g / peak:.0f}%) | {r['peak_rss_mb']:.0f} | {r['sentences_per_second'] / best['sentences_per_second']:.2f} |")
PY
