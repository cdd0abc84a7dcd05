"""The registered games, and games of your own.

Every game of the engine's registry is one function here taking a position in the game's
notation and returning its :class:`GameReport` — the analysis every face shows (``onag game NAME
POSITION --json``, ``POST /api/game/analyze``, the play pages), with the same field names:
``value``, ``canonical``, ``outcome``, ``mean``, ``temperature``, ``left_stop``, ``right_stop``,
``thermograph``, ``atomic_weight``, ``reduced_canonical_form``, ``components``, ``moves`` (each
with ``player``, ``label``, ``position``, ``value``, ``winning``), ``computer``, ``remoteness``,
``usage``, and ``grundy`` for impartial games.

>>> from onag import games
>>> r = games.domineering("..|..")
>>> r.canonical, r.outcome
('+-1', 'N')
>>> [(m.label, m.value, m.winning) for m in r.moves if m.player == "left"][0][2]
True
>>> games.domineering(".|.").game_value() + games.domineering("..").game_value() == 0
True

Games of your own are classes whose positions say their moves; see :func:`onag.canonical`
and :func:`onag.grundy`.
"""

from typing import Any, Dict, List

from . import _onag
from ._onag import Game, game
from ._report import Report

__all__ = [
    "GameReport",
    "GAMES",
    "analyze",
    "hackenbush",
    "domineering",
    "clobber",
    "konane",
    "snort",
    "col",
    "cram",
    "cutcake",
    "toads",
    "turning_corners",
    "wythoff",
]


class GameReport(Report):
    """An analysis report (see the module documentation): a ``dict`` of the API's fields that
    also reads them as attributes, nested objects included (``r.thermograph.svg``,
    ``r.moves[0].winning``)."""

    def game_value(self) -> Game:
        """The value as a :class:`onag.Game` (to add, compare, cool, …)."""
        return game(self["canonical"])

    def _repr_html_(self) -> str:
        moves = "".join(
            f"<tr><td>{m['player'] or ''}</td><td>{m['label']}</td>"
            f"<td><code>{m['value']}</code></td><td>{'✓' if m['winning'] else '✗'}</td></tr>"
            for m in self["moves"]
        )
        return (
            f"<div class='onag-report'><p>{self['game']} <code>{self['position']}</code> = "
            f"<code>{self['value']}</code>: {self['outcome_words']}; mean {self['mean']}, "
            f"temperature {self['temperature']}</p>"
            f"<table><tr><th>who</th><th>move</th><th>value after</th><th>wins</th></tr>"
            f"{moves}</table>{self['thermograph']['svg']}</div>"
        )

    def __repr__(self) -> str:
        return f"<{self['game']} {self['position']!r} = {self['value']}>"


#: The registry: one dict per game (``name``, ``title``, ``family``, ``kind``, ``example``,
#: ``notation``, ``rules``).
GAMES: List[Dict[str, Any]] = Report.of(_onag.game_list())


def analyze(name: str, position: str) -> "GameReport":
    """The report of ``position`` (the game's notation) in the registered game ``name``.
    Bad notation raises :class:`onag.ParseError` (with ``.position``); Ctrl-C stops it."""
    return GameReport(Report.of(_onag.game_analyze(name, position)))


def hackenbush(position: str) -> GameReport:
    """Hackenbush: blue, red and green edges on a ground; a cut removes what no longer
    reaches the ground (Left cuts blue, Right red, either green)."""
    return analyze("hackenbush", position)


def domineering(position: str) -> GameReport:
    """Domineering (rows joined by ``|``, ``.`` empty, ``#`` filled): Left places vertical
    dominoes, Right horizontal ones."""
    return analyze("domineering", position)


def clobber(position: str) -> GameReport:
    """Clobber (``x`` Left's stones, ``o`` Right's, ``.`` empty): move a stone of yours onto an
    orthogonally adjacent opponent's stone, removing it."""
    return analyze("clobber", position)


def konane(position: str) -> GameReport:
    """Konane (``x`` Left, ``o`` Right, ``.`` empty): jump an adjacent opponent's stone into an
    empty cell, capturing it; more jumps in the same line are one move."""
    return analyze("konane", position)


def snort(position: str) -> GameReport:
    """Snort on a grid: colour an empty cell yours, never next to the opponent's colour."""
    return analyze("snort", position)


def col(position: str) -> GameReport:
    """Col on a grid: colour an empty cell yours, never next to your own colour."""
    return analyze("col", position)


def cram(position: str) -> GameReport:
    """Cram (impartial Domineering): either player places a domino either way."""
    return analyze("cram", position)


def cutcake(position: str) -> GameReport:
    """Cutcake: Left cuts a rectangle of cake vertically along a grid line, Right
    horizontally."""
    return analyze("cutcake", position)


def toads(position: str) -> GameReport:
    """Toads and Frogs through the generic report (``TT..FF``; ``onag.toads`` is the
    specialised solver's, with Erickson's reduced form)."""
    return analyze("toads", position)


def turning_corners(position: str) -> GameReport:
    """Turning Corners (``4x4:2,3 4,4``: the board, then the heads coins, 1-based)."""
    return analyze("turning-corners", position)


def wythoff(position: str) -> GameReport:
    """Wythoff's game with queens (``8:3,5 2,1``: the side, then the queens, 0-based)."""
    return analyze("wythoff", position)
