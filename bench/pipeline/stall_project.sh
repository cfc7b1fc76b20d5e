#!/usr/bin/env bash
# The GUI's longest stall while explore's chunks arrive, at N rows (bench_gui_stall --explore):
# a project of N sentences made of an encoded corpus's sentences (SRC_PROJECT's SRC_CORPUS, e.g.
# sample_curve.sh's `en`) repeated with " (r)" appended, one file per domain, imported through
# the CLI; bench_prefill_explore gives every row its source sentence's stored vector and imports
# explore's sample with its vectors, so explore assigns every chunk from the store (no
# encoding: the chunks arrive as fast as they are assigned, the GUI's worst case). The job is
# cancelled once the last chunk is drawn (--explore-stop-at-refit): the stall while chunks arrive.
# usage: bench/pipeline/stall_project.sh BUILD_DIR SRC_PROJECT SRC_CORPUS MODEL_DIR WORK_DIR N [SAMPLE] [CHUNK]
set -euo pipefail
build=${1:?}; srcp=${2:?}; srcc=${3:?}; model=${4:?}; work=${5:?}; n=${6:?}; sample=${7:-2000}; chunk=${8:-20000}
cli="$build/app/domainlens-cli"
mkdir -p "$work/raw"
p="$work/stall-$n.dlproj"
rm -f "$p" "$p-wal" "$p-shm"
python3 - "$srcp" "$srcc" "$work/raw" "$n" <<'PY'
import collections, sqlite3, sys
src, corpus, out, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
db = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
rows = db.execute("SELECT s.domain, s.src FROM sentences s JOIN corpora c ON c.id = s.corpus_id "
                  "WHERE c.name = ? ORDER BY s.position", (corpus,)).fetchall()
by = collections.OrderedDict()
for d, s in rows:
    by.setdefault(d, []).append(s)
doms = list(by)
per = [n // len(doms) + (1 if i < n % len(doms) else 0) for i in range(len(doms))]
for d, want in zip(doms, per):
    with open(f"{out}/{d}.en", "w", encoding="utf-8") as f:
        for i in range(want):
            r, k = divmod(i, len(by[d]))
            f.write(by[d][k] + (f" ({r})" if r else "") + "\n")
PY
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
"$cli" init "$p" > /dev/null
for f in "$work"/raw/*.en; do
  "$cli" import "$p" --src "$f" --domain "$(basename "$f" .en)" --corpus pool --quiet > /dev/null
done
t1=$(date +%s.%N)
echo "import of $n sentences: $(python3 -c "print(f'{$t1 - $t0:.1f}')") s, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/bench/pipeline/bench_prefill_explore" "$srcp" "$srcc" "$p" pool "$sample"
t2=$(date +%s.%N)
echo "vectors copied: $(python3 -c "print(f'{$t2 - $t1:.1f}')") s"
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} "$build/bench/gui/bench_gui_stall" "$p" --explore pool --model "$model" \
  --explore-sample "$sample" --explore-chunk "$chunk" --explore-stop-at-refit
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
