#!/usr/bin/env bash
# Issue #26's selection figure on our data, through the CLI: a 2,000-sentence seed of one domain
# drawn from one split (`--seed train:DOMAIN:2000`, a different draw per SEEDS value), a pool of
# another split (or the rest of the same one) with the true in-domain count known; precision at
# the true size (`evaluate`'s at_true_size: the top K of the ranking, K = the in-domain candidates).
#   PROJECT  a project whose corpora hold the domains by file name and are encoded for
#            EMBEDDING_SET (a copy of the shared vectors' project: bench/selection/RESULTS.md);
#            the runs are stored in it
#   POOLS    pool corpora (default "test enfr train": train = the rest of train after the seed)
#   METHODS  select methods; METHOD@--opt=value adds options (= becomes a space)
#   DOMAINS  (default the seven), SEEDS (seed-sample seeds, default "1 2 3"), SEED_CORPUS
#            (default train), SELECT_OPTS (options every run gets)
# Prints one TSV line per run (pool, domain, draw, method, true size, precision) and, per
# method and pool, the mean of it/koran/law/medical, its spread over draws and the worst case.
# Usage: bench/selection/seed2000.sh PROJECT EMBEDDING_SET [OUT.tsv]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
PROJECT="$1"
SET="$2"
OUT="${3:-$ROOT/out/seed2000.tsv}"
mkdir -p "$(dirname "$OUT")"
POOLS="${POOLS:-test enfr train}"
METHODS="${METHODS:-cosine finetune-head moore-lewis}"
DOMAINS="${DOMAINS:-it koran law medical qed subtitles ted}"
SEEDS="${SEEDS:-1 2 3}"
SEED_CORPUS="${SEED_CORPUS:-train}"
EXTRA_OPTS=()
[ -n "${SELECT_OPTS:-}" ] && read -r -a EXTRA_OPTS <<< "$SELECT_OPTS"
echo "$(date -u) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), set $SET" >&2
: > "$OUT.tmp"
for pool in $POOLS; do
  for d in $DOMAINS; do
    for s in $SEEDS; do
      for m in $METHODS; do
        method=${m%%@*}
        extra=()
        if [[ "$m" == *@* ]]; then read -r -a extra <<< "$(tr '=' ' ' <<< "${m#*@}")"; fi
        emb=()
        [[ "$method" != moore-lewis && "$method" != axelrod && "$method" != contrast ]] && emb=(--embedding-set "$SET")
        out=$(nice -n 10 "$CLI" select "$PROJECT" --method "$method" "${extra[@]}" "${emb[@]}" "${EXTRA_OPTS[@]}" \
          --pool "$pool" --seed "$SEED_CORPUS:$d:2000" --seed-sample-seed "$s" --top 1 --json --quiet)
        run=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["run"])' "$out")
        # precision at the true size: over the candidates (leaked rows excluded), top K = in-domain count
        kp=$("$CLI" evaluate "$PROJECT" "$run" --domain "$d" --json |
          python3 -c 'import json,sys; j=json.load(sys.stdin)["runs"][0]; print(j["relevant"], "%.4f" % j["at_true_size"]["precision"])')
        k=${kp% *}; p=${kp#* }
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pool" "$d" "$s" "$m" "$k" "$p" | tee -a "$OUT.tmp"
      done
    done
  done
done
mv "$OUT.tmp" "$OUT"
python3 - "$OUT" <<'EOF'
import sys, statistics as st, collections
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
by = collections.defaultdict(dict)
for pool, d, s, m, k, p in rows:
    by[(m, pool)][(d, s)] = float(p)
four = ["it", "koran", "law", "medical"]
print("| method | pool | mean of 4 (sd over draws) | worst draw, mean of 4 | all domains | worst single run |")
print("|---|---|---|---|---|---|")
for (m, pool), v in sorted(by.items()):
    seeds = sorted({s for _, s in v})
    per = [st.mean([v[(d, s)] for d in four if (d, s) in v]) for s in seeds]
    print(f"| {m.replace('@', ' ')} | {pool} | {st.mean(per):.3f} ({st.pstdev(per):.3f}) | {min(per):.3f} | "
          f"{st.mean(v.values()):.3f} | {min(v.values()):.3f} |")
EOF
