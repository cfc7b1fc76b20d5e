#!/usr/bin/env python3
"""Usage: make_sets.py SRC_DIR DST_DIR N  (the 5-domain English sets of docs/clustering.md)."""
# Writes 5-domain English sets: first N unique lines per domain (unique across the whole set,
# after NFC + strip, as DomainLens import does), so the reference stack and the CLI see the same sentences.
import sys, unicodedata, os
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
seen = set()
for d in ["medical", "law", "it", "koran", "subtitles"]:
    out = []
    for line in open(os.path.join(src, d + ".en"), encoding="utf-8"):
        s = unicodedata.normalize("NFC", line.rstrip("\r\n")).strip()
        if not s or s in seen: continue
        seen.add(s); out.append(s)
        if len(out) == n: break
    open(os.path.join(dst, d + ".en"), "w", encoding="utf-8").write("\n".join(out) + "\n")
    print(d, len(out))
