#!/usr/bin/env bash
# Cuong & Sima'an's Table 5 (both halves) on the data we have: Axelrod's bilingual Moore-Lewis
# (Eq. 6, left half) against the bilingual in-vs-pseudo-out contrast (Eq. 7, right half,
# iterations 1-3), beside the monolingual contrast on each side (their Tables 2-4).
# Task as paper-setting.sh SETTING=3: medical, law, it of llm-dom-ad-deen-train2500, 1800 pairs of
# each hidden in the pool (5.4k), seed = the other 700 train pairs + the 500 test pairs (1200).
# SPLITS: 0 = paper-setting.sh's split (the first 1800 lines hidden); S > 0 = the 2500 train
# lines shuffled with seed S before the first 1800 are hidden (another hidden/seed split).
# VOCABS: LM vocabulary per row block, "seed" (the paper's) and/or "pool" (contrast's default).
# Prints precision at the true size (R = the hidden count after dedupe) / average precision,
# one row per split x domain x vocabulary, then the mean over splits.
# Usage: SPLITS="0 1 2" VOCABS="seed pool" bench/selection/table5.sh [OUTDIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
OUT="${1:-$ROOT/out/table5}"
SPLITS="${SPLITS:-0 1 2}"
VOCABS="${VOCABS:-seed pool}"
HIDDEN=1800
DOMAINS="medical law it"
# name = select options
METHODS=("axelrod=--method axelrod"
  "contrast-src:3=--method contrast --iterations 3"
  "contrast-tgt:3=--method contrast --side tgt --iterations 3"
  "bilingual:1=--method contrast --sides both --iterations 1"
  "bilingual:2=--method contrast --sides both --iterations 2"
  "bilingual:3=--method contrast --sides both --iterations 3")
mkdir -p "$OUT"
ROWS="$OUT/rows.tsv"
: > "$ROWS"
for split in $SPLITS; do
  dir="$OUT/split$split"
  project="$dir/paper.dlproj"
  mkdir -p "$dir/pool" "$dir/seed"
  if [ ! -f "$project" ]; then
    for d in $DOMAINS; do
      for l in en de; do
        python3 - "$SHARED/llm-dom-ad-deen-train2500/$d.$l" "$SHARED/llm-dom-ad-deen-test/$d.$l" \
          "$dir/pool/$d.$l" "$dir/seed/$d.$l" "$split" "$HIDDEN" <<'PY'
import random, sys
train, test, pool, seed, split, hidden = sys.argv[1:7]
lines = open(train, encoding="utf-8").read().splitlines(keepends=True)
order = list(range(len(lines)))
if int(split) > 0:
    random.Random(int(split)).shuffle(order)   # the same permutation for both languages
h = int(hidden)
open(pool, "w", encoding="utf-8").writelines(lines[i] for i in order[:h])
open(seed, "w", encoding="utf-8").writelines([lines[i] for i in order[h:]] + open(test, encoding="utf-8").readlines())
PY
      done
    done
    "$CLI" init "$project" >/dev/null
    for d in $DOMAINS; do
      "$CLI" import "$project" --src "$dir/pool/$d.en" --tgt "$dir/pool/$d.de" --domain-from-filename --corpus pool --quiet >/dev/null
      "$CLI" import "$project" --src "$dir/seed/$d.en" --tgt "$dir/seed/$d.de" --domain-from-filename --corpus seeds --quiet >/dev/null
    done
  fi
  for d in $DOMAINS; do
    k=$("$CLI" info "$project" --json | python3 -c "import json,sys; j=json.load(sys.stdin); print([c for c in j['corpora'] if c['name']=='pool'][0]['domains']['$d'])")
    for v in $VOCABS; do
      runs=()
      for m in "${METHODS[@]}"; do
        runs+=("$(nice -n 10 "$CLI" select "$project" ${m#*=} --vocabulary "$v" --pool pool --seed "seeds:$d" --top "$k" --json --quiet |
          python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')")
      done
      "$CLI" evaluate "$project" "${runs[@]}" --domain "$d" --json |
        python3 -c '
import json, sys
j = json.load(sys.stdin)
print("\t".join([sys.argv[1], sys.argv[2], sys.argv[3], str(j["runs"][0]["relevant"])] +
                ["%.4f/%.4f" % (r["at_true_size"]["precision"], r["average_precision"]) for r in j["runs"]]))' \
        "$split" "$d" "$v" >> "$ROWS"
    done
  done
done
python3 - "$ROWS" "${METHODS[@]}" <<'PY'
import sys, collections
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
names = [m.split("=")[0] for m in sys.argv[2:]]
print("| split | domain | vocabulary | R | " + " | ".join(names) + " |")
print("|---|---|---|---|" + "---|" * len(names))
for r in rows:
    print("| " + " | ".join(r[:4]) + " | " + " | ".join(x.replace("/", " / ") for x in r[4:]) + " |")
mean = collections.defaultdict(list)
for r in rows:
    mean[(r[1], r[2])].append([float(x.split("/")[0]) for x in r[4:]])
    mean[("average", r[2])].append([float(x.split("/")[0]) for x in r[4:]])
splits = len({r[0] for r in rows})
print(f"\nPrecision at R, mean over {splits} split(s) (min-max):\n")
print("| domain | vocabulary | " + " | ".join(names) + " |")
print("|---|---|" + "---|" * len(names))
for (d, v), vals in sorted(mean.items(), key=lambda kv: (kv[0][1], kv[0][0] == "average")):
    cols = list(zip(*vals))
    print(f"| {d} | {v} | " + " | ".join(f"{sum(c)/len(c):.3f} ({min(c):.3f}-{max(c):.3f})" for c in cols) + " |")
PY
