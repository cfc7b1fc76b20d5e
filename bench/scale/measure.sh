# Sourced by bench/scale/*.sh (needs WORK and LOG set).
# say TEXT: prints TEXT and appends it to LOG.
say() { echo "$*" | tee -a "$LOG"; }
# measure NAME CMD...: runs CMD niced under /usr/bin/time -v; prints the last lines of its
# output, then its wall time, CPU (user+sys) seconds, peak RSS and the load average.
measure() {
  local name="$1"; shift
  /usr/bin/time -v -o "$WORK/$name.time" nice -n 5 "$@" 2>&1 | grep -v "^\s*$" | tail -n "${MEASURE_TAIL:-3}" | tee -a "$LOG"
  local wall rss cpu
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/$name.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$WORK/$name.time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.1f", s}' "$WORK/$name.time")
  say "  [$name] wall $wall, CPU (user+sys) ${cpu} s, peak RSS $rss MB, load $(cut -d' ' -f1-3 /proc/loadavg)"
}
