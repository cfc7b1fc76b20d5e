"""Keyword arguments are the jobs' table parameters: checked by the same specs as the CLI's
options; an unknown or bad one raises domainlens.UsageError naming it; core errors carry their
code and message."""
import re
import subprocess

import pytest

import domainlens
from conftest import CLI


@pytest.mark.parametrize("job", domainlens.JOBS)
def test_specs_are_the_cli_options(job):
    """Every parameter of the module's job is an option of `domainlens-cli JOB --help`, with the
    same help line (the table is the one declaration)."""
    help_text = " ".join(subprocess.run([str(CLI), job, "--help"], capture_output=True, text=True).stdout.split())
    specs = domainlens.param_specs(job)
    assert specs
    for s in specs:
        # Qt prints a one-letter option with one dash (-k <K>)
        assert re.search(rf"(^| )--?{re.escape(s['name'])}\b", help_text), s["name"]
        assert " ".join(s["help_line"].split()) in help_text, s["name"]
        assert s["kwarg"] == s["name"].replace("-", "_") + ("_" if s["name"] in ("from",) else "")


@pytest.mark.parametrize(
    "kwargs, named",
    [
        (dict(k=3, no_such_option=1), "no_such_option"),
        (dict(k=0), "k"),  # below the table's range (1 to 10000)
        (dict(k="many"), "k"),  # text is read as the command line reads it
        (dict(k=2.5), "k"),  # an int parameter takes no float
        (dict(cov="round"), "cov"),  # not one of the choices
        (dict(l2="yes please"), "l2"),
        (dict(pca=1), "pca"),  # the job's rule across fields (validateClusterParams): PCA 1 is refused
    ],
)
def test_bad_cluster_parameters_raise_usage_error(cli_project, kwargs, named):
    before = len(domainlens.open(cli_project).runs())
    with domainlens.open(cli_project) as p:
        with pytest.raises(domainlens.UsageError) as e:
            p.cluster(**kwargs)
        assert named in str(e.value)
        assert isinstance(e.value, ValueError) and isinstance(e.value, domainlens.Error)
        assert e.value.kind == "usage" and e.value.message == str(e.value)
        assert len(p.runs()) == before


def test_filter_option_of_another_kind_raises_usage_error(project_copy):
    with domainlens.open(project_copy) as p:
        before = len(p.runs())
        with pytest.raises(domainlens.UsageError, match="--eps belongs to --kind semantic-dup, not --kind near-dup"):
            p.filter(corpus="demo", kind="near-dup", eps=0.1)
        with pytest.raises(domainlens.UsageError, match="--margin-min belongs to --kind bitext"):
            p.filter(corpus="demo", kind="langid", margin_min=1.0)
        assert len(p.runs()) == before


def test_required_parameter(tmp_path):
    with domainlens.create(tmp_path / "p.dlproj") as p:
        with pytest.raises(domainlens.UsageError, match="src"):
            p.import_(corpus="x")


def test_strings_read_as_on_the_command_line(project_copy):
    with domainlens.open(project_copy) as p:
        a = p.cluster(k="3", pca="8", seeds="1", cov="diag", l2=True)
        b = p.cluster(k=3, pca=8, seeds=1, cov="diag", l2=True)
        assert a["run"] != b["run"]
        assert p.run(a["run"])["params"] == p.run(b["run"])["params"]
        assert p.run(a["run"])["params"]["k"] == 3


def test_core_errors_carry_code_and_message(tmp_path, cli_project):
    with pytest.raises(domainlens.Error) as e:
        domainlens.open(tmp_path / "missing.dlproj")
    assert e.value.code == "ProjectMissing" and "missing.dlproj" in e.value.message
    with domainlens.open(cli_project) as p:
        with pytest.raises(domainlens.Error) as e:
            p.sentences("no-such-corpus")
        assert e.value.code == "UnknownCorpus" and "demo" in e.value.message
        with pytest.raises(domainlens.Error) as e:
            p.run(999)
        assert e.value.code == "UnknownRun"
    with domainlens.open(cli_project) as p:
        with pytest.raises(domainlens.Error) as e:
            p.export(999, format="tsv", out=str(tmp_path / "x"))
        assert e.value.code == "UnknownRun" and e.value.kind == "failed"


def test_export_tags_take_a_string_or_a_list(project_copy, tmp_path):
    """export's tag and exclude_tag repeat on the command line; here a list (or one string) gives
    the same values, listed in the manifest with their counts; a bad item is a UsageError."""
    with domainlens.open(project_copy) as p:
        common = dict(shards=True, corpus="demo", format="tsv", force=True)
        listed = p.export(out=str(tmp_path / "a"), exclude_tag=["x", "y"], **common)
        single = p.export(out=str(tmp_path / "b"), exclude_tag="x", **common)
    # (p.export returns the manifest)
    assert [t["tag"] for t in listed["tags"]["exclude"]] == ["x", "y"]
    assert [t["sentences"] for t in listed["tags"]["exclude"]] == [0, 0]
    assert [t["tag"] for t in single["tags"]["exclude"]] == ["x"]
    assert listed["written"] == single["written"] == listed["corpus"]["sentences"]
    with domainlens.open(project_copy) as p:
        with pytest.raises(domainlens.UsageError, match="carries the tag 'nobody'"):
            p.export(out=str(tmp_path / "c"), tag=["nobody"], **common)
        with pytest.raises(domainlens.UsageError, match="tag"):
            p.export(out=str(tmp_path / "d"), tag=["ok", 3], **common)
        with pytest.raises(domainlens.UsageError, match="control character"):
            p.export(out=str(tmp_path / "e"), exclude_tag=["a\tb"], **common)
