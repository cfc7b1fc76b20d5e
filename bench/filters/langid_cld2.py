#!/usr/bin/env python3
"""CLD2 (pycld2, the Python binding of the same C++ library Debian ships as libcld2) on the
known-language files of ../shared/data: top-1 accuracy per language, on lines of <= 5 words,
and sentences/s. The comparison for filter --kind langid's choice of fastText lid.176
(bench/filters/langid.sh runs both; RESULTS.md). Usage: langid_cld2.py LANG FILE..."""
import sys
import time

import pycld2

lang, files = sys.argv[1], sys.argv[2:]
lines = [l.rstrip("\n") for f in files for l in open(f, encoding="utf-8")]
start = time.perf_counter()
right = short = short_right = 0
for line in lines:
    try:
        _, _, details = pycld2.detect(line)
        best = details[0][1]
    except pycld2.error:
        best = "un"
    ok = best == lang
    right += ok
    if len(line.split()) <= 5:
        short += 1
        short_right += ok
seconds = time.perf_counter() - start
print(f"cld2 {lang} n={len(lines)} acc={right / len(lines):.4f} short(<=5 words) n={short} "
      f"acc={short_right / max(short, 1):.4f} sentences/s={len(lines) / seconds:.0f}")
