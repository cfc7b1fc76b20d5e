"""DomainLens from Python: open a project, read its corpora, vectors and runs as numpy arrays
(or pandas frames when pandas is installed), and run its jobs with the parameters the CLI and the
GUI take (docs/python.md).

    import domainlens
    with domainlens.open("corpus.dlproj") as p:
        p.cluster(k=5, pca=50, seeds=3, progress=lambda f, m: print(m, f))
        r = p.results(p.runs("cluster")[-1]["id"])

The parameters of every job come from the one declaration of each job (core/*/*ParamsTable.cpp):
a keyword argument is the command-line option with dashes as underscores (``--pca-fit-rows N``
is ``pca_fit_rows=N``; ``--from`` is ``from_``), checked by the same specs, then the same job
function runs. Ctrl+C (KeyboardInterrupt) or an exception raised by the progress callback
cancels the job: it rolls back, the project is as it was, and the exception propagates.
"""
from __future__ import annotations

import os as _os
from typing import Any, Callable, Optional

from . import _core
from ._core import CancelledError, Error, UsageError

__all__ = ["open", "create", "Project", "Error", "UsageError", "CancelledError", "param_specs", "JOBS"]

#: The jobs a Project runs, by their CLI command names.
JOBS = ("import", "encode", "cluster", "select", "filter", "export")

Progress = Optional[Callable[[Optional[float], str], Any]]


def param_specs(job: str) -> list[dict]:
    """The parameter declarations of `job` (one of JOBS): name, kwarg, kind, default, min, max,
    choices, help, required, repeatable, stored_at; the tables `domainlens-cli JOB --help` prints."""
    return _core.param_specs(job)


def _frame(columns: dict, frame: Optional[bool]):
    if frame is False:
        return columns
    try:
        import pandas
    except ImportError:
        if frame:
            raise
        return columns
    return pandas.DataFrame(columns)


class Project:
    """A DomainLens project file. Reads go through a read-only connection (many readers may
    hold a project while one job writes it: SQLite WAL); each job opens its own read-write
    connection for as long as it runs."""

    def __init__(self, path: str | _os.PathLike):
        self._p = _core.Project(_os.fspath(path))

    @property
    def path(self) -> str:
        return self._p.path

    def close(self) -> None:
        self._p.close()

    def __enter__(self) -> "Project":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"domainlens.Project({self.path!r})"

    # ---- reading ----
    def info(self) -> dict:
        """What `domainlens-cli info PROJECT --json` prints."""
        return self._p.info()

    def copy_to(self, path: str | _os.PathLike, *, force: bool = False, progress: Progress = None) -> dict:
        """A consistent copy of the project at `path`, also while it is open or being written
        (`domainlens-cli copy`: SQLite's online backup, integrity_check before the copy is moved
        into place). Copy projects with this, not with a file copy. `force` replaces an existing
        file. Returns what `copy --json` prints."""
        return self._p.copy_to(_os.fspath(path), force, progress)

    def corpora(self) -> list[dict]:
        """The corpora: id, name, src_lang, tgt_lang, sentences, parallel, domains {name: count}."""
        return self._p.corpora()

    def embedding_sets(self) -> list[dict]:
        """The embedding sets: id, model, layer, pooling, side, normalized, dim, storage, ..."""
        return self._p.embedding_sets()

    def runs(self, kind: Optional[str] = None) -> list[dict]:
        """The runs (optionally of one kind: cluster, cluster-sweep, layer-sweep, select, assign,
        merge, filter): id, kind, corpus_id, embedding_set_id, created, params, summary."""
        return self._p.runs(kind)

    def run(self, id: int) -> dict:
        return self._p.run(id)

    def sentences(self, corpus: str = "", frame: Optional[bool] = None):
        """The sentences of a corpus in position order: id, position, domain, src, tgt. A pandas
        DataFrame when pandas is importable (frame=False: a dict of columns)."""
        return _frame(self._p.sentences(corpus), frame)

    def labels(self, corpus: str = "") -> dict:
        """sentence_id (int64), domain_index (int32, -1 unlabelled) and domain_names."""
        return self._p.labels(corpus)

    def vectors(self, corpus: str = "", embedding_set: Optional[int] = None, dtype: str = "float32"):
        """The vectors of a corpus as a (rows, dim) numpy array, rows in position order; the
        latest complete set unless `embedding_set` is given. dtype "float32" hands the store's
        decoded matrix to numpy without a copy; "stored" gives the stored values (float16 or
        float32), copied once from the project."""
        return self._p.vectors(corpus, embedding_set, dtype)

    def results(self, run: int, frame: Optional[bool] = False):
        """Per-sentence results of a run as numpy arrays by sentence id: label (cluster or
        selected), score, prob, loglik, decision (manual override: 1, 0, -1 none); frame=True
        gives a pandas DataFrame."""
        return _frame(self._p.results(run), frame)

    def arrays(self, run: int) -> dict:
        """The numeric arrays stored with a run, shaped (pca2d, means2d, covs2d, weights,
        confusion, labels, maxprob, responsibilities, ...): only those the run has."""
        return self._p.arrays(run)

    def set_decision(self, run: int, sentence_id: int, included: Optional[bool]) -> None:
        """A manual decision on a selection run's sentence, as the GUI's include/exclude: True
        keeps it, False drops it, None clears the decision. `export` honours decisions."""
        self._p.set_decision(run, sentence_id, included)

    # ---- jobs (docstrings filled in from the parameter tables below) ----
    def import_(self, *, progress: Progress = None, **params) -> dict:
        return self._p.run_import(progress, **params)

    def encode(self, *, progress: Progress = None, **params) -> dict:
        return self._p.run_encode(progress, **params)

    def cluster(self, *, progress: Progress = None, **params) -> dict:
        return self._p.run_cluster(progress, **params)

    def select(self, *, progress: Progress = None, **params) -> dict:
        return self._p.run_select(progress, **params)

    def filter(self, *, progress: Progress = None, **params) -> dict:
        return self._p.run_filter(progress, **params)

    def export(self, run: Optional[int] = None, *, progress: Progress = None, **params) -> dict:
        return self._p.run_export(progress, run=run, **params)

    def run_job(self, job: str, *, progress: Progress = None, **params) -> dict:
        """Runs the job named as on the command line (import, encode, ...)."""
        if job not in JOBS:
            raise UsageError(f"unknown job '{job}' ({', '.join(JOBS)})")
        return getattr(self, "import_" if job == "import" else job)(progress=progress, **params)


def open(path: str | _os.PathLike) -> Project:  # noqa: A001 - the module's verb, as domainlens.open
    """Opens an existing project (read-only; jobs open their own writer)."""
    return Project(path)


def create(path: str | _os.PathLike) -> Project:
    """Creates a new, empty project (as `domainlens-cli init`) and opens it."""
    _core.Project.create(_os.fspath(path))
    return Project(path)


def _job_doc(job: str) -> str:
    from ._docs import job_docstring

    return job_docstring(job, param_specs(job))


for _job in JOBS:
    getattr(Project, "import_" if _job == "import" else _job).__doc__ = _job_doc(_job)
del _job
