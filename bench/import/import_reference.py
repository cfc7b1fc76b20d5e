#!/usr/bin/env python3
"""Python reference for the import benchmark: the same work DomainLens does on import
(read, NFC, trim, skip empty, dedupe pair/source/target, insert into SQLite in one
transaction), written the way a Python pipeline would (stdlib sqlite3 + unicodedata).
Usage: import_reference.py SRC TGT DB"""
import sqlite3
import sys
import time
import unicodedata


def main():
    src, tgt, db = sys.argv[1:4]
    t0 = time.perf_counter()
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE sentences(id INTEGER PRIMARY KEY, corpus_id INTEGER, position INTEGER, domain TEXT, src TEXT, tgt TEXT, src_tokens INTEGER, tgt_tokens INTEGER)")
    con.execute("CREATE UNIQUE INDEX s ON sentences(corpus_id, position)")
    seen_pair, seen_src, seen_tgt = set(), set(), set()
    rows = []
    pos = 0
    with open(src, encoding="utf-8") as fs, open(tgt, encoding="utf-8") as ft:
        for a, b in zip(fs, ft):
            a = unicodedata.normalize("NFC", a).strip()
            b = unicodedata.normalize("NFC", b).strip()
            if not a or not b:
                continue
            if (a, b) in seen_pair or a in seen_src or b in seen_tgt:
                continue
            seen_pair.add((a, b)); seen_src.add(a); seen_tgt.add(b)
            rows.append((1, pos, "", a, b, len(a.split()), len(b.split())))
            pos += 1
            if len(rows) >= 50000:
                con.executemany("INSERT INTO sentences(corpus_id, position, domain, src, tgt, src_tokens, tgt_tokens) VALUES(?,?,?,?,?,?,?)", rows)
                rows.clear()
    con.executemany("INSERT INTO sentences(corpus_id, position, domain, src, tgt, src_tokens, tgt_tokens) VALUES(?,?,?,?,?,?,?)", rows)
    con.commit()
    dt = time.perf_counter() - t0
    print(f"python-reference imported={pos} seconds={dt:.2f} pairs_per_s={pos/dt:.0f}")


if __name__ == "__main__":
    main()
