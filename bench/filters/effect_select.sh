#!/usr/bin/env bash
# The selection half of bench/filters/effect.sh (RESULTS.md, "Effect on clustering and
# selection"): on the project effect.sh left in WORK_DIR, a seed of 200 sentences per domain
# from llm-dom-ad-deen-train2500 (it, medical, law; another split than the pool) is imported and
# encoded with the same model; Domain-Cosine selects the top 400 of each pool (raw, after
# near-dup, after near-dup -> langid). Printed per domain and pool: the precision of the top
# 400 (the share with the seed's domain label) and how many of them are planted copies or
# German lines (effect_make.py's kinds, by position in raw).
# Usage: bench/filters/effect_select.sh [BUILD_DIR] WORK_DIR
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${1:-$ROOT/build}/app/domainlens-cli"
OUT="$2"
P="$OUT/effect.dlproj"
TRAIN="$ROOT/../shared/data/llm-dom-ad-deen-train2500"
for d in it medical law; do
  head -200 "$TRAIN/$d.en" > "$OUT/seed-$d.en"
  "$CLI" import "$P" --src "$OUT/seed-$d.en" --corpus "seed-$d" --domain "$d" --src-lang en --quiet >/dev/null
  "$CLI" encode "$P" --corpus "seed-$d" --model all-MiniLM-L6-v2 --quiet
done
for d in it medical law; do
  for pool in raw nodup clean; do
    run=$("$CLI" select "$P" --method cosine --pool "$pool" --seed "seed-$d" --top 400 --json --quiet |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')
    python3 - "$P" "$OUT" "$run" "$d" "$pool" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run, dom, pool = int(sys.argv[3]), sys.argv[4], sys.argv[5]
kinds = [l.strip() for l in open(sys.argv[2] + "/raw.tsv.kinds")]
raw = {t: k for t, k in zip(
    [r[0] for r in db.execute("SELECT src FROM sentences s JOIN corpora c ON c.id = s.corpus_id "
                              "WHERE c.name = 'raw' ORDER BY position")], kinds)}
top = db.execute("SELECT s.domain, s.src FROM run_results r JOIN sentences s ON s.id = r.sentence_id "
                 "WHERE r.run_id = ? AND r.label = 1", (run,)).fetchall()
hit = sum(1 for d, _ in top if d == dom)
copies = sum(1 for _, t in top if raw.get(t) == "near-dup")
german = sum(1 for _, t in top if raw.get(t) == "german")
print(f"| {dom} | {pool} | {len(top)} | {hit / len(top):.3f} | {copies} | {german} |")
PY
  done
done
