#!/usr/bin/env bash
# Cross-lingual selection on real data (Vu et al. 2021, shape of their Table 4):
# seed = 500 English test sentences of one domain (llm-dom-ad-deen-test, English side);
# pool = the German side of the same test split, imported as a MONOLINGUAL German corpus
#        (3,500 sentences, 7 domains; labels = file names, the oracle);
# parallel = llm-dom-ad-deen-train2500 (en-de, 7 domains, a different split).
# Methods, precision at the true size (k = 500): the adaptive layer with cluster negatives
# (k = 5), the same with plain in-batch negatives (k = 1, the ablation), the paper's DF baseline
# (--adaptive-layer none: the same classifier on the unaligned vectors, trained on the seed
# against generic sentences of the SEED's language, then applied to the pool), the whole method
# with the paper's settings (--preset paper), and Domain-Cosine across languages.
# (Before 2026-11-26 the "DF" column was finetune-head with the pool as negatives: English
# positives against German negatives, so that classifier learned the language, not the domain.) Encoder: MODEL (default: the installed all-MiniLM-L6-v2 — English-only, which is
# what can be installed here; use a multilingual model when you have one).
# DIRECTION=en-de (default: English seed, German pool) or de-en (German seed = the German test
# sentences, English pool = the English test sentences). One project serves both directions:
# the parallel corpus stays en -> de (the method orients it by the seed's language), so the
# reverse direction re-encodes nothing.
# Usage: [DIRECTION=de-en] bench/crosslingual/quality.sh [PROJECT] [MODEL]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
PROJECT="${1:-$ROOT/out/crosslingual/xl.dlproj}"
MODEL="${2:-}"
DOMAINS="${DOMAINS:-it koran law medical qed subtitles ted}"
DIRECTION="${DIRECTION:-en-de}"
# Corpora: pool = the en-de parallel training split; seeds = English test side; pool-de = German test side.
case "$DIRECTION" in
  en-de) SEED_CORPUS=seeds; POOL_CORPUS=pool-de ;;
  de-en) SEED_CORPUS=pool-de; POOL_CORPUS=seeds ;;
  *) echo "DIRECTION must be en-de or de-en, got '$DIRECTION'" >&2; exit 2 ;;
esac
mkdir -p "$(dirname "$PROJECT")"
if [ ! -f "$PROJECT" ]; then
  "$CLI" init "$PROJECT" >/dev/null
  for d in it koran law medical qed subtitles ted; do
    "$CLI" import "$PROJECT" --src "$SHARED/llm-dom-ad-deen-train2500/$d.en" --tgt "$SHARED/llm-dom-ad-deen-train2500/$d.de" \
      --src-lang en --tgt-lang de --domain-from-filename --corpus pool --quiet >/dev/null
    "$CLI" import "$PROJECT" --src "$SHARED/llm-dom-ad-deen-test/$d.en" --src-lang en --domain-from-filename --corpus seeds --quiet >/dev/null
    "$CLI" import "$PROJECT" --src "$SHARED/llm-dom-ad-deen-test/$d.de" --src-lang de --domain-from-filename --corpus pool-de --quiet >/dev/null
  done
fi
m=${MODEL:+--model "$MODEL"}
prec() { "$CLI" evaluate "$PROJECT" "$1" --domain "$2" --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print("%.3f" % j["runs"][0]["at_true_size"]["precision"])'; }
run() { "$CLI" select "$PROJECT" "$@" --json --quiet | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])'; }
echo "| domain | cross-lingual k=5 | cross-lingual k=1 | DF (--adaptive-layer none) | --preset paper | Domain-Cosine |"
echo "|---|---|---|---|---|---|"
for d in $DOMAINS; do
  a=$(run --method cross-lingual --pool "$POOL_CORPUS" --seed "$SEED_CORPUS:$d" --parallel pool --clusters 5 --adaptive-layer ffn $m)
  b=$(run --method cross-lingual --pool "$POOL_CORPUS" --seed "$SEED_CORPUS:$d" --parallel pool --clusters 1 --adaptive-layer ffn $m)
  c=$(run --method cross-lingual --pool "$POOL_CORPUS" --seed "$SEED_CORPUS:$d" --parallel pool --adaptive-layer none $m)
  f=$(run --method cross-lingual --pool "$POOL_CORPUS" --seed "$SEED_CORPUS:$d" --parallel pool --preset paper $m)
  e=$(run --method cosine --pool "$POOL_CORPUS" --seed "$SEED_CORPUS:$d" $m)
  echo "| $d | $(prec "$a" "$d") | $(prec "$b" "$d") | $(prec "$c" "$d") | $(prec "$f" "$d") | $(prec "$e" "$d") |"
done
