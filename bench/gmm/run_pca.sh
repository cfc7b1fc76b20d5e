#!/usr/bin/env bash
# PCA like for like: scikit-learn PCA(svd_solver="covariance_eigh").fit_transform and
# DomainLens fitPca + projection on ALL rows of the same float32 file, one after the other
# in one go (same load), then the ratio.
#   bench/gmm/run_pca.sh [BUILD_DIR] [FILE.f32] [ROWS] [COLS] [COMPONENTS]
# FILE defaults to synthetic embeddings (bench_sklearn.py pcagen, cached under /tmp); when
# FILE.f32 has a sibling .f16 (make_real.py build), the float16 path is timed as well.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:-$HERE/../../build}
ROWS=${3:-1500000}; COLS=${4:-384}; COMPS=${5:-50}
FILE=${2:-/tmp/domainlens-bench-pca-$ROWS-$COLS.f32}
PY=${PYTHON:-$HERE/../../.venv-ref/bin/python}
BIN=$BUILD/bench/gmm/bench_gmm
[ -x "$BIN" ] || { echo "build bench_gmm first: cmake --build $BUILD --target bench_gmm" >&2; exit 1; }
[ -f "$FILE" ] || "$PY" "$HERE/bench_sklearn.py" pcagen "$FILE" "$ROWS" "$COLS"
echo "# machine: $(lscpu | sed -n 's/^Model name: *//p') x $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
SK=$("$PY" "$HERE/bench_sklearn.py" pca "$FILE" "$ROWS" "$COLS" "$COMPS"); echo "$SK"
F32=$("$BIN" pca "$FILE" "$ROWS" "$COLS" "$COMPS" f32); echo "$F32"
F16='{}'
if [ -f "${FILE%.f32}.f16" ]; then F16=$("$BIN" pca "${FILE%.f32}.f16" "$ROWS" "$COLS" "$COMPS" f16); echo "$F16"; fi
MAT=$("$BIN" pca "$FILE" "$ROWS" "$COLS" "$COMPS" matrix); echo "$MAT"
"$PY" - "$SK" "$F32" "$F16" "$MAT" <<'PYEOF'
import json, sys
sk, f32, f16, mat = (json.loads(a) for a in sys.argv[1:5])
t, tc = sk["covariance_eigh_seconds"], sk["covariance_eigh_cpu_seconds"]
print(f"sklearn covariance_eigh {t:.2f} s, {tc:.2f} CPU-s  (explained variance ratio sum {sk['covariance_eigh_explained_variance_ratio_sum']:.6f})")
for name, r in (("ours f32 rows", f32), ("ours f16 rows", f16), ("ours DataMatrix", mat)):
    if r:
        print(f"{name:16s} {r['total_seconds']:.2f} s (fit {r['fit_seconds']:.2f} @ {r['fit_gflops']:.0f} GFLOP/s, "
              f"projection {r['project_seconds']:.2f} @ {r['project_gflops']:.0f} GFLOP/s)  speed-up x{t / r['total_seconds']:.2f}; "
              f"{r['total_cpu_seconds']:.2f} CPU-s, CPU-time ratio x{tc / r['total_cpu_seconds']:.2f}"
              f"  evr sum {r['explained_variance_ratio_sum']:.6f}")
PYEOF
