#!/usr/bin/env bash
# Import benchmark: 1.5M parallel pairs (real sentences repeated with variation, see
# make_pool.py) imported by domainlens-cli and by the Python reference, one after the other
# on the same machine. Prints pairs/s, peak RSS and the ratio.
# Usage: bench/import/run.sh [N=1500000]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
N="${1:-1500000}"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
python3 "$ROOT/bench/import/make_pool.py" "$SHARED" "$WORK/pool" "$N"
"$CLI" init "$WORK/bench.dlproj" >/dev/null
echo "== domainlens-cli import"
/usr/bin/time -f "peak_rss_kb=%M wall_s=%e user_s=%U sys_s=%S" "$CLI" import "$WORK/bench.dlproj" --src "$WORK/pool.en" --tgt "$WORK/pool.de" \
  --corpus pool --domain mixed --json --quiet > "$WORK/report.json" 2> "$WORK/time.txt"
python3 - "$WORK/report.json" "$WORK/time.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); t = open(sys.argv[2]).read().strip().splitlines()[-1]
print(f"domainlens imported={r['imported']} seconds={r['seconds']:.2f} pairs_per_s={r['imported']/r['seconds']:.0f} {t}")
PY
echo "== python reference (stdlib sqlite3 + unicodedata)"
/usr/bin/time -f "peak_rss_kb=%M wall_s=%e user_s=%U sys_s=%S" python3 "$ROOT/bench/import/import_reference.py" "$WORK/pool.en" "$WORK/pool.de" "$WORK/ref.sqlite"
ls -la "$WORK"/bench.dlproj* | awk '{print "project file: " $5 " bytes " $9}'
