#!/usr/bin/env bash
# The near-duplicate filter's measurement (bench/filters/RESULTS.md). Needs a build with the
# targets domainlens-cli and bench_neardup (BUILD, default build/), ../shared/data, and for the
# reference a Python with datasketch (DATASKETCH_PY, default /tmp/dsenv/bin/python; skipped
# when absent: python3 -m venv /tmp/dsenv && /tmp/dsenv/bin/pip install datasketch).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="${BUILD:-$ROOT/build}"
CLI="$BUILD/app/domainlens-cli"
WORK="${WORK:-$(mktemp -d)}"
PY="${DATASKETCH_PY:-/tmp/dsenv/bin/python}"
echo "work folder: $WORK" >&2

# 1. Planted sets: dense (4000 real sentences, half with a variant) for recall/precision against
#    brute force; all (every line of the data, 10% with a variant); big (25 copies of all, one
#    word replaced per copy: repeated data) for time and memory.
python3 "$HERE/make_planted.py" --base 4000 --rate 0.5 --out "$WORK/dense.txt" --pairs "$WORK/dense.pairs"
python3 "$HERE/make_planted.py" --out "$WORK/all.txt"
python3 "$HERE/make_planted.py" --repeat 25 --rate 0.1 --out "$WORK/big.txt"

# 2. MinHash-LSH vs exact Jaccard (brute force over all pairs), per threshold.
"$BUILD/bench/filters/bench_neardup" "$WORK/dense.txt" 6000 char:5
"$BUILD/bench/filters/bench_neardup" "$WORK/dense.txt" 6000 word:3
if [ -x "$PY" ]; then
  "$PY" "$HERE/planted_similarity.py" "$WORK/dense.pairs"
  "$PY" "$HERE/datasketch_reference.py" "$WORK/dense.txt" 6000 0.5
  "$PY" "$HERE/datasketch_reference.py" "$WORK/dense.txt" 6000 0.1
fi

# 3. Time and memory of the CLI on the larger corpora.
"$CLI" init "$WORK/p.dlp" >/dev/null
for c in all big; do
  "$CLI" import "$WORK/p.dlp" --src "$WORK/$c.txt" --corpus "$c" --domain x --quiet
  /usr/bin/time -f "$c: %e s wall, %U s user, %M KiB max RSS" \
    "$CLI" filter "$WORK/p.dlp" --corpus "$c" --kind near-dup --json --quiet
done
