#!/usr/bin/env bash
# Cuong & Sima'an's selection task (section 2, Tables 1-6) rebuilt from ../shared/data:
# each domain's in-domain data is split into a part hidden in a mixed pool and a seed part.
#   paper: 3 domains x 60k hidden (pool 180k), seeds 38-44k (0.64-0.73 of the hidden size),
#          pseudo-precision of the top N for N = 10k ... 60k.
#   here (SETTING=3):  medical, law, it (the paper's Pharmacy, Legal, Hardware) x 1800 hidden
#          lines of llm-dom-ad-deen-train2500 (pool 5.4k); seed = the other 700 train lines + the
#          500 test lines = 1200 (0.67 of the hidden size); N = R/6 ... R (300 ... 1800).
#   SETTING=8: the same seeds, the hidden part among all 7 domains + Europarl (pool 15.6k).
# For each domain and method: the paper's table (cut-off, true, false, precision).
# Usage: SETTING=3|8 METHODS="moore-lewis contrast:1 ..." bench/selection/paper-setting.sh [OUTDIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
SETTING="${SETTING:-3}"
OUT="${1:-$ROOT/out/paper-setting-$SETTING}"
METHODS="${METHODS:-moore-lewis contrast:1 contrast:2 contrast:3 axelrod invitation:1 invitation:2 invitation:3}"
SELECT_ARGS="${SELECT_ARGS:-}"
HIDDEN=1800
TARGETS="medical law it"
POOL_DOMAINS="medical law it"
[ "$SETTING" = 8 ] && POOL_DOMAINS="it koran law medical qed subtitles ted europarl"
PROJECT="$OUT/paper.dlproj"
mkdir -p "$OUT/pool" "$OUT/seed"
if [ ! -f "$PROJECT" ]; then
  for d in $POOL_DOMAINS; do
    for l in en de; do
      if [ "$d" = europarl ]; then cp "$SHARED/europarl-deen/europarl.$l" "$OUT/pool/$d.$l"; continue; fi
      head -n $HIDDEN "$SHARED/llm-dom-ad-deen-train2500/$d.$l" > "$OUT/pool/$d.$l"
      { tail -n +$((HIDDEN + 1)) "$SHARED/llm-dom-ad-deen-train2500/$d.$l"; cat "$SHARED/llm-dom-ad-deen-test/$d.$l"; } > "$OUT/seed/$d.$l"
    done
  done
  "$CLI" init "$PROJECT" >/dev/null
  for d in $POOL_DOMAINS; do
    "$CLI" import "$PROJECT" --src "$OUT/pool/$d.en" --tgt "$OUT/pool/$d.de" --domain-from-filename --corpus pool --quiet >/dev/null
  done
  for d in $TARGETS; do
    "$CLI" import "$PROJECT" --src "$OUT/seed/$d.en" --tgt "$OUT/seed/$d.de" --domain-from-filename --corpus seeds --quiet >/dev/null
  done
fi
for d in $TARGETS; do
  k=$("$CLI" info "$PROJECT" --json | python3 -c "import json,sys; j=json.load(sys.stdin); print([c for c in j['corpora'] if c['name']=='pool'][0]['domains']['$d'])")
  cutoffs=$(python3 -c "print(','.join(str(round($k*i/6)) for i in range(1,7)))")
  runs=()
  for m in $METHODS; do
    extra=()
    method=${m%%:*}
    [[ "$m" == *:* ]] && extra=(--iterations "${m#*:}")
    out=$(nice -n 10 "$CLI" select "$PROJECT" --method "$method" "${extra[@]}" $SELECT_ARGS --pool pool --seed "seeds:$d" --top "$k" --json --quiet)
    runs+=("$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["run"])' "$out")")
    # An Invitation run keeps every E-step's ranking: E-step i ranks with the parameters after
    # i - 1 M-steps (i = 1: the initial parameters, no re-estimation).
    if [ "$method" = invitation ]; then
      python3 -c '
import json, sys
its = json.loads(sys.argv[1])["report"]["iterations"]
print(f"{sys.argv[2]} {sys.argv[3]}: precision at R after 0, 1, 2, ... M-steps: " +
      " ".join("%.3f" % i["cutoffs"][-1]["precision"] for i in its if i.get("cutoffs")))' "$out" "$d" "$m"
    fi
  done
  "$CLI" evaluate "$PROJECT" "${runs[@]}" --domain "$d" --cutoffs "$cutoffs" --json > "$OUT/$d.json"
  python3 - "$OUT/$d.json" "$d" "$METHODS" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); names = sys.argv[3].split()
runs = j["runs"]
print(f"\n**{sys.argv[2]}** (relevant {runs[0]['relevant']}; precision at the true size / average precision: " +
      ", ".join(f"{n} {r['at_true_size']['precision']:.3f}/{r['average_precision']:.3f}" for n, r in zip(names, runs)) + ")\n")
print("| cut-off | " + " | ".join(f"{n} T / F / P%" for n in names) + " |")
print("|---|" + "---|" * len(names))
for k in range(len(runs[0]["cutoffs"])):
    row = [str(runs[0]["cutoffs"][k]["cutoff"])]
    for r in runs:
        c = r["cutoffs"][k]
        row.append(f"{c['true']} / {c['false']} / {100*c['precision']:.2f}")
    print("| " + " | ".join(row) + " |")
PY
done
