"""Pictures of games and reports: thermographs, nim sequences with their rare values marked,
Wythoff rows, Grundy tables as heat maps.

Each function draws with matplotlib when it is installed (``pip install 'onag[notebook]'``)
and returns the ``Axes`` (on ``ax`` if given); without matplotlib, or with ``backend="svg"``,
it returns an :class:`SVG` (a ``str`` that notebooks show as a picture). ``Game.plot()`` and
``Report.plot()`` choose the picture for you.

>>> import onag
>>> svg = onag.plot.nim_sequence([0, 1, 2, 3, 1, 4], rare=[4], backend="svg")
>>> svg.startswith("<svg") and svg.count("<circle") == 6
True
>>> onag.plot.heatmap([[0, 1], [1, 0]], backend="svg").count("<rect") >= 4
True
"""

import html
from fractions import Fraction
from typing import Any, List, Optional, Sequence, Tuple

__all__ = ["SVG", "thermograph", "nim_sequence", "heatmap", "wythoff_row", "periods"]

#: The largest table (rows) drawn as SVG cells; larger ones need matplotlib.
SVG_TABLE_MAX = 128
#: The most points of a sequence drawn as SVG (the first ones); matplotlib draws them all.
SVG_POINTS_MAX = 4000


class SVG(str):
    """An SVG drawing: a ``str`` that notebooks display as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


def _matplotlib(backend: Optional[str]) -> Any:
    """``matplotlib.pyplot`` unless ``backend == "svg"`` or matplotlib is missing (then
    ``None``); ``backend == "matplotlib"`` requires it."""
    if backend not in (None, "svg", "matplotlib"):
        raise ValueError(f"backend must be 'matplotlib' or 'svg', not {backend!r}")
    if backend == "svg":
        return None
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        if backend == "matplotlib":
            raise ImportError("matplotlib is not installed: pip install 'onag[notebook]'")
        return None
    return plt


def _axes(plt: Any, ax: Any) -> Any:
    if ax is not None:
        return ax
    _, ax = plt.subplots(figsize=(6, 3.5))
    return ax


def _walls(source: Any) -> Tuple[List[Tuple[Fraction, Fraction]], List[Tuple[Fraction, Fraction]],
                                 Fraction, Fraction, str]:
    """Both walls' breakpoints ``(t, x)``, the mean, the temperature and the SVG of a
    :class:`onag.Game`, a :class:`onag.Thermograph` or a report with a ``thermograph``."""
    if hasattr(source, "thermograph") and callable(source.thermograph):
        source = source.thermograph()
    if hasattr(source, "left_wall"):
        return (list(source.left_wall), list(source.right_wall), source.mean,
                source.temperature, source.svg())
    th = source["thermograph"]
    left = [(Fraction(t), Fraction(x)) for t, x in th["left"]]
    right = [(Fraction(t), Fraction(x)) for t, x in th["right"]]
    return left, right, Fraction(source["mean"]), Fraction(source["temperature"]), th["svg"]


def thermograph(source: Any, ax: Any = None, backend: Optional[str] = None) -> Any:
    """The thermograph of a game (a :class:`onag.Game`, its :class:`onag.Thermograph`, or a
    report with a ``thermograph``): both walls from t = 0 to the temperature and the mast above
    it, x growing to the left as in the literature (Berlekamp, Conway and Guy, *Winning Ways*
    ch. 6). Without matplotlib: the engine's own SVG."""
    left, right, mean, temperature, svg = _walls(source)
    plt = _matplotlib(backend)
    if plt is None:
        return SVG(svg)
    ax = _axes(plt, ax)
    top = max([temperature] + [t for t, _ in left + right])
    mast = max(Fraction(1), top / 2)
    for wall, colour, who in ((left, "tab:blue", "Left wall"), (right, "tab:red", "Right wall")):
        ts = [float(t) for t, _ in wall]
        xs = [float(x) for _, x in wall]
        if wall and wall[-1][0] < temperature:
            ts.append(float(temperature))
            xs.append(float(mean))
        ax.plot(xs, ts, color=colour, label=who)
    base = max(temperature, Fraction(0))
    ax.plot([float(mean)] * 2, [float(base), float(base + mast)], color="black", label="mast")
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("x (Left's side on the left)")
    ax.set_ylabel("t (temperature)")
    if not ax.xaxis_inverted():
        ax.invert_xaxis()
    ax.set_title(f"mean {mean}, temperature {temperature}")
    return ax


