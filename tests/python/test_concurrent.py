"""A project open in Python while another process writes it (as the GUI and a script at once):
SQLite WAL lets the reader read while the job writes; each run appears whole (its results and
arrays are committed with it) or not at all."""
import os
import subprocess
import sys
import time

import numpy as np

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
