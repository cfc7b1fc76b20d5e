#!/usr/bin/env bash
# The demo: installs what is missing, builds, fetches the default model, imports a folder
# of `<domain>.<lang>` files (line-aligned translations share the domain name), then explores
# it (the progressive map: a stratified sample encoded with the default model, all-mpnet-base-v2
# layer 10, and clustered first, PCA 50 + GMM, k = number of domains; then the rest encoded and
# assigned in chunks, then the full map and the label agreement of the two fits).
# With a display the GUI runs the explore: it opens on the first map as soon as it is stored
# (DOMAINLENS_DEMO_SAMPLE sentences, default 5000: within ~3 minutes on a set-up 2-core machine)
# and fills in the rest the same way; Analysis offers the other steps. Without a display (or
# with DOMAINLENS_DEMO_FULL=1, before the GUI) the CLI explores, then runs the layer and k
# sweeps, three selection methods, cross-lingual selection and the report.
# Usage: scripts/demo.sh [CORPUS_DIR]   (default: ../shared/data/llm-dom-ad-deen-test)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CORPUS_DIR="${1:-$ROOT/../shared/data/llm-dom-ad-deen-test}"
OUT="${DOMAINLENS_DEMO_DIR:-$ROOT/out/demo}"
if [ ! -d "$CORPUS_DIR" ]; then
  echo "demo: corpus folder '$CORPUS_DIR' does not exist; pass a folder of <domain>.<lang> files." >&2
  exit 2
fi

BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
# DOMAINLENS_DEMO_SKIP_BUILD=1: a set-up machine whose build has the CLI and the GUI already
# (setup.sh and build.sh build every target, tests included).
if [ -z "${DOMAINLENS_DEMO_SKIP_BUILD:-}" ]; then
  "$ROOT/scripts/setup.sh"
  "$ROOT/scripts/build.sh"
fi
CLI="$BUILD/app/domainlens-cli"
GUI="$BUILD/app/domainlens"

