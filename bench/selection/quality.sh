#!/usr/bin/env bash
# Selection quality on real data (PAPERS.md §1 Table 7 shape): pool = the English side of
# ../shared/data/llm-dom-ad-deen-train2500 (7 domains x 2500, deduplicated on import), seed =
# the 500 test sentences of one domain (llm-dom-ad-deen-test, a different split, so the seed is
# held out of the pool; sentences that still occur in both are excluded from the ranking).
# For every domain and method: precision/recall of the top-k with k = the domain's true size
# in the pool. Writes a Markdown table to stdout.
# Usage: bench/selection/quality.sh [PROJECT]  (default: a fresh project under out/quality)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
PROJECT="${1:-$ROOT/out/quality/quality.dlproj}"
METHODS="${METHODS:-cosine finetune-head moore-lewis axelrod contrast}"
DOMAINS="it koran law medical qed subtitles ted"
mkdir -p "$(dirname "$PROJECT")"
if [ ! -f "$PROJECT" ]; then
  "$CLI" init "$PROJECT" >/dev/null
  for d in $DOMAINS; do
    "$CLI" import "$PROJECT" --src "$SHARED/llm-dom-ad-deen-train2500/$d.en" --tgt "$SHARED/llm-dom-ad-deen-train2500/$d.de" \
      --domain-from-filename --corpus pool --quiet >/dev/null
    "$CLI" import "$PROJECT" --src "$SHARED/llm-dom-ad-deen-test/$d.en" --tgt "$SHARED/llm-dom-ad-deen-test/$d.de" \
      --domain-from-filename --corpus seeds --quiet >/dev/null
  done
fi
"$CLI" encode "$PROJECT" --corpus pool --quiet >&2
"$CLI" encode "$PROJECT" --corpus seeds --quiet >&2
echo "| domain | relevant | $(for m in $METHODS; do printf '%s P / R | ' "$m"; done)"
echo "|---|---|$(for m in $METHODS; do printf -- '---|'; done)"
declare -A sumP sumR
for d in $DOMAINS; do
  k=$("$CLI" info "$PROJECT" --json | python3 -c "import json,sys; j=json.load(sys.stdin); print([c for c in j['corpora'] if c['name']=='pool'][0]['domains']['$d'])")
  row="| $d | $k |"
  for m in $METHODS; do
    run=$("$CLI" select "$PROJECT" --method "$m" --pool pool --seed "seeds:$d" --top "$k" --json --quiet | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')
    pr=$("$CLI" evaluate "$PROJECT" "$run" --domain "$d" --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print("%.3f %.3f" % (j["precision"], j["recall"]))')
    p=${pr% *}; r=${pr#* }
    sumP[$m]=$(python3 -c "print(${sumP[$m]:-0} + $p)"); sumR[$m]=$(python3 -c "print(${sumR[$m]:-0} + $r)")
    row="$row $p / $r |"
  done
  echo "$row"
done
row="| **average** | |"
for m in $METHODS; do row="$row **$(python3 -c "print(f'{${sumP[$m]}/7:.3f} / {${sumR[$m]}/7:.3f}')")** |"; done
echo "$row"