def _svg(width: int, height: int, body: str, title: str = "") -> SVG:
    head = f"<title>{html.escape(title)}</title>" if title else ""
    return SVG(
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' font-family='sans-serif' font-size='11'>"
        f"{head}<rect width='{width}' height='{height}' fill='white'/>{body}</svg>"
    )


def nim_sequence(values: Sequence[int], rare: Sequence[int] = (), ax: Any = None,
                 backend: Optional[str] = None, title: str = "G(n)") -> Any:
    """The nim sequence G(0), G(1), … as points, the heaps in ``rare`` (the rare values of
    an octal game: Guy and Smith; *Winning Ways* ch. 4) marked in red."""
    values = [int(v) for v in values]
    rare_set = set(int(h) for h in rare)
    plt = _matplotlib(backend)
    if plt is not None:
        ax = _axes(plt, ax)
        ax.scatter(range(len(values)), values, s=4, color="tab:blue", label="G(n)")
        marked = sorted(h for h in rare_set if h < len(values))
        if marked:
            ax.scatter(marked, [values[h] for h in marked], s=18, color="tab:red",
                       label="rare values")
            ax.legend(loc="upper left")
        ax.set_xlabel("n (heap size)")
        ax.set_ylabel("G(n)")
        ax.set_title(title)
        return ax
    shown = values[:SVG_POINTS_MAX]
    w, h, pad = 640, 240, 30
    top = max(shown + [1])
    n = max(len(shown) - 1, 1)

    def xy(i: int, v: int) -> Tuple[float, float]:
        return pad + (w - 2 * pad) * i / n, h - pad - (h - 2 * pad) * v / top

    dots = []
    for i, v in enumerate(shown):
        x, y = xy(i, v)
        if i in rare_set:
            dots.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='3' fill='#d62728'>"
                        f"<title>G({i}) = {v} (rare)</title></circle>")
        else:
            dots.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='1.5' fill='#1f77b4'/>")
    note = f" (first {len(shown)} of {len(values)})" if len(shown) < len(values) else ""
    axes = (f"<line x1='{pad}' y1='{h - pad}' x2='{w - pad}' y2='{h - pad}' stroke='#888'/>"
            f"<line x1='{pad}' y1='{pad}' x2='{pad}' y2='{h - pad}' stroke='#888'/>"
            f"<text x='{pad}' y='{pad - 8}'>{html.escape(title)}{note}; max {top}</text>"
            f"<text x='{w - pad}' y='{h - 8}' text-anchor='end'>n = {len(shown) - 1}</text>")
    return _svg(w, h, axes + "".join(dots), title)


def _colour(v: int, top: int) -> str:
    """A perceptually ordered colour (dark blue → yellow) for v of 0..top."""
    f = v / top if top else 0.0
    return f"hsl({int(240 - 180 * f)},70%,{int(25 + 50 * f)}%)"


