#!/usr/bin/env bash
# Run ON a GPU machine that reaches nothing outside, with the folder scripts/gpu-bundle.sh
# gathered here. Builds the Qt-free core and its benchmarks (DOMAINLENS_CORE_ONLY: bench_encode,
# bench_gmm; the CLI and GUI need Qt, which such a machine lacks) against the PyTorch that
# machine ships (Torch_DIR from torch.utils.cmake_prefix_path), with the bundle's unpacked
# Debian packages, then measures:
#   1. encoder parity: the same sentences encoded on CUDA and on the CPU (fp32 both), cosine
#      of each sentence's two vectors: min and mean (and CUDA in its default precision, fp16)
#   2. encode throughput on CUDA per batch size, and sentence-transformers on the same GPU
#      at each batch size when it is installed there (its best batch against ours)
#   3. PCA + GMM (bench_gmm cluster: the core's fitPca/projectPca/fitGmm on a DataMatrix
#      on the CPU and on CUDA) on the CPU's vectors, purity and NMI both ways, and
#      scikit-learn's purity on the same vectors when it is installed there
# Everything it prints also goes to OUT/gpu-report.txt; each measurement's JSON to OUT/*.json.
# Usage: scripts/gpu-build.sh [BUNDLE] [OUT]   (defaults: shared/gpu-bundle, out/gpu)
# It has NOT run on a GPU yet (docs/gpu.md).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUNDLE="$(cd "${1:-$ROOT/shared/gpu-bundle}" && pwd)"
OUT="${2:-$ROOT/out/gpu}"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build-gpu}"
PY="${PYTHON:-python3}"
SYS="$BUNDLE/sysroot"
MODEL="${GPU_MODEL:-$BUNDLE/models/all-MiniLM-L6-v2}"
mkdir -p "$OUT"
exec > >(tee "$OUT/gpu-report.txt") 2>&1
echo "gpu-build: $(date -u +%FT%TZ) on $(hostname)"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true

# --- tools and PyTorch ---
if ! command -v cmake >/dev/null || ! command -v ninja >/dev/null; then
  "$PY" -m pip install --quiet --no-index --find-links "$BUNDLE/wheels" --target "$OUT/tools" cmake ninja
  export PATH="$OUT/tools/bin:$PATH" PYTHONPATH="$OUT/tools${PYTHONPATH:+:$PYTHONPATH}"
fi
TORCH_PREFIX="$("$PY" -c 'import torch; print(torch.utils.cmake_prefix_path)')"
TORCH_LIB="$("$PY" -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')"
"$PY" -c 'import torch; print("gpu-build: torch", torch.__version__, "CUDA", torch.version.cuda, "available", torch.cuda.is_available(), "cxx11 abi", torch._C._GLIBCXX_USE_CXX11_ABI)'
ARCH=x86_64-linux-gnu
export PKG_CONFIG_PATH="$SYS/usr/lib/$ARCH/pkgconfig:$SYS/usr/share/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$SYS"
export LD_LIBRARY_PATH="$SYS/usr/lib/$ARCH:$TORCH_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
command -v pkg-config >/dev/null || export PATH="$PATH:$SYS/usr/bin"

# --- build: core + bench_encode + bench_gmm, no Qt ---
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDOMAINLENS_CORE_ONLY=ON \
  -DDOMAINLENS_WITH_ARROW=OFF -DDOMAINLENS_PCH=OFF -DCMAKE_PREFIX_PATH="$TORCH_PREFIX;$SYS/usr" \
  -DCMAKE_INCLUDE_PATH="$SYS/usr/include" -DCMAKE_LIBRARY_PATH="$SYS/usr/lib/$ARCH" \
  -DEigen3_DIR="$SYS/usr/share/eigen3/cmake" -Dnlohmann_json_DIR="$SYS/usr/share/cmake/nlohmann_json"
cmake --build "$BUILD" -j "$(nproc)" --target bench_encode bench_gmm
BENCH="$BUILD/bench/encode/bench_encode"

