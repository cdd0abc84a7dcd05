"""The notebook example (examples/tour.ipynb) runs top to bottom, and the docstring examples
of the Python modules hold."""

import doctest
import json
import os
import pathlib

import pytest

import onag
import onag.coins
import onag.games
import onag.wythoff
import onag._errors
import onag._heaps
import onag._render
import onag.plot

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_tour_notebook_runs_top_to_bottom():
    nb = json.loads((ROOT / "examples" / "tour.ipynb").read_text())
    assert nb["nbformat"] == 4
    try:
        import matplotlib

        matplotlib.use("Agg")  # the plot cell draws off screen here
    except ImportError:
        pass
    namespace = {}
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(cells) >= 6
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        exec(compile(source, f"tour.ipynb cell {i}", "exec"), namespace)
    assert namespace["checks"] == "all good"


def _notebook_tools():
    """nbclient and nbformat with a Python kernel, or a skip naming what is missing (a failure
    where ONAG_REQUIRE_NOTEBOOK=1, as in scripts/test)."""
    try:
        import ipykernel  # noqa: F401
        import nbclient
        import nbformat
    except ImportError as e:
        if os.environ.get("ONAG_REQUIRE_NOTEBOOK") == "1":
            raise
        pytest.skip(f"the notebook runs in a kernel only with nbclient, nbformat and ipykernel "
                    f"(pip install 'onag[test]'): {e}")
    return nbclient, nbformat


def test_tour_notebook_runs_in_a_kernel():
    nbclient, nbformat = _notebook_tools()
    nb = nbformat.read(str(ROOT / "examples" / "tour.ipynb"), as_version=4)
    # Run where the repository is, as a reader who opened the notebook would.
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "examples")}}).execute()
    outputs = {c["id"]: c.get("outputs", []) for c in nb.cells if c.cell_type == "code"}
    errors = [o for out in outputs.values() for o in out if o.get("output_type") == "error"]
    assert not errors
    # The cells ending in a game or a report display as HTML; the last says all is well.
    shown = [o["data"] for o in outputs["domineering-value"] if "data" in o]
    assert shown and "text/html" in shown[-1] and "<svg" in shown[-1]["text/html"]
    assert "text/latex" in shown[-1]
    plots = [o["data"] for o in outputs["plots"] if "data" in o]
    assert any("image/png" in d or "image/svg+xml" in d for d in plots)
    last = [o for o in outputs["cell-12"] if o.get("output_type") == "execute_result"]
    assert last[-1]["data"]["text/plain"] == "'all good'"


def test_docstring_examples():
    for module in [onag, onag.coins, onag.games, onag.wythoff, onag._errors, onag._heaps,
                   onag._render, onag.plot]:
        failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failures == 0, module.__name__
        assert tried > 0, module.__name__
