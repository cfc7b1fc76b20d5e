#!/usr/bin/env bash
# Builds the .deb (CPack, from the install rules) and checks that it installs and starts:
# dpkg -i, then `domainlens-cli --version`, a CLI round trip on a scratch project (init, import,
# info; encode with a SentencePiece model, run by domainlens-cli-full; a Parquet import through
# the installed module and the wheel's libraries), and the GUI started offscreen with --help.
# Usage: packaging/build-deb.sh [--install]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DOMAINLENS_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh"
(cd "$BUILD" && cpack -G DEB >/dev/null)
DEB=$(ls -t "$BUILD"/domainlens_*_amd64.deb | head -n 1)
echo "package: $DEB ($(du -h "$DEB" | cut -f1))"
[ "${1:-}" = "--install" ] || exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get install -y -qq "$DEB" >/dev/null
/usr/bin/domainlens-cli --version
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'one sentence\nanother sentence\n' > "$tmp/law.en"
/usr/bin/domainlens-cli init "$tmp/p.dlproj" >/dev/null
/usr/bin/domainlens-cli import "$tmp/p.dlproj" --src "$tmp/law.en" --domain-from-filename --quiet
/usr/bin/domainlens-cli info "$tmp/p.dlproj" --json | grep -q '"sentences": 2'
# a command the front hands to libexec/domainlens/domainlens-cli-full, with a SentencePiece model:
# the full binary finds /usr/lib/domainlens/libdomainlens_spm.so from libexec/domainlens
/usr/bin/domainlens-cli encode "$tmp/p.dlproj" --model "$ROOT/tests/data/models/xlm-roberta-tiny" --corpus law --quiet
# Parquet: the module and the wheel's libarrow/libparquet, installed together in /usr/lib/domainlens
if [ -x "$ROOT/.venv-arrow/bin/python" ]; then
  "$ROOT/.venv-arrow/bin/python" -c "import pyarrow as pa, pyarrow.parquet as pq
pq.write_table(pa.table({'text': ['eine Zeile', 'noch eine Zeile']}), '$tmp/de.parquet')"
  LD_DEBUG=files /usr/bin/domainlens-cli import "$tmp/p.dlproj" --parquet "$tmp/de.parquet" --text-column text \
    --corpus pq --domain law --quiet 2> "$tmp/ld.txt"
  grep -q "needed by /usr/lib/domainlens/libparquet.so" "$tmp/ld.txt" ||
    { echo "the installed module did not load /usr/lib/domainlens/libparquet.so" >&2; exit 1; }
fi
QT_QPA_PLATFORM=offscreen /usr/bin/domainlens --help >/dev/null
echo "installed package works: /usr/bin/domainlens, /usr/bin/domainlens-cli"