# --- 1. encoder parity ---
cat "$BUNDLE"/data/*.en > "$OUT/sentences.txt"
N=$(wc -l < "$OUT/sentences.txt")
"$BENCH" --sentences "$OUT/sentences.txt" --model "$MODEL" --device cpu --precision fp32 --vectors "$OUT/cpu.f32" > "$OUT/encode-cpu.json"
"$BENCH" --sentences "$OUT/sentences.txt" --model "$MODEL" --device cuda --precision fp32 --vectors "$OUT/cuda-fp32.f32" > "$OUT/encode-cuda-fp32.json"
"$BENCH" --sentences "$OUT/sentences.txt" --model "$MODEL" --device cuda --vectors "$OUT/cuda-auto.f32" > "$OUT/encode-cuda-auto.json"
"$PY" - "$OUT" <<'PY'
import json, sys
import numpy as np
out = sys.argv[1]
dim = json.load(open(f"{out}/encode-cpu.json"))["dim"]
cpu = np.fromfile(f"{out}/cpu.f32", dtype="<f4").reshape(-1, dim).astype(np.float64)
for name in ("cuda-fp32", "cuda-auto"):
    j = json.load(open(f"{out}/encode-{name}.json"))
    gpu = np.fromfile(f"{out}/{name}.f32", dtype="<f4").reshape(-1, dim).astype(np.float64)
    cos = (cpu * gpu).sum(1) / (np.linalg.norm(cpu, axis=1) * np.linalg.norm(gpu, axis=1) + 1e-30)
    print(f"parity {name} ({j['precision']}, {j['device']}) vs cpu fp32: {len(cos)} sentences, "
          f"cosine min {cos.min():.6f} mean {cos.mean():.6f}")
PY

# --- 2. throughput on the GPU, ours against sentence-transformers per batch ---
rate() {  # FILE NAME: one line from a bench JSON
  "$PY" -c 'import json, sys
j = json.load(open(sys.argv[1]))
print("%s cuda batch %d: %.0f sentences/s %s" % (sys.argv[2], j["batch"], j["sentences_per_second"], j.get("precision", "")))' "$1" "$2"
}
for b in 32 64 128 256 512; do
  "$BENCH" --sentences "$OUT/sentences.txt" --model "$MODEL" --device cuda --batch "$b" --repeat 3 > "$OUT/encode-cuda-b$b.json"
  rate "$OUT/encode-cuda-b$b.json" domainlens
  if "$PY" -c 'import sentence_transformers' 2>/dev/null; then
    "$PY" "$ROOT/bench/encode/bench_sentence_transformers.py" --sentences "$OUT/sentences.txt" --model "$MODEL" \
      --device cuda --batch "$b" --repeat 3 > "$OUT/st-cuda-b$b.json"
    rate "$OUT/st-cuda-b$b.json" sentence-transformers
  else
    echo "sentence-transformers: not installed here, no reference"
  fi
done

# --- 3. PCA + GMM on the GPU against the CPU (and scikit-learn when installed), same vectors ---
: > "$OUT/labels.txt"
for f in "$BUNDLE"/data/*.en; do
  d="$(basename "$f" .en)"
  n=$(wc -l < "$f")
  for _ in $(seq "$n"); do echo "$d"; done >> "$OUT/labels.txt"
done
K=$(ls "$BUNDLE"/data/*.en | wc -l)
DIM=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["dim"])' "$OUT/encode-cpu.json")
for dev in cpu cuda; do
  "$BUILD/bench/gmm/bench_gmm" cluster "$OUT/cpu.f32" "$DIM" "$OUT/labels.txt" "$K" 50 "$dev" > "$OUT/cluster-$dev.json"
  "$PY" -c 'import json,sys; j=json.load(open(sys.argv[1])); print("PCA 50 + GMM k=%d on %s (on_cuda %s): purity %.4f, NMI %.4f, lower bound %.4f, PCA %.2f s, GMM %.2f s" % (j["k"], j["device"], j["on_cuda"], j["purity"], j["nmi"], j["lower_bound"], j["pca_seconds"], j["gmm_seconds"]))' "$OUT/cluster-$dev.json"
done
if "$PY" -c 'import sklearn' 2>/dev/null; then
  "$PY" - "$OUT" "$DIM" "$K" <<'PY'
import sys, time
import numpy as np
from sklearn.decomposition import PCA
from sklearn.mixture import GaussianMixture
out, dim, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
x = np.fromfile(f"{out}/cpu.f32", dtype="<f4").reshape(-1, dim).astype(np.float64)
names = [l.rstrip("\n") for l in open(f"{out}/labels.txt")]
t = time.time()
z = PCA(50, random_state=0).fit_transform(x)
lab = GaussianMixture(k, covariance_type="full", n_init=3, random_state=0).fit_predict(z)
purity = sum(max(sum(1 for i in np.flatnonzero(lab == c) if names[i] == d) for d in set(names)) for c in range(k)) / len(names)
print("scikit-learn PCA 50 + GMM k=%d on the same vectors: purity %.4f (%.2f s)" % (k, purity, time.time() - t))
PY
else
  echo "scikit-learn: not installed here, no reference"
fi
echo "gpu-build: done; $N sentences; report $OUT/gpu-report.txt"
