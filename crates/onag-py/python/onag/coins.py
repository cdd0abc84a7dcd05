"""Coin-turning games: single-coin values, the full-position solver, lexicodes.

Rulesets: ``twins``, ``ruler``, ``mock-turtles``, ``moebius``, ``mogul``, ``at-most:K``. Twins
and Ruler number their coins from 1 (v(0) is the border, 0); turn-at-most-k from 0.

>>> from onag import coins
>>> coins.values("mock-turtles", 12)
[1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
>>> coins.solve("corners:3x3")["mismatches"]
0
>>> coins.lexicode(16, 4)["weights"][4]
140
"""

from typing import Any, Callable, Dict, List, Optional

from . import _onag
from ._report import Report

__all__ = ["values", "solve", "lexicode"]


def values(rule: str, n: int) -> List[int]:
    """v(0), …, v(n − 1) of a ruleset (n ≤ 4096)."""
    return _onag.coin_values(rule, n)["values"]


def first_coin(rule: str) -> int:
    """The index of a ruleset's first coin (1 for Twins and Ruler, 0 otherwise)."""
    return _onag.coin_values(rule, 0)["first_coin"]


def solve(board: str, progress: Optional[Callable[[int, int], Any]] = None) -> Report:
    """Every position of a board (``corners:RxC``, ``rugs:RxC``, ``RULE:N``,
    ``RULE1*RULE2:RxC``; at most 30 coins) by mex, with no XOR assumption, compared with the
    XOR of single-coin values, as ``onag coins solve --json`` reports it: ``board``,
    ``positions``, ``p_positions``, ``mismatches``, ``max_value``, ``seconds``.
    ``progress(done, total)`` reports positions solved; Ctrl-C stops it.
    """
    return Report.of(_onag.coins_solve(board, progress))


def lexicode(n: int, d: int) -> Dict[str, Any]:
    """lexicode(n, d): ``words`` (as integers, bit i = coin i), ``weights`` (the weight
    distribution, index = weight) and ``min_weight``.
    """
    return dict(_onag.coins_lexicode(n, d))
