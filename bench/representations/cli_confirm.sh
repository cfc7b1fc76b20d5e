#!/usr/bin/env bash
# The chosen default pipeline THROUGH DomainLens (import -> encode -> cluster), on a 5-domain
# English set made by make_sets.py (default: the 500-per-domain test split, /tmp/rep/data/test5).
# Usage: [MODEL=NAME] bench/representations/cli_confirm.sh [SET_DIR] [WORK_DIR] [LAYERS]
#   MODEL: an installed short name (default all-mpnet-base-v2; e.g. multilingual-e5-small)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${CLI:-$ROOT/build/app/domainlens-cli}"
SET="${1:-/tmp/rep/data/test5}"
W="${2:-/tmp/rep/cli}"
LAYERS="${3:-8,10,12}"
MODEL="${MODEL:-all-mpnet-base-v2}"
mkdir -p "$W"
P="$W/$(basename "$SET").$MODEL.dlproj"
rm -f "$P"
"$CLI" init "$P"
for f in "$SET"/*.en; do "$CLI" import "$P" --src "$f" --domain-from-filename --corpus set --quiet; done
/usr/bin/time -f "encode: %e s" nice -n 10 "$CLI" encode "$P" --corpus set --model "$MODEL" --layers "$LAYERS" --quiet
# (the last layer is stored as layer -1)
for set_id in $("$CLI" info "$P" --json | python3 -c "import json,sys; print(' '.join(str(s['id']) for s in json.load(sys.stdin)['embedding_sets']))"); do
  for post in "" "--standardize"; do
    nice -n 10 "$CLI" cluster "$P" --corpus set --embedding-set "$set_id" --k 5 --pca 50 --seeds 5 $post --json --quiet |
      python3 -c "import json,sys; j=json.load(sys.stdin); e=j['embedding_set']; print('layer %3d %-14s purity %.2f ± %.2f  NMI %.3f' % (e['layer'], sys.argv[1] or 'none', 100*j['purity_mean'], 100*j['purity_std'], j['nmi_mean']))" "$post"
  done
done
nice -n 10 "$CLI" cluster "$P" --corpus set --k 5 --pca 50 --seeds 5 --layer-sweep --quiet
