#!/usr/bin/env bash
# filter --kind langid on the known-language files of ../shared/data (bench/filters/RESULTS.md):
# for each expected language (en, de, fr) and each monolingual corpus (the English and German
# sides of llm-dom-ad-deen-test, the French side of llm-dom-ad-enfr-test, 3,500 lines each), the
# share of lines removed at each --min-prob: on the corpus of the expected language that is the
# false-removal rate, on the others the recall of wrong-language lines. Then top-1 accuracy and
# speed (the run's best guesses and seconds), and CLD2 (pycld2) on the same lines for comparison.
# Usage: bench/filters/langid.sh [BUILD_DIR]   (needs lid.176: scripts/install-model.sh lid.176)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${1:-$ROOT/build}/app/domainlens-cli"
DATA="$ROOT/../shared/data"
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
P="$OUT/lid.dlproj"
"$CLI" init "$P" >/dev/null
cat "$DATA"/llm-dom-ad-deen-test/*.en > "$OUT/all.en"
cat "$DATA"/llm-dom-ad-deen-test/*.de > "$OUT/all.de"
cat "$DATA"/llm-dom-ad-enfr-test/*.fr > "$OUT/all.fr"
for l in en de fr; do
  "$CLI" import "$P" --src "$OUT/all.$l" --src-lang "$l" --corpus "$l" --keep-duplicates --quiet >/dev/null
  awk 'NF <= 5' "$OUT/all.$l" > "$OUT/short.$l"
  "$CLI" import "$P" --src "$OUT/short.$l" --src-lang "$l" --corpus "short-$l" --keep-duplicates --quiet >/dev/null
done
THRESHOLDS="0.02 0.05 0.1 0.15 0.2 0.25 0.3 0.4 0.5"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(date -u +%FT%TZ)"
echo
echo "removed share per --min-prob (expected language <- corpus):"
printf "%-9s" "min-prob"; for e in en de fr; do for c in en de fr; do printf " %8s" "$e<-$c"; done; done; echo
for t in $THRESHOLDS; do
  printf "%-9s" "$t"
  for e in en de fr; do for c in en de fr; do
    share=$("$CLI" filter "$P" --corpus "$c" --kind langid --lang-src "$e" --min-prob "$t" --json |
      python3 -c 'import json,sys; j=json.load(sys.stdin); print("%.2f%%" % (100 * j["removed"] / j["sentences"]))')
    printf " %8s" "$share"
  done; done; echo
done
echo
echo "top-1 accuracy (the run's best guesses) and speed, fastText lid.176 through filter --kind langid:"
for l in en de fr short-en short-de short-fr; do
  "$CLI" filter "$P" --corpus "$l" --kind langid --json | python3 -c '
import json, sys
j = json.load(sys.stdin); d = j["details"]["src"]; n = j["sentences"]
acc = d["best_guesses"].get(d["expected"], 0) / n
print("lid.176 %-8s n=%d acc=%.4f sentences/s=%.0f (whole run: read, identify, store)" % (sys.argv[1], n, acc, n / j["seconds"]))' "$l"
done
echo
echo "CLD2 (pycld2) on the same lines:"
python3 -c 'import pycld2' 2>/dev/null || python3 -m pip install --quiet pycld2
for l in en de fr; do python3 "$ROOT/bench/filters/langid_cld2.py" "$l" "$OUT/all.$l"; done
echo "(short lines: the files' lines of <= 5 words, as in the short-XX rows above)"
