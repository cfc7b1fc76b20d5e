#!/usr/bin/env python3
"""Writes project_v1.dlproj: a schema-1 DomainLens project, the fixture for the migration test.

It applies the schema-1 SQL exactly as core/store/Schema.cpp had it at schema version 1
(taken from git: `git show <commit>:core/store/Schema.cpp`), with the pragmas Store::create sets,
then a little content of every kind (corpus, sentences, embedding set + chunk, a run with
results, a blob and an override) so a migration test can check that nothing is lost.
Run once; the .dlproj is committed and must never be regenerated from a newer schema.
"""
import re, sqlite3, struct, subprocess, sys, os

commit = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
src = subprocess.check_output(["git", "show", f"{commit}:core/store/Schema.cpp"], text=True)
steps = re.findall(r'R"sql\((.*?)\)sql"', src, re.S)
assert len(steps) == 1, f"expected the schema-1 source, found {len(steps)} steps"
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "project_v1.dlproj")
if os.path.exists(out):
    os.remove(out)
db = sqlite3.connect(out, isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA foreign_keys=ON")
db.execute(f"PRAGMA application_id={0x444c6e73}")
db.executescript(steps[0])
db.execute("PRAGMA user_version=1")
db.execute("INSERT INTO corpora(id,name,src_lang,tgt_lang,parallel) VALUES(1,'train','en','de',1)")
db.execute("INSERT INTO imports(corpus_id,report) VALUES(1,'{\"read\":3}')")
rows = [("medical", "The patient was given 5 mg.", "Der Patient erhielt 5 mg."),
        ("law", "The Council adopted the regulation.", "Der Rat nahm die Verordnung an."),
        ("it", "Click Save to keep the file.", "Klicken Sie auf Speichern.")]
for i, (dom, s, t) in enumerate(rows):
    db.execute("INSERT INTO sentences(id,corpus_id,position,domain,src,tgt,src_tokens,tgt_tokens) VALUES(?,?,?,?,?,?,?,?)",
               (i + 1, 1, i, dom, s, t, len(s.split()), len(t.split())))
db.execute("INSERT INTO embedding_sets(id,model,layer,pooling,side,normalized,dim,storage) "
           "VALUES(1,'all-MiniLM-L6-v2',-1,'mean','src',1,4,'f32')")
vecs = struct.pack("<12f", *[0.5, 0.5, 0.5, 0.5, 1, 0, 0, 0, 0, 1, 0, 0])
db.execute("INSERT INTO embedding_chunks(set_id,corpus_id,first_position,rows,data) VALUES(1,1,0,3,?)", (vecs,))
db.execute("INSERT INTO runs(id,kind,corpus_id,embedding_set_id,params,summary) VALUES(1,'select',1,1,?,?)",
           ('{"method":"cosine","top":2}', '{"selected":2}'))
for sid, score in [(1, 0.9), (2, 0.2), (3, 0.7)]:
    db.execute("INSERT INTO run_results(run_id,sentence_id,label,score) VALUES(1,?,NULL,?)", (sid, score))
db.execute("INSERT INTO run_blobs(run_id,name,data) VALUES(1,'centroid',?)", (struct.pack("<4f", 1, 0, 0, 0),))
db.execute("INSERT INTO overrides(run_id,sentence_id,included) VALUES(1,2,1)")
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.execute("PRAGMA journal_mode=DELETE")  # a committed file without a -wal sidecar; Store sets WAL again on open
db.close()
print(out)
