#!/usr/bin/env bash
# Times the test command as a fresh machine runs it (docs/build-time.md): a fresh clone of this
# checkout's COMMIT into DIR, an empty ccache, no installed models (XDG_DATA_HOME empty), then
# scripts/test.sh, which prints each phase's seconds at the end. Debian packages are not
# removed (apt's share on a bare machine was measured separately: 61 s).
# Usage: scripts/time-fresh.sh DIR [COMMIT]     (run it on a quiet machine)
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR=${1:?usage: scripts/time-fresh.sh DIR [COMMIT]}; COMMIT=${2:-HEAD}
rev=$(git -C "$ROOT" rev-parse "$COMMIT") || exit 2
# The suites read ../shared/data beside the checkout (tests/CMakeLists.txt); under CI=true they
# fail without it, so a DIR elsewhere (/tmp/...) would time a red run.
[ -d "$(dirname "$DIR")/shared/data" ] ||
  { echo "time-fresh: $(dirname "$DIR")/shared/data is absent: put DIR beside ../shared (e.g. $(dirname "$ROOT")/fresh)" >&2; exit 2; }
rm -rf "$DIR"; git clone -q "$ROOT" "$DIR" && cd "$DIR" && git checkout -q "$rev" || exit 2
export CCACHE_DIR; CCACHE_DIR=$(mktemp -d /tmp/ccache-empty.XXXX)
export XDG_DATA_HOME; XDG_DATA_HOME=$(mktemp -d /tmp/xdg-empty.XXXX)
echo "commit $(git rev-parse --short HEAD) ccache $CCACHE_DIR data $XDG_DATA_HOME load $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
scripts/test.sh; rc=$?
echo "RC $rc total $(( $(date +%s) - start )) s"
exit $rc
