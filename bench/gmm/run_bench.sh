#!/usr/bin/env bash
# Runs the scikit-learn and DomainLens GMM benchmarks on the same data and start, one after
# the other in one go, and prints both JSON lines and the ratio. Optionally the PCA timing.
#   bench/gmm/run_bench.sh [BUILD_DIR] [ROWS] [COLS] [K] [ITERS] [COV]
#   PCA=1 bench/gmm/run_bench.sh ...      (also PCA 1.5M x 384 -> 50, run_pca.sh)
#   REAL=DIR bench/gmm/run_bench.sh ...   (GMM on DIR/pca50.f64 from make_real.py instead of synthetic)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:-$HERE/../../build}
ROWS=${2:-1500000}; COLS=${3:-50}; K=${4:-15}; ITERS=${5:-5}; COV=${6:-full}
PY=${PYTHON:-$(cd "$(dirname "$0")/../.." && pwd)/.venv-ref/bin/python}
DATA=${BENCH_DATA:-/tmp/domainlens-bench-gmm-$ROWS-$COLS-$K-$COV}
BIN=$BUILD/bench/gmm/bench_gmm
[ -x "$BIN" ] || { echo "build bench_gmm first: cmake --build $BUILD --target bench_gmm" >&2; exit 1; }
if [ -n "${REAL:-}" ]; then
  DATA=$REAL/gmm-$K-$COV
  [ -f "$DATA/start.json" ] || "$PY" "$HERE/bench_sklearn.py" start "$DATA" "$REAL/pca50.f64" "$ROWS" "$COLS" "$K" "$COV"
fi
if [ ! -f "$DATA/start.json" ]; then
  echo "generating $ROWS x $COLS mixture (k=$K) in $DATA" >&2
  "$PY" "$HERE/bench_sklearn.py" gen "$DATA" "$ROWS" "$COLS" "$K" "$COV"
fi
echo "# machine: $(lscpu | sed -n 's/^Model name: *//p') x $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB; load $(cut -d' ' -f1-3 /proc/loadavg); data $DATA" >&2
SK=$("$PY" "$HERE/bench_sklearn.py" gmm "$DATA" "$ITERS")
echo "$SK"
DL=$("$BIN" gmm "$DATA/data.f64" "$ROWS" "$COLS" "$DATA/start.json" "$ITERS" f64)
echo "$DL"
DL32=$("$BIN" gmm "$DATA/data.f64" "$ROWS" "$COLS" "$DATA/start.json" "$ITERS" f32)
echo "$DL32"
"$PY" - "$SK" "$DL" "$DL32" "$COV" <<'PYEOF'
import json, sys
sk, dl, dl32 = (json.loads(a) for a in sys.argv[1:4])
print(f"sklearn  {sk['seconds_per_iteration']:.3f} s/iter   lower bound {sk['lower_bound']:.12g}")
print(f"ours f64 {dl['seconds_per_iteration']:.3f} s/iter   lower bound {dl['lower_bound']:.12g}   "
      f"speed-up x{sk['seconds_per_iteration'] / dl['seconds_per_iteration']:.2f}")
print(f"ours f32 {dl32['seconds_per_iteration']:.3f} s/iter   lower bound {dl32['lower_bound']:.12g}   "
      f"speed-up x{sk['seconds_per_iteration'] / dl32['seconds_per_iteration']:.2f}")
print(f"lower bound rel. diff (f64): {abs(sk['lower_bound'] - dl['lower_bound']) / abs(sk['lower_bound']):.2e}")
# Flops per EM iteration. Ours: E-step Z·Q and M-step Rᵀ·Z over z = vech(x xᵀ) (m = d(d+1)/2
# for full/tied, d for diag, 1 for spherical) plus Rᵀ·X and X·L; scikit-learn's full E+M:
# k GEMMs (X-μ)·L and k GEMMs (r∘(X-μ))ᵀ(X-μ) of N x d x d each.
n, d, k = dl["rows"], dl["cols"], dl["k"]
cov = sys.argv[4]
m = {"full": d * (d + 1) // 2, "tied": d * (d + 1) // 2, "diag": d, "spherical": 1}[cov]
ours = (2 * n * m * (k if cov != "tied" else 1) + 2 * n * m * (k if cov != "tied" else 1) + 4 * n * d * k) / 1e9
skf = 4 * n * d * d * k / 1e9 if cov == "full" else None
print(f"GFLOP per iteration (ours, executed): {ours:.1f} -> f64 {ours / dl['seconds_per_iteration']:.1f} GFLOP/s, "
      f"f32 {ours / dl32['seconds_per_iteration']:.1f} GFLOP/s"
      + (f"; scikit-learn full: {skf:.1f} GFLOP -> {skf / sk['seconds_per_iteration']:.1f} GFLOP/s" if skf else ""))
PYEOF
if [ "${PCA:-0}" = 1 ]; then "$HERE/run_pca.sh" "$BUILD"; fi
