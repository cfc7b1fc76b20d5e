#!/usr/bin/env bash
# What the PCA precision does to the clusters: the 5 domains of Aharoni & Goldberg (it, koran,
# law, medical, subtitles; ../shared/data/llm-dom-ad-deen-train2500, English side, 12,500
# sentences) encoded once with MODEL (fp32), then `cluster --k 5 --pca 50 --pca-fit-rows 0`
# with each --pca-precision (fp64 = the all-rows default, fp32 = scikit-learn's work, bf16 =
# the opt-in). Prints purity per precision and how many labels each run shares with fp64
# (as stored, and after matching cluster ids: seeds may find the same clusters numbered apart).
# usage: bench/gmm/pca_purity.sh BUILD_DIR [MODEL] [SEEDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; model=${2:-all-MiniLM-L6-v2}; seeds=${3:-5}
cli="$build/app/domainlens-cli"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
. "$here/../lib/five_domains.sh"
five_domain_project "$cli" "$work/p.dlproj"
"$cli" encode "$work/p.dlproj" --model "$model" --layer -1 --json --quiet > /dev/null
for p in fp64 fp32 bf16; do
  "$cli" cluster "$work/p.dlproj" --k 5 --pca 50 --pca-fit-rows 0 --pca-precision "$p" --seeds "$seeds" \
    --no-kmeans-baseline --json --quiet > "$work/$p.json"
done
python3 - "$work" "$seeds" <<'PY'
import json, sqlite3, sys
work, seeds = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(f"{work}/p.dlproj")
def matched(a, b):  # most labels equal under one renaming of a's cluster ids (k! renamings)
    import itertools
    ids = sorted(set(a.values()) | set(b.values()))
    pairs = {}
    for key, la in a.items():
        pairs[(la, b.get(key))] = pairs.get((la, b.get(key)), 0) + 1
    return max(sum(pairs.get((la, lb), 0) for la, lb in zip(ids, perm)) for perm in itertools.permutations(ids))
def labels(run):
    return dict(db.execute("SELECT sentence_id, label FROM run_results WHERE run_id = ?", (run,)))
base = None
for p in ("fp64", "fp32", "bf16"):
    j = json.load(open(f"{work}/{p}.json"))
    lab = labels(j["run"])
    same = "" if base is None else (f"; labels equal to fp64: {sum(1 for k in lab if lab[k] == base.get(k))} of {len(lab)}, "
                                    f"{matched(lab, base)} after matching cluster ids")
    if base is None:
        base = lab
    print(f"{p}: purity {100 * j['purity_mean']:.2f} +- {100 * j['purity_std']:.2f} % ({seeds} seeds){same}")
PY
