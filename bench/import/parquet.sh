#!/usr/bin/env bash
# Parquet import and export benchmark (docs/parquet.md): the 1.5M de-en pairs of make_pool.py
# written by pyarrow as one Parquet file in the HF translation layout (translation.de /
# translation.en), then, one after the other on the same machine:
#   domainlens-cli import --parquet (the whole import: decode, normalise, dedupe, SQLite)
#   domainlens-cli import --src/--tgt of the same pairs as text (the same work from text)
#   pyarrow.parquet.read_table and datasets.load_dataset("parquet") on the same file
#     (Python's load step only: no normalisation, no dedupe, no database)
#   domainlens-cli export --format parquet and --format jsonl of all pairs (shards by domain,
#     one group), and pyarrow write_table of the same rows (zstd).
# Usage: bench/import/parquet.sh [N=1500000]   (needs .venv-arrow from scripts/setup.sh)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
N="${1:-1500000}"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
PY="${DOMAINLENS_ARROW_PYTHON:-$ROOT/.venv-arrow/bin/python}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
TIME=(/usr/bin/time -f "peak_rss_kb=%M wall_s=%e cpu_s=%U+%S")
python3 "$ROOT/bench/import/make_pool.py" "$SHARED" "$WORK/pool" "$N" >/dev/null
"$PY" "$ROOT/bench/import/parquet_reference.py" write "$WORK/pool" "$WORK/pool.parquet"
ls -l "$WORK/pool.parquet" "$WORK/pool.de" "$WORK/pool.en" | awk '{print $5, $9}'
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
rate() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(f\"imported={r['imported']} seconds={r['seconds']:.2f} pairs_per_s={r['imported']/r['seconds']:.0f}\")" "$1"; }
"$CLI" init "$WORK/a.dlproj" >/dev/null
echo "== domainlens-cli import --parquet"
"${TIME[@]}" "$CLI" import "$WORK/a.dlproj" --parquet "$WORK/pool.parquet" --text-column translation.de \
  --tgt-column translation.en --corpus pool --domain mixed --json --quiet > "$WORK/a.json" 2> "$WORK/a.time"
echo "$(rate "$WORK/a.json") $(tail -1 "$WORK/a.time")"
"$CLI" init "$WORK/b.dlproj" >/dev/null
echo "== domainlens-cli import --src pool.de --tgt pool.en (the same pairs as text)"
"${TIME[@]}" "$CLI" import "$WORK/b.dlproj" --src "$WORK/pool.de" --tgt "$WORK/pool.en" --corpus pool \
  --domain mixed --json --quiet > "$WORK/b.json" 2> "$WORK/b.time"
echo "$(rate "$WORK/b.json") $(tail -1 "$WORK/b.time")"
echo "== pyarrow.parquet.read_table"
"${TIME[@]}" "$PY" "$ROOT/bench/import/parquet_reference.py" read-table "$WORK/pool.parquet" 2> "$WORK/c.time"
tail -1 "$WORK/c.time"
echo "== datasets.load_dataset(\"parquet\") (cold cache)"
"${TIME[@]}" "$PY" "$ROOT/bench/import/parquet_reference.py" load-dataset "$WORK/pool.parquet" "$WORK/hfcache" 2> "$WORK/d.time" | tail -1
tail -1 "$WORK/d.time"
for fmt in parquet jsonl; do
  echo "== domainlens-cli export --shards --by domain --corpus pool --format $fmt"
  s=$(date +%s.%N)
  "${TIME[@]}" "$CLI" export "$WORK/a.dlproj" --shards --by domain --corpus pool --format "$fmt" \
    --out "$WORK/out-$fmt" --quiet --json > "$WORK/e.json" 2> "$WORK/e.time"
  e=$(date +%s.%N)
  echo "seconds=$(python3 -c "print(f'{$e-$s:.2f}')") $(tail -1 "$WORK/e.time") bytes=$(cat "$WORK"/out-$fmt.*.$fmt | wc -c)"
done
echo "== pyarrow write_table (zstd, 65,536-row groups) of the same rows"
"${TIME[@]}" "$PY" "$ROOT/bench/import/parquet_reference.py" write-table "$WORK/pool.parquet" "$WORK/py.parquet" 2> "$WORK/f.time"
echo "$(tail -1 "$WORK/f.time") bytes=$(wc -c < "$WORK/py.parquet")"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 -c "import json,sys; a,b=(json.load(open(p)) for p in sys.argv[1:]); print('same pairs kept as from text:', a['imported']==b['imported'], a['imported'])" "$WORK/a.json" "$WORK/b.json"
