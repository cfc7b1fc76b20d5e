#!/usr/bin/env bash
# Quality on real data (docs/clustering.md): purity of PCA-50 + full-covariance GMM over 5
# seeds for several k, on the English side of ../shared/data/llm-dom-ad-deen-train2500
# (7 domains x 2500) and on the paper's 5-domain subset (it, koran, law, medical, subtitles),
# with all-MiniLM-L6-v2 (the default model of `encode`).
#   bench/gmm/quality_table.sh BUILD_DIR [WORKDIR]
set -euo pipefail
BUILD=${1:?build dir}; WORK=${2:-/tmp/domainlens-quality}
CLI=$BUILD/app/domainlens-cli
DATA=$(cd "$(dirname "$0")/../../.." && pwd)/shared/data/llm-dom-ad-deen-train2500
mkdir -p "$WORK"
make_project() {  # name corpus domains...
  local proj=$WORK/$1.dlproj corpus=$2; shift 2
  if [ ! -f "$proj" ]; then
    "$CLI" init "$proj" >/dev/null
    for d in "$@"; do "$CLI" import "$proj" --src "$DATA/$d.en" --corpus "$corpus" --domain-from-filename --quiet >/dev/null; done
  fi
  "$CLI" encode "$proj" --quiet >/dev/null   # resumable: a no-op when complete
}
make_project q7 train7 it koran law medical qed subtitles ted
make_project q5 train5 it koran law medical subtitles
printf "| corpus | k | GMM purity %% (mean ± std, 5 seeds) | NMI | ARI | k-means purity %% | random %% |\n|---|---|---|---|---|---|---|\n"
for spec in "q7 7" "q7 14" "q7 21" "q5 5" "q5 10" "q5 15"; do
  set -- $spec
  "$CLI" cluster "$WORK/$1.dlproj" --k "$2" --pca 50 --seeds 5 --n-init "${N_INIT:-1}" --json --quiet | \
    python3 -c "import json,sys; j=json.load(sys.stdin); print(f\"| $1 ({len(j['domains'])} domains) | $2 | {100*j['purity_mean']:.2f} ± {100*j['purity_std']:.2f} | {j['nmi_mean']:.3f} | {j['ari_mean']:.3f} | {100*j['kmeans_purity_mean']:.2f} ± {100*j['kmeans_purity_std']:.2f} | {100*j['random_purity_mean']:.2f} |\")"
done
