#!/usr/bin/env bash
# Which encoder should a cross-lingual run use by default? (issue #26, Vu et al. 2021)
# For every MODEL x DIRECTION x DOMAIN: the cross-lingual method with its defaults (k = 5
# cluster negatives), with in-batch negatives (--clusters 1), the paper's DF baseline
# (--adaptive-layer none: no alignment layer), and Domain-Cosine across languages; precision at
# the true size (TEST, so = recall).
# Data (../shared/data): seed = the 500 test sentences of one domain (llm-dom-ad-deen-test, the
# seed's language); pool = the other language's side of the same test split as a MONOLINGUAL
# corpus (7 domains, file names the oracle); parallel = the first PAIRS lines of each domain of
# llm-dom-ad-deen-train2500 (en-de; a different split). TEST = lines per domain of the test
# split (seed size = true size = TEST). PAIRS=2500 TEST=500 = all the data (17,357 pairs); the
# defaults (200, 200: 1,400 pairs, 1,400-sentence pools) keep the encoding of three models
# affordable on 2 shared cores.
# One project serves every model and both directions (the parallel corpus stays en -> de; the
# method orients it by the seed's language).
# Usage: [MODELS="..."] [DIRECTIONS="de-en en-de"] [DOMAINS="medical law it"] [PAIRS=200] [TEST=200]
#        [VARIANTS="k5 k1 df cos"] bench/crosslingual/encoders.sh PROJECT
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLI="${DOMAINLENS_CLI:-$ROOT/build/app/domainlens-cli}"
SHARED="${DOMAINLENS_SHARED_DATA:-$ROOT/../shared/data}"
PROJECT="${1:?usage: encoders.sh PROJECT}"
MODELS="${MODELS:-multilingual-e5-small all-mpnet-base-v2 all-MiniLM-L6-v2}"
DIRECTIONS="${DIRECTIONS:-de-en en-de}"
DOMAINS="${DOMAINS:-medical law it}"
PAIRS="${PAIRS:-200}"
TEST="${TEST:-200}"
VARIANTS="${VARIANTS:-k5 k1 df cos}"
mkdir -p "$(dirname "$PROJECT")"
if [ ! -f "$PROJECT" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  mkdir "$tmp/test"
  "$CLI" init "$PROJECT" >/dev/null
  for d in it koran law medical qed subtitles ted; do
    head -n "$PAIRS" "$SHARED/llm-dom-ad-deen-train2500/$d.en" >"$tmp/$d.en"
    head -n "$PAIRS" "$SHARED/llm-dom-ad-deen-train2500/$d.de" >"$tmp/$d.de"
    "$CLI" import "$PROJECT" --src "$tmp/$d.en" --tgt "$tmp/$d.de" --src-lang en --tgt-lang de \
      --domain-from-filename --corpus parallel --quiet >/dev/null
    head -n "$TEST" "$SHARED/llm-dom-ad-deen-test/$d.en" >"$tmp/test/$d.en"
    head -n "$TEST" "$SHARED/llm-dom-ad-deen-test/$d.de" >"$tmp/test/$d.de"
    "$CLI" import "$PROJECT" --src "$tmp/test/$d.en" --src-lang en --domain-from-filename --corpus test-en --quiet >/dev/null
    "$CLI" import "$PROJECT" --src "$tmp/test/$d.de" --src-lang de --domain-from-filename --corpus test-de --quiet >/dev/null
  done
fi
prec() { "$CLI" evaluate "$PROJECT" "$1" --domain "$2" --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print("%.3f" % j["runs"][0]["at_true_size"]["precision"])'; }
run() { "$CLI" select "$PROJECT" "$@" --json --quiet | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"])'; }
echo "| model | direction | domain | $(for v in $VARIANTS; do printf '%s | ' "$v"; done)"
for model in $MODELS; do
  for dir in $DIRECTIONS; do
    case "$dir" in
      en-de) seed=test-en; pool=test-de ;;
      de-en) seed=test-de; pool=test-en ;;
      *) echo "DIRECTIONS: en-de or de-en, got '$dir'" >&2; exit 2 ;;
    esac
    for d in $DOMAINS; do
      row="| $model | $dir | $d |"
      for v in $VARIANTS; do
        xl=(--method cross-lingual --pool "$pool" --seed "$seed:$d" --parallel parallel --model "$model")
        case "$v" in
          k5) r=$(run "${xl[@]}" --clusters 5) ;;
          k1) r=$(run "${xl[@]}" --clusters 1) ;;
          df) r=$(run "${xl[@]}" --adaptive-layer none) ;;
          cos) r=$(run --method cosine --pool "$pool" --seed "$seed:$d" --model "$model") ;;
          *) echo "VARIANTS: k5 k1 df cos, got '$v'" >&2; exit 2 ;;
        esac
        row="$row $(prec "$r" "$d") |"
      done
      echo "$row"
    done
  done
done
