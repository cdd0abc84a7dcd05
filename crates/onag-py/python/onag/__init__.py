"""onag: exact combinatorial game theory from the onag Rust engine.

Nimbers and coin-turning games, Wythoff's game, short partizan games (canonical forms,
thermographs) and Toads and Frogs, with Python types: ``fractions.Fraction`` for exact
dyadic values, NumPy arrays for tables when NumPy is installed, and notebook views.

>>> import onag
>>> print(onag.Nimber(5) * onag.Nimber(51))
*255
>>> g = onag.game("{5 | {3|-3}, 1*}")
>>> g.canonical, g.outcome, str(g.mean), str(g.temperature)
('{5|+-3,1*}', 'L', '3', '2')
>>> onag.toads("T3.2F3").value == onag.game("+-1/8")
True
>>> onag.wythoff.g(3, 5)
0
>>> onag.coins.values("ruler", 9)
[0, 1, 2, 1, 4, 1, 2, 1, 8]
>>> onag.games.domineering("..|..").canonical
'+-1'

A game of your own: positions are hashable objects whose class says the moves
(``left_options()`` / ``right_options()``, or ``options()`` for an impartial game, and
optionally ``components()``); :func:`canonical` and :func:`grundy` solve them exactly.

>>> class Strip:   # n tokens: Left takes 1, Right takes 1 or 2
...     def __init__(self, n): self.n = n
...     def __hash__(self): return self.n
...     def __eq__(self, other): return self.n == other.n
...     def left_options(self): return [Strip(self.n - 1)] if self.n else []
...     def right_options(self): return [Strip(self.n - t) for t in (1, 2) if t <= self.n]
>>> onag.canonical(Strip(2)).unicode     # {* | 0, *}: Right's * reverses out
'↓'
>>> class Nim:     # one heap
...     def __init__(self, n): self.n = n
...     def __hash__(self): return self.n
...     def __eq__(self, other): return self.n == other.n
...     def options(self): return [Nim(k) for k in range(self.n)]
>>> onag.grundy(Nim(5)), onag.canonical(Nim(3)) == onag.game("*3")
(5, True)
>>> onag.heaps("0.137").period()["analysis"]["proof"]["period"]
34

Long computations (``wythoff.periods``, ``toads_family``, ``coins.solve``, ``heaps(…).values``
and ``.period``) run with the
interpreter's lock released, report progress to an optional ``progress(done, total)``
callback and stop on Ctrl-C (``KeyboardInterrupt``). Bad input raises ``ValueError`` with the
engine's message (``onag.ParseError``, a ``ValueError``, for game notation, with ``.position``).
"""

from fractions import Fraction
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from . import _onag
from ._errors import ParseError
from ._report import Report
from ._onag import (Game, Nimber, Thermograph, canonical, game, grundy, memo_clear, memo_usage,
                    misere)

__version__ = _onag.__version__

__all__ = [
    "domineering_regions",
    "Nimber",
    "nim_table",
    "Game",
    "game",
    "loopy",
    "loopy_compare",
    "loopy_value",
    "Thermograph",
    "Toads",
    "toads",
    "toads_family",
    "toads_family_report",
    "wythoff",
    "coins",
    "Heaps",
    "heaps",
    "heap_rulesets",
    "ParseError",
    "games",
    "plot",
    "widgets",
    "canonical",
    "grundy",
    "misere",
    "memo_usage",
    "memo_clear",
    "Report",
    "solve",
    "best_move",
]


def _maybe_numpy(rows: List[List[int]], numpy: Optional[bool], dtype: str) -> Any:
    """Rows as a NumPy array when NumPy is importable (or ``numpy=True``), else lists."""
    if numpy is False:
        return rows
    try:
        import numpy as np
    except ImportError:
        if numpy:
            raise
        return rows
    return np.array(rows, dtype=dtype)


