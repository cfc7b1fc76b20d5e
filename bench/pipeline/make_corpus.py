#!/usr/bin/env python3
"""Builds explore's benchmark corpus: N English sentences with their domain labels, one file per
domain (it, koran, law, medical, qed, subtitles, ted), from the English sides of
../shared/data/llm-dom-ad-deen-train2500 and llm-dom-ad-deen-test (3,000 real sentences per
domain), each domain repeated with variation to N/7 lines as bench/import/make_pool.py does:
repetition r > 0 appends " (r)", so import's dedupe keeps them.
Usage: make_corpus.py SHARED_DATA_DIR OUT_DIR N  -> OUT_DIR/<domain>.en
"""
import os
import sys

DOMAINS = ("it", "koran", "law", "medical", "qed", "subtitles", "ted")


def main():
    shared, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    os.makedirs(out, exist_ok=True)
    per = [n // len(DOMAINS) + (1 if i < n % len(DOMAINS) else 0) for i in range(len(DOMAINS))]
    for dom, want in zip(DOMAINS, per):
        base = []
        for folder in ("llm-dom-ad-deen-train2500", "llm-dom-ad-deen-test"):
            with open(os.path.join(shared, folder, dom + ".en"), encoding="utf-8", errors="replace") as f:
                base += [line.rstrip("\n") for line in f if line.strip()]
        with open(os.path.join(out, dom + ".en"), "w", encoding="utf-8") as f:
            for i in range(want):
                r, line = divmod(i, len(base))
                f.write(base[line] + (f" ({r})" if r else "") + "\n")


if __name__ == "__main__":
    main()
