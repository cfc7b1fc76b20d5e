"""The job methods' docstrings, from the jobs' parameter tables (the stub generator, _stubs.py,
writes the same text into __init__.pyi)."""
from __future__ import annotations

_JOB_SUMMARY = {
    "import": "Import a corpus (plain, Moses pair, TSV, JSONL; gzip ok) as `domainlens-cli import`.",
    "encode": "Embed sentences with a transformer encoder (resumable) as `domainlens-cli encode`.",
    "cluster": "PCA + Gaussian mixture clustering of a corpus' embeddings as `domainlens-cli cluster`.",
    "select": "Score a pool against an in-domain seed and select, as `domainlens-cli select`.",
    "filter": "Clean a corpus (near-duplicates, wrong-language lines, noisy pairs, semantic duplicates) as a stored run, as `domainlens-cli filter`.",
    "export": "Write a selection, shards or a sampled mixture as training files (`domainlens-cli export`).",
}

_RETURNS = {
    "import": "the import report (as `--json` prints it)",
    "encode": "the encode result (as `--json` prints it; {'corpora': [...]} for several corpora)",
    "cluster": "the run's summary with its id under 'run' (as `--json` prints it)",
    "select": "the run's summary with its id under 'run' (as `--json` prints it)",
    "filter": "the run's summary, id under 'run', stored params under 'params' (as `--json`)",
    "export": "the manifest (as `--json` prints it)",
}


def job_docstring(job: str, specs: list[dict]) -> str:
    lines = [_JOB_SUMMARY[job], ""]
    if job == "export":
        lines += ["run: the run to export (default: the latest selection; with by='cluster' the latest clustering).", ""]
    lines += ["Parameters (keyword only; a string is read as on the command line):"]
    for s in specs:
        lines.append(f"    {s['kwarg']} (--{s['name']}): {s['help_line']}")
    lines += [
        "    progress: callback(fraction or None, message), called on this thread; raising in it",
        "        (or Ctrl+C) cancels the job, which leaves the project as it was.",
        "",
        f"Returns {_RETURNS[job]}. Raises domainlens.UsageError naming a bad or unknown",
        "parameter, domainlens.Error (.code, .message) when the job fails.",
    ]
    return "\n".join(lines)
