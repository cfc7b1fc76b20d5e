#!/usr/bin/env bash
# Time from raw files to explore's first map (and, with MODE=full, to the full map), default
# settings otherwise: N labelled English sentences (make_corpus.py: 7 domains of real sentences,
# repeated with variation) imported one file per domain, then `explore --corpus pool --k 7`.
# MODE=first stops explore (Ctrl-C, as a user would) once the first map is stored and projects
# the full map from the measured encode rate: import + first map + N / rate (the rest, the
# sample's rows included, is encoded in the same set) + the full fit, estimated as the first
# map's fit scaled by N / sample (EM and the PCA pass are linear in the rows).
# usage: bench/pipeline/run.sh BUILD_DIR N [first|full] [extra explore options...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?build dir}; n=${2:?sentences}; mode=${3:-first}; shift $(( $# >= 3 ? 3 : $# ))
cli="$build/app/domainlens-cli"
work=${WORK:-$(mktemp -d)}; mkdir -p "$work"
python3 "$here/make_corpus.py" "$here/../../../shared/data" "$work/raw" "$n"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
"$cli" init "$work/p.dlproj" > /dev/null
for f in "$work"/raw/*.en; do
  d=$(basename "$f" .en)
  "$cli" import "$work/p.dlproj" --src "$f" --domain "$d" --corpus pool --quiet > /dev/null
done
t1=$(date +%s.%N)
echo "import: $(python3 -c "print(f'{$t1 - $t0:.1f}')") s for $n sentences"
if [ "$mode" = full ]; then
  "$cli" explore "$work/p.dlproj" --corpus pool --k 7 --json --quiet "$@" > "$work/explore.json"
  t2=$(date +%s.%N)
  python3 - "$work/explore.json" "$t0" "$t1" "$t2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); t0, t1, t2 = map(float, sys.argv[2:])
imp = t1 - t0
print(f"first map from raw files: {imp + j['first_map_seconds']:.1f} s (import {imp:.1f} + explore {j['first_map_seconds']:.1f}); "
      f"{j['sample_rows']} of {j['sentences']} sentences, {j['precision']}")
print(f"full map from raw files: {t2 - t0:.1f} s; encode after the first map {j['sentences_per_second']:.1f} sentences/s")
print(f"label_agreement (matched) {j['label_agreement']:.4f}, adjusted Rand {j['adjusted_rand_index']:.4f}")
PY
else
  "$cli" explore "$work/p.dlproj" --corpus pool --k 7 "$@" 2> "$work/explore.err" > "$work/explore.out" &
  pid=$!
  until grep -q "First map:" "$work/explore.err" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/explore.err"; exit 1; }
    sleep 1
  done
  kill -INT "$pid"; wait "$pid" || true
  python3 - "$work/explore.err" "$t0" "$t1" "$n" <<'PY'
import re, sys
err = open(sys.argv[1], errors="replace").read(); t0, t1, n = float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
first = float(re.search(r"First map: cluster run \d+ on (\d+) sentences .* after ([\d.]+) s", err).group(2))
sample = int(re.search(r"First map: cluster run \d+ on (\d+) sentences", err).group(1))
enc = re.search(r"Encoded (\d+) sentences in ([\d.]+) s \(([\d.]+) sentences/s\)", err)
rate, enc_s = float(enc.group(3)), float(enc.group(2))
fit = first - enc_s  # sampling + model load + PCA + GMM of the first map
imp = t1 - t0
print(f"first map from raw files: {imp + first:.1f} s (import {imp:.1f} + explore {first:.1f}: encode {enc_s:.1f} s "
      f"at {rate:.1f} sentences/s, the rest {fit:.1f} s) on {sample} of {n} sentences")
full = imp + first + n / rate + fit * n / sample
print(f"projected full map: {full:.0f} s = {full / 60:.1f} min (encode {n / rate / 60:.1f} min)")
PY
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