def nim_table(n: int, numpy: Optional[bool] = None) -> Any:
    """The n×n nim-multiplication table (1 ≤ n ≤ 1024): a NumPy ``uint64`` array when NumPy
    is installed (``numpy=False`` forces lists of lists, ``numpy=True`` requires NumPy).

    >>> nim_table(4, numpy=False)
    [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    >>> m = nim_table_info(64).marking
    >>> m.max, m.closed, m.field
    (255, False, 256)
    """
    return _maybe_numpy(nim_table_info(n).cells, numpy, "uint64")


def nim_table_info(n: int) -> Report:
    """The table as the engine reports it (``onag nim table --json``, ``POST /api/nim/table``):
    ``size``, ``cells`` (lists) and ``marking``: ``closed`` (the numbers below n form a
    field), ``max`` (the largest product) and ``field`` (n, or the field it overflows into).
    """
    return Report.of(_onag.nim_table_report(n))


def loopy(text: str) -> Report:
    """The loopy value of a game in the loopy notation (CGSuite's: ``pass``, ``on``, ``off``,
    ``over``, ``under``, ``upon``, ``dud``, ``tis``, ``3/2under``, ``a{0|{1|a}}``, sums), as
    ``onag value --json`` reports it (``docs/loopy.md``): ``value``, ``outcome_text`` (with
    draws), ``stopper``, ``left_stop``/``right_stop`` and ``mean`` (stoppers), ``onside``/
    ``offside`` with ``onside_stops``/``offside_stops`` (games with stopper sides),
    ``temperature``, ``thermograph`` and ``thermograph_note`` (stoppers: the thermograph by
    unrolling, ``docs/loopy.md`` "Temperature of stoppers"), ``reduced`` (stoppers: the reduced
    canonical form, the value modulo infinitesimals) or ``reduced_note`` (why it is absent).

    >>> r = loopy("{pass|3/2}")
    >>> r.value, r.outcome_text, r.stopper, r.left_stop, r.reduced
    ('3/2under', 'L', True, '3/2under', '3/2')
    >>> loopy("upon + 1").value
    '1^[on]'
    >>> d = loopy("on + off")
    >>> d.value, d.stopper, d.onside, d.offside, d.outcome_text
    ('dud', False, 'on', 'off', 'Left first: draw, Right first: draw')
    >>> loopy("on & 0").value  # a sided value: onside & offside
    'on & 0'
    """
    return Report.of(_onag.loopy_report(text))


def loopy_compare(left: str, right: str) -> Report:
    """How two values of the loopy notation (games, or sided values ``G & H``) compare, by their
    sides (Siegel, *Combinatorial Game Theory* ch. VI.4: G ≤ H iff G⁺ ≤ H⁺ and G⁻ ≤ H⁻; for
    stoppers, Left's survival in H − G): ``relation`` (``<``, ``>``, ``=`` or ``||``), ``le``
    (left ≤ right), ``ge``, and both loopy reports ``left`` and ``right``
    (``docs/loopy.md``).

    >>> loopy_compare("over", "1/1024").relation
    '<'
    >>> loopy_compare("tis", "1 & 0").relation
    '='
    >>> loopy_compare("upon", "*").relation
    '||'
    """
    return Report.of(_onag.loopy_compare(left, right))


