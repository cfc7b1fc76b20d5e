#!/usr/bin/env python3
"""Exact char:5 Jaccard of each planted (original, variant) pair by edit kind, and the share
at or above each threshold: how much of a planted edit a threshold still calls a duplicate.
Same text rule as core/filter/NearDup (datasketch_reference.normalise). Usage: FILE.pairs"""
import collections
import sys

from datasketch_reference import normalise, shingles

def main():
    by_kind = collections.defaultdict(list)
    with open(sys.argv[1], encoding="utf-8") as fh:
        for line in fh:
            a, b, kind = line.rstrip("\n").split("\t")
            sa, sb = shingles(normalise(a)), shingles(normalise(b))
            inter = len(sa & sb)
            by_kind[kind].append(inter / max(1, len(sa) + len(sb) - inter))
    ts = (0.7, 0.8, 0.85, 0.9)
    print("| edit | pairs | median J | " + " | ".join("J >= %.2f" % t for t in ts) + " |")
    print("|---|---|---|" + "---|" * len(ts))
    for kind in sorted(by_kind):
        v = sorted(by_kind[kind])
        print("| %s | %d | %.3f | " % (kind, len(v), v[len(v) // 2]) +
              " | ".join("%.1f%%" % (100 * sum(x >= t for x in v) / len(v)) for t in ts) + " |")

if __name__ == "__main__":
    main()
