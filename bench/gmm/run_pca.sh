#!/usr/bin/env bash
# PCA like for like: scikit-learn PCA(svd_solver="covariance_eigh").fit_transform and
# DomainLens fitPca + projection on ALL rows of the same float32 file, one after the other
# in one go (same load), then the ratios: float32 products (scikit-learn's work), the opt-in
# bfloat16 products, the DataMatrix entry point, and the float64 centred moments that
# `cluster` uses by default when the PCA is fitted on all rows.
#   [REPEAT=N] bench/gmm/run_pca.sh [BUILD_DIR] [FILE.f32] [ROWS] [COLS] [COMPONENTS]
# REPEAT: runs per implementation, the median reported (default 3: this VM's speed varies).
# FILE defaults to synthetic embeddings (bench_sklearn.py pcagen, cached under /tmp); when
# FILE.f32 has a sibling .f16 (make_real.py build), the float16 path is timed as well.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:-$HERE/../../build}
ROWS=${3:-1500000}; COLS=${4:-384}; COMPS=${5:-50}
FILE=${2:-/tmp/domainlens-bench-pca-$ROWS-$COLS.f32}
PY=${PYTHON:-$HERE/../../.venv-ref/bin/python}
export REPEAT=${REPEAT:-3}
BIN=$BUILD/bench/gmm/bench_gmm
[ -x "$BIN" ] || { echo "build bench_gmm first: cmake --build $BUILD --target bench_gmm" >&2; exit 1; }
[ -f "$FILE" ] || "$PY" "$HERE/bench_sklearn.py" pcagen "$FILE" "$ROWS" "$COLS"
echo "# machine: $(lscpu | sed -n 's/^Model name: *//p') x $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
SK=$("$PY" "$HERE/bench_sklearn.py" pca "$FILE" "$ROWS" "$COLS" "$COMPS"); echo "$SK"
RUNS=()
run() { local r; r=$("$BIN" pca "$@"); echo "$r"; RUNS+=("$r"); }
run "$FILE" "$ROWS" "$COLS" "$COMPS" f32 0 fp32        # scikit-learn's work: float32 products
run "$FILE" "$ROWS" "$COLS" "$COMPS" f32 0 bf16        # opt-in: bfloat16 products
run "$FILE" "$ROWS" "$COLS" "$COMPS" matrix 0 fp32     # fitPca + projectPca on a DataMatrix
run "$FILE" "$ROWS" "$COLS" "$COMPS" moments64 0 fp64  # the all-rows default of `cluster` (= --mpi)
if [ -f "${FILE%.f32}.f16" ]; then
  run "${FILE%.f32}.f16" "$ROWS" "$COLS" "$COMPS" f16 0 fp32
  run "${FILE%.f32}.f16" "$ROWS" "$COLS" "$COMPS" f16 0 bf16
fi
"$PY" - "$SK" "${RUNS[@]}" <<'PYEOF'
import json, sys
sk = json.loads(sys.argv[1])
t, tc = sk["covariance_eigh_seconds"], sk["covariance_eigh_cpu_seconds"]
evr0 = sk["covariance_eigh_explained_variance_ratio_sum"]
print(f"sklearn covariance_eigh {t:.2f} s (median of {' '.join(f'{v:.2f}' for v in sorted(sk['covariance_eigh_seconds_all']))}), {tc:.2f} CPU-s  (explained variance ratio sum {evr0:.7f})")
for a in sys.argv[2:]:
    r = json.loads(a)
    print(f"{r['impl']:34s} {r['total_seconds']:.2f} s [{' '.join(f'{v:.2f}' for v in r['total_seconds_sorted'])}] (fit {r['fit_seconds']:.2f} @ {r['fit_gflops']:.0f} GFLOP/s, "
          f"projection {r['project_seconds']:.2f} @ {r['project_gflops']:.0f} GFLOP/s)  speed-up x{t / r['total_seconds']:.2f}; "
          f"{r['total_cpu_seconds']:.2f} CPU-s  evr sum {r['explained_variance_ratio_sum']:.7f} "
          f"({r['explained_variance_ratio_sum'] - evr0:+.1e})")
PYEOF
