"""Fixtures of the Python module's suite: the CLI and the data the C++ suites use (the tiny BERT
of tests/data/models, a slice of ../shared/data), found through the environment ctest sets
(tests/python/CMakeLists.txt) or from the checkout's layout."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("DOMAINLENS_SOURCE_DIR", Path(__file__).resolve().parents[2]))
CLI = Path(os.environ.get("DOMAINLENS_CLI", SOURCE / "build" / "app" / "domainlens-cli"))
TEST_DATA = Path(os.environ.get("DOMAINLENS_TEST_DATA", SOURCE / "tests" / "data"))
SHARED = Path(os.environ.get("DOMAINLENS_SHARED_DATA", SOURCE.parent / "shared" / "data"))
MODEL = TEST_DATA / "models" / "bert-tiny"
CORPUS = SHARED / "llm-dom-ad-deen-test"
DOMAINS = ("it", "law", "medical")
LINES = 40


def cli(*args, check=True):
    """domainlens-cli with `args`; parsed JSON when --json is among them."""
    r = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True)
    if check and r.returncode != 0:
        raise AssertionError(f"domainlens-cli {' '.join(map(str, args))} exited {r.returncode}: {r.stderr}")
    return json.loads(r.stdout) if check and "--json" in args else r


@pytest.fixture(scope="session")
def slice_dir(tmp_path_factory):
    """The first LINES pairs of three domains of the shared test set, as <domain>.<lang> files."""
    if not CORPUS.is_dir():
        pytest.skip(f"{CORPUS} is not there (../shared/data)")
    out = tmp_path_factory.mktemp("slice")
    for d in DOMAINS:
        for lang in ("en", "de"):
            with open(CORPUS / f"{d}.{lang}", encoding="utf-8") as f:
                lines = [next(f) for _ in range(LINES)]
            (out / f"{d}.{lang}").write_text("".join(lines), encoding="utf-8")
    return out


def build_with_cli(path: Path, slice_dir: Path) -> Path:
    cli("init", path)
    for d in DOMAINS:
        cli("import", path, "--src", slice_dir / f"{d}.en", "--tgt", slice_dir / f"{d}.de",
            "--domain-from-filename", "--corpus", "demo", "--quiet")
    cli("encode", path, "--model", MODEL, "--quiet")
    return path


@pytest.fixture(scope="session")
def cli_project(tmp_path_factory, slice_dir):
    """A project imported and encoded by the CLI (never written by the tests that share it)."""
    return build_with_cli(tmp_path_factory.mktemp("cli") / "p.dlproj", slice_dir)


@pytest.fixture
def project_copy(cli_project, tmp_path):
    """A private copy of the CLI's project, for tests that write."""
    dst = tmp_path / "copy.dlproj"
    shutil.copy(cli_project, dst)
    return dst
