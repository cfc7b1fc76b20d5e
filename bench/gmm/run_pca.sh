#!/usr/bin/env bash
# PCA like for like: scikit-learn PCA(svd_solver="covariance_eigh").fit_transform and
# DomainLens fitPca + projection on ALL rows of the same float32 file, then the ratios: float32
# products (scikit-learn's work), the opt-in bfloat16 products, the DataMatrix entry point, and
# the float64 centred moments that `cluster` uses by default when the PCA is fitted on all rows.
#   [REPEAT=N] bench/gmm/run_pca.sh [BUILD_DIR] [FILE.f32] [ROWS] [COLS] [COMPONENTS]
# REPEAT: rounds (default 3). Each round runs every implementation in turn, each in its own
# process for INNER runs (default 3) of which the median counts, so that each side samples the
# same fast and slow phases of this VM (its speed moves by +-20-30% for seconds at a time);
# reported: each implementation's median over the rounds, and the median of its per-round
# ratios to scikit-learn's time in the same round. Why INNER runs per process: the first large
# allocation of a fresh process is slow on this VM (pages come back from the host: mapping the
# projection's 300 MB took 0.15-0.70 s in a first call, 0.10 s after), for both sides alike.
# FILE defaults to synthetic embeddings (bench_sklearn.py pcagen, cached under /tmp); when
# FILE.f32 has a sibling .f16 (make_real.py build), the float16 path is timed as well.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:-$HERE/../../build}
ROWS=${3:-1500000}; COLS=${4:-384}; COMPS=${5:-50}
FILE=${2:-/tmp/domainlens-bench-pca-$ROWS-$COLS.f32}
PY=${PYTHON:-$HERE/../../.venv-ref/bin/python}
ROUNDS=${REPEAT:-3}; INNER=${INNER:-3}
BIN=$BUILD/bench/gmm/bench_gmm
[ -x "$BIN" ] || { echo "build bench_gmm first: cmake --build $BUILD --target bench_gmm" >&2; exit 1; }
[ -f "$FILE" ] || "$PY" "$HERE/bench_sklearn.py" pcagen "$FILE" "$ROWS" "$COLS"
echo "# machine: $(lscpu | sed -n 's/^Model name: *//p') x $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS rounds x $INNER runs" >&2
VARIANTS=("$FILE f32 fp32"        # scikit-learn's work: float32 products
          "$FILE f32 bf16"        # opt-in: bfloat16 products
          "$FILE matrix fp32"     # fitPca + projectPca on a DataMatrix
          "$FILE moments64 fp64") # the all-rows default of `cluster` (= --mpi)
if [ -f "${FILE%.f32}.f16" ]; then
  VARIANTS+=("${FILE%.f32}.f16 f16 fp32" "${FILE%.f32}.f16 f16 bf16")
fi
LINES=()
for ((round = 1; round <= ROUNDS; ++round)); do
  LINES+=("$(REPEAT=$INNER "$PY" "$HERE/bench_sklearn.py" pca "$FILE" "$ROWS" "$COLS" "$COMPS")")
  for v in "${VARIANTS[@]}"; do
    read -r f mode prec <<< "$v"
    LINES+=("$(REPEAT=$INNER "$BIN" pca "$f" "$ROWS" "$COLS" "$COMPS" "$mode" 0 "$prec")")
  done
done
printf '%s\n' "${LINES[@]}"
"$PY" - "$((${#VARIANTS[@]} + 1))" "${LINES[@]}" <<'PYEOF'
import json, statistics, sys
per_round = int(sys.argv[1])
rows = [json.loads(a) for a in sys.argv[2:]]
rounds = [rows[i:i + per_round] for i in range(0, len(rows), per_round)]
sk = [r[0] for r in rounds]
t = [s["covariance_eigh_seconds"] for s in sk]
evr0 = sk[0]["covariance_eigh_explained_variance_ratio_sum"]
print(f"rounds: {len(rounds)}; scikit-learn covariance_eigh median {statistics.median(t):.2f} s "
      f"[{' '.join(f'{v:.2f}' for v in t)}], {statistics.median(s['covariance_eigh_cpu_seconds'] for s in sk):.2f} CPU-s "
      f"(explained variance ratio sum {evr0:.7f}); {sk[0]['blas']}")
for j in range(1, per_round):
    runs = [r[j] for r in rounds]
    tot = [x["total_seconds"] for x in runs]
    ratios = [a / x for a, x in zip(t, tot)]
    med = sorted(runs, key=lambda x: x["total_seconds"])[len(runs) // 2]
    print(f"{runs[0]['impl']:34s} {statistics.median(tot):.2f} s [{' '.join(f'{v:.2f}' for v in tot)}] "
          f"(median run: fit {med['fit_seconds']:.2f} @ {med['fit_gflops']:.0f} GFLOP/s, projection {med['project_seconds']:.2f} "
          f"@ {med['project_gflops']:.0f} GFLOP/s)  speed-up per round [{' '.join(f'{v:.2f}' for v in ratios)}] "
          f"median x{statistics.median(ratios):.2f}; evr sum {runs[0]['explained_variance_ratio_sum']:.7f} "
          f"({runs[0]['explained_variance_ratio_sum'] - evr0:+.1e})")
PYEOF
