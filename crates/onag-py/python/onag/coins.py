"""Coin-turning games: single-coin values, the full-position solver, lexicodes.

Rulesets: ``twins``, ``ruler``, ``mock-turtles``, ``moebius``, ``mogul``, ``at-most:K``. Twins
and Ruler number their coins from 1 (v(0) is the border, 0); turn-at-most-k from 0.

>>> from onag import coins
>>> coins.values("mock-turtles", 12)
[1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
>>> coins.solve("corners:3x3")["mismatches"]
0
>>> r = coins.lexicode(16, 4, compare_game=True)   # the extended Hamming code
>>> r.words, r.min_weight, r.weights[4], r.equals_game_p_positions
(2048, 4, 140, True)
>>> coins.lexicode_words(7, 3)[:4]
[0, 7, 25, 30]
"""

from typing import Any, Callable, List, Optional

from . import _onag
from ._report import Report

__all__ = ["values", "values_report", "first_coin", "solve", "lexicode", "lexicode_words"]


def values(rule: str, n: int) -> List[int]:
    """v(0), …, v(n − 1) of a ruleset (n ≤ 4096): the ``values`` of :func:`values_report`."""
    return values_report(rule, n)["values"]  # (`.values` is the dict method)


def values_report(rule: str, n: int) -> Report:
    """The engine's report of :func:`values`, as ``onag coins values RULE --count N --json``
    prints it: ``rule``, ``first_coin``, ``values``."""
    return Report.of(_onag.coin_values(rule, n))


def first_coin(rule: str) -> int:
    """The index of a ruleset's first coin (1 for Twins and Ruler, 0 otherwise)."""
    return _onag.coin_values(rule, 0)["first_coin"]


def solve(
    board: str, progress: Optional[Callable[[int, int], Any]] = None, force: bool = False
) -> Report:
    """Every position of a board (``corners:RxC``, ``rugs:RxC``, ``RULE:N``,
    ``RULE1*RULE2:RxC``; at most 30 coins) by mex, with no XOR assumption, compared with the
    XOR of single-coin values, as ``onag coins solve --json`` reports it: ``board``,
    ``positions``, ``p_positions``, ``mismatches``, ``max_value``, ``seconds``.
    ``progress(done, total)`` reports positions solved; Ctrl-C stops it. A board past the
    command line's default work bound (``onag coins solve`` without ``--force``: about ten
    minutes) needs ``force=True``.
    """
    return Report.of(_onag.coins_solve(board, progress, force))


def lexicode(n: int, d: int, compare_game: bool = False) -> Report:
    """lexicode(n, d) as ``onag coins lexicode N D --json`` reports it: ``n``, ``d``, ``words``
    (how many), ``min_weight``, ``weights`` (the weight distribution, index = weight); with
    ``compare_game`` also ``game`` (turn at most D−1 coins: ``at-most:K``, or its name
    such as ``moebius``) and ``equals_game_p_positions``
    (Conway–Sloane: always true). n ≤ 28; the work is bounded as on the command line.
    """
    return Report.of(_onag.coins_lexicode(n, d, compare_game))


def lexicode_words(n: int, d: int) -> List[int]:
    """The code words of lexicode(n, d) in increasing order, as integers (bit i = coin i);
    the bounds of :func:`lexicode`."""
    return _onag.coins_lexicode_words(n, d)
