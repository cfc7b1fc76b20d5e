#!/usr/bin/env python3
"""Builds the import benchmark pool: N parallel de-en pairs made by repeating the real
sentences of ../shared/data (train2500 + test + europarl, ~24k distinct pairs) with
variation, so that dedupe keeps them: repetition r > 0 appends " (r)" to both sides.
Usage: make_pool.py SHARED_DATA_DIR OUT_PREFIX [N=1500000]  -> OUT_PREFIX.en, OUT_PREFIX.de
"""
import os
import sys


def pairs(shared):
    for folder in ("llm-dom-ad-deen-train2500", "llm-dom-ad-deen-test"):
        d = os.path.join(shared, folder)
        for name in sorted(os.listdir(d)):
            if name.endswith(".en"):
                dom = name[:-3]
                with open(os.path.join(d, dom + ".en"), encoding="utf-8", errors="replace") as e, \
                     open(os.path.join(d, dom + ".de"), encoding="utf-8", errors="replace") as g:
                    for a, b in zip(e, g):
                        yield a.rstrip("\n"), b.rstrip("\n")
    d = os.path.join(shared, "europarl-deen")
    with open(os.path.join(d, "europarl.en"), encoding="utf-8") as e, open(os.path.join(d, "europarl.de"), encoding="utf-8") as g:
        for a, b in zip(e, g):
            yield a.rstrip("\n"), b.rstrip("\n")


def main():
    shared, out = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 1_500_000
    base = [(a, b) for a, b in pairs(shared) if a.strip() and b.strip()]
    written = 0
    with open(out + ".en", "w", encoding="utf-8") as fe, open(out + ".de", "w", encoding="utf-8") as fd:
        r = 0
        while written < n:
            suffix = "" if r == 0 else f" ({r})"
            for a, b in base:
                if written >= n:
                    break
                fe.write(a + suffix + "\n")
                fd.write(b + suffix + "\n")
                written += 1
            r += 1
    print(f"{written} pairs from {len(base)} distinct real pairs, {r} repetitions -> {out}.en/.de")


if __name__ == "__main__":
    main()
