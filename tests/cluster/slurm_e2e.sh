#!/usr/bin/env bash
# End to end on a real single-node Slurm cluster (scripts/slurm-cluster.sh, started and stopped
# here): `slurm ... encode --shards 4 --wait` and `slurm ... assign RUN --shards 4 --array-size 2
# --wait` on a real slice of ../shared/data with the tiny BERT fixture give the same vectors and
# labels as the unsharded commands, with the projects in a folder named `my projects #1 100%`. Exit 77 = skipped (not root, or no shared data).
# usage: slurm_e2e.sh CLI SOURCE_DIR SHARED_DATA
set -euo pipefail
CLI="$1"; SRC="$2"; DATA="$3/llm-dom-ad-deen-test"
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root (slurmd runs jobs as the submitting user, munged as munge)"; exit 77; }
[ -d "$DATA" ] || { echo "SKIP: no shared data at $DATA"; exit 77; }
WORK="$(mktemp -d /tmp/dl-slurm-e2e.XXXXXX)"
chmod 755 "$WORK"  # munged runs as the munge user and keeps its socket below
cleanup() { "$SRC/scripts/slurm-cluster.sh" stop "$WORK/slurm" >/dev/null 2>&1 || true; rm -rf "$WORK"; }
trap cleanup EXIT
# Ports of our own, so a cluster of another test run on this machine is not disturbed.
SLURMCTLD_PORT=$((20000 + RANDOM % 5000 * 2))
export SLURMCTLD_PORT SLURMD_PORT=$((SLURMCTLD_PORT + 1))
START="$("$SRC/scripts/slurm-cluster.sh" start "$WORK/slurm")" || { echo "FAIL: the Slurm cluster did not start"; exit 1; }
eval "$START"
MODEL="$SRC/tests/data/models/bert-tiny"
COMPARE="python3 $SRC/tests/cluster/compare_projects.py"
# The projects (and so the shard folders, scripts and sbatch logs) live where a space, a '#' and a
# '%' must survive the scripts: sbatch's #SBATCH parser, its --output pattern and bash.
P="$WORK/my projects #1 100%"
mkdir -p "$P"

"$CLI" init "$P/base.dlproj" >/dev/null
for d in medical law it; do
  head -n 60 "$DATA/$d.en" > "$WORK/$d.en"
  "$CLI" import "$P/base.dlproj" --src "$WORK/$d.en" --domain-from-filename --corpus pool >/dev/null
done
cp "$P/base.dlproj" "$P/sharded.dlproj"
cp "$P/base.dlproj" "$P/ref.dlproj"

echo "== unsharded encode"
"$CLI" encode "$P/ref.dlproj" --model "$MODEL" --quiet
echo "== slurm encode --shards 4 --wait"
"$CLI" slurm "$P/sharded.dlproj" encode --model "$MODEL" --shards 4 --wait
$COMPARE vectors "$P/ref.dlproj" "$P/sharded.dlproj"
ls "$P/sharded.dlproj.encode-shards/slurm/logs/"encode-*_0.out >/dev/null || { echo "FAIL: no sbatch log under $P"; exit 1; }

echo "== cluster, then slurm assign --shards 4 --array-size 2 --wait"
"$CLI" cluster "$P/ref.dlproj" --k 3 --pca 8 --seeds 1 --quiet >/dev/null
RUN=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT max(id) FROM runs WHERE kind='cluster'\").fetchone()[0])" "$P/ref.dlproj")
cp "$P/ref.dlproj" "$P/assigned.dlproj"
"$CLI" slurm "$P/assigned.dlproj" assign "$RUN" --shards 4 --array-size 2 --wait
ASSIGNED=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT max(run_id) FROM run_results').fetchone()[0])" "$P/assigned.dlproj")
[ "$ASSIGNED" != "$RUN" ] || { echo "FAIL: the merge stored no assign results (latest run is the cluster run $RUN)"; exit 1; }
$COMPARE labels "$P/ref.dlproj" "$P/assigned.dlproj" "$RUN" "$ASSIGNED"

echo "== a failing worker: the merge fails and names the shards to re-run"
cp "$P/base.dlproj" "$P/broken.dlproj"
set +e
out=$("$CLI" slurm "$P/broken.dlproj" encode --model /nonexistent/model --shards 2 --wait 2>&1); rc=$?
set -e
echo "$out" | tail -n 6
[ "$rc" -eq 1 ] || { echo "FAIL: expected exit 1 from a failed merge, got $rc"; exit 1; }
echo "$out" | grep -q -- "--array=0-1" || { echo "FAIL: no re-run --array list"; exit 1; }

echo "== sbatch missing"
set +e
out=$(PATH=/nonexistent "$CLI" slurm "$P/base.dlproj" encode --shards 2 2>&1); rc=$?
set -e
[ "$rc" -eq 1 ] && echo "$out" | grep -q "sbatch is not on PATH" || { echo "FAIL: $rc $out"; exit 1; }
echo "OK"