# Languages present: the source side is English when there is English, else the first code.
mapfile -t LANGS < <(find "$CORPUS_DIR" -maxdepth 1 -type f -name '*.*' | sed -E 's/.*\.([A-Za-z_-]{2,8})(\.gz)?$/\1/' | sort | uniq -c | sort -rn | awk '{print $2}')
[ ${#LANGS[@]} -gt 0 ] || { echo "demo: no <domain>.<lang> files in $CORPUS_DIR" >&2; exit 1; }
SRC_LANG="${LANGS[0]}"
for l in "${LANGS[@]}"; do [ "$l" = en ] && SRC_LANG=en; done
TGT_LANG=""
for l in "${LANGS[@]}"; do [ "$l" != "$SRC_LANG" ] && { TGT_LANG="$l"; break; }; done

mkdir -p "$OUT"
PROJECT="$OUT/demo.dlproj"
if [ ! -f "$PROJECT" ]; then
  "$CLI" init "$PROJECT"
  domains=0
  for f in "$CORPUS_DIR"/*."$SRC_LANG" "$CORPUS_DIR"/*."$SRC_LANG".gz; do
    [ -f "$f" ] || continue
    base="${f%.gz}"; base="${base%.$SRC_LANG}"
    tgt=""
    for cand in "$base.$TGT_LANG" "$base.$TGT_LANG.gz"; do [ -n "$TGT_LANG" ] && [ -f "$cand" ] && tgt="$cand"; done
    "$CLI" import "$PROJECT" --src "$f" ${tgt:+--tgt "$tgt"} --domain-from-filename --corpus demo
    domains=$((domains + 1))
  done
  [ "$domains" -gt 0 ] || { echo "demo: no *.$SRC_LANG files in $CORPUS_DIR" >&2; rm -f "$PROJECT"; exit 1; }
fi
"$CLI" info "$PROJECT"

K=$("$CLI" info "$PROJECT" --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print(max(2, len([d for d in j["corpora"][0]["domains"] if d != "(unlabelled)"])))')
FIRST_DOMAIN=$("$CLI" info "$PROJECT" --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print(sorted(d for d in j["corpora"][0]["domains"] if d != "(unlabelled)")[0])')
SAMPLE="${DOMAINLENS_DEMO_SAMPLE:-5000}"
HAVE_DISPLAY=""
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$GUI" ] && [ -z "${DOMAINLENS_DEMO_NO_GUI:-}" ]; then
  HAVE_DISPLAY=1
fi
if [ -n "$HAVE_DISPLAY" ] && [ -z "${DOMAINLENS_DEMO_FULL:-}" ]; then
  # The GUI explores: the first map opens when stored, the status bar follows the rest.
  echo "demo: opening the GUI; its first map (a $SAMPLE-sentence sample) shows in a few minutes"
  exec "$GUI" "$PROJECT" --explore demo --explore-option "sample=$SAMPLE" --explore-option "k=$K" \
    --explore-option layer=10 --explore-option pca=50
fi
# The first map, then the rest (resumable: a rerun continues), then the full map.
"$CLI" explore "$PROJECT" --corpus demo --sample "$SAMPLE" --k "$K" --layer 10 --pca 50 --json > "$OUT/explore.json"
python3 - "$OUT/explore.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
agree = j["label_agreement"]
print(f"demo: first map after {j['first_map_seconds']:.0f} s ({j['sample_rows']} sentences), full map after "
      f"{j['full_map_seconds']:.0f} s; label agreement {agree if agree is None else round(agree, 3)}")
PY
SET=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["embedding_set"])' "$OUT/explore.json")
# Layers 6, 8 and 12 for the Layer sweep tab (layer 10 is explore's set); everything else uses
# layer 10, the model's recommended layer.
"$CLI" encode "$PROJECT" --corpus demo --layers 6,8,10,12
"$CLI" cluster "$PROJECT" --corpus demo --embedding-set "$SET" --k "$K" --pca 50 --seeds 5 --json > "$OUT/cluster.json"
"$CLI" cluster "$PROJECT" --corpus demo --embedding-set "$SET" --sweep "2,4,$K,$((K * 2)),$((K * 3))" --pca 50 --json > "$OUT/sweep.json"
"$CLI" cluster "$PROJECT" --corpus demo --embedding-set "$SET" --layer-sweep --k "$K" --pca 50 --seeds 3 --json > "$OUT/layer-sweep.json"
# Selection from a small seed: 100 random sentences of one domain; the pool is the corpus
# itself (the seed sentences leave the ranking), the oracle its domain labels. Three methods
# from the same seed, for the Methods tab (overlap, UpSet, rank against rank).
for method in cosine moore-lewis finetune-head; do
  "$CLI" select "$PROJECT" --method "$method" --pool demo --seed "demo:$FIRST_DOMAIN:100" --embedding-set "$SET" --json > "$OUT/select-$method.json"
done
cp "$OUT/select-finetune-head.json" "$OUT/select.json"
"$CLI" evaluate "$PROJECT" --domain "$FIRST_DOMAIN" --json > "$OUT/evaluate.json"
# Cross-lingual selection (Vu et al. 2021): the same domain found among the target-language
# sentences, imported as a monolingual corpus, from the source-language seed. The demo's
# parallel corpus holds the translations of that pool, so this shows the pipeline end to end,
# not a fair figure (bench/crosslingual/RESULTS.md has those).
if [ -n "$TGT_LANG" ]; then
  if ! "$CLI" info "$PROJECT" --json | grep -q "\"demo-$TGT_LANG\""; then
    for f in "$CORPUS_DIR"/*."$TGT_LANG" "$CORPUS_DIR"/*."$TGT_LANG".gz; do
      [ -f "$f" ] && "$CLI" import "$PROJECT" --src "$f" --domain-from-filename --corpus "demo-$TGT_LANG" --quiet >/dev/null
    done
  fi
  "$CLI" select "$PROJECT" --method cross-lingual --pool "demo-$TGT_LANG" --seed "demo:$FIRST_DOMAIN:100" --parallel demo --json > "$OUT/cross-lingual.json"
  "$CLI" evaluate "$PROJECT" --domain "$FIRST_DOMAIN" --json > "$OUT/evaluate-cross-lingual.json"
fi
"$CLI" report "$PROJECT" --json > "$OUT/report.json"
"$CLI" report "$PROJECT" > "$OUT/report.txt" || true
python3 - "$OUT/cluster.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print(f"demo: purity {100*j['purity_mean']:.2f} ± {100*j['purity_std']:.2f} % over {len(j.get('seeds', j.get('per_seed', [])))} seeds")
PY
python3 - "$OUT/evaluate.json" "$FIRST_DOMAIN" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print(f"demo: selecting '{sys.argv[2]}' from a 100-sentence seed: precision {j['precision']:.3f}, recall {j['recall']:.3f}")
PY
if [ -f "$OUT/evaluate-cross-lingual.json" ]; then
  python3 - "$OUT/evaluate-cross-lingual.json" "$FIRST_DOMAIN" "$TGT_LANG" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print(f"demo: cross-lingual, '{sys.argv[2]}' among the {sys.argv[3]} sentences: precision {j['precision']:.3f}, recall {j['recall']:.3f} (pipeline demo, see bench/crosslingual for fair figures)")
PY
fi
echo "demo: project $PROJECT; report $OUT/report.json and $OUT/report.txt"

if [ -n "$HAVE_DISPLAY" ]; then
  exec "$GUI" "$PROJECT"
fi
echo "demo: no display; open the project later with: $GUI $PROJECT"
