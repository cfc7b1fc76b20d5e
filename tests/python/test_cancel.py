"""Cancellation: Ctrl+C (KeyboardInterrupt) while a job runs, or an exception raised by the
progress callback, sets the job's CancelToken; the job rolls back its one transaction, the
project opens and says what it said before (info equals the CLI's), and the exception
propagates."""
import os
import signal
import threading
import time

import pytest

import domainlens
from conftest import DOMAINS, cli


class Stop(Exception):
    pass


def snapshot(path):
    with domainlens.open(path) as p:
        info = p.info()
    assert info == cli("info", path, "--json")
    return info


@pytest.mark.parametrize("exc", [KeyboardInterrupt, Stop])
def test_exception_in_progress_callback_cancels_cluster(project_copy, exc):
    before = snapshot(project_copy)
    calls = []

    def progress(fraction, message):
        calls.append(message)
        if len(calls) == 2:
            raise exc()

    with domainlens.open(project_copy) as p:
        with pytest.raises(exc):
            p.cluster(k=8, pca=0, seeds=30, tol=0, max_iter=300, progress=progress)  # ~40 s uncancelled
        assert len(calls) == 2  # not called again once cancelled
        assert p.runs() == []
    assert snapshot(project_copy) == before


def test_ctrl_c_cancels_a_running_job(project_copy):
    """A real SIGINT while the job runs without the GIL: PyErr_CheckSignals on the calling
    thread raises KeyboardInterrupt there and the job stops at its next poll."""
    before = snapshot(project_copy)
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with domainlens.open(project_copy) as p:
        with pytest.raises(KeyboardInterrupt):
            # about 40 s of EM here uncancelled (k = 8 on the raw vectors, no early stop)
            p.cluster(k=8, pca=0, seeds=30, tol=0, max_iter=300)
        elapsed = time.monotonic() - started
        assert p.runs() == []
    timer.join()
    assert elapsed < 5, f"the job took {elapsed:.1f} s to stop"
    assert snapshot(project_copy) == before


def test_cancelled_import_leaves_nothing(tmp_path, slice_dir):
    big = tmp_path / "big.en"  # long enough to be running at the first poll (50 ms)
    with open(big, "w", encoding="utf-8") as f:
        for i in range(300000):
            f.write(f"sentence number {i} of a corpus that takes a while to import\n")
    path = tmp_path / "p.dlproj"
    domainlens.create(path).close()
    before = snapshot(path)

    def progress(fraction, message):
        raise KeyboardInterrupt

    with domainlens.open(path) as p:
        with pytest.raises(KeyboardInterrupt):
            p.import_(src=str(big), corpus="x", progress=progress)
        assert p.corpora() == []
    assert snapshot(path) == before
    with domainlens.open(path) as p:  # and the project takes the import afterwards
        assert p.import_(src=str(slice_dir / f"{DOMAINS[0]}.en"), corpus="x")["imported"] > 0
