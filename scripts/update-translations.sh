#!/usr/bin/env bash
# Refreshes translations/*.ts from the GUI sources (app/, widgets/) with lupdate; existing
# translations are kept. Then fill new entries (Qt Linguist, or scripts/translate.py).
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=/usr/lib/qt6/bin/lupdate; [ -x "$LUPDATE" ] || LUPDATE="$(command -v lupdate)"
"$LUPDATE" -no-obsolete -locations relative app widgets -ts translations/domainlens_de.ts translations/domainlens_fr.ts
