#!/usr/bin/env python3
"""filter --kind bitext on pairs corrupted on purpose (bench/filters/bitext.sh, RESULTS.md).

make OUT_TSV SRC_DIR SRC_LANG TGT_LANG [SEED]
    Every line-aligned pair of SRC_DIR/<domain>.<lang> is a clean pair ("<domain>/clean"); from
    each domain, 40 pairs per corruption are drawn (seeded) and corrupted:
      shuffled   the source with another pair's target of the same domain (misaligned)
      truncated  the target cut to its first third of words (at least one word)
      copy       the target replaced by the source (a wrong-language target, copied)
      digits     a pair with a digit 1-9 on both sides, every target digit changed
      repeat     half: the target's first two words repeated six times; half: the target
                 followed by its last word ten times (an MT loop)
    Written as TSV src, tgt, "<domain>/<kind>" (tabs in the text become spaces).
eval PROJECT RUN [RUN ...]
    Reads the runs' per-pair scores (run arrays) and the labels (the domain column) and prints
    per rule, at a sweep of thresholds: recall on each corruption, the false-removal rate on the
    clean pairs (worst domain), and the default set's precision/recall.
"""
import json
import random
import sqlite3
import struct
import sys
from collections import defaultdict
from pathlib import Path

KINDS = ["shuffled", "truncated", "copy", "digits", "repeat"]
PER_KIND = 40


