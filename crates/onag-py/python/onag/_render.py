"""How games and reports look in a notebook: HTML tables, LaTeX values, inline thermographs.

Jupyter (and VS Code, Colab, …) shows an object by the richest of its ``_repr_html_``,
``_repr_latex_`` and ``_repr_svg_``; :class:`onag.Game` and every :class:`onag.Report` answer
with the functions here. Nothing is computed here that the engine does not report: the text of
a value comes from the engine's names, the drawings from its thermographs.

>>> import onag
>>> latex("{5|±3,1*}")
'\\\\{5 \\\\mid \\\\pm 3, 1{*}\\\\}'
>>> latex("2+4·↓"), latex("Tiny(1/4)"), latex("*3")
('2 + 4 \\\\cdot {\\\\downarrow}', '{\\\\rm tiny}_{\\\\frac{1}{4}}', '{*}3')
>>> latex("Miny(Tiny(2))") == latex("miny-tiny-2")
True
"""

import html
import re
from typing import Any, Iterable, List, Optional

_SYMBOLS = {
    "↑": r"{\uparrow}",
    "↓": r"{\downarrow}",
    "⇑": r"{\Uparrow}",
    "⇓": r"{\Downarrow}",
    "±": r"\pm ",
    "·": r" \cdot ",
    "{": r"\{",
    "}": r"\}",
    "+": " + ",
    ",": ", ",
}

_NUMBER = re.compile(r"\d+(?:/\d+)?")


def _operand_end(text: str, i: int) -> int:
    """Where the operand of ``tiny-``/``miny-`` starting at ``i`` ends: a number, a
    parenthesised or braced group, or a further ``tiny-``/``miny-``."""
    if i < len(text) and text[i] in "({":
        close = {"(": ")", "{": "}"}[text[i]]
        depth = 0
        for j in range(i, len(text)):
            if text[j] == text[i]:
                depth += 1
            elif text[j] == close:
                depth -= 1
                if depth == 0:
                    return j + 1
        return len(text)
    if text.startswith(("tiny-", "miny-"), i):
        return _operand_end(text, i + 5)
    m = _NUMBER.match(text, i)
    return m.end() if m else i


def latex(name: str) -> str:
    """LaTeX (math mode, without the dollars) of a value named with the literature's symbols
    (``Game.unicode``): ``\\uparrow``, ``\\pm``, ``\\frac``, ``{*}n``, ``\\{A \\mid B\\}``."""
    out: List[str] = []
    i = 0
    while i < len(name):
        c = name[i]
        m = _NUMBER.match(name, i)
        if m:
            num = m.group(0)
            if "/" in num:
                a, b = num.split("/")
                out.append(rf"\frac{{{a}}}{{{b}}}")
            else:
                out.append(num)
            i = m.end()
        elif name.startswith(("Tiny(", "Miny("), i):
            # the engine's names, as CGSuite prints them: Tiny(x), Miny(x)
            end = _operand_end(name, i + 4)
            out.append(rf"{{\rm {name[i:i + 4].lower()}}}_{{{latex(name[i + 5:end - 1])}}}")
            i = end
        elif name.startswith(("tiny-", "miny-"), i):
            end = _operand_end(name, i + 5)
            word = name[i:i + 4]
            operand = name[i + 5:end]
            if operand.startswith("(") and operand.endswith(")"):
                operand = operand[1:-1]
            out.append(rf"{{\rm {word}}}_{{{latex(operand)}}}")
            i = end
        elif c == "*":
            out.append("{*}")
            i += 1
        elif c == "|":
            j = i
            while j < len(name) and name[j] == "|":
                j += 1
            out.append(r" \mid " if j - i == 1 else r" \parallel " + r"\mid " * (j - i - 2))
            i = j
        elif c == "‖":
            out.append(r" \parallel ")
            i += 1
        else:
            out.append(_SYMBOLS.get(c, c))
            i += 1
    return re.sub(r" +", " ", "".join(out)).strip()


def _esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


_OUTCOMES = {
    "L": "L (Left wins)",
    "R": "R (Right wins)",
    "P": "P (the second player wins)",
    "N": "N (the first player wins)",
}

_STYLE = (
    "<style>.onag-r table{border-collapse:collapse;margin:2px 0}"
    ".onag-r td,.onag-r th{padding:1px 8px;text-align:left;vertical-align:top;"
    "border-bottom:1px solid #8883}.onag-r th{font-weight:600}"
    ".onag-r .onag-th svg{max-width:360px;height:auto}</style>"
)


