"""Wythoff's game (Corner the Queen): Grundy values, tables, P-positions, row periods.

>>> from onag import wythoff
>>> wythoff.g(10, 1000000)
1000007
>>> wythoff.table(3, numpy=False)
[[0, 1, 2], [1, 2, 0], [2, 0, 1]]
>>> wythoff.pairs(3)
[(0, 0), (1, 2), (3, 5)]
>>> [(r["row"], r["period"], r["preperiod"]) for r in wythoff.periods(range(3, 5), 4000)]
[(3, 6, 8), (4, 12, 9)]
"""

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from . import _maybe_numpy, _onag
from ._report import Report

__all__ = ["g", "value_report", "table", "table_report", "pairs", "pairs_report", "periods", "periods_report"]


def g(x: int, y: int) -> int:
    """The Grundy value g(x, y) of one queen at (x, y): the ``g`` of :func:`value_report`."""
    return value_report(x, y).g


def value_report(x: int, y: int) -> Report:
    """The engine's report of :func:`g` (``onag wythoff g X Y --json``): ``x``, ``y``, ``g``."""
    return Report.of(_onag.wythoff_g(x, y))


def table(n: int, numpy: Optional[bool] = None) -> Any:
    """The n×n Grundy table by the definition (NumPy ``uint32`` array when available): the
    ``cells`` of :func:`table_report`."""
    return _maybe_numpy(table_report(n).cells, numpy, "uint32")


def table_report(n: int) -> Report:
    """The engine's report of :func:`table` (``onag wythoff table N --json``, ``POST
    /api/wythoff/table``): ``size``, ``max``, ``cells``."""
    return Report.of(_onag.wythoff_table(n))


def pairs(n: int) -> List[Tuple[int, int]]:
    """The first n P-positions (⌊kφ⌋, ⌊kφ²⌋), k = 0..n−1, in exact integer arithmetic
    (1 ≤ n ≤ 10^7): the ``pairs`` of :func:`pairs_report`, as tuples."""
    return [tuple(p) for p in pairs_report(n).pairs]


def pairs_report(n: int) -> Report:
    """The engine's report of :func:`pairs` (``onag wythoff pairs N --json``): ``count``, ``pairs``."""
    return Report.of(_onag.wythoff_pairs(n))


def periods(
    rows: Union[range, Tuple[int, int], int],
    columns: int,
    period_cap: Optional[int] = None,
    threads: int = 1,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> List[Dict[str, Any]]:
    """Periods and preperiods of Wythoff rows, proven by the column sweep.

    ``rows`` is a ``range`` (``range(0, 54)``), an inclusive pair ``(a, b)`` or the top row;
    rows below are swept too (the proofs need them). At most ``columns`` columns are swept; it
    stops once every row is proven. ``period_cap`` is a 3·2^k (default: as the CLI), ``threads``
    1 or 2. ``progress(column, columns)`` is called about 20 times a second; Ctrl-C raises
    ``KeyboardInterrupt`` after stopping the sweep.

    Returns one dict per row, as in ``onag wythoff periods --json``: ``row``, ``period``,
    ``preperiod``, ``proven``, ``proof_column`` (``None`` where unknown) and
    ``minimal_confirmed``; :func:`periods_report` gives the whole report.
    """
    return periods_report(rows, columns, period_cap, threads, progress).rows


def periods_report(
    rows: Union[range, Tuple[int, int], int],
    columns: int,
    period_cap: Optional[int] = None,
    threads: int = 1,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> Report:
    """The engine's report of the sweep :func:`periods` runs (``onag wythoff periods
    --json``): ``rows``, ``columns``, ``columns_swept``, ``period_cap``, ``threads`` and the
    run's times.
    """
    if isinstance(rows, range):
        if rows.step != 1 or len(rows) == 0:
            raise ValueError(f"rows must be a non-empty range with step 1, not {rows}")
        first, top = rows.start, rows.stop - 1
    elif isinstance(rows, tuple):
        first, top = rows
    else:
        first, top = 0, int(rows)
    if first < 0:
        raise ValueError(f"rows must be non-negative, not {first}")
    return Report.of(_onag.wythoff_periods(first, top, columns, period_cap, threads, progress))
