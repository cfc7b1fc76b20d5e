"""Projects made by others, damaged or crafted (the second crafted-input review, 2026-11-27): the
module raises domainlens.Error naming what is wrong, instead of crashing the interpreter, blocking
for ever or handing back arrays cut short."""
import os
import sqlite3
import threading

import pytest

import domainlens
from conftest import cli


def _cluster(project):
    return cli("cluster", project, "--k", 3, "--pca", 8, "--seeds", 1, "--json", "--quiet")["run"]


def _sql(project, statement, *args):
    with sqlite3.connect(project) as db:
        db.execute(statement, args)


@pytest.mark.parametrize("blob, cut, words", [
    ("labels", 3, "not a whole number of 4-byte values"),  # cut inside a value
    ("pca2d", 8, "rows where"),                            # one row fewer than the others
    ("means2d", 16, "rows where 'weights' has"),           # one component fewer than the weights
])
def test_damaged_arrays_raise(project_copy, blob, cut, words):
    run = _cluster(project_copy)
    with domainlens.open(project_copy) as p:
        assert blob in p.arrays(run)
    _sql(project_copy, "UPDATE run_blobs SET data=substr(data, 1, length(data) - ?) WHERE run_id=? AND name=?",
         cut, run, blob)
    with domainlens.open(project_copy) as p, pytest.raises(domainlens.Error, match=words) as e:
        p.arrays(run)
    assert blob in str(e.value)


def test_deeply_nested_run_params_raise(project_copy):
    run = _cluster(project_copy)
    depth = 300_000  # copying the parsed value recursed once per level: SIGSEGV before
    _sql(project_copy, "UPDATE runs SET params=? WHERE id=?", '{"x": ' + "[" * depth + "]" * depth + "}", run)
    with domainlens.open(project_copy) as p:
        for call in (p.runs, lambda: p.run(run)):
            with pytest.raises(domainlens.Error, match="nested deeper than 128 levels"):
                call()


def test_fifo_project_raises(tmp_path):
    fifo = tmp_path / "p.dlproj"
    os.mkfifo(fifo)
    outcome = []

    def opening():
        try:
            domainlens.open(fifo)
            outcome.append("opened")
        except domainlens.Error as e:
            outcome.append(str(e))

    t = threading.Thread(target=opening, daemon=True)  # a blocked open() must not hang the suite
    t.start()
    t.join(30)
    if not outcome:  # unblock the open() (a writer end) so that the thread can finish
        with open(fifo, "w"):
            pass
        pytest.fail("domainlens.open() blocked on a FIFO")
    assert "is a pipe (FIFO), not a regular file" in outcome[0]