def _rows(pairs: Iterable[Any]) -> str:
    return "".join(
        f"<tr><th>{_esc(k)}</th><td>{v}</td></tr>" for k, v in pairs if v is not None
    )


def _code(x: Any) -> str:
    return f"<code>{_esc(x)}</code>"


def _panel(table: str, svg: Optional[str], extra: str = "") -> str:
    th = f"<div class='onag-th'>{svg}</div>" if svg else ""
    return (
        f"{_STYLE}<div class='onag-r' style='display:flex;gap:16px;flex-wrap:wrap;"
        f"align-items:flex-start'><div><table>{table}</table>{extra}</div>{th}</div>"
    )


def game_html(g: Any) -> str:
    """A :class:`onag.Game` as HTML: value, outcome, mean, temperature, stops, birthday,
    atomic weight, reduced canonical form, each player's options, and the thermograph."""
    r = g.report(unicode=True)
    options = "".join(
        f"<tr><td>{who}</td><td>{', '.join(_code(o.unicode) for o in opts) or '—'}</td></tr>"
        for who, opts in (("Left", g.left_options), ("Right", g.right_options))
    )
    table = _rows([
        ("value", _code(r.canonical)),
        ("outcome", _esc(_OUTCOMES.get(r.outcome, r.outcome))),
        ("mean", _esc(r.mean)),
        ("temperature", _esc(r.temperature)),
        ("stops", f"{_esc(r.left_stop)} / {_esc(r.right_stop)}"),
        ("birthday", _esc(r.birthday)),
        ("atomic weight", _code(r.atomic_weight) if r.atomic_weight is not None else None),
        ("reduced canonical form", _code(r.reduced_canonical_form)),
    ])
    extra = f"<table><tr><th>moves</th><th>options</th></tr>{options}</table>"
    return _panel(table, r.thermograph.svg, extra)


def game_latex(g: Any) -> str:
    """A :class:`onag.Game`'s value in LaTeX, for notebooks (``$…$``)."""
    return f"${latex(g.unicode)}$"


def game_plot(g: Any, ax: Any = None, backend: Optional[str] = None) -> Any:
    """The thermograph of a :class:`onag.Game`, drawn by :func:`onag.plot.thermograph`."""
    from . import plot

    return plot.thermograph(g, ax=ax, backend=backend)


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _value_html(v: Any, depth: int) -> str:
    """One field's value: scalars as text, SVG inline, lists of objects as tables (the first
    50 rows), long lists of numbers shortened, nested objects as nested tables."""
    if isinstance(v, str) and v.lstrip().startswith("<svg"):
        return f"<div class='onag-th'>{v}</div>"
    if _scalar(v):
        return _esc(v)
    if isinstance(v, dict):
        if depth >= 3:
            return _esc(v)
        return f"<table>{_rows((k, _value_html(x, depth + 1)) for k, x in v.items())}</table>"
    items = list(v) if hasattr(v, "__iter__") else [v]
    if items and all(isinstance(x, dict) for x in items) and depth < 3:
        keys: List[str] = []
        for x in items[:50]:
            keys += [k for k in x if k not in keys and _scalar(x[k])]
        body = "".join(
            "<tr>" + "".join(f"<td>{_cell(x.get(k))}</td>" for k in keys) + "</tr>"
            for x in items[:50]
        )
        more = f"<tr><td colspan='{len(keys)}'>… {len(items) - 50} more</td></tr>" \
            if len(items) > 50 else ""
        head = "".join(f"<th>{_esc(k)}</th>" for k in keys)
        return f"<table><tr>{head}</tr>{body}{more}</table>"
    shown = ", ".join(_esc(x) for x in items[:40])
    return f"[{shown}{', …' if len(items) > 40 else ''}] ({len(items)})"


def _cell(v: Any) -> str:
    if v is True:
        return "✓"
    if v is False:
        return "✗"
    return _esc("" if v is None else v)