def loopy_value(position: Any, max_positions: int = 1 << 22) -> Report:
    """A position of a game written in Python whose moves may cycle, solved as a loopy game
    (``docs/loopy.md``). The class gives ``left_options()`` and ``right_options()`` (partizan:
    the report of :func:`loopy` — ``value`` (canonical stopper, sides ``G & H``, ``dud``, …),
    ``outcome_text`` with draws, stops) or ``options()`` (impartial: Smith's loopy nim-value,
    ``value`` ``'3'``, ``'∞'`` or ``'∞{0,1}'``, ``outcome`` ``P``/``N``/``D`` (a draw),
    ``moves`` with their ``move_values`` and the ``best`` move, winning or drawing). ``kind``
    says which. Every reachable position is explored (at most ``max_positions``;
    ``components()`` is not used); Ctrl-C stops it.

    >>> class Cycle:   # impartial: from i move to i + 1 (mod 3), or from 1 to the end
    ...     def __init__(self, i): self.i = i
    ...     def __hash__(self): return self.i
    ...     def __eq__(self, o): return self.i == o.i
    ...     def __repr__(self): return f"Cycle({self.i})"
    ...     def options(self):
    ...         if self.i == 3: return []
    ...         return [Cycle((self.i + 1) % 3)] + ([Cycle(3)] if self.i == 1 else [])
    >>> r = loopy_value(Cycle(1))   # the cycle reverses out: every value is finite
    >>> r.kind, r.value, r.outcome, r.best, r.moves, r.move_values
    ('impartial', '2', 'N', 'Cycle(3)', ['Cycle(2)', 'Cycle(3)'], ['1', '0'])
    >>> loopy_value(Cycle(0)).outcome    # its one move gives the opponent the win
    'P'
    >>> class Pass:    # partizan: Left may pass for ever, Right has no move: on
    ...     def __hash__(self): return 0
    ...     def __eq__(self, o): return isinstance(o, Pass)
    ...     def left_options(self): return [self]
    ...     def right_options(self): return []
    >>> loopy_value(Pass()).value
    'on'
    """
    return Report.of(_onag.loopy_solve(position, max_positions))


class Toads:
    """A Toads-and-Frogs board and everything about it (see :func:`toads`): the engine's
    board report, the one ``onag toads value --json`` prints and ``POST /api/toads/analyze``
    answers, with Python types.

    Attributes, as in the report: ``board`` (one character per square), ``notation``,
    ``length``, ``value`` (a :class:`Game`), ``value_ascii``, ``outcome``, ``outcome_words``,
    ``mean`` and ``temperature`` (``Fraction``), ``reduced`` (``integer`` and ``parts``, each
    part with ``board``, ``value``, ``value_ascii``), ``atomic_weight``,
    ``reduced_canonical_form``, ``thermograph`` (with ``left_stop``, ``right_stop``), ``moves``
    (every legal move of both players: ``player``, ``from``, ``to``, ``board``, ``squares``,
    ``value`` — a :class:`Game` here —, ``mean``, ``temperature``, ``winning``) and
    ``computer`` (``left`` / ``right``: the index of the computer's move in ``moves``).
    ``report`` is the report itself (values as text). Shortcuts: ``integer``, ``parts``
    (``(board, Game)`` pairs), ``left_stop``, ``right_stop``, ``left_move``, ``right_move``.
    """

    def __init__(self, report: Report, value: Game, parts: List[Game], moves: List[Game]):
        self.report = report
        self.board: str = report.board
        self.notation: str = report.notation
        self.length: int = report.length
        self.value: Game = value
        self.value_ascii: str = report.value_ascii
        self.outcome: str = report.outcome
        self.outcome_words: str = report.outcome_words
        self.mean: Fraction = Fraction(report.mean)
        self.temperature: Fraction = Fraction(report.temperature)
        self.reduced: Report = report.reduced
        self.atomic_weight: Optional[str] = report.atomic_weight
        self.reduced_canonical_form: str = report.reduced_canonical_form
        self.thermograph: Report = report.thermograph
        self.moves: List[Report] = [
            Report({**m, "value": g, "mean": Fraction(m.mean),
                    "temperature": Fraction(m.temperature)})
            for m, g in zip(report.moves, moves)
        ]
        self.computer: Report = report.computer
        self.integer: int = report.reduced.integer
        self.parts: List[Tuple[str, Game]] = [
            (p.board, g) for p, g in zip(report.reduced.parts, parts)]
        self.left_stop: Fraction = Fraction(report.thermograph.left_stop)
        self.right_stop: Fraction = Fraction(report.thermograph.right_stop)

    @property
    def left_move(self) -> Optional[Report]:
        """The computer's move for Left (a winning move if there is one, the best mean among
        those), ``None`` when Left cannot move."""
        i = self.computer.left
        return None if i is None else self.moves[i]

    @property
    def right_move(self) -> Optional[Report]:
        """The computer's move for Right, ``None`` when Right cannot move."""
        i = self.computer.right
        return None if i is None else self.moves[i]

    @property
    def canonical(self) -> str:
        """The value's canonical form (ASCII)."""
        return self.value.canonical

    @property
    def reduced_form(self) -> str:
        """The reduced form "integer + [part = value] + …"."""
        text = str(self.integer)
        for board, value in self.parts:
            text += f" + [{board} = {value.canonical}]"
        return text

    def __repr__(self) -> str:
        return f"toads({self.board!r})  # = {self.value.canonical}"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{m.player}</td><td>{m['from']}→{m.to}</td>"
            f"<td><code>{m.board}</code></td><td><code>{m.value.canonical}</code></td>"
            f"<td>{'✓' if m.winning else '✗'}</td></tr>"
            for m in self.moves
        )
        return (
            f"<div class='onag-toads'><p><code>{self.board}</code> = "
            f"<code>{self.value.unicode}</code>, outcome {self.outcome}, mean {self.mean}, "
            f"temperature {self.temperature}; reduced {self.reduced_form}</p>"
            f"<table><tr><th>who</th><th>move</th><th>board</th><th>value after</th>"
            f"<th>wins</th></tr>{rows}</table>"
            f"{self.value._repr_svg_()}</div>"
        )


