"""A project open in Python while another process writes it (as the GUI and a script at once):
SQLite WAL lets the reader read while the job writes; each run appears whole (its results and
arrays are committed with it) or not at all."""
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import domainlens
from conftest import DOMAINS, LINES

WRITER = """
import sys, domainlens
p = domainlens.open(sys.argv[1])
for i in range(int(sys.argv[2])):
    p.cluster(k=3, pca=8, seeds=4, seed=i + 1, cov="diag")
    print("done", i, flush=True)
"""


def test_reader_while_another_process_writes(project_copy):
    runs = 4
    reader = domainlens.open(project_copy)
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(project_copy), str(runs)], env=os.environ,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reads, seen = 0, set()
    deadline = time.monotonic() + 300
    while writer.poll() is None and time.monotonic() < deadline:
        for r in reader.runs("cluster"):
            res = reader.results(r["id"])
            assert len(res["label"]) == len(DOMAINS) * LINES
            assert set(np.unique(res["label"])) <= {0, 1, 2}
            arrays = reader.arrays(r["id"])
            by_position = np.searchsorted(res["sentence_id"], arrays["sentence_ids"])
            assert np.array_equal(arrays["labels"], res["label"][by_position])  # blobs and results of one commit
            seen.add(r["id"])
        assert len(reader.sentences(frame=False)["src"]) == len(DOMAINS) * LINES
        reads += 1
    out, err = writer.communicate(timeout=60)
    assert writer.returncode == 0, err
    assert out.count("done") == runs
    assert reads > 1
    assert len(reader.runs("cluster")) == runs  # the reader sees every commit
    assert 0 < len(seen) <= runs  # and saw runs appear while the writer worked
    reader.close()


def test_copy_to_while_a_write_transaction_is_open(project_copy, tmp_path):
    """Project.copy_to (domainlens-cli copy): the committed rows, WAL pages included, and not
    another connection's open transaction; the copy passes integrity_check."""
    import sqlite3
    writer = sqlite3.connect(project_copy, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("BEGIN IMMEDIATE")
    writer.executemany("INSERT INTO corpora(name) VALUES(?)", [(f"committed {i}",) for i in range(500)])
    writer.execute("COMMIT")
    assert os.path.getsize(str(project_copy) + "-wal") > 0
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO corpora(name) VALUES('uncommitted')")
    seen = []
    project = domainlens.open(project_copy)
    out = project.copy_to(tmp_path / "saved-copy.dlproj", progress=lambda f, m: seen.append(m))
    writer.execute("ROLLBACK")
    writer.close()
    assert out["integrity_check"] == "ok" and len(out["sha256"]) == 64 and not out["replaced"]
    copy = sqlite3.connect(tmp_path / "saved-copy.dlproj")
    assert copy.execute("SELECT count(*) FROM corpora WHERE name LIKE 'committed %'").fetchone()[0] == 500
    assert copy.execute("SELECT count(*) FROM corpora WHERE name = 'uncommitted'").fetchone()[0] == 0
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    copy.close()
    assert domainlens.open(tmp_path / "saved-copy.dlproj").info()["sentences"] == project.info()["sentences"]
    with pytest.raises(domainlens.Error):  # the copy exists: force replaces it
        project.copy_to(tmp_path / "saved-copy.dlproj")
    assert project.copy_to(tmp_path / "saved-copy.dlproj", force=True)["replaced"]
