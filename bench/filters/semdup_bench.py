#!/usr/bin/env python3
"""filter --kind semantic-dup per eps (bench/filters/semdup.sh, RESULTS.md).

make OUT SRC_DIR LANG   every line of SRC_DIR/*.LANG (the originals), then a planted variant of
                        every tenth (seed 1): upper case, punctuation changed, a number appended
                        or one word dropped, in turn; OUT.map lists "variant_line original_line".
eval PROJECT MAP RUN... per run: removed share, planted pairs joined (the variant or its original
                        removed, naming the other), removals outside the planted pairs, and the
                        removed pairs nearest the run's threshold as examples.
"""
import json
import sqlite3
import sys
from pathlib import Path


def variant(s, k):
    if k == 0:
        return s.upper()
    if k == 1:
        return s.replace(",", " ;").rstrip(".") + " !"
    if k == 2:
        return s + " 2"
    w = s.split()
    return " ".join(w[: len(w) // 2] + w[len(w) // 2 + 1:]) if len(w) > 3 else s + " also"


def make(out, src_dir, lang):
    lines = []
    for p in sorted(Path(src_dir).glob(f"*.{lang}")):
        lines += [x.rstrip("\n") for x in p.open(encoding="utf-8") if x.strip()]
    seen, originals = set(), []
    for x in lines:  # import drops exact duplicates: keep the first of each, as it does
        if x not in seen:
            seen.add(x)
            originals.append(x)
    rows, pairs = list(originals), []
    for i in range(0, len(originals), 10):
        v = variant(originals[i], (i // 10) % 4)
        if v not in seen:
            seen.add(v)
            pairs.append((len(rows), i))
            rows.append(v)
    Path(out).write_text("\n".join(rows) + "\n", encoding="utf-8")
    Path(out + ".map").write_text("".join(f"{a} {b}\n" for a, b in pairs))


def evaluate(project, mapfile, runs):
    db = sqlite3.connect(project)
    planted = dict(tuple(map(int, l.split())) for l in open(mapfile) if l.strip())
    originals_of_planted = set(planted.values())
    for run in runs:
        params = json.loads(db.execute("SELECT params FROM runs WHERE id=?", (run,)).fetchone()[0])
        summary = json.loads(db.execute("SELECT summary FROM runs WHERE id=?", (run,)).fetchone()[0])
        rows = db.execute("SELECT s.position, k.position, r.score, s.src, k.src FROM run_results r "
                          "JOIN sentences s ON s.id = r.sentence_id JOIN sentences k ON k.id = r.label "
                          "WHERE r.run_id = ?", (run,)).fetchall()
        n = summary["sentences"]
        joined = sum(1 for v, o in planted.items() if any((a == v and b == o) or (a == o and b == v) or
                                                          (a == v and b in originals_of_planted) for a, b, *_ in rows))
        other = [r for r in rows if r[0] not in planted and r[0] not in originals_of_planted]
        eps = params["eps"]
        print(f"\n### eps {eps} (cosine >= {1 - eps:g}): {len(rows)} of {n} removed ({100 * len(rows) / n:.2f}%) "
              f"in {summary['rules'][0]['groups']} groups, {summary['rules'][0]['verified_pairs']} pairs; "
              f"{summary['seconds']:.2f} s")
        print(f"planted variants joined with their original: {joined}/{len(planted)} ({100 * joined / len(planted):.1f}%); "
              f"removed outside the planted pairs: {len(other)} ({100 * len(other) / n:.2f}% of the corpus)")
        kinds = ["upper case", "punctuation", "number", "word dropped"]
        per = {k: [0, 0] for k in kinds}
        for v, o in planted.items():
            k = kinds[(o // 10) % 4]
            per[k][1] += 1
            per[k][0] += any((a == v and b == o) or (a == o and b == v) or (a == v and b in originals_of_planted)
                             for a, b, *_ in rows)
        print("  joined per edit: " + ", ".join(f"{k} {a}/{b}" for k, (a, b) in per.items()))
        near = sorted(other, key=lambda r: r[2])[:3]
        for a, b, score, s, k in near:
            print(f"  cos {score:.3f}: \"{s[:90]}\"  ~  \"{k[:90]}\"")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(*sys.argv[2:])
    else:
        evaluate(sys.argv[2], sys.argv[3], [int(r) for r in sys.argv[4:]])