def toads(board: str, force: bool = False) -> Toads:
    """The exact value of a Toads-and-Frogs board (``TTT..FFF``, ``T3.2F3`` or ``T3□2F3``),
    its reduced form and every move with the value after it. A board whose work estimate is
    past the command line's default bound (``onag toads value`` without ``--force``) needs
    ``force=True``.

    >>> t = toads("T.TF.F.6")
    >>> t.canonical, t.mean, t.temperature
    ('{13/2|1}', Fraction(15, 4), Fraction(11, 4))
    >>> toads("TTT..FFF").value == game("+-1/8")
    True
    """
    report, value, parts, moves = _onag.toads_report(board, force)
    return Toads(Report.of(report), value, parts, moves)


def toads_family(
    toads: int,
    frogs: int,
    blanks: Iterable[int],
    progress: Optional[Callable[[int, int], Any]] = None,
    force: bool = False,
) -> Dict[int, Game]:
    """Values of T^toads □^b F^frogs for each b in ``blanks`` (one memo shared across b), as
    ``{b: Game}``. ``progress(done, total)`` is called as boards finish; Ctrl-C stops it. The
    largest board past the command line's default work bound needs ``force=True``.

    >>> fam = toads_family(2, 2, range(1, 8))
    >>> [b for b, g in fam.items() if g == game("*")]
    [1, 2, 3, 4, 7]
    """
    _, values = _onag.toads_family(toads, frogs, [int(b) for b in blanks], progress, force)
    return dict(values)


def toads_family_report(
    toads: int,
    frogs: int,
    blanks: Iterable[int],
    progress: Optional[Callable[[int, int], Any]] = None,
    force: bool = False,
) -> Report:
    """The engine's report of :func:`toads_family`, as ``onag toads family --json`` prints it:
    ``values``, one ``{blanks, canonical}`` per board.

    >>> toads_family_report(2, 2, [1, 5])["values"][1].canonical   # (`.values` is dict's)
    '0'
    """
    report, _ = _onag.toads_family(toads, frogs, [int(b) for b in blanks], progress, force)
    return Report.of(report)


