#!/usr/bin/env bash
# bench/mixture/run.sh: the learner of `mixture train` (issue #24 item 6) on the 7 domains of
# ../shared/data (English side of llm-dom-ad-deen-train2500, cut to unequal sizes so that
# lambda_alpha depends on alpha), the paper's tasks as rows and its methods as columns.
#   rows:    medical (one target domain), two (medical + it), uniform (multi-domain),
#            unseen (ted held out of training, known only by 200 dev lines; groups: 8 GMM
#            clusters of the other 6 domains; lambda_t = the dev set's mean responsibilities),
#            c30 (30 GMM clusters of the 6 domains as groups; lambda_t from 200 medical dev lines)
#   columns: static alpha (constant `mixture schedule --kind anneal` files), FT-Full (lambda_s
#            until T/2, then lambda_t), DDS (from lambda_0 uniform), MDAC from lambda_0
#            (uniform), lambda_1 (empirical) and the floored lambda* (0.8 lambda_t + 0.2 uniform);
#            row medical only (as the paper's Table 2; CL needs one in-domain corpus): the CL
#            curriculum of Zhang et al. 2019 (the other 6 domains' kit training text ranked by
#            Moore-Lewis against the medical training shard, 9 shards, shard 0 = medical, 10
#            phases) and gradual fine-tuning of van der Wees et al. 2017 (all 7 domains' training
#            text ranked the same way, rho 0.5, 5 epochs)
# Usage: bench/mixture/run.sh [WORK_DIR] [summary]; env: STEPS (200), SEEDS ("1 2 3"), ROWS, LM,
# ALPHAS ("0 0.25 0.5 0.75 1"), COLS, MDAC_LR (0.01), DDS_LR (0.002), EVAL (25), CLI. With
# `summary` it only prints the table of what WORK_DIR holds. Runs seed by seed, so a cut-short
# grid has whole seeds.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${CLI:-$ROOT/build/app/domainlens-cli}"
DATA="${DATA:-$ROOT/../shared/data}"
W="${1:-/tmp/dl-bench-mixture}"
STEPS="${STEPS:-200}"
SEEDS="${SEEDS:-1 2 3}"
ROWS="${ROWS:-medical c30 two unseen uniform}"
ALPHAS="${ALPHAS:-0 0.25 0.5 0.75 1}"
MDAC_LR="${MDAC_LR:-0.01}"
# DDS (softmax actor, Adam; mixture/Mdac.h): Wang et al.'s 1e-4 x 200 Adam steps per update, scaled
# as MDAC's lr is (10x the paper's for 3 sessions instead of ~100) and to --updates 100 steps.
DDS_LR="${DDS_LR:-0.002}"
EVAL="${EVAL:-25}"
K=$((STEPS / 4))  # MDAC/DDS session length: 3 sessions
# The learner, small enough for a 2-core machine shared with other work (1/8 of the earlier
# bench's 2-layer d = 128 model's FLOPs per token): LM="--layers 2 --dim 128 --heads 4 --context 64 --vocab 1000" for that one.
read -r -a LM <<< "${LM:---layers 2 --dim 64 --heads 2 --context 32 --vocab 500}"
MODEL=(--steps "$STEPS" --batch 16 "${LM[@]}" --lr 1e-3
       --eval-every "$EVAL" --dev-windows 16 --session-steps "$K" --sim-steps 5 --updates 100
       --device auto --quiet --json)

