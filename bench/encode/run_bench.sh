#!/usr/bin/env bash
# Runs both sides of the encoder benchmark on the same 20k sentences of ../shared/data.
# usage: bench/encode/run_bench.sh BUILD_DIR [THREADS] [BATCH] [MAX_LENGTH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; threads=${2:-2}; batch=${3:-32}; maxlen=${4:-256}
data="$here/../../../shared/data"
sentences=$(mktemp); trap 'rm -f "$sentences"' EXIT
# 20k English sentences: the 7 domains of train2500 (17.5k) + test (3.5k), first 20k lines.
cat "$data"/llm-dom-ad-deen-train2500/*.en "$data"/llm-dom-ad-deen-test/*.en | awk "NR <= 20000" > "$sentences"
py=${PYTHON:-$here/../../.venv-ref/bin/python}
echo "# $(date -u) $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
"$build/bench/encode/bench_encode" --sentences "$sentences" --threads "$threads" --batch "$batch" --max-length "$maxlen"
"$py" "$here/bench_sentence_transformers.py" --sentences "$sentences" --threads "$threads" --batch "$batch" --max-length "$maxlen"
"$build/bench/encode/bench_encode" --sentences "$sentences" --threads "$threads" --batch 256 --batch-tokens 16384 --max-length "$maxlen"
