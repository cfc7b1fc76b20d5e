#!/usr/bin/env bash
# Time from raw files to explore's first map (and, with MODE=full, to the full map), default
# settings otherwise: N labelled English sentences (make_corpus.py: 7 domains of real sentences,
# repeated with variation) imported one file per domain, then `explore --corpus pool --k 7`.
# MODE=first stops explore (Ctrl-C, as a user would) once the sample map is stored (after the
# stage map, the first map shown, when there is a stage: explore's default --stage 50) and
# projects the full map from the measured encode rate: import + sample map + N / rate (the
# rest, the sample's rows included, is encoded in the same set) + the full fit, estimated as the
# sample map's fit scaled by N / sample (EM and the PCA pass are linear in the rows).
# The last lines say what to run to measure it again on a quiet machine (commit, command, data).
# MODE=stage stops at the first map (the stage map) and prints its time only.
# usage: bench/pipeline/run.sh BUILD_DIR N [first|stage|full] [extra explore options...]
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
  stop="Sample map:"; [ "$mode" = stage ] && stop="First map"
  until grep -q "$stop" "$work/explore.err" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/explore.err"; exit 1; }
    sleep 1
  done
  kill -INT "$pid"; wait "$pid" || true
  python3 - "$work/explore.err" "$t0" "$t1" "$n" <<'PY'
import re, sys
err = open(sys.argv[1], errors="replace").read(); t0, t1, n = float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
m = re.search(r"Sample map: cluster run \d+ on (\d+) sentences .* after ([\d.]+) s", err)
stage = re.search(r"First map \(stage\): cluster run \d+ on (\d+) sentences .* after ([\d.]+) s", err)
imp = t1 - t0
if not m:  # MODE=stage: stopped at the stage map
    enc = re.search(r"Encoded (\d+) sentences in ([\d.]+) s \(([\d.]+) sentences/s\)", err)
    print(f"first map (stage) from raw files: {imp + float(stage.group(2)):.1f} s (import {imp:.1f} + explore "
          f"{stage.group(2)}: encode {enc.group(2)} s at {enc.group(3)} sentences/s) on {stage.group(1)} sentences")
    sys.exit(0)
sample, sample_s = int(m.group(1)), float(m.group(2))
first = float(stage.group(2)) if stage else sample_s
encs = re.findall(r"Encoded (\d+) sentences in ([\d.]+) s \(([\d.]+) sentences/s\)", err)
enc_n, enc_s = sum(int(e[0]) for e in encs), sum(float(e[1]) for e in encs)
rate = enc_n / enc_s
fit = sample_s - enc_s  # sampling + model load + PCA + GMM of the stage and sample maps
imp = t1 - t0
if stage:
    print(f"first map (stage) from raw files: {imp + first:.1f} s (import {imp:.1f} + explore {first:.1f}) "
          f"on {stage.group(1)} of {sample} sample sentences")
print(f"sample map from raw files: {imp + sample_s:.1f} s (import {imp:.1f} + explore {sample_s:.1f}: encode {enc_s:.1f} s "
      f"at {rate:.1f} sentences/s, the rest {fit:.1f} s) on {sample} of {n} sentences")
sa = re.search(r"Stage agreement: ([\d.]+), adjusted Rand ([-\d.]+)", err)
if sa:
    print(f"stage agreement (stage fit vs sample fit on the sample): {sa.group(1)}, adjusted Rand {sa.group(2)}")
full = imp + sample_s + n / rate + fit * n / sample
print(f"projected full map: {full:.0f} s = {full / 60:.1f} min (encode {n / rate / 60:.1f} min)")
PY
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# What the lead needs to measure it again on a quiet machine: the commit, the CLI, the command.
rev=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$here" status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo " (uncommitted changes)" || true)
echo "re-run quietly: commit $rev$dirty, cli $cli ($(stat -c %y "$cli" | cut -d. -f1)), nice $(nice)"
echo "  WORK=$work/rerun bench/pipeline/run.sh $build $n $mode${*:+ $*}   # corpus: make_corpus.py from ../shared/data, $n sentences"
