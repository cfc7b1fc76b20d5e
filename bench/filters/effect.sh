#!/usr/bin/env bash
# Each filter's effect on clustering (bench/filters/RESULTS.md, "Effect on clustering"): the
# corpus of effect_make.py (7 domains x 500 real English sentences of llm-dom-ad-deen-test,
# plus 900 planted near-duplicates inflating it and subtitles, plus 150 German lines labelled law
# and medical) is encoded (all-MiniLM-L6-v2) and clustered (k = 7, 3 seeds) as it is, after a
# near-dup run, and after the pipeline near-dup -> langid. Each filtered corpus is exported with
# --filter, imported again and encoded again (as when this was measured; `cluster --filter RUN`
# now clusters the raw corpus's vectors without them: RESULTS.md). Printed per corpus: the
# purity (mean ± std over the seeds) and, for the first seed, each cluster's size and its
# dominant domain with that domain's share.
# Usage: bench/filters/effect.sh [BUILD_DIR] [WORK_DIR (kept; default a temporary one)]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${1:-$ROOT/build}/app/domainlens-cli"
OUT="${2:-}"
if [ -z "$OUT" ]; then OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT; fi
mkdir -p "$OUT"
P="$OUT/effect.dlproj"
python3 "$ROOT/bench/filters/effect_make.py" make "$OUT/raw.tsv" "$ROOT/../shared/data"
rm -f "$P"
"$CLI" init "$P" >/dev/null
"$CLI" import "$P" --src "$OUT/raw.tsv" --format tsv --columns src,domain --corpus raw --src-lang en \
  --keep-duplicates --quiet >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(date -u +%FT%TZ)"
cat > "$OUT/clean.json" <<'JSON'
{"name": "effect", "steps": [{"kind": "near-dup"}, {"kind": "langid", "lang-src": "en"}]}
JSON
"$CLI" filter "$P" --corpus raw --pipeline "$OUT/clean.json" --json > "$OUT/pipeline.json"
ND=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["steps"][0]["run"])' "$OUT/pipeline.json")
LID=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["steps"][1]["run"])' "$OUT/pipeline.json")
for pair in "nodup:$ND" "clean:$LID"; do
  name=${pair%%:*}; run=${pair#*:}
  rm -f "$OUT/$name".*.tsv
  "$CLI" export "$P" --corpus raw --filter "$run" --format tsv --shards --out "$OUT/$name" --force >/dev/null
  cat "$OUT/$name".*.tsv > "$OUT/$name.all"
  "$CLI" import "$P" --src "$OUT/$name.all" --format tsv --columns src,domain --corpus "$name" --src-lang en \
    --keep-duplicates --quiet >/dev/null
done
for c in raw nodup clean; do
  /usr/bin/time -f "encode $c: %e s" "$CLI" encode "$P" --corpus "$c" --model all-MiniLM-L6-v2 --quiet
  "$CLI" cluster "$P" --corpus "$c" --k 7 --seeds 3 --json > "$OUT/cluster-$c.json"
done
python3 - "$P" "$OUT" <<'PY'
import json, sqlite3, struct, sys
from collections import Counter
db = sqlite3.connect(sys.argv[1])
for c in ("raw", "nodup", "clean"):
    j = json.load(open(f"{sys.argv[2]}/cluster-{c}.json"))
    run = j["run"]
    b = db.execute("SELECT data FROM run_blobs WHERE run_id=? AND name='sentence_ids'", (run,)).fetchone()[0]
    ids = struct.unpack(f"<{len(b) // 8}q", b)
    b = db.execute("SELECT data FROM run_blobs WHERE run_id=? AND name='labels'", (run,)).fetchone()[0]
    labels = struct.unpack(f"<{len(b) // 4}i", b)
    dom = dict(db.execute("SELECT id, domain FROM sentences"))
    n = len(ids)
    shares = Counter(dom[i] for i in ids)
    print(f"\n{c}: {n} sentences; purity {100 * j['purity_mean']:.1f} ± {100 * j['purity_std']:.1f}, "
          f"NMI {j['nmi_mean']:.3f}, ARI {j['ari_mean']:.3f} (3 seeds)")
    print("  domain shares: " + ", ".join(f"{d} {100 * v / n:.1f}%" for d, v in sorted(shares.items())))
    clusters = {}
    for i, l in zip(ids, labels):
        clusters.setdefault(l, Counter())[dom[i]] += 1
    rows = sorted(clusters.items(), key=lambda kv: -sum(kv[1].values()))
    print("  clusters (first seed): " + "; ".join(
        f"{100 * sum(cnt.values()) / n:.1f}% {cnt.most_common(1)[0][0]} {100 * cnt.most_common(1)[0][1] / sum(cnt.values()):.0f}%"
        for _, cnt in rows))
PY
