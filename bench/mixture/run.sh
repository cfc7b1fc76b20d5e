#!/usr/bin/env bash
# bench/mixture/run.sh: the learner of `mixture train` (issue #24 item 6) on the 7 domains of
# ../shared/data (English side of llm-dom-ad-deen-train2500, cut to unequal sizes so that
# lambda_alpha depends on alpha), two tasks (target medical; uniform), columns static alpha
# 0 / 0.5 / 1 (constant `mixture schedule --kind anneal` files), MDAC from lambda_0 (uniform),
# DDS. Usage: bench/mixture/run.sh [WORK_DIR] (STEPS, SEEDS, MDAC_LRS, CLI from the environment).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${CLI:-$ROOT/build/app/domainlens-cli}"
DATA="${DATA:-$ROOT/../shared/data/llm-dom-ad-deen-train2500}"
W="${1:-/tmp/dl-bench-mixture}"
STEPS="${STEPS:-300}"
SEEDS="${SEEDS:-1}"
MDAC_LRS="${MDAC_LRS:-0.001 0.01 0.1}"  # the paper: 0.001
MODEL=(--steps "$STEPS" --batch 16 --context 64 --layers 2 --dim 128 --heads 4 --vocab 1000 --lr 1e-3
       --eval-every 100 --dev-windows 16 --session-steps 50 --sim-steps 5 --updates 100 --device auto --quiet --json)
rm -rf "$W" && mkdir -p "$W"
"$CLI" init "$W/p.dlproj" >/dev/null
declare -A LINES=([medical]=400 [law]=2500 [it]=1200 [koran]=2500 [subtitles]=2500 [ted]=800 [qed]=600)
for d in "${!LINES[@]}"; do
  head -n "${LINES[$d]}" "$DATA/$d.en" > "$W/$d.en"
  "$CLI" import "$W/p.dlproj" --src "$W/$d.en" --domain-from-filename --corpus pool --quiet >/dev/null
done
for task in medical uniform; do
  K="$W/kit-$task"
  "$CLI" mixture kit "$W/p.dlproj" --corpus pool --out "$K" --dev-lines 100 --test-lines 100 \
    --target "$task" --init uniform --quiet --json >/dev/null
  for a in 0 0.5 1; do
    "$CLI" mixture schedule --kind anneal --mixture "$K/mixture.json" --alpha-start "$a" --alpha-end "$a" \
      --points 2 --steps "$STEPS" --out "$K/alpha$a" --quiet --json >/dev/null
  done
  for seed in $(seq 1 "$SEEDS"); do
    for a in 0 0.5 1; do
      "$CLI" mixture train "$K" --out "$W/$task-alpha$a-s$seed" --schedule "$K/alpha$a.schedule.json" \
        --seed "$seed" "${MODEL[@]}" > "$W/$task-alpha$a-s$seed.json"
    done
    for lr in $MDAC_LRS; do
      for kind in mdac dds; do
        "$CLI" mixture train "$K" --out "$W/$task-$kind-lr$lr-s$seed" --schedule $kind --mdac-lr "$lr" \
          --seed "$seed" "${MODEL[@]}" > "$W/$task-$kind-lr$lr-s$seed.json"
      done
    done
  done
done
# One line per run: task, column, seed, dev loss under lambda_t at the end (ppl), tokens/s, MDAC overhead, final lambda of the target.
python3 - "$W" <<'PY'
import json, glob, os, sys
w = sys.argv[1]
for f in sorted(glob.glob(os.path.join(w, '*-s*.json'))):
    r = json.load(open(f)); fin = r['final']
    lam = fin['lambda']
    print(f"{os.path.basename(f)[:-5]:24s} J_t {fin['target_loss']:.4f} ppl {fin['target_ppl']:8.2f} "
          f"tok/s {r['tokens_per_s']:8.0f} overhead {r['mdac_overhead']:.2f} {r['device']} "
          f"lambda(medical) {lam.get('medical', 0):.3f} start J_t {r['evals'][0]['target_loss']:.3f}")
PY
