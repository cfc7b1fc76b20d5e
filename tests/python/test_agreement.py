"""The module and domainlens-cli give the same results on the same project: the same tables,
the same job functions (docs/python.md, "How it maps onto the CLI")."""
import numpy as np
import pytest

import domainlens
from conftest import DOMAINS, LINES, MODEL, cli


def without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


def test_info_equals_cli(cli_project):
    with domainlens.open(cli_project) as p:
        assert p.info() == cli("info", cli_project, "--json")
        corpora = p.corpora()
    assert [c["name"] for c in corpora] == ["demo"]
    assert corpora[0]["sentences"] == len(DOMAINS) * LINES
    assert corpora[0]["domains"] == {d: LINES for d in DOMAINS}


def test_import_and_encode_equal_cli(cli_project, slice_dir, tmp_path):
    path = tmp_path / "py.dlproj"
    seen = []
    with domainlens.create(path) as p:
        for d in DOMAINS:
            report = p.import_(src=str(slice_dir / f"{d}.en"), tgt=str(slice_dir / f"{d}.de"),
                               domain_from_filename=True, corpus="demo", progress=lambda f, m: seen.append((f, m)))
            assert report["imported"] == LINES
        enc = p.encode(model=str(MODEL))
        assert enc["encoded"] == len(DOMAINS) * LINES
        with domainlens.open(cli_project) as c:
            ours, theirs = p.sentences(frame=False), c.sentences(frame=False)
            for col in ("domain", "src", "tgt"):
                assert ours[col] == theirs[col]
            assert np.array_equal(ours["position"], theirs["position"])
            v, w = p.vectors(), c.vectors()
            assert v.dtype == np.float32 and v.shape == w.shape == (len(DOMAINS) * LINES, enc["dim"])
            assert np.array_equal(v, w)  # same model, same sentences, same float16 store
            assert np.array_equal(p.vectors(dtype="stored"), c.vectors(dtype="stored"))
            strip = lambda info: [without(s, "id") for s in info["embedding_sets"]]
            assert strip(p.info()) == strip(c.info())
    assert seen, "the progress callback was never called"


def test_vectors_are_the_stored_values(cli_project):
    with domainlens.open(cli_project) as p:
        stored = p.vectors(dtype="stored")
        assert stored.dtype == np.float16
        assert np.array_equal(stored.astype(np.float32), p.vectors())
        labels = p.labels()
        assert labels["domain_names"] == list(DOMAINS)
        assert np.array_equal(np.bincount(labels["domain_index"]), [LINES] * len(DOMAINS))


def test_cluster_equals_cli(project_copy):
    args = dict(k=3, pca=8, seeds=2)
    theirs = cli("cluster", project_copy, "--k", 3, "--pca", 8, "--seeds", 2, "--json", "--quiet")
    with domainlens.open(project_copy) as p:
        ours = p.cluster(**args)
        assert ours["run"] != theirs["run"]
        a, b = p.run(ours["run"]), p.run(theirs["run"])
        assert a["params"] == b["params"]
        assert without(ours, "run", "seconds") == without(theirs, "run", "seconds")
        ra, rb = p.results(ours["run"]), p.results(theirs["run"])
        for col in ("sentence_id", "label", "prob", "loglik"):
            assert np.array_equal(ra[col], rb[col], equal_nan=ra[col].dtype.kind == "f"), col
        assert len(ra["label"]) == len(DOMAINS) * LINES and set(ra["label"]) <= {0, 1, 2}
        xa, xb = p.arrays(ours["run"]), p.arrays(theirs["run"])
        assert xa.keys() == xb.keys() and xa["pca2d"].shape == (len(DOMAINS) * LINES, 2)
        assert xa["confusion"].shape == (len(DOMAINS), 3)
        for name in xa:
            assert np.array_equal(xa[name], xb[name], equal_nan=xa[name].dtype.kind == "f"), name


def test_select_filter_export_equal_cli(project_copy, tmp_path):
    theirs = cli("select", project_copy, "--method", "cosine", "--pool", "demo", "--seed", "demo:it:20",
                 "--top", 30, "--json", "--quiet")
    with domainlens.open(project_copy) as p:
        ours = p.select(method="cosine", pool="demo", seed="demo:it:20", top=30)
        assert p.run(ours["run"])["params"] == p.run(theirs["run"])["params"]
        ra, rb = p.results(ours["run"]), p.results(theirs["run"])
        for col in ("sentence_id", "label", "score"):
            assert np.array_equal(ra[col], rb[col], equal_nan=ra[col].dtype.kind == "f"), col
        assert int((ra["label"] == 1).sum()) == 30
        assert set(ra["decision"]) == {-1}

        f_theirs = cli("filter", project_copy, "--corpus", "demo", "--kind", "near-dup", "--json", "--quiet")
        f_ours = p.filter(corpus="demo", kind="near-dup")
        assert without(f_ours, "run", "seconds") == without(f_theirs, "run", "seconds")

        # The same manual decisions on both runs: drop the best-scored kept sentence, keep the
        # worst-scored dropped one (the GUI's include/exclude; export honours them).
        kept = ra["sentence_id"][ra["label"] == 1]
        dropped = ra["sentence_id"][(ra["label"] == 0) & ~np.isnan(ra["score"])]
        best = kept[np.argmax(ra["score"][ra["label"] == 1])]
        worst = dropped[np.argmin(ra["score"][(ra["label"] == 0) & ~np.isnan(ra["score"])])]
        for run in (ours["run"], theirs["run"]):
            p.set_decision(run, int(best), False)
            p.set_decision(run, int(worst), True)
            p.set_decision(run, int(kept[0]), True)
            p.set_decision(run, int(kept[0]), None)  # cleared again
        d = p.results(ours["run"])["decision"]
        ids = p.results(ours["run"])["sentence_id"]
        assert d[ids == best] == 0 and d[ids == worst] == 1 and (d == -1).sum() == len(d) - 2
        with pytest.raises(domainlens.UsageError):
            p.set_decision(f_ours["run"], int(best), True)  # a filter run takes no decisions

        m_ours = p.export(ours["run"], format="tsv", out=str(tmp_path / "py"), scores=True)
    m_theirs = cli("export", project_copy, theirs["run"], "--format", "tsv", "--out", tmp_path / "cli", "--scores",
                   "--json", "--quiet")
    lines = sum(1 for _ in open(m_ours["files"][0]["path"], encoding="utf-8"))
    assert lines == 30  # 30 selected, one dropped by hand, one added by hand
    files_ours = [f["path"] for f in m_ours["files"]]
    files_theirs = [f["path"] for f in m_theirs["files"]]
    assert len(files_ours) == len(files_theirs) > 0
    for a, b in zip(files_ours, files_theirs):
        assert open(a, "rb").read() == open(b, "rb").read()
    assert [f["sha256"] for f in m_ours["files"]] == [f["sha256"] for f in m_theirs["files"]]


def test_sentences_frame_when_pandas(cli_project):
    pandas = pytest.importorskip("pandas")  # optional: a dict of columns without it
    with domainlens.open(cli_project) as p:
        df = p.sentences()
    assert isinstance(df, pandas.DataFrame)
    assert list(df.columns) == ["id", "position", "domain", "src", "tgt"] and len(df) == len(DOMAINS) * LINES
