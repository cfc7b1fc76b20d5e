#!/usr/bin/env python3
"""Compares two DomainLens projects for the cluster tests (plain sqlite3, no numpy).
  compare_projects.py vectors A B     the latest embedding set of each: same rows, values within
                                      one float16 step (encoding batches differ between shards)
  compare_projects.py labels A B [RUN_A RUN_B]
                                      labels of the latest (or given) run of each, by sentence id: equal
"""
import sqlite3
import struct
import sys
import urllib.parse


def connect(path):
    # A URI: the path percent-encoded (the e2e's folder holds a space, '#' and '%').
    return sqlite3.connect("file:" + urllib.parse.quote(path) + "?mode=ro", uri=True)


def vectors(path):
    db = connect(path)
    set_id, dim, storage = db.execute(
        "SELECT id, dim, storage FROM embedding_sets ORDER BY id DESC LIMIT 1").fetchone()
    fmt = "e" if storage == "f16" else "f"
    values = []
    for rows, data in db.execute("SELECT rows, data FROM embedding_chunks WHERE set_id = ? "
                                 "ORDER BY corpus_id, first_position", (set_id,)):
        values.extend(struct.unpack(f"<{rows * dim}{fmt}", data[: rows * dim * struct.calcsize(fmt)]))
    return dim, values


def labels(path, run=None):
    db = connect(path)
    if run is None:
        run = db.execute("SELECT max(run_id) FROM run_results").fetchone()[0]
    return dict(db.execute("SELECT sentence_id, label FROM run_results WHERE run_id = ?", (run,)))


def main():
    what, a, b = sys.argv[1:4]
    if what == "vectors":
        (da, va), (db_, vb) = vectors(a), vectors(b)
        if da != db_ or len(va) != len(vb) or not va:
            sys.exit(f"vectors differ in shape: {len(va) // da} x {da} vs {len(vb) // db_} x {db_}")
        worst = max(abs(x - y) / max(1.0, abs(x)) for x, y in zip(va, vb))
        print(f"{len(va) // da} vectors x {da}: largest difference {worst:.3g}")
        if worst > 2e-3:  # one float16 step at |x| < 2 is <= 1e-3
            sys.exit("vectors differ by more than one float16 step")
    elif what == "labels":
        runs = [r or None for r in sys.argv[4:6]] if len(sys.argv) >= 6 else [None, None]
        la, lb = labels(a, runs[0]), labels(b, runs[1])
        if la != lb:
            diff = sum(1 for k in la if la.get(k) != lb.get(k))
            sys.exit(f"labels differ: {len(la)} vs {len(lb)} sentences, {diff} different")
        if not la:
            sys.exit("no labels found")
        print(f"{len(la)} labels equal")
    else:
        sys.exit(f"unknown comparison {what}")


if __name__ == "__main__":
    main()
