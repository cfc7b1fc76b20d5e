#!/usr/bin/env python3
"""Builds the corpus of bench/encode/memory.sh: N English lines from ../shared/data (the 7
domains of llm-dom-ad-deen-train2500 + -test, llm-dom-ad-enfr-test and europarl-deen), in a
fixed shuffled order, the pool repeated when N exceeds it. Every LONG-th line instead joins
3-12 random pool lines, so that every chunk of 4,096 sentences holds batches cut at the
model's maximum length (the worst case a large real corpus reaches: its longest sentences
are truncated at max_seq_length). Repeated data: the figures say so.
usage: memory_corpus.py DATA_DIR N OUT [LONG=50]"""
import pathlib
import random
import sys

data, n, out = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
long_every = int(sys.argv[4]) if len(sys.argv) > 4 else 50
pool = []
for folder in ["llm-dom-ad-deen-train2500", "llm-dom-ad-deen-test", "llm-dom-ad-enfr-test", "europarl-deen"]:
    for f in sorted((data / folder).glob("*.en")):
        pool += [l.strip() for l in f.read_text(encoding="utf-8").splitlines() if l.strip()]
rng = random.Random(1)
rng.shuffle(pool)
with open(out, "w", encoding="utf-8") as o:
    for i in range(n):
        if long_every > 0 and i % long_every == long_every - 1:
            o.write(" ".join(rng.choice(pool) for _ in range(rng.randint(3, 12))) + "\n")
        else:
            o.write(pool[i % len(pool)] + "\n")
