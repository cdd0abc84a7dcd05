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

Impartial games also play misère (the player who cannot move wins): ``misere=True`` gives the
:class:`MisereReport` — ``outcome``, ``misere_grundy``, ``genus``, ``form`` (the misère
canonical form in CGSuite's notation), ``phylum``, ``moves`` (each ``label``, ``position``,
``misere_grundy``, ``winning``) and ``winning_move`` (Conway, *On Numbers and Games*, ch. 12):

>>> r = games.cram("..|..", misere=True)
>>> r.outcome, r.genus, r.form, r.winning_move
('N', '0^120', '*[0]', '(1,1)-(2,1)')

Games of your own are classes whose positions say their moves; see :func:`onag.canonical`,
:func:`onag.grundy` and :func:`onag.misere`.
"""

from typing import Any, Callable, Dict, List, Optional, Union

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


class MisereReport(Report):
    """A misère report (see the module documentation): a ``dict`` that also reads its fields
    as attributes."""

    def __repr__(self) -> str:
        return f"<{self['game']} {self['position']!r} misère {self['outcome']} {self['genus']}>"


#: The registry: one dict per game (``name``, ``title``, ``family``, ``kind``, ``example``,
#: ``notation``, ``rules``).
GAMES: List[Dict[str, Any]] = Report.of(_onag.game_list())


def analyze(
    name: str, position: str, misere: bool = False, max_forms: Optional[int] = None
) -> Union[GameReport, MisereReport]:
    """The report of ``position`` (the game's notation) in the registered game ``name``.
    Bad notation raises :class:`onag.ParseError` (with ``.position``); Ctrl-C stops it.

    With ``misere=True`` (impartial games): the :class:`MisereReport`, creating at most
    ``max_forms`` misère canonical forms (``ValueError`` beyond; a partizan game too).

    >>> analyze("wythoff", "8:1,2").outcome, analyze("wythoff", "8:1,2", misere=True).outcome
    ('P', 'N')
    """
    if misere:
        raw = (_onag.game_analyze_misere(name, position) if max_forms is None
               else _onag.game_analyze_misere(name, position, int(max_forms)))
        return MisereReport(Report.of(raw))
    return GameReport(Report.of(_onag.game_analyze(name, position)))


def _function(info: Dict[str, Any]) -> Callable[..., Union[GameReport, MisereReport]]:
    """The function of one registered game: its report of a position, documented by the
    registry's title, rules and notation."""
    name = info["name"]

    def report(position: str, misere: bool = False,
               max_forms: Optional[int] = None) -> Union[GameReport, MisereReport]:
        return analyze(name, position, misere, max_forms)

    report.__name__ = report.__qualname__ = name.replace("-", "_")
    report.__doc__ = (
        f"{info['title']}: {info['rules']}\n\nNotation: {info['notation']} "
        f"(example ``{info['example']}``). The report of ``analyze({name!r}, position)``"
        + (" (``misere=True``: misère play)." if info["kind"] == "impartial" else ".")
    )
    return report


# One function per registered game, named after it (``turning-corners`` → ``turning_corners``):
# a game added to the engine's registry is here without a line of Python.
for _info in GAMES:
    globals()[_info["name"].replace("-", "_")] = _function(_info)
__all__ = ["GameReport", "MisereReport", "GAMES", "analyze"] + [g["name"].replace("-", "_") for g in GAMES]