summary() {
python3 - "$W" "$ALPHAS" <<'PY'
import json, glob, os, sys, statistics as st, collections
w, alphas = sys.argv[1], sys.argv[2].split()
runs = collections.defaultdict(dict)  # (row, column) -> seed -> report
for f in glob.glob(os.path.join(w, 'runs', '*.json')):
    row, col, seed = os.path.basename(f)[:-5].split('~')
    try: runs[(row, col)][seed] = json.load(open(f))
    except Exception: pass
cols = [f'alpha{a}' for a in alphas] + ['ft-full', 'cl', 'gradual', 'dds', 'mdac-l0', 'mdac-l1', 'mdac-floor']
names = {**{f'alpha{a}': f'α={a}' for a in alphas}, 'ft-full': 'FT-Full', 'cl': 'CL (Zhang)',
         'gradual': 'gradual FT', 'dds': 'DDS (λ_0)', 'mdac-l0': 'MDAC λ_0', 'mdac-l1': 'MDAC λ_1',
         'mdac-floor': 'MDAC λ*'}
def ms(v): return f'{st.mean(v):.3f} ± {st.stdev(v):.3f}' if len(v) > 1 else (f'{v[0]:.3f}' if v else '—')
for row in sorted({r for r, _ in runs}, key=lambda r: ['medical', 'two', 'uniform', 'unseen', 'c30'].index(r) if r in ['medical', 'two', 'uniform', 'unseen', 'c30'] else 9):
    final = {c: {s: r['final']['target_loss'] for s, r in runs[(row, c)].items()} for c in cols if (row, c) in runs}
    static = [c for c in final if c.startswith('alpha') and final[c]]
    # the best alpha by its mean over the seeds every alpha column has (unequal seed sets are not compared)
    common = set.intersection(*(set(final[c]) for c in static)) if static else set()
    best = min(static, key=lambda c: st.mean(final[c][s] for s in common)) if common else None
    print(f'\n### {row}  (best static: {names.get(best, "—")}; J^t at step {runs[(row, cols[0])][next(iter(runs[(row, cols[0])]))]["final"]["step"] if (row, cols[0]) in runs else "?"})\n')
    print('| column | seeds | J^t end (mean ± sd) | Δ vs best α | steps to best α\'s J^t | final λ (top group) | tok/s | overhead |')
    print('|---|---|---|---|---|---|---|---|')
    for c in cols:
        if c not in final: continue
        seeds = sorted(final[c])
        v = [final[c][s] for s in seeds]
        delta = '—'
        if best:
            d = [final[c][s] - final[best][s] for s in seeds if s in final[best]]
            delta = ms(d) if d else '—'
        reach = []
        for s in seeds:
            if not best or s not in final[best]: continue
            thr = final[best][s]
            hit = next((e['step'] for e in runs[(row, c)][s]['evals'] if e['target_loss'] <= thr + 1e-12), None)
            reach.append(str(hit) if hit is not None else 'never')
        r0 = runs[(row, c)][seeds[0]]
        lam = r0['final']['lambda']; top = max(lam, key=lam.get)
        tps = st.mean(runs[(row, c)][s]['tokens_per_s'] for s in seeds)
        ovh = st.mean(runs[(row, c)][s]['mdac_overhead'] for s in seeds)
        print(f'| {names[c]} | {len(seeds)} | {ms(v)} | {delta} | {", ".join(reach) or "—"} | {top} {lam[top]:.2f} | {tps:.0f} | {ovh:.2f} |')
PY
}
if [ "${2:-}" = summary ]; then summary; exit 0; fi

declare -A LINES=([medical]=400 [law]=2500 [it]=1200 [koran]=2500 [subtitles]=2500 [ted]=800 [qed]=600)
prepare() {
  rm -rf "$W" && mkdir -p "$W/runs"
  # Project A: the 7 domains, labelled (rows medical, two, uniform).
  "$CLI" init "$W/a.dlproj" >/dev/null
  for d in "${!LINES[@]}"; do
    head -n "${LINES[$d]}" "$DATA/llm-dom-ad-deen-train2500/$d.en" > "$W/$d.en"
    "$CLI" import "$W/a.dlproj" --src "$W/$d.en" --domain-from-filename --corpus pool --quiet >/dev/null
  done
  # Project B: 6 domains (ted held out), two dev sets of 200 lines (test split), encoded, 8 and 30 clusters.
  "$CLI" init "$W/b.dlproj" >/dev/null
  for d in "${!LINES[@]}"; do
    [ "$d" = ted ] && continue
    "$CLI" import "$W/b.dlproj" --src "$W/$d.en" --domain-from-filename --corpus pool --quiet >/dev/null
  done
  head -n 200 "$DATA/llm-dom-ad-deen-test/ted.en" > "$W/ted-dev.en"
  head -n 200 "$DATA/llm-dom-ad-deen-test/medical.en" > "$W/medical-dev.en"
  "$CLI" import "$W/b.dlproj" --src "$W/ted-dev.en" --corpus ted-dev --domain ted --quiet >/dev/null
  "$CLI" import "$W/b.dlproj" --src "$W/medical-dev.en" --corpus medical-dev --domain medical --quiet >/dev/null
  "$CLI" encode "$W/b.dlproj" --model all-MiniLM-L6-v2 --quiet >/dev/null
  local r8 r30
  r8=$("$CLI" cluster "$W/b.dlproj" --corpus pool -k 8 --pca 32 --seeds 1 --quiet --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')
  r30=$("$CLI" cluster "$W/b.dlproj" --corpus pool -k 30 --pca 32 --seeds 1 --quiet --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])')
  echo "$r8 $r30" > "$W/cluster-runs"
  "$CLI" mixture target "$W/b.dlproj" "$r8" --from dev-set --dev-corpus ted-dev --out "$W/target-unseen.json" --quiet --json >/dev/null
  "$CLI" mixture target "$W/b.dlproj" "$r30" --from dev-set --dev-corpus medical-dev --out "$W/target-c30.json" --quiet --json >/dev/null
  read -r r8 r30 < "$W/cluster-runs"
  for row in $ROWS; do
    for init in uniform empirical floored; do
      local K_DIR="$W/kit-$row-$init"
      case $row in
        medical) args=("$W/a.dlproj" --corpus pool --target medical --dev-lines 100 --test-lines 100) ;;
        two) args=("$W/a.dlproj" --corpus pool --target medical,it --dev-lines 100 --test-lines 100) ;;
        uniform) args=("$W/a.dlproj" --corpus pool --target uniform --dev-lines 100 --test-lines 100) ;;
        unseen) args=("$W/b.dlproj" "$r8" --by cluster --target "$W/target-unseen.json" --dev-lines 20 --test-lines 10) ;;
        c30) args=("$W/b.dlproj" "$r30" --by cluster --target "$W/target-c30.json" --dev-lines 20 --test-lines 10) ;;
      esac
      "$CLI" mixture kit "${args[@]}" --out "$K_DIR" --init "$init" --steps "$STEPS" --batch-size 16 --quiet --json >/dev/null
    done
    local KU="$W/kit-$row-uniform"
    for a in $ALPHAS; do
      "$CLI" mixture schedule --kind anneal --mixture "$KU/mixture.json" --alpha-start "$a" --alpha-end "$a" \
        --points 2 --steps "$STEPS" --out "$KU/alpha$a" --quiet --json >/dev/null
    done
    "$CLI" mixture schedule --kind ft-full --mixture "$KU/mixture.json" --switch-step $((STEPS / 2)) \
      --steps "$STEPS" --out "$KU/ft-full" --quiet --json >/dev/null
  done
}