def _game_report_html(r: Any) -> str:
    """An analysis of a position (``onag.games.*``, ``Game.report()``, ``onag.toads``'s
    report): the value's table, the moves with their values, the thermograph."""
    value = r.get("value", r.get("canonical"))
    head = []
    if "game" in r and "position" in r:
        head.append(("position", f"{_esc(r['game'])} {_code(r['position'])}"))
    outcome = r.get("outcome_words") or _OUTCOMES.get(r.get("outcome"), r.get("outcome"))
    th = r.get("thermograph") or {}
    table = _rows(head + [
        ("value", _code(value)),
        ("outcome", _esc(outcome) if outcome is not None else None),
        ("grundy", _esc(r["grundy"]) if r.get("grundy") is not None else None),
        ("mean", _esc(r["mean"]) if "mean" in r else None),
        ("temperature", _esc(r["temperature"]) if "temperature" in r else None),
        ("stops", f"{_esc(th.get('left_stop'))} / {_esc(th.get('right_stop'))}"
         if th.get("left_stop") is not None else None),
        ("birthday", _esc(r["birthday"]) if "birthday" in r else None),
        ("atomic weight", _code(r["atomic_weight"]) if r.get("atomic_weight") else None),
        ("reduced canonical form", _code(r["reduced_canonical_form"])
         if r.get("reduced_canonical_form") else None),
        ("remoteness", _esc(r["remoteness"]) if r.get("remoteness") is not None else None),
    ])
    moves = r.get("moves") or []
    extra = ""
    if moves:
        rows = "".join(
            f"<tr><td>{_esc(m.get('player') or '')}</td>"
            f"<td>{_esc(m.get('label', m.get('text', '')))}</td>"
            f"<td>{_code(m.get('value', ''))}</td><td>{_cell(m.get('winning'))}</td></tr>"
            for m in moves[:60]
        )
        more = f"<tr><td colspan='4'>… {len(moves) - 60} more</td></tr>" \
            if len(moves) > 60 else ""
        extra = (f"<table><tr><th>who</th><th>move</th><th>value after</th><th>wins</th></tr>"
                 f"{rows}{more}</table>")
    return _panel(table, th.get("svg"), extra)


def report_html(r: Any) -> str:
    """Any :class:`onag.Report` as HTML: a game's analysis as :func:`game_html` shows a game,
    a nim sequence with its plot, anything else as a table of its fields."""
    if ("canonical" in r or "value" in r) and isinstance(r.get("thermograph"), dict):
        return _game_report_html(r)
    svg = None
    kind = _plot_kind(r)
    if kind in ("sequence", "table"):
        from . import plot

        svg = str(report_plot(r, backend="svg")) if kind == "sequence" or \
            len(r["cells"]) <= plot.SVG_TABLE_MAX else None
    fields = [(k, _value_html(v, 1)) for k, v in r.items()
              if not (kind == "table" and k == "cells")]
    return _panel(_rows(fields), svg)


def report_latex(r: Any) -> Optional[str]:
    """A report's value in LaTeX when it has one (a game's analysis), else ``None`` (the
    notebook then shows the HTML)."""
    name = r.get("canonical")
    if not isinstance(name, str):
        return None
    from ._onag import game

    try:
        return game_latex(game(name))
    except ValueError:
        return None


def _plot_kind(r: Any) -> Optional[str]:
    if isinstance(r.get("thermograph"), dict) and "left" in r["thermograph"]:
        return "thermograph"
    if "cells" in r and isinstance(r["cells"], list):
        return "table"
    if "values" in r and "ruleset" in r:
        return "sequence"
    if "rows" in r and isinstance(r["rows"], list) and r["rows"] and "period" in r["rows"][0]:
        return "periods"
    return None


def report_plot(r: Any, ax: Any = None, backend: Optional[str] = None) -> Any:
    """The picture of a report: a thermograph (an analysis), a heat map (a Grundy or
    nim-product table: ``cells``), a nim sequence with its rare values marked (``values`` of
    a heap game), the periods of Wythoff rows (``rows``)."""
    from . import plot

    kind = _plot_kind(r)
    if kind == "thermograph":
        return plot.thermograph(r, ax=ax, backend=backend)
    if kind == "table":
        return plot.heatmap(r["cells"], ax=ax, backend=backend)
    if kind == "sequence":
        rare = [h["heap"] for h in r.get("rare_heaps") or []]
        return plot.nim_sequence(list(r["values"]), rare=rare, ax=ax, backend=backend,
                                 title=f"G(n) of {r.get('name') or r['ruleset']}")
    if kind == "periods":
        return plot.periods(r["rows"], ax=ax, backend=backend)
    raise ValueError("this report has nothing to plot (a thermograph, a table's cells, a nim "
                     "sequence or Wythoff rows' periods)")
