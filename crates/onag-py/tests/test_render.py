"""Notebook views: every `Game` and `Report` renders as HTML (value, outcome, temperature, the
moves with their values, the thermograph inline), values as LaTeX, and `.plot()` draws with
matplotlib when it is installed and as SVG otherwise."""

import xml.dom.minidom
from fractions import Fraction

import pytest

import onag
from onag import game
from onag._render import latex


def well_formed(svg):
    """The SVG parses as XML (a browser would draw it)."""
    xml.dom.minidom.parseString(svg)
    return True


@pytest.mark.parametrize("name, expected", [
    ("0", "0"),
    ("-3/4", r"-\frac{3}{4}"),
    ("*", "{*}"),
    ("*3", "{*}3"),
    ("↑", r"{\uparrow}"),
    ("⇑*", r"{\Uparrow}{*}"),
    ("3·↑", r"3 \cdot {\uparrow}"),
    ("2+4·↓", r"2 + 4 \cdot {\downarrow}"),
    ("-1⇓", r"-1{\Downarrow}"),
    ("±1", r"\pm 1"),
    ("±(1,2)", r"\pm (1, 2)"),
    ("{5|±3,1*}", r"\{5 \mid \pm 3, 1{*}\}"),
    ("tiny-2", r"{\rm tiny}_{2}"),
    ("miny-1/2", r"{\rm miny}_{\frac{1}{2}}"),
    ("tiny-({1|0})", r"{\rm tiny}_{\{1 \mid 0\}}"),
    ("{3|{2|1}}", r"\{3 \mid \{2 \mid 1\}\}"),
])
def test_latex_of_names(name, expected):
    assert latex(name) == expected


@pytest.mark.parametrize("text", ["^", "{5 | {3|-3}, 1*}", "tiny-2", "-3/4", "*5", "2v4"])
def test_game_latex_is_the_unicode_name_in_math_mode(text):
    g = game(text)
    out = g._repr_latex_()
    assert out.startswith("$") and out.endswith("$")
    assert out == f"${latex(g.unicode)}$"


def test_game_html_is_a_table_with_moves_and_the_thermograph():
    g = game("{5 | {3|-3}, 1*}")
    out = g._repr_html_()
    for needle in ["<table", "outcome", "L (Left wins)", "temperature", "<svg", "birthday",
                   "±3", "1*", "Left", "Right"]:
        assert needle in out, needle
    # Every number the table shows is the engine's.
    assert f"<td>{g.mean}</td>" in out and f"<td>{g.temperature}</td>" in out
    assert "atomic weight" not in out  # a hot game has none
    assert "atomic weight" in game("^^*")._repr_html_()


def test_every_registered_game_report_renders():
    for info in onag.games.GAMES:
        r = onag.games.analyze(info["name"], info["example"])
        out = r._repr_html_()
        assert "<table" in out and r["value"] in out.replace("&#x27;", "'"), info["name"]
        assert "<svg" in out, info["name"]
        # The moves with their values and ✓/✗.
        for m in r.moves[:5]:
            assert m.label.replace("&", "&amp;").replace("<", "&lt;") in out.replace(
                "&#x27;", "'"), info["name"]
        assert r._repr_latex_().startswith("$"), info["name"]


def test_value_report_renders_and_plots():
    r = game("{1 | {1/2 | 0}}").report()
    assert "<svg" in r._repr_html_() and "temperature" in r._repr_html_()
    svg = r.plot(backend="svg")
    assert svg == r.thermograph.svg and svg._repr_svg_() == svg


def test_other_reports_render_as_tables_of_their_fields():
    r = onag.nim_table_info(8)
    out = r._repr_html_()
    assert "<table" in out and "marking" in out and "closed" in out
    assert r._repr_latex_() is None
    seq = onag.heaps("0.137").sequence(200, numpy=False)
    out = seq._repr_html_()
    assert "rare" in out and "<svg" in out and "<circle" in out
    pos = onag.heaps("kayles").position([3, 5])
    assert "nim_sum" in pos._repr_html_() and "✓" in pos._repr_html_()


def test_plots_as_svg_without_matplotlib():
    seq = onag.heaps("0.137").sequence(300, numpy=False)
    svg = seq.plot(backend="svg")
    assert well_formed(svg)
    rare = [h["heap"] for h in seq["rare_heaps"] if h["heap"] < 300]
    assert rare, "0.137 has rare values below 300"
    assert svg.count("(rare)") == len(rare)
    assert svg.count("<circle") == 300

    table = onag.wythoff.table_report(12)
    svg = table.plot(backend="svg")
    assert well_formed(svg) and svg.count("<rect") == 1 + 12 * 12
    assert "(3, 5): 0" in svg  # a P-position: g(3, 5) = 0

    svg = onag.plot.wythoff_row(2, 40, backend="svg")
    assert well_formed(svg) and svg.count("<circle") == 40

    rows = onag.wythoff.periods(range(0, 4), 2000)
    svg = onag.plot.periods(rows, backend="svg")
    assert well_formed(svg) and "row 3: period 6" in svg

    g = game("{5|1}")
    assert g.plot(backend="svg") == g.thermograph().svg()
    with pytest.raises(ValueError, match="nothing to plot"):
        onag.wythoff.pairs_report(3).plot()
    with pytest.raises(ValueError, match="backend"):
        g.plot(backend="png")


def test_plots_with_matplotlib():
    matplotlib = pytest.importorskip("matplotlib", reason="matplotlib not installed "
                                     "(pip install 'onag[notebook]')")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    g = game("{5 | {3|-3}, 1*}")
    ax = g.plot()
    assert ax.xaxis_inverted()  # Left's side on the left, as in the literature
    lines = {line.get_label(): line for line in ax.get_lines()}
    mast = lines["mast"].get_xdata()
    assert list(mast) == [float(g.mean)] * 2
    left = lines["Left wall"]
    assert left.get_xdata()[0] == float(g.left_stop) and left.get_ydata()[0] == 0

    fig, axes = plt.subplots(1, 3)
    assert onag.heaps("0.137").sequence(300, numpy=False).plot(ax=axes[0]) is axes[0]
    assert onag.wythoff.table_report(16).plot(ax=axes[1]) is axes[1]
    assert axes[1].images[0].get_array().shape == (16, 16)
    assert onag.plot.wythoff_row(3, 100, ax=axes[2]) is axes[2]
    plt.close("all")


def test_thermograph_plot_takes_a_report_or_a_thermograph():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    g = game("{1 | {1/2 | 0}}")
    for source in [g, g.thermograph(), g.report(), onag.games.domineering("..|..")]:
        ax = onag.plot.thermograph(source)
        assert "temperature" in ax.get_title()
    assert Fraction(onag.games.domineering("..|..").temperature) == 1