def make(out, src_dir, sl, tl, seed=1):
    rng = random.Random(int(seed))
    rows = []
    for s_path in sorted(Path(src_dir).glob(f"*.{sl}")):
        dom = s_path.stem
        t_path = s_path.with_suffix("." + tl)
        if not t_path.exists():
            continue
        clean = lambda x: x.rstrip("\n").replace("\t", " ")
        src = [clean(x) for x in s_path.open(encoding="utf-8")]
        tgt = [clean(x) for x in t_path.open(encoding="utf-8")]
        n = min(len(src), len(tgt))
        for i in range(n):
            rows.append((src[i], tgt[i], f"{dom}/clean"))
        nonempty = [i for i in range(n) if src[i].strip() and tgt[i].strip()]
        for kind in KINDS:
            pool = nonempty
            if kind == "digits":
                pool = [i for i in nonempty if any(c in "123456789" for c in src[i]) and
                        any(c in "123456789" for c in tgt[i])]
            if kind == "truncated":
                pool = [i for i in nonempty if len(tgt[i].split()) >= 3]
            picks = rng.sample(pool, min(PER_KIND, len(pool)))
            for k, i in enumerate(picks):
                s, t = src[i], tgt[i]
                if kind == "shuffled":
                    j = rng.choice([x for x in nonempty if x != i])
                    t = tgt[j]
                elif kind == "truncated":
                    w = t.split()
                    t = " ".join(w[: max(1, len(w) // 3)])
                elif kind == "copy":
                    t = s
                elif kind == "digits":
                    t = "".join(rng.choice([d for d in "123456789" if d != c]) if c in "123456789" else c for c in t)
                elif kind == "repeat":
                    w = t.split()
                    t = " ".join(w[:2] * 6) if k % 2 == 0 else " ".join(w + [w[-1]] * 10)
                rows.append((s, t, f"{dom}/{kind}"))
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write("\t".join(r) + "\n")


RULES = [  # rule, blob, direction, sweep
    ("bitext:length", "bitext_words", "max", [50, 80, 100, 150, 200, 250]),
    ("bitext:length-ratio-chars", "bitext_char_ratio", "max", [1.5, 2, 2.5, 3, 4, 5]),
    ("bitext:length-ratio-tokens", "bitext_token_ratio", "max", [1.5, 2, 2.5, 3, 4, 5]),
    ("bitext:alpha", "bitext_alpha", "min", [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75]),
    ("bitext:repetition", "bitext_repeat", "max", [0.3, 0.4, 0.5, 0.6, 0.7]),
    ("bitext:copy", "bitext_copy", "max", [0.5, 0.6, 0.7, 0.8, 0.9, 1.0]),
    ("bitext:numerals", "bitext_numerals", "min", [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
    # Only in runs with --margin-min (both sides encoded; bench/filters/margin.sh).
    ("bitext:margin", "bitext_margin", "min", [0.85, 0.9, 0.92, 0.93, 0.94, 0.95, 0.96, 0.98, 1.0, 1.05]),
]


def floats(blob):
    return struct.unpack(f"<{len(blob) // 4}f", blob)


def load(db, run):
    blob = db.execute("SELECT data FROM run_blobs WHERE run_id=? AND name='sentence_ids'", (run,)).fetchone()[0]
    ids = struct.unpack(f"<{len(blob) // 8}q", blob)
    labels = dict(db.execute("SELECT s.id, s.domain FROM sentences s JOIN runs r ON r.corpus_id = s.corpus_id "
                             "WHERE r.id = ?", (run,)))
    scores = {}
    for _, name, _, _ in RULES:
        b = db.execute("SELECT data FROM run_blobs WHERE run_id=? AND name=?", (run, name)).fetchone()
        if b is not None:
            scores[name] = floats(b[0])
    params = json.loads(db.execute("SELECT params FROM runs WHERE id=?", (run,)).fetchone()[0])
    summary = json.loads(db.execute("SELECT summary FROM runs WHERE id=?", (run,)).fetchone()[0])
    corpus = summary["corpus"]
    return [(labels[i], {k: v[n] for k, v in scores.items()}) for n, i in enumerate(ids)], params, summary, corpus


def fails(direction, score, t, rule):
    if rule == "bitext:copy":
        return score >= t
    return score > t if direction == "max" else score < t


def evaluate(project, runs):
    db = sqlite3.connect(project)
    for run in runs:
        rows, params, summary, corpus = load(db, int(run))
        kinds = sorted({lab.split("/")[1] for lab, _ in rows} - {"clean"})
        doms = sorted({lab.split("/")[0] for lab, _ in rows})
        print(f"\n## corpus {corpus} (run {run}): {len(rows)} pairs, "
              f"{sum(1 for l, _ in rows if l.endswith('/clean'))} clean; {summary['seconds']:.2f} s, "
              f"{len(rows) / summary['seconds']:.0f} pairs/s (whole run: read, score, store)")
        print("\nper rule and threshold: recall on each corruption; clean pairs removed (all, worst domain)")
        print("| rule | threshold | " + " | ".join(kinds) + " | clean removed | worst domain |")
        print("|---|---|" + "---|" * len(kinds) + "---|---|")
        present = [r for r in RULES if r[1] in rows[0][1]]
        for rule, blob, direction, sweep in present:
            for t in sweep:
                rec = []
                for k in kinds:
                    sel = [s[blob] for l, s in rows if l.endswith("/" + k)]
                    rec.append(sum(fails(direction, x, t, rule) for x in sel) / max(1, len(sel)))
                per_dom = {}
                for d in doms:
                    sel = [s[blob] for l, s in rows if l == d + "/clean"]
                    per_dom[d] = sum(fails(direction, x, t, rule) for x in sel) / max(1, len(sel))
                allc = [s[blob] for l, s in rows if l.endswith("/clean")]
                fr = sum(fails(direction, x, t, rule) for x in allc) / max(1, len(allc))
                wd = max(per_dom, key=per_dom.get)
                print(f"| {rule} | {t} | " + " | ".join(f"{r:.2f}" for r in rec) +
                      f" | {100 * fr:.2f}% | {wd} {100 * per_dom[wd]:.2f}% |")
        # Each rule alone at the run's threshold: its failures, the corrupted share of them
        # (precision) and the share of all corrupted pairs it catches (recall).
        param_of = {"bitext:length": "max_words", "bitext:length-ratio-chars": "max_char_ratio",
                    "bitext:length-ratio-tokens": "max_token_ratio", "bitext:alpha": "min_alpha",
                    "bitext:repetition": "max_repeat", "bitext:copy": "max_copy",
                    "bitext:numerals": "min_numerals", "bitext:margin": "min_margin"}
        print("\neach rule alone at the run's threshold:")
        print("| rule | threshold | failed | corrupted among them (precision) | recall of all corrupted |")
        print("|---|---|---|---|---|")
        ncorrupt = sum(1 for l, _ in rows if not l.endswith("/clean"))
        for rule, blob, direction, _ in present:
            t = params[param_of[rule]]
            f = [l for l, sc in rows if fails(direction, sc[blob], t, rule)]
            bad = sum(1 for l in f if not l.endswith("/clean"))
            print(f"| {rule} | {t} | {len(f)} | {bad} ({bad / max(1, len(f)):.3f}) | {bad / max(1, ncorrupt):.3f} |")
        # The run's own decisions (its parameters): what it removed, per label.
        removed = {r[0] for r in db.execute("SELECT sentence_id FROM run_results WHERE run_id=?", (run,))}
        blob = db.execute("SELECT data FROM run_blobs WHERE run_id=? AND name='sentence_ids'", (run,)).fetchone()[0]
        ids = struct.unpack(f"<{len(blob) // 8}q", blob)
        tally = defaultdict(lambda: [0, 0])
        for n, i in enumerate(ids):
            lab = rows[n][0]
            tally[lab][0] += 1
            tally[lab][1] += i in removed
        bad = sum(v[1] for k, v in tally.items() if not k.endswith("/clean"))
        allrem = sum(v[1] for v in tally.values())
        corrupt = sum(v[0] for k, v in tally.items() if not k.endswith("/clean"))
        print(f"\nthe run's own set ({', '.join(f'{k}={v}' for k, v in params.items() if k not in ('corpus', 'kind', 'threshold', 'shingle', 'permutations', 'bands', 'sides', 'keep', 'seed', 'lang_src', 'lang_tgt', 'min_prob'))}):")
        print(f"precision {bad / max(1, allrem):.3f} (removed {allrem}, corrupted among them {bad}), "
              f"recall {bad / max(1, corrupt):.3f}")
        print("| domain | clean removed | " + " | ".join(f"{k} caught" for k in kinds) + " |")
        print("|---|---|" + "---|" * len(kinds))
        for d in doms:
            c = tally[d + "/clean"]
            print(f"| {d} | {c[1]}/{c[0]} ({100 * c[1] / max(1, c[0]):.2f}%) | " +
                  " | ".join(f"{tally[d + '/' + k][1]}/{tally[d + '/' + k][0]}" for k in kinds) + " |")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(*sys.argv[2:])
    else:
        evaluate(sys.argv[2], sys.argv[3:])
