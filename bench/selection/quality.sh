#!/usr/bin/env bash
# Selection quality on real data (PAPERS.md §1 Table 7 shape): pool = the English side of
# ../shared/data/llm-dom-ad-deen-train2500 (7 domains x 2500, deduplicated on import), seed =
# the 500 test sentences of one domain (llm-dom-ad-deen-test, a different split, so the seed is
# held out of the pool; sentences that still occur in both are excluded from the ranking).
# For every domain and method: precision/recall of the top-k with k = the domain's true size
# in the pool. Writes a Markdown table to stdout.
# Usage: bench/selection/quality.sh [PROJECT]  (default: a fresh project under out/quality)
#   METHODS="moore-lewis axelrod contrast invitation:1 invitation:2 invitation:3" bench/selection/quality.sh
#   MODEL=multilingual-e5-small METHODS="cosine finetune-head" bench/selection/quality.sh PROJECT
#   (METHOD:N runs METHOD with --iterations N; only cosine/finetune-head need the encoder)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
PROJECT="${1:-$ROOT/out/quality/quality.dlproj}"
METHODS="${METHODS:-cosine finetune-head moore-lewis axelrod contrast invitation:1 invitation:2 invitation:3}"
SELECT_ARGS="${SELECT_ARGS:-}"   # extra select options for every method, e.g. "--pseudo-out tm"
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
# Only the embedding methods need the corpora encoded (a no-op when they already are).
# MODEL: an installed short name or directory (default: the default model, all-mpnet-base-v2).
MODEL="${MODEL:-}"
if [[ " $METHODS " == *" cosine "* || " $METHODS " == *" finetune-head "* ]]; then
  "$CLI" encode "$PROJECT" --corpus pool ${MODEL:+--model "$MODEL"} --quiet >&2
  "$CLI" encode "$PROJECT" --corpus seeds ${MODEL:+--model "$MODEL"} --quiet >&2
fi
echo "| domain | relevant | $(for m in $METHODS; do printf '%s P / R | ' "$m"; done)"
echo "|---|---|$(for m in $METHODS; do printf -- '---|'; done)"
declare -A sumP sumR
INV_ROWS=()
for d in $DOMAINS; do
  k=$("$CLI" info "$PROJECT" --json | python3 -c "import json,sys; j=json.load(sys.stdin); print([c for c in j['corpora'] if c['name']=='pool'][0]['domains']['$d'])")
  row="| $d | $k |"
  for m in $METHODS; do
    # METHOD:N = that method with --iterations N (invitation:1 .. invitation:3, contrast:1 ...).
    extra=()
    method=${m%%:*}
    [[ "$m" == *:* ]] && extra=(--iterations "${m#*:}")
    out=$(nice -n 10 "$CLI" select "$PROJECT" --method "$method" "${extra[@]}" $SELECT_ARGS --pool pool --seed "seeds:$d" --top "$k" --json --quiet)
    run=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["run"])' "$out")
    pr=$("$CLI" evaluate "$PROJECT" "$run" --domain "$d" --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print("%.3f %.3f" % (j["precision"], j["recall"]))')
    p=${pr% *}; r=${pr#* }
    sumP[$m]=$(python3 -c "print(${sumP[$m]:-0} + $p)"); sumR[$m]=$(python3 -c "print(${sumR[$m]:-0} + $r)")
    row="$row $p / $r |"
    if [ "$method" = invitation ]; then
      INV_ROWS+=("$(python3 -c "
import json,sys
its=json.loads(sys.argv[1])['report']['iterations']
print('| $d | $m | ' + ' | '.join('%.3f' % i['cutoffs'][-1]['precision'] for i in its if 'cutoffs' in i) + ' |')" "$out")")
    fi
  done
  echo "$row"
done
# Every EM iteration's ranking is kept in an Invitation run (select --json: report.iterations):
# its precision at the true size (the last cut-off of the pseudo-precision table) per iteration.
if [ "${#INV_ROWS[@]}" -gt 0 ]; then
  echo
  echo "| domain | run | precision at the true size after E-step 1, 2, ... (= after 0, 1, ... M-steps) |"
  echo "|---|---|---|"
  printf '%s\n' "${INV_ROWS[@]}"
fi
