#!/usr/bin/env bash
# GMM EM over MPI: `mpirun -np 2 domainlens-cli cluster --mpi` gives the same labels and
# iterations as one rank and as the plain `cluster` without --mpi (same initialisation:
# --init-sample-rows alike), lower bounds within 1e-9 relative: the plain fit, its PCA on all
# rows, uses the same float64 centred moments as --mpi. Real slice of ../shared/data, tiny
# BERT fixture.
# Exit 77 = skipped (no mpirun, a build without MPI, or no shared data).
# usage: mpi_gmm.sh CLI SOURCE_DIR SHARED_DATA
set -euo pipefail
CLI="$1"; SRC="$2"; DATA="$3/llm-dom-ad-deen-test"
command -v mpirun >/dev/null || { echo "SKIP: mpirun not installed (openmpi-bin)"; exit 77; }
[ -d "$DATA" ] || { echo "SKIP: no shared data at $DATA"; exit 77; }
WORK="$(mktemp -d /tmp/dl-mpi.XXXXXX)"
trap '[ -n "${KEEP:-}" ] || rm -rf "$WORK"' EXIT
P="$WORK/p.dlproj"
"$CLI" init "$P" >/dev/null
for d in medical law it koran; do
  head -n 150 "$DATA/$d.en" > "$WORK/$d.en"
  "$CLI" import "$P" --src "$WORK/$d.en" --domain-from-filename --corpus pool >/dev/null
done
"$CLI" encode "$P" --model "$SRC/tests/data/models/bert-tiny" --quiet
set +e
"$CLI" cluster "$P" --k 4 --mpi --quiet 2>"$WORK/err"; rc=$?
set -e
if [ "$rc" -eq 2 ] && grep -q "no MPI support" "$WORK/err"; then echo "SKIP: built without MPI"; exit 77; fi
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --mca btl self,vader)
ARGS=(cluster "$P" --k 4 --pca 8 --seeds 2 --cov full --json --quiet --mpi)
"${MPIRUN[@]}" -np 1 "$CLI" "${ARGS[@]}" > "$WORK/one.json"
"${MPIRUN[@]}" -np 2 "$CLI" "${ARGS[@]}" > "$WORK/two.json"
"$CLI" cluster "$P" --k 4 --pca 8 --seeds 2 --cov full --json --quiet --init-sample-rows 200000 > "$WORK/single.json"
python3 - "$WORK" "$P" "$SRC" <<'PY'
import json, subprocess, sys
work, project, src = sys.argv[1:4]
runs = {name: json.load(open(f"{work}/{name}.json")) for name in ("one", "two", "single")}
base = runs["one"]
# 2 ranks vs 1 vs no MPI: the same numerics but the order of float64 sums.
for name, tolerance in (("two", 1e-9), ("single", 1e-9)):
    r = runs[name]
    for a, b in zip(base["per_seed"], r["per_seed"]):
        rel = abs(a["lower_bound"] - b["lower_bound"]) / abs(a["lower_bound"])
        print(f"{name} vs one rank, seed {a['seed']}: lower bound {b['lower_bound']:.12f} vs {a['lower_bound']:.12f} "
              f"(relative {rel:.2e}, allowed {tolerance:g}), iterations {b['iterations']} vs {a['iterations']}")
        if rel > tolerance or a["iterations"] != b["iterations"]:
            sys.exit(f"FAIL: {name} differs from one rank")
    subprocess.run([sys.executable, f"{src}/tests/cluster/compare_projects.py", "labels", project, project,
                    str(base["run"]), str(r["run"])], check=True)
print("OK")
PY
