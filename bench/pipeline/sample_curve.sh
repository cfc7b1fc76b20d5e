#!/usr/bin/env bash
# explore's first-map sample size against the full fit (bench_sample_agreement), on the English
# and the German side of ../shared/data llm-dom-ad-deen-train2500: the first LINES lines of each
# of the 7 domain files per language (domain from the file name), encoded once with `encode`'s
# defaults (all-mpnet-base-v2, layer 10, precision auto), then for every SIZE and SEEDS sample
# seeds the first map as explore fits it against the full fit, with the full fit's own
# seed-to-seed agreement as the noise floor.
# usage: bench/pipeline/sample_curve.sh BUILD_DIR WORK_DIR [LINES] [SIZES] [SEEDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; work=${2:?work dir}; lines=${3:-1000}; sizes=${4:-500,1000,2000,3000,5000}; seeds=${5:-3}
cli="$build/app/domainlens-cli"
data="$here/../../../shared/data/llm-dom-ad-deen-train2500"
mkdir -p "$work"
p="$work/curve.dlproj"
if [ ! -e "$p" ]; then
  "$cli" init "$p" > /dev/null
  for lang in en de; do
    for f in "$data"/*."$lang"; do
      d=$(basename "$f" ."$lang")
      head -n "$lines" "$f" > "$work/$d.$lang"
      "$cli" import "$p" --src "$work/$d.$lang" --domain "$d" --corpus "$lang" --src-lang "$lang" --quiet > /dev/null
    done
  done
fi
for lang in en de; do
  echo "encode $lang: load before $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -f "encode $lang: %e s wall" "$cli" encode "$p" --corpus "$lang" --chunk 500 --quiet
  echo "encode $lang: load after $(cut -d' ' -f1-3 /proc/loadavg)"
done
for lang in en de; do
  cp "$p" "$work/curve-$lang.dlproj"  # the bench adds corpora and runs: a copy per language
  "$build/bench/pipeline/bench_sample_agreement" "$work/curve-$lang.dlproj" "$lang" 7 "$sizes" "$seeds"
done
