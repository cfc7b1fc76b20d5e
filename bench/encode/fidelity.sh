#!/usr/bin/env bash
# The evidence behind encode's default precision (--precision auto): for each model and each
# language side of ../shared/data/llm-dom-ad-deen-test (7 domains, the held-out split), the
# first PER_DOMAIN lines of each domain are imported with their domain label, encoded at
# fp32, bf16 and int8 (stored as float32), and compared: cosine of every sentence's vector to
# its fp32 vector (min / mean), and cluster purity (cluster --k 7 --pca 50 --seeds 5, the
# defaults otherwise) per precision. One line per model, language and precision.
# usage: bench/encode/fidelity.sh BUILD_DIR [PER_DOMAIN] [MODELS...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; per=${2:-300}; shift $(( $# >= 2 ? 2 : $# ))
models=("$@"); [ ${#models[@]} -gt 0 ] || models=(all-MiniLM-L6-v2 all-mpnet-base-v2)
cli="$build/app/domainlens-cli"
data="$here/../../../shared/data/llm-dom-ad-deen-test"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
domains=(it koran law medical qed subtitles ted)
for lang in en de; do
  for model in "${models[@]}"; do
    proj="$work/$lang-$model.dlproj"
    "$cli" init "$proj" > /dev/null
    for d in "${domains[@]}"; do
      head -n "$per" "$data/$d.$lang" > "$work/$d.$lang"
      "$cli" import "$proj" --src "$work/$d.$lang" --domain "$d" --corpus test > /dev/null
    done
    for p in fp32 bf16 int8; do
      "$cli" encode "$proj" --model "$model" --precision "$p" --float32 --json --quiet > "$work/enc-$p.json"
      "$cli" cluster "$proj" --embedding-set "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["set_id"])' "$work/enc-$p.json")" \
        --k 7 --seeds 5 --json --quiet > "$work/cl-$p.json"
    done
    python3 - "$proj" "$work" "$lang" "$model" <<'PY'
import json, sqlite3, sys
import numpy as np
proj, work, lang, model = sys.argv[1:]
db = sqlite3.connect(proj)
def vectors(set_id):
    dim = db.execute("SELECT dim FROM embedding_sets WHERE id = ?", (set_id,)).fetchone()[0]
    blobs = [b for (b,) in db.execute("SELECT data FROM embedding_chunks WHERE set_id = ? ORDER BY first_position", (set_id,))]
    return np.frombuffer(b"".join(blobs), dtype="<f4").reshape(-1, dim).astype(np.float64)
enc = {p: json.load(open(f"{work}/enc-{p}.json")) for p in ("fp32", "bf16", "int8")}
ref = vectors(enc["fp32"]["set_id"])
ref /= np.linalg.norm(ref, axis=1, keepdims=True)
for p, e in enc.items():
    v = vectors(e["set_id"])
    cos = (v / np.linalg.norm(v, axis=1, keepdims=True) * ref).sum(axis=1)
    c = json.load(open(f"{work}/cl-{p}.json"))
    print(f"| {model} | {lang} | {p} | {len(cos)} | {cos.min():.5f} | {cos.mean():.6f} | "
          f"{100 * c['purity_mean']:.2f} ± {100 * c['purity_std']:.2f} | {e['sentences_per_second']:.1f} |", flush=True)
PY
  done
done