def solve(
    game: str, position: str, max_seconds: Optional[float] = None, threads: int = 1
) -> Report:
    """Who wins ``position`` of the registered game ``game`` (``onag.games.GAMES``), by
    outcome search: no canonical form, so boards far past :func:`onag.games.analyze`'s reach
    are answered (``onag solve GAME POSITION --json`` prints the same fields).

    The report's ``proven`` is ``True`` when the search finished: then ``outcome`` (``"L"``,
    ``"R"``, ``"P"``: the second player wins, ``"N"``: the first), ``outcome_words``,
    ``left_first_wins`` and ``right_first_wins``, a winning move for each player who wins
    moving first (``left_move``, ``right_move``: the game's move label) with the position
    after it (``left_after``, ``right_after``), and the ``nodes`` searched. Past
    ``max_seconds`` (``None``: no limit; Ctrl-C stops the search either way) ``proven`` is
    ``False`` and ``unproven`` says how far it got (``nodes``, ``max_seconds``, ``message``).
    Bad notation raises :class:`onag.ParseError`, an unknown game ``ValueError``.
    Domineering, Clobber and Konane search on ``threads`` threads (1 to 256) sharing one
    table: the same answers, sooner on several cores (node counts then vary from run to run).

    >>> r = solve("domineering", "....|....|....|....")   # 4×4: the first player wins
    >>> r.proven, r.outcome, r.left_first_wins, r.right_first_wins
    (True, 'N', True, True)
    >>> solve("domineering", r.left_after).right_first_wins   # Left's move wins for her
    False
    >>> big = solve("domineering", "|".join(["........"] * 8), max_seconds=0.2)
    >>> big.proven, big.outcome, big.unproven.message.startswith("not proven within")
    (False, None, True)
    """
    r = Report.of(_onag.outcome_solve(game, position, max_seconds, threads))
    # Every field reads as an attribute either way: None where the search has no answer.
    for field in ("outcome", "left_first_wins", "right_first_wins", "left_move", "left_after",
                  "right_move", "right_after", "unproven"):
        r.setdefault(field, None)
    return r


def domineering_regions(
    max_cells: int, progress: Optional[Callable[[int, int], Any]] = None
) -> Report:
    """Every single-region Domineering position (a polyomino of empty squares) of 1 to
    ``max_cells`` squares (at most 20) in canonical form, one class per shape under the
    square's eight symmetries (``onag solve domineering --regions N --json`` prints the same
    fields): ``sizes``, a row per size (``fixed`` regions, ``classes``, ``distinct_values``,
    ``numbers``, ``infinitesimals``, ``largest_nimber``, ``largest_up_multiple``, ``hot``,
    ``max_temperature`` and the ``hottest`` regions with their values), ``distinct_values``
    and ``tiny_names``. ``progress(size, max_cells)`` is called as each size finishes; Ctrl-C
    stops it. Sizes past 15 take minutes and gigabytes.

    >>> r = domineering_regions(6)
    >>> [row["classes"] for row in r.sizes]      # free polyominoes, OEIS A000105
    [1, 1, 2, 5, 12, 35]
    >>> r.sizes[3]["max_temperature"], r.sizes[3]["hottest"]   # the 2×2 square
    ('1', [['..|..', '+-1']])
    """
    return Report.of(_onag.domineering_regions(max_cells, progress))


def best_move(game: str, position: str, player: str, seconds: float = 2.0) -> Report:
    """The strong computer's move for ``player`` (``"left"`` or ``"right"``) in ``position``
    of the registered game ``game``, by iterative-deepening alpha-beta on the outcome search's
    sums within ``seconds`` (``onag solve GAME POSITION --computer PLAYER --seconds S --json``
    prints the same fields): ``moves`` (each ``label``, ``position`` after it and ``winning``:
    ``True``/``False`` where proven, ``None`` where not), the chosen ``index``, ``proven`` and
    ``mover_wins`` (whether the player to move wins with perfect play, when proven), the
    ``depth`` of the deepest completed iteration and the ``nodes``.

    >>> r = best_move("domineering", "....|....|....|....", "left")   # 4×4: proven
    >>> r.proven, r.mover_wins, r.moves[r.index]["winning"]
    (True, True, True)
    >>> big = best_move("domineering", "|".join(["........"] * 8), "left", seconds=0.3)
    >>> big.proven, big.mover_wins, big.depth >= 1
    (False, None, True)
    """
    return Report.of(_onag.strong_move(game, position, player, seconds))


from . import coins, games, plot, widgets, wythoff  # noqa: E402  (submodules use the names above)
from ._heaps import Heaps, heap_rulesets, heaps  # noqa: E402
