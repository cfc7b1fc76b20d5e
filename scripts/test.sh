#!/usr/bin/env bash
# The test command: installs what is missing (system packages, default model), builds,
# and runs every Qt Test suite through CTest. Extra arguments go to ctest (e.g. -R tst_import).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
cd "$BUILD"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 "$@"
