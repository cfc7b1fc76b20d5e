#!/usr/bin/env bash
# CLI start-up, like for like in one run (docs/build-time.md, "The CLI front"): each command line
# run REPS times through the front (build/app/domainlens-cli) and through the full binary directly
# (build/app/domainlens-cli-full: what every command cost before the front), on a small project
# made here. Prints the median wall and CPU (user + sys) seconds per command line.
# Usage: bench/cli/startup.sh [BUILD] [REPS]     (a quiet machine; results in bench/cli/RESULTS.md)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"; REPS="${2:-15}"
front="$BUILD/app/domainlens-cli"; full="$BUILD/app/domainlens-cli-full"
[ -x "$front" ] && [ -x "$full" ] || { echo "startup: build first (scripts/build.sh)" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
printf 'the court ruled on the article\nthe patient took one tablet\n' > "$work/law.en"
"$front" init "$work/p.dlproj" > /dev/null
"$front" import "$work/p.dlproj" --src "$work/law.en" --domain-from-filename --quiet > /dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg); $REPS runs each"
printf '%-24s %11s %11s %11s %11s\n' "command line" "front wall" "front CPU" "full wall" "full CPU"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() {  # BINARY ARGS... -> "wall cpu", medians in seconds
  local bin=$1; shift
  local walls=() cpus=() w u s
  for _ in $(seq "$REPS"); do
    /usr/bin/time -o "$work/time" -f "%e %U %S" "$bin" "$@" > /dev/null 2>&1 || true
    read -r w u s < "$work/time"
    walls+=("$w"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
  done
  echo "$(printf '%s\n' "${walls[@]}" | median) $(printf '%s\n' "${cpus[@]}" | median)"
}
P="$work/p.dlproj"
for line in "--version" "info P" "info P --json" "import --help" "cluster --help"; do
  read -r -a args <<< "${line/ P/ $P}"
  read -r fw fc < <(measure "$front" "${args[@]}")
  read -r uw uc < <(measure "$full" "${args[@]}")
  printf '%-24s %11s %11s %11s %11s\n' "$line" "$fw" "$fc" "$uw" "$uc"
done
