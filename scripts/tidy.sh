#!/usr/bin/env bash
# Runs the house checks (.clang-tidy) with clang-tidy 16 over sources of the main build (needs
# its compile_commands.json: run scripts/build.sh first).
# Usage:
#   scripts/tidy.sh                 the bounded CI set below (< 60 s on 2 cores)
#   scripts/tidy.sh --changed [BASE]  the .cpp files changed since BASE (default: main)
#   scripts/tidy.sh --all           every unit of the build (slow: tens of minutes)
#   scripts/tidy.sh FILE...         those files
# Environment: DOMAINLENS_BUILD_DIR (default build), JOBS (files checked at once, default nproc).
# Fails (exit 1) on any finding of a check listed in WarningsAsErrors.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-$(nproc)}"
cd "$ROOT"

# The CI set: the torch-free base every stage stands on (common, store, corpus import)
# and the GUI's job runner; about 1-5 s per file.
CI_SET=(core/common/*.cpp core/store/*.cpp core/corpus/Import*.cpp
        app/services/JobRunner.cpp app/services/JobWorker.cpp)

tidy=$("$ROOT/scripts/find-llvm-tool.sh" clang-tidy 16) ||
  { echo "tidy: clang-tidy >= 16 not found (scripts/setup.sh installs clang-tidy-16)" >&2; exit 2; }
[ -f "$BUILD/compile_commands.json" ] || { echo "tidy: no $BUILD/compile_commands.json (run scripts/build.sh first)" >&2; exit 2; }

# The build's compile commands, minus GCC's precompiled-header options (clang cannot read a
# GCC .gch; the sources include what they use anyway), and with each unity source of a unity
# build (cmake/DomainLensUnity.cmake) replaced by one entry per unit it includes, so every
# .cpp is checked on its own with its target's flags.
DB="$BUILD/tidy"
mkdir -p "$DB"
python3 - "$BUILD/compile_commands.json" "$DB/compile_commands.json" <<'EOF'
import json, re, sys
entries = json.load(open(sys.argv[1]))
out = []
for e in entries:
    cmd = re.sub(r' -include \S*cmake_pch\.hxx', '', e['command'])
    e['command'] = cmd.replace(' -Winvalid-pch', '')
    if not re.search(r'/Unity/unity_[^/]*\.cxx$', e['file']):
        out.append(e)
        continue
    for line in open(e['file'], encoding='utf-8'):
        m = re.match(r'#include "(.*\.cpp)"', line)
        if m:
            out.append(dict(e, file=m.group(1), command=e['command'].replace(e['file'], m.group(1))))
json.dump(out, open(sys.argv[2], 'w'), indent=0)
EOF

case "${1:-}" in
  --all) mapfile -t files < <(python3 -c 'import json,sys; [print(e["file"]) for e in json.load(open(sys.argv[1]))]' \
                                "$DB/compile_commands.json" | grep -E "^$ROOT/(core|app|widgets|tests|bench)/" | sort -u) ;;
  --changed) mapfile -t files < <(git diff --name-only --diff-filter=d "$(git merge-base "${2:-main}" HEAD)" -- '*.cpp') ;;
  -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
  "") files=("${CI_SET[@]}") ;;
  *) files=("$@") ;;
esac
[ ${#files[@]} -gt 0 ] || { echo "tidy: no files to check"; exit 0; }

# clang 16 knows C++23 as c++2b, and libstdc++ 12 enables <expected> only when __cpp_concepts
# reports C++20's value, which clang 16 implements but does not announce (as tests/fuzz does).
EXTRA=(--extra-arg=-std=gnu++2b --extra-arg=-U__cpp_concepts --extra-arg=-D__cpp_concepts=202002L
       --extra-arg=-Wno-unknown-warning-option)
start=$(date +%s)
status=0
printf '%s\0' "${files[@]}" | xargs -0 -P "$JOBS" -n 1 "$tidy" -p "$DB" --quiet "${EXTRA[@]}" >"$DB/tidy.log" 2>&1 || status=1
grep -E 'warning:|error:' "$DB/tidy.log" | sort -u || true
echo "tidy: ${#files[@]} files in $(( $(date +%s) - start )) s (log: $DB/tidy.log)"
if [ $status -ne 0 ]; then
  echo "tidy: FAILED (fix the findings above, or say why with // NOLINT(check-name) on the line)" >&2
fi
exit $status
