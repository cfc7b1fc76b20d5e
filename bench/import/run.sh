#!/usr/bin/env bash
# Import benchmark: 1.5M parallel pairs (real sentences repeated with variation, see
# make_pool.py) imported by domainlens-cli and by the Python reference, one after the other
# on the same machine. Prints pairs/s, peak RSS, CPU times, the load average and the ratios.
# Usage: bench/import/run.sh [N=1500000]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
N="${1:-1500000}"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
python3 "$ROOT/bench/import/make_pool.py" "$SHARED" "$WORK/pool" "$N"
"$CLI" init "$WORK/bench.dlproj" >/dev/null
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== domainlens-cli import"
/usr/bin/time -f "peak_rss_kb=%M wall_s=%e user_s=%U sys_s=%S" "$CLI" import "$WORK/bench.dlproj" --src "$WORK/pool.en" --tgt "$WORK/pool.de" \
  --corpus pool --domain mixed --json --quiet > "$WORK/report.json" 2> "$WORK/time.txt"
python3 - "$WORK/report.json" "$WORK/time.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); t = open(sys.argv[2]).read().strip().splitlines()[-1]
print(f"domainlens imported={r['imported']} seconds={r['seconds']:.2f} pairs_per_s={r['imported']/r['seconds']:.0f} {t}")
PY
echo "== python reference (stdlib sqlite3 + unicodedata)"
/usr/bin/time -f "peak_rss_kb=%M wall_s=%e user_s=%U sys_s=%S" python3 "$ROOT/bench/import/import_reference.py" "$WORK/pool.en" "$WORK/pool.de" "$WORK/ref.sqlite" \
  > "$WORK/ref.txt" 2> "$WORK/reftime.txt"
echo "$(cat "$WORK/ref.txt") $(tail -1 "$WORK/reftime.txt")"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$WORK/report.json" "$WORK/time.txt" "$WORK/ref.txt" "$WORK/reftime.txt" <<'PY'
import json, re, sys
def kv(text): return dict(re.findall(r"(\w+)=([\d.]+)", text))
dl, dlt = json.load(open(sys.argv[1])), kv(open(sys.argv[2]).read().strip().splitlines()[-1])
ref, reft = kv(open(sys.argv[3]).read()), kv(open(sys.argv[4]).read().strip().splitlines()[-1])
cpu = lambda t: float(t["user_s"]) + float(t["sys_s"])
print(f"ratio (import seconds, both timed inside the program): {float(ref['seconds']) / dl['seconds']:.2f}x")
print(f"ratio (process wall, start-up included): {float(reft['wall_s']) / float(dlt['wall_s']):.2f}x")
print(f"ratio (CPU time user+sys): {cpu(reft) / cpu(dlt):.2f}x")
print(f"peak RSS: {int(dlt['peak_rss_kb']) / 1024:.0f} MB vs {int(reft['peak_rss_kb']) / 1024:.0f} MB")
print(f"same pairs kept: {dl['imported'] == int(ref['imported'])}")
PY
ls -la "$WORK"/bench.dlproj* | awk '{print "project file: " $5 " bytes " $9}'
