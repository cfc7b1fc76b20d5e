"""The committed stub (python/domainlens/__init__.pyi) is what the generator writes from the
parameter tables; the job methods' docstrings come from the same tables."""

import domainlens
from domainlens import _stubs
from conftest import SOURCE


def test_committed_stub_matches_the_tables():
    committed = (SOURCE / "python" / "domainlens" / "__init__.pyi").read_text(encoding="utf-8")
    assert committed == _stubs.generate(), "run: python3 -m domainlens._stubs --write python/domainlens/__init__.pyi"


def test_docstrings_list_every_parameter():
    for job in domainlens.JOBS:
        method = getattr(domainlens.Project, "import_" if job == "import" else job)
        for spec in domainlens.param_specs(job):
            assert f"{spec['kwarg']} (--{spec['name']}): {spec['help_line']}" in method.__doc__


def test_doubly_bound_option_names_each_default():
    """select's classifiers is bound in the finetune-head table (default 1) and the cross-lingual
    one (default 5): the docstring and the spec's default text name both, by method."""
    spec = next(s for s in domainlens.param_specs("select") if s["name"] == "classifiers")
    assert spec["default_text"] == "1 for finetune-head, 5 for cross-lingual"
    assert "(default 1 for finetune-head, 5 for cross-lingual; 1 to 100)" in domainlens.Project.select.__doc__


def test_demo_notebook_is_valid():
    """docs/python-demo.ipynb: nbformat 4 JSON whose code cells compile and call only the API."""
    import json

    nb = json.loads((SOURCE / "docs" / "python-demo.ipynb").read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4 and nb["cells"]
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    for i, c in enumerate(code):
        compile("".join(c["source"]), f"cell {i}", "exec")
    text = "".join("".join(c["source"]) for c in code)
    for call in ("domainlens.create", ".import_(", ".encode(", ".cluster(", ".select(", ".export("):
        assert call in text, call
