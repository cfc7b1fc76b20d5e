#!/usr/bin/env python3
"""datasketch MinHashLSH on the same planted sample, against exact Jaccard (brute force).

Same text rule as core/filter/NearDup (case folding; Unicode P*, S*, Z*, Cc -> one space;
trimmed) and the same char:5 shingles over code points. datasketch picks its own bands/rows
for the threshold (weighted FP/FN integrals, its default). Reports the candidates' pair recall
and precision against exact Jaccard, and the same after verifying candidates with the MinHash
estimate (m1.jaccard(m2) >= t). Usage: datasketch_reference.py FILE SAMPLE [FP_WEIGHT]
(FP_WEIGHT 0.5 = datasketch's default weights (0.5, 0.5); 0.1 = (0.1, 0.9), favouring recall)
"""
import json
import sys
import time
import unicodedata

from datasketch import MinHash, MinHashLSH

def normalise(s):
    s = s.casefold()
    out, space = [], False
    for ch in s:
        c = unicodedata.category(ch)
        if c[0] in "PSZ" or c == "Cc":
            space = True
        else:
            if space and out:
                out.append(" ")
            space = False
            out.append(ch)
    return "".join(out)

def shingles(s, k=5):
    if not s:
        return set()
    if len(s) <= k:
        return {s}
    return {s[i:i + k] for i in range(len(s) - k + 1)}

def main():
    path, sample = sys.argv[1], int(sys.argv[2])
    fp_weight = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
    with open(path, encoding="utf-8") as fh:
        lines = [l.rstrip("\n") for _, l in zip(range(sample), fh)]
    sets = [shingles(normalise(l)) for l in lines]
    n = len(sets)
    t0 = time.time()
    close = []  # exact pairs >= 0.5, length bound first (J <= min/max)
    order = sorted(range(n), key=lambda i: len(sets[i]))
    for a in range(n):
        i = order[a]
        si = sets[i]
        if not si:
            continue
        for b in range(a + 1, n):
            j = order[b]
            sj = sets[j]
            if len(si) < 0.5 * len(sj):
                break
            inter = len(si & sj)
            jac = inter / (len(si) + len(sj) - inter)
            if jac >= 0.5:
                close.append((min(i, j), max(i, j), jac))
    brute = time.time() - t0
    t0 = time.time()
    mhs = []
    for s in sets:
        m = MinHash(num_perm=128)
        for sh in s:
            m.update(sh.encode("utf-8"))
        mhs.append(m)
    sig_seconds = time.time() - t0
    for t in (0.7, 0.8, 0.85, 0.9):
        t0 = time.time()
        lsh = MinHashLSH(threshold=t, num_perm=128, weights=(fp_weight, 1 - fp_weight))
        for i, m in enumerate(mhs):
            if sets[i]:
                lsh.insert(i, m)
        cands = set()
        for i, m in enumerate(mhs):
            if sets[i]:
                for j in lsh.query(m):
                    if j != i:
                        cands.add((min(i, j), max(i, j)))
        lsh_seconds = time.time() - t0
        truth = {(i, j) for i, j, jac in close if jac >= t}
        def exact(p):
            a, b = sets[p[0]], sets[p[1]]
            inter = len(a & b)
            return inter / (len(a) + len(b) - inter)
        verified = {p for p in cands if mhs[p[0]].jaccard(mhs[p[1]]) >= t}
        right_c = sum(1 for p in cands if exact(p) >= t)
        right_v = sum(1 for p in verified if exact(p) >= t)
        print(json.dumps({
            "tool": "datasketch", "weights": [fp_weight, 1 - fp_weight], "threshold": t, "sentences": n, "bands_rows": list(lsh.b_r) if hasattr(lsh, "b_r") else [lsh.b, lsh.r],
            "true_pairs": len(truth), "candidates": len(cands),
            "candidate_recall": len(truth & cands) / max(1, len(truth)),
            "candidate_precision": right_c / max(1, len(cands)),
            "estimate_verified_recall": len(truth & verified) / max(1, len(truth)),
            "estimate_verified_precision": right_v / max(1, len(verified)),
            "seconds_lsh": round(lsh_seconds, 3), "seconds_signatures": round(sig_seconds, 3),
            "seconds_brute_force": round(brute, 3)}))

if __name__ == "__main__":
    main()
