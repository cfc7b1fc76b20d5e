#!/usr/bin/env bash
# The CLI merge of 400,000 synthetic encode shards (bench_scale encode-shards), two builds like
# for like in one run, alternating (OLD NEW NEW OLD): the cost of merge's rows_sha256 check.
# Usage (from an empty scratch folder): OLD=BUILD_BEFORE NEW=BUILD_AFTER bench/scale/merge_check.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
D="$ROOT/../shared/data/llm-dom-ad-deen-test"
NEW="${NEW:?the build folder after the change}"; OLD="${OLD:?the build folder before it}"
$NEW/app/domainlens-cli init slice.dlproj >/dev/null
for d in medical law it koran subtitles; do head -n 200 $D/$d.en > $d.en; $NEW/app/domainlens-cli import slice.dlproj --src $d.en --domain-from-filename --corpus slice --quiet >/dev/null; done
$NEW/app/domainlens-cli encode slice.dlproj --model all-MiniLM-L6-v2 --quiet
python3 - <<'PY'
lines=[l.strip() for d in ("medical","law","it","koran","subtitles") for l in open(f"{d}.en") if l.strip()]
with open("big.en","w") as o:
    for i in range(400000): o.write(f"{lines[i%len(lines)]} #{i}\n")
PY
for b in OLD NEW NEW OLD; do B=${!b}; rm -rf $b.dlproj sh-$b
  $B/app/domainlens-cli init $b.dlproj >/dev/null; $B/app/domainlens-cli import $b.dlproj --src big.en --corpus big --quiet >/dev/null
  $B/bench/scale/bench_scale encode-shards $b.dlproj big slice.dlproj sh-$b 4 >/dev/null
  /usr/bin/time -f "$b merge 400k encode shards: wall %e s, CPU %U+%S s, RSS %M KB" $B/app/domainlens-cli merge $b.dlproj sh-$b --quiet
done
