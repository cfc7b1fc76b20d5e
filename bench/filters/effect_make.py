#!/usr/bin/env python3
"""The corpus of bench/filters/effect.sh: real sentences of 7 domains with planted noise.

make OUT_TSV DATA_DIR [SEED]
    Every English line of DATA_DIR/llm-dom-ad-deen-test/<domain>.en (7 domains x 500) as
    "<sentence>\t<domain>"; then planted noise, each line labelled with its domain:
      near-duplicates  for 200 sentences of `it` and 100 of `subtitles`, three edited copies
                       each (casing, punctuation, a number, a word: make_planted.py's edits),
                       so that two domains are inflated as crawled corpora inflate them;
      wrong language   100 German lines of `law` and 50 of `medical` (the .de side), the
                       lines langid should remove.
    Deterministic (seed 1).
"""
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from make_planted import edit  # noqa: E402

DOMAINS = ["it", "koran", "law", "medical", "qed", "subtitles", "ted"]


def main(out, data, seed=1):
    rng = random.Random(int(seed))
    base = Path(data) / "llm-dom-ad-deen-test"
    rows = []
    lines = {}
    for d in DOMAINS:
        en = [x.rstrip("\n").replace("\t", " ") for x in (base / f"{d}.en").open(encoding="utf-8")]
        lines[d] = en
        rows += [(s, d, "clean") for s in en if s.strip()]
    for d, n in (("it", 200), ("subtitles", 100)):
        picks = rng.sample([s for s in lines[d] if len(s.split()) >= 4], n)
        for s in picks:
            for _ in range(3):
                rows.append((edit(s, rng.choice(["case", "punct", "number", "word", "two"]), rng), d, "near-dup"))
    for d, n in (("law", 100), ("medical", 50)):
        de = [x.rstrip("\n").replace("\t", " ") for x in (base / f"{d}.de").open(encoding="utf-8")]
        rows += [(s, d, "german") for s in rng.sample([s for s in de if len(s.split()) >= 4], n)]
    rng.shuffle(rows)
    with open(out, "w", encoding="utf-8") as f:
        for s, d, kind in rows:
            f.write(f"{s}\t{d}\n")
    with open(out + ".kinds", "w", encoding="utf-8") as f:
        for s, d, kind in rows:
            f.write(f"{kind}\n")


if __name__ == "__main__":
    main(*sys.argv[2:]) if sys.argv[1] == "make" else sys.exit(__doc__)
