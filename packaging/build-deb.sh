#!/usr/bin/env bash
# Builds the .deb (CPack, from the install rules) and checks that it installs and starts:
# dpkg -i, then `domainlens-cli --version`, a CLI round trip on a scratch project, and the GUI
# started offscreen with --help. Usage: packaging/build-deb.sh [--install]
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
# a command the front hands to libexec/domainlens/domainlens-cli-full
/usr/bin/domainlens-cli cluster --help | grep -q "domainlens-cli cluster"
QT_QPA_PLATFORM=offscreen /usr/bin/domainlens --help >/dev/null
echo "installed package works: /usr/bin/domainlens, /usr/bin/domainlens-cli"
