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

from typing import Any, Callable, Dict, List

from . import _onag
from ._onag import Game, game
from ._report import Report



class GameReport(Report):
    """An analysis report (see the module documentation): a ``dict`` of the API's fields that
    also reads them as attributes, nested objects included (``r.thermograph.svg``,
    ``r.moves[0].winning``)."""

    def game_value(self) -> Game:
        """The value as a :class:`onag.Game`, to add, compare and transform with the engine:
        ``+``, ``-``, ``n * g``, ``<=``, ``g.cool(t)``, ``g.heat(t)``, ``g.atomic_weight``, …

        >>> g = analyze("domineering", "..|..").game_value()
        >>> g, g.cool(1), 2 * g
        (game("+-1"), game("*"), game("0"))
        """
        return game(self["canonical"])

    def widget(self) -> Any:
        """A live board of this position (:func:`onag.widgets.board`): edit it, play moves for
        either side, undo; its ``position`` traitlet follows the board. Needs the
        ``[notebook]`` extra (anywidget)."""
        from .widgets import board

        return board(self["game"], self["position"])

    def __repr__(self) -> str:
        return f"<{self['game']} {self['position']!r} = {self['value']}>"


#: The registry: one dict per game (``name``, ``title``, ``family``, ``kind``, ``example``,
#: ``notation``, ``rules``).
GAMES: List[Dict[str, Any]] = Report.of(_onag.game_list())


def analyze(name: str, position: str) -> "GameReport":
    """The report of ``position`` (the game's notation) in the registered game ``name``.
    Bad notation raises :class:`onag.ParseError` (with ``.position``); Ctrl-C stops it."""
    return GameReport(Report.of(_onag.game_analyze(name, position)))


def _function(info: Dict[str, Any]) -> Callable[[str], GameReport]:
    """The function of one registered game: its report of a position, documented by the
    registry's title, rules and notation."""
    name = info["name"]

    def report(position: str) -> GameReport:
        return analyze(name, position)

    report.__name__ = report.__qualname__ = name.replace("-", "_")
    report.__doc__ = (
        f"{info['title']}: {info['rules']}\n\nNotation: {info['notation']} "
        f"(example ``{info['example']}``). The report of ``analyze({name!r}, position)``."
    )
    return report


# One function per registered game, named after it (``turning-corners`` → ``turning_corners``):
# a game added to the engine's registry is here without a line of Python.
for _info in GAMES:
    globals()[_info["name"].replace("-", "_")] = _function(_info)
__all__ = ["GameReport", "GAMES", "analyze"] + [g["name"].replace("-", "_") for g in GAMES]
