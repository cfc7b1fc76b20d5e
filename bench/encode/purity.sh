#!/usr/bin/env bash
# Clustering purity of fp32 / bf16 / int8 vectors with the CLI: the 5 domains of Aharoni &
# Goldberg (it, koran, law, medical, subtitles) from ../shared/data/llm-dom-ad-deen-train2500,
# English side (12,500 sentences), encoded with MODEL at each precision, then
# `cluster --k 5 --seeds SEEDS` on each embedding set. Prints one line per precision, with
# the encode's speed and peak RSS (/usr/bin/time -v; encode streams chunks of 4,096
# sentences, so the peak after the first chunks is what any corpus size costs).
# usage: bench/encode/purity.sh BUILD_DIR [MODEL] [SEEDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; model=${2:-all-MiniLM-L6-v2}; seeds=${3:-5}
cli="$build/app/domainlens-cli"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
. "$here/../lib/five_domains.sh"
five_domain_project "$cli" "$work/p.dlproj"
for p in fp32 bf16 int8; do
  /usr/bin/time -v -o "$work/time.txt" "$cli" encode "$work/p.dlproj" --model "$model" --layer -1 --precision "$p" \
    --json --quiet > "$work/enc.json"
  rss=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print int($2 / 1024)}' "$work/time.txt")
  set_id=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["set_id"]); sys.stderr.write("%s: encode %.1f sentences/s, peak RSS %s MB\n" % (j["precision"], j["sentences_per_second"], sys.argv[2]))' "$work/enc.json" "$rss")
  "$cli" cluster "$work/p.dlproj" --embedding-set "$set_id" --k 5 --seeds "$seeds" --json --quiet |
    python3 -c 'import json,sys; j=json.load(sys.stdin); print("%s: purity %.2f +- %.2f %% (%d seeds)" % (sys.argv[1], 100*j["purity_mean"], 100*j["purity_std"], len(j["seeds"]) if "seeds" in j else int(sys.argv[2])))' "$p" "$seeds"
done
