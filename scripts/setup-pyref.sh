#!/usr/bin/env bash
# Creates the Python reference environment (.venv-ref/) used only to regenerate test fixtures
# and to run the side-by-side benchmarks: PyTorch, transformers, sentence-transformers,
# scikit-learn, sentencepiece from PyPI. The app and the tests do not need it.
# Usage: scripts/setup-pyref.sh   then   PYTHON=.venv-ref/bin/python bench/encode/run_bench.sh build
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${DOMAINLENS_PYREF:-$ROOT/.venv-ref}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check torch transformers sentence-transformers scikit-learn \
  safetensors sentencepiece protobuf numpy
echo "reference environment ready: $VENV/bin/python"
