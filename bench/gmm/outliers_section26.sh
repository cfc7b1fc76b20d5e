#!/usr/bin/env bash
# Aharoni & Goldberg 2020, section 2.6 (the outlier analysis behind Table 2), on ../shared/data:
# the paper's five domains (it, koran, law, medical, subtitles), English side, imported with
# labels from the file names, encoded with MODEL, clustered with k = 5 (PCA 50, 5 seeds, the
# other settings default), then `report RUN --json`: the outliers' mean length against all
# sentences', how many of the outliers into the IT cluster(s) contain a digit, and how many of
# those into the subtitles cluster(s) contain a personal pronoun or '?' (reports/Report.h,
# sentenceFeatures). Prints one Markdown row; the project and the report stay in OUTDIR.
#   paper (BERT-base, k = 5, 2000 distinct English sentences per domain): 11.62 vs 20.5 tokens,
#   340 of 597 outliers into IT with digits, 228 of 372 into subtitles with a pronoun or '?'.
# Usage: MODEL=all-MiniLM-L6-v2 SPLIT=llm-dom-ad-deen-train2500 bench/gmm/outliers_section26.sh [OUTDIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
MODEL="${MODEL:-all-MiniLM-L6-v2}"
SPLIT="${SPLIT:-llm-dom-ad-deen-train2500}"
OUT="${1:-$ROOT/out/section26-$SPLIT-$MODEL}"
P="$OUT/q5.dlproj"
mkdir -p "$OUT"
if [ ! -f "$P" ]; then
  "$CLI" init "$P" >/dev/null
  for d in it koran law medical subtitles; do
    "$CLI" import "$P" --src "$SHARED/$SPLIT/$d.en" --domain-from-filename --corpus q5 --quiet >/dev/null
  done
fi
nice -n 10 "$CLI" encode "$P" --model "$MODEL" --quiet
RUN=$(nice -n 10 "$CLI" cluster "$P" --k 5 --pca 50 --seeds 5 --json --quiet | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')
"$CLI" report "$P" "$RUN" --json > "$OUT/report.json"
"$CLI" report "$P" "$RUN" > "$OUT/report.txt"
python3 - "$OUT/report.json" "$MODEL" "$SPLIT" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); o = r["outliers"]
into = {x["to"]: x for x in o["into"]}
it, sub = into.get("it", {}), into.get("subtitles", {})
def of(x, key): return f"{x.get(key, 0)} of {x.get('count', 0)}" + (f" ({100 * x.get(key, 0) / x['count']:.1f}%)" if x.get("count") else "")
print(f"| {sys.argv[2]}, {sys.argv[3]} ({r['sentences']} sentences) | {100 * r['purity']:.2f} | "
      f"{o['count']} ({100 * o['share']:.1f}%) | {o['mean_tokens']:.2f} vs {o['mean_tokens_all']:.2f} | "
      f"{of(it, 'with_digits')} | {of(sub, 'with_pronoun_or_question')} | "
      f"{100 * o['with_pronoun_or_question_share_all']:.1f}% |")
PY
