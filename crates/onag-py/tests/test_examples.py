"""The notebook example (examples/tour.ipynb) runs top to bottom, and the docstring examples
of the Python modules hold."""

import doctest
import json
import pathlib

import onag
import onag.coins
import onag.wythoff
import onag._errors
import onag._heaps

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_tour_notebook_runs_top_to_bottom():
    nb = json.loads((ROOT / "examples" / "tour.ipynb").read_text())
    assert nb["nbformat"] == 4
    namespace = {}
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(cells) >= 6
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        exec(compile(source, f"tour.ipynb cell {i}", "exec"), namespace)
    assert namespace["checks"] == "all good"


def test_docstring_examples():
    for module in [onag, onag.coins, onag.wythoff, onag._errors, onag._heaps]:
        failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failures == 0, module.__name__
        assert tried > 0, module.__name__
