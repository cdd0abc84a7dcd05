"""Heap games: take-and-break codes (octal and hexadecimal), Grundy's game and subtraction games.

``heaps(ruleset)`` takes a code (``"0.137"``, ``"4.07"``, ``"0.f"``), a name (``"kayles"``,
``"dawsons-chess"``, ``"grundy"``, …), ``"S(1,3,4)"`` or ``"all-but(2)"``. Its reports are the
engine's, with the same field names as ``onag heaps … --json`` and the HTTP API, as
:class:`onag.Report` objects (fields as keys and as attributes).

>>> from onag import heaps
>>> k = heaps("kayles")
>>> k.ruleset, k.name
('0.77', 'kayles')
>>> list(k.values(12, numpy=False))
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> p = k.period().analysis.proof
>>> p.preperiod, p.period
(71, 12)
>>> pos = heaps("0.137").position([5, 8, 11])
>>> pos["nim_sum"], pos["computer"]["text"]
(1, 'heap 1: take 2, leave 3')
"""

import json
from typing import Any, Callable, Dict, List, Optional, Sequence

from . import _onag
from ._report import Report

__all__ = ["Heaps", "heaps", "heap_rulesets"]

Progress = Optional[Callable[[int, int], Any]]


def _array(raw: bytes, numpy: Optional[bool]) -> Any:
    """Little-endian u32 bytes as a NumPy ``uint32`` array when NumPy is importable (or
    ``numpy=True``), else a list."""
    if numpy is not False:
        try:
            import numpy as np
        except ImportError:
            if numpy:
                raise
        else:
            return np.frombuffer(raw, dtype="<u4").astype("uint32")
    import array
    import sys

    values = array.array("I", raw)
    if sys.byteorder == "big":
        values.byteswap()
    return values.tolist()