def heatmap(cells: Sequence[Sequence[int]], ax: Any = None, backend: Optional[str] = None,
            title: str = "") -> Any:
    """A table of values (a Grundy table, a nim-multiplication table) as a heat map, row 0 at
    the top: matplotlib's ``imshow`` with a colour bar, or SVG cells (tables up to
    :data:`SVG_TABLE_MAX` rows) with each value in its cell's tooltip."""
    rows = [[int(v) for v in row] for row in cells]
    plt = _matplotlib(backend)
    if plt is not None:
        ax = _axes(plt, ax)
        image = ax.imshow(rows, origin="upper", cmap="viridis", interpolation="nearest")
        ax.figure.colorbar(image, ax=ax)
        ax.set_xlabel("column")
        ax.set_ylabel("row")
        if title:
            ax.set_title(title)
        return ax
    if len(rows) > SVG_TABLE_MAX:
        raise ValueError(f"a {len(rows)}-row table is too large to draw as SVG cells (at most "
                         f"{SVG_TABLE_MAX} rows); install matplotlib: pip install 'onag[notebook]'")
    top = max((max(r) for r in rows if r), default=0)
    size = max(3, min(24, 480 // max(len(rows), 1)))
    body = "".join(
        f"<rect x='{x * size}' y='{y * size}' width='{size}' height='{size}' "
        f"fill='{_colour(v, top)}'><title>({y}, {x}): {v}</title></rect>"
        for y, row in enumerate(rows) for x, v in enumerate(row)
    )
    width = size * max((len(r) for r in rows), default=1)
    return _svg(width, size * len(rows), body, title)


def wythoff_row(row: int, columns: int, ax: Any = None, backend: Optional[str] = None) -> Any:
    """Row ``row`` of Wythoff's Grundy table as g(row, y) − y for y < ``columns``: every row is
    y plus a bounded, eventually additively periodic term (Dress, Flammenkamp and Pink,
    *Additive periodicity of the Sprague-Grundy function of certain Nim games*), so the
    picture shows the preperiod and the period."""
    from . import wythoff

    if columns < 1 or columns > 1 << 16:
        raise ValueError(f"columns must be between 1 and 65536, not {columns}")
    diff = [wythoff.g(row, y) - y for y in range(columns)]
    plt = _matplotlib(backend)
    if plt is not None:
        ax = _axes(plt, ax)
        ax.plot(range(columns), diff, drawstyle="steps-mid", linewidth=0.8)
        ax.set_xlabel("y")
        ax.set_ylabel(f"g({row}, y) − y")
        ax.set_title(f"Wythoff row {row}")
        return ax
    shift = min(diff)
    return nim_sequence([d - shift for d in diff], backend="svg",
                        title=f"g({row}, y) − y {'+ ' + str(-shift) if shift < 0 else ''}")


def periods(rows: Sequence[Any], ax: Any = None, backend: Optional[str] = None) -> Any:
    """The proven periods of Wythoff rows (``wythoff.periods``' rows: ``row``, ``period``,
    ``preperiod``) as bars of period and preperiod per row."""
    rows = [r for r in rows if r.get("period") is not None]
    plt = _matplotlib(backend)
    if plt is not None:
        ax = _axes(plt, ax)
        xs = [r["row"] for r in rows]
        ax.bar(xs, [r["period"] for r in rows], label="period", color="tab:blue")
        ax.bar(xs, [r["preperiod"] for r in rows], label="preperiod", color="tab:orange",
               alpha=0.6)
        ax.set_yscale("log")
        ax.set_xlabel("row")
        ax.legend()
        return ax
    w, h, pad = 640, 240, 30
    top = max([r["period"] for r in rows] + [r["preperiod"] for r in rows] + [1])
    bw = (w - 2 * pad) / max(len(rows), 1)
    body = []
    for i, r in enumerate(rows):
        for key, colour, shrink in (("period", "#1f77b4", 0), ("preperiod", "#ff7f0e", 0.3)):
            bh = (h - 2 * pad) * r[key] / top
            body.append(f"<rect x='{pad + i * bw + bw * shrink / 2:.1f}' y='{h - pad - bh:.1f}' "
                        f"width='{bw * (1 - shrink) * 0.9:.1f}' height='{bh:.1f}' "
                        f"fill='{colour}'><title>row {r['row']}: {key} {r[key]}</title></rect>")
    body.append(f"<text x='{pad}' y='{pad - 8}'>periods (blue) and preperiods (orange) of "
                f"rows {rows[0]['row'] if rows else ''}…; max {top}</text>")
    return _svg(w, h, "".join(body), "Wythoff row periods")