# The medical row's ranked schedules: a project of the kit's training shards, a Moore-Lewis run
# against the medical training shard, `mixture schedule --kind curriculum|gradual`.
prepare_ranked() {
  local KU="$W/kit-medical-uniform" P
  [ -s "$KU/cl.schedule.json" ] && [ -s "$KU/gradual.schedule.json" ] && return 0
  rm -rf "$W/ranked" && mkdir -p "$W/ranked"
  for P in cl gradual; do
    "$CLI" init "$W/ranked/$P.dlproj" >/dev/null
    for f in "$KU"/*.train.en; do
      g=$(basename "$f" .train.en)
      [ "$P" = cl ] && [ "$g" = medical ] && continue  # CL: the pool is the other domains
      "$CLI" import "$W/ranked/$P.dlproj" --src "$f" --corpus pool --domain "$g" --quiet >/dev/null
    done
    "$CLI" import "$W/ranked/$P.dlproj" --src "$KU/medical.train.en" --corpus in --domain medical --quiet >/dev/null
  done
  "$CLI" select "$W/ranked/cl.dlproj" --method moore-lewis --pool pool --seed in --quiet >/dev/null
  "$CLI" select "$W/ranked/gradual.dlproj" --method moore-lewis --pool pool --seed in --keep-leaked --quiet >/dev/null
  "$CLI" mixture schedule "$W/ranked/cl.dlproj" --kind curriculum --in-corpus in --shards 9 --steps "$STEPS" \
    --out "$KU/cl" --force --quiet --json >/dev/null
  "$CLI" mixture schedule "$W/ranked/gradual.dlproj" --kind gradual --rho 0.5 --epochs 5 --steps "$STEPS" \
    --out "$KU/gradual" --force --quiet --json >/dev/null
}

train() {  # row column seed kit schedule [options]
  local out="$W/work/$1~$2~$3"
  [ -s "$W/runs/$1~$2~$3.json" ] && return 0
  rm -rf "$out"; mkdir -p "$W/work"
  "$CLI" mixture train "$4" --out "$out" --schedule "$5" --seed "$3" "${MODEL[@]}" "${@:6}" > "$W/runs/$1~$2~$3.tmp" \
    && mv "$W/runs/$1~$2~$3.tmp" "$W/runs/$1~$2~$3.json" || echo "FAILED $1 $2 $3" >&2
}

[ -s "$W/cluster-runs" ] && [ -d "$W/kit-$(echo "$ROWS" | awk '{print $NF}')-floored" ] || prepare
COLS="${COLS:-alpha ft-full cl gradual mdac-l0 mdac-l1 mdac-floor dds}"  # which columns to run
has() { [[ " $COLS " == *" $1 "* ]]; }
if [[ " $ROWS " == *" medical "* ]] && { has cl || has gradual; }; then prepare_ranked; fi
for seed in $SEEDS; do
  for row in $ROWS; do
    KU="$W/kit-$row-uniform"
    if has alpha; then for a in $ALPHAS; do train "$row" "alpha$a" "$seed" "$KU" "$KU/alpha$a.schedule.json"; done; fi
    if has ft-full; then train "$row" ft-full "$seed" "$KU" "$KU/ft-full.schedule.json"; fi
    if [ "$row" = medical ] && has cl; then train "$row" cl "$seed" "$KU" "$KU/cl.schedule.json"; fi
    if [ "$row" = medical ] && has gradual; then train "$row" gradual "$seed" "$KU" "$KU/gradual.schedule.json"; fi
    if has mdac-l0; then train "$row" mdac-l0 "$seed" "$KU" mdac --mdac-lr "$MDAC_LR"; fi
    if has mdac-l1; then train "$row" mdac-l1 "$seed" "$W/kit-$row-empirical" mdac --mdac-lr "$MDAC_LR"; fi
    if has mdac-floor; then train "$row" mdac-floor "$seed" "$W/kit-$row-floored" mdac --mdac-lr "$MDAC_LR"; fi
    if has dds; then train "$row" dds "$seed" "$KU" dds --mdac-lr "$DDS_LR"; fi
  done
done
summary