class Heaps:
    """A heap game (see :func:`heaps`): its nim sequence, its period and positions of several
    heaps.

    Attributes: ``ruleset`` (the ruleset printed: ``"0.77"``, ``"grundy"``, ``"S(1,3,4)"``),
    ``name`` (the classic name or ``None``) and ``theorem`` (whether the periodicity theorem
    of Guy and Smith applies, so that a period can be proven).
    """

    def __init__(self, ruleset: str):
        self.ruleset, self.name, self.theorem = _onag.heaps_ruleset(ruleset)

    def values(self, n: int, numpy: Optional[bool] = None) -> Any:
        """``G(0), …, G(n − 1)`` by the fast (sparse-space) engine: a NumPy ``uint32`` array
        when NumPy is installed (``numpy=False`` forces a list). Runs with the interpreter's
        lock released; Ctrl-C stops it."""
        raw, _ = _onag.heaps_values(self.ruleset, int(n))
        return _array(raw, numpy)

    def sequence(self, n: int, numpy: Optional[bool] = None) -> Report:
        """The values report: ``ruleset``, ``name``, ``values`` (as :meth:`values`),
        ``largest_value``, ``rare`` (``mask``, ``count``, ``last``) and ``rare_heaps`` (each
        ``heap``, ``value``)."""
        raw, report = _onag.heaps_values(self.ruleset, int(n))
        out = Report.of(json.loads(report))
        out["values"] = _array(raw, numpy)  # read as out["values"] (`.values` is dict's)
        return out

    def genera(self, n: int, max_forms: Optional[int] = None) -> Report:
        """Misère play: the genus of heaps ``0 … n − 1`` (Conway, *On Numbers and Games*,
        ch. 12): ``ruleset``, ``name``, ``heaps`` (each ``heap``, ``genus``, ``tame_genus``,
        ``misere_grundy``, ``phylum``, ``birthday``), ``first_wild`` and ``forms``, creating
        at most ``max_forms`` misère canonical forms.

        >>> [h["genus"] for h in heaps("kayles").genera(4)["heaps"]]
        ['0^120', '1^031', '2^20', '3^31']
        """
        raw = (_onag.heaps_genera(self.ruleset, int(n)) if max_forms is None
               else _onag.heaps_genera(self.ruleset, int(n), int(max_forms)))
        return Report.of(json.loads(raw))

    def period(self, max_n: int = 1 << 20, progress: Progress = None) -> Report:
        """The period search up to ``max_n`` heaps: ``ruleset``, ``name``, ``max_n``,
        ``theorem``, ``analysis`` (``status``: ``"periodic"`` — proven, with ``proof``
        {``preperiod``, ``period``, ``certificate``} —, ``"arithmetic"`` — observed, with
        ``arithmetic`` {``preperiod``, ``period``, ``saltus``} — or ``"unsolved"``;
        ``computed_to``, ``largest_value``, ``rare``, ``fingerprint``, …), ``rare_heaps``.
        ``progress(computed, max_n)`` is called about 20 times a second; Ctrl-C stops it."""
        return Report.of(json.loads(_onag.heaps_period(self.ruleset, int(max_n), progress)))

    def position(
        self,
        heaps: Sequence[int],
        strategy: str = "perfect",
        level: Optional[int] = None,
        seed: Optional[int] = None,
        misere: bool = False,
    ) -> Report:
        """A sum of heaps: ``heaps`` (each ``size`` and ``value``), ``nim_sum``,
        ``to_move_wins``, ``moves`` (every legal move: ``heap``, ``take``, ``leave``,
        ``heaps_after``, ``nim_sum_after``, ``winning``, ``text``), ``winning_moves`` and
        ``computer`` (its move by ``strategy``: ``"perfect"`` — a winning move if any, else
        the fewest tokens —, ``"random"`` from ``seed``, or ``"skill"``: perfect with
        probability ``level``/100). Bounds as the web app's (``onag_api::limits``).

        With ``misere=True``, misère play, exact: ``heaps``, ``method`` (``kind``:
        ``"genus"`` — by misère canonical forms — or, for wild positions whose forms grow past
        the bound, ``"quotient"`` with ``max_heap``, ``order``, ``p_size``: the misère quotient
        Q_n of Plambeck and Siegel), ``genera``, ``genus`` and ``misere_grundy`` (``None``
        under a quotient), ``image`` (the quotient's element), ``outcome``, ``moves``
        (``text``, ``heaps_after``, ``winning``, ``genus_after`` or ``image_after``),
        ``winning_move`` and ``computer``.

        >>> heaps("kayles").position([40, 37, 29], misere=True)["method"]["order"]
        40

        >>> heaps("nim").position([1, 1], misere=True)["outcome"]
        'N'
        """
        return Report.of(json.loads(
            _onag.heaps_position(self.ruleset, [int(h) for h in heaps], strategy, level, seed,
                                 misere)
        ))

    def moves(self, heaps: Sequence[int], misere: bool = False) -> List[Dict[str, Any]]:
        """Every legal move of the position, with its ✓ (``winning``; under misère play with
        ``misere=True``) and, in normal play, the nim-sum after."""
        return self.position(heaps, misere=misere)["moves"]

    def computer_move(
        self,
        heaps: Sequence[int],
        strategy: str = "perfect",
        level: Optional[int] = None,
        seed: Optional[int] = None,
        misere: bool = False,
    ) -> Optional[Dict[str, Any]]:
        """The computer's move in the position (``None`` when no move is left), misère-perfect
        with ``misere=True``."""
        return self.position(heaps, strategy, level, seed, misere)["computer"]

    def widget(self, heaps: Sequence[int] = (3, 5, 7), misere: bool = False) -> Any:
        """A live board of heaps of these sizes (:func:`onag.widgets.heaps`): edit the heaps,
        play for either side, undo; ``misere=True`` for misère play. Needs the ``[notebook]``
        extra (anywidget)."""
        from .widgets import heaps as heaps_widget

        return heaps_widget(self.ruleset, heaps, misere)

    def __repr__(self) -> str:
        return f"heaps({self.ruleset!r})" + (f"  # {self.name}" if self.name else "")


def heaps(ruleset: str) -> Heaps:
    """The heap game of ``ruleset`` (bad text raises :class:`onag.ParseError` with
    ``.position``)."""
    return Heaps(ruleset)


def heap_rulesets() -> List[Dict[str, str]]:
    """The named heap games: ``name``, ``code``, ``source``."""
    return [{"name": n, "code": c, "source": s} for n, c, s in _onag.heaps_names()]
