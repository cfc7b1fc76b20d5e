#!/usr/bin/env python3
"""Planted near-duplicates from ../shared/data (bench/filters/RESULTS.md).

Takes every English line of the train2500 folder and Europarl (real OPUS sentences), and for
a fraction of them adds a variant with one kind of edit: casing, punctuation, a number, one
word dropped or replaced, or two of these together. With --repeat R > 1 the pool is repeated
with one random word replaced per copy (a larger corpus for time and memory: repeated data,
say so). Deterministic (--seed). Writes one sentence per line.
"""
import argparse
import glob
import os
import random
import re

def edit(s, kind, rng):
    words = s.split(" ")
    if kind == "case":
        return s.upper() if rng.random() < 0.5 else s.lower()
    if kind == "punct":
        t = re.sub(r"[,;:]", "", s)
        return (t[:-1] + " !") if t.endswith(".") else t + "."
    if kind == "number":
        nums = re.findall(r"\d+", s)
        if nums:
            n = rng.choice(nums)
            return s.replace(n, str(int(n) + 1), 1)
        return s + " " + str(rng.randint(1, 99))
    if kind == "word":
        if len(words) > 4:
            i = rng.randrange(len(words))
            if rng.random() < 0.5:
                del words[i]
            else:
                words[i] = rng.choice(["also", "the", "new", "other", "this"])
        return " ".join(words)
    a, b = rng.sample(["case", "punct", "number", "word"], 2)
    return edit(edit(s, a, rng), b, rng)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "../../../shared/data"))
    ap.add_argument("--rate", type=float, default=0.1, help="fraction of lines that get a variant")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--base", type=int, default=0, help="use only this many base sentences (0 = all)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--pairs", help="also write original<TAB>variant<TAB>edit per planted variant")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    files = sorted(glob.glob(os.path.join(a.data, "llm-dom-ad-deen-train2500", "*.en"))) + \
        [os.path.join(a.data, "europarl-deen", "europarl.en")]
    base = []
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as fh:
            base += [l.strip() for l in fh if len(l.strip()) >= 20]
    if a.base:
        base = rng.sample(base, a.base)
    out, planted = [], []
    for r in range(a.repeat):
        for s in base:
            if r > 0:  # a repeated copy: one word replaced, so copies are not all exact
                w = s.split(" ")
                w[rng.randrange(len(w))] = "w%d" % rng.randrange(10 ** 6)
                s = " ".join(w)
            out.append(s)
            if rng.random() < a.rate:
                kind = rng.choice(["case", "punct", "number", "word", "two"])
                out.append(edit(s, kind, rng))
                planted.append((s, out[-1], kind))
    rng.shuffle(out)
    with open(a.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")
    if a.pairs:
        with open(a.pairs, "w", encoding="utf-8") as fh:
            fh.writelines("%s\t%s\t%s\n" % p for p in planted)
    print(a.out, len(out), "lines from", len(base), "base sentences")

if __name__ == "__main__":
    main()
